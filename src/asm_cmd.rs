//! `egfuse asm` and `egfuse disasm`: the streams' text form (what `lower --emit asm` writes)
//! to the binary and back. The assembler refuses, with a diagnostic naming the instructions,
//! a program that does not verify, deadlocks or races; the disassembler refuses bytes that
//! are not a binary, naming the byte range.

use crate::cli::{fail, read_input, write_output, Reported};
use crate::target_cmd::{self, TargetChoice};
use clap::Args;
use egfuse_diag::Diag;
use egfuse_encoder::binary::{self, Binary};
use egfuse_encoder::opcodes::Opcodes;
use egfuse_encoder::streams::check::{self, Verdict};
use egfuse_encoder::streams::{parse, print, Streams};
use egfuse_nisa::Budget;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct AsmArgs {
    /// The streams' text (`egfuse lower IN --emit asm`).
    input: PathBuf,
    /// Where to write the binary. Written atomically, only when the program checks.
    #[arg(short, long)]
    output: PathBuf,
    #[command(flatten)]
    target: TargetChoice,
}

#[derive(Args)]
pub struct DisasmArgs {
    /// A binary (`egfuse asm`, `egfuse lower --emit bin`).
    input: PathBuf,
    /// Where to write the text (default: standard output).
    #[arg(short, long)]
    output: Option<PathBuf>,
}

pub fn asm(args: &AsmArgs) -> ExitCode {
    let run = || -> Result<(), Reported> {
        let (name, src) = read_input(&args.input)?;
        let program = parse::asm(&src).map_err(|d| fail(&name, &src, &[d]))?;
        let target = target_cmd::load(&args.target)?;
        let budget = Budget::of(&target);
        let mut diags = Vec::new();
        for s in &program.kernels {
            diags.extend(egfuse_nisa::verify::kernel(&s.kernel, &budget));
            diags.extend(judged(s));
        }
        if let Some(d) = &program.device {
            let kernels: Vec<_> = program.kernels.iter().map(|s| &s.kernel).collect();
            diags.extend(egfuse_nisa::device::verify::device(d, &kernels));
        }
        if !diags.is_empty() {
            return Err(fail(&name, &src, &diags));
        }
        let b = Binary {
            generation: target.generation(),
            kernels: program.kernels,
            device: program.device,
        };
        let bytes = binary::write::binary(&b, &Opcodes::embedded()).map_err(|why| {
            eprintln!("error: {name}: {why}");
            Reported
        })?;
        write_output(Some(&args.output), &bytes)
    };
    exit(run())
}

pub fn disasm(args: &DisasmArgs) -> ExitCode {
    let run = || -> Result<(), Reported> {
        let name = args.input.display().to_string();
        let bytes = std::fs::read(&args.input).map_err(|e| {
            eprintln!("error: cannot read {name}: {e}");
            Reported
        })?;
        let b = binary::read::binary(&bytes, &Opcodes::embedded()).map_err(|d| {
            let (a, z) = (d.span.start, d.span.end);
            eprintln!("error: {name}: bytes {a:#x}..{z:#x}: {}", d.message);
            Reported
        })?;
        let text = print::program(&b.kernels, b.device.as_ref());
        write_output(args.output.as_deref(), text.as_bytes())
    };
    exit(run())
}

fn exit(r: Result<(), Reported>) -> ExitCode {
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(Reported) => ExitCode::from(2),
    }
}

/// The replay's verdict on `s` as diagnostics at the instructions it names.
fn judged(s: &Streams) -> Vec<Diag> {
    let insts = s.kernel.insts();
    let placement = s.placement();
    let at = |n: usize| insts[n].span;
    match check::streams(s, &check::Limits::default()) {
        Verdict::Sound { .. } | Verdict::Stopped { .. } => Vec::new(),
        Verdict::Race { first, second } => vec![Diag::new(
            "asm::race",
            at(second),
            format!(
                "a race: [{first}] on {} and [{second}] on {} touch the same bytes, one writing, and no semaphore orders them",
                placement[first].name(),
                placement[second].name()
            ),
        )
        .with_label("this instruction")
        .with_note(at(first), "and this one")],
        Verdict::Deadlock { blocked } => deadlock(s, &blocked),
        Verdict::Malformed { inst, why } => {
            vec![Diag::new("asm::semaphore", at(inst), why).with_label("this instruction")]
        }
    }
}

/// A deadlock as diagnostics: each wait that holds a stream, with the last instruction before
/// it of the stream that should have signalled. A stream held by a stream that is itself held
/// is a consequence: the causes are named, or every wait of a cycle.
fn deadlock(s: &Streams, blocked: &[check::Blocked]) -> Vec<Diag> {
    let insts = s.kernel.insts();
    let placement = s.placement();
    let held = |st| blocked.iter().any(|b| placement[b.inst] == st);
    let causes: Vec<_> = (blocked.iter())
        .filter(|b| !held(s.semaphores[b.sem.0 as usize].from))
        .collect();
    let shown = if causes.is_empty() {
        blocked.iter().collect()
    } else {
        causes
    };
    (shown.into_iter())
        .map(|b| {
            let from = s.semaphores[b.sem.0 as usize].from;
            let signals = match b.has {
                0 => "never signals it".to_string(),
                n => format!(
                    "signals it only {}",
                    egfuse_diag::plural(n as usize, "time")
                ),
            };
            let d = Diag::new(
                "asm::deadlock",
                insts[b.inst].span,
                format!(
                    "a deadlock: [{}] waits for %s{} to count {}, and {} {signals}",
                    b.inst,
                    b.sem.0,
                    b.needs,
                    from.name()
                ),
            )
            .with_label("waits here forever");
            match (0..b.inst).rev().find(|&n| placement[n] == from) {
                Some(p) => d.with_note(
                    insts[p].span,
                    format!("the last {} instruction before it", from.name()),
                ),
                None => d.with_help(format!("no {} instruction comes before it", from.name())),
            }
        })
        .collect()
}
