//! The layout of a kernel: its iteration space and where each value lives in it.
//!
//! A kernel of elementwise ops and reduces iterates over one shape `I`, the input of its reduces
//! (or its largest result when it has none); the reduced dimensions `D` are trailing, and split
//! the space into `R` rows by `C` columns. Every value varies along some dimensions of `I` and is
//! constant along the rest, which gives its [`Class`]: the whole space, one value per row (a
//! reduce's result), one per column (a weight), or a single value. The dimensions come from
//! shapes where a value has `I`'s rank, and otherwise from its neighbours: a reduce drops `D`, a
//! broadcast says which dimension each operand dimension is, a reshape that only adds or drops
//! unit dimensions keeps them.

use crate::edge::{Dims, Edges};
use crate::select::{Scope, Selected};
use crate::tensor::dims;
use egfuse_diag::Diag;
use egfuse_ir::facts::{int_list, only_reshapes};
use egfuse_ir::{Module, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};

mod iteration;
use iteration::{iteration, wide_columns};

/// Where a value lives in the iteration space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// One value for the whole kernel.
    Scalar,
    /// One value per column, the same for every row (a weight along the reduced axis).
    Col,
    /// One value per row (a reduce's result, kept or not).
    Row,
    /// A value for every row and column.
    Full,
}

/// The iteration space and each value's class.
#[derive(Clone, Debug)]
pub struct Space {
    pub rows: u64,
    pub cols: u64,
    /// Rows a tile of the `rows` layout: 128, or, where values lie in HBM as runs of rows whose
    /// inner part does not divide 128 (77 positions of 2 sequences), as many whole inner parts
    /// as 128 rows hold, so that every tile of rows is one access pattern ([`rows_a_tile`]).
    pub tile: u64,
    /// The loops over the tiles, outermost first, as (trips, rows a trip moves on), when one
    /// loop over `tile`-row tiles cannot serve: where some value's rows are runs whose inner
    /// parts are more than 128 rows (the rotary tables of 2 sequences, broadcast over 4 heads:
    /// runs of 2, 4 and 77), the tiles are a nest over the outer runs ([`tile_nest`]). Empty
    /// otherwise.
    pub nest: Vec<(u64, u64)>,
    pub classes: FxHashMap<ValueId, Class>,
    /// A reduce over every element, spread over 128 rows: its row results are partials that
    /// the tile pass combines across the partitions.
    pub split: bool,
    /// Where the elements of values along the whole space are in HBM, when the reduced
    /// dimensions are not the trailing ones.
    pub strided: Option<Strided>,
    /// Where the elements of each value read through views at the kernel's edge are in HBM
    /// ([`crate::edge`]).
    pub loads: FxHashMap<ValueId, Strided>,
    /// For each value the kernel writes ([`crate::edge::Write`]), where views at its edge
    /// write its elements, if they do (empty when they write none).
    pub stores: Vec<Option<Strided>>,
}

/// The HBM places of a value along the whole space: the rows as runs of `(stride, size)`,
/// outermost first, whose inner runs a tile holds whole (so that every tile of rows is one
/// access pattern: [`Space::tile`]), and the columns as runs. Row `r` of the space is the row-major index over
/// the kept dimensions, column `c` over the reduced ones, each in the space's order.
#[derive(Clone, Debug, PartialEq)]
pub struct Strided {
    /// The element of row 0, column 0.
    pub offset: i64,
    pub rows: Vec<(i64, u64)>,
    pub cols: Vec<(i64, u64)>,
}

impl Space {
    pub fn class(&self, v: ValueId) -> Class {
        self.classes.get(&v).copied().unwrap_or(Class::Scalar)
    }

    /// Whether views at the kernel's edge read or write some of its values.
    pub fn has_edges(&self) -> bool {
        !self.loads.is_empty() || self.stores.iter().any(Option::is_some)
    }
}

