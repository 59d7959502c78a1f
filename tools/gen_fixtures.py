#!/usr/bin/env python3
"""Write egfuse's committed fixture set of real JAX-exported StableHLO.

Every file in ``tests/fixtures/jax/`` is printed by JAX from a small traced
program defined below; none is written or edited by hand.  The programs are
chosen to cover many distinct op syntaxes (pretty and generic-only ops,
regions, variadic results, chlo ops, composites, custom calls, complex and
integer types, dense/hex/NaN constants, locations, jax.export output with
static and symbolic shapes) while keeping every file a few KB.

File kinds (``NAME`` is the program name):

* ``NAME.mlir``        ``jax.jit(f).lower(*args).as_text()`` (pretty, no locations)
* ``NAME.loc.mlir``    ``.as_text(debug_info=True)`` (with ``loc(...)``)
* ``NAME.export.mlir`` ``jax.export.export(jax.jit(f))(*args).mlir_module()``

Output is deterministic: weights are function arguments (``ShapeDtypeStruct``),
never random data, and the absolute path of this script, which JAX records in
locations, is replaced by its repository-relative path ``tools/gen_fixtures.py``.
Each text is parsed and verified by jaxlib's MLIR parser before it is written,
and ``README.md`` is regenerated with one line per file.

Usage (from the repository root, with the venv of tools/setup_venv.sh):

    python tools/gen_fixtures.py [--out DIR] [--only SUBSTR]
"""

import argparse
import dataclasses
import functools
import os
import pathlib
import sys

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax import lax  # noqa: E402

REPO = pathlib.Path(__file__).resolve().parent.parent
DEFAULT_OUT = REPO / "tests" / "fixtures" / "jax"
CANONICAL_SCRIPT = "tools/gen_fixtures.py"
PINNED_VERSIONS = "0.10.2"
COMMAND = "python tools/gen_fixtures.py"

F32, BF16, I32, U32 = jnp.float32, jnp.bfloat16, jnp.int32, jnp.uint32


def spec(shape, dtype=F32):
    """An abstract argument: shape and dtype only, no data."""
    return jax.ShapeDtypeStruct(tuple(shape), dtype)


@dataclasses.dataclass
class Fixture:
    name: str
    what: str
    fn: object
    args: tuple
    kinds: tuple  # subset of ("mlir", "loc", "export")


FIXTURES = []


def fixture(name, what, *args, kinds=("mlir",)):
    """Register ``fn`` as fixture ``name`` lowered with abstract ``args``."""

    def register(fn):
        FIXTURES.append(Fixture(name, what, fn, args, kinds))
        return fn

    return register


# ----------------------------------------------------------------------------
# building blocks


def rmsnorm(x, w, eps=1e-6):
    return x * lax.rsqrt(jnp.mean(x * x, axis=-1, keepdims=True) + eps) * w


def rmsnorm_upcast(x, w, eps=1e-6):
    h = x.astype(F32)
    h = h * lax.rsqrt(jnp.mean(h * h, axis=-1, keepdims=True) + eps)
    return w * h.astype(x.dtype)


def causal_attention(q, k, v):
    """q, k, v: [B, H, S, D]; softmax(q k^T / sqrt(D) masked causally) v."""
    s = q.shape[-2]
    scores = jnp.einsum("bhqd,bhkd->bhqk", q, k) / np.sqrt(q.shape[-1]).astype(np.float32)
    row = lax.broadcasted_iota(I32, (s, s), 0)
    col = lax.broadcasted_iota(I32, (s, s), 1)
    scores = jnp.where(row >= col, scores, -jnp.inf)
    return jnp.einsum("bhqk,bhkd->bhqd", jax.nn.softmax(scores, axis=-1), v)


def swiglu(x, w_gate, w_up, w_down):
    return (jax.nn.silu(x @ w_gate) * (x @ w_up)) @ w_down


