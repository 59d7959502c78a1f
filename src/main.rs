//! The `egfuse` command line: each subcommand is one phase of the pipeline run on a file.

mod allocator;
mod asm_cmd;
mod batch;
mod cli;
mod compare_cmd;
mod compare_report;
mod coverage_cmd;
mod eval_cmd;
mod explain_cmd;
mod fuse_cmd;
mod fuse_stats;
mod lower_check;
mod lower_cmd;
mod lower_json;
mod lower_streams;
mod rules_cmd;
mod target_cmd;
mod verify_cmd;

use std::process::ExitCode;

#[global_allocator]
static ALLOCATOR: allocator::Allocator = allocator::Allocator;

fn main() -> ExitCode {
    no_huge_pages();
    cli::run()
}

/// Transparent huge pages off for this process. The interpreter's tensors are large and live
/// for one op or a few: every 2 MiB page the kernel gave them was zeroed whole, and that was a
/// third of `egfuse eval` of a Llama layer at 7B widths (on a machine whose THP setting is
/// `madvise`, which mimalloc asks for); fusion's times do not change.
fn no_huge_pages() {
    #[cfg(target_os = "linux")]
    let _ = rustix::thread::disable_transparent_huge_pages(true);
}
