#!/usr/bin/env python3
"""Exports the PyTorch/XLA fixtures in tests/fixtures/torch/: StableHLO as torch_xla writes it.

Each case is a small `torch.nn.Module` (code as `torch.nn` and HuggingFace `transformers` write
it) exported with

    ep = torch.export.export(model.eval(), args)
    exported_program_to_stablehlo(ep, StableHLOExportOptions(export_weights=False))
        .get_stablehlo_text()

so weights and buffers are `@main` arguments (torch_xla orders them, not Python). The
`transformers` models are built from small configs with random init: nothing is downloaded.
Nothing in the output is edited. Then every file is parsed by jaxlib's MLIR parser (the venv of
tools/setup_venv.sh) before it is kept, and tests/fixtures/torch/README.md lists them.

Versions: torch==2.9.0, torch-xla==2.9.0, transformers==4.57.6 (PyPI's torch is the CUDA
build; `import torch` needs its nvidia-* wheels even on CPU). Run with PJRT_DEVICE=CPU:

    python3 -m venv /tmp/venv-torch
    /tmp/venv-torch/bin/pip install torch==2.9.0 torch-xla==2.9.0 transformers==4.57.6
    PJRT_DEVICE=CPU /tmp/venv-torch/bin/python tools/export_torch.py [--out DIR] [--only A,B]

torch 2.9 rewrites `x.sum()` to `aten.sum.dim_IntList(x, [])`, which torch_xla 2.9 exports as
no reduction at all: the cases spell their reduction dims out.
"""

import os
import subprocess
import sys

os.environ.setdefault("PJRT_DEVICE", "CPU")

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402
from torch import nn  # noqa: E402
from torch_xla.stablehlo import StableHLOExportOptions, exported_program_to_stablehlo  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "fixtures", "torch")


class RmsNorm(nn.Module):
    """LlamaRMSNorm as transformers writes it: upcast, mean of squares, rsqrt, downcast, weight."""

    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d) + 0.1 * torch.randn(d))
        self.eps = eps

    def forward(self, x):
        dtype = x.dtype
        h = x.to(torch.float32)
        variance = h.pow(2).mean(-1, keepdim=True)
        h = h * torch.rsqrt(variance + self.eps)
        return self.weight * h.to(dtype)


class Attention(nn.Module):
    """Eager attention as transformers writes it: q k^T * scale + mask, softmax in f32, @ v."""

    def forward(self, q, k, v, mask):
        scores = torch.matmul(q, k.transpose(2, 3)) * (q.shape[-1] ** -0.5)
        scores = scores + mask
        weights = F.softmax(scores, dim=-1, dtype=torch.float32).to(q.dtype)
        return torch.matmul(weights, v)


class Sdpa(nn.Module):
    """torch's fused scaled_dot_product_attention, causal."""

    def forward(self, q, k, v):
        return F.scaled_dot_product_attention(q, k, v, is_causal=True)


class SwiGlu(nn.Module):
    """LlamaMLP: down(silu(gate(x)) * up(x)), its linear layers without biases unless asked."""

    def __init__(self, d, h, bias=False):
        super().__init__()
        self.gate, self.up = nn.Linear(d, h, bias=bias), nn.Linear(d, h, bias=bias)
        self.down = nn.Linear(h, d, bias=bias)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


class SwiGluFused(nn.Module):
    """Phi-3's MLP: one gate-up projection, split in two."""

    def __init__(self, d, h):
        super().__init__()
        self.gate_up = nn.Linear(d, 2 * h, bias=False)
        self.down = nn.Linear(h, d, bias=False)

    def forward(self, x):
        gate, up = self.gate_up(x).chunk(2, dim=-1)
        return self.down(F.silu(gate) * up)


