//! What the driver records of a run: each pass's wall time, and the text printed after each
//! pass that `--print-after` names. A kernel pass adds to both once per kernel; a kernel whose
//! tile is retried smaller keeps only what its last attempt printed.

use crate::pass::{Pass, PASSES};
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// The times and printed text of one run.
pub(crate) struct Trace {
    times: Vec<Duration>,
    /// Per pass, `Some(text)` when it is printed after.
    printed: Vec<Option<String>>,
}

/// Where the printed text stood: what [`Trace::rewind`] goes back to.
#[derive(Clone)]
pub(crate) struct Mark(Vec<usize>);

impl Trace {
    pub fn new(print_after: &[Pass]) -> Trace {
        let printed = (PASSES.iter())
            .map(|(p, _)| print_after.contains(p).then(String::new))
            .collect();
        Trace {
            times: vec![Duration::ZERO; PASSES.len()],
            printed,
        }
    }

    /// Runs `f`, adding its wall time to `pass`'s.
    pub fn time<T>(&mut self, pass: Pass, f: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let out = f();
        self.times[pass as usize] += start.elapsed();
        out
    }

    /// Adds `text()` to what is printed after `pass`, when that pass is printed after.
    pub fn print(&mut self, pass: Pass, text: impl FnOnce() -> String) {
        if let Some(out) = &mut self.printed[pass as usize] {
            out.push_str(&text());
        }
    }

    /// Where the printed text stands now.
    pub fn mark(&self) -> Mark {
        Mark(
            self.printed
                .iter()
                .map(|p| p.as_ref().map_or(0, String::len))
                .collect(),
        )
    }

    /// Drops what was printed since `mark`: an attempt that is retried prints nothing.
    pub fn rewind(&mut self, mark: &Mark) {
        for (p, &n) in self.printed.iter_mut().zip(&mark.0) {
            if let Some(p) = p {
                p.truncate(n);
            }
        }
    }

    /// The printed text, each pass's under MLIR's dump header, in pass order; and each pass's
    /// time.
    pub fn finish(self) -> (String, Vec<(Pass, Duration)>) {
        let mut out = String::new();
        for ((_, name), text) in PASSES.iter().zip(&self.printed) {
            if let Some(text) = text {
                let _ = writeln!(out, "// -----// IR Dump After {name} //----- //");
                out.push_str(text);
                // An empty line ends a dump, as MLIR's do (and `egfuse_ir::pass::dump`).
                out.push('\n');
            }
        }
        let times = PASSES.iter().map(|(p, _)| *p).zip(self.times).collect();
        (out, times)
    }
}
