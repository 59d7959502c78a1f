//! egfuse's kernel lowering: fused kinds (RmsNorm, Softmax, ...) and the ops left unfused become
//! nisa programs, NKI ISA instructions over HBM tensors and SBUF/PSUM tiles assigned to engines.
//!
//! `nisa` is the program itself: its types, text form, verifier and interpreter. `rules`
//! prepares the back-half's rules (select, kernel, route). `lower` is the pipeline, one module
//! per pass: `edge` (the views at a kernel's edge as access patterns), `select` and `layout`
//! (expand), `tile`, `place`, `route`; `movement` expands the
//! ops that only move elements straight into DMAs; `batch_norm` computes
//! `batch_norm_training` with `bn_stats`/`bn_aggr`; `rms_norm_call` the
//! `AwsNeuronRmsNorm` custom call in the tokens-on-partitions form; `int64` is the policy for
//! 64-bit integers; `conv_forms` spells padded, dilated, reversed and grouped convolutions
//! with pads, reverses, slices and concatenates before lowering;
//! `fold` finds the ops computed at compile time, which need no kernel.

pub mod batch_norm;
pub mod conv_forms;
pub mod edge;
pub mod fold;
pub mod int64;
pub mod layout;
pub mod lower;
pub mod movement;
pub mod place;
pub mod rms_norm_call;
pub mod route;
pub mod rules;
pub mod schedule;
pub mod select;
pub mod split;
pub mod tile;
