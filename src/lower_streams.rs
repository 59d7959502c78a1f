//! The streams half of `egfuse lower`: each kernel's per-engine instruction streams with their
//! semaphores (`egfuse_encoder::streams`), written by `--emit asm` (`--emit bin` as the
//! binary) and proved deadlock-free
//! and race-free by `--check`: by the static replay, then by random interleavings run with
//! values; one line per kernel that fails either.

use crate::cli::{Loaded, Reported};
use egfuse_cost::Target;
use egfuse_encoder::binary::{self, Binary};
use egfuse_encoder::opcodes::Opcodes;
use egfuse_encoder::streams::check::{self, Limits, Verdict};
use egfuse_encoder::streams::interleave::{self, Outcome as Run};
use egfuse_encoder::streams::{self, Streams};
use egfuse_lowering::pipeline::Outcome;
use egfuse_nisa::Kernel;

/// The streams of every kernel, in the outcome's order.
pub fn build(target: &Target, outcome: &Outcome) -> Vec<Streams> {
    (outcome.kernels.iter())
        .map(|l| streams::build(target, &l.kernel))
        .collect()
}

/// The binary of the streams and the device program (none when a kernel did not lower).
pub fn binary(all: &[Streams], outcome: &Outcome, generation: u8) -> Result<Vec<u8>, Reported> {
    let b = Binary {
        generation,
        kernels: all.to_vec(),
        device: outcome.device.as_ref().map(|b| b.device.clone()),
    };
    binary::write::binary(&b, &Opcodes::embedded()).map_err(|why| {
        eprintln!("error: --emit bin: {why}");
        Reported
    })
}

/// Replays every kernel's streams; prints one line per kernel that races or deadlocks and a
/// summary; true when none does.
pub fn check(loaded: &Loaded, all: &[Streams], cfg: &interleave::Config) -> bool {
    let (mut sound, mut stopped, mut sems) = (0, Vec::new(), 0);
    let (mut agree, mut not_run) = (0, Vec::new());
    for s in all {
        let k = &s.kernel;
        let (line, col) = egfuse_diag::line_col(&loaded.src, k.span.start as usize);
        let at = format!(
            "kernel @{} ({} at {}:{line}:{col})",
            k.name, k.kind, loaded.name
        );
        let stream = |n: usize| s.placement()[n].name();
        match check::streams(s, &Limits::default()) {
            Verdict::Sound { .. } => {
                sound += 1;
                sems += s.semaphores.len();
                match interleave::run(s, cfg) {
                    Run::Agree { .. } => agree += 1,
                    Run::NotRun { why } => not_run.push(why),
                    o => eprintln!("check: the streams of {at}: {}", interleaving(s, &o)),
                }
            }
            Verdict::Race { first, second } => eprintln!(
                "check: the streams of {at} race: `{}` on {} and `{}` on {} touch the same bytes, one writing, and no semaphore orders them",
                text(k, first),
                stream(first),
                text(k, second),
                stream(second)
            ),
            Verdict::Deadlock { blocked } => {
                let waits: Vec<String> = (blocked.iter())
                    .map(|b| {
                        format!(
                            "`{}` on {} waits for %s{} to count {}; it stops at {}",
                            text(k, b.inst),
                            stream(b.inst),
                            b.sem.0,
                            b.needs,
                            b.has
                        )
                    })
                    .collect();
                eprintln!("check: the streams of {at} deadlock: {}", waits.join("; "));
            }
            Verdict::Malformed { inst, why } => {
                eprintln!("check: the streams of {at}: `{}` {why}", text(k, inst));
            }
            Verdict::Stopped { why } => stopped.push(why),
        }
    }
    let checked = all.len() - stopped.len();
    let mut line = format!(
        "check: the streams of {sound} of {checked} kernels are deadlock-free and race-free ({})",
        egfuse_diag::plural(sems, "semaphore")
    );
    if let Some(why) = stopped.first() {
        line += &format!("; {} not checked: {why}", stopped.len());
    }
    eprintln!("{line}");
    let mut line = format!(
        "check: {agree} of {} kernels' streams read and write what the sequential order does in {}",
        sound - not_run.len(),
        egfuse_diag::plural(cfg.interleavings as usize, "random interleaving")
    );
    if let Some(why) = not_run.first() {
        line += &format!("; {} not run: {why}", not_run.len());
    }
    eprintln!("{line}");
    sound == checked && agree + not_run.len() == sound
}

/// What went wrong in an interleaving, naming the instructions.
fn interleaving(s: &Streams, o: &Run) -> String {
    let k = &s.kernel;
    let stream = |n: usize| s.placement()[n].name();
    match o {
        Run::Race {
            first,
            second,
            interleaving,
        } => format!(
            "in random interleaving {interleaving}, `{}` on {} and `{}` on {} touched the same bytes in an order the sequential order does not",
            text(k, *first),
            stream(*first),
            text(k, *second),
            stream(*second)
        ),
        Run::Deadlock { interleaving } => {
            format!("random interleaving {interleaving} deadlocked")
        }
        Run::Differs {
            output,
            interleaving,
        } => format!("in random interleaving {interleaving}, output {output} differs from the sequential order's"),
        Run::Invalid { why } => format!("the scheduled kernel does not verify: {why}"),
        Run::Agree { .. } | Run::NotRun { .. } => String::new(),
    }
}

/// The `n`th instruction of `k` as nisa writes it.
fn text(k: &Kernel, n: usize) -> String {
    let mut out = String::new();
    egfuse_nisa::print::inst(&mut out, k, k.insts()[n]);
    out
}
