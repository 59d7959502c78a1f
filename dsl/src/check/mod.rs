//! The static checks: every problem of every file, reported at once.
//!
//! Per rule: op names against the [`OpCatalog`], arity and result counts, attribute names,
//! `commute` on commutative ops only, unbound, unused and misordered variables, predicates and
//! Penguin fields given the wrong kind of thing, the anchor, phase and flag gating, grow limits,
//! and a rewrite's right side using only what its left side binds. Across rules: duplicate
//! names and two fusion rules that overlap at the same priority. A fusion with fragment calls
//! or optional parts is checked in each variant it expands to, and the expansion is what a
//! loaded rule set keeps ([`check_all`] returns it).

mod env;
mod fusion;
mod ops;
mod overlap;
mod rewrite;
mod select;

use crate::ast::{File, Item};
use crate::catalog::OpCatalog;
use crate::expand::Fragments;
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
    check_all(&[src], catalog).pop().unwrap_or_default().0
}

/// Checks several files as one rule set; the result has, per file, its diagnostics sorted by
/// position and its items expanded (fragments gone, each fusion as its variants).
pub fn check_all(files: &[Source], catalog: &dyn OpCatalog) -> Vec<(Vec<Diag>, Vec<Item>)> {
    let mut diags = Vec::new();
    let mut expanded = Vec::new();
    for f in files {
        let (d, items) = check_file(f.file, catalog);
        diags.push(d);
        expanded.push(items);
    }
    duplicates(files, &mut diags);
    overlap::check(files, &expanded, catalog, &mut diags);
    for d in &mut diags {
        // Variants of one rule repeat the problems they share; the first says it.
        let mut seen = std::collections::BTreeSet::new();
        d.retain(|d| seen.insert((d.span, d.code, d.message.clone())));
        d.sort_by_key(|d| (d.span.start, d.code));
    }
    diags.into_iter().zip(expanded).collect()
}

/// One file's problems and its expanded items.
fn check_file(file: &File, catalog: &dyn OpCatalog) -> (Vec<Diag>, Vec<Item>) {
    let mut ctx = ops::Ctx::new(catalog);
    let mut fragments = Fragments::default();
    let mut items = Vec::new();
    for item in &file.items {
        match item {
            Item::Fusion(r) => {
                let variants = fusion::check(&mut ctx, r, &fragments);
                items.extend(variants.into_iter().map(Item::Fusion));
            }
            Item::Rewrite(r) => {
                rewrite::check(&mut ctx, r);
                items.push(item.clone());
            }
            Item::Fragment(f) => {
                fusion::check_fragment(&mut ctx, f, &fragments);
                fragments.add(f);
            }
            Item::Select(r) => {
                select::check(&mut ctx, r);
                items.push(item.clone());
            }
            Item::Kernel(_) | Item::Route(_) => items.push(item.clone()),
        }
    }
    (ctx.diags, items)
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
