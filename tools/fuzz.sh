#!/usr/bin/env bash
# Runs one cargo-fuzz target for a number of seconds, or 10 million executions if those come first,
# and prints its executions and findings.
#
#   tools/fuzz.sh TARGET SECONDS [TIMEOUT]      TARGET: parse | rules | fuse | npz | nisa | lower | asm | binary
#
# Installs cargo-fuzz (from crates.io) when missing; builds with the nightly toolchain. The seed
# corpus is made fresh in fuzz/seeds/TARGET from the committed fixtures and ../shared/corpus
# (never committed), or for `lower`, whose generator makes a program of any bytes, from 200
# seeded random byte strings; what the fuzzer learns stays in fuzz/corpus/TARGET, and crashes, hangs and
# out-of-memory inputs in fuzz/artifacts/TARGET. Each run is bounded: TIMEOUT seconds per
# input (-timeout, default 10), 4 GiB of memory (-rss_limit_mb), inputs up to 256 KiB
# (-max_len). The timeout is wall-clock time: a fuzzer sharing its cores with builds or other
# fuzzers can be starved past 10 s on an input that takes 0.3 s alone (seen here on 2 cores),
# so give it more when it shares them, and rerun a timeout artifact alone before calling it
# a hang (`target/x86_64-unknown-linux-gnu/release/TARGET ARTIFACT`). The last lines
# are `executions: N`, `slow inputs: N` and `findings: N` (this run's crash, timeout and
# out-of-memory files in the artifacts directory); the exit code is 0 when there are none, 1
# otherwise.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
target="${1:?usage: tools/fuzz.sh TARGET SECONDS [TIMEOUT]}"
seconds="${2:?usage: tools/fuzz.sh TARGET SECONDS}"
timeout="${3:-10}"
case "$target" in parse|rules|fuse|npz|nisa|lower|asm|binary) ;; *) echo "error: unknown target $target" >&2; exit 2;; esac
command -v cargo-fuzz >/dev/null || cargo install --locked cargo-fuzz >&2
rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal >&2

seeds="fuzz/seeds/$target"
rm -rf "$seeds" && mkdir -p "$seeds" "fuzz/corpus/$target" "fuzz/artifacts/$target"
copy() { local n=0; for f in "$@"; do [ -f "$f" ] && cp "$f" "$seeds/$(printf %05d $n)-$(basename "$f")" && n=$((n+1)); done; }
case "$target" in
  parse|fuse)
    copy tests/fixtures/jax/*.mlir tests/bad/*.mlir ../shared/corpus/jax-export/*.mlir \
      $(ls ../shared/corpus/stablehlo-testdata/*.mlir 2>/dev/null | head -n 200)
    [ "$target" = fuse ] && find "$seeds" -size +64k -delete ;;
  rules) copy rules/*.rules tests/bad_rules/*.rules tests/fixtures/rules*/*.rules ;;
  nisa)
    copy lowering/nisa/tests/nisa/*.nisa lowering/nisa/tests/nisa/v4/*.nisa
    for f in tests/fixtures/lowering/*.mlir tests/fixtures/jax/rmsnorm_*.mlir tests/fixtures/jax/layernorm_f32.mlir \
        tests/fixtures/jax/fori_loop_f32.mlir tests/fixtures/jax/cond_switch_f32.mlir tests/fixtures/jax/scan_rnn_f32.mlir; do
      target/release/egfuse lower "$f" -o "$seeds/lowered-$(basename "$f" .mlir).nisa" 2>/dev/null || true
    done ;;
  asm|binary)
    # The streams' text, or the binary, of small lowered programs.
    emit=$([ "$target" = asm ] && echo asm || echo bin)
    for f in tests/fixtures/lowering/*.mlir tests/fixtures/jax/rmsnorm_*.mlir tests/fixtures/jax/softmax_f32.mlir \
        tests/fixtures/jax/fori_loop_f32.mlir tests/fixtures/jax/cond_switch_f32.mlir tests/fixtures/jax/scan_rnn_f32.mlir; do
      target/release/egfuse lower "$f" --emit "$emit" -o "$seeds/lowered-$(basename "$f" .mlir).$emit" 2>/dev/null || true
    done
    find "$seeds" -size +64k -delete ;;
  lower)
    # The generator makes a program of any bytes: 200 byte strings of 16 to 255 bytes, the same
    # every run (bash's generator, seeded).
    RANDOM=39
    for n in $(seq 0 199); do
      bytes=""
      for _ in $(seq $((16 + RANDOM % 240))); do printf -v hex '\\x%02x' $((RANDOM % 256)); bytes+="$hex"; done
      printf "$bytes" >"$seeds/$(printf %05d "$n")"
    done ;;
  npz)
    python="$(tools/setup_venv.sh | tail -n 1)"
    "$python" - "$seeds" <<'PY'
import sys, numpy as np
d = sys.argv[1]
np.savez(f"{d}/a.npz", arg0=np.ones((2, 3), np.float32), arg1=np.arange(4, dtype=np.int32))
np.savez_compressed(f"{d}/b.npz", arg0=np.zeros((8,), np.float16))
np.savez(f"{d}/c.npz", x=np.array(1.5, np.float64))
PY
    ;;
esac

log="fuzz/artifacts/$target.log"
stamp="$(mktemp)"
trap 'rm -f "$stamp"' EXIT
# libFuzzer exits non-zero on a finding; the findings are counted below either way.
(cd fuzz && cargo +nightly fuzz run --features libfuzzer "$target" "corpus/$target" "../$seeds" -- \
  -max_total_time="$seconds" -runs=10000000 -timeout="$timeout" -rss_limit_mb=4096 -max_len=262144 \
  -print_final_stats=1 -artifact_prefix="artifacts/$target/") >"$log" 2>&1 || true
grep -aE '^(#[0-9]+[[:space:]]+(INITED|DONE)|==[0-9]+== ERROR|SUMMARY|thread .* panicked|error(\[|:))' \
  "$log" | tail -n 20 || true
executions="$(grep -aoE '^stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo 0)"
# This run's artifacts: crashes, timeouts and out-of-memory inputs are findings; a slow-unit
# file is libFuzzer's report of an input that took over 10 s (instrumented by ASan, on shared
# cores), kept to look at, not a failure.
new() { find "fuzz/artifacts/$target" -type f -newer "$stamp" "$@" | wc -l; }
findings="$(new ! -name 'slow-unit-*')"
echo "target: $target, $seconds s (log: $log)"
echo "executions: $executions"
echo "slow inputs: $(new -name 'slow-unit-*')"
echo "findings: $findings"
[ "$executions" -gt 0 ] || { echo "error: the fuzzer did not run (see $log)" >&2; exit 1; }
[ "$findings" -eq 0 ] || exit 1
