#!/usr/bin/env python3
"""The JAX/Flax shape sweep: every JAX fixture family exported at several shapes and dtypes.

The JAX half of tools/sweep_torch.py, at its shape points (tools/sweep_common.py), each in f32
and bf16:

    b1: batch 1, 77 positions, head dim 64      (nothing divides 128)
    b2: batch 2, 200 positions, head dim 80
    b3: batch 3, 77 positions, head dim 128

with 4 query heads (2 key-value heads for GQA, 1 for MQA; hidden width 4 x head dim, the MLPs as
wide inside as outside). The families are code as JAX and Flax write it: RMSNorm as
FlaxLlamaRMSNorm does, flax.linen.LayerNorm, a SwiGLU MLP of flax.linen.Dense without and with
biases, a GELU MLP (flax.linen.gelu, tanh and exact), attention written by hand in Flax's
[batch, positions, heads, head dim] layout, `softmax(q k^T / sqrt(d) + mask) v`, with no mask,
causal masks by `jnp.where` with -inf or finfo.min and a padding mask, then
`jax.nn.dot_product_attention` with and without `is_causal`, GQA and MQA (`jnp.repeat` of the
key-value heads), softmax and log_softmax alone over [batch, positions, hidden], and one MoE
expert's gate and up projections over mxfp8 operands (JAX's own mxfp8 quantize, GPT-OSS's biases
and clamps, hidden by hidden weights). Whole Flax
`transformers` models (FlaxLlamaModel, FlaxGPT2Model, FlaxBertModel, FlaxGPTJModel; 2 layers,
hidden 256, 4 heads, random init, nothing downloaded) run at b2 (f32 and bf16) and b3 (f32), 77
positions.

Each is exported with `jax.export` on CPU, weights as `@main` arguments, then parsed and verified
by jaxlib's MLIR parser and printed by it without locations (they would name this checkout's
paths), so a second run writes the same bytes. Each file's expectations go to
tests/fixtures/sweep/jax/EXPECT, one line per file (`NAME.mlir attention=2 RmsNorm=5 ...`: the
clusters of each kind `egfuse fuse` must make, `attention` counting Attention and DotSoftmax
together); tests/commands/sweep.rs holds every file to its line and to lowering whole with
`--check` agreeing.

Versions (pip): jax==0.10.2 jaxlib==0.10.2 transformers==4.57.6 flax==0.12.8. From the
repository root:

    python tools/sweep_jax.py [--out DIR]
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from flax import linen as nn  # noqa: E402
from jax._src.interpreters import mlir  # noqa: E402
from jax._src.lib.mlir import ir  # noqa: E402

import sweep_common as C  # noqa: E402
from sweep_common import HEADS, POINTS  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "fixtures", "sweep", "jax")
DTYPES = {"f32": jnp.float32, "bf16": jnp.bfloat16}


def spec(shape, dtype):
    """An abstract argument: shape and dtype, no data."""
    return jax.ShapeDtypeStruct(tuple(shape), dtype)


def rmsnorm(x, weight, eps=1e-6):
    """FlaxLlamaRMSNorm's body: mean of squares in f32, divide by its sqrt, weight in x's dtype."""
    variance = jnp.asarray(x, dtype=jnp.float32)
    variance = jnp.power(variance, 2)
    variance = variance.mean(-1, keepdims=True)
    x = x / jnp.sqrt(variance + eps)
    return weight * jnp.asarray(x, dtype=weight.dtype)


class SwiGlu(nn.Module):
    """FlaxLlamaMLP: down(silu(gate(x)) * up(x)), biases only when asked."""

    width: int
    bias: bool
    dtype: jnp.dtype

    def dense(self, name):
        return nn.Dense(self.width, use_bias=self.bias, dtype=self.dtype, param_dtype=self.dtype,
                        name=name)

    @nn.compact
    def __call__(self, x):
        return self.dense("down")(nn.silu(self.dense("gate")(x)) * self.dense("up")(x))


class GeluMlp(nn.Module):
    """BERT's and GPT-2's MLP: fc2(gelu(fc1 x)), biases on, flax.linen.gelu tanh or exact."""

    width: int
    approximate: bool
    dtype: jnp.dtype

    def dense(self, name):
        return nn.Dense(self.width, dtype=self.dtype, param_dtype=self.dtype, name=name)

    @nn.compact
    def __call__(self, x):
        return self.dense("fc2")(nn.gelu(self.dense("fc1")(x), approximate=self.approximate))


def attention(q, k, v, mask=None, fill=None):
    """softmax(q k^T / sqrt(d), masked) v on [batch, positions, heads, head dim], as Flax writes
    it; key-value heads repeated (`jnp.repeat`) up to the query heads."""
    groups = q.shape[2] // k.shape[2]
    if groups > 1:
        k, v = jnp.repeat(k, groups, axis=2), jnp.repeat(v, groups, axis=2)
    scores = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(q.shape[-1]).astype(q.dtype)
    if mask is not None:
        scores = jnp.where(mask, scores, fill)
    weights = jax.nn.softmax(scores.astype(jnp.float32), axis=-1).astype(q.dtype)
    return jnp.einsum("bhqk,bkhd->bqhd", weights, v)


def causal(s):
    """A [1, 1, s, s] boolean mask: a position sees itself and those before it."""
    return jnp.tril(jnp.ones((s, s), dtype=bool))[None, None]


def attention_case(kv, mask):
    """A factory of (function, abstract args) for attention over `kv` key-value heads."""

    def make(b, s, d, dtype):
        qkv = (spec((b, s, HEADS, d), dtype), spec((b, s, kv, d), dtype),
               spec((b, s, kv, d), dtype))
        if mask is None:
            return attention, qkv
        if mask == "padding":
            return (lambda q, k, v, keep: attention(q, k, v, keep[:, None, None, :],
                                                    jnp.finfo(q.dtype).min),
                    qkv + (spec((b, s), bool),))
        fill = -jnp.inf if mask == "causal_inf" else jnp.finfo(dtype).min
        return lambda q, k, v: attention(q, k, v, causal(q.shape[1]), fill), qkv

    return make


def dpa_case(is_causal):
    """A factory of jax.nn.dot_product_attention on [batch, positions, heads, head dim]."""

    def make(b, s, d, dtype):
        qkv = tuple(spec((b, s, HEADS, d), dtype) for _ in range(3))
        return lambda q, k, v: jax.nn.dot_product_attention(q, k, v, is_causal=is_causal), qkv

    return make


def width_case(build):
    """A factory of (function, abstract args) of `build(width, dtype)` on [b, s, hidden]:
    a function of x, or a Flax module whose parameters become arguments."""

    def make(b, s, d, dtype):
        width = HEADS * d
        x = spec((b, s, width), dtype)
        made = build(width, dtype)
        if not isinstance(made, nn.Module):
            return made, (x,)
        params = jax.eval_shape(made.init, jax.random.key(0), x)
        return made.apply, (params, x)

    return make


def rmsnorm_case(b, s, d, dtype):
    width = HEADS * d
    return rmsnorm, (spec((b, s, width), dtype), spec((width,), dtype))


# family -> (what, factory of (function, args) per shape point, expected kernels)
FAMILIES = {
    "rmsnorm": ("FlaxLlamaRMSNorm's code", rmsnorm_case, {"RmsNorm": 1}),
    "layernorm": ("flax.linen.LayerNorm",
                  width_case(lambda w, t: nn.LayerNorm(dtype=t, param_dtype=t)),
                  {"LayerNorm": 1}),
    "swiglu": ("FlaxLlamaMLP, nn.Dense without biases",
               width_case(lambda w, t: SwiGlu(w, False, t)), {"DotLogistic": 1}),
    "swiglu_bias": ("SwiGLU MLP, nn.Dense with biases",
                    width_case(lambda w, t: SwiGlu(w, True, t)), {"DotLogistic": 1}),
    "gelu_tanh_mlp": ("fc2(gelu(fc1 x)), flax.linen.gelu(approximate=True)",
                      width_case(lambda w, t: GeluMlp(w, True, t)), {"DotGelu": 1}),
    "gelu_erf_mlp": ("fc2(gelu(fc1 x)), flax.linen.gelu(approximate=False)",
                     width_case(lambda w, t: GeluMlp(w, False, t)), {"DotGelu": 1}),
    "attn": ("attention by hand, no mask", attention_case(HEADS, None), {"attention": 1}),
    "attn_causal_inf": ("attention by hand, causal, jnp.where with -inf",
                        attention_case(HEADS, "causal_inf"), {"attention": 1}),
    "attn_causal_min": ("attention by hand, causal, jnp.where with finfo.min",
                        attention_case(HEADS, "causal_min"), {"attention": 1}),
    "attn_padding": ("attention by hand, padding mask [b, s] (jnp.where, finfo.min)",
                     attention_case(HEADS, "padding"), {"attention": 1}),
    "dpa": ("jax.nn.dot_product_attention", dpa_case(False), {"attention": 1}),
    "dpa_causal": ("jax.nn.dot_product_attention(is_causal=True)", dpa_case(True),
                   {"attention": 1}),
    "gqa": ("attention by hand, causal (finfo.min), 4 query heads over 2 key-value heads "
            "(jnp.repeat)", attention_case(2, "causal_min"), {"attention": 1}),
    "mqa": ("attention by hand, causal (finfo.min), 4 query heads over 1 key-value head",
            attention_case(1, "causal_min"), {"attention": 1}),
    "softmax": ("jax.nn.softmax over [b, s, hidden]",
                width_case(lambda w, t: lambda x: jax.nn.softmax(x, axis=-1)), {"Softmax": 1}),
    "log_softmax": ("jax.nn.log_softmax over [b, s, hidden]",
                    width_case(lambda w, t: lambda x: jax.nn.log_softmax(x, axis=-1)),
                    {"LogSoftmax": 1}),
    "mx_gate_up": ("one MoE expert's gate and up projections over mxfp8 operands with GPT-OSS's "
                   "biases and clamps, SiLU(gate) * up quantized for the down projection "
                   "(tools/gen_fixtures.py's mx_gate_up)", lambda b, s, d, t: mx_gate_up_case(
                       b, s, d, t), {"DotMx": 2, "MxQuantize": 4}),
    "mx_rmsnorm": ("a Llama RMSNorm, then JAX's mxfp8 quantize of its output, at hidden 512, "
                   "1024 and 1536 for head dims 64, 80 and 128 (whole chunks of 512, as MX "
                   "models' widths are; tools/gen_fixtures.py's rms_norm_mx_quantize)",
                   lambda b, s, d, t: mx_rmsnorm_case(b, s, d, t),
                   {"MxQuantize": 1, "RmsNorm": 1}),
}


def mx_gate_up_case(b, s, d, dtype):
    """x [b, s, hidden] by gate and up weights [hidden, hidden], biases [hidden], in `dtype`."""
    from gen_fixtures import mx_gate_up
    width = HEADS * d
    w, v = spec((width, width), dtype), spec((width,), dtype)
    return (lambda x, wg, wu, bg, bu: mx_gate_up(x, wg, wu, bg, bu, limit=7.0),
            (spec((b, s, width), dtype), w, w, v, v))


def mx_rmsnorm_case(b, s, d, dtype):
    """x [b, s, hidden] in `dtype`, hidden 512, 1024 or 1536 by the point's head dim, and an f32
    weight."""
    from gen_fixtures import rms_norm_mx_quantize
    width = 512 * {64: 1, 80: 2, 128: 3}[d]
    return rms_norm_mx_quantize, (spec((b, s, width), dtype), spec((width,), jnp.float32))


def hf_model(kind, dtype):
    """A Flax `transformers` model (2 layers, hidden 256, 4 heads, random init) and its weights
    in `dtype`."""
    import transformers as T

    drop = dict(resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0)
    # The rotary sinusoids are constants of the positions the model knows: 80 for GPT-J (77
    # and a margin); Llama's keep only the first max-positions columns of 2 x head dim, so it
    # needs 128 (at 80 its sin and cos come out 40 wide).
    if kind == "llama":
        cls, config = T.FlaxLlamaModel, T.LlamaConfig(
            vocab_size=64, hidden_size=256, intermediate_size=512, num_hidden_layers=2,
            num_attention_heads=HEADS, num_key_value_heads=2, max_position_embeddings=128)
    elif kind == "gpt2":
        cls, config = T.FlaxGPT2Model, T.GPT2Config(
            vocab_size=64, n_embd=256, n_layer=2, n_head=HEADS, n_positions=256, **drop)
    elif kind == "bert":
        cls, config = T.FlaxBertModel, T.BertConfig(
            vocab_size=64, hidden_size=256, intermediate_size=512, num_hidden_layers=2,
            num_attention_heads=HEADS, max_position_embeddings=256, hidden_dropout_prob=0.0,
            attention_probs_dropout_prob=0.0)
    else:
        cls, config = T.FlaxGPTJModel, T.GPTJConfig(
            vocab_size=64, n_embd=256, n_inner=512, n_layer=2, n_head=HEADS, n_positions=80,
            rotary_dim=16, **drop)
    model = cls(config, seed=0, dtype=dtype)
    params = model.to_bf16(model.params) if dtype == jnp.bfloat16 else model.params
    return model, params


def hf_case(kind, b, dtype):
    """(function, abstract args) of a model's last hidden state from token ids [b, 77]."""
    model, params = hf_model(kind, dtype)

    def forward(params, input_ids):
        return model(input_ids=input_ids, params=params, train=False).last_hidden_state

    abstract = jax.tree_util.tree_map(lambda p: spec(p.shape, p.dtype), params)
    return forward, (abstract, spec((b, 77), jnp.int32))


