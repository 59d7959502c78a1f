//! What several tests of one test binary ask of the same file, computed once per run of the
//! binary: `egfuse lower FILE --check` (the corpus-wide lowering test, the PyTorch, Flax and
//! sweep tests all check the same fixtures) and `egfuse verify INPUT OUTPUT` (compat, egraph and
//! exact extraction, the torch and deep-model tests verify the same fused outputs). Each is
//! the same command on the same bytes, so its exit code and report are the same; the
//! interpreter runs behind both are most of the binary's time.
//!
//! Tests run on several threads: the first to ask for a key runs the command, a test asking for
//! the same key meanwhile waits for that result, and other keys run alongside.

use super::{dims_of, egfuse, scratch};
use std::collections::HashMap;
use std::hash::Hash;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, Mutex, OnceLock};

/// A value per key, computed on the first request and shared by every later one.
struct Memo<K, V> {
    slots: LazyLock<Mutex<HashMap<K, Arc<OnceLock<V>>>>>,
}

impl<K: Eq + Hash, V: Clone> Memo<K, V> {
    const fn new() -> Self {
        Memo {
            slots: LazyLock::new(Mutex::default),
        }
    }

    /// The value of `key`: `compute`'s, run outside the map's lock so other keys proceed.
    fn get(&self, key: K, compute: impl FnOnce() -> V) -> V {
        let slot = {
            let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
            Arc::clone(slots.entry(key).or_default())
        };
        slot.get_or_init(compute).clone()
    }
}

/// What `egfuse lower` printed and wrote: the exit code, the lowered text, standard error.
pub type LowerRun = (i32, String, String);

/// `egfuse lower INPUT -o OUT --check --interleavings 1`, with the size 3 for each symbolic
/// dimension of a polymorphic export ([`dims_of`]), run once per input path: the census of
/// every fixture and the tests of one family share it. Each kernel's streams are proven
/// deadlock- and race-free whatever the count; one random interleaving runs them with values
/// here, ten in every filetest.
pub fn lower_checked(input: &Path) -> LowerRun {
    static RUNS: Memo<PathBuf, LowerRun> = Memo::new();
    RUNS.get(input.to_path_buf(), || {
        let out = scratch("lowered.nisa", "");
        let dims = dims_of(&std::fs::read_to_string(input).unwrap(), 3);
        let (input, path) = (input.to_str().unwrap(), out.to_str().unwrap());
        let mut args = vec![
            "lower",
            input,
            "-o",
            path,
            "--check",
            "--interleavings",
            "1",
        ];
        args.extend(dims.iter().map(String::as_str));
        let (code, _, err) = egfuse(&args);
        let text = std::fs::read_to_string(&out).unwrap();
        (code, text, err)
    })
}

/// [`lower_checked`] of every one of `inputs`, on a thread per core, before a test reads them
/// in order: the census of every fixture then waits for its slowest file, not the sum of all
/// (alone at the end of the binary's run, that sum was its last 78 s on one core).
pub fn lower_checked_all(inputs: &[PathBuf]) {
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                while let Some(input) = inputs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    lower_checked(input);
                }
            });
        }
    });
}

/// `egfuse verify INPUT OUTPUT` with verify's defaults, run once per input path and output
/// bytes: (exit code, standard output, standard error). A fused output with the bytes of an
/// earlier one (exact extraction mostly picks what the fast extractor did) shares its run; the
/// report names no file, and an error names the earlier output's path.
pub fn verify(input: &Path, output: &Path) -> (i32, String, String) {
    static RUNS: Memo<(PathBuf, Vec<u8>), (i32, String, String)> = Memo::new();
    let bytes = std::fs::read(output).unwrap();
    RUNS.get((input.to_path_buf(), bytes), || {
        egfuse(&["verify", input.to_str().unwrap(), output.to_str().unwrap()])
    })
}
