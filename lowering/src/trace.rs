//! What the driver records of a run: each pass's wall time, and the text printed after each
//! pass that `--print-after` names. A kernel pass adds to both once per kernel; a kernel whose
//! tile is retried smaller keeps only what its last attempt printed.

use crate::dump::Names;
use crate::pass::{Pass, PASSES};
use egfuse_ir::Module;
use std::fmt::Write as _;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// The times and printed text of one run.
pub(crate) struct Trace {
    times: Vec<Duration>,
    /// Per pass, `Some(text)` when it is printed after.
    printed: Vec<Option<String>>,
    /// The value names of each module kernels were printed from (the module and its split
    /// copy), by its address: naming a module prints it whole, so it is done once.
    names: Vec<(*const Module, Rc<Names>)>,
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
            names: Vec::new(),
        }
    }

    /// Whether `pass` is printed after.
    pub fn prints(&self, pass: Pass) -> bool {
        self.printed[pass as usize].is_some()
    }

    /// The names `m` prints its values with, computed once per module.
    pub fn names(&mut self, m: &Module) -> Rc<Names> {
        let at = std::ptr::from_ref(m);
        if let Some((_, n)) = self.names.iter().find(|(p, _)| *p == at) {
            return n.clone();
        }
        let n = Rc::new(Names::of_module(m));
        self.names.push((at, n.clone()));
        n
    }

    /// Runs `f`, adding its wall time to `pass`'s.
    pub fn time<T>(&mut self, pass: Pass, f: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let out = f();
        self.times[pass as usize] += start.elapsed();
        out
    }

    /// Adds the pass times of another run (a thread's share of the kernels).
    pub fn add_times(&mut self, times: &[(Pass, Duration)]) {
        for &(pass, d) in times {
            self.times[pass as usize] += d;
        }
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