/// The space of a kernel whose values are `values`, computed by `insts`, with the places of
/// the values its `edges` read and write.
pub fn space(
    m: &Module,
    scope: &Scope,
    (values, edges): (&[ValueId], &Edges),
    insts: &[Selected],
) -> Result<Space, Diag> {
    let (shape, reduced, strided) = iteration(m, values, insts)?;
    let wide = wide_columns(m, insts, &shape);
    if wide.len() > reduced.len() {
        if let Ok(space) = space_over(m, scope, (values, edges), insts, (&shape, &wide, None)) {
            return Ok(space);
        }
    }
    space_over(
        m,
        scope,
        (values, edges),
        insts,
        (&shape, &reduced, strided),
    )
}

/// [`space`] with the iteration `shape`, its columns `reduced` and their places.
fn space_over(
    m: &Module,
    scope: &Scope,
    (values, edges): (&[ValueId], &Edges),
    insts: &[Selected],
    (shape, reduced, strided): (&[u64], &[usize], Option<Strided>),
) -> Result<Space, Diag> {
    let (shape, reduced) = (shape.to_vec(), reduced.to_vec());
    let mut maps: FxHashMap<ValueId, Map> = FxHashMap::default();
    for &v in values {
        if let Some(map) = direct(dims(m, v), &shape) {
            maps.insert(v, map);
        }
    }
    for (&v, &w) in &scope.outer {
        if let Some(map) = broadcast_along_rows(m, w, &shape, &reduced) {
            maps.insert(v, map);
        }
    }
    let mut broadcast = FxHashSet::default();
    for _ in 0..values.len() + 1 {
        match infer(m, scope, values, &mut maps, &mut broadcast) {
            Inferred::Nothing => break,
            Inferred::Learned => {}
            Inferred::Conflict(v, op) => {
                let why = "this broadcast reads it along other dimensions than another one does";
                let mut d = unplaced(m, v, &shape, why);
                d.span = m.op(op).span;
                return Err(d);
            }
        }
    }
    let rows: u64 = (0..shape.len())
        .filter(|k| !reduced.contains(k))
        .map(|k| shape[k])
        .product();
    let cols: u64 = reduced.iter().map(|&k| shape[k]).product();
    let varies =
        |set: &[usize]| -> Vec<usize> { set.iter().copied().filter(|&k| shape[k] != 1).collect() };
    let all: Vec<usize> = varies(&(0..shape.len()).collect::<Vec<_>>());
    let along_rows: Vec<usize> = all
        .iter()
        .copied()
        .filter(|k| !reduced.contains(k))
        .collect();
    let along_cols: Vec<usize> = varies(&reduced);
    let mut classes = FxHashMap::default();
    for &v in values {
        let Some(map) = maps.get(&v) else {
            return Err(unplaced(
                m,
                v,
                &shape,
                "its dimensions match none of the space's",
            ));
        };
        let s: Vec<usize> = map.iter().flatten().copied().collect();
        if s.windows(2).any(|w| w[0] >= w[1]) {
            return Err(unplaced(m, v, &shape, "it is transposed against the space"));
        }
        // A reduce over every dimension gives one value for the space's one row: it, and
        // what is computed from it, run in the tile, after what it reduces.
        let reduced_all = along_rows.is_empty() && s.is_empty() && reduces(m, scope, v);
        let class = if reduced_all {
            Class::Row
        } else if s.is_empty() {
            Class::Scalar
        } else if s == all {
            Class::Full
        } else if s == along_rows {
            Class::Row
        } else if s == along_cols {
            Class::Col
        } else {
            return Err(unplaced(
                m,
                v,
                &shape,
                "it varies along some rows' dimensions and not others",
            ));
        };
        classes.insert(v, class);
    }
    // A float reduce over every element of a large tensor spreads it over the partitions: 128
    // rows of `n / 128` elements each (the tensor's own row-major order), each reduced on its
    // partition and the 128 partials then combined across the partitions.
    let n = rows * cols;
    let float = insts
        .iter()
        .all(|s| m.ty(s.result).elem().is_some_and(|e| e.is_float()));
    let split = along_rows.is_empty()
        && !reduced.is_empty()
        && float
        && n >= SPLIT_AT
        && n.is_multiple_of(P)
        && classes.values().all(|c| *c != Class::Col);
    let (rows, cols) = if split { (P, n / P) } else { (rows, cols) };
    let full = |v: &ValueId| classes.get(v) == Some(&Class::Full) && !split;
    let mut loads = FxHashMap::default();
    // A read that is no value of the space (a matmul's operand, tiled by the matmul's own
    // plan) has no place in it.
    for r in edges.reads.iter().filter(|r| values.contains(&r.value)) {
        let at = place(
            m,
            r.value,
            (r.offset, &r.dims),
            (&shape, &reduced),
            full(&r.value),
        )?;
        loads.insert(r.value, at);
    }
    let stores: Vec<Option<Strided>> = (edges.writes.iter())
        .map(|w| match &w.dims {
            Some(d) => place(
                m,
                w.value,
                (w.offset, d),
                (&shape, &reduced),
                full(&w.value),
            )
            .map(Some),
            None => Ok(None),
        })
        .collect::<Result<_, _>>()?;
    let placed = (loads.iter().map(|(&v, g)| (v, g)))
        .chain((edges.writes.iter().zip(&stores)).filter_map(|(w, g)| Some((w.value, g.as_ref()?))))
        .chain(strided.iter().filter_map(|g| Some((*values.first()?, g))));
    let (tile, nest) = rows_a_tile(m, &shape, rows, &placed.collect::<Vec<_>>())?;
    Ok(Space {
        rows,
        cols,
        tile,
        nest,
        classes,
        split,
        strided,
        loads,
        stores,
    })
}

