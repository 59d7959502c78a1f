#!/usr/bin/env bash
# The test command: sets up the Python venv with jaxlib (the MLIR interop tier needs it), then
# runs every Rust test. Usage: tools/test.sh   (from anywhere in the repository)
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
EGFUSE_PYTHON="$(tools/setup_venv.sh | tail -n 1)"
export EGFUSE_PYTHON
cargo test --release --workspace
