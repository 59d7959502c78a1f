#!/usr/bin/env python3
"""Checks egfuse's reference interpreter against XLA's CPU backend.

For every module given (files, or directories searched for *.mlir), this:
  1. runs `egfuse eval FILE --random SEED --save-inputs in.npz -o ours.npz`, so egfuse draws the
     inputs (seeded, from the signature) and computes its outputs;
  2. compiles the same module text with XLA's CPU client through jaxlib
     (`compile_and_load(text, devices, CompileOptions())`) and runs it on those inputs
     (`execute_sharded`);
  3. compares every output with a tolerance per dtype (TOLERANCE below), and prints one line per
     module and form, then one closing "FORM: N passed, M failed, K skipped or known" line per
     form. Exit status 1 when a module disagrees or cannot be run.

Tolerances: XLA's CPU backend computes f32 transcendentals with its own polynomial
approximations (a few ulp from correctly rounded) and vectorises reductions, accumulating in
several partial sums; egfuse rounds every op to the element type and folds a reduce's body
sequentially in row-major order (as the spec allows and XLA's reference evaluator does), so an
n-element f32 sum may differ by up to about n * 2^-24 relative (measured: 1.5e-3 on the
4M-element linalg_norm_scalar_f32). For bf16, XLA upcasts elementwise chains to f32 and rounds
at fusion boundaries, so one bf16 ulp (2^-8 relative) of difference is expected on any value,
also after a final convert to f32: a module's outputs are compared with the tolerance of the
narrowest float type the module computes in.

With `--forms lower-forms`, XLA runs the module as `egfuse lower` rewrites it before fusion (the
passes complex-forms, round-forms, math-forms and bit-forms: complex tensors as the tensors of
their parts, `tan`, `cbrt`, `atan2` and roundings by other ops, bit counts by shifts): the complex
inputs handed over as their parts, the pairs XLA returns read back as complex values, and those
compared with egfuse's evaluation of the module itself.

With `--forms input,composite` (or `mhlo`), XLA also runs what `egfuse fuse --emit KIND` makes
of each module, while egfuse still evaluates the original: the fused form must compute, under
XLA, what the input computes. It must also run no less accurately than the input does under XLA:
per float output, the fused form's error against the f64 reference (the input run by `egfuse
eval --numerics exact`) may be at most ACCURACY times the input's own error under XLA, plus one
ulp of the compute type times the reference's RMS, both in root mean square and at the worst
element. A rewrite that rounds where the input did not (a bf16 `x / n` as `x * (1/n)` with `1/n`
rounded to bf16, issue 39) fails this even when the fused output is within the tolerance of
egfuse's. Where XLA computes the fused form's outputs bit for bit as the input's, the rule holds
without the reference.

Each module's forms share one `egfuse eval`, one XLA run of the input and at most one f64
reference; `--jobs` modules (2 by default) are checked at once, and the lines print in the
order of the files.

An output outside the tolerance is then judged by `egfuse verify`'s rule (engine/interp/src/
verdict.rs): it still agrees when XLA's error against the exact reference (the input module
run by `egfuse eval --numerics exact`, every float in f64) is at most FACTOR times egfuse's own
error against it, plus one ulp of the compute type times the reference's RMS, with no element
finite in one run and not in the other. Deep networks amplify rounding past any fixed
tolerance; this tells that from a miscompile the same way verify does.

usage: xla_oracle.py --egfuse BIN [--seed S] [--keep DIR] [--forms input,composite] [--jobs N]
                     INPUTS...
"""

import argparse
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import tempfile

import numpy as np

# dtype name -> (atol, rtol)
TOLERANCE = {
    "float64": (1e-10, 1e-9),
    "float32": (1e-4, 2e-3),
    "float16": (2e-3, 1e-2),
    "bfloat16": (3e-2, 3e-2),
    "complex128": (1e-10, 1e-9),
    "complex64": (1e-4, 2e-3),
}

# verify's --factor: XLA's error against the exact reference may be this many times egfuse's.
FACTOR = 4.0

# A fused output's error against the f64 reference may be this many times the input's, both
# run by XLA: above 1 only for the rounding that reordering leaves, far below verify's FACTOR.
ACCURACY = 1.25

