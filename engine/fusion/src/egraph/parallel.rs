//! Searches shared by threads: saturation searches every rewrite of an iteration, and the
//! kernels step every fusion rule, over a graph no search changes, so each search is a task.
//! Threads take the next task as they finish one; results come back in task order, so the
//! output never depends on the number of threads or on which thread ran what.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The number of threads searches use by default: the machine's cores, at most four.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(4))
}

/// The threads a search over a graph of `nodes` nodes uses, at most `threads`: one below
/// `serial_below` nodes, where starting the threads and freeing what they allocated on another
/// thread cost more than the share of the search they take.
pub fn threads_for(threads: usize, nodes: usize, serial_below: usize) -> usize {
    if nodes < serial_below {
        1
    } else {
        threads
    }
}

/// `f` of every item of `items`, in order, computed by up to `threads` threads (the calling
/// thread included); one thread, or one item, runs on the calling thread alone.
pub fn map<T: Sync, R: Send>(threads: usize, items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = threads.clamp(1, items.len().max(1));
    if threads == 1 {
        return items.iter().map(f).collect();
    }
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<(usize, R)>> = Mutex::new(Vec::with_capacity(items.len()));
    let work = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(item) = items.get(i) else { break };
        let r = f(item);
        done.lock().unwrap_or_else(|e| e.into_inner()).push((i, r));
    };
    std::thread::scope(|s| {
        let helpers: Vec<_> = (1..threads).map(|_| s.spawn(work)).collect();
        work();
        join(helpers);
    });
    let mut done = done.into_inner().unwrap_or_else(|e| e.into_inner());
    done.sort_unstable_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}

/// Joins each thread, so that it has ended, its thread-locals' destructors run, before the
/// scope returns: a scope alone waits only for the threads' closures, and LeakSanitizer then
/// sees the C library's record of those destructors as leaked (the fuse fuzzer's one finding).
/// A thread's panic goes on in the caller, as the scope would pass it on.
pub fn join<T>(threads: Vec<std::thread::ScopedJoinHandle<'_, T>>) {
    for t in threads {
        if let Err(panic) = t.join() {
            std::panic::resume_unwind(panic);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::map;

    #[test]
    fn results_keep_the_items_order_whatever_the_threads() {
        let items: Vec<u64> = (0..1000).collect();
        let one = map(1, &items, |x| x * x);
        for threads in [2, 3, 8] {
            assert_eq!(map(threads, &items, |x| x * x), one);
        }
        assert_eq!(map(4, &[] as &[u64], |x| *x), Vec::<u64>::new());
    }
}
