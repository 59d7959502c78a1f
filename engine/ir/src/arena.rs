//! An append-only store whose elements never move: chunks of doubling capacity, so a push never
//! copies what is stored and memory is touched only as it fills. A module's ops (240 bytes each)
//! and values live in one each; in a `Vec`, every growth copied them all and touched twice the
//! memory they end in, which a fresh process pays for in page faults.
//!
//! Invariant: element `i` is at chunk `k = log2(i / FIRST + 1)`, offset `i - FIRST (2^k - 1)`;
//! chunk `k` holds at most `FIRST << k` elements, and only the last is not full.

use std::ops::{Index, IndexMut};

/// The first chunk's capacity.
const FIRST: usize = 64;

#[derive(Debug)]
pub struct Arena<T> {
    chunks: Vec<Vec<T>>,
    len: usize,
}

/// A clone's chunks get their planned capacities, so it too grows without moving elements.
impl<T: Clone> Clone for Arena<T> {
    fn clone(&self) -> Self {
        let chunks = (self.chunks.iter().enumerate())
            .map(|(k, c)| {
                let mut copy = Vec::with_capacity(FIRST << k);
                copy.extend_from_slice(c);
                copy
            })
            .collect();
        Arena {
            chunks,
            len: self.len,
        }
    }
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena {
            chunks: Vec::new(),
            len: 0,
        }
    }
}

impl<T> Arena<T> {
    pub fn len(&self) -> usize {
        self.len
    }

    /// Appends `x` at index `len()`.
    pub fn push(&mut self, x: T) {
        // A chunk is full at its planned size, whatever capacity the allocator gave it.
        let last = self.chunks.len().wrapping_sub(1);
        let full = self.chunks.last().is_none_or(|c| c.len() == FIRST << last);
        if full {
            let capacity = FIRST << self.chunks.len();
            self.chunks.push(Vec::with_capacity(capacity));
        }
        self.chunks.last_mut().expect("a chunk").push(x);
        self.len += 1;
    }

    /// The chunk and offset of element `i`.
    #[inline]
    fn locate(i: usize) -> (usize, usize) {
        let j = i / FIRST + 1;
        let k = (usize::BITS - 1 - j.leading_zeros()) as usize;
        (k, i - FIRST * ((1 << k) - 1))
    }
}

impl<T> Index<usize> for Arena<T> {
    type Output = T;

    #[inline]
    fn index(&self, i: usize) -> &T {
        let (k, at) = Self::locate(i);
        &self.chunks[k][at]
    }
}

impl<T> IndexMut<usize> for Arena<T> {
    #[inline]
    fn index_mut(&mut self, i: usize) -> &mut T {
        let (k, at) = Self::locate(i);
        &mut self.chunks[k][at]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elements_keep_their_index_and_address_across_growth() {
        let mut a = Arena::default();
        a.push(0usize);
        let first = &a[0] as *const usize;
        for i in 1..10_000 {
            a.push(i);
        }
        assert_eq!(a.len(), 10_000);
        assert!((0..10_000).all(|i| a[i] == i));
        assert_eq!(&a[0] as *const usize, first);
        a[4_095] = 7;
        assert_eq!(a[4_095], 7);
        let sizes: Vec<usize> = a.chunks.iter().map(Vec::len).collect();
        assert_eq!(&sizes[..3], &[64, 128, 256]);
        let mut b = a.clone();
        let last = b.chunks.last().map(|c| c.as_ptr());
        b.push(10_000);
        assert_eq!((b.len(), b[10_000], b[4_095]), (10_001, 10_000, 7));
        assert_eq!(b.chunks.last().map(|c| c.as_ptr()), last);
    }
}
