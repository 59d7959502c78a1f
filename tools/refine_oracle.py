#!/usr/bin/env python3
"""Checks `egfuse lower`'s refine pass (symbolic dimensions given sizes by --dim) against jaxlib's
shape refinement, StableHLO's refine-shapes as JAX runs it when an export is called at concrete
shapes; XLA runs both results.

For every module given (files, or directories searched for *.mlir) whose @main has a symbolic
dimension:
  1. sizes: each `?` of @main's arguments is SIZE (`--dim argK.D=SIZE`), and so is each scalar
     integer argument (`--dim argK=SIZE`: JAX's older exports pass their dimension variables so,
     ahead of the arrays);
  2. ours: `egfuse lower FILE --dim ... --print-after refine --after tile`, the module refined;
  3. theirs: the module as given, its @main renamed and called from a new @main that takes the
     static types, passes SIZE for each scalar dimension argument and casts each array to the
     symbolic type with `stablehlo.convert` (as JAX's call of an export does), refined by
     jaxlib's `refine_polymorphic_shapes`;
  4. XLA's CPU client compiles both and runs them on the same seeded random inputs; the outputs
     must be equal bit for bit (one compiler, one computation), else within the dtype's
     tolerance (xla_oracle.py's).
A module both sides refuse (sizes the module's own checks reject) agrees; one refused by one
side only is a failure. `--jobs` modules (2 by default) are checked at once, each in its own
spawned process. Prints a line per module, in the order of the files, then `refine: N agree
(M refused by both, E bit for bit), K differ, of T modules with symbolic dimensions`; exit 1
when K > 0.

usage: refine_oracle.py --egfuse BIN [--size N] [--seed S] [--jobs N] INPUTS...
"""

import argparse
import multiprocessing
import os
import re
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xla_oracle import ELEM_DTYPES, compare, identical, run_xla  # noqa: E402


def signature(text):
    """@main's argument types and the text between its `(` and `)`, split at top-level commas."""
    start = re.search(r"func\.func (?:public )?@main\(", text)
    if not start:
        return None
    depth, i, args, cur = 1, start.end(), [], ""
    while depth:
        c = text[i]
        depth += {"(": 1, "<": 1, "{": 1, ")": -1, ">": -1, "}": -1}.get(c, 0)
        if depth:
            cur += c
        if c == "," and depth == 1:
            args.append(cur[:-1])
            cur = ""
        i += 1
    if cur.strip():
        args.append(cur)
    return [re.search(r"tensor<.*>", a.split("{")[0]).group(0) for a in args]


def results(text):
    """@main's result types, from the first `->` after its arguments."""
    m = re.search(r"func\.func (?:public )?@main\(.*?\)\s*->\s*(\(.*?\)|tensor<[^{]*?>)\s*(attributes|\{)", text, re.S)
    body = m.group(1).strip("()") if m else ""
    return re.findall(r"tensor<(?:[^<>]|<[^<>]*>)*>", body)


def bindings(types, size):
    """The --dim arguments, and each argument's static type."""
    dims, static = [], []
    for k, t in enumerate(types):
        inner = re.fullmatch(r"tensor<((?:(?:\d+|\?)x)*)(.*)>", t).group(1)
        if re.fullmatch(r"tensor<u?i\d+>", t):
            dims.append(f"arg{k}={size}")
        for d, p in enumerate(inner.split("x")[:-1]):
            if p == "?":
                dims.append(f"arg{k}.{d}={size}")
        static.append(t.replace("?", str(size)))
    return dims, static


def ours(egfuse, path, dims):
    """The module egfuse refines, or the first line of its error."""
    args = [egfuse, "lower", path, "--print-after", "refine", "--after", "tile", "-o", os.devnull]
    run = subprocess.run(args + [a for d in dims for a in ("--dim", d)], capture_output=True, text=True)
    if run.returncode == 2 or "IR Dump After refine" not in run.stderr:
        return None, (run.stderr.strip().splitlines() or ["?"])[0]
    dump = run.stderr.split("//----- //\n", 1)[1].splitlines()
    ends = [n for n, line in enumerate(dump) if line.startswith("// -----//") or re.match(r"(lowered |error|warning)", line)]
    return "\n".join(dump[:ends[0]] if ends else dump) + "\n", None


def theirs(text, types, static, outs, static_outs, size):
    """The module refined by jaxlib from a wrapper @main of static types returning
    `static_outs`, or its error."""
    from jax._src.lib import _jax
    body = re.sub(r"func\.func (public )?@main\(", "func.func private @_egfuse_original(", text, count=1)
    lines, call_args, arg_list = [], [], []
    for k, (t, s) in enumerate(zip(types, static)):
        arg_list.append(f"%a{k}: {s}")
        if re.fullmatch(r"tensor<u?i\d+>", t):
            lines.append(f"    %c{k} = stablehlo.constant dense<{size}> : {t}")
            call_args.append(f"%c{k}")
        else:
            lines.append(f"    %x{k} = stablehlo.convert %a{k} : ({s}) -> {t}")
            call_args.append(f"%x{k}")
    n = len(outs)
    result = "%r" if n == 1 else f"%r:{n}"
    lines.append(f"    {result} = func.call @_egfuse_original({', '.join(call_args)}) : "
                 f"({', '.join(types)}) -> ({', '.join(outs)})")
    names = ["%r"] if n == 1 else [f"%r#{i}" for i in range(n)]
    for i, (o, so) in enumerate(zip(outs, static_outs)):
        lines.append(f"    %o{i} = stablehlo.convert {names[i]} : ({o}) -> {so}")
    lines.append(f"    return {', '.join(f'%o{i}' for i in range(n))} : {', '.join(static_outs)}")
    main = (f"  func.func public @main({', '.join(arg_list)}) -> ({', '.join(static_outs)}) {{\n"
            + "\n".join(lines) + "\n  }\n")
    # The wrapper goes just inside the module's closing brace (the last line opening with `}`).
    rows = body.rstrip().splitlines()
    close = max(i for i, r in enumerate(rows) if r.startswith("}"))
    wrapped = "\n".join(rows[:close]) + "\n" + main + "\n".join(rows[close:]) + "\n"
    try:
        return _jax.mlir.refine_polymorphic_shapes(wrapped.encode(), True, True), None
    except Exception as e:  # jaxlib's own errors are a refusal, reported
        return None, str(e).splitlines()[0] if str(e) else type(e).__name__


