#!/usr/bin/env python3
"""Write the lowering fixtures: real JAX exports at the sizes the seed's kernels are stated at.

``tests/fixtures/lowering/`` holds programs whose shapes matter to the kernel back-half: 003 §1
states RmsNorm's lowering for H = 4096 on the partitions and BxS = 512 tokens, so the RmsNorm
fixtures have those shapes (the shared fixtures in ``tests/fixtures/jax`` are small). Every text
is ``jax.jit(f).lower(*args).as_text(debug_info=True)``, parsed and verified by jaxlib's MLIR
parser before it is written; weights are arguments, never data.

Usage (from the repository root, with the venv of tools/setup_venv.sh):

    python tools/export_lowering.py
"""

import os
import pathlib
import sys

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import gen_fixtures as g  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "lowering"

def matmul(x, w):
    return x @ w


def scores(q, k):
    return jnp.einsum("bhqd,bhkd->bhqk", q, k)


def two_contracting(x, w):
    return jnp.einsum("ajbk,jkn->abn", x, w)


def dot_silu(x, w):
    return jax.nn.silu(x @ w)


def dot_softmax(q, k):
    return jax.nn.softmax(jnp.einsum("bqd,bkd->bqk", q, k) * 0.125, axis=-1)


def patches_nchw(x, w):
    return jax.lax.conv_general_dilated(x, w, (16, 16), "VALID",
                                        dimension_numbers=("NCHW", "OIHW", "NCHW"))


def dilated_nhwc(x, w):
    return jax.lax.conv_general_dilated(x, w, (2, 1), "VALID", rhs_dilation=(2, 3),
                                        dimension_numbers=("NHWC", "HWIO", "NHWC"))


FIXTURES = [
    ("rmsnorm_h4096_f32", "RMSNorm of 512 tokens of hidden size 4096, f32 (003 §1)",
     g.rmsnorm, (g.spec((512, 4096)), g.spec((4096,)))),
    ("rmsnorm_h4096_bf16", "RMSNorm of 512 tokens of hidden size 4096, bf16 io, f32 compute",
     g.rmsnorm_upcast, (g.spec((512, 4096), g.BF16), g.spec((4096,), g.BF16))),
    ("rmsnorm_h8192_f32", "RMSNorm of hidden size 8192: a 512-token tile does not fit SBUF",
     g.rmsnorm, (g.spec((512, 8192)), g.spec((8192,)))),
    ("rmsnorm_t1000_f32", "RMSNorm of 1000 tokens (not a multiple of the 512-token tile)",
     g.rmsnorm, (g.spec((1000, 4096)), g.spec((4096,)))),
    ("matmul_remainders_f32", "x @ w with M, K and N multiples of no tile (300 x 200 x 700)",
     matmul, (g.spec((300, 200)), g.spec((200, 700)))),
    ("matvec_f32", "a matrix times a vector: no N dimension",
     matmul, (g.spec((300, 200)), g.spec((200,)))),
    ("matmul_batched_bf16", "attention scores q k^T per batch and head, bf16 (K last in both)",
     scores, (g.spec((2, 4, 96, 64), g.BF16), g.spec((2, 4, 160, 64), g.BF16))),
    ("matmul_two_contracting_f32", "two contracted dimensions that are not adjacent in x",
     two_contracting, (g.spec((4, 8, 16, 24)), g.spec((8, 24, 40)))),
    ("dot_silu_bf16", "silu(x @ w), bf16: a DotLogistic drained by one activation",
     dot_silu, (g.spec((200, 256), g.BF16), g.spec((256, 600), g.BF16))),
    ("dot_softmax_f32", "softmax(q k^T / 8) over 200 keys: a DotSoftmax with rows in one bank",
     dot_softmax, (g.spec((2, 160, 64)), g.spec((2, 200, 64)))),
    ("conv_patches_nchw_f32", "a ViT patch embedding: 16x16 patches, stride 16, NCHW (PyTorch's layout)",
     patches_nchw, (g.spec((2, 3, 64, 64)), g.spec((96, 3, 16, 16)))),
    ("conv_dilated_nhwc_bf16", "a 3x2 window dilated by (2, 3), strides (2, 1), NHWC, bf16",
     dilated_nhwc, (g.spec((2, 20, 17, 8), g.BF16), g.spec((3, 2, 8, 40), g.BF16))),
]


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    ctx = jax._src.interpreters.mlir.make_ir_context()
    rows = []
    for name, what, fn, args in FIXTURES:
        text = jax.jit(fn).lower(*args).as_text(debug_info=True)
        for path in {os.path.abspath(__file__), str(pathlib.Path(__file__).resolve())}:
            text = text.replace(f'"{path}"', '"tools/export_lowering.py"')
        text = g.canonicalise(text)
        g.check_parses(ctx, name, text)
        (OUT / f"{name}.mlir").write_text(text)
        rows.append(f"| `{name}.mlir` | {len(text)} | {what} |")
    readme = ["# Lowering fixtures", "",
              "Real JAX exports at the sizes the kernel back-half is specified at, written by",
              "`tools/export_lowering.py` (nothing here is edited by hand). Versions: jax "
              f"{jax.__version__}.", "",
              "| file | bytes | what |", "|---|---|---|", *rows, ""]
    (OUT / "README.md").write_text("\n".join(readme))
    print(f"{len(rows)} files in {OUT}", file=sys.stderr)


