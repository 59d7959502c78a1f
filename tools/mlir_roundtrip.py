#!/usr/bin/env python3
"""MLIR interop tier: egfuse's parser/printer checked against the real MLIR parser.

For every input ``.mlir`` file this checks that ``egfuse parse`` round-trips it
without changing its meaning, using the MLIR parser bundled in jaxlib (the same
C++ MLIR + StableHLO/CHLO dialects that JAX itself uses) as the reference:

1. jaxlib parses and verifies the ORIGINAL.  If it cannot, the file is
   *exempt* (counted and reported, neither passed nor failed): we cannot hold
   egfuse to a reference that does not exist.  The StableHLO ``quantized/``
   tests are exempt this way because jaxlib's context has no quant dialect.
2. ``egfuse parse FILE -o OUT`` (and, with ``--generic-too``, also with
   ``--generic``) must exit 0 and write OUT.            failure: ``egfuse-parse``
3. jaxlib must parse and verify OUT.                  failure: ``jaxlib-reparse``
4. jaxlib's *generic* print of the original and of OUT must be identical.
   The generic form is canonical (SSA names renumbered, no custom syntax), so
   equality means the same ops, operands, attributes, types and regions: the
   round trip kept the program's meaning, whatever pretty syntax egfuse chose.
   Locations are not compared (jaxlib prints them only with debug info, and
   unlocated ops would then carry text positions that differ by design).
                                                        failure: ``semantic-diff``

Usage:
    python tools/mlir_roundtrip.py --egfuse PATH [--jobs N] [--generic-too]
                                   [--list-failures] INPUT...
    python tools/mlir_roundtrip.py --bench FILE [--repeat N]
    python tools/mlir_roundtrip.py --serve FILE

INPUTs are ``.mlir`` files or folders (searched recursively for ``*.mlir``, in
sorted order).  Output: one ``FAIL <path>: <kind>: <message>`` line per failure,
then a summary whose last line is exactly ``N passed, M failed``.  Exit status:
1 if anything failed, 0 otherwise, 2 for usage errors.

``--bench`` times jaxlib alone (parse+verify, and pretty print) on one file and
prints a JSON object of medians: the reference speed egfuse is compared with.
``--serve`` times one parse and print of FILE per line of stdin, for a benchmark that
interleaves jaxlib's runs with its own (``benches/fuse.rs``).

jaxlib is imported lazily in each worker process (``--jobs``, default 2), since
an MLIR context and its parsing are per process.
"""

import argparse
import collections
import dataclasses
import json
import multiprocessing
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor

STDERR_LINES = 3  # lines of egfuse's stderr quoted in an egfuse-parse failure
SNIPPET = 60  # characters of context shown around the first differing column

# ----------------------------------------------------------------------------
# jaxlib access (one MLIR context per process, created on first use)

_JAX = {}


def _jaxlib():
    """Return (ir module, MLIR context with JAX's dialects) for this process."""
    if not _JAX:
        os.environ.setdefault("JAX_PLATFORMS", "cpu")
        from jax._src.interpreters import mlir
        from jax._src.lib.mlir import ir

        _JAX["ir"], _JAX["ctx"] = ir, mlir.make_ir_context()
    return _JAX["ir"], _JAX["ctx"]


class ParseError(Exception):
    """jaxlib rejected a text; the message is its first diagnostic, one line."""


def _first_error(err):
    """One line from a jaxlib MLIRError: ``LINE:COL: message`` of its first error."""
    diags = getattr(err, "error_diagnostics", None) or []
    if not diags:
        return " ".join(str(err).split())
    loc = str(diags[0].location)  # loc("-":LINE:COL)
    if loc.startswith('loc("-":') and loc.endswith(")"):
        loc = loc[len('loc("-":'):-1]
    return f"{loc}: {' '.join(diags[0].message.split())}"


def jaxlib_parse(text):
    """Parse and verify ``text`` with jaxlib; return the module or raise ParseError."""
    ir, ctx = _jaxlib()
    with ctx:
        try:
            module = ir.Module.parse(text)
            module.operation.verify()
        except ir.MLIRError as err:
            raise ParseError(_first_error(err)) from None
    return module


def generic_form(text):
    """jaxlib's generic-form print of ``text`` (raises ParseError)."""
    module = jaxlib_parse(text)
    with _jaxlib()[1]:
        return module.operation.get_asm(print_generic_op_form=True)


