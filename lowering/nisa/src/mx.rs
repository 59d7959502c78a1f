//! The MX block geometry and scale rule of NeuronCore-v4's `quantize_mx` and `nc_matmul_mx`
//! (003 §4; lowering-anchors §1, §3.4, §6), which the verifier, the interpreter and the lowering
//! all read from here.
//!
//! A block of 32 elements is 8 partitions × 4 consecutive free elements: one x4-packed element
//! on each of 8 partitions (nkilib's `_q_height = 8`, `_q_width = 4`). egfuse's tiles hold the
//! packed elements unpacked, four free elements to a packed one, which are the same bytes. The
//! data's partitions are 32, 64, 96 or 128; each SBUF quadrant of 32 partitions holds 4 blocks
//! down, and their 4 scales sit on 4 partitions of the same quadrant, from an offset of 0, 4, 8
//! or 12 (`ALLOWED_P_SCALE_IDX_OFFSETS`): the other 28 are free for other tensors' scales.

use crate::spec::Opcode;
use crate::Dtype;

/// The partitions of one block (nkilib's `_q_height`).
pub const BLOCK_PARTITIONS: u64 = 8;
/// The free elements of one block on each partition: the x4 packing (`_q_width`).
pub const BLOCK_WIDTH: u64 = 4;
/// The elements of one block: OCP MX's k.
pub const BLOCK: u64 = BLOCK_PARTITIONS * BLOCK_WIDTH;
/// The partitions of an SBUF quadrant.
pub const QUADRANT: u64 = 32;
/// The scale partitions each quadrant holds: one per block down it.
pub const SCALE_ROWS: u64 = QUADRANT / BLOCK_PARTITIONS;
/// Where in its quadrant a scale view may start.
pub const SCALE_OFFSETS: [u64; 4] = [0, 4, 8, 12];
/// The data partition counts the MX ops take (`ALLOWED_QMX_P_DIM`).
pub const PARTITIONS: [u64; 4] = [32, 64, 96, 128];

/// The scale view's partition, from its first, that holds the scales of the `group`-th block
/// down the data: the quadrant's rows first, then the next quadrant's.
pub fn scale_row(group: u64) -> u64 {
    QUADRANT * (group / SCALE_ROWS) + group % SCALE_ROWS
}

/// Whether the parameter `name` of `op` is a scale view, which the MX ops place by quadrant
/// rather than by NKI's rule of where a view starts.
pub fn is_scale_param(op: Opcode, name: &str) -> bool {
    matches!(op, Opcode::QuantizeMx | Opcode::NcMatmulMx) && name.ends_with("scale")
}

/// The partitions a scale view spans for data of `partitions` partitions: from its first row to
/// its last (4 for 32 data partitions, NKI's `[P // 8, F // 4]`; 100 for 128).
pub fn scale_partitions(partitions: u64) -> u64 {
    scale_row((partitions / BLOCK_PARTITIONS).max(1) - 1) + 1
}

/// The element types the MX ops hold data in, with the exponent of each one's largest normal
/// power of two (`emax`: E4M3FN's 448 is 1.75 × 2^8).
pub fn element_emax(d: Dtype) -> Option<i32> {
    match d {
        Dtype::F8E4M3FN => Some(8),
        Dtype::F8E5M2 => Some(15),
        Dtype::F4E2M1FN => Some(2),
        _ => None,
    }
}

/// The types a scale view holds: E8M0, or its biased exponent as `uint8` (NKI accepts both).
pub fn is_scale(d: Dtype) -> bool {
    matches!(d, Dtype::F8E8M0FNU | Dtype::U8)
}

/// NKI's shared scale of a block whose largest magnitude is `amax`, as a power of two's
/// exponent: `floor(log2(amax)) - (emax - 1)`, twice OCP's sample rule so that the largest
/// values round without saturating; -127 (E8M0's smallest) for an all-zero block. NKI says
/// nothing of infinities and NaN: a block holding one gets E8M0's NaN, as OCP's reference does.
pub fn nki_exponent(amax: f64, emax: i32) -> Option<i32> {
    if !amax.is_finite() {
        return None;
    }
    if amax == 0.0 {
        return Some(-127);
    }
    let floor_log2 = ((amax.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    Some((floor_log2 - (emax - 1)).clamp(-127, 127))
}

/// A scale as the value its view stores: `2^e` in E8M0, the biased exponent `e + 127` in
/// `uint8`; NaN as E8M0's NaN or 255.
pub fn store_scale(d: Dtype, exponent: Option<i32>) -> f64 {
    match (d, exponent) {
        (Dtype::U8, Some(e)) => f64::from(e + 127),
        (Dtype::U8, None) => 255.0,
        (_, Some(e)) => 2f64.powi(e),
        (_, None) => f64::NAN,
    }
}

/// The factor a stored scale stands for.
pub fn scale_value(d: Dtype, stored: f64) -> f64 {
    match d {
        Dtype::U8 if stored == 255.0 => f64::NAN,
        Dtype::U8 => 2f64.powi(stored as i32 - 127),
        _ => stored,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 003 §4: the scales of the 16 blocks down 128 partitions sit on rows 0-3 of each quadrant;
    /// a scale view spans 4 partitions for 32 data partitions and 100 for 128.
    #[test]
    fn scales_sit_in_the_first_four_rows_of_their_quadrant() {
        let rows: Vec<u64> = (0..16).map(scale_row).collect();
        assert_eq!(
            rows,
            [0, 1, 2, 3, 32, 33, 34, 35, 64, 65, 66, 67, 96, 97, 98, 99]
        );
        let spans: Vec<u64> = PARTITIONS.iter().map(|&p| scale_partitions(p)).collect();
        assert_eq!(spans, [4, 36, 68, 100]);
        assert_eq!(BLOCK, 32);
    }

    /// lowering-anchors §6: at amax = 448, OCP's rule gives exponent 0, NKI's 1 (E4M3FN); an
    /// all-zero block gets 2^-127; a NaN or infinity, E8M0's NaN.
    #[test]
    fn the_nki_scale_is_twice_ocps() {
        assert_eq!(nki_exponent(448.0, 8), Some(1));
        assert_eq!(nki_exponent(255.9, 8), Some(0));
        assert_eq!(nki_exponent(256.0, 8), Some(1));
        assert_eq!(nki_exponent(1.0, 15), Some(-14));
        assert_eq!(nki_exponent(0.0, 8), Some(-127));
        assert_eq!(nki_exponent(1e-300, 8), Some(-127));
        assert_eq!(nki_exponent(f64::INFINITY, 8), None);
        assert_eq!(store_scale(Dtype::U8, Some(1)), 128.0);
        assert_eq!(scale_value(Dtype::U8, 128.0), 2.0);
        assert!(scale_value(Dtype::F8E8M0FNU, store_scale(Dtype::F8E8M0FNU, None)).is_nan());
    }
}
