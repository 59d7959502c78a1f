//! `egfuse rules check` and `egfuse rules list`, and the loading of a rule set from the
//! embedded defaults, `--rules DIR` (replaces them) and `--extra-rules DIR` (adds to them).
//!
//! Exit codes of `check`: 0 clean; 1 the rules have findings (printed as diagnostics) or, with
//! `--soundness`, a rule is unsound; 2 a rule directory or file cannot be read (or the target
//! cannot). `list` needs a clean rule set: findings are bad input (2).

use crate::cli::write_output;
use crate::target_cmd::{self, TargetChoice};
use clap::{Args, Subcommand};
use egfuse_dsl::ast::Item;
use egfuse_dsl::store::Texts;
use egfuse_dsl::{FileDiags, RuleSet};
use egfuse_fusion::catalog::Catalog;
use egfuse_reports::soundness;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Subcommand)]
pub enum RulesCommand {
    /// Check the rule set: every problem of every file, as diagnostics.
    Check(CheckArgs),
    /// List the rules: family file, fusion or rewrite, name, phase, law.
    List(RuleDirs),
}

/// Where the rules come from.
#[derive(Args)]
pub struct RuleDirs {
    /// Use the `*.rules` files of DIR (or the file DIR) instead of the built-in rules.
    #[arg(long, value_name = "DIR")]
    pub rules: Option<PathBuf>,
    /// Add the `*.rules` files of DIR (or the file DIR) to the rules.
    #[arg(long, value_name = "DIR")]
    pub extra_rules: Option<PathBuf>,
}

/// What `rules check` checks.
#[derive(Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub dirs: RuleDirs,
    /// Also run every rule on random instances with the interpreter: a rewrite's two sides, a
    /// fusion's fused and unfused program (exit 1 if a rule is unsound).
    #[arg(long)]
    pub soundness: bool,
    /// The cost model egraph mode extracts with under --soundness.
    #[command(flatten)]
    pub target: TargetChoice,
}

/// Why a rule set did not load.
pub enum LoadError {
    /// A directory or file could not be read; the message was printed.
    Unreadable,
    /// The rules have problems.
    Findings(Vec<FileDiags>),
}

pub fn run(cmd: RulesCommand) -> ExitCode {
    match cmd {
        RulesCommand::Check(args) => check(&args),
        RulesCommand::List(dirs) => list(&dirs),
    }
}

