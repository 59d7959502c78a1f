#!/usr/bin/env bash
# The test command: installs Debian's chromium and graphviz when missing (tests/commands/coverage.rs and
# tests/commands/dot.rs need them), sets up the Python venv with jaxlib (the MLIR interop tier needs it),
# runs every Rust test, closes with one line `N passed, M failed` summed over all test binaries,
# then runs the XLA oracle (tools/xla_oracle.py): egfuse's interpreter against XLA's CPU backend on
# every committed fixture and every ../shared/corpus/jax-export module, and XLA on the fused
# composite form of each against egfuse on the original, and the refine oracle
# (tools/refine_oracle.py) on the polymorphic exports, and the rng oracle (tools/rng_oracle.py).
# Usage: tools/test.sh   (from anywhere in the repository)
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
# tests/commands/coverage.rs renders the coverage HTML in headless Chromium and tests/commands/dot.rs the `--dot`
# views with Graphviz: Debian's `chromium` and `graphviz`, installed when missing (through sudo
# when not root).
missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v dot >/dev/null || missing+=(graphviz)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq && $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# Each step's wall time, for the closing lines: where a run spends its minutes.
steps=()
started=$SECONDS
step() {
  steps+=("$1: $((SECONDS - started)) s")
  started=$SECONDS
}
EGFUSE_PYTHON="$(tools/setup_venv.sh | tail -n 1)"
export EGFUSE_PYTHON
step "setup (packages, venv)"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
# The workspace includes the fuzz library (fuzz/): its unit tests run on this release build, and
# .ci/run's clippy type-checks the fuzz targets, which tools/fuzz.sh builds with nightly.
cargo test --release --workspace --no-run 2>&1 | tail -n 1 || status=$?
step "release build of the tests"
cargo test --release --workspace --no-fail-fast 2>&1 | tee "$log" || status=$?
step "rust tests"
awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } }
     END { printf "%d passed, %d failed\n", p, f }' "$log"
oracle_inputs=(tests/fixtures/jax tests/fixtures/hf tests/fixtures/torch tests/fixtures/sweep/torch
  tests/fixtures/sweep/jax)
if [ -d ../shared/corpus/jax-export ]; then
  oracle_inputs+=(../shared/corpus/jax-export)
else
  echo "error: ../shared/corpus/jax-export is missing" >&2
  exit 1
fi
# One pass over the files checks each module twice: XLA on the module itself, and XLA on its
# fused composite form (`egfuse fuse --emit composite`), against egfuse's interpreter.
echo "xla oracle (input: the module itself; composite: egfuse fuse --emit composite of it):"
"$EGFUSE_PYTHON" tools/xla_oracle.py --egfuse target/release/egfuse --forms input,composite \
  "${oracle_inputs[@]}" | grep -v '^PASS' || status=$?
step "xla oracle, input and composite"
# The JAX op fixtures as `egfuse lower` spells them before fusion: complex values as their
# parts, the functions ACT lacks and roundings by other ops, bit counts by shifts.
echo "xla oracle (lower-forms: the module as egfuse lower spells it before fusion):"
"$EGFUSE_PYTHON" tools/xla_oracle.py --egfuse target/release/egfuse --forms lower-forms \
  tests/fixtures/jax | grep -v '^PASS' || status=$?
step "xla oracle, lower-forms"
# The polymorphic exports as `egfuse lower --dim` refines them, against jaxlib's own refinement of
# the same module, both run by XLA.
echo "refine oracle (egfuse lower --dim against jaxlib's refine_polymorphic_shapes):"
"$EGFUSE_PYTHON" tools/refine_oracle.py --egfuse target/release/egfuse \
  ../shared/corpus/stablehlo-testdata/dynamic tests/fixtures | grep -v '^agree' || status=$?
step "refine oracle"
# rng_bit_generator's bits, every algorithm and state size, against XLA's bit for bit.
echo "rng oracle (egfuse eval of rng_bit_generator against XLA):"
"$EGFUSE_PYTHON" tools/rng_oracle.py --egfuse target/release/egfuse || status=$?
step "rng oracle"
printf 'step %s\n' "${steps[@]}"
exit "$status"