# ----------------------------------------------------------------------------
# checking one file


@dataclasses.dataclass
class Result:
    path: str
    status: str  # "pass" | "fail" | "exempt"
    failures: list = dataclasses.field(default_factory=list)  # [(kind, message)]
    exempt_reason: str = ""


@dataclasses.dataclass
class Config:
    egfuse: str
    generic_too: bool
    timeout: float
    keep: str  # folder for outputs of failing files, or ""


def first_difference(a, b):
    """Describe the first differing line of two texts, centred on the first bad column."""
    la, lb = a.splitlines(), b.splitlines()
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else None
        y = lb[i] if i < len(lb) else None
        if x != y:
            return f"line {i + 1}: original {_snippet(x, y)} vs ours {_snippet(y, x)}"
    return "texts differ only in line endings"


def _snippet(line, other):
    if line is None:
        return "<end of text>"
    col = next((i for i, (p, q) in enumerate(zip(line, other or "")) if p != q),
               min(len(line), len(other or "")))
    start = max(0, col - SNIPPET // 2)
    piece = line[start:start + SNIPPET]
    return ("..." if start else "") + repr(piece) + ("..." if start + SNIPPET < len(line) else "")


def run_egfuse(cfg, path, out, flags):
    """Run ``egfuse parse``; return None on success or a failure message."""
    cmd = [cfg.egfuse, "parse", str(path), "-o", str(out), *flags]
    try:
        proc = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True,
                              timeout=cfg.timeout)
    except subprocess.TimeoutExpired:
        return f"timed out after {cfg.timeout:g} s"
    if proc.returncode != 0:
        err = proc.stderr.decode("utf-8", "replace").strip().splitlines()[:STDERR_LINES]
        return f"exit {proc.returncode}: " + (" | ".join(err) or "<no stderr>")
    if not out.is_file():
        return "exit 0 but no output file was written"
    return None


def check_output(cfg, path, orig_generic, flags):
    """Round-trip ``path`` through egfuse with ``flags``; return (kind, msg) or None."""
    with tempfile.TemporaryDirectory(prefix="egfuse-rt-") as tmp:
        out = pathlib.Path(tmp) / "out.mlir"
        problem = run_egfuse(cfg, path, out, flags)
        if problem:
            return "egfuse-parse", problem
        data = out.read_bytes()
        try:
            ours = generic_form(data.decode("utf-8"))
        except (UnicodeDecodeError, ParseError) as err:
            keep_outputs(cfg, path, flags, data)
            return "jaxlib-reparse", str(err)
        if ours != orig_generic:
            keep_outputs(cfg, path, flags, data, orig_generic, ours)
            return "semantic-diff", first_difference(orig_generic, ours)
    return None


def keep_outputs(cfg, path, flags, data, orig_generic=None, ours_generic=None):
    """With --keep, save egfuse's output (and both generic prints) for inspection."""
    if not cfg.keep:
        return
    stem = str(path).strip("/").replace("/", "__") + (".generic" if flags else "")
    folder = pathlib.Path(cfg.keep)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{stem}.out.mlir").write_bytes(data)
    if orig_generic is not None:
        (folder / f"{stem}.orig.generic.mlir").write_text(orig_generic, encoding="utf-8")
        (folder / f"{stem}.ours.generic.mlir").write_text(ours_generic, encoding="utf-8")


def check_file(cfg, path):
    """Check one file: exempt, or pass/fail over each requested output variant."""
    try:
        orig_generic = generic_form(pathlib.Path(path).read_bytes().decode("utf-8"))
    except (UnicodeDecodeError, ParseError) as err:
        return Result(path, "exempt", exempt_reason=str(err))
    variants = [[], ["--generic"]] if cfg.generic_too else [[]]
    failures = []
    for flags in variants:
        failure = check_output(cfg, path, orig_generic, flags)
        if failure:
            kind, msg = failure
            failures.append((kind + (" (--generic)" if flags else ""), msg))
    return Result(path, "fail" if failures else "pass", failures)


def _check_file_job(args):
    cfg, path = args
    return check_file(cfg, path)


# ----------------------------------------------------------------------------
# inputs, running, reporting