fn check(args: &CheckArgs) -> ExitCode {
    let set = match load(&args.dirs) {
        Ok(set) => set,
        Err(LoadError::Unreadable) => return ExitCode::from(2),
        Err(LoadError::Findings(files)) => {
            report(&files);
            return ExitCode::from(1);
        }
    };
    let count = |want: fn(&Item) -> bool| set.written().filter(|(_, i)| want(i)).count();
    let fusions = count(|i| matches!(i, Item::Fusion(_)));
    let rewrites = count(|i| matches!(i, Item::Rewrite(_)));
    let lowering = count(|i| matches!(i, Item::Select(_) | Item::Kernel(_) | Item::Route(_)));
    println!(
        "ok: {} rule files, {fusions} fusion rules, {rewrites} rewrite rules, {lowering} lowering rules, no findings",
        set.files.len()
    );
    if !args.soundness {
        return ExitCode::SUCCESS;
    }
    let Ok(target) = target_cmd::load(&args.target) else {
        return ExitCode::from(2);
    };
    let report = soundness::check(&set, &soundness::Config { target: &target });
    if write_output(None, report.to_string().as_bytes()).is_err() {
        return ExitCode::from(2);
    }
    if report.unsound() > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn list(dirs: &RuleDirs) -> ExitCode {
    let set = match load(dirs) {
        Ok(set) => set,
        Err(LoadError::Unreadable) => return ExitCode::from(2),
        Err(LoadError::Findings(files)) => {
            report(&files);
            return ExitCode::from(2);
        }
    };
    let rows: Vec<[String; 5]> = set
        .written()
        .map(|(file, item)| {
            let (what, phase) = match item {
                Item::Fusion(f) => ("fusion", f.phase.as_ref().map_or("-", |p| &p.name)),
                Item::Rewrite(_) => ("rewrite", "-"),
                Item::Fragment(_) => ("fragment", "-"),
                Item::Select(_) => ("select", "-"),
                Item::Kernel(_) => ("kernel", "-"),
                Item::Route(_) => ("route", "-"),
            };
            [
                file.name.clone(),
                what.to_string(),
                item.name().name.clone(),
                phase.to_string(),
                item.law().unwrap_or("").to_string(),
            ]
        })
        .collect();
    let mut widths = [0usize; 4];
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    for row in &rows {
        let mut line = String::new();
        for (cell, w) in row.iter().zip(widths) {
            line.push_str(&format!("{cell:<w$}  "));
        }
        line.push_str(&row[4]);
        println!("{}", line.trim_end());
    }
    ExitCode::SUCCESS
}

fn report(files: &[FileDiags]) {
    let count: usize = files.iter().map(|f| f.diags.len()).sum();
    for f in files {
        eprint!("{}", f.render());
    }
    eprintln!(
        "error: {count} finding{} in {} rule file{}",
        if count == 1 { "" } else { "s" },
        files.len(),
        if files.len() == 1 { "" } else { "s" }
    );
}

/// The default rule texts, fingerprinted at compile time.
const DEFAULT_TEXTS: Texts<'static> = Texts::new(egfuse_rules::DEFAULT_RULES);

/// Loads and checks the rule set `dirs` selects. The default rules alone come from their stored
/// form (`egfuse_rules::STORED`), written from a set that passed every check below; when the rule
/// texts were edited since, it no longer matches them and the texts are loaded instead.
pub fn load(dirs: &RuleDirs) -> Result<RuleSet, LoadError> {
    if dirs.rules.is_none() && dirs.extra_rules.is_none() {
        if let Some(set) = RuleSet::decode(egfuse_rules::STORED, &DEFAULT_TEXTS) {
            return Ok(set);
        }
    }
    let mut files: Vec<(String, String)> = match &dirs.rules {
        Some(dir) => read_rules(dir)?,
        None => egfuse_rules::DEFAULT_RULES
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect(),
    };
    if let Some(dir) = &dirs.extra_rules {
        files.extend(read_rules(dir)?);
    }
    let borrowed: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let set = RuleSet::load(&borrowed, &Catalog).map_err(LoadError::Findings)?;
    egfuse_lowering::rules::Rules::of(&set).map_err(LoadError::Findings)?;
    Ok(set)
}

/// [`load`], with the findings rendered on standard error (the fusing commands' way).
pub fn load_reported(dirs: &RuleDirs) -> Result<RuleSet, crate::cli::Reported> {
    load(dirs).map_err(|e| {
        if let LoadError::Findings(files) = e {
            files.iter().for_each(|f| eprint!("{}", f.render()));
        }
        crate::cli::Reported
    })
}

/// `rules` without the rules `--forbid` names (`fuse` and `compare`).
pub fn forbidden(mut rules: RuleSet, names: &[String]) -> Result<RuleSet, crate::cli::Reported> {
    for name in names {
        rules = rules.without(name).ok_or_else(|| {
            eprintln!("error: unknown rule `{name}` in --forbid (`egfuse rules list` lists them)");
            crate::cli::Reported
        })?;
    }
    Ok(rules)
}

/// The `*.rules` files of a directory, sorted by name, or the one file `path`.
fn read_rules(path: &Path) -> Result<Vec<(String, String)>, LoadError> {
    let paths = if path.is_dir() {
        let entries = std::fs::read_dir(path).map_err(|e| unreadable(path, &e))?;
        let mut paths: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "rules"))
            .collect();
        paths.sort();
        paths
    } else {
        vec![path.to_path_buf()]
    };
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).map_err(|e| unreadable(&p, &e))?;
            Ok((p.display().to_string(), text))
        })
        .collect()
}

fn unreadable(path: &Path, e: &std::io::Error) -> LoadError {
    eprintln!("error: cannot read {}: {e}", path.display());
    LoadError::Unreadable
}

#[cfg(test)]
mod tests {
    use super::{load, RuleDirs};
    use egfuse_dsl::RuleSet;
    use egfuse_fusion::catalog::Catalog;
    use std::path::Path;

    /// The stored default rules are the rule texts loaded and checked. `UPDATE_EXPECT=1` writes
    /// them again (then build again: they are embedded).
    #[test]
    fn stored_defaults_are_the_texts_loaded() {
        let set = RuleSet::load(egfuse_rules::DEFAULT_RULES, &Catalog).expect("the defaults load");
        egfuse_lowering::rules::Rules::of(&set).expect("the defaults' lowering rules check");
        let bytes = set.encode();
        if std::env::var_os("UPDATE_EXPECT").is_some() {
            let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(egfuse_rules::STORED_PATH);
            std::fs::write(&path, &bytes).expect("the stored rules written");
            return;
        }
        assert!(
            bytes == egfuse_rules::STORED,
            "the stored default rules ({}) are not the rule texts loaded: \
             run `UPDATE_EXPECT=1 cargo test --release --bin egfuse stored_defaults`",
            egfuse_rules::STORED_PATH
        );
        let dirs = RuleDirs {
            rules: None,
            extra_rules: None,
        };
        assert_eq!(
            load(&dirs).ok(),
            Some(set),
            "the stored form decodes to the set"
        );
    }
}
