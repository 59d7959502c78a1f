//! NumPy `.npz` archives of tensors (bytes in, bytes out; the caller does the file IO).
//!
//! Each member is an `.npy` file: the magic, a version, a Python-dict header with `descr`,
//! `fortran_order` and `shape`, then little-endian data. Element kinds map to NumPy dtypes
//! (`<f4`, `<i8`, `|b1`, `<c8`, ...). NumPy has no bfloat16 or 8-bit float dtype of its own:
//! egfuse writes those as `<f4` (exact widening) and reads `<f4`/`<f8` or their raw bit
//! patterns (`<u2`, `<V2`, `|u1`, `|V1`) into them. `i4`/`i2` and other sub-byte integers travel
//! as `|i1`/`|u1`.

use super::tensor::{Data, Elem, Tensor};
use egfuse_ir::floats::float_from_bits;
use egfuse_ir::FloatKind;
use num_complex::Complex64;
use std::io::{Cursor, Read, Write};

/// Writes `(name, tensor)` pairs as an uncompressed `.npz` archive.
pub fn write(entries: &[(String, &Tensor)]) -> Result<Vec<u8>, String> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored)
        .last_modified_time(zip::DateTime::default());
    for (name, t) in entries {
        zip.start_file(format!("{name}.npy"), options)
            .map_err(|e| e.to_string())?;
        zip.write_all(&npy(t)?).map_err(|e| e.to_string())?;
    }
    Ok(zip.finish().map_err(|e| e.to_string())?.into_inner())
}

/// Reads every member of an `.npz` archive as raw arrays, in archive order.
pub fn read(bytes: &[u8]) -> Result<Vec<(String, Array)>, String> {
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes))
        .map_err(|e| format!("not an .npz archive: {e}"))?;
    let mut out = Vec::new();
    for i in 0..zip.len() {
        let mut file = zip.by_index(i).map_err(|e| e.to_string())?;
        let name = file.name().trim_end_matches(".npy").to_string();
        let mut buf = Vec::new();
        file.read_to_end(&mut buf).map_err(|e| e.to_string())?;
        out.push((
            name.clone(),
            parse_npy(&buf).map_err(|e| format!("member {name}: {e}"))?,
        ));
    }
    Ok(out)
}

/// An array as stored: dtype descriptor, shape, raw little-endian bytes.
#[derive(Clone, Debug)]
pub struct Array {
    pub descr: String,
    pub shape: Vec<usize>,
    pub bytes: Vec<u8>,
}

fn descr(elem: &Elem) -> Result<(&'static str, usize), String> {
    Ok(match elem {
        Elem::Float(FloatKind::F64) => ("<f8", 8),
        Elem::Float(FloatKind::F16) => ("<f2", 2),
        Elem::Float(_) => ("<f4", 4),
        Elem::Complex(FloatKind::F64) => ("<c16", 16),
        Elem::Complex(_) => ("<c8", 8),
        Elem::Int { width: 1, .. } => ("|b1", 1),
        Elem::Int { width, signed } => match (*width, *signed) {
            (0..=8, true) => ("|i1", 1),
            (0..=8, false) => ("|u1", 1),
            (9..=16, true) => ("<i2", 2),
            (9..=16, false) => ("<u2", 2),
            (17..=32, true) => ("<i4", 4),
            (17..=32, false) => ("<u4", 4),
            (33..=64, true) => ("<i8", 8),
            (33..=64, false) => ("<u8", 8),
            _ => return Err(format!("no NumPy dtype for {}", elem.name())),
        },
        Elem::Quant(_) => return Err("quantized tensors cannot be written to .npz".to_string()),
    })
}

