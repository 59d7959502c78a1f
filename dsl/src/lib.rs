//! egfuse's rule language: the pest grammar (`dsl/src/grammar.pest`
//! is the language's specification), the spanned syntax tree, the static checks, the pretty
//! printer, and the loader that merges rule files into one checked [`RuleSet`].
//!
//! A consumer loads rules with [`RuleSet::load`], which parses and checks every file and
//! reports every problem of every file at once, then walks [`RuleSet::fusions`] and
//! [`RuleSet::rewrites`]. The engine supplies the op table through the [`OpCatalog`] trait, so
//! this crate does not depend on the engine.

pub mod ast;
pub mod catalog;
pub mod check;
mod docs;
pub mod expand;
pub mod load;
pub mod parse;
pub mod phase;
pub mod preds;
pub mod print;
pub mod store;
#[cfg(test)]
mod test_catalog;
#[cfg(test)]
mod tests;

pub use catalog::{Arity, OpCatalog, OpShape};
pub use load::{FileDiags, RuleFile, RuleSet};
pub use parse::parse;
pub use phase::{Flag, Phase};
pub use print::print;
