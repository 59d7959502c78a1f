//! NumPy `.npz` archives of tensors (read from any seekable reader, written as bytes; the
//! caller opens the file).
//!
//! Each member is an `.npy` file: the magic, a version, a Python-dict header with `descr`,
//! `fortran_order` and `shape`, then little-endian data. Element kinds map to NumPy dtypes
//! (`<f4`, `<i8`, `|b1`, `<c8`, ...). NumPy has no bfloat16 or 8-bit float dtype of its own:
//! egfuse writes those as `<f4` (exact widening) and reads `<f4`/`<f8` or their raw bit
//! patterns (`<u2`, `<V2`, `|u1`, `|V1`) into them. `i4`/`i2` and other sub-byte integers travel
//! as `|i1`/`|u1`.

use super::tensor::{Data, Elem, Tensor};
use egfuse_ir::floats::float_from_bits;
use egfuse_ir::{FloatKind, TensorType, Type};
use num_complex::Complex64;
use std::io::{Cursor, Read, Seek, Write};

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

/// Reads every member of an `.npz` archive as raw arrays, in archive order; each member's data
/// is read only up to the size its `.npy` header implies (see [`Archive`]).
pub fn read(bytes: &[u8]) -> Result<Vec<(String, Array)>, String> {
    let mut archive = Archive::new(Cursor::new(bytes), ReadLimits::default())?;
    let mut out = Vec::new();
    for i in 0..archive.zip.len() {
        let (name, array) = archive.array_at(i, |_| Ok(()))?;
        out.push((name, array));
    }
    Ok(out)
}

/// Bounds on reading an archive.
#[derive(Clone, Copy, Debug)]
pub struct ReadLimits {
    /// The most bytes one array may take once read as a tensor (8 bytes a float element, 16 an
    /// integer or complex one). Default 12 GiB, the interpreter's memory limit.
    pub max_bytes: u64,
}

impl Default for ReadLimits {
    fn default() -> ReadLimits {
        ReadLimits {
            max_bytes: super::Limits::default().max_memory,
        }
    }
}

/// An `.npz` archive read one member at a time. A member's `.npy` header is read and checked
/// (against the wanted type and [`ReadLimits`]) before any of its data is inflated, and its data
/// is inflated only up to the size the header implies: a member whose declared or actual size
/// differs from that is an error, so a small archive cannot inflate into a large allocation.
/// The archive is read from `R` where it lies: a file is not read into memory whole.
pub struct Archive<R> {
    zip: zip::ZipArchive<R>,
    limits: ReadLimits,
    /// The bytes of the member read last, kept for the next one: fresh memory for each member
    /// (818 MB of a 7B layer's weights) was a page fault per 4 KiB.
    scratch: Vec<u8>,
}

impl<R: Read + Seek> Archive<R> {
    pub fn new(reader: R, limits: ReadLimits) -> Result<Archive<R>, String> {
        let zip = zip::ZipArchive::new(reader).map_err(|e| format!("not an .npz archive: {e}"))?;
        Ok(Archive {
            zip,
            limits,
            scratch: Vec::new(),
        })
    }

    /// Reads member `name` (`name.npy`) as a tensor of type `ty`, or `None` when there is
    /// none. Its header's dtype and shape must fit `ty` and its size the limit.
    pub fn tensor(&mut self, name: &str, ty: &TensorType) -> Result<Option<Tensor>, String> {
        let elem = Elem::from_type(&ty.elem)?;
        let npy = format!("{name}.npy");
        let Some(index) = (self.zip.index_for_name(&npy)).or_else(|| self.zip.index_for_name(name))
        else {
            return Ok(None);
        };
        let check = |h: &Header| check_header(h, ty, &elem);
        let (_, array) = self.array_at(index, check)?;
        let tensor = to_tensor(&array, &elem);
        self.scratch = array.bytes;
        tensor.map(Some)
    }

