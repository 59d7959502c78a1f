"""A scanned bf16 training step with remat, for tools/gen_fixtures.py.

``scan_train_bf16`` is one step of a 2-layer pre-norm transformer in bf16: RMSNorm, causal
attention whose scores are divided by sqrt(head_dim) in bf16 (as Flax writes it), a GELU MLP,
each layer's weights scaled by 1/sqrt(fan_in) as they are read (equalized learning rate), the
layers run by ``lax.scan`` over stacked weights with ``jax.checkpoint`` on the body, and
``jax.value_and_grad`` of a cross-entropy loss taken in f32. The gradients flow through the bf16
divides by constants that are not powers of two, where a rewrite to a multiply by a reciprocal
rounded to bf16 loses accuracy (issue 39): XLA computes bf16 elementwise ops in f32, so the
divide is nearly exact there and the rounded reciprocal is not.
"""

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

BF16, F32, I32 = jnp.bfloat16, jnp.float32, jnp.int32
LAYERS, BATCH, SEQ, D, HEADS, FF, VOCAB = 2, 2, 8, 48, 2, 96, 40


def spec(shape, dtype=BF16):
    return jax.ShapeDtypeStruct(tuple(shape), dtype)


PARAMS = {
    "n1": spec((LAYERS, D)),
    "wqkv": spec((LAYERS, D, 3 * D)),
    "wo": spec((LAYERS, D, D)),
    "n2": spec((LAYERS, D)),
    "w1": spec((LAYERS, D, FF)),
    "w2": spec((LAYERS, FF, D)),
}
ARGS = (PARAMS, spec((BATCH, SEQ, D)), spec((D, VOCAB)), spec((BATCH, SEQ), I32))


def scaled(w):
    """``w`` divided by the square root of its fan-in, in bf16."""
    return w / np.sqrt(w.shape[0]).astype(BF16)


def rmsnorm(x, w, eps=1e-6):
    return x * lax.rsqrt(jnp.mean(x * x, axis=-1, keepdims=True) + eps) * w


def attention(x, wqkv):
    b, s, _ = x.shape
    hd = D // HEADS
    q, k, v = jnp.split(x @ scaled(wqkv), 3, axis=-1)
    heads = lambda t: t.reshape(b, s, HEADS, hd).transpose(0, 2, 1, 3)  # noqa: E731
    q, k, v = heads(q), heads(k), heads(v)
    scores = jnp.einsum("bhqd,bhkd->bhqk", q, k) / np.sqrt(hd).astype(BF16)
    scores = jnp.where(jnp.tril(jnp.ones((s, s), bool)), scores, -1e9)
    p = jax.nn.softmax(scores, axis=-1)
    return jnp.einsum("bhqk,bhkd->bhqd", p, v).transpose(0, 2, 1, 3).reshape(b, s, D)


def forward(p, x):
    @jax.checkpoint
    def layer(h, w):
        h = h + attention(rmsnorm(h, w["n1"]), w["wqkv"]) @ scaled(w["wo"])
        h = h + jax.nn.gelu(rmsnorm(h, w["n2"]) @ scaled(w["w1"])) @ scaled(w["w2"])
        return h, None

    return lax.scan(layer, x, p)[0]


def loss(p, x, emb, labels):
    logits = (forward(p, x) @ scaled(emb)).astype(F32)
    logp = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.mean(jnp.take_along_axis(logp, labels[..., None], axis=-1))


def scan_train_bf16(p, x, emb, labels):
    return jax.value_and_grad(loss, argnums=(0, 2))(p, x, emb, labels)