# model -> (what, expected kernels)
MODELS = {
    "llama": ("FlaxLlamaModel, GQA", {"attention": 2, "RmsNorm": 5, "DotLogistic": 2}),
    "gpt2": ("FlaxGPT2Model", {"attention": 2, "LayerNorm": 5, "DotGelu": 2}),
    "bert": ("FlaxBertModel", {"attention": 2, "LayerNorm": 5, "DotGelu": 2}),
    "gptj": ("FlaxGPTJModel, rotary on 16 of 64, attention and MLP in parallel",
             {"attention": 2, "LayerNorm": 3, "DotGelu": 2}),
}


def cases():
    """Every (name, what, make) of the sweep, in a fixed order; `make()` gives (function, args)
    and the kernels expected."""
    for family, (what, make, expect) in FAMILIES.items():
        for point, (b, s, d) in POINTS.items():
            for dname, dtype in DTYPES.items():
                yield (f"{family}_{point}_{dname}",
                       f"{what}; batch {b}, {s} positions, head dim {d}, {dname}",
                       lambda make=make, b=b, s=s, d=d, t=dtype: make(b, s, d, t), expect)
    for kind, (what, expect) in MODELS.items():
        for point, b, dname in (("b2", 2, "f32"), ("b2", 2, "bf16"), ("b3", 3, "f32")):
            yield (f"hf_{kind}_{point}_{dname}",
                   f"transformers {what}, 2 layers; batch {b}, 77 positions, head dim 64, {dname}",
                   lambda kind=kind, b=b, t=DTYPES[dname]: hf_case(kind, b, t), expect)


