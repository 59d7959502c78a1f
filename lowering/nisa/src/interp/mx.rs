//! What the MX ops compute (`crate::mx` states their geometry): `quantize_mx` gives each block of
//! 8 partitions × 4 elements NKI's shared scale and divides it into the element type;
//! `nc_matmul_mx` multiplies two such operands, each element by its block's scale, and sums in
//! fp32 as `nc_matmul` does.

use super::{Machine, R};
use crate::mx::{self, BLOCK_PARTITIONS, BLOCK_WIDTH};
use crate::Inst;

impl Machine<'_> {
    /// `quantize_mx(dst, src, dst_scale)`: per block, the exponent from its largest magnitude,
    /// the elements divided by its power of two and rounded to `dst`'s type (exact before the
    /// rounding: a division by a power of two), and the scale written to its quadrant's row.
    pub(super) fn quantize_mx(&mut self, i: &Inst) -> R<()> {
        let src = i.ap("src").expect("verified");
        let (p, f) = (src.partitions(), src.free_elements());
        let x = self.read(i, "src")?;
        let to = self.dtype(i, "dst").expect("verified");
        let scale_type = self.dtype(i, "dst_scale").expect("verified");
        let emax = mx::element_emax(to).expect("verified: an MX element type");
        let (groups, width) = (p / BLOCK_PARTITIONS, f / BLOCK_WIDTH);
        let mut out = vec![0.0; x.len()];
        let mut scales = Vec::with_capacity((groups * width) as usize);
        for g in 0..groups {
            for j in 0..width {
                let at = block(g, j, f);
                let amax = at.clone().fold(0f64, |m, n| m.max(x[n].abs()));
                let nan = at.clone().any(|n| x[n].is_nan());
                let e = if nan {
                    None
                } else {
                    mx::nki_exponent(amax, emax)
                };
                for n in at {
                    out[n] = e.map_or(f64::NAN, |e| x[n] / 2f64.powi(e));
                }
                scales.push(mx::store_scale(scale_type, e));
            }
        }
        self.write(i, "dst", &out)?;
        self.write_scales(i, "dst_scale", groups, &scales)
    }

    /// Writes one scale per block, `width` to a row of blocks, to the rows of `name` that hold
    /// them ([`mx::scale_row`]); the view's other partitions keep what they held.
    fn write_scales(&mut self, i: &Inst, name: &str, groups: u64, scales: &[f64]) -> R<()> {
        let ap = i.ap(name).expect("verified");
        let idx = self.indices(ap)?;
        let width = ap.free_elements() as usize;
        let dtype = self.k.buffer(ap.buf).dtype;
        let mut written = Vec::with_capacity(scales.len());
        for g in 0..groups {
            let row = mx::scale_row(g) as usize;
            for j in 0..width {
                let n = idx[row * width + j];
                self.mem[ap.buf.0 as usize][n] =
                    crate::math::store(dtype, scales[g as usize * width + j]);
                written.push(n);
            }
        }
        self.touched(ap.buf, true, written);
        Ok(())
    }

    /// The factor of every block of `name`'s scales: `[groups][width]`, read from their rows.
    fn read_scales(&self, i: &Inst, name: &str, groups: u64) -> R<Vec<f64>> {
        let ap = i.ap(name).expect("verified");
        let idx = self.indices(ap)?;
        let width = ap.free_elements() as usize;
        let (dtype, data) = (self.k.buffer(ap.buf).dtype, &self.mem[ap.buf.0 as usize]);
        let mut out = Vec::with_capacity(groups as usize * width);
        let mut read = Vec::with_capacity(out.capacity());
        for g in 0..groups {
            let row = mx::scale_row(g) as usize;
            for j in 0..width {
                let n = idx[row * width + j];
                out.push(mx::scale_value(dtype, data[n]));
                read.push(n);
            }
        }
        self.touched(ap.buf, false, read);
        Ok(out)
    }

    /// An MX operand as the values it stands for: each element times its block's scale, exact
    /// (a product by a power of two), as `[k][free]` with `k` = partitions × 4 and `free` the
    /// packed elements, ready for the product.
    fn mx_operand(&self, i: &Inst, data: &str, scale: &str) -> R<(Vec<f64>, usize)> {
        let ap = i.ap(data).expect("verified");
        let (p, f) = (ap.partitions(), ap.free_elements());
        let (groups, width) = (p / BLOCK_PARTITIONS, (f / BLOCK_WIDTH) as usize);
        let x = self.read(i, data)?;
        let s = self.read_scales(i, scale, groups)?;
        let k = (p * BLOCK_WIDTH) as usize;
        let mut out = vec![0.0; k * width];
        for (n, v) in x.iter().enumerate() {
            let (part, free) = (n / f as usize, n % f as usize);
            let (packed, lane) = (free / BLOCK_WIDTH as usize, free % BLOCK_WIDTH as usize);
            let group = part / BLOCK_PARTITIONS as usize;
            let row = part * BLOCK_WIDTH as usize + lane;
            out[row * width + packed] = v * s[group * width + packed];
        }
        Ok((out, width))
    }

    /// `dst[m, n] (+)= Σ_k stationary[k, m] · moving[k, n]` over the unpacked contraction, each
    /// element scaled by its block's factor, accumulated in fp32 in `k` order.
    pub(super) fn matmul_mx(&mut self, i: &Inst) -> R<()> {
        let (st, mm) = self.mx_operand(i, "stationary", "stationary_scale")?;
        let (mv, nn) = self.mx_operand(i, "moving", "moving_scale")?;
        let kk = st.len() / mm.max(1);
        self.product(i, &st, &mv, (kk, mm, nn))
    }
}

/// The flat indices, in a `[partitions][f]` view's order, of the block `j` along the free axis
/// of the `g`-th group of 8 partitions.
fn block(g: u64, j: u64, f: u64) -> impl Iterator<Item = usize> + Clone {
    let rows = g * BLOCK_PARTITIONS..(g + 1) * BLOCK_PARTITIONS;
    rows.flat_map(move |r| (0..BLOCK_WIDTH).map(move |c| (r * f + j * BLOCK_WIDTH + c) as usize))
}
