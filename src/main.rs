//! The `egfuse` command line: each subcommand is one phase of the pipeline run on a file.

mod cli;
mod eval_cmd;
mod fuse_cmd;
mod rules_cmd;
mod target_cmd;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run()
}
