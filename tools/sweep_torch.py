#!/usr/bin/env python3
"""The PyTorch/XLA shape sweep: every fixture family exported at several shapes and dtypes.

One fixture per family hides the shapes it was not exported at: at batch 1, the reshape torch
puts around a batched dot only adds a unit dimension, at batch 2 it regroups batch and heads.
This script exports each family (norms, MLPs with and without biases, eager attention with no,
causal, padding and additive masks, SDPA, GQA and MQA, whole `transformers` models) at three
shape points, each in f32 and bf16 (the MLPs as wide inside as outside, which keeps
`--check` quick):

    b1: batch 1, 77 positions, head dim 64      (nothing divides 128)
    b2: batch 2, 200 positions, head dim 80     (batch and heads regrouped around the dots)
    b3: batch 3, 77 positions, head dim 128

with 4 query heads (2 key-value heads for GQA, 1 for MQA; hidden width 4 x head dim). Whole
models run at b2 (f32 and bf16) and b3 (f32) with head dim 64 (hidden 256), 2 layers.
Weights are `@main` arguments, so a file's size does not grow with the widths.

Each file's expectations go to tests/fixtures/sweep/torch/EXPECT, one line per file:

    NAME.mlir attention=2 RmsNorm=5 DotLogistic=2

the number of clusters of each kind `egfuse fuse` must make (`attention` counts Attention
and DotSoftmax clusters together). tests/commands/sweep.rs holds every file to its line, and
to lowering whole with `--check` agreeing.

Versions and venv as tools/export_torch.py (torch==2.9.0, torch-xla==2.9.0,
transformers==4.57.6). From the repository root:

    PJRT_DEVICE=CPU /tmp/venv-torch/bin/python tools/sweep_torch.py [--out DIR]
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("PJRT_DEVICE", "CPU")

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402
from torch import nn  # noqa: E402

import export_torch as X  # noqa: E402
import sweep_common as C  # noqa: E402
from sweep_common import HEADS, POINTS  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "fixtures", "sweep", "torch")
DTYPES = {"f32": torch.float32, "bf16": torch.bfloat16}


class Eager(nn.Module):
    """transformers' eager attention: repeat_kv, q k^T * scale (+ mask), softmax in f32, @ v."""

    def __init__(self, groups=1):
        super().__init__()
        self.groups = groups

    def forward(self, q, k, v, *mask):
        if self.groups > 1:
            k = k.repeat_interleave(self.groups, dim=1)
            v = v.repeat_interleave(self.groups, dim=1)
        scores = torch.matmul(q, k.transpose(2, 3)) * (q.shape[-1] ** -0.5)
        if mask:
            scores = scores + mask[0]
        weights = F.softmax(scores, dim=-1, dtype=torch.float32).to(q.dtype)
        return torch.matmul(weights, v)


class Sdpa(nn.Module):
    """F.scaled_dot_product_attention, with no mask, causal, or a boolean mask."""

    def __init__(self, causal=False):
        super().__init__()
        self.causal = causal

    def forward(self, q, k, v, *mask):
        return F.scaled_dot_product_attention(q, k, v, attn_mask=mask[0] if mask else None,
                                              is_causal=self.causal)


class GeluMlp(nn.Module):
    """BERT's and GPT-2's MLP: fc2(gelu(fc1 x)), biases on."""

    def __init__(self, d, h):
        super().__init__()
        self.fc1, self.fc2 = nn.Linear(d, h), nn.Linear(h, d)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x)))


def heads(b, s, d, n, dtype):
    return torch.randn(b, n, s, d, dtype=dtype)