def rope(x, base=10000.0):
    """Rotary embedding on [B, S, H, D] with sin/cos computed in the graph."""
    seq, dim = x.shape[1], x.shape[-1]
    inv_freq = 1.0 / (base ** (jnp.arange(0, dim, 2, dtype=F32) / dim))
    angles = jnp.arange(seq, dtype=F32)[:, None] * inv_freq[None, :]
    sin = jnp.sin(angles)[None, :, None, :]
    cos = jnp.cos(angles)[None, :, None, :]
    x1, x2 = x[..., : dim // 2], x[..., dim // 2 :]
    return jnp.concatenate([x1 * cos - x2 * sin, x2 * cos + x1 * sin], axis=-1)


# ----------------------------------------------------------------------------
# normalisation and activations

X3 = spec((2, 8, 32))
W32 = spec((32,))


@fixture("rmsnorm_f32", "x * rsqrt(mean(x*x, -1, keepdims) + eps) * w", X3, W32,
         kinds=("mlir", "loc", "export"))
def rmsnorm_f32(x, w):
    return rmsnorm(x, w)


@fixture("rmsnorm_bf16", "Llama-style rmsnorm: bf16 io, f32 compute (convert ops)",
         spec((2, 8, 32), BF16), spec((32,), BF16))
def rmsnorm_bf16(x, w):
    return rmsnorm_upcast(x, w)


@fixture("rmsnorm_dynamic_batch", "rmsnorm exported with a symbolic batch dim "
         "(tensor<?x32xf32>, shape assertions, dynamic_broadcast_in_dim)",
         spec(jax.export.symbolic_shape("b, 32")), W32, kinds=("export",))
def rmsnorm_dynamic_batch(x, w):
    return rmsnorm(x, w)


@fixture("composite_rmsnorm_f32", "rmsnorm wrapped in lax.composite "
         "(stablehlo.composite with composite_attributes, decomposition func)", X3, W32)
def composite_rmsnorm_f32(x, w):
    return lax.composite(lambda x, w, *, eps: rmsnorm(x, w, eps), name="egfuse.rms_norm",
                         version=1)(x, w, eps=1e-6)


@fixture("layernorm_f32", "(x - mean) * rsqrt(var + eps) * g + b", X3, W32, W32)
def layernorm_f32(x, g, b):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean(jnp.square(x - mean), axis=-1, keepdims=True)
    return (x - mean) * lax.rsqrt(var + 1e-5) * g + b


@fixture("softmax_f32", "jax.nn.softmax over the last axis", spec((2, 8, 16)))
def softmax_f32(x):
    return jax.nn.softmax(x, axis=-1)


@fixture("softmax_bf16", "jax.nn.softmax over the last axis, bf16", spec((2, 8, 16), BF16))
def softmax_bf16(x):
    return jax.nn.softmax(x, axis=-1)


@fixture("log_softmax_f32", "jax.nn.log_softmax over the last axis", spec((2, 8, 16)))
def log_softmax_f32(x):
    return jax.nn.log_softmax(x, axis=-1)


@fixture("gelu_tanh_f32", "jax.nn.gelu(approximate=True) (tanh form)", spec((8, 32)))
def gelu_tanh_f32(x):
    return jax.nn.gelu(x, approximate=True)


@fixture("gelu_erf_f32", "jax.nn.gelu(approximate=False) (exact, erf)", spec((8, 32)))
def gelu_erf_f32(x):
    return jax.nn.gelu(x, approximate=False)


@fixture("silu_div_exp_f32", "silu written as x / (1 + exp(-x))", spec((8, 32)))
def silu_div_exp_f32(x):
    return x / (1.0 + jnp.exp(-x))


@fixture("expm1_f32", "jnp.expm1 (exponential_minus_one)", spec((8, 32)))
def expm1_f32(x):
    return jnp.expm1(x)


@fixture("log1p_f32", "jnp.log1p (log_plus_one)", spec((8, 32)))
def log1p_f32(x):
    return jnp.log1p(x)


@fixture("elementwise_misc_f32", "clamp, round (even/afz), floor, ceil, sign, is_finite, "
         "atan2, tan, cbrt, pow, sigmoid, abs, max/min, f16 convert", spec((4, 8)), spec((4, 8)))
def elementwise_misc_f32(x, y):
    r = lax.clamp(-1.0, x, 1.0) + jnp.round(y) + lax.round(x, lax.RoundingMethod.AWAY_FROM_ZERO)
    r = r + jnp.floor(x) * jnp.ceil(y) + jnp.sign(x) + jnp.arctan2(x, y) + jnp.tan(x)
    r = r + jnp.cbrt(y) + jnp.power(jnp.abs(x), y) + jax.nn.sigmoid(y)
    r = jnp.where(jnp.isfinite(r), r, 0.0)
    return jnp.maximum(r, x).astype(jnp.float16), jnp.minimum(r, y)


# ----------------------------------------------------------------------------
# attention, mlp, a whole block


@fixture("attention_causal_f32", "softmax(q k^T / sqrt(d)) v with a causal mask "
         "(iota compare + select), [B,H,S,D]",
         spec((1, 2, 8, 16)), spec((1, 2, 8, 16)), spec((1, 2, 8, 16)), kinds=("mlir", "loc"))
def attention_causal_f32(q, k, v):
    return causal_attention(q, k, v)


@fixture("swiglu_mlp_f32", "(silu(x @ w_gate) * (x @ w_up)) @ w_down, weights in a dict "
         "(export: arg locations like loc(\"p['w_gate']\"))",
         spec((8, 32)), {"w_gate": spec((32, 64)), "w_up": spec((32, 64)),
                         "w_down": spec((64, 32))}, kinds=("mlir", "export"))
def swiglu_mlp_f32(x, p):
    return swiglu(x, p["w_gate"], p["w_up"], p["w_down"])


D_MODEL, N_HEADS, HEAD_DIM, D_FF, SEQ = 32, 2, 16, 64, 8
LLAMA_PARAMS = {
    "attn_norm": spec((D_MODEL,)),
    "wq": spec((D_MODEL, D_MODEL)),
    "wk": spec((D_MODEL, D_MODEL)),
    "wv": spec((D_MODEL, D_MODEL)),
    "wo": spec((D_MODEL, D_MODEL)),
    "mlp_norm": spec((D_MODEL,)),
    "w_gate": spec((D_MODEL, D_FF)),
    "w_up": spec((D_MODEL, D_FF)),
    "w_down": spec((D_FF, D_MODEL)),
}


@fixture("llama_block_f32", "1-layer Llama-style block: rmsnorm, rope (sin/cos), causal "
         "attention, swiglu; f32 weights as a dict argument",
         spec((1, SEQ, D_MODEL)), LLAMA_PARAMS)
def llama_block_f32(x, p):
    b, s, _ = x.shape

    def heads(t):
        return t.reshape(b, s, N_HEADS, HEAD_DIM)

    h = rmsnorm(x, p["attn_norm"])
    q, k, v = heads(h @ p["wq"]), heads(h @ p["wk"]), heads(h @ p["wv"])
    q, k = rope(q), rope(k)
    to_bhsd = functools.partial(jnp.transpose, axes=(0, 2, 1, 3))
    att = causal_attention(to_bhsd(q), to_bhsd(k), to_bhsd(v))
    x = x + to_bhsd(att).reshape(b, s, D_MODEL) @ p["wo"]
    h = rmsnorm(x, p["mlp_norm"])
    return x + swiglu(h, p["w_gate"], p["w_up"], p["w_down"])


SCAN_LAYERS, SCAN_D, SCAN_HEADS, SCAN_FF, SCAN_SEQ = 4, 128, 4, 256, 32
SCAN_PARAMS = {
    "attn_norm": spec((SCAN_LAYERS, SCAN_D)),
    "wq": spec((SCAN_LAYERS, SCAN_D, SCAN_D)),
    "wk": spec((SCAN_LAYERS, SCAN_D, SCAN_D)),
    "wv": spec((SCAN_LAYERS, SCAN_D, SCAN_D)),
    "wo": spec((SCAN_LAYERS, SCAN_D, SCAN_D)),
    "mlp_norm": spec((SCAN_LAYERS, SCAN_D)),
    "w_gate": spec((SCAN_LAYERS, SCAN_D, SCAN_FF)),
    "w_up": spec((SCAN_LAYERS, SCAN_D, SCAN_FF)),
    "w_down": spec((SCAN_LAYERS, SCAN_FF, SCAN_D)),
}


@fixture("scan_llama_f32", "4-layer Llama-style decoder run by lax.scan over stacked layer "
         "weights (the whole layer is the stablehlo.while body): rmsnorm, causal attention, "
         "swiglu; hidden 128, seq 32",
         spec((1, SCAN_SEQ, SCAN_D)), SCAN_PARAMS)
def scan_llama_f32(x, p):
    b, s, _ = x.shape
    head_dim = SCAN_D // SCAN_HEADS
    to_bhsd = functools.partial(jnp.transpose, axes=(0, 2, 1, 3))

    def heads(t):
        return to_bhsd(t.reshape(b, s, SCAN_HEADS, head_dim))

    def layer(x, w):
        h = rmsnorm(x, w["attn_norm"])
        q, k, v = heads(h @ w["wq"]), heads(h @ w["wk"]), heads(h @ w["wv"])
        att = causal_attention(q, k, v)
        x = x + to_bhsd(att).reshape(b, s, SCAN_D) @ w["wo"]
        h = rmsnorm(x, w["mlp_norm"])
        return x + swiglu(h, w["w_gate"], w["w_up"], w["w_down"]), None

    return lax.scan(layer, x, p)[0]


# ----------------------------------------------------------------------------
# control flow and calls


@fixture("fori_loop_f32", "lax.fori_loop with a static trip count (stablehlo.while)",
         spec((4, 8)))
def fori_loop_f32(x):
    return lax.fori_loop(0, 5, lambda i, c: 0.5 * c + jnp.sin(c) + i.astype(F32), x)


@fixture("scan_rnn_f32", "lax.scan of a tanh RNN cell over 6 steps (while with carried "
         "dynamic_slice / dynamic_update_slice)", spec((4, 16)), spec((6, 4, 16)),
         spec((16, 16)))
def scan_rnn_f32(h0, xs, w):
    def cell(h, x):
        h = jnp.tanh(h @ w + x)
        return h, h

    return lax.scan(cell, h0, xs)


@fixture("cond_switch_f32", "lax.cond and lax.switch (stablehlo.case regions)",
         spec((), jnp.bool_), spec((), I32), spec((4, 4)))
def cond_switch_f32(p, i, x):
    a = lax.cond(p, jnp.sin, jnp.cos, x)
    return lax.switch(i, [jnp.exp, jnp.tanh, lambda t: t * 2.0], a)


@fixture("nested_call_f32", "nested jax.jit (func.call to private funcs), "
         "optimization_barrier, stop_gradient", spec((4, 8)), spec((4, 8)))
def nested_call_f32(x, y):
    inner = jax.jit(lambda a, b: jnp.tanh(a) * b)
    a, b = lax.optimization_barrier((x, y))
    return inner(a, lax.stop_gradient(b)) + inner(b, a)


# ----------------------------------------------------------------------------
# data movement and reductions


@fixture("sort_f32", "jnp.sort along the last axis (sort with comparator region)",
         spec((4, 8)))
def sort_f32(x):
    return jnp.sort(x, axis=-1)


@fixture("argsort_f32", "jnp.argsort (two-operand stable sort with iota)", spec((4, 8)))
def argsort_f32(x):
    return jnp.argsort(x, axis=-1)


@fixture("cumsum_f32", "jnp.cumsum along the last axis (reduce_window)", spec((4, 8)))
def cumsum_f32(x):
    return jnp.cumsum(x, axis=-1)


@fixture("argmax_f32", "jnp.argmax (variadic reduce over value and index)", spec((4, 8)))
def argmax_f32(x):
    return jnp.argmax(x, axis=-1)


@fixture("top_k_f32", "lax.top_k with k=3 (chlo.top_k)", spec((4, 8)))
def top_k_f32(x):
    return lax.top_k(x, 3)


@fixture("gather_scatter_f32", "x[idx] (gather) and x.at[idx].add(y) (scatter with "
         "update region)", spec((16, 8)), spec((4,), I32), spec((4, 8)))
def gather_scatter_f32(x, idx, y):
    return x[idx], x.at[idx].add(y)


@fixture("pad_f32", "jnp.pad (edge/constant) and lax.pad with negative and interior padding",
         spec((4, 8)))
def pad_f32(x):
    a = jnp.pad(x, ((1, 2), (0, 3)))
    b = lax.pad(x, 0.0, [(1, -1, 1), (0, 0, 2)])
    c = jnp.pad(x, ((1, 1), (2, 2)), mode="edge")
    return a, b, c


@fixture("dynamic_slice_update_f32", "lax.dynamic_slice and lax.dynamic_update_slice "
         "with traced indices", spec((8, 8)), spec((2, 4)), spec((), I32), spec((), I32))
def dynamic_slice_update_f32(x, u, i, j):
    return lax.dynamic_slice(x, (i, j), (2, 4)), lax.dynamic_update_slice(x, u, (i, j))


@fixture("select_f32", "lax.select with a bool array and jnp.where with a scalar",
         spec((4, 8), jnp.bool_), spec((4, 8)), spec((4, 8)))
def select_f32(p, a, b):
    return lax.select(p, a, b), jnp.where(a > b, a, 0.0)


@fixture("conv_f32", "lax.conv_general_dilated: NHWC/HWIO SAME conv, and a strided, "
         "dilated, grouped conv", spec((1, 8, 8, 4)), spec((3, 3, 4, 8)), spec((3, 3, 2, 8)))
def conv_f32(x, w, wg):
    dn = ("NHWC", "HWIO", "NHWC")
    a = lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=dn)
    b = lax.conv_general_dilated(x, wg, (2, 1), ((1, 1), (0, 2)), lhs_dilation=(1, 2),
                                 rhs_dilation=(2, 1), dimension_numbers=dn,
                                 feature_group_count=2)
    return a, b


