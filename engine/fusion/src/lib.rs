//! egfuse's fusion passes over the IR: [`inline`] replaces calls of private functions with
//! their bodies; [`compat`] is the seed's pass, syntactic, in its driver order; [`egraph`] is
//! the default mode (saturate, kernels, extract under the cost model, materialize); both hand
//! the chosen ops to [`cluster`], the one shared region builder, which emits `mhlo.fusion`,
//! `stablehlo.composite` or Penguin text. [`fuse`] runs either mode as a pipeline of named passes
//! (`egfuse_ir::pass`) and returns one report. [`catalog`] tells the rule language's checker what
//! the IR's ops look like; [`trace`] is the sink both modes report rule activity into.

pub mod absorb;
pub mod attention;
pub mod catalog;
pub mod cluster;
pub mod compat;
pub mod dot_folding;
pub mod egraph;
pub mod expand;
pub mod fuse;
pub mod inline;
pub mod merge;
pub mod scalars;
pub mod trace;