# One ulp at 1 of each float dtype (the rule's floor).
EPSILON = {"float64": 2.0**-52, "float32": 2.0**-23, "float16": 2.0**-10, "bfloat16": 2.0**-7}

# Modules the oracle cannot yet confirm, with the reason; they are reported, not passed.
KNOWN = {
    "cholesky_f32.mlir": "JAX lowers cholesky to the LAPACK custom call lapack_spotrf_ffi",
}

# Modules XLA runs as they are less accurately than egfuse's reference, known by the path's end:
# only when XLA runs the module itself (the fused forms, whose LayerNorms egfuse expanded, are
# checked). torch_xla writes nn.LayerNorm as `batch_norm_training`, which XLA's BatchNormExpander
# computes as E[x^2] - E[x]^2, losing digits to cancellation where the residual stream's mean is
# large; egfuse's expansion centers first. Measured: XLA's RMS error against the f64 reference
# is 2.5e-4 (GPT-2) and 1.1e-4 (ViT), egfuse's 5.3e-6 and 3.0e-6.
BATCH_NORM = "XLA's batch_norm_training expansion loses digits (E[x^2] - E[x]^2)"
KNOWN_UNFUSED = {
    "torch/hf_gpt2_f32.mlir": BATCH_NORM,
    "torch/hf_vit_f32.mlir": BATCH_NORM,
    # The sweep's GPT-2 and BERT at batch 2 and 3 (hidden 256): XLA's RMS error against f64 is
    # 1.2e-4 to 7.4e-4, egfuse's 1.7e-5 to 3.6e-5.
    "sweep/torch/hf_gpt2_b2_f32.mlir": BATCH_NORM,
    "sweep/torch/hf_gpt2_b3_f32.mlir": BATCH_NORM,
    "sweep/torch/hf_bert_b2_f32.mlir": BATCH_NORM,
    "sweep/torch/hf_bert_b3_f32.mlir": BATCH_NORM,
}

# Fused forms XLA runs further from the f64 reference than it runs the input, not yet
# explained, known by the path's end: reported, not passed. None now: the sweep's bf16 GPT-2 and
# BERT (1.16x and 1.09x) rounded their expanded LayerNorms' statistics to bf16, which the
# expansion no longer does (engine/fusion/src/expand/mod.rs).
KNOWN_FUSED: dict = {}

# Modules whose lowered form XLA computes differently by design, known by the path's end:
# round-forms rounds by `(|x| + 2^23) - 2^23`, each add rounding to fp32 as it does on the device,
# and XLA's CPU compiler folds that to `|x|` (measured: round_nearest_even of 0.4, 0.5, 1.5, 2.5
# spelled so gives 0.4, 0.5, 1.5, 2.5 under XLA). `lowering/src/round_forms.rs` tests the law
# bit for bit in egfuse's interpreter instead.
ROUNDING = "XLA folds round-forms' (|x| + 2^23) - 2^23 to |x|"
KNOWN_LOWERED = {
    "jax/elementwise_misc_f32.mlir": ROUNDING,
    "jax/fake_quant_int8_f32.mlir": ROUNDING,
    # remainder-forms floors each pass's quotient so (`lowering/src/remainder_forms.rs`, whose
    # unit test runs 4,484 pairs bit for bit in egfuse's interpreter).
    "jax/remainder_f32.mlir": ROUNDING,
    # The OCP reference's floor(log2(amax)) in torch (tools/export_torch.py's MxQuantize).
    "torch/mx_quantize_f32.mlir": ROUNDING,
    "torch/mx_quantize_bf16.mlir": ROUNDING,
}

FORMS = ("input", "mhlo", "composite", "lower-forms")

ELEM_DTYPES = {
    "f64": "float64", "f32": "float32", "f16": "float16", "bf16": "bfloat16",
    "i1": "bool", "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64",
    "ui8": "uint8", "ui16": "uint16", "ui32": "uint32", "ui64": "uint64",
    "complex<f32>": "complex64", "complex<f64>": "complex128",
    "f8E4M3FN": "float8_e4m3fn", "f8E4M3": "float8_e4m3", "f8E5M2": "float8_e5m2",
    "f8E8M0FNU": "float8_e8m0fnu", "f4E2M1FN": "float4_e2m1fn",
}