@fixture("rfft_f32", "jnp.fft.rfft (stablehlo.fft RFFT, complex result)", spec((4, 16)))
def rfft_f32(x):
    return jnp.fft.rfft(x)


@fixture("cholesky_f32", "jnp.linalg.cholesky on CPU (stablehlo.custom_call to LAPACK with "
         "backend_config dict, output_operand_aliases, sdy.sharding_rule)", spec((4, 4)))
def cholesky_f32(a):
    return jnp.linalg.cholesky(a)


# ----------------------------------------------------------------------------
# types, bits and constants


@fixture("random_uniform_f32", "jax.random.uniform from a key argument (threefry2x32 on ui32, "
         "ui64 iota, bitcast)", spec((2,), U32))
def random_uniform_f32(key_data):
    key = jax.random.wrap_key_data(key_data, impl="threefry2x32")
    return jax.random.uniform(key, (4, 8))


@fixture("random_normal_f32", "jax.random.normal from a key argument: uniform bits, then "
         "sqrt(2) * chlo.erf_inv", spec((2,), U32))
def random_normal_f32(key_data):
    key = jax.random.wrap_key_data(key_data, impl="threefry2x32")
    return jax.random.normal(key, (6, 40))


@fixture("rng_bit_generator_u32", "lax.rng_bit_generator (stablehlo.rng_bit_generator, "
         "two results)", spec((4,), U32))
def rng_bit_generator_u32(key):
    return lax.rng_bit_generator(key, (4, 8), dtype=U32)


@fixture("reduce_precision_f32", "lax.reduce_precision to f16-like and bf16-like formats",
         spec((4, 8)))
def reduce_precision_f32(x):
    return (lax.reduce_precision(x, exponent_bits=5, mantissa_bits=10),
            lax.reduce_precision(x, exponent_bits=8, mantissa_bits=7))


@fixture("reduce_precision_ties_bf16", "lax.reduce_precision of bf16 (through f32), and of "
         "ties at no mantissa bits (1.5, 3, 6: XLA rounds by the exponent's last bit)",
         spec((2, 8), BF16))
def reduce_precision_ties_bf16(x):
    ties = jnp.array([1.5, 3.0, 6.0, -12.0, 1.5 * 2.0 ** -29, 0.75, 96.0, 0.0], BF16)
    both = jnp.concatenate([x, ties[None, :]], axis=0)
    return (lax.reduce_precision(both, exponent_bits=6, mantissa_bits=0),
            lax.reduce_precision(both, exponent_bits=5, mantissa_bits=2),
            lax.reduce_precision(both, exponent_bits=8, mantissa_bits=23))


@fixture("integer_ops_i32", "shifts, and/or/xor/not, popcount, clz, rem, div on i32, "
         "ui32 and ui8", spec((4, 8), I32), spec((4, 8), I32), spec((4, 8), U32))
def integer_ops_i32(a, b, u):
    r = lax.shift_left(a, b & 31) ^ lax.shift_right_arithmetic(a, b & 7)
    r = r | (lax.shift_right_logical(a, jnp.int32(3)) & ~b)
    r = r + lax.population_count(a) + lax.clz(b) + lax.rem(a, b | 1) + a // (b | 1)
    v = lax.shift_right_logical(u, jnp.uint32(5)) ^ lax.population_count(u)
    w = (u.astype(jnp.uint8) >> 2) | jnp.uint8(0x81)
    return r, v, w


@fixture("bitcast_convert_f32", "lax.bitcast_convert_type f32<->i32 and f32 -> ui8[...,4]",
         spec((4, 8)), spec((4, 8), I32))
def bitcast_convert_f32(x, i):
    bits = lax.bitcast_convert_type(x, I32)
    back = lax.bitcast_convert_type(bits ^ i, F32)
    return back, lax.bitcast_convert_type(x, jnp.uint8)