/// The places of `v`, whose first element is at `offset` and the others where `runs` says,
/// along a space of `shape` reducing `reduced`: its dimensions other than units are the
/// space's, in order, and it varies along all of them (`full`).
fn place(
    m: &Module,
    v: ValueId,
    (offset, runs): (i64, &Dims),
    (shape, reduced): (&[u64], &[usize]),
    full: bool,
) -> Result<Strided, Diag> {
    let own = dims(m, v);
    let mine: Vec<usize> = (0..own.len()).filter(|&j| own[j] != 1).collect();
    let theirs: Vec<usize> = (0..shape.len()).filter(|&k| shape[k] != 1).collect();
    let same =
        mine.len() == theirs.len() && mine.iter().zip(&theirs).all(|(&j, &k)| own[j] == shape[k]);
    // A single element is read or written as one: a piece of a concatenate of scalars, or one
    // element of an input a kernel broadcasts (a rotation amount sliced from a vector).
    let single = mine.is_empty();
    if !(single || same && full) {
        let why = "read or written through views at the kernel's edge, it must vary along the whole space, in its order";
        return Err(unplaced(m, v, shape, why));
    }
    let runs_along = |keep: bool| -> Vec<(i64, u64)> {
        let along = (mine.iter().zip(&theirs)).filter(|(_, k)| reduced.contains(k) != keep);
        merged(along.flat_map(|(&j, _)| runs[j].iter().copied()))
    };
    let (rows, cols) = (runs_along(true), runs_along(false));
    Ok(Strided { offset, rows, cols })
}

