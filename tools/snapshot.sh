#!/usr/bin/env bash
# Writes what `egfuse fuse` and `egfuse lower` make of every committed fixture, every bad input
# and every ../shared/corpus/jax-export module into DIR: the fused text, the lowered text, the
# lowering's --json document, each command's standard error and exit code. Run it before and
# after a change that should not change behaviour, then `diff -r BEFORE AFTER`: a refactor is
# byte-identical when the diff is empty.
# Usage: tools/snapshot.sh DIR [EGFUSE]   (EGFUSE: default target/release/egfuse)
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$(mkdir -p "$1" && cd "$1" && pwd)"
egfuse="$(realpath "${2:-$repo/target/release/egfuse}")"
cd "$repo"
inputs=()
while IFS= read -r f; do inputs+=("$f"); done < <(
  find tests/fixtures tests/bad ../shared/corpus/jax-export -name '*.mlir' 2>/dev/null | sort
)
one() {
  local f="$1" key
  key="$(printf '%s' "$f" | tr '/.' '__')"
  "$egfuse" fuse "$f" -o "$out/$key.fused.mlir" 2>"$out/$key.fuse.err" && echo 0 >"$out/$key.fuse.rc" \
    || echo $? >"$out/$key.fuse.rc"
  "$egfuse" lower "$f" -o "$out/$key.nisa" --json "$out/$key.json" 2>"$out/$key.lower.err" \
    && echo 0 >"$out/$key.lower.rc" || echo $? >"$out/$key.lower.rc"
}
export -f one
export out egfuse
printf '%s\n' "${inputs[@]}" | xargs -P 2 -I{} bash -c 'one "$@"' _ {}
echo "snapshot of ${#inputs[@]} inputs in $out"