@fixture("complex_c64", "complex<f32>: lax.complex, mul, conj, exp, abs, real/imag, "
         "complex constant", spec((4, 8)), spec((4, 8)))
def complex_c64(re, im):
    z = lax.complex(re, im)
    w = z * z + jnp.conj(z) * jnp.complex64(1.0 - 2.0j)
    return jnp.exp(w), jnp.abs(w), jnp.real(w) + jnp.imag(w)


@fixture("constants_f32", "folded numpy constants: splat, small dense, >100-element hex "
         "dense, NaN/inf/-0.0, bool, i32", spec((16, 16)))
def constants_f32(x):
    table = np.arange(256, dtype=np.float32).reshape(16, 16) / 7.0  # large -> hex
    small = np.array([1.5, -0.0, np.inf, -np.inf], dtype=np.float32)
    mask = np.array([True, False] * 8)
    ints = np.array([-3, 0, 7, 2**31 - 1], dtype=np.int32)
    y = x * table + jnp.nan_to_num(x)
    y = jnp.where(mask[None, :], y, jnp.nan)
    head = y[:4, :4] * small
    return y, head, x[0, :4].astype(I32) * ints


# ----------------------------------------------------------------------------
# lowering, printing and checking


def lower(fx, kind):
    """Return the MLIR text of fixture ``fx`` in file kind ``kind``."""
    jitted = jax.jit(fx.fn)
    if kind == "export":
        return jax.export.export(jitted)(*fx.args).mlir_module()
    lowered = jitted.lower(*fx.args)
    return lowered.as_text(debug_info=(kind == "loc"))


def script_paths():
    """Spellings of this script's path that JAX may record in locations."""
    names = {os.path.abspath(__file__), str(pathlib.Path(__file__).resolve()),
             rmsnorm.__code__.co_filename}
    return [(name, CANONICAL_SCRIPT) for name in sorted(names, key=len, reverse=True)]


def canonicalise(text):
    """Replace machine-specific script paths; fail if any absolute path is left."""
    for path, canonical in script_paths() + OTHER_SCRIPTS:
        text = text.replace(f'"{path}"', f'"{canonical}"')
    if 'loc("/' in text or "site-packages" in text:
        raise SystemExit("error: an absolute path is left in the MLIR locations")
    return text if text.endswith("\n") else text + "\n"


def check_parses(ctx, name, text):
    """Parse and verify ``text`` with jaxlib's MLIR parser, or exit loudly."""
    from jax._src.lib.mlir import ir

    with ctx:
        try:
            ir.Module.parse(text).operation.verify()
        except ir.MLIRError as err:
            raise SystemExit(f"error: jaxlib cannot parse fixture {name}: {err}")


SUFFIX = {"mlir": ".mlir", "loc": ".loc.mlir", "export": ".export.mlir"}
KIND_WHAT = {"mlir": "", "loc": " [with locations]", "export": " [jax.export]"}


def generate(out, only):
    """Lower, check and write every selected fixture; return (file, bytes, what) rows."""
    from jax._src.interpreters import mlir

    ctx = mlir.make_ir_context()
    rows = []
    for fx in FIXTURES:
        if only and only not in fx.name:
            continue
        for kind in fx.kinds:
            name = fx.name + SUFFIX[kind]
            data = canonicalise(lower(fx, kind)).encode("utf-8")
            check_parses(ctx, name, data.decode("utf-8"))
            (out / name).write_bytes(data)
            rows.append((name, len(data), fx.what + KIND_WHAT[kind]))
            print(f"wrote {name} ({len(data)} bytes)", file=sys.stderr)
    return rows


README_HEAD = """\
# JAX StableHLO fixtures

Real StableHLO exported by JAX from the small programs in `tools/gen_fixtures.py`;
nothing here is written or edited by hand. Regenerate (deterministic, byte-identical
for the same versions) from the repository root with:

    {command}

Versions: jax {jax}, jaxlib {jaxlib}, numpy {numpy} (CPU; venv from `tools/setup_venv.sh`).

| suffix | how it was produced |
|---|---|
| `NAME.mlir` | `jax.jit(f).lower(*args).as_text()` (pretty, no locations) |
| `NAME.loc.mlir` | `jax.jit(f).lower(*args).as_text(debug_info=True)` |
| `NAME.export.mlir` | `jax.export.export(jax.jit(f))(*args).mlir_module()` (always has locations) |

Arguments are `jax.ShapeDtypeStruct`s (weights are arguments, never captured data).
The absolute path of the generator in locations is replaced by `{script}`.
Every file was parsed and verified by jaxlib's MLIR parser when written.

| file | bytes | what |
|---|---|---|
"""


def write_readme(out, rows):
    import jaxlib

    head = README_HEAD.format(command=COMMAND, jax=jax.__version__, jaxlib=jaxlib.__version__,
                              numpy=np.__version__, script=CANONICAL_SCRIPT)
    lines = [f"| `{name}` | {size} | {what} |\n" for name, size, what in sorted(rows)]
    total = sum(size for _, size, _ in rows)
    tail = f"\n{len(rows)} files, {total} bytes.\n"
    (out / "README.md").write_text(head + "".join(lines) + tail, encoding="utf-8")


def warn_on_versions():
    import jaxlib

    if jax.__version__ != PINNED_VERSIONS or jaxlib.__version__ != PINNED_VERSIONS:
        print(f"warning: jax {jax.__version__} / jaxlib {jaxlib.__version__} differ from the "
              f"pinned {PINNED_VERSIONS}; the fixtures will change", file=sys.stderr)


def warn_on_stale(out, rows):
    written = {name for name, _, _ in rows}
    for path in sorted(out.glob("*.mlir")):
        if path.name not in written:
            print(f"warning: {path} was not generated by this run (stale?)", file=sys.stderr)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=pathlib.Path, default=DEFAULT_OUT,
                    help="output folder (default: tests/fixtures/jax in the repo)")
    ap.add_argument("--only", default="", help="only programs whose name contains this; "
                    "README.md is not rewritten")
    opts = ap.parse_args(argv)
    warn_on_versions()
    opts.out.mkdir(parents=True, exist_ok=True)
    rows = generate(opts.out, opts.only)
    if not rows:
        raise SystemExit(f"error: no fixture matches --only {opts.only!r}")
    if not opts.only:
        write_readme(opts.out, rows)
        warn_on_stale(opts.out, rows)
    total = sum(size for _, size, _ in rows)
    print(f"{len(rows)} files, {total} bytes in {opts.out}", file=sys.stderr)
    return 0


# The programs of other scripts, registered here at the end so that the line numbers this
# file's fixtures record in their locations stay as they are.
import train_fixture  # noqa: E402

OTHER_SCRIPTS = [(str(pathlib.Path(train_fixture.__file__).resolve()), "tools/train_fixture.py"),
                 (train_fixture.__file__, "tools/train_fixture.py")]
fixture("scan_train_bf16", "bf16 training step with remat: value_and_grad of a 2-layer "
        "transformer, lax.scan over a jax.checkpoint body, bf16 divides by constants "
        "(tools/train_fixture.py)", *train_fixture.ARGS,
        kinds=("export",))(train_fixture.scan_train_bf16)
