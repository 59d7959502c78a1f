#!/usr/bin/env bash
# Runs the streams' dynamic race check at scale: `egfuse lower FILE --check --interleavings N`
# on the FILEs given, or on every file the lowering census reads (every committed fixture
# under tests/fixtures and every ../shared/corpus/jax-export module), JOBS at a time.
#
#   tools/interleavings.sh [N] [JOBS] [FILE...]   N interleavings per kernel (default 100), JOBS
#                                                 (default 1), FILEs (default: the census's files)
#
# CHECK_WORK=W in the environment passes `--check-work W`: kernels of up to W element operations
# run (egfuse's default leaves out those past 2^30, such as a Llama layer at 7B widths).
#
# Prints one line per file, `FILE: SECONDS s: <the check's line>`, where the line is the one
# `lower --check` writes (`check: A of B kernels' streams read and write what the sequential
# order does in N random interleavings`, with the kernels past the interpreter's limits named
# as not run), then the totals: files, kernels agreeing, kernels not run, and failures. A
# failure is a file where the check names a kernel (a race, a deadlock, an output that differs,
# a kernel that does not verify), or whose run ends with an exit code above 1 (1 is a module
# with ops left unlowered). The exit code is 0 when there are none.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
n="${1:-100}"
jobs="${2:-1}"
shift $(( $# < 2 ? $# : 2 ))
cargo build --release --quiet
bin="$(mktemp -d)/egfuse"
cp target/release/egfuse "$bin"
out="$(mktemp -d)"

one() {
  local f="$1" bin="$2" n="$3" out="$4" start end code=0 log
  log="$out/$(echo "$f" | tr / _).log"
  start=$(date +%s.%N)
  "$bin" lower "$f" --check --interleavings "$n" ${CHECK_WORK:+--check-work "$CHECK_WORK"} \
    -o /dev/null 2>"$log" || code=$?
  end=$(date +%s.%N)
  local line
  line=$(grep "kernels' streams read and write" "$log" || echo "no interleaving line")
  if [ "$code" -gt 1 ] || grep -q '^check: the streams of kernel @' "$log"; then
    echo "FAIL $f: exit $code: $(grep -E '^check: the streams of kernel @|^error' "$log" | head -n 2 | tr '\n' ' ')"
  fi
  printf '%s: %.1f s: %s\n' "$f" "$(echo "$end - $start" | bc)" "$line"
}
export -f one

files() {
  if [ "$#" -gt 0 ]; then printf '%s\n' "$@"; else
    find tests/fixtures -name '*.mlir' | sort; ls ../shared/corpus/jax-export/*.mlir; fi
}
files "$@" |
  xargs -P "$jobs" -I{} bash -c 'one "$@"' _ {} "$bin" "$n" "$out" | tee "$out/all.txt"

# Sums the first number of every match of the pattern $1 (none sums to 0).
total() { { grep -o "$1" "$out/all.txt" || true; } | awk '{s += $2} END {print s + 0}'; }
files=$({ grep -v '^FAIL' "$out/all.txt" || true; } | wc -l)
agree=$(total 'check: [0-9]* of')
of=$(total 'of [0-9]* kernels')
notrun=$(total '; [0-9]* not run')
fails=$({ grep '^FAIL' "$out/all.txt" || true; } | wc -l)
echo "files: $files; kernels agreeing in $n interleavings: $agree of $of; not run (past the interpreter's limits): $notrun; failures: $fails"
[ "$fails" -eq 0 ]
