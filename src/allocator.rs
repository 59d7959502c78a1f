//! The process's allocator: mimalloc, asked for plain blocks wherever they are aligned enough.
//!
//! The e-graph and the IR make many small, short-lived allocations, and glibc's malloc and free
//! were a quarter of fusion's instructions. The `mimalloc` crate's allocator asks for every
//! block through `mi_malloc_aligned`, whose fast path looks for a free block and then checks its
//! alignment, and whose slow path is a general one for any alignment: on the 32-layer Llama its
//! allocations averaged 56 instructions each. Every mimalloc block is aligned to a word, so a
//! layout that asks for no more than that (nearly all: strings, vectors of ids, boxed nodes)
//! takes `mi_malloc`, the size-class fast path; wider alignments keep the aligned calls.

// A global allocator is an unsafe trait: this module is the binary's one unsafe code.
#![allow(unsafe_code)]

use libmimalloc_sys as mi;
use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

/// The alignment every mimalloc block has: a machine word.
const WORD: usize = std::mem::size_of::<usize>();

pub struct Allocator;

// SAFETY: each method returns what mimalloc returns for the same size, with an alignment at
// least the layout's (a word for `mi_malloc` and `mi_realloc`, the asked one otherwise), and
// frees only blocks mimalloc gave.
unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= WORD {
            mi::mi_malloc(layout.size()) as *mut u8
        } else {
            mi::mi_malloc_aligned(layout.size(), layout.align()) as *mut u8
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= WORD {
            mi::mi_zalloc(layout.size()) as *mut u8
        } else {
            mi::mi_zalloc_aligned(layout.size(), layout.align()) as *mut u8
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        mi::mi_free(ptr as *mut c_void);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if layout.align() <= WORD {
            mi::mi_realloc(ptr as *mut c_void, new_size) as *mut u8
        } else {
            mi::mi_realloc_aligned(ptr as *mut c_void, new_size, layout.align()) as *mut u8
        }
    }
}
