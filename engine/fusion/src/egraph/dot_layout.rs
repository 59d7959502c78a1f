//! A dot's operands as their dimensions in order, each a size and a role (batching,
//! contracting or free), and the operands of the same dot under a reshape of its result that
//! regroups dimensions only within its regions ([`Layout::reshaped`]): the batch dimensions, the
//! lhs's free ones and the rhs's free ones.
//!
//! A reshape that merges or splits dimensions of one region is the same reshape of the operand
//! dimensions that carry them (of both operands for batch dimensions, of one for free ones),
//! when those lie next to each other in the operand in the result's order: PyTorch merges batch
//! and heads for its batched dots and splits them after. A unit the result gains after a batch
//! dimension (or before every other) is a unit batch dimension of both operands; one after a
//! side's free dimension is a unit free dimension of that side, placed before its next free
//! dimension. The units the result loses are dropped from the operands. Every operand keeps the
//! order of its elements, so the new one is a reshape of the old; the derived layout is accepted
//! only when its result is the target.

use super::layout::reshape_blocks;
use egfuse_ir::{Attr, NamedAttr};
use std::ops::Range;

/// A dot's dimension numbers: per side, its batching and contracting dimensions.
pub(super) struct Numbers {
    pub(super) batch: [Vec<i64>; 2],
    pub(super) contract: [Vec<i64>; 2],
}

impl Numbers {
    pub(super) fn of(dims: &Attr) -> Option<Numbers> {
        let list = |n: &str| dims.field(n).map_or(Some(Vec::new()), Attr::as_int_list);
        Some(Numbers {
            batch: [
                list("lhs_batching_dimensions")?,
                list("rhs_batching_dimensions")?,
            ],
            contract: [
                list("lhs_contracting_dimensions")?,
                list("rhs_contracting_dimensions")?,
            ],
        })
    }

    /// `#stablehlo.dot<...>` with these numbers, named as `like` is.
    pub(super) fn attr(&self, like: &Attr) -> Option<Attr> {
        let Attr::Struct { name, .. } = like else {
            return None;
        };
        let field = |n: &str, v: &[i64]| {
            let items = v.iter().map(|&value| Attr::Int {
                value: value as i128,
                ty: None,
            });
            NamedAttr::new(n, Attr::Array(items.collect()))
        };
        let mut fields = Vec::new();
        for (list, what) in [(&self.batch, "batching"), (&self.contract, "contracting")] {
            for (side, dims) in ["lhs", "rhs"].iter().zip(list) {
                if !dims.is_empty() {
                    fields.push(field(&format!("{side}_{what}_dimensions"), dims));
                }
            }
        }
        Some(Attr::Struct {
            name: name.clone(),
            fields,
        })
    }
}

/// What an operand dimension is to its dot: the `k`th batching or contracting dimension, or
/// a free one.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Role {
    Batch(usize),
    Contract(usize),
    Free,
}

/// Both operands of a dot as their dimensions in order, each a size and a role.
#[derive(Debug)]
pub(super) struct Layout([Vec<(i64, Role)>; 2]);

impl Layout {
    pub(super) fn of(n: &Numbers, shapes: &[Vec<i64>; 2]) -> Option<Layout> {
        let side = |s: usize| -> Option<Vec<(i64, Role)>> {
            let role = |d: i64| match (n.batch[s].iter().position(|&b| b == d))
                .map(Role::Batch)
                .or_else(|| {
                    n.contract[s]
                        .iter()
                        .position(|&c| c == d)
                        .map(Role::Contract)
                }) {
                Some(r) => r,
                None => Role::Free,
            };
            let mut listed = n.batch[s].iter().chain(&n.contract[s]);
            listed
                .all(|&d| usize::try_from(d).is_ok_and(|d| d < shapes[s].len()))
                .then(|| {
                    (0..shapes[s].len() as i64)
                        .map(|d| (shapes[s][d as usize], role(d)))
                        .collect()
                })
        };
        (n.batch[0].len() == n.batch[1].len()).then_some(())?;
        Some(Layout([side(0)?, side(1)?]))
    }

