//! Runs of HBM elements: the common refinement of the runs several sides (a matmul's operands,
//! its result, their scales) walk for one dimension, as pieces each side walks alike.

/// The common refinement of runs that walk the same number of elements, one list per side,
/// outermost first: pieces of `(size, stride on each side)` that every side walks alike (a run
/// splits where another side's run divides it). `None` when the runs do not nest.
pub(super) fn refine(lists: &[&[(i64, u64)]]) -> Option<Vec<(u64, Vec<i64>)>> {
    if lists.iter().any(|l| l.iter().any(|r| r.1 == 0)) {
        return Some(vec![(0, vec![0; lists.len()])]);
    }
    // Each side's runs as a stack, its outermost run on top; unit runs walk nothing.
    let mut stacks: Vec<Vec<(i64, u64)>> = (lists.iter())
        .map(|l| l.iter().rev().filter(|r| r.1 != 1).copied().collect())
        .collect();
    let mut out = Vec::new();
    while stacks.iter().any(|s| !s.is_empty()) {
        let sizes: Option<Vec<u64>> = stacks.iter().map(|s| s.last().map(|r| r.1)).collect();
        let size = sizes?.into_iter().min()?;
        let mut strides = Vec::with_capacity(stacks.len());
        for s in &mut stacks {
            let (stride, n) = s.pop()?;
            if !n.is_multiple_of(size) {
                return None;
            }
            let inner = n / size;
            strides.push(stride * inner as i64);
            if inner > 1 {
                s.push((stride, inner));
            }
        }
        out.push((size, strides));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::refine;

    #[test]
    fn runs_refine_into_pieces_every_side_walks_alike() {
        // A head merge's 2 heads of 3 against a weight's 6 rows: pieces of 2 and 3.
        assert_eq!(
            refine(&[&[(12, 2), (1, 3)], &[(5, 6)]]),
            Some(vec![(2, vec![12, 15]), (3, vec![1, 5])])
        );
        // Unit runs walk nothing; one run on each side is one piece.
        assert_eq!(
            refine(&[&[(7, 1), (4, 8)], &[(1, 8)]]),
            Some(vec![(8, vec![4, 1])])
        );
        // Runs of 2 x 3 and 3 x 2 do not nest.
        assert_eq!(refine(&[&[(3, 2), (1, 3)], &[(2, 3), (1, 2)]]), None);
        // An empty dimension is one empty piece.
        assert_eq!(refine(&[&[(4, 0)], &[(1, 0)]]), Some(vec![(0, vec![0, 0])]));
    }
}
