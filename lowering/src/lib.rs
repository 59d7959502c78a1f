//! egfuse's kernel lowering: fused kinds (RmsNorm, Softmax, ...) and the ops left unfused become
//! nisa programs, NKI ISA instructions over HBM tensors and SBUF/PSUM tiles assigned to engines.
//!
//! `nisa` is the program itself: its types, text form, verifier and interpreter. `rules`
//! prepares the back-half's rules (select, kernel, route). `lower` is the pipeline, one module
//! per pass: `select` and `layout` (expand), `tile`, `place`, `route`; `movement` expands the
//! ops that only move elements straight into DMAs.

pub mod layout;
pub mod lower;
pub mod movement;
pub mod nisa;
pub mod place;
pub mod route;
pub mod rules;
pub mod schedule;
pub mod select;
pub mod tile;