    /// The result's dimensions as (size, region): 0 batch, 1 the lhs's free, 2 the rhs's.
    fn result(&self) -> Vec<(i64, usize)> {
        let mut batch: Vec<(usize, i64)> = (self.0[0].iter())
            .filter_map(|&(n, r)| match r {
                Role::Batch(k) => Some((k, n)),
                _ => None,
            })
            .collect();
        batch.sort_unstable();
        let free = |s: usize| {
            (self.0[s].iter())
                .filter(|(_, r)| *r == Role::Free)
                .map(move |&(n, _)| (n, s + 1))
        };
        (batch.into_iter().map(|(_, n)| (n, 0)))
            .chain(free(0))
            .chain(free(1))
            .collect()
    }

    /// The layout whose result is `rd` where this one's is `dd`, a reshape that regroups
    /// dimensions only within the result's regions; `None` when it cannot be carried to the
    /// operands so.
    pub(super) fn reshaped(&self, dd: &[i64], rd: &[i64]) -> Option<Layout> {
        let sizes = |l: &Layout| l.result().iter().map(|&(n, _)| n).collect::<Vec<_>>();
        (sizes(self) == dd).then_some(())?;
        let regrouped = self.regrouped(rd)?;
        regrouped.unit_reshaped(&sizes(&regrouped), rd)
    }

    /// This layout with units of batch and free dimensions dropped and each region's other
    /// dimensions regrouped as `rd`'s are (`rd`'s units aside): each block of the reshape that
    /// is not the identity replaces operand dimensions lying next to each other in order.
    fn regrouped(&self, rd: &[i64]) -> Option<Layout> {
        let mut sides = self.0.clone().map(|side| {
            let mut side: Vec<_> = (side.into_iter())
                .filter(|&(n, r)| n != 1 || matches!(r, Role::Contract(_)))
                .collect();
            renumber_batch(&mut side);
            side
        });
        let mut out = Layout(sides.clone());
        let kept: Vec<(i64, usize)> = out.result();
        let src = |r: usize| kept.iter().filter(|d| d.1 == r).map(|d| d.0).collect();
        let src: [Vec<i64>; 3] = [src(0), src(1), src(2)];
        let dst = groups(&src, rd)?;
        // Blocks of the batch region, last first, so that renumbering the later batch
        // dimensions leaves the earlier blocks' numbers as they were.
        for (s, d) in blocks(&src[0], &dst[0])?.into_iter().rev() {
            for side in &mut sides {
                replace_batch(side, s.clone(), &dst[0][d.clone()])?;
            }
        }
        for r in [1, 2] {
            for (s, d) in blocks(&src[r], &dst[r])?.into_iter().rev() {
                replace_free(&mut sides[r - 1], s, &dst[r][d])?;
            }
        }
        out.0 = sides;
        Some(out)
    }

    /// The layout whose result is `rd` where this one's is `dd`, the two equal but for units;
    /// `None` when the units cannot be placed so.
    fn unit_reshaped(&self, dd: &[i64], rd: &[i64]) -> Option<Layout> {
        let target = self.regions_of(dd, rd)?;
        // Drop the units that are batch or free dimensions; contracted ones stay.
        let mut sides = self.0.clone().map(|side| {
            (side.into_iter())
                .filter(|&(n, r)| n != 1 || matches!(r, Role::Contract(_)))
                .collect::<Vec<_>>()
        });
        batch_in_order(&mut sides, &target)?;
        for (s, side) in sides.iter_mut().enumerate() {
            free_units(side, &target, s + 1);
        }
        let out = Layout(sides);
        let got: Vec<i64> = out.result().iter().map(|&(n, _)| n).collect();
        (got == rd).then_some(out)
    }

    /// Each dimension of the target result `rd` with its region: a kept dimension's own (by
    /// its place among the kept dimensions of `dd`), a unit the previous kept one's (the
    /// batch's before the first).
    fn regions_of(&self, dd: &[i64], rd: &[i64]) -> Option<Vec<(i64, usize)>> {
        let regions: Vec<usize> = self.result().iter().map(|&(_, r)| r).collect();
        (regions.len() == dd.len()).then_some(())?;
        let kept: Vec<usize> = (0..dd.len())
            .filter(|&i| dd[i] != 1)
            .map(|i| regions[i])
            .collect();
        let mut seen = 0;
        let mut target = Vec::with_capacity(rd.len());
        for &n in rd {
            seen += usize::from(n != 1);
            let at = seen.checked_sub(1).and_then(|i| kept.get(i));
            target.push((n, at.copied().unwrap_or(0)));
        }
        Some(target)
    }

