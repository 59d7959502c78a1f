#!/usr/bin/env python3
"""Write the models the benchmarks run and the test suite does not: too large to evaluate on
every test run, the size a user brings.

* ``benches/models/llama_layer_7b_bf16.mlir``: one Llama-2-7B decoder layer (hidden 4096, 32
  heads of 128, MLP 11008, RMSNorm, rotary embedding, causal attention, SwiGLU) on 512 tokens,
  in bf16, weights as arguments. `cargo bench --bench eval` runs `egfuse eval` of it beside
  XLA's CPU backend (tools/xla_run.py) on the same inputs.

The layer is built from the same blocks as the committed fixtures (tools/gen_fixtures.py),
lowered with ``jax.jit(f).lower(*args).as_text()``, parsed and verified by jaxlib's MLIR
parser, and written only if it changed. Deterministic for the same jax version.

Usage (from the repository root, with the venv of tools/setup_venv.sh):

    python tools/export_bench_models.py
"""

import functools
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import gen_fixtures as g  # noqa: E402
from gen_fixtures import BF16, jnp, spec  # noqa: E402

OUT = g.REPO / "benches" / "models"

D, HEADS, HEAD_DIM, FF, SEQ = 4096, 32, 128, 11008, 512


def llama_layer(x, p):
    """One Llama-2 decoder layer on [1, SEQ, D]: pre-norm attention and SwiGLU, residuals."""
    b, s, _ = x.shape
    to_bhsd = functools.partial(jnp.transpose, axes=(0, 2, 1, 3))

    def heads(t):
        return t.reshape(b, s, HEADS, HEAD_DIM)

    h = g.rmsnorm_upcast(x, p["attn_norm"])
    q, k, v = heads(h @ p["wq"]), heads(h @ p["wk"]), heads(h @ p["wv"])
    q, k = g.rope(q).astype(BF16), g.rope(k).astype(BF16)
    att = g.causal_attention(to_bhsd(q), to_bhsd(k), to_bhsd(v))
    x = x + to_bhsd(att).reshape(b, s, D) @ p["wo"]
    h = g.rmsnorm_upcast(x, p["mlp_norm"])
    return x + g.swiglu(h, p["w_gate"], p["w_up"], p["w_down"])


PARAMS = {
    "attn_norm": spec((D,), BF16),
    "wq": spec((D, D), BF16),
    "wk": spec((D, D), BF16),
    "wv": spec((D, D), BF16),
    "wo": spec((D, D), BF16),
    "mlp_norm": spec((D,), BF16),
    "w_gate": spec((D, FF), BF16),
    "w_up": spec((D, FF), BF16),
    "w_down": spec((FF, D), BF16),
}

MODELS = [("llama_layer_7b_bf16.mlir", llama_layer, (spec((1, SEQ, D), BF16), PARAMS))]


def main():
    from jax._src.interpreters import mlir

    ctx = mlir.make_ir_context()
    OUT.mkdir(parents=True, exist_ok=True)
    for name, fn, args in MODELS:
        text = g.canonicalise(g.jax.jit(fn).lower(*args).as_text())
        g.check_parses(ctx, name, text)
        path = OUT / name
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
        print(f"wrote {path.relative_to(g.REPO)} ({len(text)} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
