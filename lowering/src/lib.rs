//! egfuse's kernel lowering: fused kinds (RmsNorm, Softmax, ...) and the ops left unfused become
//! nisa programs, NKI ISA instructions over HBM tensors and SBUF/PSUM tiles assigned to engines.
//! `nisa` is the program itself: its types, text form, verifier and interpreter. The expansion,
//! tiling, placement and routing passes build on it.

pub mod nisa;
