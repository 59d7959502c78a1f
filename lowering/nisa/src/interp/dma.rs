//! The DMA: elements moved in view order between memories, a row of an indirect side at an
//! offset read from chip, a read-modify-write that adds (NKI's `dst_rmw_op`), and the rows of
//! an indirect destination that leave it skipped (NKI's `oob_mode=skip`).

use super::{Machine, R};
use crate::math::{alu, store};
use crate::spec::{Alu, Arg};
use crate::{Affine, Ap, Dtype, Inst};

/// An element of an indirect DMA's row that `oob_skip` skips.
const SKIPPED: usize = usize::MAX;

impl Machine<'_> {
    /// A DMA moves elements in view order, converting through fp32 when the dtypes differ.
    /// With `dst_rmw_op` it adds each element to what the destination holds (in fp32, or
    /// exactly on integers); with `oob_skip`, an indirect destination's rows that leave it are
    /// skipped.
    pub(super) fn dma(&mut self, i: &Inst, src: &str, transpose: bool) -> R<()> {
        let mut x = match i.arg("vector_offset") {
            Some(Arg::Ap(_)) => {
                let buf = i.ap(src).expect("verified").buf;
                let rows = self.indirect_rows(i, src, "vector_offset")?;
                let data = &self.mem[buf.0 as usize];
                let values = rows.iter().map(|&n| data[n]).collect();
                self.touched(buf, false, rows);
                values
            }
            _ => self.read(i, src)?,
        };
        let same = self.dtype(i, src) == self.dtype(i, "dst");
        if !same {
            x.iter_mut().for_each(|v| *v = store(Dtype::F32, *v));
        }
        if transpose {
            let a = i.ap(src).expect("verified");
            let (r, c) = (
                a.dims[0].1 as usize,
                a.dims.get(1).map_or(1, |d| d.1 as usize),
            );
            x = (0..r * c).map(|n| x[(n % r) * c + n / r]).collect();
        }
        let ap = i.ap("dst").expect("verified");
        let mut at = match i.arg("dst_vector_offset") {
            Some(Arg::Ap(_)) => self.indirect_rows(i, "dst", "dst_vector_offset")?,
            _ => self.indices(ap)?,
        };
        if matches!(i.arg("oob_skip"), Some(Arg::Flag(true))) {
            x = (x.into_iter().zip(&at))
                .filter(|(_, &n)| n != SKIPPED)
                .map(|(v, _)| v)
                .collect();
            at.retain(|&n| n != SKIPPED);
        }
        let dtype = self.k.buffer(ap.buf).dtype;
        let rmw = i.arg("dst_rmw_op").is_some();
        if rmw {
            self.touched(ap.buf, false, at.clone());
        }
        let data = &mut self.mem[ap.buf.0 as usize];
        if same && !rmw {
            // Values of the destination's own dtype store as they are.
            for (&n, v) in at.iter().zip(x) {
                data[n] = v;
            }
        } else {
            for (&n, v) in at.iter().zip(x) {
                let v = if rmw {
                    alu(Alu::Add, data[n], v, dtype.is_int())
                } else {
                    v
                };
                data[n] = store(dtype, v);
            }
        }
        self.touched(ap.buf, true, at);
        Ok(())
    }

    /// The elements of an indirect DMA's side `side` in order: the first pair of its view
    /// indexed by the values of `offsets` (row `r` at `offset + offsets[r] * stride`, a gather's
    /// source or a scatter's destination), the other pairs as they are. With `oob_skip`, a row
    /// that leaves the buffer is [`SKIPPED`] element for element instead of an error.
    fn indirect_rows(&self, i: &Inst, side: &str, offsets: &str) -> R<Vec<usize>> {
        let ap = i.ap(side).expect("verified");
        let rows = self.read(i, offsets)?;
        let skip = matches!(i.arg("oob_skip"), Some(Arg::Flag(true)));
        let (stride, count) = ap.dims[0];
        let mut out = Vec::with_capacity(ap.elements() as usize);
        for &r in rows.iter().take(count as usize) {
            let row = Ap {
                buf: ap.buf,
                offset: Affine {
                    base: ap
                        .offset
                        .base
                        .saturating_add((r as i64).saturating_mul(stride)),
                    terms: ap.offset.terms.clone(),
                },
                dims: ap.dims[1..].to_vec(),
                span: ap.span,
            };
            match self.indices(&row) {
                Ok(ix) => out.extend(ix),
                Err(_) if skip => out.extend(std::iter::repeat_n(SKIPPED, row.elements() as usize)),
                Err(d) => return Err(d),
            }
        }
        Ok(out)
    }
}
