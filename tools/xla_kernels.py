#!/usr/bin/env python3
"""Prints how many kernels XLA:CPU leaves in each StableHLO module, counted as egfuse counts its
own (`egfuse compare --xla-hlo`, engine/reports/src/kernels.rs).

Each module's text is compiled by XLA's CPU client through jaxlib (`compile_and_load`, as
tools/xla_oracle.py does) and its optimized HLO (`get_hlo_text()`, the text of
`jax.jit(f).lower(...).compile().as_text()`) is counted: the instructions of the entry
computation and of the bodies of `while` loops and branches of `conditional`s, nested to any
depth, except parameter, constant, tuple, get-tuple-element and bitcast. A loop's condition
is not counted. With --hlo-dir, the optimized HLO of NAME.mlir is also written to
DIR/NAME.xla_cpu_opt.hlo, for `egfuse compare NAME.mlir --xla-hlo DIR/NAME.xla_cpu_opt.hlo`.

Prints one line per module, `PATH: N kernels`; exit status 1 when a module does not compile.

usage: xla_kernels.py [--hlo-dir DIR] MODULE.mlir...
"""

import argparse
import os
import re
import sys

FREE = {"parameter", "constant", "tuple", "get-tuple-element", "bitcast"}
TABLES = {"FileNames", "FunctionNames", "FileLocations", "StackFrames"}


def optimized_hlo(text):
    import jax
    from jax._src.lib import xla_client as xc

    dev = jax.devices("cpu")[0]
    exe = dev.client.compile_and_load(text, xc.DeviceList((dev,)), xc.CompileOptions())
    return exe.get_hlo_text()


def computations(hlo):
    """{name: [(opcode, [loop bodies and branches])]} and the entry's name."""
    comps, entry, current, table = {}, None, None, False
    for line in hlo.splitlines():
        trimmed = line.strip()
        if not trimmed:
            table = False
            continue
        if current is None and trimmed in TABLES:
            table = True
        if table or trimmed.startswith("HloModule") or trimmed.startswith("//"):
            continue
        if trimmed == "}":
            current = None
            continue
        if not line.startswith(" ") and trimmed.endswith("{"):
            head = trimmed[len("ENTRY "):] if trimmed.startswith("ENTRY ") else trimmed
            name = re.split(r"[ (]", head)[0].lstrip("%")
            if trimmed.startswith("ENTRY "):
                entry = name
            comps[name] = []
            current = name
            continue
        comps[current].append(instruction(trimmed))
    return comps, entry


def instruction(line):
    rest = line.split(" = ", 1)[1].lstrip()
    if rest.startswith("("):
        depth = 0
        for i, c in enumerate(rest):
            depth += {"(": 1, ")": -1}.get(c, 0)
            if depth == 0:
                rest = rest[i + 1:]
                break
    else:
        rest = rest.split(" ", 1)[1]
    opcode = rest.lstrip().split("(", 1)[0].strip()
    bodies = []
    if opcode == "while":
        bodies += re.findall(r"body=%?([\w.\-]+)", line)
    elif opcode == "conditional":
        bodies += re.findall(r"(?:true|false)_computation=%?([\w.\-]+)", line)
        for group in re.findall(r"branch_computations=\{([^}]*)\}", line):
            bodies += [n.strip().lstrip("%") for n in group.split(",")]
    return opcode, bodies


def count(hlo):
    comps, entry = computations(hlo)
    total, todo, seen = 0, [entry], set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for opcode, bodies in comps[name]:
            total += opcode not in FREE
            todo += bodies
    return total


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hlo-dir", help="also write NAME.xla_cpu_opt.hlo files here")
    ap.add_argument("modules", nargs="+")
    args = ap.parse_args()
    failed = 0
    for path in args.modules:
        try:
            with open(path) as f:
                hlo = optimized_hlo(f.read())
        except Exception as e:  # noqa: BLE001 - a module XLA rejects is reported, not fatal
            print(f"{path}: does not compile: {str(e).splitlines()[0]}")
            failed += 1
            continue
        if args.hlo_dir:
            name = os.path.basename(path)
            name = name[: -len(".mlir")] if name.endswith(".mlir") else name
            with open(os.path.join(args.hlo_dir, name + ".xla_cpu_opt.hlo"), "w") as f:
                f.write(hlo)
        print(f"{path}: {count(hlo)} kernels")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
