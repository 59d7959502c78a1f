//! Running one job per input file on a few worker threads: the `.mlir` files under the paths
//! given (directories recursively, sorted), a progress bar on standard error when it is a
//! terminal, and the results in path order whatever order the workers finish in.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The files `paths` name: each file as given, each directory's `.mlir` files recursively in
/// sorted order. A path that does not exist, or an unreadable directory, is an error: the whole
/// report is refused rather than made of the files that remain.
pub fn files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        if let Err(e) = std::fs::metadata(p) {
            return Err(format!("cannot read {}: {e}", p.display()));
        }
        if p.is_dir() {
            walk(p, &mut out)?;
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            walk(&p, out)?;
        } else if p.extension().is_some_and(|x| x == "mlir") {
            out.push(p);
        }
    }
    Ok(())
}

/// `job` applied to every item on `jobs` threads (at least one); results in item order.
pub fn map<T: Sync, R: Send>(items: &[T], jobs: usize, job: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    let progress = Progress::new(items.len());
    std::thread::scope(|s| {
        for _ in 0..jobs.clamp(1, items.len().max(1)) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let r = job(item);
                results.lock().expect("no worker panicked")[i] = Some(r);
                progress.show(done.fetch_add(1, Ordering::Relaxed) + 1);
            });
        }
    });
    progress.finish();
    let results = results.into_inner().expect("no worker panicked");
    results
        .into_iter()
        .map(|r| r.expect("every item ran"))
        .collect()
}

/// A one-line progress bar on standard error, drawn only when it is a terminal.
struct Progress {
    total: usize,
    on: bool,
}

impl Progress {
    const WIDTH: usize = 30;

    fn new(total: usize) -> Progress {
        Progress {
            total,
            on: std::io::stderr().is_terminal() && total > 0,
        }
    }

    fn show(&self, done: usize) {
        if !self.on {
            return;
        }
        let filled = done * Self::WIDTH / self.total;
        let bar = format!("{}{}", "=".repeat(filled), " ".repeat(Self::WIDTH - filled));
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r[{bar}] {done}/{} files", self.total);
        let _ = err.flush();
    }

    fn finish(&self) {
        if self.on {
            let _ = write!(
                std::io::stderr().lock(),
                "\r{}\r",
                " ".repeat(Self::WIDTH + 30)
            );
        }
    }
}