def attention_case(module, kv, mask):
    """A factory of (module, args) for attention over `kv` key-value heads with `mask`."""

    def make(b, s, d, dtype):
        q = heads(b, s, d, HEADS, dtype)
        k, v = heads(b, s, d, kv, dtype), heads(b, s, d, kv, dtype)
        extra = ()
        if mask == "causal":
            extra = (torch.triu(torch.full((1, 1, s, s), -1e9), diagonal=1).to(dtype),)
        elif mask == "padding":
            keep = torch.ones(b, s)
            keep[:, s - 5:] = 0
            extra = (((1.0 - keep) * -1e9)[:, None, None, :].to(dtype),)
        elif mask == "additive":
            extra = (torch.randn(b, HEADS, s, s, dtype=dtype),)
        elif mask == "bool":
            extra = (torch.ones(s, s, dtype=torch.bool).tril(),)
        return module(), (q, k, v) + extra

    return make


def width_case(module):
    """A factory of (module, args) for a module of the hidden width on [b, s, hidden]."""

    def make(b, s, d, dtype):
        width = HEADS * d
        return module(width).to(dtype), (torch.randn(b, s, width, dtype=dtype),)

    return make


# family -> (what, factory of (module, args) per shape point, expected kernels)
FAMILIES = {
    "rmsnorm": ("LlamaRMSNorm", width_case(X.RmsNorm), {"RmsNorm": 1}),
    "layernorm": ("nn.LayerNorm", width_case(nn.LayerNorm), {"LayerNorm": 1}),
    "swiglu": ("LlamaMLP, no biases", width_case(lambda w: X.SwiGlu(w, w)),
               {"DotLogistic": 1}),
    "glu_bias": ("gated MLP, nn.Linear's biases on",
                 width_case(lambda w: X.SwiGlu(w, w, bias=True)), {"DotLogistic": 1}),
    "gelu_mlp": ("fc2(gelu(fc1 x)), biases on", width_case(lambda w: GeluMlp(w, w)),
                 {"DotGelu": 1}),
    "eager": ("eager attention, no mask", attention_case(Eager, HEADS, None), {"attention": 1}),
    "eager_causal": ("eager attention, additive causal mask",
                     attention_case(Eager, HEADS, "causal"), {"attention": 1}),
    "eager_padding": ("eager attention, padding mask [b, 1, 1, s]",
                      attention_case(Eager, HEADS, "padding"), {"attention": 1}),
    "eager_additive": ("eager attention, a bias per head [b, h, s, s]",
                       attention_case(Eager, HEADS, "additive"), {"attention": 1}),
    "gqa": ("eager attention, 4 query heads over 2 key-value heads (repeat_kv)",
            attention_case(lambda: Eager(2), 2, "causal"), {"attention": 1}),
    "mqa": ("eager attention, 4 query heads over 1 key-value head",
            attention_case(lambda: Eager(4), 1, "causal"), {"attention": 1}),
    "sdpa": ("F.scaled_dot_product_attention, no mask", attention_case(Sdpa, HEADS, None),
             {"attention": 1}),
    "sdpa_causal": ("F.scaled_dot_product_attention(is_causal=True)",
                    attention_case(lambda: Sdpa(True), HEADS, None), {"attention": 1}),
    "sdpa_bool": ("F.scaled_dot_product_attention, boolean mask",
                  attention_case(Sdpa, HEADS, "bool"), {"attention": 1}),
}


def hf_config(kind):
    import transformers as T

    common = dict(vocab_size=64, hidden_size=256, intermediate_size=512, num_hidden_layers=2,
                  num_attention_heads=HEADS, max_position_embeddings=256,
                  attn_implementation="eager")
    if kind in ("llama", "mistral", "qwen2"):
        cls = {"llama": T.LlamaConfig, "mistral": T.MistralConfig, "qwen2": T.Qwen2Config}
        return cls[kind](num_key_value_heads=2, **common)
    if kind == "gemma":
        return T.GemmaConfig(num_key_value_heads=2, head_dim=64, **common)
    if kind == "gpt2":
        return T.GPT2Config(vocab_size=64, n_embd=256, n_layer=2, n_head=HEADS, n_positions=256,
                            attn_implementation="eager")
    if kind == "bert":
        return T.BertConfig(**common)
    raise ValueError(kind)


