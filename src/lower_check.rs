//! `egfuse lower --check`: each lowered kernel against the ops it lowers, by the lowering's own
//! judge (`egfuse_lowering::check`, which says how), one line per kernel that differs.

use crate::cli::Loaded;
use egfuse_lowering::pipeline::Outcome;
use egfuse_nisa::interp;

/// Checks every kernel; prints one line per kernel that differs and a summary; true when none
/// differs. A kernel whose run would take more than `max_work` element operations is not run,
/// and the summary counts it apart.
pub fn check(loaded: &Loaded, outcome: &Outcome, max_work: u64) -> bool {
    let (kernels, folded) = (&outcome.kernels, &outcome.folded);
    let limits = interp::Limits {
        max_work,
        ..interp::Limits::default()
    };
    let (mut differ, mut large) = (0, 0);
    for l in kernels {
        if interp::work(&l.kernel) > limits.max_work {
            large += 1;
            continue;
        }
        if let Some(qz) = &l.nki_scale {
            let (line, col) = egfuse_diag::line_col(&loaded.src, l.kernel.span.start as usize);
            let m = &loaded.module;
            match egfuse_lowering::check::nki_scale(m, l, qz, folded, &limits) {
                Ok(how) => eprintln!(
                    "check: kernel @{} ({} at {}:{line}:{col}) is NKI's quantize_mx (--mx-scale nki) and agrees with NKI's scale rule; {how}",
                    l.kernel.name, l.kernel.kind, loaded.name
                ),
                Err(why) => {
                    differ += 1;
                    eprintln!(
                        "check: kernel @{} ({} at {}:{line}:{col}) differs from NKI's scale rule: {why}",
                        l.kernel.name, l.kernel.kind, loaded.name
                    );
                }
            }
            continue;
        }
        if let Err(why) = egfuse_lowering::check::kernel(&loaded.module, l, folded, &limits) {
            differ += 1;
            let (line, col) = egfuse_diag::line_col(&loaded.src, l.kernel.span.start as usize);
            eprintln!(
                "check: kernel @{} ({} at {}:{line}:{col}) differs: {why}",
                l.kernel.name, l.kernel.kind, loaded.name
            );
        }
    }
    let run = kernels.len() - large;
    let mut summary = format!(
        "check: {} of {run} kernels agree with the ops they lower",
        run - differ
    );
    let nki = kernels.iter().filter(|l| l.nki_scale.is_some()).count();
    if nki > 0 {
        summary += &format!(", {nki} of them by NKI's scale rule (--mx-scale nki)");
    }
    if large > 0 {
        summary += &format!(
            "; {large} not run: each performs more than {} element operations",
            limits.max_work
        );
    }
    eprintln!("{summary}");
    let agree = differ == 0 && program(loaded, outcome, &limits);
    mx_accuracy(loaded, outcome);
    agree
}

/// One line per DotMx kernel whose operands the module quantized: its error, and what bf16
/// operands would give ([`egfuse_lowering::accuracy`]). A report that cannot be made says why
/// and judges nothing.
fn mx_accuracy(loaded: &Loaded, outcome: &Outcome) {
    let Some(b) = &outcome.device else {
        return;
    };
    let m = &loaded.module;
    match egfuse_lowering::accuracy::mx(m, b.func, &outcome.kernels) {
        Ok(reports) => {
            for r in reports {
                let (line, col) = egfuse_diag::line_col(&loaded.src, r.span.start as usize);
                let bf16 = match r.bf16 {
                    Some(e) => format!("bf16 operands: {e:.2e}"),
                    None => "its unquantized operands are bf16 values".to_string(),
                };
                eprintln!(
                    "check: MX accuracy of @{} (DotMx at {}:{line}:{col}): {:.2e} relative error against the matmul of its unquantized operands in f64; {bf16}",
                    r.kernel, loaded.name, r.mx
                );
            }
        }
        Err(why) => eprintln!("check: no MX accuracy report: {why}"),
    }
}

/// Runs the device program against the function it runs, when there is one; one line saying
/// how it went.
fn program(loaded: &Loaded, outcome: &Outcome, limits: &interp::Limits) -> bool {
    let Some(b) = &outcome.device else {
        return true;
    };
    let name = &b.device.name;
    if let Some(l) = outcome.kernels.iter().find(|l| l.nki_scale.is_some()) {
        eprintln!(
            "check: the device program of @{name} not run: kernel @{} follows NKI's scale rule (--mx-scale nki), not the module's",
            l.kernel.name
        );
        return true;
    }
    let kernels: Vec<_> = outcome.kernels.iter().map(|l| &l.kernel).collect();
    if let Some(k) = kernels.iter().find(|k| interp::work(k) > limits.max_work) {
        eprintln!(
            "check: the device program of @{name} not run: kernel @{} performs more than {} element operations",
            k.name, limits.max_work
        );
        return true;
    }
    let limits = egfuse_nisa::device::run::Limits {
        kernel: *limits,
        ..Default::default()
    };
    let bytes = b.device.hbm_bytes();
    if bytes > limits.max_bytes {
        eprintln!(
            "check: the device program of @{name} not run: it places {bytes} bytes of HBM, more than {}",
            limits.max_bytes
        );
        return true;
    }
    let m = &loaded.module;
    let function = outcome.original.as_ref().unwrap_or(m);
    match egfuse_lowering::check::program((m, function), b, &kernels, &outcome.folded, &limits) {
        Ok(()) => {
            let results = egfuse_diag::plural(b.device.results.len(), "result");
            eprintln!(
                "check: the device program of @{name} agrees with the function on its {results}"
            );
            true
        }
        Err(why) => {
            eprintln!("check: the device program of @{name} differs: {why}");
            false
        }
    }
}
