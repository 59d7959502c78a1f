//! egfuse's engine: the MLIR IR (parse, print, verify) that every later phase works on.
//!
//! The phases read like the pipeline: [`parse`] text into an [`ir::Module`], [`verify`] it,
//! [`print`] it back. The op registry in [`ops`] says which ops have a pretty form and what the
//! verifier may assume about them. [`inline`] replaces calls of private functions with their
//! bodies before fusion. [`egraph`] is the fusion pass: saturation, cost, extraction.
//! [`cluster`] builds matched ops into `mhlo.fusion` or `stablehlo.composite` ops and prints
//! their Penguin form. [`cost`] says what an op or a fused cluster costs on a target core
//! described by a target file.

pub mod catalog;
pub mod cluster;
pub mod compare;
pub mod compat;
pub mod cost;
pub mod coverage;
pub mod diag;
pub mod dot;
pub mod egraph;
pub mod explain;
pub mod inline;
pub mod interp;
pub mod ir;
pub mod ops;
pub mod parse;
pub mod print;
pub mod report;
pub mod soundness;
pub mod verify;

pub use diag::{Diag, Span};
pub use ir::Module;