/// Rows a tile for a space of `rows` rows whose values are placed in HBM at `places`, and the
/// loops over the tiles when they are a nest ([`Space::nest`]): 128, or when some place's rows
/// are runs whose inner part `q` (all runs but the outermost) does not divide 128, the largest
/// multiple of every such `q` up to 128. A tile then holds whole inner parts, and its first row
/// is a multiple of each, so the outermost run's index is affine in the tile's loop counter.
/// When the inner parts are more than 128 rows together, the tiles are a nest ([`tile_nest`]).
/// A space of at most 128 rows is one tile.
fn rows_a_tile(
    m: &Module,
    shape: &[u64],
    rows: u64,
    places: &[(ValueId, &Strided)],
) -> Result<(u64, Vec<(u64, u64)>), Diag> {
    if rows <= P {
        return Ok((P, vec![]));
    }
    // Held at most at P + 1 (any more is as much too many), so that no product overflows.
    let unit = (places.iter())
        .map(|(_, g)| g.rows.iter().skip(1).map(|r| r.1).product::<u64>())
        .fold(1, |a, q| lcm(a, q).min(P + 1));
    if unit <= P {
        return Ok((P / unit * unit, vec![]));
    }
    tile_nest(rows, places).map_err(|v| {
        let why =
            "its rows are runs in HBM whose inner parts do not fit a tile of 128 rows together";
        unplaced(m, v, shape, why)
    })
}

/// The tiles of a space of `rows` rows as a loop nest over the places' row runs: the rows one
/// step of each run moves on (its period), over every place, must be a chain in which each
/// divides the next (else the place that breaks it is the error). A tile is then `L * k` rows,
/// `L` the largest period up to 128 and `k` the most of the next run's steps that fit, so a
/// tile holds whole runs below `L` and part of one run; a loop per period above it, and one
/// over the tiles of that run. Every loop's step then moves within one run of every place, so
/// each place's offset is affine in the counters (the tile pass's strided views).
fn tile_nest(rows: u64, places: &[(ValueId, &Strided)]) -> Result<(u64, Vec<(u64, u64)>), ValueId> {
    let mut chain: Vec<u64> = vec![1, rows];
    for (v, g) in places {
        for q in periods(g) {
            match chain.binary_search(&q) {
                Ok(_) => {}
                Err(at)
                    if at < chain.len()
                        && q.is_multiple_of(chain[at - 1])
                        && chain[at].is_multiple_of(q) =>
                {
                    chain.insert(at, q);
                }
                Err(_) => return Err(*v),
            }
        }
    }
    let at = chain.iter().rposition(|&q| q <= P).unwrap_or(0);
    let (low, next) = (chain[at], chain[at + 1]);
    let steps = next / low;
    let k = (1..=(P / low).min(steps))
        .rev()
        .find(|k| steps.is_multiple_of(*k))
        .unwrap_or(1);
    let tile = low * k;
    let mut nest: Vec<(u64, u64)> = (chain.windows(2).skip(at + 1))
        .map(|w| (w[1] / w[0], w[0]))
        .rev()
        .collect();
    nest.push((steps / k, tile));
    nest.retain(|&(trips, _)| trips > 1);
    Ok((tile, nest))
}

/// The rows one step of each of `g`'s row runs moves on, outermost first (the product of the
/// sizes of the runs inside it).
pub(crate) fn periods(g: &Strided) -> Vec<u64> {
    (0..g.rows.len())
        .map(|j| g.rows[j + 1..].iter().map(|r| r.1).product())
        .collect()
}

fn lcm(a: u64, b: u64) -> u64 {
    let gcd = |mut a: u64, mut b: u64| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    a / gcd(a, b).max(1) * b
}

/// Runs without units, a run merged into the one before it where they are adjacent in memory.
fn merged(runs: impl Iterator<Item = (i64, u64)>) -> Vec<(i64, u64)> {
    let mut out: Vec<(i64, u64)> = Vec::new();
    for (stride, size) in runs.filter(|r| r.1 != 1) {
        match out.last_mut() {
            Some((s, n)) if *s == stride * size as i64 => {
                *s = stride;
                *n *= size;
            }
            _ => out.push((stride, size)),
        }
    }
    out
}

/// The partitions.
const P: u64 = 128;

/// The fewest elements a reduce over every element is spread over the partitions for: below,
/// one partition reduces them faster than the partitions combine.
const SPLIT_AT: u64 = P * P;

