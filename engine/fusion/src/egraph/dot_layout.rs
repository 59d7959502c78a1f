//! A dot's operands as their dimensions in order, each a size and a role (batching,
//! contracting or free), and the operands of the same dot under a reshape of its result that
//! only inserts or removes dimensions of size 1 ([`Layout::reshaped`]).
//!
//! A unit the result gains after a batch dimension (or before every other) is a unit batch
//! dimension of both operands; one after a side's free dimension is a unit free dimension of
//! that side, placed before its next free dimension. The units the result loses are dropped from
//! the operands. Every operand keeps the order of its dimensions above size 1, so the new one is
//! a reshape of the old; the derived layout is accepted only when its result is the target.

use egfuse_ir::{Attr, NamedAttr};

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

    /// The layout whose result is `rd` where this one's is `dd`, the two equal but for units;
    /// `None` when the units cannot be placed so.
    pub(super) fn reshaped(&self, dd: &[i64], rd: &[i64]) -> Option<Layout> {
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
        // Not a unit reshape of the result's order: refused.
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
