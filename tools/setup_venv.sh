#!/usr/bin/env bash
# Create (or reuse) the Python venv used by egfuse's Python tools:
# tools/mlir_roundtrip.py (jaxlib as the reference MLIR parser) and
# tools/gen_fixtures.py (JAX programs -> tests/fixtures/jax).
#
#   tools/setup_venv.sh            # venv at <repo>/.venv
#   EGFUSE_VENV=/some/dir tools/setup_venv.sh
#   EGFUSE_BASE_PYTHON=python3.11 tools/setup_venv.sh  # base interpreter (default python3)
#
# Idempotent: a stamp file inside the venv records the pinned requirements;
# when it matches (and jax, jaxlib, numpy are found) nothing is installed.  When the
# pins change, the same venv is updated in place.  Progress goes to stderr; the
# last line on stdout is the venv's python path, so callers can do
#   PY=$(tools/setup_venv.sh | tail -n 1)
set -euo pipefail

REQUIREMENTS="jax==0.10.2 jaxlib==0.10.2 numpy"

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${EGFUSE_VENV:-$repo/.venv}"
base_python="${EGFUSE_BASE_PYTHON:-python3}"
py="$venv/bin/python"
stamp="$venv/.egfuse-requirements"

log() { echo "setup_venv: $*" >&2; }

if [[ -x "$py" && -f "$stamp" && "$(cat "$stamp")" == "$REQUIREMENTS" ]] \
    && "$py" -c 'import importlib.util as u, sys
sys.exit(not all(u.find_spec(m) for m in ("jax", "jaxlib", "numpy")))' >/dev/null 2>&1; then
    echo "$py"
    exit 0
fi

if ! "$py" -c 'import sys' >/dev/null 2>&1; then
    command -v "$base_python" >/dev/null || { log "error: $base_python not found"; exit 1; }
    log "creating venv at $venv with $("$base_python" --version 2>&1)"
    "$base_python" -m venv "$venv" >&2 || {
        log "error: '$base_python -m venv' failed (on Debian: apt-get install python3-venv)"
        exit 1
    }
fi

log "installing $REQUIREMENTS"
rm -f "$stamp"
# shellcheck disable=SC2086  # REQUIREMENTS is a list of words on purpose
pip_install() { "$py" -m pip install --quiet --disable-pip-version-check "$@" $REQUIREMENTS >&2; }
check='import jax, jaxlib; print("setup_venv: jax", jax.__version__, "jaxlib", jaxlib.__version__)'
pip_install
if ! "$py" -c "$check" >&2; then
    log "import failed after install; reinstalling (--force-reinstall)"
    pip_install --force-reinstall
    "$py" -c "$check" >&2
fi
printf '%s\n' "$REQUIREMENTS" > "$stamp"
echo "$py"