def main_arg_dtypes(text):
    """The dtype names of @main's arguments, in order (from the MLIR signature)."""
    m = re.search(r"func\.func (?:public )?@main\((.*?)\)\s*(->|\{)", text, re.S)
    if not m:
        return None
    types = re.findall(r"%[\w.$-]+\s*:\s*tensor<([^>]*(?:<[^>]*>)?)>", m.group(1))
    out = []
    for t in types:
        elem = t.split("x")[-1] if "complex" not in t else "complex<" + t.split("complex<")[1]
        out.append(ELEM_DTYPES.get(elem.strip()))
    return out


def as_dtype(array, name):
    if name == "bfloat16" or (name or "").startswith(QUANTIZED):
        import ml_dtypes
        return array.astype(getattr(ml_dtypes, name))
    return array.astype(name) if name else array


def run_xla(text, inputs):
    # torch_xla's token ids are i64, which jax hands XLA as i64 only with x64 enabled.
    os.environ.setdefault("JAX_ENABLE_X64", "1")
    import jax
    from jax._src.lib import xla_client as xc

    dev = jax.devices("cpu")[0]
    exe = dev.client.compile_and_load(text, xc.DeviceList((dev,)), xc.CompileOptions())
    bufs = [jax.device_put(x, dev) for x in inputs]
    res = exe.execute_sharded(bufs)
    return [np.asarray(o[0]) for o in res.disassemble_into_single_device_arrays()]


def narrowest_float(text):
    """The dtype name of the narrowest float type the module computes in, if any."""
    for word, name in (("bf16", "bfloat16"), ("f16", "float16"), ("f32", "float32")):
        if re.search(r"x%s>|<%s>" % (word, word), text):
            return name
    return None


# Floats of 8 bits or fewer (fp8, fp6, fp4: MX elements and E8M0 scales) are quantized data:
# their outputs must be the same values exactly, whatever precision the module computes in.
QUANTIZED = ("float8", "float6", "float4")


def compare(ours, theirs, compute=None):
    """(ok, max_abs, max_rel) for one output."""
    name = str(theirs.dtype)
    widen = compute and "float" in name and not name.startswith(QUANTIZED)
    if widen and name != compute and TOLERANCE[compute] > TOLERANCE.get(name, (0, 0)):
        name = compute
    a = np.asarray(ours).astype(np.complex128 if "complex" in name else np.float64)
    b = np.asarray(theirs).astype(np.complex128 if "complex" in name else np.float64)
    if a.shape != b.shape:
        return False, float("inf"), float("inf")
    a, b = a.ravel(), b.ravel()
    atol, rtol = TOLERANCE.get(name, (0.0, 0.0))
    both_nan = np.isnan(a) & np.isnan(b)
    same = (a == b) | both_nan
    # Differences only between finite values: an infinity or NaN that is not matched exactly
    # (inf against -inf, inf against a number, NaN against a number) is infinitely wrong, and
    # inf - inf would be NaN (NumPy's "invalid value encountered in subtract").
    finite = ~same & np.isfinite(a) & np.isfinite(b)
    diff = np.where(same, 0.0, np.inf)
    diff[finite] = np.abs(a[finite] - b[finite])
    scale = np.maximum(np.abs(b[finite]), np.finfo(np.float64).tiny)
    bad = ~same & ~finite
    bad[finite] = ~(diff[finite] <= atol + rtol * np.abs(b[finite]))
    max_abs = float(np.max(diff)) if diff.size else 0.0
    rel = np.where(same, 0.0, np.inf)
    rel[finite] = diff[finite] / scale
    max_rel = float(np.max(rel)) if rel.size else 0.0
    return not bool(np.any(bad)), max_abs, max_rel