    /// Reads member `index`: its header, passed to `check`, then at most the data it implies.
    fn array_at(
        &mut self,
        index: usize,
        check: impl FnOnce(&Header) -> Result<(), String>,
    ) -> Result<(String, Array), String> {
        let max = self.limits.max_bytes;
        let mut file = self.zip.by_index(index).map_err(|e| e.to_string())?;
        let name = file.name().trim_end_matches(".npy").to_string();
        let in_member = |e: String| format!("member `{name}`: {e}");
        let header = read_header(&mut file).map_err(in_member)?;
        check(&header).map_err(in_member)?;
        let data = header.data_bytes(max).map_err(in_member)?;
        let implied = header.len + data;
        if file.size() != implied {
            let sizes = format!("{} bytes, its .npy header implies {implied}", file.size());
            return Err(in_member(format!("the archive entry declares {sizes}")));
        }
        let mut bytes = std::mem::take(&mut self.scratch);
        bytes.clear();
        bytes.reserve(data as usize);
        (&mut file)
            .take(data + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| in_member(e.to_string()))?;
        if bytes.len() as u64 > data {
            let past = format!("inflates past the {implied} bytes its .npy header implies");
            return Err(in_member(past));
        }
        let array = Array {
            descr: header.descr,
            shape: header.shape,
            bytes,
        };
        Ok((name, array))
    }
}

/// An `.npy` header: the dtype, the shape, and its length in bytes (magic and version
/// included).
struct Header {
    descr: String,
    shape: Vec<usize>,
    len: u64,
}

impl Header {
    /// The bytes of data the header implies, once the array fits in `max` bytes as a tensor.
    fn data_bytes(&self, max: u64) -> Result<u64, String> {
        let width = dtype_width(&self.descr)?;
        let count = super::memory::element_count(self.shape.iter().map(|&d| d as u64)).ok_or_else(
            || {
                format!(
                    "shape {:?} has more elements than fit in 64 bits",
                    self.shape
                )
            },
        )?;
        let per = match self.descr.trim_start_matches(['<', '|', '=']).as_bytes()[0] {
            b'f' => 8,
            _ => 16,
        };
        if count.saturating_mul(per) > max {
            return Err(format!(
                "shape {:?} would need {}, more than the limit of {}",
                self.shape,
                super::memory::human(count.saturating_mul(per)),
                super::memory::human(max)
            ));
        }
        Ok(count * width as u64)
    }
}

/// The most header bytes read before giving up (NumPy's version 1 allows 65,535).
const MAX_HEADER: usize = 1 << 20;

/// Reads the magic, the version and the header text of an `.npy` stream, nothing more.
fn read_header(r: &mut impl Read) -> Result<Header, String> {
    let mut start = [0u8; 10];
    r.read_exact(&mut start)
        .map_err(|_| "not an .npy array".to_string())?;
    if &start[..6] != b"\x93NUMPY" {
        return Err("not an .npy array".to_string());
    }
    let (len, prefix) = if start[6] == 1 {
        (u16::from_le_bytes([start[8], start[9]]) as usize, 10)
    } else {
        let mut more = [0u8; 2];
        r.read_exact(&mut more)
            .map_err(|_| "truncated .npy header".to_string())?;
        let len = u32::from_le_bytes([start[8], start[9], more[0], more[1]]) as usize;
        (len, 12)
    };
    if len > MAX_HEADER {
        return Err(format!("the .npy header claims {len} bytes"));
    }
    let mut text = vec![0u8; len];
    r.read_exact(&mut text)
        .map_err(|_| "truncated .npy header".to_string())?;
    let text = std::str::from_utf8(&text).map_err(|_| "the .npy header is not text")?;
    let (descr, shape) = parse_header(text)?;
    Ok(Header {
        descr,
        shape,
        len: (prefix + len) as u64,
    })
}

/// Checks a header against the type its array is read as: the rank, every static dimension and
/// the dtype.
fn check_header(h: &Header, ty: &TensorType, elem: &Elem) -> Result<(), String> {
    dtype_fits(&h.descr, elem)?;
    let fits = ty.dims.as_ref().is_none_or(|dims| {
        dims.len() == h.shape.len()
            && (dims.iter().zip(&h.shape)).all(|(&d, &s)| d < 0 || d as usize == s)
    });
    if !fits {
        return Err(format!(
            "has shape {} in its .npy header, the signature wants {}",
            numpy_shape(&h.shape),
            Type::Tensor(ty.clone())
        ));
    }
    Ok(())
}