fixture("scan_llama_32layer_f32", "scan_llama_f32's decoder with 32 layers: one stablehlo.while "
        "whose body is the layer, its weights stacked 32 deep",
        spec((1, SCAN_SEQ, SCAN_D)),
        {k: spec((32,) + v.shape[1:]) for k, v in SCAN_PARAMS.items()})(scan_llama_f32)
fixture("cumsum_positions_i32", "OPT's position ids from an attention mask: "
        "cumsum(mask, axis=1) * mask - 1 on int32 (a reduce_window sum the mask feeds, not folded)",
        spec((2, 77), jnp.int32))(lambda mask: jnp.cumsum(mask, axis=1) * mask - 1)
fixture("cumsum_axis0_bf16", "jnp.cumsum along the first axis of a bf16 [300, 24] (the window "
        "axis is not the last; 300 does not divide 128)",
        spec((300, 24), BF16))(lambda x: jnp.cumsum(x, axis=0))
fixture("moving_sum_f32", "a sliding sum of the last 4 values along rows: lax.reduce_window "
        "add, window (1, 4), padding (3, 0)",
        spec((2, 100)))(lambda x: lax.reduce_window(x, 0.0, lax.add, (1, 4), (1, 1),
                                                    [(0, 0), (3, 0)]))


def embedding_grad_step(table, w, tokens):
    """One SGD step on an embedding table: the gradient of its gather is a scatter-add."""
    def loss(table):
        return jnp.mean((jnp.tanh(table[tokens]) @ w) ** 2)
    return table - 0.1 * jax.grad(loss)(table)


fixture("embedding_grad_step_f32", "an SGD step on a [300, 48] embedding table: jax.grad of a "
        "lookup is a scatter-add of the rows' gradients, tokens colliding",
        spec((300, 48)), spec((48, 16)), spec((2, 37), jnp.int32))(embedding_grad_step)
fixture("embedding_grad_step_bf16", "the same step in bf16 at batch 4, a [1000, 64] table",
        spec((1000, 64), BF16), spec((64, 16), BF16), spec((4, 33), jnp.int32))(embedding_grad_step)
fixture("scatter_set_drop_f32", "x.at[idx].set(v) on 5 rows with indices that can leave them: "
        "the windows out of bounds are dropped",
        spec((5, 24)), spec((9,), jnp.int32), spec((9, 24)))(lambda x, i, v: x.at[i].set(v))
fixture("scatter_add_pairs_f32", "x.at[i, j].add(v): an index vector of two, one element a window, "
        "200 updates (two tiles)",
        spec((6, 130)), spec((200,), jnp.int32), spec((200,), jnp.int32),
        spec((200,)))(lambda x, i, j, v: x.at[i, j].add(v))
fixture("scatter_add_batched_bf16", "vmap of x.at[i].add(v): a scatter with input batching dims",
        spec((3, 10, 24), BF16), spec((3, 7), jnp.int32),
        spec((3, 7, 24), BF16))(jax.vmap(lambda x, i, v: x.at[i].add(v)))
fixture("scatter_set_middle_f32", "x.at[:, i, :].set(v): windows along the first and last "
        "dimensions, the indices along the middle one",
        spec((4, 6, 20)), spec((3,), jnp.int32),
        spec((4, 3, 20)))(lambda x, i, v: x.at[:, i, :].set(v))


def moe_top2(x, wr, w_up, w_down, combine="sum"):
    """A dense-dispatch MoE MLP: top-2 of the router's softmax, renormalised, as gates."""
    probs = jax.nn.softmax(x @ wr, axis=-1)
    top, idx = lax.top_k(probs, 2)
    top = top / top.sum(-1, keepdims=True)
    gates = (jax.nn.one_hot(idx, wr.shape[1], dtype=x.dtype) * top[..., None]).sum(1)
    h = jax.nn.silu(jnp.einsum("td,edf->tef", x, w_up))
    y = jnp.einsum("tef,efd->ted", h, w_down)
    if combine == "einsum":
        return jnp.einsum("ted,te->td", y, gates)
    return (y * gates[..., None]).sum(1)


fixture("moe_top2_f32", "an MoE MLP of 8 experts routed top-2 (lax.top_k of the router's "
        "softmax, chlo.top_k), 200 tokens, each expert a SiLU MLP, dense dispatch by one-hot gates",
        spec((200, 64)), spec((64, 8)), spec((8, 64, 96)), spec((8, 96, 64)))(moe_top2)
fixture("moe_top2_einsum_f32", "the same MoE with its combine as MaxText writes it: "
        "einsum('ted,te->td') of the experts' outputs and the gates",
        spec((200, 64)), spec((64, 8)), spec((8, 64, 96)), spec((8, 96, 64)))(
    lambda x, wr, w_up, w_down: moe_top2(x, wr, w_up, w_down, combine="einsum"))
fixture("top_k_ties_f32", "lax.top_k with k=5 of rows of small integers as floats: ties, the "
        "lower index first; 130 columns, 300 rows (three tiles)",
        spec((300, 130), jnp.int32))(lambda x: lax.top_k(x.astype(jnp.float32), 5))
fixture("greedy_decode_bf16", "greedy decoding's pick: argmax over a vocabulary of 1000 of the "
        "logits h @ w, batch 2, 3 positions, bf16",
        spec((2, 3, 64), BF16), spec((64, 1000), BF16))(lambda h, w: jnp.argmax(h @ w, axis=-1))
fixture("argmin_ties_f32", "jnp.argmin of rows of small integers as floats: ties, the lowest "
        "index wins; 130 columns, 300 rows (three tiles)",
        spec((300, 130), jnp.int32))(lambda x: jnp.argmin(x.astype(jnp.float32), axis=-1))
fixture("argmax_nan_f32", "jnp.argmax of rows holding NaNs (where the integer input is 3): "
        "the first NaN wins, as XLA's comparator orders it",
        spec((130, 40), jnp.int32))(
    lambda x: jnp.argmax(jnp.where(x == 3, jnp.nan, x.astype(jnp.float32)), axis=-1))


def fake_quant_int8(x):
    """Symmetric per-row int8 fake quantization: round(x / scale) clipped, times the scale."""
    scale = jnp.max(jnp.abs(x), axis=-1, keepdims=True) / 127.0
    return jnp.clip(jnp.round(x / scale), -127, 127) * scale


fixture("fake_quant_int8_f32", "per-row int8 fake quantization (jnp.round, ties to even, of "
        "x / scale, clipped), 130 rows of 96", spec((130, 96)))(fake_quant_int8)
fixture("fake_quant_int8_bf16", "the same in bf16 at batch 2, 33 rows of 64",
        spec((2, 33, 64), BF16))(fake_quant_int8)


def top_p_step(logits, gumbel, p=0.9):
    """One top-p (nucleus) sampling step: the probabilities sorted descending with their token
    ids (lax.sort, one key), the smallest prefix whose mass reaches p kept, a Gumbel-max draw
    among it (the noise an input), and the drawn token's id."""
    probs = jax.nn.softmax(logits.astype(jnp.float32), -1).astype(logits.dtype)
    ids = lax.broadcasted_iota(jnp.int32, probs.shape, probs.ndim - 1)
    neg_sorted, order = lax.sort((-probs, ids), dimension=probs.ndim - 1, num_keys=1)
    sorted_p = -neg_sorted
    keep = (jnp.cumsum(sorted_p, -1) - sorted_p) < p
    masked = jnp.where(keep, jnp.log(sorted_p), -jnp.inf)
    choice = jnp.argmax(masked + gumbel, -1)
    return jnp.take_along_axis(order, choice[..., None], -1)[..., 0]


