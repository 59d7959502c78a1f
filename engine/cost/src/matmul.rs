//! The batch, M, N and K extents of contractions (`dot`, `dot_general`, convolutions), read
//! from their operand types and dimension numbers without allocating.

use egfuse_ir::{Attr, Dim};

/// A contraction as TensorE sees it: `batch` products of an M×K and a K×N matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatmulDims {
    pub batch: u64,
    pub m: u64,
    pub n: u64,
    pub k: u64,
}

fn extent(d: Dim, dynamic: u64) -> u64 {
    if d < 0 {
        dynamic
    } else {
        d as u64
    }
}

/// The product of the extents of the dimensions `keep` selects.
fn product(dims: &[Dim], dynamic: u64, keep: impl Fn(usize) -> bool) -> u64 {
    dims.iter()
        .enumerate()
        .filter(|(i, _)| keep(*i))
        .fold(1u64, |n, (_, &d)| n.saturating_mul(extent(d, dynamic)))
}

/// `dot`: operands of rank 1 or 2; K is the last dimension of `lhs`.
pub fn dot_dims(lhs: &[Dim], rhs: &[Dim], dynamic: u64) -> Option<MatmulDims> {
    let k = extent(*lhs.last()?, dynamic);
    let m = if lhs.len() == 2 {
        extent(lhs[0], dynamic)
    } else {
        1
    };
    let n = if rhs.len() == 2 {
        extent(rhs[1], dynamic)
    } else {
        1
    };
    Some(MatmulDims { batch: 1, m, n, k })
}

/// `dot_general` by its `#stablehlo.dot<...>` dimension numbers. Without them (an op a rewrite
/// made with no attributes yet) the layout is taken to be the canonical `...mk,...kn`: leading
/// batch dimensions shared by both operands, K last in `lhs` and first after the batch
/// dimensions in `rhs`.
pub fn dot_general_dims(
    numbers: Option<&Attr>,
    lhs: &[Dim],
    rhs: &[Dim],
    dynamic: u64,
) -> Option<MatmulDims> {
    let Some(a @ Attr::Struct { .. }) = numbers else {
        return canonical_dims(lhs, rhs, dynamic);
    };
    let (lb, lc) = (
        a.field("lhs_batching_dimensions"),
        a.field("lhs_contracting_dimensions"),
    );
    let (rb, rc) = (
        a.field("rhs_batching_dimensions"),
        a.field("rhs_contracting_dimensions"),
    );
    Some(MatmulDims {
        batch: product(lhs, dynamic, |i| listed(lb, i)),
        k: product(lhs, dynamic, |i| listed(lc, i)),
        m: product(lhs, dynamic, |i| !listed(lb, i) && !listed(lc, i)),
        n: product(rhs, dynamic, |i| !listed(rb, i) && !listed(rc, i)),
    })
}

fn canonical_dims(lhs: &[Dim], rhs: &[Dim], dynamic: u64) -> Option<MatmulDims> {
    let last = lhs.len().checked_sub(1)?;
    let batch = lhs.len().min(rhs.len()).saturating_sub(2);
    Some(MatmulDims {
        batch: product(lhs, dynamic, |i| i < batch),
        k: extent(lhs[last], dynamic),
        m: product(lhs, dynamic, |i| i >= batch && i < last),
        n: product(rhs, dynamic, |i| i > batch),
    })
}

/// Whether dimension `i` is in a dimension list (`[0, 1]` or `array<i64: 0, 1>`).
fn listed(list: Option<&Attr>, i: usize) -> bool {
    match list {
        Some(Attr::Array(items)) => items.iter().any(|a| a.as_int() == Some(i as i128)),
        Some(a) => a.as_i64_array().is_some_and(|v| v.contains(&(i as i64))),
        None => false,
    }
}

/// A convolution as a matmul: M is the output positions (batch and spatial), N the output
/// features, K the kernel's elements per output feature (input features per group times the
/// window). The kernel's output-feature dimension comes from the dimension numbers, in either
/// spelling; without them it is the last (JAX's `HWIO`).
pub fn conv_dims(
    numbers: Option<&Attr>,
    kernel: &[Dim],
    out: &[Dim],
    dynamic: u64,
) -> Option<MatmulDims> {
    let o = kernel_output_dim(numbers).unwrap_or(kernel.len().checked_sub(1)?);
    let features = extent(*kernel.get(o)?, dynamic).max(1);
    let all = |_| true;
    Some(MatmulDims {
        batch: 1,
        m: product(out, dynamic, all) / features,
        n: features,
        k: product(kernel, dynamic, all) / features,
    })
}

fn kernel_output_dim(numbers: Option<&Attr>) -> Option<usize> {
    match numbers? {
        s @ Attr::Struct { .. } => {
            usize::try_from(s.field("kernel_output_feature_dimension")?.as_int()?).ok()
        }
        Attr::Opaque { body: Some(b), .. } => {
            let (_, rest) = b.split_once('x')?;
            let (kernel, _) = rest.split_once("->")?;
            let kernel = kernel.trim().strip_prefix('[')?.strip_suffix(']')?;
            kernel.split(',').position(|d| d.trim() == "o")
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{canonical_dims, conv_dims, dot_dims, MatmulDims};
    use egfuse_ir::Attr;

    fn dims(batch: u64, m: u64, n: u64, k: u64) -> Option<MatmulDims> {
        Some(MatmulDims { batch, m, n, k })
    }

    #[test]
    fn canonical_layouts_without_dimension_numbers() {
        assert_eq!(
            canonical_dims(&[4, 8, 16], &[4, 16, 32], 1),
            dims(4, 8, 32, 16)
        );
        assert_eq!(canonical_dims(&[8, 16], &[16, 32], 1), dims(1, 8, 32, 16));
        assert_eq!(
            canonical_dims(&[2, 8, 16], &[16, 32], 1),
            dims(1, 16, 32, 16)
        );
        assert_eq!(canonical_dims(&[16], &[16, 32], 1), dims(1, 1, 32, 16));
        assert_eq!(canonical_dims(&[-1, 16], &[16, 32], 7), dims(1, 7, 32, 16));
        assert_eq!(canonical_dims(&[], &[16], 1), None);
        assert_eq!(dot_dims(&[8, 16], &[16], 1), dims(1, 8, 1, 16));
    }

    #[test]
    fn convolution_output_feature_from_either_spelling() {
        let opaque = Attr::Opaque {
            name: "stablehlo.conv".into(),
            body: Some("[b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f]".into()),
        };
        // Kernel OIHW 64x3x3x3, output NHWC 1x8x8x64: 64 positions, K = 27.
        assert_eq!(
            conv_dims(Some(&opaque), &[64, 3, 3, 3], &[1, 8, 8, 64], 1),
            dims(1, 64, 64, 27)
        );
        assert_eq!(
            conv_dims(None, &[3, 3, 3, 64], &[1, 8, 8, 64], 1),
            dims(1, 64, 64, 27)
        );
    }
}
