//! A convolution's dimension numbers and window attributes, read from either spelling of
//! them: `dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` (the pretty form, kept as an
//! opaque attribute) or `#stablehlo.conv<raw input_batch_dimension = 0, ...>`. The interpreter
//! runs convolutions by them and the lowering tiles them as matmuls.

use crate::{ArrayItems, Attr, DenseBody, DenseElem, Operation};

/// Which operand dimension plays which role.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConvDims {
    pub lhs_batch: usize,
    pub lhs_feature: usize,
    pub lhs_spatial: Vec<usize>,
    pub rhs_in: usize,
    pub rhs_out: usize,
    pub rhs_spatial: Vec<usize>,
    pub out_batch: usize,
    pub out_feature: usize,
    pub out_spatial: Vec<usize>,
}

impl ConvDims {
    /// The dimension numbers of `o`, a `convolution` or `dynamic_conv`.
    pub fn of(o: &Operation) -> Result<ConvDims, String> {
        match o.attr("dimension_numbers") {
            Some(Attr::Opaque { body: Some(b), .. }) => parse_layout(b),
            Some(s @ Attr::Struct { .. }) => struct_layout(s),
            _ => Err("convolution without dimension_numbers".to_string()),
        }
    }

    /// The lhs's dimensions in `[batch, feature, spatial...]` order.
    pub fn lhs_perm(&self) -> Vec<usize> {
        let mut p = vec![self.lhs_batch, self.lhs_feature];
        p.extend(&self.lhs_spatial);
        p
    }

    /// The rhs's dimensions in `[output feature, input feature, spatial...]` order.
    pub fn rhs_perm(&self) -> Vec<usize> {
        let mut p = vec![self.rhs_out, self.rhs_in];
        p.extend(&self.rhs_spatial);
        p
    }
}

/// Parses `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`.
fn parse_layout(text: &str) -> Result<ConvDims, String> {
    let bad = || format!("cannot read convolution dimension numbers `{text}`");
    let (lhs, rest) = text.split_once('x').ok_or_else(bad)?;
    let (rhs, out) = rest.split_once("->").ok_or_else(bad)?;
    let (lb, lf, ls) = parse_part(lhs, ('b', 'f')).ok_or_else(bad)?;
    let (ri, ro, rs) = parse_part(rhs, ('i', 'o')).ok_or_else(bad)?;
    let (ob, of, os) = parse_part(out, ('b', 'f')).ok_or_else(bad)?;
    if ls.len() != rs.len() || ls.len() != os.len() {
        return Err(bad());
    }
    Ok(ConvDims {
        lhs_batch: lb,
        lhs_feature: lf,
        lhs_spatial: ls,
        rhs_in: ri,
        rhs_out: ro,
        rhs_spatial: rs,
        out_batch: ob,
        out_feature: of,
        out_spatial: os,
    })
}

/// One bracketed part: the positions of the two letters and of spatial dims 0, 1, ....
fn parse_part(text: &str, letters: (char, char)) -> Option<(usize, usize, Vec<usize>)> {
    let body = text.trim().strip_prefix('[')?.strip_suffix(']')?;
    let items: Vec<&str> = body.split(',').map(str::trim).collect();
    let find = |c: char| items.iter().position(|s| *s == c.to_string());
    let (a, b) = (find(letters.0)?, find(letters.1)?);
    let mut spatial = vec![usize::MAX; items.len().checked_sub(2)?];
    for (pos, item) in items.iter().enumerate() {
        if let Ok(k) = item.parse::<usize>() {
            *spatial.get_mut(k)? = pos;
        }
    }
    spatial
        .iter()
        .all(|&p| p != usize::MAX)
        .then_some((a, b, spatial))
}

