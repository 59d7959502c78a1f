#!/usr/bin/env python3
"""Export small HuggingFace Flax models to StableHLO text for egfuse's tests.

Each model is built from a small config with random weights (no hub download), keeps the
real layer structure of its family (embeddings, every attention, norm and MLP of every
layer, the heads) with small hidden sizes, and is exported with ``jax.export``; the weights
are arguments of ``@main``, never constants, so every file stays well under 1 MB. The files
go to ``tests/fixtures/hf/``:

* ``bart_seq2seq_f32.mlir``  ``FlaxBartForConditionalGeneration``: a 6+6-layer encoder-decoder
  (the layout of ``facebook/bart-base``) returning the LM logits;
* ``gpt2_loss_f32.mlir``     ``FlaxGPT2LMHeadModel``: 4 layers and a next-token
  cross-entropy loss over the logits;
* ``bert_f32.mlir``          ``FlaxBertModel``: 2 layers, the last hidden state;
* ``vit_f32.mlir``           ``FlaxViTModel``: 2 layers on a 32x32 image in 8x8 patches;
* ``resnet_f32.mlir``        ``FlaxResNetModel``: a basic-block ResNet (two stages of one block,
  16 and 32 channels) on one 32x32 image in inference form (batch norm from its running
  statistics, which are arguments as the weights are), the last hidden state;
* ``llama_bf16.mlir``        ``FlaxLlamaForCausalLM`` in bf16 (weights and compute): 2 layers,
  8 query heads over 2 key-value heads, the logits of 16 tokens (prefill);
* ``llama_decode_bf16.mlir`` the same model's decode step: one token per sequence against a
  key-value cache of 512 positions (``init_cache``), returning the logits and the new cache.

``FlaxT5EncoderModel`` does not run under jax 0.10 (it calls ``jnp.clip(a_max=...)``, which
jax removed), so the T5-style model is the PyTorch/XLA one (tools/export_torch.py).

Versions (pip, into the venv of tools/setup_venv.sh): jax==0.10.2 jaxlib==0.10.2
transformers==4.57.6 flax==0.12.8 (transformers 5 dropped its Flax models).

Usage, from the repository root:

    .venv/bin/pip install transformers==4.57.6 flax==0.12.8
    .venv/bin/python tools/export_hf.py [--out DIR] [NAME ...]

With names (``resnet_f32``), only those models are exported.
"""

import argparse
import os
import pathlib

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from transformers import (  # noqa: E402
    BartConfig,
    BertConfig,
    FlaxBartForConditionalGeneration,
    FlaxBertModel,
    FlaxGPT2LMHeadModel,
    FlaxLlamaForCausalLM,
    FlaxResNetModel,
    FlaxViTModel,
    GPT2Config,
    LlamaConfig,
    ResNetConfig,
    ViTConfig,
)

REPO = pathlib.Path(__file__).resolve().parent.parent
DEFAULT_OUT = REPO / "tests" / "fixtures" / "hf"
BATCH, SEQ = 2, 16


def ids_spec():
    """Token ids (or an attention mask) of one batch."""
    return jax.ShapeDtypeStruct((BATCH, SEQ), jnp.int32)


def abstract(params):
    """The weights' shapes and dtypes only, so that they are arguments of the export."""
    return jax.tree_util.tree_map(lambda p: jax.ShapeDtypeStruct(p.shape, p.dtype), params)


def bart():
    """A BART encoder-decoder returning logits (bart-base's 6+6 layers, small widths)."""
    config = BartConfig(
        vocab_size=128,
        d_model=32,
        encoder_layers=6,
        decoder_layers=6,
        encoder_attention_heads=4,
        decoder_attention_heads=4,
        encoder_ffn_dim=64,
        decoder_ffn_dim=64,
        max_position_embeddings=64,
        dropout=0.0,
        attention_dropout=0.0,
    )
    model = FlaxBartForConditionalGeneration(config, seed=0)

    def forward(params, input_ids, attention_mask, decoder_input_ids):
        out = model(
            input_ids=input_ids,
            attention_mask=attention_mask,
            decoder_input_ids=decoder_input_ids,
            params=params,
            train=False,
        )
        return out.logits

    args = (abstract(model.params), ids_spec(), ids_spec(), ids_spec())
    return forward, args


def gpt2_loss():
    """A GPT-2 language model and its next-token cross-entropy loss."""
    config = GPT2Config(
        vocab_size=128,
        n_positions=64,
        n_embd=32,
        n_layer=4,
        n_head=4,
        resid_pdrop=0.0,
        embd_pdrop=0.0,
        attn_pdrop=0.0,
    )
    model = FlaxGPT2LMHeadModel(config, seed=0)

    def loss(params, input_ids, attention_mask):
        logits = model(
            input_ids=input_ids, attention_mask=attention_mask, params=params, train=False
        ).logits
        logp = jax.nn.log_softmax(logits[:, :-1, :], axis=-1)
        target = input_ids[:, 1:]
        picked = jnp.take_along_axis(logp, target[..., None], axis=-1)[..., 0]
        weight = attention_mask[:, 1:].astype(jnp.float32)
        return -(picked * weight).sum() / weight.sum()

    args = (abstract(model.params), ids_spec(), ids_spec())
    return loss, args


