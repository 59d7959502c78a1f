//! The `egfuse` command line: each subcommand is one phase of the pipeline run on a file.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run()
}