    pub(super) fn shape(&self, side: usize) -> Vec<i64> {
        self.0[side].iter().map(|&(n, _)| n).collect()
    }

    pub(super) fn numbers(&self) -> Numbers {
        let listed = |s: usize, want: fn(Role) -> Option<usize>| {
            let mut v: Vec<(usize, i64)> = (self.0[s].iter().enumerate())
                .filter_map(|(d, &(_, r))| want(r).map(|k| (k, d as i64)))
                .collect();
            v.sort_unstable();
            v.into_iter().map(|(_, d)| d).collect::<Vec<i64>>()
        };
        let batch = |r: Role| match r {
            Role::Batch(k) => Some(k),
            _ => None,
        };
        let contract = |r: Role| match r {
            Role::Contract(k) => Some(k),
            _ => None,
        };
        Numbers {
            batch: [listed(0, batch), listed(1, batch)],
            contract: [listed(0, contract), listed(1, contract)],
        }
    }
}

/// Numbers both sides' batch dimensions in the target's order: the kept ones (taken in their
/// old order) renumbered, and a unit of both sides in front for each unit the target adds.
fn batch_in_order(sides: &mut [Vec<(i64, Role)>; 2], target: &[(i64, usize)]) -> Option<()> {
    let kept_order = |side: &[(i64, Role)]| {
        let mut v: Vec<(usize, usize)> = (side.iter().enumerate())
            .filter_map(|(d, &(_, r))| match r {
                Role::Batch(k) => Some((k, d)),
                _ => None,
            })
            .collect();
        v.sort_unstable();
        v.into_iter().map(|(_, d)| d).collect::<Vec<usize>>()
    };
    let orders = [kept_order(&sides[0]), kept_order(&sides[1])];
    let mut kept = 0;
    let mut units = Vec::new();
    for (k, &(n, _)) in target.iter().filter(|(_, r)| *r == 0).enumerate() {
        if n == 1 {
            units.push(k);
            continue;
        }
        for (side, order) in sides.iter_mut().zip(&orders) {
            side[*order.get(kept)?].1 = Role::Batch(k);
        }
        kept += 1;
    }
    (kept == orders[0].len()).then_some(())?;
    for side in sides {
        for (i, &k) in units.iter().enumerate() {
            side.insert(i, (1, Role::Batch(k)));
        }
    }
    Some(())
}

/// `rd`'s dimensions above size 1, split into the three regions whose products are those of
/// `src`'s: the batch dimensions, the lhs's free ones, the rhs's free ones.
fn groups(src: &[Vec<i64>; 3], rd: &[i64]) -> Option<[Vec<i64>; 3]> {
    let mut rest = rd.iter().copied().filter(|&n| n != 1).peekable();
    let mut out: [Vec<i64>; 3] = Default::default();
    for (region, group) in src.iter().zip(&mut out) {
        let want = product(region)?;
        let mut got = 1i64;
        while got < want {
            let n = rest.next().filter(|&n| n > 1)?;
            got = got.checked_mul(n)?;
            group.push(n);
        }
        (got == want).then_some(())?;
    }
    rest.peek().is_none().then_some(out)
}

/// The product of sizes, each above 1; `None` for a size below 2 (unknown, empty or a unit)
/// or an overflow.
fn product(sizes: &[i64]) -> Option<i64> {
    sizes
        .iter()
        .try_fold(1i64, |p, &n| (n > 1).then(|| p.checked_mul(n)).flatten())
}

/// The blocks of a reshape from `src` to `dst` (sizes above 1, equal products) that are not
/// the identity ([`reshape_blocks`]).
fn blocks(src: &[i64], dst: &[i64]) -> Option<Vec<(Range<usize>, Range<usize>)>> {
    let all = reshape_blocks(src, dst)?;
    Some(
        all.into_iter()
            .filter(|(s, d)| src[s.clone()] != dst[d.clone()])
            .collect(),
    )
}