fn npy(t: &Tensor) -> Result<Vec<u8>, String> {
    let (d, width) = descr(&t.elem)?;
    let shape = match t.shape.len() {
        0 => "()".to_string(),
        1 => format!("({},)", t.shape[0]),
        _ => format!(
            "({})",
            t.shape
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let mut header = format!("{{'descr': '{d}', 'fortran_order': False, 'shape': {shape}, }}");
    while (10 + header.len() + 1) % 64 != 0 {
        header.push(' ');
    }
    header.push('\n');
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    out.reserve(width * t.len());
    match &t.data {
        Data::Float(v) => v.iter().for_each(|&x| match width {
            8 => out.extend_from_slice(&x.to_le_bytes()),
            4 => out.extend_from_slice(&(x as f32).to_le_bytes()),
            _ => out.extend_from_slice(&half::f16::from_f64(x).to_le_bytes()),
        }),
        Data::Complex(v) => v.iter().for_each(|z| {
            if width == 16 {
                out.extend_from_slice(&z.re.to_le_bytes());
                out.extend_from_slice(&z.im.to_le_bytes());
            } else {
                out.extend_from_slice(&(z.re as f32).to_le_bytes());
                out.extend_from_slice(&(z.im as f32).to_le_bytes());
            }
        }),
        Data::Int(v) => v
            .iter()
            .for_each(|&x| out.extend_from_slice(&x.to_le_bytes()[..width])),
    }
    Ok(out)
}

fn parse_npy(buf: &[u8]) -> Result<Array, String> {
    if buf.len() < 10 || &buf[..6] != b"\x93NUMPY" {
        return Err("not an .npy array".to_string());
    }
    let (len, start) = match buf[6] {
        1 => (u16::from_le_bytes([buf[8], buf[9]]) as usize, 10),
        _ if buf.len() >= 12 => (
            u32::from_le_bytes([buf[8], buf[9], buf[10], buf[11]]) as usize,
            12,
        ),
        _ => return Err("truncated .npy header".to_string()),
    };
    let header = std::str::from_utf8(buf.get(start..start + len).ok_or("truncated .npy header")?)
        .map_err(|_| "the .npy header is not text")?;
    let field = |key: &str| -> Result<&str, String> {
        let at = header
            .find(&format!("'{key}'"))
            .ok_or(format!("no '{key}' in the .npy header"))?;
        Ok(header[at + key.len() + 2..]
            .trim_start()
            .trim_start_matches(':')
            .trim_start())
    };
    let descr = field("descr")?
        .trim_start_matches('\'')
        .split('\'')
        .next()
        .unwrap_or("")
        .to_string();
    if field("fortran_order")?.starts_with("True") {
        return Err(
            "Fortran-ordered arrays are not supported; save with np.ascontiguousarray".to_string(),
        );
    }
    let shape_text = field("shape")?;
    let shape_text = &shape_text[1..shape_text.find(')').ok_or("bad shape in the .npy header")?];
    let shape = shape_text
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<usize>()
                .map_err(|_| format!("bad dimension `{s}`"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Array {
        descr,
        shape,
        bytes: buf[start + len..].to_vec(),
    })
}

/// Converts a stored array to a tensor of kind `elem` (checking the dtype fits it).
pub fn to_tensor(a: &Array, elem: &Elem) -> Result<Tensor, String> {
    let count: usize = a.shape.iter().product();
    let code = a.descr.trim_start_matches(['<', '|', '=']);
    let width: usize = code[1..]
        .parse()
        .map_err(|_| format!("unsupported dtype `{}`", a.descr))?;
    if a.descr.starts_with('>') {
        return Err(format!("big-endian dtype `{}` is not supported", a.descr));
    }
    if a.bytes.len() < count * width {
        return Err(format!(
            "array data is truncated ({} bytes for {count} elements)",
            a.bytes.len()
        ));
    }
    let words: Vec<&[u8]> = a.bytes.chunks(width).take(count).collect();
    let le = |b: &[u8]| b.iter().rev().fold(0u128, |acc, &x| acc << 8 | x as u128);
    let kind = code.as_bytes()[0];
    let mismatch = || format!("dtype `{}` does not fit {}", a.descr, elem.name());
    let data = match (elem, kind) {
        (Elem::Float(_), b'f') => {
            Data::Float(words.iter().map(|w| elem.round(read_float(w))).collect())
        }
        (Elem::Float(k), b'u' | b'V') if width * 8 == k.bits() as usize => Data::Float(
            words
                .iter()
                .map(|w| float_from_bits(*k, le(w) as u64))
                .collect(),
        ),
        (Elem::Complex(_), b'c') => Data::Complex(
            words
                .iter()
                .map(|w| {
                    let h = w.len() / 2;
                    Complex64::new(
                        elem.round(read_float(&w[..h])),
                        elem.round(read_float(&w[h..])),
                    )
                })
                .collect(),
        ),
        (Elem::Int { .. }, b'b' | b'u') => {
            Data::Int(words.iter().map(|w| elem.wrap(le(w) as i128)).collect())
        }
        (Elem::Int { .. }, b'i') => Data::Int(
            words
                .iter()
                .map(|w| {
                    elem.wrap(super::tensor::wrap_int(
                        le(w) as i128,
                        8 * width as u32,
                        true,
                    ))
                })
                .collect(),
        ),
        _ => return Err(mismatch()),
    };
    Ok(Tensor::new(elem.clone(), a.shape.clone(), data))
}

fn read_float(w: &[u8]) -> f64 {
    match w.len() {
        8 => f64::from_le_bytes(w.try_into().unwrap_or_default()),
        4 => f32::from_le_bytes(w.try_into().unwrap_or_default()) as f64,
        _ => half::f16::from_le_bytes([w[0], w.get(1).copied().unwrap_or(0)]).to_f64(),
    }
}