def judge(candidate, original, reference, compute, factor=FACTOR):
    """verify's rule: (ok, candidate rms error, original rms error) against the reference."""
    def reals(x):
        x = np.asarray(x)
        x = x.astype(np.complex128 if np.iscomplexobj(x) else np.float64)
        return np.stack([x.real, x.imag]).ravel() if np.iscomplexobj(x) else x.ravel()
    c, o, r = reals(candidate), reals(original), reals(reference)
    if not (c.shape == o.shape == r.shape):
        return False, float("inf"), float("inf")
    finite = np.isfinite(c) & np.isfinite(o)
    same_kind = (c == o) | (np.isnan(c) & np.isnan(o))
    if np.any(~finite & ~same_kind):
        return False, float("inf"), float("inf")
    keep = finite & np.isfinite(r)
    ec, eo = np.abs(c[keep] - r[keep]), np.abs(o[keep] - r[keep])
    rms = lambda e: float(np.sqrt(np.mean(e * e))) if e.size else 0.0
    scale = rms(r[np.isfinite(r)])
    exact = str(np.asarray(original).dtype).startswith(QUANTIZED)
    floor = 0.0 if exact else EPSILON.get(compute or str(np.asarray(original).dtype), 0.0) * scale
    mx = lambda e: float(np.max(e)) if e.size else 0.0
    ok = rms(ec) <= factor * rms(eo) + floor and mx(ec) <= factor * mx(eo) + floor
    return ok, rms(ec), rms(eo)


class Module:
    """One input module and what its checks share, each computed once when first asked for:
    egfuse's outputs and the inputs it drew, XLA's outputs on the module itself, and the f64
    reference (`egfuse eval --numerics exact`)."""

    def __init__(self, egfuse, path, seed, workdir):
        self.egfuse, self.path = egfuse, path
        self.text = open(path).read()
        self.base = os.path.join(workdir, os.path.basename(path))
        self.ins = self.base + ".in.npz"
        self.compute = narrowest_float(self.text)
        self.seed = seed
        self._ours = self._xla = self._reference = None

    def ours(self):
        """(outputs, inputs) of `egfuse eval --random SEED`, or the error text."""
        if self._ours is None:
            out = self.base + ".out.npz"
            run = subprocess.run([self.egfuse, "eval", self.path, "--random", str(self.seed),
                                  "--save-inputs", self.ins, "-o", out],
                                 capture_output=True, text=True)
            if run.returncode != 0:
                self._ours = "egfuse eval failed: " + first_line(run.stderr)
            else:
                dtypes = main_arg_dtypes(self.text)
                with np.load(self.ins) as z:
                    inputs = [as_dtype(z[f"arg{i}"], d) for i, d in enumerate(dtypes)]
                with np.load(out) as z:
                    self._ours = ([z[f"out{i}"] for i in range(len(z.files))], inputs)
        return self._ours

    def xla(self):
        """XLA's outputs on the module itself, or the error text."""
        if self._xla is None:
            try:
                self._xla = run_xla(self.text, self.ours()[1])
            except Exception as e:  # XLA's own errors are reported, not raised
                self._xla = f"XLA failed on the input: {str(e).splitlines()[0]}"
        return self._xla

    def reference(self):
        """The module's outputs with every float held in f64, or the error text."""
        if self._reference is None:
            ref = self.base + ".exact.npz"
            run = subprocess.run([self.egfuse, "eval", self.path, "--inputs", self.ins,
                                  "--numerics", "exact", "-o", ref], capture_output=True, text=True)
            if run.returncode != 0:
                self._reference = "egfuse eval --numerics exact failed: " + first_line(run.stderr)
            else:
                with np.load(ref) as z:
                    self._reference = [z[f"out{i}"] for i in range(len(z.files))]
        return self._reference


def first_line(stderr):
    return (stderr.strip().splitlines() or ["?"])[0]


def skip_reason(module, form):
    """Why this form of the module is not checked, or None."""
    if re.search(r"func\.func (?:public )?@main\([^)]*\?", module.text):
        return "skipped: @main has dynamic dimensions, which XLA compiles only after shape refinement"
    name = os.path.basename(module.path)
    if name in KNOWN:
        return "known: " + KNOWN[name]
    known = {"input": KNOWN_UNFUSED, "lower-forms": KNOWN_LOWERED}.get(form, KNOWN_FUSED)
    why = [why for end, why in known.items() if module.path.endswith(end)]
    return "known: " + why[0] if why else None


