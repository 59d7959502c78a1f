//! The loader: several rule files (the defaults plus any extra ones) parsed and checked as one
//! [`RuleSet`], or every problem of every file.
//!
//! Invariant: a loaded set's [`RuleSet::items`] hold no fragment and no `Steps` body: each
//! fusion written with fragment calls or optional parts is there as its variants, in a row,
//! under its one name. The text as written stays in [`RuleFile::ast`] (for printing and
//! `rules list`).

use crate::ast::{File, FusionRule, Item, KernelItem, RewriteRule, RouteRule, SelectRule};
use crate::catalog::OpCatalog;
use crate::check::{check_all, Source};
use crate::parse::parse_partial;
use crate::phase::Phase;
use egfuse_diag::{render, Diag};

/// One loaded rule file.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleFile {
    /// The name diagnostics and `rules list` show (a file name such as `mul_red_sqrt.rules`).
    pub name: String,
    pub text: String,
    /// The file as written.
    pub ast: File,
    /// Its items expanded: what the engine runs.
    pub items: Vec<Item>,
}

/// A checked set of rules, in file order and, within a file, in text order.
#[derive(Clone, Debug, PartialEq)]
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
        let parsed = parse_files(files);
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
        let mut expanded = Vec::new();
        for ((&(name, text), (_, parse_diags)), (check_diags, items)) in
            files.iter().zip(&parsed).zip(checked)
        {
            expanded.push(items);
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
        let files = (files.iter().zip(parsed).zip(expanded))
            .map(|((&(name, text), (file, _)), items)| RuleFile {
                name: name.to_string(),
                text: text.to_string(),
                ast: file.expect("a file without problems parsed"),
                items,
            })
            .collect();
        Ok(RuleSet { files })
    }

    /// Every expanded item with the file it comes from.
    pub fn items(&self) -> impl Iterator<Item = (&RuleFile, &Item)> {
        self.files
            .iter()
            .flat_map(|f| f.items.iter().map(move |i| (f, i)))
    }

    /// Every item as written (fragments, and each fusion once), with its file.
    pub fn written(&self) -> impl Iterator<Item = (&RuleFile, &Item)> {
        self.files
            .iter()
            .flat_map(|f| f.ast.items.iter().map(move |i| (f, i)))
    }

    /// Every fusion rule, each variant of a rule with optional parts on its own.
    pub fn fusions(&self) -> impl Iterator<Item = &FusionRule> {
        self.items().filter_map(|(_, i)| match i {
            Item::Fusion(f) => Some(f),
            _ => None,
        })
    }

    /// The variants of the fusion rule named `name` (one for a rule without optional parts).
    pub fn variants<'s>(&'s self, name: &'s str) -> impl Iterator<Item = &'s FusionRule> {
        self.fusions().filter(move |f| f.name.name == name)
    }

    /// Every rewrite rule.
    pub fn rewrites(&self) -> impl Iterator<Item = &RewriteRule> {
        self.items().filter_map(|(_, i)| match i {
            Item::Rewrite(r) => Some(r),
            _ => None,
        })
    }

    /// Every select rule, in file order: the lowering tries them in this order.
    pub fn selects(&self) -> impl Iterator<Item = (&RuleFile, &SelectRule)> {
        self.items().filter_map(|(f, i)| match i {
            Item::Select(r) => Some((f, r)),
            _ => None,
        })
    }

    /// Every kernel item.
    pub fn kernels(&self) -> impl Iterator<Item = (&RuleFile, &KernelItem)> {
        self.items().filter_map(|(f, i)| match i {
            Item::Kernel(k) => Some((f, k)),
            _ => None,
        })
    }

    /// Every route rule, in file order: the first that matches an instruction decides.
    pub fn routes(&self) -> impl Iterator<Item = (&RuleFile, &RouteRule)> {
        self.items().filter_map(|(f, i)| match i {
            Item::Route(r) => Some((f, r)),
            _ => None,
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

    /// The rule named `name` (a fusion's first variant).
    pub fn get(&self, name: &str) -> Option<&Item> {
        self.items().map(|(_, i)| i).find(|i| i.name().name == name)
    }

    /// The set without the rule named `name` (`egfuse compare --forbid`), every variant of it;
    /// `None` when no rule has that name. Expanded rules never refer to each other, so what
    /// remains is still checked.
    pub fn without(&self, name: &str) -> Option<RuleSet> {
        self.get(name)?;
        let mut out = self.clone();
        for f in &mut out.files {
            f.ast.items.retain(|i| i.name().name != name);
            f.items.retain(|i| i.name().name != name);
        }
        Some(out)
    }
}

/// Every file parsed, on two threads when there are several files (pest's parse is most of a
/// load, and files are independent); results in the files' order.
fn parse_files(files: &[(&str, &str)]) -> Vec<(Option<File>, Vec<Diag>)> {
    let parse = |(_, text): &(&str, &str)| parse_partial(text);
    if files.len() < 2 || std::thread::available_parallelism().map_or(1, |n| n.get()) < 2 {
        return files.iter().map(parse).collect();
    }
    // Alternate files between the threads, so both get large and small ones. The second
    // thread gets the main thread's stack size: the nesting limit is sized for it.
    let (odd, even): (Vec<_>, Vec<_>) = files.iter().enumerate().partition(|(i, _)| i % 2 == 1);
    let (odd, even) = std::thread::scope(|s| {
        let work = || odd.iter().map(|(_, f)| parse(f)).collect::<Vec<_>>();
        let spawned = std::thread::Builder::new()
            .stack_size(8 << 20)
            .spawn_scoped(s, work);
        let even: Vec<_> = even.iter().map(|(_, f)| parse(f)).collect();
        let odd = match spawned {
            Ok(h) => h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)),
            Err(_) => odd.iter().map(|(_, f)| parse(f)).collect(),
        };
        (odd, even)
    });
    let mut out = Vec::with_capacity(files.len());
    let mut odd = odd.into_iter();
    for e in even {
        out.push(e);
        out.extend(odd.next());
    }
    out
}
