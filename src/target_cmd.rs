//! `egfuse target`: check a target description and print it in canonical form, and the
//! loading of a target from the built-in default or `--target FILE`.
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
    /// (docs/target.md describes the format).
    #[arg(long = "target", value_name = "FILE")]
    pub file: Option<PathBuf>,
}

pub fn run(choice: &TargetChoice) -> ExitCode {
    let shown = load(choice).and_then(|t| write_output(None, t.to_string().as_bytes()));
    crate::cli::exit_code(shown)
}

/// The chosen target, parsed; any problem is rendered against its file.
pub fn load(choice: &TargetChoice) -> Result<Target, Reported> {
    let (name, src) = match &choice.file {
        Some(path) => read_input(path)?,
        None => {
            let name = egfuse_rules::DEFAULT_TARGET;
            let src = egfuse_rules::target(name).expect("the default target is embedded");
            (name.to_string(), src.to_string())
        }
    };
    Target::parse(&src).map_err(|diags| fail(&name, &src, &diags))
}