/// The `#stablehlo.conv<raw input_batch_dimension = 0, ...>` spelling.
fn struct_layout(s: &Attr) -> Result<ConvDims, String> {
    let one = |name: &str| -> Result<usize, String> {
        s.field(name)
            .and_then(|a| a.as_int())
            .map(|v| v as usize)
            .ok_or_else(|| format!("dimension_numbers lack {name}"))
    };
    let list = |name: &str| -> Result<Vec<usize>, String> {
        s.field(name)
            .and_then(|a| a.as_int_list())
            .map(|v| v.into_iter().map(|x| x as usize).collect())
            .ok_or_else(|| format!("dimension_numbers lack {name}"))
    };
    Ok(ConvDims {
        lhs_batch: one("input_batch_dimension")?,
        lhs_feature: one("input_feature_dimension")?,
        lhs_spatial: list("input_spatial_dimensions")?,
        rhs_in: one("kernel_input_feature_dimension")?,
        rhs_out: one("kernel_output_feature_dimension")?,
        rhs_spatial: list("kernel_spatial_dimensions")?,
        out_batch: one("output_batch_dimension")?,
        out_feature: one("output_feature_dimension")?,
        out_spatial: list("output_spatial_dimensions")?,
    })
}

/// The window attributes but the padding (an operand of `dynamic_conv`), one entry per
/// spatial dimension; an absent attribute is all ones (or no reversal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConvWindow {
    pub strides: Vec<i64>,
    pub lhs_dilation: Vec<i64>,
    pub rhs_dilation: Vec<i64>,
    pub reversal: Vec<bool>,
}

impl ConvWindow {
    /// The window of `o` over `n` spatial dimensions.
    pub fn of(o: &Operation, n: usize) -> Result<ConvWindow, String> {
        let ints = |name: &str| -> Result<Vec<i64>, String> {
            let v = match o.attr(name) {
                None => return Ok(vec![1; n]),
                Some(a) => a
                    .as_i64_array()
                    .map(<[i64]>::to_vec)
                    .ok_or_else(|| format!("{name} must be an array<i64>"))?,
            };
            if v.len() != n || v.iter().any(|&x| x < 1) {
                return Err(format!("{name} must hold {n} positive values, got {v:?}"));
            }
            Ok(v)
        };
        let reversal = match o.attr("window_reversal") {
            None => vec![false; n],
            Some(Attr::DenseArray {
                items: ArrayItems::Int(v),
                ..
            }) if v.len() == n => v.iter().map(|&b| b != 0).collect(),
            Some(_) => return Err(format!("window_reversal must hold {n} booleans")),
        };
        Ok(ConvWindow {
            strides: ints("window_strides")?,
            lhs_dilation: ints("lhs_dilation")?,
            rhs_dilation: ints("rhs_dilation")?,
            reversal,
        })
    }
}

/// Whether `o` pads nothing: no `padding` attribute, or one whose every value is 0 (a hex
/// blob is not read, and counts as padding).
pub fn pads_nothing(o: &Operation) -> bool {
    padding_values(o).is_some_and(|v| v.iter().all(|&p| p == 0))
}

/// The `(low, high)` padding of each of `n` spatial dimensions of `o`: zeros when absent (or
/// empty), every edge alike for a splat; `None` when it cannot be read (a hex blob) or does not
/// hold `n` pairs.
pub fn padding(o: &Operation, n: usize) -> Option<Vec<(i64, i64)>> {
    let values = padding_values(o)?;
    match values.len() {
        0 => Some(vec![(0, 0); n]),
        1 => Some(vec![(values[0], values[0]); n]),
        k if k == 2 * n => Some(values.chunks(2).map(|p| (p[0], p[1])).collect()),
        _ => None,
    }
}

/// The values of `o`'s `padding` in order (none when it is absent); `None` for a hex blob.
fn padding_values(o: &Operation) -> Option<Vec<i64>> {
    fn flat(e: &DenseElem, out: &mut Vec<i64>) -> Option<()> {
        match e {
            DenseElem::Scalar(s) => out.push(s.trim().parse().ok()?),
            DenseElem::List(items) => items.iter().try_for_each(|i| flat(i, out))?,
            DenseElem::Complex(..) => return None,
        }
        Some(())
    }
    let mut values = Vec::new();
    match o.attr("padding") {
        None
        | Some(Attr::Dense {
            body: DenseBody::Empty,
            ..
        }) => {}
        Some(Attr::Dense {
            body: DenseBody::Elems(e),
            ..
        }) => flat(e, &mut values)?,
        Some(_) => return None,
    }
    Some(values)
}