/// Numbers `side`'s batch dimensions 0, 1, ... in the order of their old numbers.
fn renumber_batch(side: &mut [(i64, Role)]) {
    let mut ks: Vec<usize> = (side.iter())
        .filter_map(|&(_, r)| match r {
            Role::Batch(k) => Some(k),
            _ => None,
        })
        .collect();
    ks.sort_unstable();
    for (_, r) in side.iter_mut() {
        if let Role::Batch(k) = r {
            *k = ks.partition_point(|&o| o < *k);
        }
    }
}

/// Replaces in `side` the batch dimensions numbered `ks` (next to each other, in order) with
/// batch dimensions of sizes `to`, renumbering the later ones.
fn replace_batch(side: &mut Vec<(i64, Role)>, ks: Range<usize>, to: &[i64]) -> Option<()> {
    let at = |k: usize| side.iter().position(|&(_, r)| r == Role::Batch(k));
    let first = at(ks.start)?;
    (ks.clone().enumerate())
        .all(|(i, k)| at(k) == Some(first + i))
        .then_some(())?;
    for (_, r) in side.iter_mut() {
        if let Role::Batch(k) = r {
            if *k >= ks.end {
                *k = *k + to.len() - ks.len();
            }
        }
    }
    let new = (to.iter().enumerate()).map(|(i, &n)| (n, Role::Batch(ks.start + i)));
    side.splice(first..first + ks.len(), new);
    Some(())
}

/// Replaces in `side` its free dimensions numbered `fs` among its free ones (next to each
/// other) with free dimensions of sizes `to`.
fn replace_free(side: &mut Vec<(i64, Role)>, fs: Range<usize>, to: &[i64]) -> Option<()> {
    let free: Vec<usize> = (0..side.len())
        .filter(|&d| side[d].1 == Role::Free)
        .collect();
    let first = *free.get(fs.start)?;
    (fs.clone().enumerate())
        .all(|(i, f)| free.get(f) == Some(&(first + i)))
        .then_some(())?;
    side.splice(first..first + fs.len(), to.iter().map(|&n| (n, Role::Free)));
    Some(())
}

/// Inserts into `side` the units the target's `region` (that side's free dimensions) gains,
/// each before the side's next kept free dimension (at its end after the last).
fn free_units(side: &mut Vec<(i64, Role)>, target: &[(i64, usize)], region: usize) {
    let mut seen = 0;
    for &(n, _) in target.iter().filter(|(_, r)| *r == region) {
        if n != 1 {
            seen += 1;
            continue;
        }
        let kept_free = |(_, (n, r)): &(usize, &(i64, Role))| *n != 1 && *r == Role::Free;
        let at =
            (side.iter().enumerate().filter(kept_free).nth(seen)).map_or(side.len(), |(i, _)| i);
        side.insert(at, (1, Role::Free));
    }
}

#[cfg(test)]
mod tests {
    use super::{Layout, Numbers};

    /// The new operand shapes (lhs, rhs), then per side the batching and the contracting
    /// dimensions.
    type Reshaped = (Vec<i64>, Vec<i64>, [Vec<i64>; 2], [Vec<i64>; 2]);

    /// The layout of operands `shapes` with batching `b` and contracting `c` dimensions, per
    /// side, reshaped from result `dd` to `rd`: the operand shapes and the new numbers.
    fn reshaped(
        shapes: [Vec<i64>; 2],
        (b, c): ([Vec<i64>; 2], [Vec<i64>; 2]),
        (dd, rd): (&[i64], &[i64]),
    ) -> Option<Reshaped> {
        let n = Numbers {
            batch: b,
            contract: c,
        };
        let l = Layout::of(&n, &shapes)?.reshaped(dd, rd)?;
        let m = l.numbers();
        Some((l.shape(0), l.shape(1), m.batch, m.contract))
    }

