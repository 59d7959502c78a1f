#!/usr/bin/env python3
"""Checks egfuse's reference interpreter's `rng_bit_generator` against XLA's CPU backend, bit for
bit: every algorithm (DEFAULT, THREE_FRY, PHILOX), state of 2 and of 3 words, and output shapes
and widths that take each path of XLA's RngBitGeneratorExpander (a rank-0 output, an even first
dimension, an even later one, no even dimension, odd lengths, 8-, 16-, 32- and 64-bit integers
and f32). For each case it writes a one-op module, runs `egfuse eval --inputs` and XLA on the same
state, and compares the new state and the bits. Prints a line per case that differs and
`rng: N of M cases agree bit for bit`; exit 1 when any differs.

usage: rng_oracle.py --egfuse BIN
"""

import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xla_oracle import run_xla  # noqa: E402

STATES = {
    2: np.array([0x0123456789ABCDEF, 0xFFFFFFFFFFFFFFF0], np.uint64),
    3: np.array([0x0123456789ABCDEF, 0xFFFFFFFFFFFFFFFE, 3], np.uint64),
}
SHAPES = ["ui32", "1xui32", "5xui32", "8xui32", "2x3xui32", "3x2xui32", "3x5xui32", "5x3xui32",
          "4x8xui32", "1x1x6xui32", "3x1x7xi32", "7xui8", "6x3xui16", "3x3xui64", "5xi64",
          "4x3xf32"]


def module(algorithm, words, out):
    state = f"tensor<{words}xui64>"
    return (f"func.func public @main(%s: {state}) -> ({state}, tensor<{out}>) {{\n"
            f"  %a, %b = stablehlo.rng_bit_generator %s, algorithm = {algorithm} : ({state}) -> "
            f"({state}, tensor<{out}>)\n"
            f"  return %a, %b : {state}, tensor<{out}>\n}}\n")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--egfuse", required=True)
    args = p.parse_args()
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    os.environ.setdefault("JAX_ENABLE_X64", "1")
    cases, bad = 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        for algorithm in ("DEFAULT", "THREE_FRY", "PHILOX"):
            for words in (2, 3):
                if algorithm == "THREE_FRY" and words == 3:
                    continue
                for out in SHAPES:
                    cases += 1
                    text = module(algorithm, words, out)
                    src, inputs, ours = (os.path.join(tmp, n) for n in ("m.mlir", "in.npz", "out.npz"))
                    open(src, "w").write(text)
                    np.savez(inputs, arg0=STATES[words])
                    run = subprocess.run([args.egfuse, "eval", src, "--inputs", inputs, "-o", ours],
                                         capture_output=True, text=True)
                    case = f"{algorithm} state {words} -> tensor<{out}>"
                    if run.returncode != 0:
                        bad += 1
                        print(f"FAIL {case}: egfuse: {run.stderr.strip().splitlines()[0]}")
                        continue
                    mine = np.load(ours)
                    theirs = run_xla(text, [STATES[words]])
                    for i, what in enumerate(("state", "bits")):
                        a, b = mine[f"out{i}"], theirs[i]
                        if a.shape != b.shape or a.tobytes() != b.tobytes():
                            bad += 1
                            print(f"FAIL {case}: {what} differ: egfuse {a.ravel()[:4]}, XLA {b.ravel()[:4]}")
                            break
    print(f"rng: {cases - bad} of {cases} cases agree bit for bit")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