def bert():
    """A BERT encoder's last hidden state (bert-base's layout, 2 layers, small widths)."""
    config = BertConfig(
        vocab_size=128,
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=4,
        intermediate_size=64,
        max_position_embeddings=64,
        hidden_dropout_prob=0.0,
        attention_probs_dropout_prob=0.0,
    )
    model = FlaxBertModel(config, seed=0)

    def forward(params, input_ids, attention_mask):
        out = model(input_ids=input_ids, attention_mask=attention_mask, params=params, train=False)
        return out.last_hidden_state

    args = (abstract(model.params), ids_spec(), ids_spec())
    return forward, args


def vit():
    """A ViT encoder on a 32x32 image in 8x8 patches, 2 layers."""
    config = ViTConfig(
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=4,
        intermediate_size=64,
        image_size=32,
        patch_size=8,
        num_channels=3,
        hidden_dropout_prob=0.0,
        attention_probs_dropout_prob=0.0,
    )
    model = FlaxViTModel(config, seed=0, add_pooling_layer=False)

    def forward(params, pixel_values):
        return model(pixel_values=pixel_values, params=params, train=False).last_hidden_state

    pixels = jax.ShapeDtypeStruct((BATCH, 3, 32, 32), jnp.float32)
    return forward, (abstract(model.params), pixels)


def resnet():
    """A basic-block ResNet on one 32x32 image, batch norm in its inference form."""
    config = ResNetConfig(
        num_channels=3,
        embedding_size=16,
        hidden_sizes=[16, 32],
        depths=[1, 1],
        layer_type="basic",
    )
    model = FlaxResNetModel(config, seed=0)

    def forward(params, pixel_values):
        return model(pixel_values=pixel_values, params=params, train=False).last_hidden_state

    pixels = jax.ShapeDtypeStruct((1, 3, 32, 32), jnp.float32)
    return forward, (abstract(model.params), pixels)


MODELS = {
    "bart_seq2seq_f32": bart,
    "bert_f32": bert,
    "gpt2_loss_f32": gpt2_loss,
    "vit_f32": vit,
    "resnet_f32": resnet,
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=DEFAULT_OUT)
    parser.add_argument("names", nargs="*", metavar="NAME", help="only these (default: all)")
    cli = parser.parse_args()
    unknown = sorted(set(cli.names) - set(MODELS))
    if unknown:
        parser.error(f"unknown model {', '.join(unknown)}; the models: {', '.join(MODELS)}")
    out = cli.out
    out.mkdir(parents=True, exist_ok=True)
    for name, make in MODELS.items():
        if cli.names and name not in cli.names:
            continue
        fn, args = make()
        text = jax.export.export(jax.jit(fn))(*args).mlir_module()
        path = out / f"{name}.mlir"
        path.write_text(text)
        print(f"{path}: {len(text)} bytes")


# Llama in bf16: one model's prefill and its decode step against a key-value cache.
def llama_model():
    """A Llama decoder in bf16: grouped-query attention, rotary embeddings, RMSNorm, SwiGLU."""
    config = LlamaConfig(
        vocab_size=128,
        hidden_size=256,
        intermediate_size=512,
        num_hidden_layers=2,
        num_attention_heads=8,
        num_key_value_heads=2,
        max_position_embeddings=1024,
    )
    model = FlaxLlamaForCausalLM(config, seed=0, dtype=jnp.bfloat16)
    return model, model.to_bf16(model.params)


def llama():
    """The logits of a batch of prompts (prefill)."""
    model, params = llama_model()

    def forward(params, input_ids, attention_mask):
        return model(
            input_ids=input_ids, attention_mask=attention_mask, params=params, train=False
        ).logits

    return forward, (abstract(params), ids_spec(), ids_spec())


def llama_decode(cache_len=512):
    """One decode step: a token per sequence attends to a key-value cache."""
    model, params = llama_model()
    cache = model.init_cache(BATCH, cache_len)

    def step(params, cache, input_ids, attention_mask, position_ids):
        out = model(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            params=params,
            past_key_values=cache,
            train=False,
        )
        return out.logits, out.past_key_values

    token = jax.ShapeDtypeStruct((BATCH, 1), jnp.int32)
    mask = jax.ShapeDtypeStruct((BATCH, cache_len), jnp.int32)
    return step, (abstract(params), abstract(cache), token, mask, token)


MODELS.update(llama_bf16=llama, llama_decode_bf16=llama_decode)

if __name__ == "__main__":
    main()