# The attention fixtures come after `main` so that the lines the fixtures above cite in their
# locations stay where they are.
def attention_heads(q, k, v):
    p = jax.nn.softmax(jnp.einsum("bhqd,bhkd->bhqk", q, k) * 0.125, axis=-1)
    return jnp.einsum("bhqk,bhkd->bhqd", p, v)


def attention_bqhd_upcast(q, k, v):
    s = jnp.einsum("bqhd,bkhd->bhqk", q, k).astype(jnp.float32) / 8.0
    p = jax.nn.softmax(s, axis=-1).astype(v.dtype)
    return jnp.einsum("bhqk,bkhd->bqhd", p, v)


def attention_wide_v(q, k, v):
    p = jax.nn.softmax(jnp.einsum("bqd,bkd->bqk", q, k) * 0.125, axis=-1)
    return jnp.einsum("bqk,bkd->bqd", p, v)


def attention_multi_query(q, k, v):
    p = jax.nn.softmax(jnp.einsum("bhqd,bkd->bhqk", q, k) * 0.125, axis=-1)
    return jnp.einsum("bhqk,bkd->bhqd", p, v)


def attention_decode_gqa(q, k, v):
    # A decode step of grouped-query attention as HuggingFace writes it: the scores scaled in
    # bf16, then the softmax taken in f32 (`softmax(dtype=float32)`) and cast back.
    b, _, h, d = q.shape
    groups = k.shape[2]
    qg = q.reshape(b, groups, h // groups, d)
    s = jnp.einsum("bgqd,bkgd->bgqk", qg, k) / jnp.sqrt(d).astype(q.dtype)
    p = jax.nn.softmax(s.astype(jnp.float32), axis=-1).astype(v.dtype)
    return jnp.einsum("bgqk,bkgd->bgqd", p, v).reshape(b, 1, h, d)


FIXTURES += [
    ("attention_long_f32",
     "softmax(q k^T / 8) v over 1100 keys (three banks, the last of 76) and 160 queries",
     attention_heads, (g.spec((1, 2, 160, 64)), g.spec((1, 2, 1100, 64)),
                       g.spec((1, 2, 1100, 48)))),
    ("attention_bqhd_bf16",
     "bf16 q, k, v as [batch, seq, head, dim], the softmax upcast to f32, over 700 keys",
     attention_bqhd_upcast, (g.spec((2, 200, 4, 64), g.BF16), g.spec((2, 700, 4, 64), g.BF16),
                             g.spec((2, 700, 4, 32), g.BF16))),
    ("attention_wide_v_f32", "attention whose V rows are 600 wide: two PSUM banks of P V",
     attention_wide_v, (g.spec((2, 130, 64)), g.spec((2, 300, 64)), g.spec((2, 300, 600)))),
    ("attention_multi_query_f32", "multi-query attention: one K and V for 4 heads of queries",
     attention_multi_query, (g.spec((2, 4, 40, 64)), g.spec((2, 300, 64)), g.spec((2, 300, 32)))),
    ("attention_decode_gqa_bf16",
     "one decode step: 32 query heads over 8 key-value heads and 2048 cached keys, bf16, the "
     "scores scaled before the upcast to f32",
     attention_decode_gqa, (g.spec((2, 1, 32, 128), g.BF16), g.spec((2, 2048, 8, 128), g.BF16),
                            g.spec((2, 2048, 8, 128), g.BF16))),
    ("attention_decode_gqa_f32",
     "one decode step, f32: 32 query heads over 8 key-value heads, head dim 64, 3 sequences of "
     "1000 cached keys (a partial last block of 104)",
     attention_decode_gqa, (g.spec((3, 1, 32, 64)), g.spec((3, 1000, 8, 64)),
                            g.spec((3, 1000, 8, 64)))),
    ("attention_decode_gqa_1000_bf16",
     "one decode step of one sequence over 1000 cached keys (not a multiple of 128: a partial "
     "last block of keys)",
     attention_decode_gqa, (g.spec((1, 1, 32, 128), g.BF16), g.spec((1, 1000, 8, 128), g.BF16),
                            g.spec((1, 1000, 8, 128), g.BF16))),
    ("attention_decode_gqa_d256_bf16",
     "one decode step with Gemma's head dim 256 (two tiles of 128 contracted)",
     attention_decode_gqa, (g.spec((1, 1, 16, 256), g.BF16), g.spec((1, 1000, 8, 256), g.BF16),
                            g.spec((1, 1000, 8, 256), g.BF16))),
    ("attention_decode_mqa_bf16",
     "one decode step of multi-query attention, 32 heads over one key-value head and 2100 cached "
     "keys: 32 rows x 17 blocks of keys overflow a PSUM bank, so the flash form",
     attention_decode_gqa, (g.spec((1, 1, 32, 128), g.BF16), g.spec((1, 2100, 1, 128), g.BF16),
                            g.spec((1, 2100, 1, 128), g.BF16))),
]

if __name__ == "__main__":
    main()