/// Whether `v` is computed by the kernel from one of its reduces (or is one): such a single
/// value exists only once the reduce has run.
fn reduces(m: &Module, scope: &Scope, v: ValueId) -> bool {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut todo = vec![v];
    while let Some(x) = todo.pop() {
        let Some(o) = m.defining_op(x).filter(|o| scope.inside.contains(o)) else {
            continue;
        };
        if !seen.insert(o) {
            continue;
        }
        if &*m.op(o).name == "stablehlo.reduce" {
            return true;
        }
        todo.extend(m.op(o).operands.iter().copied());
    }
    false
}

/// The map of a value of the space's rank: dimension k is k where the sizes agree, none where
/// the value has size 1. A value of another rank whose dimensions other than units are the
/// space's, in order, holds its elements in the space's order: each of them is the space's
/// dimension of the same place among those (a rotary half `[2, 77, 4, 8]` in the space
/// `[2, 77, 4, 8, 1]` of the concatenate it is written into).
fn direct(d: Vec<u64>, shape: &[u64]) -> Option<Vec<Option<usize>>> {
    if d.iter().all(|&n| n == 1) {
        // One element: a single value, whatever its rank.
        return Some(vec![None; d.len()]);
    }
    if d.len() != shape.len() {
        let units = |d: &[u64]| d.iter().filter(|&&n| n != 1).copied().collect::<Vec<_>>();
        let space: Vec<Option<usize>> = (0..shape.len()).map(Some).collect();
        return (units(&d) == units(shape)).then(|| carry(&space, shape, &d));
    }
    d.iter()
        .zip(shape)
        .enumerate()
        .map(|(k, (&a, &b))| match (a == b, a == 1) {
            (true, _) if b != 1 => Some(Some(k)),
            (_, true) => Some(None),
            _ => None,
        })
        .collect()
}

/// The map of a kernel input that is, outside the kernel, a broadcast along the rows of a value
/// that varies along the columns only (a weight) or not at all: it is then read once, from its
/// first row, as that value (the broadcast is an access pattern, not data).
fn broadcast_along_rows(
    m: &Module,
    w: ValueId,
    shape: &[u64],
    reduced: &[usize],
) -> Option<Vec<Option<usize>>> {
    let op = m.defining_op(w)?;
    let o = m.op(op);
    if &*o.name != "stablehlo.broadcast_in_dim" || dims(m, w) != shape {
        return None;
    }
    let bd = o.attr("broadcast_dimensions").and_then(int_list)?;
    let xd = dims(m, o.operands[0]);
    let varies: Vec<usize> = bd
        .iter()
        .zip(&xd)
        .filter(|(_, &n)| n != 1)
        .map(|(&d, _)| d as usize)
        .collect();
    if !varies.iter().all(|k| reduced.contains(k)) {
        return None;
    }
    Some(
        (0..shape.len())
            .map(|k| (varies.contains(&k) && shape[k] != 1).then_some(k))
            .collect(),
    )
}

type Map = Vec<Option<usize>>;

/// What one round of inference found.
enum Inferred {
    Nothing,
    Learned,
    /// A value two broadcasts place differently: one input read along different dimensions,
    /// which one tile of it cannot serve; the second broadcast.
    Conflict(ValueId, egfuse_ir::OpId),
}

/// One round of inference through reduces, broadcasts, reshapes and elementwise ops (the first
/// map found for a value holds; `broadcast` holds the values a broadcast placed).
fn infer(
    m: &Module,
    scope: &Scope,
    values: &[ValueId],
    maps: &mut FxHashMap<ValueId, Map>,
    broadcast: &mut FxHashSet<ValueId>,
) -> Inferred {
    let mut learned = Inferred::Nothing;
    for &v in values {
        let Some(op) = m.defining_op(v).filter(|o| scope.inside.contains(o)) else {
            continue;
        };
        let from_broadcast = &*m.op(op).name == "stablehlo.broadcast_in_dim";
        for (y, map) in neighbours(m, op, v, maps) {
            match maps.get(&y) {
                None => {
                    maps.insert(y, map);
                    if from_broadcast {
                        broadcast.insert(y);
                    }
                    learned = Inferred::Learned;
                }
                Some(old) if from_broadcast && broadcast.contains(&y) && !same_place(old, &map) => {
                    return Inferred::Conflict(y, op);
                }
                Some(_) => {}
            }
        }
    }
    learned
}

