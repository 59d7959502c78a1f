//! The access patterns of the tile pass: where each class of value lives on chip in a layout,
//! how an instruction of one class reads a value of another (a broadcast is a stride of 0), and
//! which HBM elements a tile loads or stores.

use super::chunk::Chunk;
use super::{Physical, Tile, P};
use crate::layout::Class;
use egfuse_diag::Span;
use egfuse_nisa::{Affine, Ap, BufId};

impl Physical {
    /// The on-chip shape of a value of class `c`.
    pub(crate) fn shape(self, c: Class) -> Vec<u64> {
        match (self, c) {
            (Physical::Rows { cols }, Class::Full | Class::Col) => vec![P, cols],
            (Physical::Rows { .. }, _) => vec![P, 1],
            (Physical::Columns { c1, tile }, Class::Full) => vec![P, tile, c1],
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
            Physical::Columns { c1, tile: t } => {
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
            Physical::Columns { c1, .. } => {
                let cols = (c1 * P) as i64;
                match c {
                    Class::Full => (
                        vec![(c1 as i64, P), (cols, tile.size), (1, c1)],
                        scaled(cols),
                    ),
                    Class::Row if store => (vec![(tile.size as i64, 1), (1, tile.size)], scaled(1)),
                    Class::Row => (vec![(0, P), (1, tile.size)], scaled(1)),
                    Class::Col => (vec![(c1 as i64, P), (1, c1)], Affine::constant(0)),
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

/// Whether values of this class differ from row to row (and so live in each tile).
pub fn varies_by_row(c: Class) -> bool {
    matches!(c, Class::Full | Class::Row)
}
