//! The access patterns of the tile pass: where each class of value lives on chip in a layout,
//! how an instruction of one class reads a value of another (a broadcast is a stride of 0), and
//! which HBM elements a tile loads or stores; and which layout a kernel takes.

use super::chunk::Chunk;
use super::{Physical, Source, Tile, P};
use crate::layout::Class;
use crate::rules::{Layout, Rules};
use crate::select::LArg;
use egfuse_diag::Span;
use egfuse_nisa::mx::BLOCK_WIDTH;
use egfuse_nisa::spec::{Alu, Opcode};
use egfuse_nisa::{Affine, Ap, BufId};

/// Which columns of the `columns` layout partition `p` holds, its `c1` of them in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// The run `p c1 .. p c1 + c1` (rmsnorm_tkg's `[H0, H1]`).
    Blocked,
    /// Lanes `4 p .. 4 p + 4` of each chunk of 512 columns: the x4 layout `quantize_mx` reads
    /// (nkilib's swizzle, `egfuse_nisa::mx`), for a kernel that quantizes a value it computes.
    Swizzled,
}

impl Physical {
    /// The kind's layout where its space allows it, else rows; `stated` rows a tile of `columns`.
    /// A kernel that quantizes its output (`quantize`) has its columns swizzled, whole chunks of
    /// 512 of them.
    pub(crate) fn of(src: &Source, rules: &Rules, stated: Option<u64>) -> Physical {
        let (space, insts) = (src.space, src.insts);
        let order = match src.quantize {
            Some(_) => Order::Swizzled,
            None => Order::Blocked,
        };
        let whole = match order {
            Order::Blocked => 128,
            Order::Swizzled => crate::mx_layout::CHUNK,
        };
        let sums_only = insts
            .iter()
            .filter(|s| s.op == Opcode::TensorReduce)
            .all(|s| s.args.get(1) == Some(&Some(LArg::Alu(Alu::Add))));
        match rules.layout(&src.kind) {
            Some(l)
                if l.layout == Layout::Columns
                    && space.strided.is_none()
                    && !space.has_edges()
                    && space.cols.is_multiple_of(whole)
                    && space.cols > 0
                    && sums_only =>
            {
                Physical::Columns {
                    c1: space.cols / 128,
                    tile: stated.unwrap_or(512),
                    order,
                }
            }
            _ => Physical::Rows {
                cols: space.cols.max(1),
            },
        }
    }

    /// The on-chip shape of a value of class `c`.
    pub(crate) fn shape(self, c: Class) -> Vec<u64> {
        match (self, c) {
            (Physical::Rows { cols }, Class::Full | Class::Col) => vec![P, cols],
            (Physical::Rows { .. }, _) => vec![P, 1],
            (Physical::Columns { c1, tile, .. }, Class::Full) => vec![P, tile, c1],
            (Physical::Columns { tile, .. }, Class::Row) => vec![P, tile],
            (Physical::Columns { c1, .. }, Class::Col) => vec![P, c1],
            (Physical::Columns { .. }, Class::Scalar) => vec![P, 1],
        }
    }

    /// The view of a buffer holding a value of class `of`, read at an instruction of class `at`.
    pub(crate) fn view(self, buf: BufId, of: Class, at: Class, tile: &Tile) -> Ap {
        let dims: Vec<(i64, u64)> = match self {
            Physical::Rows { cols } => {
                let c = cols as i64;
                let p = if varies_by_row(at) { tile.size } else { P };
                let free = if matches!(at, Class::Full | Class::Col) {
                    cols
                } else {
                    1
                };
                match of {
                    Class::Full | Class::Col => vec![(c, p), (1, free)],
                    _ => vec![(1, p), (0, free)],
                }
            }
            Physical::Columns { c1, tile: t, .. } => {
                let (c1i, ti, rows) = (c1 as i64, t as i64, tile.size);
                let rows_at = if varies_by_row(at) { rows } else { 1 };
                let part = match of {
                    Class::Full => ti * c1i,
                    Class::Row => ti,
                    Class::Col => c1i,
                    Class::Scalar => 1,
                };
                let row_stride = match of {
                    Class::Full => c1i,
                    Class::Row => 1,
                    _ => 0,
                };
                let col_stride = if matches!(of, Class::Full | Class::Col) {
                    1
                } else {
                    0
                };
                match at {
                    Class::Full => vec![(part, P), (row_stride, rows), (col_stride, c1)],
                    Class::Row => vec![(part, P), (row_stride, rows)],
                    Class::Col => vec![(part, P), (col_stride, c1)],
                    Class::Scalar => vec![(part, P), (0, rows_at)],
                }
            }
        };
        Ap {
            buf,
            offset: Affine::constant(0),
            dims,
            span: Span::NONE,
        }
    }

    /// The HBM view of a tile of a value of class `c` held in `buf`, as loads and stores need;
    /// in a column chunk, of the chunk's columns of it.
    pub(crate) fn hbm_view(
        self,
        buf: BufId,
        c: Class,
        tile: &Tile,
        store: bool,
        chunk: Option<&Chunk>,
    ) -> Ap {
        let scaled = |k: i64| tile.start.scaled(k);
        let (dims, offset): (Vec<(i64, u64)>, Affine) = match self {
            Physical::Rows { cols } => {
                // A row's length in HBM: the whole row, of which a chunk is `cols` columns.
                let c_ = chunk.map_or(cols, |k| k.stride) as i64;
                match c {
                    Class::Full => (
                        vec![(c_, tile.size), (1, cols)],
                        Chunk::shift(chunk, scaled(c_)),
                    ),
                    Class::Row => (vec![(1, tile.size), (1, 1)], scaled(1)),
                    Class::Col => (
                        vec![
                            (if store { c_ } else { 0 }, if store { 1 } else { P }),
                            (1, cols),
                        ],
                        Chunk::shift(chunk, Affine::constant(0)),
                    ),
                    Class::Scalar => (
                        vec![(0, if store { 1 } else { P }), (1, 1)],
                        Affine::constant(0),
                    ),
                }
            }
            Physical::Columns { c1, order, .. } => {
                let cols = (c1 * P) as i64;
                let (partition, lanes) = order.columns(c1);
                let along = |first: Vec<(i64, u64)>| [first, lanes.clone()].concat();
                match c {
                    Class::Full => (along(vec![(partition, P), (cols, tile.size)]), scaled(cols)),
                    Class::Row if store => (vec![(tile.size as i64, 1), (1, tile.size)], scaled(1)),
                    Class::Row => (vec![(0, P), (1, tile.size)], scaled(1)),
                    Class::Col => (along(vec![(partition, P)]), Affine::constant(0)),
                    Class::Scalar => (
                        vec![(0, if store { 1 } else { P }), (1, 1)],
                        Affine::constant(0),
                    ),
                }
            }
        };
        Ap {
            buf,
            offset,
            dims,
            span: Span::NONE,
        }
    }
}

impl Order {
    /// The HBM stride from one partition's columns to the next, and the runs of `c1` columns
    /// one partition holds, in its on-chip order.
    fn columns(self, c1: u64) -> (i64, Vec<(i64, u64)>) {
        match self {
            Order::Blocked => (c1 as i64, vec![(1, c1)]),
            Order::Swizzled => {
                let lanes = BLOCK_WIDTH;
                let chunk = (P * lanes) as i64;
                (lanes as i64, vec![(chunk, c1 / lanes), (1, lanes)])
            }
        }
    }
}

/// Whether values of this class differ from row to row (and so live in each tile).
pub fn varies_by_row(c: Class) -> bool {
    matches!(c, Class::Full | Class::Row)
}