class HfModel(nn.Module):
    """A transformers model's last hidden state from token ids, no cache."""

    def __init__(self, kind, dtype):
        super().__init__()
        import transformers as T

        build = {"gpt2": T.GPT2Model, "bert": T.BertModel}.get(kind, T.AutoModel.from_config)
        self.model = build(hf_config(kind)).to(dtype)
        self.kind = kind

    def forward(self, ids):
        if self.kind == "bert":
            return self.model(input_ids=ids).last_hidden_state
        return self.model(input_ids=ids, use_cache=False).last_hidden_state


# model -> (what, expected kernels)
MODELS = {
    "llama": ("LlamaModel, GQA", {"attention": 2, "RmsNorm": 5, "DotLogistic": 2}),
    "mistral": ("MistralModel, GQA", {"attention": 2, "RmsNorm": 5, "DotLogistic": 2}),
    "qwen2": ("Qwen2Model, GQA, q/k/v biases", {"attention": 2, "RmsNorm": 5, "DotLogistic": 2}),
    "gemma": ("GemmaModel, GQA, GeGLU", {"attention": 2, "RmsNorm": 5, "DotGelu": 2}),
    "gpt2": ("GPT2Model", {"attention": 2, "LayerNorm": 5, "DotGelu": 2}),
    "bert": ("BertModel", {"attention": 2, "LayerNorm": 5, "DotGelu": 2}),
}


def cases():
    """Every (name, what, module, args, expected) of the sweep, in a fixed order."""
    for family, (what, make, expect) in FAMILIES.items():
        for point, (b, s, d) in POINTS.items():
            for dname, dtype in DTYPES.items():
                torch.manual_seed(0)
                module, args = make(b, s, d, dtype)
                yield f"{family}_{point}_{dname}", f"{what}; batch {b}, {s} positions, " \
                    f"head dim {d}, {dname}", module, args, expect
    for kind, (what, expect) in MODELS.items():
        for point, b, dname in (("b2", 2, "f32"), ("b2", 2, "bf16"), ("b3", 3, "f32")):
            torch.manual_seed(0)
            ids = (torch.arange(77 * b, dtype=torch.int64).reshape(b, 77) % 64,)
            yield f"hf_{kind}_{point}_{dname}", f"transformers {what}, 2 layers; batch {b}, " \
                f"77 positions, head dim 64, {dname}", HfModel(kind, DTYPES[dname]), ids, expect


def main():
    out = sys.argv[sys.argv.index("--out") + 1] if "--out" in sys.argv else OUT
    os.makedirs(out, exist_ok=True)
    rows, lines = [], []
    for name, what, module, args, expect in cases():
        text = X.export(module, args)
        with open(os.path.join(out, f"{name}.mlir"), "w") as f:
            f.write(text)
        rows.append((name, len(text.encode()), what))
        lines.append(C.expect_line(name, expect))
        print(f"{name}: {len(text)} bytes", file=sys.stderr)
    X.check_parses([os.path.join(out, f"{n}.mlir") for n, _, _ in rows])
    C.write_index(out, rows, lines, README)


README = """# The PyTorch/XLA shape sweep

Every fixture family exported by torch_xla at several shapes and dtypes by
`tools/sweep_torch.py` (its doc says which and why); nothing here is written or edited by hand.
`EXPECT` lists, per file, the clusters of each kind `egfuse fuse` must make
(`tests/commands/sweep.rs`). Regenerate from the repository root:

    PJRT_DEVICE=CPU /tmp/venv-torch/bin/python tools/sweep_torch.py

Versions: torch 2.9.0, torch-xla 2.9.0, transformers 4.57.6 (CPU). Every file was parsed by
jaxlib's MLIR parser when written.

| file | bytes | what |
|---|---|---|
{table}
"""

if __name__ == "__main__":
    main()