def inputs(static, seed):
    rng = np.random.default_rng(seed)
    out = []
    for t in static:
        dims, elem = re.fullmatch(r"tensor<((?:\d+x)*)(.*)>", t).groups()
        shape = [int(p) for p in dims.split("x")[:-1]]
        dtype = ELEM_DTYPES[elem]
        if "float" in dtype:
            x = rng.standard_normal(shape).astype(np.float32).astype(dtype)
        elif "complex" in dtype:
            x = (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
        elif dtype == "bool":
            x = rng.integers(0, 2, shape).astype(bool)
        else:
            x = rng.integers(0, 3, shape).astype(dtype)
        out.append(np.asarray(x))
    return out


def check(egfuse, path, size, seed):
    """(verdict, detail): verdict is 'agree', 'both' (both refuse) or 'differ'."""
    text = open(path).read()
    types = signature(text)
    dims, static = bindings(types, size)
    mine, my_error = ours(egfuse, path, dims)
    # The results' static types are egfuse's, when it refines (a `?` past an op such as a pad
    # is not the size given); jaxlib refines the wrapper to them or fails.
    outs = results(text)
    static_outs = results(mine) if mine else [o.replace("?", str(size)) for o in outs]
    refined, their_error = theirs(text, types, static, outs, static_outs, size)
    if mine is None and refined is None:
        return "both", f"egfuse: {my_error}; jaxlib: {their_error}"
    if mine is None or refined is None:
        return "differ", f"egfuse: {my_error or 'refines'}; jaxlib: {their_error or 'refines'}"
    xs = inputs(static, seed)
    # Both sides take every argument, the scalar dimension arguments included (each module
    # reads the size it was given, not the argument).
    for k, t in enumerate(types):
        if re.fullmatch(r"tensor<u?i\d+>", t):
            xs[k] = np.asarray(size, dtype=xs[k].dtype)
    try:
        a = run_xla(mine, xs)
    except Exception as e:
        return "differ", f"XLA fails on egfuse's module: {str(e).splitlines()[0]}"
    try:
        b = run_xla(refined, xs)
    except Exception as e:
        return "differ", f"XLA fails on jaxlib's module: {str(e).splitlines()[0]}"
    if len(a) != len(b):
        return "differ", f"{len(a)} outputs vs {len(b)}"
    same = True
    for i, (x, y) in enumerate(zip(a, b)):
        if x.shape != y.shape:
            return "differ", f"out{i}: shape {list(x.shape)} vs jaxlib's {list(y.shape)}"
        if not identical(x, y):
            same = False
            ok, max_abs, max_rel = compare(x, y)
            if not ok:
                return "differ", f"out{i}: abs {max_abs:.2e} rel {max_rel:.2e}"
    how = "bit for bit" if same else "within tolerance"
    return "agree", f"{len(a)} outputs {how}, shapes {[list(x.shape) for x in a]}"


def check_job(job):
    """`check` of one (egfuse, path, size, seed), for the pool."""
    return check(*job)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--egfuse", required=True)
    p.add_argument("--size", type=int, default=3)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                   help="modules checked at once (default: 2, or 1 on one core)")
    p.add_argument("inputs", nargs="+")
    args = p.parse_args()
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    os.environ.setdefault("JAX_ENABLE_X64", "1")
    files = []
    for i in args.inputs:
        if not os.path.exists(i):
            sys.exit(f"error: {i} does not exist")
        if os.path.isdir(i):
            files += sorted(os.path.join(d, f) for d, _, fs in os.walk(i) for f in fs if f.endswith(".mlir"))
        else:
            files.append(i)
    files = [f for f in files if (sig := signature(open(f).read())) and any("?" in t for t in sig)]
    counts = {"agree": 0, "both": 0, "differ": 0, "exact": 0}
    jobs = [(args.egfuse, f, args.size, args.seed) for f in files]
    # Spawned workers: XLA's client and thread pools are made in each worker, never forked.
    with multiprocessing.get_context("spawn").Pool(max(1, args.jobs)) as pool:
        for f, (verdict, detail) in zip(files, pool.imap(check_job, jobs)):
            counts[verdict] += 1
            counts["exact"] += "bit for bit" in detail
            print(f"{verdict:6} {f}: {detail}", flush=True)
    print(f"refine: {counts['agree'] + counts['both']} agree ({counts['both']} refused by both, "
          f"{counts['exact']} bit for bit), {counts['differ']} differ, of {len(files)} modules with "
          "symbolic dimensions")
    sys.exit(1 if counts["differ"] else 0)


if __name__ == "__main__":
    main()