def export(fn, args):
    """`jax.export`'s module, parsed and verified by jaxlib, printed without locations."""
    text = jax.export.export(jax.jit(fn))(*args).mlir_module()
    with mlir.make_ir_context():
        module = ir.Module.parse(text)
        module.operation.verify()
        return mlir.module_to_string(module, enable_debug_info=False)


def main():
    out = sys.argv[sys.argv.index("--out") + 1] if "--out" in sys.argv else OUT
    os.makedirs(out, exist_ok=True)
    rows, lines = [], []
    for name, what, make, expect in cases():
        text = export(*make())
        with open(os.path.join(out, f"{name}.mlir"), "w") as f:
            f.write(text)
        rows.append((name, len(text.encode()), what))
        lines.append(C.expect_line(name, expect))
        print(f"{name}: {len(text)} bytes", file=sys.stderr)
    C.write_index(out, rows, lines, README)


README = """# The JAX/Flax shape sweep

Every JAX fixture family exported by `jax.export` at several shapes and dtypes by
`tools/sweep_jax.py` (its doc says which and why); nothing here is written or edited by hand.
`EXPECT` lists, per file, the clusters of each kind `egfuse fuse` must make
(`tests/commands/sweep.rs`). Regenerate from the repository root:

    python tools/sweep_jax.py

Versions: jax 0.10.2, jaxlib 0.10.2, flax 0.12.8, transformers 4.57.6 (CPU). Every file was
parsed and verified by jaxlib's MLIR parser, which printed it without locations.

| file | bytes | what |
|---|---|---|
{table}
"""

if __name__ == "__main__":
    main()