def collect_inputs(inputs):
    """Expand files and folders into a sorted, de-duplicated list of .mlir paths."""
    found = {}
    for arg in inputs:
        root = pathlib.Path(arg)
        if root.is_dir():
            files = sorted((p for p in root.rglob("*.mlir") if p.is_file()),
                           key=lambda p: p.relative_to(root).parts)
        elif root.is_file():
            files = [root]
        else:
            usage_error(f"input does not exist: {arg}")
        for path in files:
            found.setdefault(path.resolve(), str(path))
    if not found:
        usage_error("no .mlir files found in the inputs: " + " ".join(inputs))
    return list(found.values())


def run_all(cfg, paths, jobs):
    """Yield a Result per path, in input order."""
    work = [(cfg, p) for p in paths]
    if jobs <= 1:
        yield from map(_check_file_job, work)
        return
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=spawn) as pool:
        yield from pool.map(_check_file_job, work, chunksize=4)


def summarise(results, elapsed, jobs, cfg, list_failures, list_exempt):
    """Print the summary; the last line is exactly ``N passed, M failed``."""
    passed = [r for r in results if r.status == "pass"]
    failed = [r for r in results if r.status == "fail"]
    exempt = [r for r in results if r.status == "exempt"]
    variants = "pretty+generic" if cfg.generic_too else "pretty"
    print(f"checked {len(results)} files in {elapsed:.1f} s (jobs: {jobs}, outputs: {variants})")
    kinds = collections.Counter(kind for r in failed for kind, _ in r.failures)
    if kinds:
        print("failures by kind: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
    if list_failures and failed:
        print("failing files:")
        for r in failed:
            print(r.path)
    if list_exempt:
        for r in exempt:
            print(f"EXEMPT {r.path}: {r.exempt_reason}")
    print_exempt_reasons(exempt)
    print(f"exempt: {len(exempt)} (jaxlib cannot parse the original)")
    print(f"{len(passed)} passed, {len(failed)} failed")
    return 1 if failed else 0


def print_exempt_reasons(exempt, limit=10):
    """Group exempt files by jaxlib's message (without its position)."""
    groups = collections.OrderedDict()
    for r in exempt:
        reason = re.sub(r"`[^`]*`", "`...`", r.exempt_reason.split(": ", 1)[-1])
        reason = reason if len(reason) <= 100 else reason[:97] + "..."
        groups.setdefault(reason, []).append(r.path)
    ranked = sorted(groups.items(), key=lambda kv: -len(kv[1]))
    for reason, paths in ranked[:limit]:
        print(f"  exempt x{len(paths)}: {reason} (e.g. {paths[0]})")
    if len(ranked) > limit:
        print(f"  ... {len(ranked) - limit} more exempt reasons (see --list-exempt)")


def roundtrip_main(opts):
    egfuse = shutil.which(opts.egfuse) or usage_error(
        f"egfuse binary not found or not executable: {opts.egfuse} (build it first)")
    if not opts.inputs:
        usage_error("no INPUT files or folders given")
    if opts.jobs < 1:
        usage_error("--jobs must be at least 1")
    paths = collect_inputs(opts.inputs)
    cfg = Config(os.path.abspath(egfuse), opts.generic_too, opts.timeout, opts.keep or "")
    start = time.perf_counter()
    results = []
    for result in run_all(cfg, paths, opts.jobs):
        for kind, msg in result.failures:
            print(f"FAIL {result.path}: {kind}: {msg}", flush=True)
        results.append(result)
    elapsed = time.perf_counter() - start
    return summarise(results, elapsed, opts.jobs, cfg, opts.list_failures, opts.list_exempt)


# ----------------------------------------------------------------------------
# --bench: jaxlib's own speed on one file


def _bench_text(path, flag):
    """The text of ``path``, parsed once by jaxlib (a warm-up, and a clear error if it cannot)."""
    path = pathlib.Path(path)
    if not path.is_file():
        usage_error(f"{flag} file does not exist: {path}")
    text = path.read_text(encoding="utf-8")
    try:
        jaxlib_parse(text)
    except ParseError as err:
        usage_error(f"jaxlib cannot parse {path}: {err}")
    return text


def _time_once(text):
    """One jaxlib parse+verify and pretty print of ``text``: their times in milliseconds."""
    t0 = time.perf_counter()
    module = jaxlib_parse(text)
    t1 = time.perf_counter()
    with _jaxlib()[1]:
        module.operation.get_asm()
    t2 = time.perf_counter()
    return (t1 - t0) * 1e3, (t2 - t1) * 1e3


def bench_main(opts):
    """Time jaxlib's parse+verify and pretty print; print a JSON object of medians."""
    if opts.repeat < 1:
        usage_error("--repeat must be at least 1")
    text = _bench_text(opts.bench, "--bench")
    parse_ms, print_ms = [], []
    for _ in range(opts.repeat):
        p, q = _time_once(text)
        parse_ms.append(p)
        print_ms.append(q)
    report = bench_report(pathlib.Path(opts.bench), len(text.encode("utf-8")), parse_ms, print_ms)
    print(json.dumps(report, indent=2))
    return 0


def serve_main(opts):
    """Time one jaxlib parse+verify and print of a file per line read from stdin.

    Prints ``ready`` once the file parsed (a warm-up run), then for every input line one line
    ``PARSE_MS PRINT_MS``; ends at the end of stdin. A benchmark interleaves these runs with
    its own, so that both sides of a ratio see the same load on the machine."""
    text = _bench_text(opts.serve, "--serve")
    print("ready", flush=True)
    for _ in sys.stdin:
        p, q = _time_once(text)
        print(f"{p:.4f} {q:.4f}", flush=True)
    return 0


def bench_report(path, size, parse_ms, print_ms):
    import jaxlib

    median = statistics.median
    total = median([a + b for a, b in zip(parse_ms, print_ms)])
    mb = size / 1e6
    return {
        "file": str(path),
        "bytes": size,
        "repeat": len(parse_ms),
        "jaxlib": jaxlib.__version__,
        "parse_verify_ms": round(median(parse_ms), 3),
        "print_ms": round(median(print_ms), 3),
        "total_ms": round(total, 3),
        "parse_mb_per_s": round(mb / (median(parse_ms) / 1e3), 2),
        "total_mb_per_s": round(mb / (total / 1e3), 2),
    }


# ----------------------------------------------------------------------------
# command line


def usage_error(msg):
    print(f"mlir_roundtrip: error: {msg}", file=sys.stderr)
    sys.exit(2)


def parse_args(argv):
    ap = argparse.ArgumentParser(
        description="Round-trip .mlir files through `egfuse parse` and check them with "
                    "jaxlib's MLIR parser (or, with --bench, time jaxlib on one file).")
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--egfuse", metavar="PATH", help="the egfuse binary to test")
    mode.add_argument("--bench", metavar="FILE", help="time jaxlib parse/print of FILE")
    mode.add_argument("--serve", metavar="FILE",
                      help="time one jaxlib parse/print of FILE per line read from stdin")
    ap.add_argument("inputs", nargs="*", metavar="INPUT", help=".mlir files or folders")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--generic-too", action="store_true",
                    help="also check `egfuse parse --generic` output")
    ap.add_argument("--list-failures", action="store_true",
                    help="list failing file paths, one per line, before the summary")
    ap.add_argument("--list-exempt", action="store_true",
                    help="print an EXEMPT line with jaxlib's error for every exempt file")
    ap.add_argument("--keep", metavar="DIR",
                    help="save egfuse outputs (and generic prints) of failing files here")
    ap.add_argument("--timeout", type=float, default=60.0,
                    help="seconds allowed per egfuse run (default 60)")
    ap.add_argument("--repeat", type=int, default=15, help="--bench repeats (default 15)")
    opts = ap.parse_args(argv)
    if (opts.bench or opts.serve) and opts.inputs:
        usage_error("--bench and --serve take one FILE and no INPUTs")
    return opts


def require_jaxlib():
    import importlib.util

    if not (importlib.util.find_spec("jax") and importlib.util.find_spec("jaxlib")):
        usage_error(f"jax/jaxlib are not importable by {sys.executable}; run "
                    "tools/setup_venv.sh and use the python it prints")


def main(argv=None):
    opts = parse_args(argv)
    require_jaxlib()
    if opts.bench:
        return bench_main(opts)
    if opts.serve:
        return serve_main(opts)
    return roundtrip_main(opts)


if __name__ == "__main__":
    sys.exit(main())
