//! The `egfuse` binary's tests of properties, a module per command or mode, in one test binary
//! (one link instead of one per file); what one input prints is a filetest instead
//! (`tests/filetests/`). [`cli`] (parse, IO, exit codes), [`fuse`] (compat mode over the
//! exports), [`egraph`] (egraph mode's limits, determinism and idioms over the corpus),
//! [`exact`] (the exact extractor), [`fuse_print_after`] (an unknown pass names the passes), [`compare`] (determinism, the plans' order over the
//! corpus), [`coverage`], [`explain`] (over the corpus), [`dot`], [`hostile`] (bounded stages on
//! hostile input), [`interop`] (jaxlib re-parses what we print), [`kinds`] (every norm, softmax
//! and GELU of the `transformers` models as its kind), [`lower`] (every fixture and export
//! lowered and checked, K2, the budget), [`lower_attention`] (the flash form's kernels), [`lower_composite`] (a module fused into
//! composites lowers as one fused into `mhlo.fusion` ops),
//! [`lower_conv`] (convolutions' plainer forms), [`lower_mx`] (MX quantizes as `quantize_mx` under
//! NKI's scale rule on v4), [`lower_pool`] (pooling windows as slices),
//! [`lower_reuse`] (a matmul's weights loaded
//! once), [`lower_torch`] (PyTorch's programs lowered whole), [`lower_wide`] (narrow rows
//! merged), [`regions`] (egraph mode inside `while`, `case` and `if`), [`search`] (the
//! searches' shortcuts find what a full search finds), [`sweep`] (every family at several
//! shapes and dtypes), [`torch`] (the PyTorch/XLA fixtures),
//! [`verify`] (miscompile against rounding) and [`xla_count`] (kernel counts beside XLA:CPU's).
//! `cargo test --test commands -- egraph::` runs one module.

#[path = "../support/mod.rs"]
mod support;

mod cli;
mod compare;
mod coverage;
mod dot;
mod egraph;
mod exact;
mod explain;
mod fuse;
mod fuse_print_after;
mod hostile;
mod interop;
mod kinds;
mod lower;
mod lower_attention;
mod lower_composite;
mod lower_conv;
mod lower_moe;
mod lower_mx;
mod lower_pool;
mod lower_pool_grad;
mod lower_reduce;
mod lower_refine;
mod lower_reuse;
mod lower_torch;
mod lower_wide;
mod opcodes;
mod regions;
mod search;
mod sweep;
mod torch;
mod verify;
mod xla_count;