class MxQuantize(nn.Module):
    """An MXFP8 quantize as the OCP reference (microsoft/microxcaling's `_quantize_mx`) computes
    it in torch: blocks of 32 along the last dimension, the shared exponent
    floor(log2(amax)) - 8 (zero blocks guarded), clamped to E8M0's range, the data divided by
    2^exponent, saturated to E4M3's +-448 and converted; the scales as their E8M0 bytes in
    `uint8` (torch_xla 2.9 exports neither float8_e8m0fnu nor a bit view)."""

    def forward(self, x):
        blocks = x.reshape(-1, 32)
        amax = torch.amax(torch.abs(blocks), dim=1).to(torch.float32)
        exponent = torch.floor(torch.log2(amax + (amax == 0).to(torch.float32))) - 8
        exponent = torch.clamp(exponent, min=-127, max=127)
        scale = torch.pow(2.0, exponent)
        data = torch.clamp(blocks / scale.unsqueeze(1), min=-448.0, max=448.0)
        q = data.to(torch.float8_e4m3fn).reshape(x.shape)
        scales = (exponent + 127).to(torch.uint8).reshape(*x.shape[:-1], x.shape[-1] // 32)
        return q, scales


class Lambda(nn.Module):
    def __init__(self, f):
        super().__init__()
        self.f = f

    def forward(self, *xs):
        return self.f(*xs)


def causal_mask(s):
    return torch.triu(torch.full((1, 1, s, s), -1e9), diagonal=1)


def qkv(b=1, h=4, s=8, d=16, dtype=torch.float32):
    return tuple(torch.randn(b, h, s, d, dtype=dtype) for _ in range(3))


def hf_model(kind):
    import transformers as T

    if kind == "llama":
        cfg = T.LlamaConfig(vocab_size=64, hidden_size=32, intermediate_size=64,
                            num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
                            max_position_embeddings=32, attn_implementation="eager")
        return T.LlamaModel(cfg)
    if kind == "gpt2":
        cfg = T.GPT2Config(vocab_size=64, n_embd=32, n_layer=2, n_head=4, n_positions=32,
                           attn_implementation="eager")
        return T.GPT2Model(cfg)
    if kind == "bert":
        cfg = T.BertConfig(vocab_size=64, hidden_size=32, num_hidden_layers=2,
                           num_attention_heads=4, intermediate_size=64,
                           max_position_embeddings=32, attn_implementation="eager")
        return T.BertModel(cfg)
    if kind == "t5":
        cfg = T.T5Config(vocab_size=64, d_model=32, d_kv=8, d_ff=64, num_layers=2,
                         num_heads=4, feed_forward_proj="gated-gelu",
                         attn_implementation="eager")
        return T.T5EncoderModel(cfg)
    if kind == "vit":
        cfg = T.ViTConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                          intermediate_size=64, image_size=32, patch_size=8, num_channels=3,
                          attn_implementation="eager")
        return T.ViTModel(cfg, add_pooling_layer=False)
    raise ValueError(kind)


class HfModel(nn.Module):
    """A transformers model's last hidden state from token ids, no cache."""

    def __init__(self, kind, dtype=torch.float32):
        super().__init__()
        self.kind = kind
        self.model = hf_model(kind).to(dtype)

    def forward(self, ids):
        if self.kind == "vit":
            return self.model(pixel_values=ids).last_hidden_state
        if self.kind == "t5":
            return self.model(input_ids=ids).last_hidden_state
        return self.model(input_ids=ids, use_cache=False).last_hidden_state


def ids():
    return (torch.arange(8, dtype=torch.int64).reshape(1, 8) % 64,)


