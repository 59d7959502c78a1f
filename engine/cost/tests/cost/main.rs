//! The cost model (`engine::cost`): the default target file parsed and printed, bad target
//! files with their diagnostics, op classification, and the laws the extractor relies on.

mod bill;
mod laws;
mod shapes;
mod target;

use egfuse_cost::Target;

/// The embedded default target, parsed.
pub fn default_target() -> Target {
    let src = egfuse_rules::target(egfuse_rules::DEFAULT_TARGET).expect("the default target");
    Target::parse(src).expect("the default target parses")
}

/// Counts the allocations of the current thread, so a test can check that the cost functions
/// allocate nothing. A global allocator is an `unsafe` trait, the one place the workspace
/// allows `unsafe` code.
#[allow(unsafe_code)]
mod counting {
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::cell::Cell;

    pub struct Counting;

    thread_local! {
        static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    }

    // SAFETY: every call is forwarded to the system allocator unchanged.
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
            unsafe { System.alloc(layout) }
        }

        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            unsafe { System.dealloc(ptr, layout) }
        }
    }

    /// Allocations this thread has made so far.
    pub fn allocations() -> u64 {
        ALLOCATIONS.with(Cell::get)
    }
}

#[global_allocator]
static ALLOCATOR: counting::Counting = counting::Counting;

pub use counting::allocations;