/// Whether two maps place a value along the same dimensions of the space.
fn same_place(a: &Map, b: &Map) -> bool {
    let along = |m: &Map| m.iter().flatten().copied().collect::<Vec<usize>>();
    along(a) == along(b)
}

/// The maps that op `op` (defining `v`) gives its result or its operands from those known.
fn neighbours(
    m: &Module,
    op: egfuse_ir::OpId,
    v: ValueId,
    maps: &FxHashMap<ValueId, Map>,
) -> Vec<(ValueId, Map)> {
    let o = m.op(op);
    let Some(&x) = o.operands.first() else {
        return vec![];
    };
    let (vd, xd) = (dims(m, v), dims(m, x));
    let ints = |name: &str| o.attr(name).and_then(int_list).unwrap_or_default();
    let name = if only_reshapes(m, op) {
        "stablehlo.reshape"
    } else {
        o.name.as_ref()
    };
    match name {
        "stablehlo.reduce" => maps.get(&x).map_or(vec![], |mx| {
            let dropped = ints("dimensions");
            let kept = mx
                .iter()
                .enumerate()
                .filter(|(k, _)| !dropped.contains(&(*k as i64)))
                .map(|(_, t)| *t);
            vec![(v, kept.collect())]
        }),
        "stablehlo.broadcast_in_dim" => maps.get(&v).map_or(vec![], |mv| {
            let bd = ints("broadcast_dimensions");
            let mx = bd.iter().zip(&xd).map(|(&d, &n)| {
                if n == 1 {
                    None
                } else {
                    mv.get(d as usize).copied().flatten()
                }
            });
            vec![(x, mx.collect())]
        }),
        "stablehlo.reshape" => {
            let units = |d: &[u64]| d.iter().filter(|&&n| n != 1).copied().collect::<Vec<_>>();
            match (units(&vd) == units(&xd), maps.get(&v), maps.get(&x)) {
                (false, _, _) => vec![],
                (true, Some(mv), _) => vec![(x, carry(mv, &vd, &xd))],
                (true, None, Some(mx)) => vec![(v, carry(mx, &xd, &vd))],
                _ => vec![],
            }
        }
        _ if o.operands.iter().all(|&y| dims(m, y) == vd) => {
            let all = || std::iter::once(v).chain(o.operands.iter().copied());
            all()
                .find_map(|y| maps.get(&y).cloned())
                .map_or(vec![], |map| all().map(|y| (y, map.clone())).collect())
        }
        _ => vec![],
    }
}

/// `from`'s map moved to `to`'s shape: the non-unit dimensions in order.
fn carry(map: &[Option<usize>], from: &[u64], to: &[u64]) -> Vec<Option<usize>> {
    let mut targets = from
        .iter()
        .zip(map)
        .filter(|(&n, _)| n != 1)
        .map(|(_, t)| *t);
    to.iter()
        .map(|&n| {
            if n == 1 {
                None
            } else {
                targets.next().flatten()
            }
        })
        .collect()
}

fn unplaced(m: &Module, v: ValueId, shape: &[u64], why: &str) -> Diag {
    let span = m
        .defining_op(v)
        .map_or(egfuse_diag::Span::NONE, |o| m.op(o).span);
    let mut ty = String::new();
    egfuse_ir::print::attr::write_type(&mut ty, m.ty(v));
    Diag::new(
        "lower::layout",
        span,
        format!("a value of type {ty} has no place in the kernel's space {shape:?}"),
    )
    .with_label(why.to_string())
}
