//! The `egfuse` binary's tests, a module per command or mode, in one test binary (one link
//! instead of one per file): [`cli`] (parse, IO, exit codes), [`fuse`] (compat mode's seed
//! claims), [`egraph`] (egraph mode's idioms over the corpus), [`exact`] (the exact extractor),
//! [`compare`], [`coverage`], [`explain`], [`dot`], [`hostile`] (bounded stages on hostile
//! input), [`interop`] (jaxlib re-parses what we print), [`kinds`] (every norm, softmax and
//! GELU of the `transformers` models as its kind), [`layout`] (the layout rewrites'
//! derived dimensions), [`lower`] (kernel lowering over the corpus; what one input lowers to
//! is a filetest, `tests/filetests/lower/`), [`lower_torch`] (PyTorch's programs lowered), [`lower_wide`] (rows wider than SBUF, reduces
//! over every element), [`merge`] (a loop kernel merged into the one kernel that reads it), [`mlp`] (an MLP's matmul, bias and GELU as one DotGelu kernel in either frontend's spelling), [`regions`] (egraph mode inside `while`, `case` and `if`),
//! [`search`] (the searches' shortcuts find what a full search finds), [`torch`]
//! (the PyTorch/XLA fixtures), [`verify`] (miscompile against rounding) and [`xla_count`]
//! (kernel counts beside XLA:CPU's). `cargo test --test commands -- egraph::` runs one module.

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
mod hostile;
mod interop;
mod kinds;
mod layout;
mod loops;
mod lower;
mod lower_attention;
mod lower_conv;
mod lower_reuse;
mod lower_torch;
mod lower_wide;
mod merge;
mod mlp;
mod regions;
mod search;
mod torch;
mod verify;
mod xla_count;
