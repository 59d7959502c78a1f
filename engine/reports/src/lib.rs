//! Reports over the fusion passes, none of which changes what `egfuse fuse` writes:
//! [`soundness`] runs every rule on small random instances with the interpreter, [`coverage`]
//! adds up what each rule did over many files, [`explain`] traces one rule over one module,
//! [`compare`] costs the plans of each mode with one ruler, [`kernels`] counts kernels as XLA
//! does, and [`dot`] draws fused modules.

pub mod compare;
pub mod coverage;
pub mod dot;
pub mod explain;
pub mod kernels;
pub mod soundness;