fixture("top_p_step_f32", "a top-p sampling step over a vocabulary of 1000 at batch 2: lax.sort "
        "of the probabilities with their ids, a cumulative sum, a Gumbel-max draw (argmax)",
        spec((2, 1000)), spec((2, 1000)))(top_p_step)
fixture("top_p_step_bf16", "the same in bf16 at batch 3 over 300 tokens",
        spec((3, 300), BF16), spec((3, 300), BF16))(top_p_step)


def argsort_take(x, y):
    """Each row of ``y`` in the order that sorts the same row of ``x``: ``jnp.argsort``, then
    ``take_along_axis``, a gather with operand batching dims and many indices per row."""
    return jnp.take_along_axis(y, jnp.argsort(x, -1), -1)


def take_along(x, idx):
    return jnp.take_along_axis(x, idx, -1)


fixture("argsort_take_f32", "take_along_axis(y, argsort(x)) over rows of 50 at batch 3: a "
        "gather with operand_batching_dims taking 50 elements of each row",
        spec((3, 50)), spec((3, 50)))(argsort_take)
fixture("argsort_take_bf16", "the same in bf16 over [2, 4, 37]: two batching dims, rows that "
        "do not divide 128", spec((2, 4, 37), BF16), spec((2, 4, 37), BF16))(argsort_take)
fixture("take_along_rows_f32", "take_along_axis of 3 given indices from each of 200 rows of "
        "300 (the rows on the partitions)", spec((200, 300)), spec((200, 3), I32))(take_along)
fixture("take_along_wide_f32", "take_along_axis of 700 given indices from each of 600 rows of "
        "40 (rows on the partitions, the indices in chunks)",
        spec((600, 40)), spec((600, 700), I32))(take_along)


def rope_complex(xq, xk, freqs_cis):
    """Meta's reference Llama's rotary embedding (``apply_rotary_emb``): each pair of features a
    complex number, times ``freqs_cis`` (``torch.polar(1, t * inv_freq)``), back to reals in the
    input's type."""
    def rotate(x):
        pairs = x.astype(F32).reshape(*x.shape[:-1], -1, 2)
        z = lax.complex(pairs[..., 0], pairs[..., 1]) * freqs_cis[None, :, None, :]
        return jnp.stack([jnp.real(z), jnp.imag(z)], -1).reshape(x.shape).astype(x.dtype)
    return rotate(xq), rotate(xk)


def rope_polar(xq, xk):
    """The same with ``freqs_cis`` computed in the module as ``exp(i t inv_freq)``."""
    seq, dim = xq.shape[1], xq.shape[-1]
    inv_freq = 1.0 / (10000.0 ** (jnp.arange(0, dim, 2, dtype=F32) / dim))
    angles = jnp.outer(jnp.arange(seq, dtype=F32), inv_freq)
    return rope_complex(xq, xk, jnp.exp(1j * angles.astype(jnp.complex64)))


fixture("rope_complex_bf16", "Meta Llama's rotary embedding in complex numbers: bf16 q and k "
        "[2, 7, 4, 64] (GQA: k has 2 heads), freqs_cis a complex64 argument [7, 32]",
        spec((2, 7, 4, 64), BF16), spec((2, 7, 2, 64), BF16),
        spec((7, 32), jnp.complex64))(rope_complex)
fixture("rope_polar_f32", "the same in f32 at batch 1 over [1, 5, 3, 128], freqs_cis computed "
        "as exp(i t inv_freq)", spec((1, 5, 3, 128)), spec((1, 5, 3, 128)))(rope_polar)


def ungated_functions(x, y):
    """The functions ACT has no table for: atan2, tan and cbrt."""
    return jnp.arctan2(y, x), jnp.tan(x), jnp.cbrt(y)


fixture("atan2_tan_cbrt_f32", "jnp.arctan2, jnp.tan and jnp.cbrt over [5, 130] (ACT has none of "
        "them: lowered by math-forms)", spec((5, 130)), spec((5, 130)))(ungated_functions)
fixture("atan2_tan_cbrt_bf16", "the same in bf16 over [3, 40]",
        spec((3, 40), BF16), spec((3, 40), BF16))(ungated_functions)


def dropout(x, key):
    """Dropout at rate 0.1 as a training step applies it: a Bernoulli keep mask drawn by JAX's
    default (partitionable) threefry inside the program, the kept values scaled by 1 / 0.9."""
    keep = jax.random.bernoulli(jax.random.wrap_key_data(key), 0.9, x.shape)
    return jnp.where(keep, x / 0.9, 0.0)


fixture("dropout_f32", "dropout at rate 0.1 over [3, 200]: jax.random.bernoulli by threefry in "
        "the program (a while loop of 32-bit mixing rounds, a 64-bit counter's high word)",
        spec((3, 200)), spec((2,), U32))(dropout)
fixture("dropout_bf16", "the same in bf16 over [2, 4, 130]", spec((2, 4, 130), BF16),
        spec((2,), U32))(dropout)


def fnet_mixing(x):
    """FNet's Fourier token mixing (HF FNetBasicFourierTransform): the real part of the 2-D
    FFT over the sequence and hidden dimensions, added back as a residual and normalized."""
    mixed = jnp.real(jnp.fft.fftn(x.astype(jnp.complex64), axes=(-2, -1)))
    y = x + mixed
    mean = y.mean(-1, keepdims=True)
    return (y - mean) * jax.lax.rsqrt(((y - mean) ** 2).mean(-1, keepdims=True) + 1e-12)


def fft_round_trips(x, z_re, z_im):
    """irfft(rfft(x)) along the last axis and ifft(fft(z)) of a complex input over two axes."""
    z = lax.complex(z_re, z_im)
    back = jnp.fft.ifft2(jnp.fft.fft2(z) * 0.5)
    return jnp.fft.irfft(jnp.fft.rfft(x) * 2.0, n=x.shape[-1]), back


fixture("fnet_mixing_f32", "FNet's Fourier mixing over [2, 10, 24]: real(fftn) over sequence "
        "and hidden, a residual add and a LayerNorm", spec((2, 10, 24)))(fnet_mixing)
fixture("fft_round_trips_f32", "irfft(rfft(x) * 2) over [3, 30] and ifft2(fft2(z) * 0.5) of a "
        "complex [2, 6, 10] (all four fft types)", spec((3, 30)), spec((2, 6, 10)),
        spec((2, 6, 10)))(fft_round_trips)


