//! The static checks: every problem of every file, reported at once.
//!
//! Per rule: op names against the [`OpCatalog`], arity and result counts, attribute names,
//! `commute` on commutative ops only, unbound, unused and misordered variables, predicates and
//! Penguin fields given the wrong kind of thing, the anchor, phase and flag gating, grow limits,
//! and a rewrite's right side using only what its left side binds. Across rules: duplicate
//! names and two fusion rules that overlap at the same priority.

mod env;
mod fusion;
mod ops;
mod overlap;
mod rewrite;

use crate::ast::{File, Item};
use crate::catalog::OpCatalog;
use egfuse_diag::{line_col, Diag};
use std::collections::BTreeMap;

/// One file to check together with the others: its name, text and tree.
pub struct Source<'a> {
    pub name: &'a str,
    pub text: &'a str,
    pub file: &'a File,
}

/// Checks one file on its own.
pub fn check(file: &File, text: &str, catalog: &dyn OpCatalog) -> Vec<Diag> {
    let src = Source {
        name: "<rules>",
        text,
        file,
    };
    check_all(&[src], catalog).pop().unwrap_or_default()
}

/// Checks several files as one rule set; the result has one list of diagnostics per file,
/// sorted by position.
pub fn check_all(files: &[Source], catalog: &dyn OpCatalog) -> Vec<Vec<Diag>> {
    let mut out: Vec<Vec<Diag>> = files
        .iter()
        .map(|f| {
            let mut ctx = ops::Ctx::new(catalog);
            for item in &f.file.items {
                match item {
                    Item::Fusion(r) => fusion::check(&mut ctx, r),
                    Item::Rewrite(r) => rewrite::check(&mut ctx, r),
                }
            }
            ctx.diags
        })
        .collect();
    duplicates(files, &mut out);
    overlap::check(files, catalog, &mut out);
    for diags in &mut out {
        diags.sort_by_key(|d| (d.span.start, d.code));
    }
    out
}

/// Where an item of file `f` is, as `FILE:LINE:COL`.
fn place(files: &[Source], f: usize, at: u32) -> String {
    let (line, col) = line_col(files[f].text, at as usize);
    format!("{}:{line}:{col}", files[f].name)
}

/// Reports every rule whose name an earlier rule (in any file) already has.
fn duplicates(files: &[Source], out: &mut [Vec<Diag>]) {
    let mut seen: BTreeMap<&str, (usize, &Item)> = BTreeMap::new();
    for (f, src) in files.iter().enumerate() {
        for item in &src.file.items {
            let name = item.name();
            let Some(&(first_file, first)) = seen.get(name.name.as_str()) else {
                seen.insert(&name.name, (f, item));
                continue;
            };
            let mut d = Diag::new(
                "check::duplicate-rule",
                name.span,
                format!("a rule named `{}` already exists", name.name),
            )
            .with_label("second rule with this name");
            if first_file == f {
                d = d.with_note(first.name().span, "first defined here");
            } else {
                let at = place(files, first_file, first.name().span.start);
                d = d.with_help(format!(
                    "the first is at {at}; rule names are unique across all rule files"
                ));
            }
            out[f].push(d);
        }
    }
}
