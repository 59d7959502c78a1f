//! `egfuse target`: check a target description and print it in canonical form, and the
//! loading of a target from the built-in default, `--target FILE` or `--target NAME` (a
//! built-in one).
//!
//! Exit codes: 0 the target is good (printed on standard output); 2 it cannot be read or has
//! problems (every one printed as a diagnostic).

use crate::cli::{fail, read_input, write_output, Reported};
use clap::Args;
use egfuse_cost::Target;
use std::path::PathBuf;
use std::process::ExitCode;

/// Which target the cost model describes.
#[derive(Args)]
pub struct TargetChoice {
    /// Read the target description from FILE instead of the built-in NeuronCore-v2
    /// (docs/target.md describes the format), or name a built-in one: `neuroncore-v2`, or
    /// `neuroncore-v4` (Trn3, with the MX ops).
    #[arg(long = "target", value_name = "FILE|NAME")]
    pub file: Option<PathBuf>,
}

pub fn run(choice: &TargetChoice) -> ExitCode {
    let shown = load(choice).and_then(|t| write_output(None, t.to_string().as_bytes()));
    crate::cli::exit_code(shown)
}

/// The chosen target, parsed; any problem is rendered against its file.
pub fn load(choice: &TargetChoice) -> Result<Target, Reported> {
    let builtin = |p: &PathBuf| egfuse_rules::target(&format!("{}.target", p.to_str()?));
    let (name, src) = match &choice.file {
        Some(path) if !path.exists() && builtin(path).is_some() => {
            let src = builtin(path).expect("checked");
            (format!("{}.target", path.display()), src.to_string())
        }
        Some(path) if !path.exists() && path.extension().is_none() => {
            let names: Vec<&str> = (egfuse_rules::TARGETS.iter())
                .filter_map(|(n, _)| n.strip_suffix(".target"))
                .collect();
            let (shown, names) = (path.display(), names.join(", "));
            eprintln!("error: no target file or built-in target `{shown}` (built-in: {names})");
            return Err(Reported);
        }
        Some(path) => read_input(path)?,
        None => {
            let name = egfuse_rules::DEFAULT_TARGET;
            let src = egfuse_rules::target(name).expect("the default target is embedded");
            (name.to_string(), src.to_string())
        }
    };
    Target::parse(&src).map_err(|diags| fail(&name, &src, &diags))
}