def max_pool(x):
    """A ResNet's max pooling of NHWC: a 3 x 3 window in steps of 2, SAME padding."""
    return lax.reduce_window(x, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")


def max_pool_grad(x, w):
    """The gradient of a loss through a ReLU and max pooling: select_and_scatter with add."""
    def loss(x):
        return jnp.sum(max_pool(jnp.maximum(x, 0.0)) * w)
    return jax.grad(loss)(x)


def max_pool_jvp(x, t):
    """The forward-mode derivative of max pooling: a reduce_window of (value, tangent) pairs."""
    return jax.jvp(max_pool, (x,), (t,))


fixture("max_pool_grad_f32", "jax.grad through relu and a 3 x 3 / 2 SAME max pool of "
        "[2, 9, 9, 5]: select_and_scatter add over overlapping windows, the relu's zeros tied",
        spec((2, 9, 9, 5)), spec((2, 5, 5, 5)))(max_pool_grad)
fixture("max_pool_grad_bf16", "the same gradient in bf16 at batch 1 over [1, 12, 7, 3]",
        spec((1, 12, 7, 3), BF16), spec((1, 6, 4, 3), BF16))(max_pool_grad)
fixture("max_pool_jvp_f32", "jax.jvp of the 3 x 3 / 2 SAME max pool of [2, 9, 9, 5]: "
        "_select_and_gather_add, a reduce_window of (value, tangent) pairs",
        spec((2, 9, 9, 5)), spec((2, 9, 9, 5)))(max_pool_jvp)


def reduce_forms(x, k):
    """Reduces no kernel takes as they stand: an argmax along the first of three axes, a max
    of integers (from INT_MIN), a sum of integers from 3, and sorts along the first axis, of
    floats and of integers."""
    return (jnp.argmax(x, axis=0), jnp.max(k, axis=1), jnp.sum(k, axis=1, initial=3),
            jnp.argsort(x[:, :, 0], axis=0), jnp.sort(x[:, 0, :], axis=0), jnp.sort(k, axis=0))


fixture("reduce_forms_f32", "argmax along axis 0 of [7, 4, 3], max and sum (initial=3) of "
        "int32 [5, 9], argsort and sort along axis 0, of floats and of the int32", spec((7, 4, 3)),
        spec((5, 9), I32))(reduce_forms)


def remainders(x, y, h):
    """Float remainders: fmod, Python's mod (fmod, then y added where the signs differ), a
    quotient past 2^24 (x * 1e30), and fmod of bf16."""
    return (jnp.fmod(x, y), jnp.remainder(x, y), jnp.fmod(x * 1e30, y),
            jnp.fmod(h, h[::-1] + jnp.bfloat16(0.5)))


fixture("remainder_f32", "jnp.fmod and jnp.remainder of f32 [3, 7], fmod with quotients past "
        "2^24, and fmod of bf16 [12]: exact, in fp32 arithmetic", spec((3, 7)), spec((3, 7)),
        spec((12,), BF16))(remainders)

def mx_quantize(x):
    """JAX's own mxfp8 quantize (what `jax.nn.scaled_matmul` calls on GPUs): blocks of 32
    along the last axis, the shared E8M0 scale from the block's max rounded up by bit
    manipulation, the elements divided, clipped and converted to f8E4M3FN."""
    from jax._src.cudnn.scaled_matmul_stablehlo import quantize
    return quantize(x, jax.nn.get_scaled_dot_general_config("mxfp8"))


fixture("mx_quantize_f32", "JAX's mxfp8 quantize of f32 [2, 5, 96] (3 blocks of 32 a row): "
        "f8E4M3FN elements and f8E8M0FNU scales", spec((2, 5, 96)))(mx_quantize)
fixture("mx_quantize_bf16", "JAX's mxfp8 quantize of bf16 [3, 128]",
        spec((3, 128), BF16))(mx_quantize)
fixture("mx_quantize_b1_bf16", "JAX's mxfp8 quantize of bf16 [1, 7, 4096] (batch 1, 7 rows, "
        "128 blocks a row)", spec((1, 7, 4096), BF16))(mx_quantize)


def nvfp4_quantize(x):
    """JAX's nvfp4 quantize: blocks of 16, f4E2M1FN elements, f8E4M3FN scales (NVIDIA's
    format, the same shape of idiom with another block, element and scale type)."""
    from jax._src.cudnn.scaled_matmul_stablehlo import quantize
    return quantize(x, jax.nn.get_scaled_dot_general_config("nvfp4"))


fixture("nvfp4_quantize_f32", "JAX's nvfp4 quantize of f32 [4, 5, 64] (4 blocks of 16 a row): "
        "f4E2M1FN elements and f8E4M3FN scales", spec((4, 5, 64)))(nvfp4_quantize)


def mx_converts(x):
    """Converts to each MX element and scale type and back: the rounding of each format."""
    types = (jnp.float8_e4m3fn, jnp.float8_e5m2, jnp.float8_e8m0fnu, jnp.float4_e2m1fn)
    return tuple(x.astype(t).astype(jnp.float32) for t in types)


fixture("mx_converts_f32", "f32 [6, 40] converted to f8E4M3FN, f8E5M2, f8E8M0FNU and "
        "f4E2M1FN and back", spec((6, 40)))(mx_converts)

def mx_dequantize(q, scales, dtype):
    """The values MX blocks of 32 along the last axis hold: each element times its block's
    E8M0 scale."""
    k = q.shape[-1]
    blocks = q.astype(dtype).reshape(q.shape[:-1] + (k // 32, 32))
    return (blocks * scales.astype(dtype)[..., None]).reshape(q.shape)


def mx_dot(x, w):
    """x @ w in mxfp8 as frameworks spell it where no MX matmul lowers: both operands quantized
    along the contraction (w through its transpose), dequantized, multiplied in f32."""
    xq = mx_dequantize(*mx_quantize(x), jnp.float32)
    wq = mx_dequantize(*mx_quantize(w.T), jnp.float32)
    return jnp.einsum("...k,nk->...n", xq, wq)


fixture("mx_matmul_f32", "an mxfp8 matmul of f32 [2, 40, 64] by [64, 48]: JAX's quantize of "
        "both operands along the contraction, dequantize, dot", spec((2, 40, 64)),
        spec((64, 48)))(mx_dot)
fixture("mx_scaled_dot_f32out", "jax.lax.scaled_dot of f8E4M3FN [50, 128] by [128, 96] with "
        "their f8E8M0FNU block scales: the xla.scaled_dot composite and its decomposition",
        spec((50, 128), jnp.float8_e4m3fn), spec((128, 96), jnp.float8_e4m3fn),
        spec((50, 4), jnp.float8_e8m0fnu), spec((4, 96), jnp.float8_e8m0fnu))(
    lambda a, b, sa, sb: lax.scaled_dot(a, b, lhs_scale=sa, rhs_scale=sb,
                                        preferred_element_type=jnp.float32))


def mx_dot_bf16(x, w):
    """x @ w in mxfp8 with bf16 operands: quantized as in `mx_dot`, dequantized to bf16, and
    multiplied in bf16."""
    xq = mx_dequantize(*mx_quantize(x), BF16)
    wq = mx_dequantize(*mx_quantize(w.T), BF16)
    return jnp.einsum("...k,nk->...n", xq, wq)


def nvfp4_dot(x, w):
    """x @ w in nvfp4 (blocks of 16, f4E2M1FN elements, f8E4M3FN scales), as `mx_dot` spells
    it: both operands quantized along the contraction, dequantized, multiplied in f32."""
    def dequantize(q, scales):
        k = q.shape[-1]
        blocks = q.astype(F32).reshape(q.shape[:-1] + (k // 16, 16))
        return (blocks * scales.astype(F32)[..., None]).reshape(q.shape)

    return jnp.einsum("...k,nk->...n", dequantize(*nvfp4_quantize(x)),
                      dequantize(*nvfp4_quantize(w.T)))


fixture("nvfp4_matmul_f32", "an nvfp4 matmul of f32 [2, 9, 80] by [80, 24]: JAX's nvfp4 "
        "quantize of both operands (blocks of 16), dequantize, dot", spec((2, 9, 80)),
        spec((80, 24)))(nvfp4_dot)
fixture("mx_matmul_b1_bf16", "an mxfp8 matmul of bf16 [1, 7, 416] by [416, 200] (batch 1, 13 "
        "blocks along K: three K tiles of 128 and one of 32)", spec((1, 7, 416), BF16),
        spec((416, 200), BF16))(mx_dot_bf16)
fixture("mx_scaled_dot_bf16out", "jax.lax.scaled_dot of f8E4M3FN [130, 160] by [160, 600] "
        "with their f8E8M0FNU block scales, bf16 out (M and N past one tile, K 5 blocks)",
        spec((130, 160), jnp.float8_e4m3fn), spec((160, 600), jnp.float8_e4m3fn),
        spec((130, 5), jnp.float8_e8m0fnu), spec((5, 600), jnp.float8_e8m0fnu))(
    lambda a, b, sa, sb: lax.scaled_dot(a, b, lhs_scale=sa, rhs_scale=sb,
                                        preferred_element_type=BF16))


def rms_norm_mx_quantize(x, gamma):
    """A Llama RMSNorm, then the mxfp8 quantize of its output (003 section 4.1)."""
    xf = x.astype(jnp.float32)
    y = xf * lax.rsqrt(jnp.mean(xf * xf, axis=-1, keepdims=True) + 1e-6) * gamma
    return mx_quantize(y.astype(x.dtype))


fixture("mx_rmsnorm_quantize_bf16", "RMSNorm of bf16 [3, 5, 256] then JAX's mxfp8 quantize of "
        "its output", spec((3, 5, 256), BF16), spec((256,)))(rms_norm_mx_quantize)


def mx_moe_gate_up(x, wr, w_gate, b_gate, w_up, b_up, w_down):
    """A routed MoE MLP over mxfp8 operands (003 section 4.2): top-2 of the router's softmax,
    each expert's gate and up projections as MX matmuls plus a bias, the gate clamped above
    and the up projection both ways (GPT-OSS's limit 7), SiLU(gate) * up quantized again for
    the down projection, dense dispatch by one-hot gates."""
    probs = jax.nn.softmax(x.astype(jnp.float32) @ wr, axis=-1)
    top, idx = lax.top_k(probs, 2)
    gates = (jax.nn.one_hot(idx, wr.shape[1]) * (top / top.sum(-1, keepdims=True))[..., None]).sum(1)
    outs = []
    for e in range(wr.shape[1]):
        gate = jnp.minimum(mx_dot(x, w_gate[e]) + b_gate[e], 7.0)
        up = jnp.clip(mx_dot(x, w_up[e]) + b_up[e], -7.0, 7.0)
        h = (jax.nn.silu(gate) * up).astype(x.dtype)
        outs.append(mx_dot(h, w_down[e]))
    return (jnp.stack(outs, 1) * gates[..., None]).sum(1).astype(x.dtype)


fixture("mx_moe_gate_up_bf16", "an MoE MLP of 4 experts routed top-2 over mxfp8 operands: 24 "
        "tokens of bf16 [24, 128], gate and up [128, 96] with biases, clamped, SiLU(gate) * up "
        "quantized again for the down projection [96, 128]", spec((24, 128), BF16),
        spec((128, 4)), spec((4, 128, 96)), spec((4, 96)), spec((4, 128, 96)), spec((4, 96)),
        spec((4, 96, 128)))(mx_moe_gate_up)

def mx_gate_up(x, w_gate, w_up, b_gate=None, b_up=None, limit=None):
    """One expert's gate and up projections over mxfp8 operands, SiLU(gate) * up quantized again
    for the down projection: GPT-OSS's biases and clamps when given, Mixtral's SwiGLU when not."""
    gate, up = mx_dot(x, w_gate), mx_dot(x, w_up)
    if b_gate is not None:
        gate, up = gate + b_gate, up + b_up
    if limit is not None:
        gate, up = jnp.minimum(gate, limit), jnp.clip(up, -limit, limit)
    return mx_quantize((jax.nn.silu(gate) * up).astype(x.dtype))


fixture("mx_gate_up_b2_bf16", "one expert's MX gate/up with GPT-OSS's biases and clamps at batch "
        "2 x 5 tokens: bf16 [2, 5, 64] by [64, 160] (K 2 blocks, 160 columns: 40 partitions of "
        "one chunk), SiLU(gate) * up quantized", spec((2, 5, 64), BF16), spec((64, 160)),
        spec((64, 160)), spec((160,)), spec((160,)))(
    lambda x, wg, wu, bg, bu: mx_gate_up(x, wg, wu, bg, bu, limit=7.0))
fixture("mx_swiglu_bf16", "Mixtral's SwiGLU expert on MX operands, no bias or clamp: 200 tokens "
        "(two token tiles) of bf16 [200, 576] (K a chunk of 512 and 2 blocks) by [576, 544] "
        "(two chunks of columns, the second 8 partitions)", spec((200, 576), BF16),
        spec((576, 544)), spec((576, 544)))(mx_gate_up)

fixture("mx_gate_up_decode_bf16", "one expert's MX gate/up at a decode step: 1 token of bf16 "
        "[1, 64] by bf16 weights [64, 32] (one block of columns, so fusion makes the epilogue "
        "the quantize's prologue), GPT-OSS's biases and clamps", spec((1, 64), BF16),
        spec((64, 32), BF16), spec((64, 32), BF16), spec((32,), BF16), spec((32,), BF16))(
    lambda x, wg, wu, bg, bu: mx_gate_up(x, wg, wu, bg, bu, limit=7.0))

fixture("mx_swiglu_one_block_bf16", "Mixtral's SwiGLU expert on MX operands with a contraction of "
        "one block: 300 tokens of bf16 [300, 32] by [32, 64], where extraction makes the gate a "
        "DotLogistic of the dequantized operands", spec((300, 32), BF16), spec((32, 64)),
        spec((32, 64)))(mx_gate_up)

fixture("mx_rmsnorm_quantize_b2_bf16", "RMSNorm of bf16 [2, 67, 1024] (batch 2 x 67 tokens, "
        "H two chunks of 512) then JAX's mxfp8 quantize of its output: one MxRmsNorm kernel "
        "under --mx-scale nki", spec((2, 67, 1024), BF16), spec((1024,)))(rms_norm_mx_quantize)


def rms_norm_upcast_mx_quantize(x, gamma):
    """HuggingFace's LlamaRMSNorm (normalized in f32, narrowed, then times a bf16 weight in
    bf16), then the mxfp8 quantize of its output."""
    return mx_quantize(rmsnorm_upcast(x, gamma))


fixture("mx_rmsnorm_upcast_quantize_bf16", "HuggingFace's RMSNorm spelling (the weight multiplied "
        "after the narrowing, in bf16) of bf16 [130, 512] with a bf16 weight, then JAX's mxfp8 "
        "quantize", spec((130, 512), BF16), spec((512,), BF16))(rms_norm_upcast_mx_quantize)

if __name__ == "__main__":
    sys.exit(main())
