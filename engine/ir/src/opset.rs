//! A set of ops as a bitset over the span of their ids: membership is a range check and a bit
//! test, so a scan of a whole block against a cluster's members costs about a nanosecond per op
//! (a hash set costs several, which made building a thousand clusters in a 20,000-op block the
//! slowest part of fusion).

use super::OpId;

/// A set of ops, dense over `[lo, lo + 64 * words.len())`; `lo` is a multiple of 64.
#[derive(Clone, Debug, Default)]
pub struct OpSet {
    lo: u32,
    words: Vec<u64>,
    len: usize,
}

impl OpSet {
    /// The set of `ops` (duplicates counted once).
    pub fn new(ops: &[OpId]) -> OpSet {
        let lo = ops.iter().map(|o| o.0).min().unwrap_or(0) & !63;
        let hi = ops.iter().map(|o| o.0).max().unwrap_or(0);
        let mut set = OpSet {
            lo,
            words: vec![0; (hi - lo) as usize / 64 + 1],
            len: 0,
        };
        for &o in ops {
            set.insert(o);
        }
        set
    }

    /// Adds `op`; returns whether it was new. The span grows as needed.
    pub fn insert(&mut self, op: OpId) -> bool {
        if op.0 < self.lo {
            let lo = op.0 & !63;
            let shift = ((self.lo - lo) / 64) as usize;
            self.words.splice(0..0, std::iter::repeat_n(0, shift));
            self.lo = lo;
        }
        let i = (op.0 - self.lo) as usize;
        if i / 64 >= self.words.len() {
            self.words.resize(i / 64 + 1, 0);
        }
        let (word, bit) = (&mut self.words[i / 64], 1u64 << (i % 64));
        let new = *word & bit == 0;
        *word |= bit;
        self.len += usize::from(new);
        new
    }

    pub fn contains(&self, op: OpId) -> bool {
        let Some(i) = op.0.checked_sub(self.lo).map(|i| i as usize) else {
            return false;
        };
        self.words
            .get(i / 64)
            .is_some_and(|w| w & (1u64 << (i % 64)) != 0)
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn membership_over_growing_spans() {
        let mut s = OpSet::new(&[OpId(300), OpId(70)]);
        assert!(s.contains(OpId(300)) && s.contains(OpId(70)));
        assert!(!s.contains(OpId(71)) && !s.contains(OpId(5)) && !s.contains(OpId(9000)));
        assert!(s.insert(OpId(3)) && s.insert(OpId(5000)));
        assert!(!s.insert(OpId(70)));
        for o in [3, 70, 300, 5000] {
            assert!(s.contains(OpId(o)), "{o}");
        }
        assert!(!s.contains(OpId(4)) && !s.contains(OpId(4999)));
        assert_eq!(s.len(), 4);
        assert!(OpSet::new(&[]).is_empty() && !OpSet::new(&[]).contains(OpId(0)));
    }
}
