//! Decoding of literal attributes into tensors: every `dense<...>` spelling (splats, nested
//! lists, hex element bit patterns, quoted hex blobs, complex pairs, `dense<>`).

use super::bits::{byte_width, decode, Decoded};
use super::tensor::{Data, Elem, Tensor};
use egfuse_ir::parse::parse_int;
use egfuse_ir::{Attr, DenseBody, DenseElem, Type};
use num_complex::Complex64;

/// The tensor a `dense<...>` (or scalar) attribute denotes, with `elem` overriding the
/// attribute's own element type when the caller knows better (quantized constants).
pub fn tensor_of(attr: &Attr, elem_override: Option<&Elem>) -> Result<Tensor, String> {
    let (body, ty) = match attr {
        Attr::Dense { body, ty } => (body, ty),
        Attr::DenseResource { handle, .. } => {
            return Err(format!(
                "dense_resource<{handle}> blobs are not available to the interpreter"
            ))
        }
        other => {
            return Err(format!(
                "expected a dense elements attribute, got {other:?}"
            ))
        }
    };
    let Type::Tensor(tt) = ty else {
        return Err("a dense attribute must have a tensor type".to_string());
    };
    let dims = tt
        .dims
        .as_ref()
        .ok_or("a dense attribute must have a ranked type")?;
    let shape: Vec<usize> = dims.iter().map(|&d| d.max(0) as usize).collect();
    let elem = match elem_override {
        Some(e) => e.clone(),
        None => Elem::from_type(&tt.elem)?,
    };
    let count: usize = shape.iter().product();
    let data = match body {
        DenseBody::Empty if count == 0 => elem.empty_data(0),
        DenseBody::Empty => return Err(format!("dense<> has no elements, its type holds {count}")),
        DenseBody::Hex(hex) => hex_blob(hex, &elem, count)?,
        DenseBody::Elems(e) => {
            let mut flat = Vec::new();
            flatten(e, &mut flat);
            let data = scalars(&flat, &elem)?;
            if flat.len() == 1 && count != 1 {
                splat(&data, count)
            } else if flat.len() == count {
                data
            } else {
                return Err(format!(
                    "dense literal has {} elements, its type {count}",
                    flat.len()
                ));
            }
        }
    };
    Ok(Tensor::new(elem, shape, data))
}

fn flatten<'a>(e: &'a DenseElem, out: &mut Vec<&'a DenseElem>) {
    match e {
        DenseElem::List(items) => items.iter().for_each(|i| flatten(i, out)),
        leaf => out.push(leaf),
    }
}

fn splat(one: &Data, count: usize) -> Data {
    match one {
        Data::Float(v) => Data::Float(vec![v[0]; count]),
        Data::Int(v) => Data::Int(vec![v[0]; count]),
        Data::Complex(v) => Data::Complex(vec![v[0]; count]),
    }
}

fn scalars(items: &[&DenseElem], elem: &Elem) -> Result<Data, String> {
    let mut data = elem.empty_data(items.len());
    for item in items {
        match (&mut data, item) {
            (Data::Float(v), DenseElem::Scalar(s)) => v.push(float_literal(s, elem)?),
            (Data::Int(v), DenseElem::Scalar(s)) => v.push(int_literal(s, elem)?),
            (Data::Complex(v), DenseElem::Complex(re, im)) => v.push(Complex64::new(
                float_literal(re, elem)?,
                float_literal(im, elem)?,
            )),
            (_, other) => return Err(format!("literal {other:?} does not fit {}", elem.name())),
        }
    }
    Ok(data)
}

/// A float literal of a float or complex element kind (the grammar is
/// [`egfuse_ir::floats::float_literal`]'s).
pub fn float_literal(s: &str, elem: &Elem) -> Result<f64, String> {
    match elem {
        Elem::Float(k) | Elem::Complex(k) => egfuse_ir::floats::float_literal(s, *k),
        other => Err(format!("float literal `{s}` for {}", other.name())),
    }
}

fn int_literal(s: &str, elem: &Elem) -> Result<i128, String> {
    let v = match s {
        "true" => 1,
        "false" => 0,
        _ => parse_int(s).ok_or_else(|| format!("bad integer literal `{s}`"))?,
    };
    Ok(elem.wrap(v))
}

fn hex_blob(hex: &str, elem: &Elem, count: usize) -> Result<Data, String> {
    let digits = hex
        .strip_prefix("0x")
        .ok_or("a hex blob must start with 0x")?;
    if digits.len() % 2 != 0 {
        return Err("a hex blob must have an even number of digits".to_string());
    }
    let bytes: Vec<u8> = (0..digits.len() / 2)
        .map(|i| u8::from_str_radix(&digits[2 * i..2 * i + 2], 16))
        .collect::<Result<_, _>>()
        .map_err(|_| "bad digit in hex blob".to_string())?;
    let width = byte_width(elem);
    let n = if bytes.len() == width { 1 } else { count };
    if bytes.len() != n * width {
        return Err(format!(
            "hex blob has {} bytes, expected {}",
            bytes.len(),
            n * width
        ));
    }
    let mut data = elem.empty_data(n);
    for chunk in bytes.chunks(width) {
        match (&mut data, decode(elem, chunk)) {
            (Data::Float(v), Decoded::Float(x)) => v.push(x),
            (Data::Int(v), Decoded::Int(x)) => v.push(x),
            (Data::Complex(v), Decoded::Complex(x)) => v.push(x),
            _ => unreachable!("decode returns the storage kind of its element"),
        }
    }
    Ok(if n == 1 && count != 1 {
        splat(&data, count)
    } else {
        data
    })
}
