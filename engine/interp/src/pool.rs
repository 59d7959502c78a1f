//! Float buffers of the values a run has dropped, handed to the next results that fit in them.
//!
//! A result written into fresh memory makes the kernel map and zero every page of it, and the
//! allocator gives freed memory of that size back to the system within a fraction of a second;
//! on a Llama-2-7B layer that was a million page faults. A value the run drops for good
//! ([`crate::liveness`]) leaves its buffer here instead, and the elementwise, layout and matrix
//! product results are collected into one of about their size.
//!
//! Invariant: a buffer is taken from here only empty, so what a result holds is only what its
//! op wrote; the pool holds at most [`KEEP`] buffers and [`KEEP_BYTES`] bytes.

use std::cell::RefCell;

/// Buffers smaller than this many elements are left to the allocator.
const MIN_ELEMS: usize = 1 << 16;
/// The most buffers kept.
const KEEP: usize = 8;
/// The most bytes kept.
const KEEP_BYTES: usize = 1 << 30;

thread_local! {
    static FREE: RefCell<Vec<Vec<f64>>> = const { RefCell::new(Vec::new()) };
}

/// Keeps `v` for a later result, when it is large enough and there is room.
pub(crate) fn give(mut v: Vec<f64>) {
    if v.capacity() < MIN_ELEMS {
        return;
    }
    v.clear();
    FREE.with(|free| {
        let mut free = free.borrow_mut();
        let bytes: usize = free.iter().map(|b| b.capacity() * 8).sum();
        if free.len() < KEEP && bytes + v.capacity() * 8 <= KEEP_BYTES {
            free.push(v);
        }
    });
}

/// An empty buffer with room for `n` elements: the smallest kept one that fits and is at most
/// twice as large, else a new one.
fn take(n: usize) -> Vec<f64> {
    if n < MIN_ELEMS {
        return Vec::with_capacity(n);
    }
    FREE.with(|free| {
        let mut free = free.borrow_mut();
        let best = (free.iter().enumerate())
            .filter(|(_, b)| (n..=2 * n).contains(&b.capacity()))
            .min_by_key(|(_, b)| b.capacity())
            .map(|(i, _)| i);
        best.map_or_else(|| Vec::with_capacity(n), |i| free.swap_remove(i))
    })
}

/// The values of `values` in a buffer of the pool when one fits their count.
pub(crate) fn collect(values: impl Iterator<Item = f64>) -> Vec<f64> {
    let mut out = take(values.size_hint().0);
    out.extend(values);
    out
}

#[cfg(test)]
mod tests {
    use super::{collect, give, MIN_ELEMS};

    #[test]
    fn a_given_buffer_is_reused_empty_by_a_result_of_its_size() {
        let old: Vec<f64> = vec![7.0; MIN_ELEMS];
        let at = old.as_ptr();
        give(old);
        let new = collect((0..MIN_ELEMS).map(|i| i as f64));
        assert_eq!(new.as_ptr(), at, "the buffer was reused");
        assert_eq!(new.len(), MIN_ELEMS);
        assert!(
            new.iter().enumerate().all(|(i, &x)| x == i as f64),
            "nothing left over"
        );
        let small = collect((0..10).map(|i| i as f64));
        assert_eq!(small.len(), 10);
    }
}