# name -> (what, module factory, example arguments factory)
CASES = {
    "rmsnorm_f32": ("LlamaRMSNorm, f32", lambda: RmsNorm(32), lambda: (torch.randn(2, 8, 32),)),
    "rmsnorm_bf16": ("LlamaRMSNorm on bf16 (upcast to f32, downcast before the weight)",
                     lambda: RmsNorm(32).to(torch.bfloat16),
                     lambda: (torch.randn(2, 8, 32, dtype=torch.bfloat16),)),
    "layernorm_f32": ("nn.LayerNorm", lambda: nn.LayerNorm(32), lambda: (torch.randn(2, 8, 32),)),
    "attention_mask_f32": ("eager attention, scale after the dot, additive causal mask",
                           lambda: Attention(), lambda: qkv() + (causal_mask(8),)),
    "sdpa_causal_f32": ("F.scaled_dot_product_attention(is_causal=True)", lambda: Sdpa(),
                        lambda: qkv()),
    "swiglu_f32": ("LlamaMLP: down(silu(gate x) * up x)", lambda: SwiGlu(32, 64),
                   lambda: (torch.randn(2, 8, 32),)),
    "swiglu_fused_f32": ("fused gate-up projection, chunked", lambda: SwiGluFused(32, 64),
                         lambda: (torch.randn(2, 8, 32),)),
    "gelu_erf_f32": ("F.gelu, exact (erf)", lambda: Lambda(F.gelu),
                     lambda: (torch.randn(2, 8, 32),)),
    "gelu_tanh_f32": ("F.gelu(approximate='tanh')",
                      lambda: Lambda(lambda x: F.gelu(x, approximate="tanh")),
                      lambda: (torch.randn(2, 8, 32),)),
    "softmax_f32": ("F.softmax(dim=-1)", lambda: Lambda(lambda x: F.softmax(x, dim=-1)),
                    lambda: (torch.randn(2, 8, 32),)),
    "log_softmax_f32": ("F.log_softmax(dim=-1)",
                        lambda: Lambda(lambda x: F.log_softmax(x, dim=-1)),
                        lambda: (torch.randn(2, 8, 32),)),
    "l2norm_f32": ("F.normalize(dim=-1)", lambda: Lambda(lambda x: F.normalize(x, dim=-1)),
                   lambda: (torch.randn(2, 8, 32),)),
    "expm1_log1p_f32": ("torch.expm1 and torch.log1p",
                        lambda: Lambda(lambda x: torch.expm1(x) + torch.log1p(x.abs())),
                        lambda: (torch.randn(2, 8, 32),)),
    "mx_quantize_f32": ("an MXFP8 quantize as the OCP reference computes it (floor(log2(amax)) - "
                        "8), batch 2 x 5 tokens x 96", lambda: MxQuantize(),
                        lambda: (torch.randn(2, 5, 96) * 10,)),
    "mx_quantize_bf16": ("the same MXFP8 quantize of bf16 activations, 3 x 128",
                         lambda: MxQuantize(),
                         lambda: (torch.randn(3, 128, dtype=torch.bfloat16) * 10,)),
    "hf_llama_f32": ("transformers LlamaModel, 2 layers, GQA (4 heads, 2 kv), eager attention",
                     lambda: HfModel("llama"), ids),
    "hf_llama_bf16": ("transformers LlamaModel in bf16: the scores scaled and masked in bf16, "
                      "the softmax taken in f32 (`softmax(dtype=float32)`)",
                      lambda: HfModel("llama", torch.bfloat16), ids),
    "hf_gpt2_f32": ("transformers GPT2Model, 2 layers, eager attention",
                    lambda: HfModel("gpt2"), ids),
    "hf_bert_f32": ("transformers BertModel, 2 layers, eager attention",
                    lambda: HfModel("bert"), ids),
    "hf_t5_f32": ("transformers T5EncoderModel (v1.1: gated-gelu), 2 layers, eager attention",
                  lambda: HfModel("t5"), ids),
    "hf_vit_f32": ("transformers ViTModel, 2 layers, 32x32 image in 8x8 patches",
                   lambda: HfModel("vit"), lambda: (torch.randn(1, 3, 32, 32),)),
}


def export(model, args):
    ep = torch.export.export(model.eval(), args)
    options = StableHLOExportOptions(export_weights=False)
    return exported_program_to_stablehlo(ep, options).get_stablehlo_text()


def jaxlib_python():
    venv = subprocess.run([os.path.join(ROOT, "tools", "setup_venv.sh")], capture_output=True,
                          text=True, check=True)
    return venv.stdout.strip().splitlines()[-1]


def check_parses(paths):
    """Parses and verifies every file with jaxlib's MLIR parser; raises on the first failure."""
    check = ("import sys\nfrom jax._src.interpreters import mlir\nfrom jax._src.lib.mlir import ir\n"
             "ctx = mlir.make_ir_context()\n"
             "for p in sys.argv[1:]:\n    with ctx:\n"
             "        ir.Module.parse(open(p).read()).operation.verify()\n")
    subprocess.run([jaxlib_python(), "-c", check, *paths], check=True)


def main():
    out = sys.argv[sys.argv.index("--out") + 1] if "--out" in sys.argv else OUT
    only = sys.argv[sys.argv.index("--only") + 1].split(",") if "--only" in sys.argv else None
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(0)
    rows, written = [], []
    for name, (what, make, args) in CASES.items():
        path = os.path.join(out, f"{name}.mlir")
        if only is not None and name not in only:
            # Kept as it is: its row reads the committed file.
            rows.append((name, os.path.getsize(path), what))
            continue
        torch.manual_seed(0)
        text = export(make(), args())
        with open(path, "w") as f:
            f.write(text)
        rows.append((name, len(text.encode()), what))
        written.append(path)
        print(f"{name}: {len(text)} bytes", file=sys.stderr)
    check_parses(written)
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write(README.format(table="\n".join(
            f"| `{n}.mlir` | {b} | {w} |" for n, b, w in rows)))


README = """# PyTorch/XLA StableHLO fixtures

Real StableHLO exported by torch_xla from the modules in `tools/export_torch.py` (`torch.nn`
code and small HuggingFace `transformers` models with random init); nothing here is written or
edited by hand. Regenerate from the repository root (see the script's doc for the venv):

    PJRT_DEVICE=CPU python tools/export_torch.py

Versions: torch 2.9.0, torch-xla 2.9.0, transformers 4.57.6 (CPU). Weights and buffers are
`@main` arguments (`export_weights=False`), in torch_xla's order; token ids are i64. Every file
was parsed by jaxlib's MLIR parser when written.

| file | bytes | what |
|---|---|---|
{table}
"""

if __name__ == "__main__":
    main()
