#!/usr/bin/env python3
"""Runs a module's @main on XLA's CPU backend, as a user would time it: this whole process
(Python start, the jax import, compilation and one run) is what `cargo bench --bench eval`
sets beside `egfuse eval` of the same module on the same inputs.

The inputs are a `.npz` archive of `arg0`, `arg1`, ... (`egfuse eval --random SEED
--save-inputs IN.npz` writes one); the outputs are written as `out0`, `out1`, ... to OUT.npz
when given. It compiles and runs exactly as tools/xla_oracle.py does.

Usage: python tools/xla_run.py MODULE.mlir IN.npz [OUT.npz]
"""

import os
import pathlib
import sys

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import numpy as np  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from xla_oracle import as_dtype, main_arg_dtypes, run_xla  # noqa: E402


def main(argv):
    if len(argv) not in (2, 3):
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    text = pathlib.Path(argv[0]).read_text()
    dtypes = main_arg_dtypes(text)
    if dtypes is None:
        print(f"error: {argv[0]}: no @main signature found", file=sys.stderr)
        return 2
    with np.load(argv[1]) as z:
        inputs = [as_dtype(z[f"arg{i}"], d) for i, d in enumerate(dtypes)]
    outputs = run_xla(text, inputs)
    if len(argv) == 3:
        np.savez(argv[2], **{f"out{i}": np.asarray(o, dtype=np.float64)
                             if o.dtype.kind == "V" or str(o.dtype) == "bfloat16" else o
                             for i, o in enumerate(outputs)})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