def check_form(module, form):
    """(ok, detail) for one form: None for ok when the form is skipped or known."""
    why = skip_reason(module, form)
    if why:
        return None, why
    if main_arg_dtypes(module.text) is None:
        return False, "no public @main"
    ours = module.ours()
    if isinstance(ours, str):
        return False, ours
    if form == "input":
        theirs = module.xla()
    elif form == "lower-forms":
        theirs = run_lower_forms(module, ours)
        if theirs is None:
            return None, "skipped: complex-forms leaves the module's complex values (an op it does not spell)"
    else:
        fused = module.base + f".fused-{form}.mlir"
        run = subprocess.run([module.egfuse, "fuse", module.path, "--emit", form, "-o", fused],
                             capture_output=True, text=True)
        if run.returncode != 0:
            return False, "egfuse fuse failed: " + first_line(run.stderr)
        try:
            theirs = run_xla(open(fused).read(), ours[1])
        except Exception as e:  # XLA's own errors are reported, not raised
            theirs = f"XLA failed: {str(e).splitlines()[0]}"
    if isinstance(theirs, str):
        return False, theirs
    ok, detail = agrees(module, ours[0], theirs)
    if form != "input" and ok:
        return accuracy(module, theirs)
    return ok, detail


def run_lower_forms(module, ours):
    """XLA's outputs of the module as `egfuse lower` spells it before fusion (after its passes
    complex-forms, round-forms, math-forms and bit-forms), where a complex tensor is the f32 or
    f64 tensor of its parts along a new last dimension: the complex inputs are handed over as
    their parts and the pairs XLA returns read back as complex values. None when complex-forms
    left the module's complex values as they are."""
    run = subprocess.run([module.egfuse, "lower", module.path, "--print-after", "bit-forms",
                          "--after", "tile"], capture_output=True, text=True)
    # The dump runs from its header to the first line the run prints after it.
    dump = run.stderr.split("//----- //\n", 1)[-1].splitlines()
    ends = [n for n, line in enumerate(dump) if re.match(r"(lowered |error|warning|check:)", line)]
    text = "\n".join(dump[:ends[0]] if ends else dump) + "\n"
    if "module" not in text and "func.func" not in text:
        return "egfuse lower printed no module after bit-forms: " + first_line(run.stderr)
    if "complex<" in text:
        return None
    def parts(x):
        if not np.iscomplexobj(x):
            return x
        real = np.float32 if x.dtype == np.complex64 else np.float64
        return np.ascontiguousarray(x).view(real).reshape(x.shape + (2,))
    try:
        outs = run_xla(text, [parts(x) for x in ours[1]])
    except Exception as e:  # XLA's own errors are reported, not raised
        return f"XLA failed: {str(e).splitlines()[0]}"
    return [o[..., 0] + 1j * o[..., 1] if np.iscomplexobj(m) else o
            for o, m in zip(outs, ours[0])]


def agrees(module, mine, theirs):
    """(ok, detail): XLA's outputs against egfuse's, by tolerance, else by verify's rule."""
    if len(mine) != len(theirs):
        return False, f"{len(mine)} outputs vs XLA's {len(theirs)}"
    ok, worst = True, []
    for i, (m, t) in enumerate(zip(mine, theirs)):
        good, max_abs, max_rel = compare(m, t, module.compute)
        line = f"out{i} {t.dtype}{list(t.shape)} abs {max_abs:.2e} rel {max_rel:.2e}"
        if not good and ("float" in str(t.dtype) or "complex" in str(t.dtype)):
            reference = module.reference()
            if isinstance(reference, str):
                return False, reference
            good, ec, eo = judge(t, m, reference[i], module.compute)
            verdict = "within rounding" if good else "DIFFERENT"
            line += f" (against f64: XLA rms {ec:.2e}, egfuse {eo:.2e}: {verdict})"
        ok &= good
        worst.append(line)
    return ok, "; ".join(worst)


def identical(a, b):
    """Whether two outputs hold the same values bit for bit (NaN equal to NaN)."""
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    if "float" in str(a.dtype) or "complex" in str(a.dtype):
        wide = np.complex128 if np.iscomplexobj(a) else np.float64
        return bool(np.array_equal(a.astype(wide), b.astype(wide), equal_nan=True))
    return bool(np.array_equal(a, b))