    #[test]
    fn a_regrouping_of_one_region_regroups_the_operand_dimensions_that_carry_it() {
        // torch's batched attention: batch and heads merged before the dot, split after.
        assert_eq!(
            reshaped(
                [vec![16, 128, 64], vec![16, 64, 128]],
                ([vec![0], vec![0]], [vec![2], vec![1]]),
                (&[16, 128, 128], &[2, 8, 128, 128]),
            ),
            Some((
                vec![2, 8, 128, 64],
                vec![2, 8, 64, 128],
                [vec![0, 1], vec![0, 1]],
                [vec![3], vec![2]],
            ))
        );
        // Merged back, with a unit in front: the operands' batch dimensions merge.
        assert_eq!(
            reshaped(
                [vec![2, 8, 77, 80], vec![2, 8, 80, 77]],
                ([vec![0, 1], vec![0, 1]], [vec![3], vec![2]]),
                (&[2, 8, 77, 77], &[1, 16, 77, 77]),
            ),
            Some((
                vec![1, 16, 77, 80],
                vec![1, 16, 80, 77],
                [vec![0, 1], vec![0, 1]],
                [vec![3], vec![2]],
            ))
        );
        // A linear layer's flat rows split into batch and sequence: the lhs's free dimensions.
        assert_eq!(
            reshaped(
                [vec![6, 32], vec![32, 48]],
                ([vec![], vec![]], [vec![1], vec![0]]),
                (&[6, 48], &[2, 3, 48]),
            ),
            Some((
                vec![2, 3, 32],
                vec![32, 48],
                [vec![], vec![]],
                [vec![2], vec![0]]
            ))
        );
        // The rhs's free dimensions split, beside a batch dimension that stays.
        assert_eq!(
            reshaped(
                [vec![4, 5, 7], vec![4, 7, 6]],
                ([vec![0], vec![0]], [vec![2], vec![1]]),
                (&[4, 5, 6], &[4, 5, 2, 3]),
            ),
            Some((
                vec![4, 5, 7],
                vec![4, 7, 2, 3],
                [vec![0], vec![0]],
                [vec![2], vec![1]],
            ))
        );
        // Batch dimensions apart in an operand (a contracted one between): no reshape of it
        // merges them.
        assert_eq!(
            reshaped(
                [vec![2, 64, 8, 128], vec![2, 8, 64, 128]],
                ([vec![0, 2], vec![0, 1]], [vec![1], vec![2]]),
                (&[2, 8, 128, 128], &[16, 128, 128]),
            ),
            None
        );
        // A reshape across regions (batch rows merged into the lhs's free ones): refused.
        assert_eq!(
            reshaped(
                [vec![2, 8, 64], vec![2, 64, 8]],
                ([vec![0], vec![0]], [vec![2], vec![1]]),
                (&[2, 8, 8], &[16, 8]),
            ),
            None
        );
    }

    #[test]
    fn units_a_reshape_gains_or_loses_are_the_operands_units() {
        // jax.nn.dot_product_attention: a unit free dimension of q lost, a unit batch gained.
        assert_eq!(
            reshaped(
                [vec![2, 128, 8, 1, 64], vec![2, 128, 8, 64]],
                ([vec![0, 2], vec![0, 2]], [vec![4], vec![3]]),
                (&[2, 8, 128, 1, 128], &[1, 2, 8, 128, 128]),
            ),
            Some((
                vec![1, 2, 128, 8, 64],
                vec![1, 2, 128, 8, 64],
                [vec![0, 1, 3], vec![0, 1, 3]],
                [vec![4], vec![4]],
            ))
        );
        // A matmul's result with a unit in front: a unit batch dimension.
        assert_eq!(
            reshaped(
                [vec![2, 4], vec![4, 3]],
                ([vec![], vec![]], [vec![1], vec![0]]),
                (&[2, 3], &[1, 2, 3]),
            ),
            Some((
                vec![1, 2, 4],
                vec![1, 4, 3],
                [vec![0], vec![0]],
                [vec![2], vec![1]]
            ))
        );
        // A trailing unit of the rhs's free dimensions dropped, and one added to the lhs's.
        assert_eq!(
            reshaped(
                [vec![2, 4], vec![4, 3, 1]],
                ([vec![], vec![]], [vec![1], vec![0]]),
                (&[2, 3, 1], &[2, 1, 3]),
            ),
            Some((
                vec![2, 4, 1],
                vec![4, 3],
                [vec![], vec![]],
                [vec![1], vec![0]]
            ))
        );
        // Not a regrouping within the result's regions: refused.
        assert_eq!(
            reshaped(
                [vec![2, 4], vec![4, 3]],
                ([vec![], vec![]], [vec![1], vec![0]]),
                (&[2, 3], &[3, 2]),
            ),
            None
        );
    }
}