/// `(4,)`, `(2, 3)`, `()`: a shape as NumPy prints it.
fn numpy_shape(shape: &[usize]) -> String {
    match shape {
        [] => "()".to_string(),
        [n] => format!("({n},)"),
        _ => format!(
            "({})",
            shape
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
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

/// The dtype descriptor and the shape of an `.npy` header's text.
fn parse_header(header: &str) -> Result<(String, Vec<usize>), String> {
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
    let close = shape_text.find(')').ok_or("bad shape in the .npy header")?;
    let shape_text = shape_text
        .get(1..close)
        .ok_or("bad shape in the .npy header")?;
    let shape = shape_text
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<usize>()
                .map_err(|_| format!("bad dimension `{s}`"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((descr, shape))
}

/// The width in bytes of a supported little-endian dtype (`<f4` is 4).
fn dtype_width(descr: &str) -> Result<usize, String> {
    if descr.starts_with('>') {
        return Err(format!("big-endian dtype `{descr}` is not supported"));
    }
    let code = descr.trim_start_matches(['<', '|', '=']);
    (code.get(1..).and_then(|w| w.parse().ok()))
        .filter(|&w: &usize| w > 0)
        .ok_or_else(|| format!("unsupported dtype `{descr}`"))
}

/// Checks that dtype `descr` can be read as `elem` (the cases [`to_tensor`] converts).
fn dtype_fits(descr: &str, elem: &Elem) -> Result<(), String> {
    let width = dtype_width(descr)?;
    let kind = descr.trim_start_matches(['<', '|', '=']).as_bytes()[0];
    let fits = match (elem, kind) {
        (Elem::Float(_), b'f') | (Elem::Complex(_), b'c') => true,
        (Elem::Float(k), b'u' | b'V') => width * 8 == k.bits() as usize,
        (Elem::Int { .. }, b'b' | b'u' | b'i') => true,
        _ => false,
    };
    if !fits {
        return Err(format!("dtype `{descr}` does not fit {}", elem.name()));
    }
    Ok(())
}

/// Converts a stored array to a tensor of kind `elem` (checking the dtype fits it).
pub fn to_tensor(a: &Array, elem: &Elem) -> Result<Tensor, String> {
    let width = dtype_width(&a.descr)?;
    let code = a.descr.trim_start_matches(['<', '|', '=']);
    let count = super::memory::element_count(a.shape.iter().map(|&d| d as u64))
        .and_then(|n| usize::try_from(n).ok())
        .filter(|n| n.checked_mul(width).is_some())
        .ok_or_else(|| format!("shape {:?} has more elements than fit in 64 bits", a.shape))?;
    if a.bytes.len() < count * width {
        return Err(format!(
            "array data is truncated ({} bytes for {count} elements)",
            a.bytes.len()
        ));
    }
    // The elements' bytes, walked once by the branch that reads them (a vector of the
    // slices would take twice the array's bytes again).
    let words = || a.bytes.chunks(width).take(count);
    let le = |b: &[u8]| b.iter().rev().fold(0u128, |acc, &x| acc << 8 | x as u128);
    let kind = code.as_bytes()[0];
    let mismatch = || format!("dtype `{}` does not fit {}", a.descr, elem.name());
    let data = match (elem, kind) {
        (Elem::Float(_), b'f') => Data::Float(words().map(|w| elem.round(read_float(w))).collect()),
        (Elem::Float(k), b'u' | b'V') if width * 8 == k.bits() as usize => {
            Data::Float(words().map(|w| float_from_bits(*k, le(w) as u64)).collect())
        }
        (Elem::Complex(_), b'c') => Data::Complex(
            words()
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
            Data::Int(words().map(|w| elem.wrap(le(w) as i128)).collect())
        }
        (Elem::Int { .. }, b'i') => Data::Int(
            words()
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