def accuracy(module, fused):
    """(ok, detail): every float output of the fused form under XLA is no further from the f64
    reference than the input's under XLA, by ACCURACY (judge's rule with that factor). Outputs
    XLA computes bit for bit alike from both forms pass without the reference."""
    unfused = module.xla()
    if isinstance(unfused, str):
        return False, unfused
    floats = [i for i, f in enumerate(fused) if "float" in str(f.dtype) or "complex" in str(f.dtype)]
    if all(identical(fused[i], unfused[i]) for i in floats):
        return True, "fused form's outputs are the input's, bit for bit, under XLA" if floats else "no float outputs"
    reference = module.reference()
    if isinstance(reference, str):
        return False, reference
    ok, lines = True, []
    for i in floats:
        f, u = fused[i], unfused[i]
        good, ef, eu = judge(f, u, reference[i], module.compute, ACCURACY)
        ok &= good
        verdict = "" if good else ": LESS ACCURATE"
        lines.append(f"out{i} {f.dtype}{list(f.shape)} against f64: fused rms {ef:.2e}, "
                     f"input {eu:.2e}{verdict}")
    return ok, "; ".join(lines)


def check_file(job):
    """[(form, ok, detail)] for one module, its scratch files in a directory of its own (two
    modules of one name, from two directories, may be checked at once), removed after unless
    kept (a pool task)."""
    egfuse, path, seed, scratch, forms, keep = job
    os.makedirs(scratch, exist_ok=True)
    module = Module(egfuse, path, seed, scratch)
    try:
        return [(form,) + check_form(module, form) for form in forms]
    finally:
        if not keep:
            shutil.rmtree(scratch, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--egfuse", required=True)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--keep", help="keep the .npz files in this directory")
    ap.add_argument("--forms", default="input",
                    help="comma-separated forms XLA runs: input (the module itself), mhlo and "
                         "composite (what `egfuse fuse --emit KIND` makes of it), lower-forms "
                         "(the module as `egfuse lower` spells it before fusion); default input")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                    help="modules checked at once (default: 2, or 1 on one core)")
    ap.add_argument("inputs", nargs="+")
    args = ap.parse_args()
    forms = args.forms.split(",")
    bad = [f for f in forms if f not in FORMS]
    if bad:
        ap.error(f"unknown form {bad[0]!r} (expected one of {', '.join(FORMS)})")
    files = []
    for p in args.inputs:
        if os.path.isdir(p):
            files += sorted(os.path.join(p, f) for f in os.listdir(p) if f.endswith(".mlir"))
        else:
            files.append(p)
    # Without --keep the scratch files live in a directory removed on exit, and each module's
    # are removed once it is checked: a corpus run writes about 1.6 GB of .npz files.
    scratch = None if args.keep else tempfile.TemporaryDirectory(prefix="xla_oracle_")
    workdir = args.keep or scratch.name
    os.makedirs(workdir, exist_ok=True)
    counts = {form: [0, 0, 0] for form in forms}
    jobs = [(args.egfuse, f, args.seed, os.path.join(workdir, f"{n:04d}"), forms, bool(args.keep))
            for n, f in enumerate(files)]
    try:
        # Spawned workers: XLA's client and thread pools are made in each worker, never forked.
        with multiprocessing.get_context("spawn").Pool(max(1, args.jobs)) as pool:
            for path, results in zip(files, pool.imap(check_file, jobs)):
                for form, ok, detail in results:
                    word = "SKIP" if ok is None else "PASS" if ok else "FAIL"
                    shown = path if form == "input" else f"{path} [{form}]"
                    print(f"{word} {shown}: {detail}", flush=True)
                    counts[form][0 if ok is True else 1 if ok is False else 2] += 1
    finally:
        if scratch is not None:
            scratch.cleanup()
    for form, (passed, failed, other) in counts.items():
        print(f"{form}: {passed} passed, {failed} failed, {other} skipped or known")
    sys.exit(1 if any(c[1] for c in counts.values()) else 0)


if __name__ == "__main__":
    main()
