//! The loader: several rule files (the defaults plus any extra ones) parsed and checked as one
//! [`RuleSet`], or every problem of every file.

use crate::ast::{File, FusionRule, Item, RewriteRule};
use crate::catalog::OpCatalog;
use crate::check::{check_all, Source};
use crate::parse::parse_partial;
use crate::phase::Phase;
use egfuse_diag::{render, Diag};

/// One loaded rule file.
#[derive(Clone, Debug)]
pub struct RuleFile {
    /// The name diagnostics and `rules list` show (a file name such as `mul_red_sqrt.rules`).
    pub name: String,
    pub text: String,
    pub ast: File,
}

/// A checked set of rules, in file order and, within a file, in text order.
#[derive(Clone, Debug)]
pub struct RuleSet {
    pub files: Vec<RuleFile>,
}

/// The problems of one file.
#[derive(Clone, Debug)]
pub struct FileDiags {
    pub name: String,
    pub text: String,
    pub diags: Vec<Diag>,
}

impl FileDiags {
    /// The rendered diagnostics, headlines `error: FILE:LINE:COL: message`.
    pub fn render(&self) -> String {
        render(&self.name, &self.text, &self.diags)
    }
}

impl RuleSet {
    /// Parses and checks `files` (name, text) as one set: rule names are unique across files,
    /// and overlaps are found across files. Returns every problem of every file, files in the
    /// given order, each file's problems by position.
    pub fn load(
        files: &[(&str, &str)],
        catalog: &dyn OpCatalog,
    ) -> Result<RuleSet, Vec<FileDiags>> {
        let parsed: Vec<(Option<File>, Vec<Diag>)> =
            files.iter().map(|(_, text)| parse_partial(text)).collect();
        let empty = File {
            header: Vec::new(),
            items: Vec::new(),
        };
        let sources: Vec<Source> = files
            .iter()
            .zip(&parsed)
            .map(|(&(name, text), (file, _))| Source {
                name,
                text,
                file: file.as_ref().unwrap_or(&empty),
            })
            .collect();
        let checked = check_all(&sources, catalog);
        let mut problems = Vec::new();
        for ((&(name, text), (_, parse_diags)), check_diags) in
            files.iter().zip(&parsed).zip(checked)
        {
            let mut diags = parse_diags.clone();
            diags.extend(check_diags);
            diags.sort_by_key(|d| (d.span.start, d.code));
            if !diags.is_empty() {
                problems.push(FileDiags {
                    name: name.to_string(),
                    text: text.to_string(),
                    diags,
                });
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let files = files
            .iter()
            .zip(parsed)
            .map(|(&(name, text), (file, _))| RuleFile {
                name: name.to_string(),
                text: text.to_string(),
                ast: file.expect("a file without problems parsed"),
            })
            .collect();
        Ok(RuleSet { files })
    }

    /// Every item with the file it comes from.
    pub fn items(&self) -> impl Iterator<Item = (&RuleFile, &Item)> {
        self.files
            .iter()
            .flat_map(|f| f.ast.items.iter().map(move |i| (f, i)))
    }

    /// Every fusion rule.
    pub fn fusions(&self) -> impl Iterator<Item = &FusionRule> {
        self.items().filter_map(|(_, i)| match i {
            Item::Fusion(f) => Some(f),
            Item::Rewrite(_) => None,
        })
    }

    /// Every rewrite rule.
    pub fn rewrites(&self) -> impl Iterator<Item = &RewriteRule> {
        self.items().filter_map(|(_, i)| match i {
            Item::Rewrite(r) => Some(r),
            Item::Fusion(_) => None,
        })
    }

    /// The fusion rules of a compat-mode phase, highest priority first (file order among
    /// equals).
    pub fn fusions_in(&self, phase: Phase) -> Vec<&FusionRule> {
        let mut rules: Vec<&FusionRule> = self
            .fusions()
            .filter(|f| f.phase() == Some(phase))
            .collect();
        rules.sort_by_key(|f| std::cmp::Reverse(f.priority()));
        rules
    }

    /// The rule named `name`.
    pub fn get(&self, name: &str) -> Option<&Item> {
        self.items().map(|(_, i)| i).find(|i| i.name().name == name)
    }

    /// The set without the rule named `name` (`egfuse compare --forbid`); `None` when no rule
    /// has that name. Rules never refer to each other, so what remains is still checked.
    pub fn without(&self, name: &str) -> Option<RuleSet> {
        self.get(name)?;
        let mut out = self.clone();
        for f in &mut out.files {
            f.ast.items.retain(|i| i.name().name != name);
        }
        Some(out)
    }
}
