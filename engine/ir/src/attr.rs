//! Attributes, kept losslessly: every spelling the corpus uses prints back as it was read.
//!
//! Literal spellings that MLIR does not canonicalise through a value we can hold exactly (floats,
//! dense element lists, hex blobs, strings) are stored as their source text, so a round trip never
//! changes a digit. Accessors decode on demand.

use super::types::{ElemType, Type};

/// `name = value` in an attribute dictionary.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NamedAttr {
    pub name: Box<str>,
    pub value: Attr,
}

impl NamedAttr {
    pub fn new(name: &str, value: Attr) -> NamedAttr {
        NamedAttr {
            name: name.into(),
            value,
        }
    }
}

/// The items of a dense array attribute `array<i64: 1, 2>`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ArrayItems {
    /// Integer and boolean arrays (`true` is 1).
    Int(Vec<i64>),
    /// Float arrays, each item as written.
    Float(Vec<Box<str>>),
}

/// One element (or nested list of elements) of a `dense<...>` attribute, as written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DenseElem {
    /// An integer, float, hex or boolean literal.
    Scalar(Box<str>),
    /// A complex literal `(re, im)`.
    Complex(Box<str>, Box<str>),
    List(Vec<DenseElem>),
}

/// The body of `dense<...>`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DenseBody {
    /// `dense<"0x...">`: a quoted hex blob (the text between the quotes).
    Hex(Box<str>),
    /// A splat or a nested list of literals.
    Elems(DenseElem),
    /// `dense<>`: a tensor with no elements.
    Empty,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Attr {
    /// A unit attribute: a dictionary entry with a name and no value.
    Unit,
    Bool(bool),
    /// An integer; `ty: None` when written without `: type` (MLIR then means i64).
    Int {
        value: i128,
        ty: Option<Type>,
    },
    /// A float literal as written (decimal or hex), with its type when one was written.
    Float {
        text: Box<str>,
        ty: Option<Type>,
    },
    /// A string literal: the escaped text between the quotes, with an optional type.
    Str {
        text: Box<str>,
        ty: Option<Type>,
    },
    Type(Type),
    Array(Vec<Attr>),
    DenseArray {
        elem: ElemType,
        items: ArrayItems,
    },
    Dense {
        body: DenseBody,
        ty: Type,
    },
    /// `dense_resource<handle> : type`.
    DenseResource {
        handle: Box<str>,
        ty: Type,
    },
    Dict(Vec<NamedAttr>),
    /// `@a`, `@a::@b`; each part escaped as written (quotes included when it needed them).
    SymbolRef(Vec<Box<str>>),
    /// `#dialect<kind VALUE>`, e.g. `#stablehlo<comparison_direction GT>`.
    Enum {
        dialect: Box<str>,
        kind: Box<str>,
        value: Box<str>,
    },
    /// `#dialect.name<key = value, ...>`, e.g. `#stablehlo.dot<...>`.
    Struct {
        name: Box<str>,
        fields: Vec<NamedAttr>,
    },
    /// Any other dialect attribute `#name<body>` (or `#name` alone), body kept verbatim.
    Opaque {
        name: Box<str>,
        body: Option<Box<str>>,
    },
}

impl Attr {
    /// A string attribute holding `s` (escaped as MLIR escapes it).
    pub fn string(s: &str) -> Attr {
        Attr::Str {
            text: escape(s).into(),
            ty: None,
        }
    }

    pub fn i64(value: i64) -> Attr {
        Attr::Int {
            value: value as i128,
            ty: Some(Type::Scalar(ElemType::I64)),
        }
    }

    pub fn i64_array(items: Vec<i64>) -> Attr {
        Attr::DenseArray {
            elem: ElemType::I64,
            items: ArrayItems::Int(items),
        }
    }

    /// The integers of an `array<iN: ...>` attribute.
    pub fn as_i64_array(&self) -> Option<&[i64]> {
        match self {
            Attr::DenseArray {
                items: ArrayItems::Int(v),
                elem,
            } if *elem != ElemType::I1 => Some(v),
            _ => None,
        }
    }

    pub fn as_int(&self) -> Option<i128> {
        match self {
            Attr::Int { value, .. } => Some(*value),
            _ => None,
        }
    }

    /// The decoded contents of a string attribute.
    pub fn as_str(&self) -> Option<String> {
        match self {
            Attr::Str { text, .. } => Some(unescape(text)),
            _ => None,
        }
    }

    /// The value of an enum attribute of the given kind (`GT` for a comparison direction).
    pub fn enum_value(&self, kind: &str) -> Option<&str> {
        match self {
            Attr::Enum { kind: k, value, .. } if &**k == kind => Some(value),
            _ => None,
        }
    }

    /// A field of a struct attribute such as `#stablehlo.dot<...>`.
    pub fn field(&self, name: &str) -> Option<&Attr> {
        match self {
            Attr::Struct { fields, .. } => {
                fields.iter().find(|f| &*f.name == name).map(|f| &f.value)
            }
            _ => None,
        }
    }

    /// An array of plain integers (`[0, 1]`), as struct attributes write their dimensions.
    pub fn as_int_list(&self) -> Option<Vec<i64>> {
        match self {
            Attr::Array(items) => items.iter().map(|a| a.as_int().map(|v| v as i64)).collect(),
            _ => None,
        }
    }
}

/// Escapes `s` the way MLIR prints string literals: `\"`, `\\`, `\n`, `\t`, and `\XX` for other
/// non-printable bytes.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\{b:02X}")),
        }
    }
    out
}

/// Decodes the escaped text of a string literal (the inverse of [`escape`]); bytes that do not
/// form UTF-8 are replaced.
pub fn unescape(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' || i + 1 >= bytes.len() {
            out.push(bytes[i]);
            i += 1;
            continue;
        }
        let (byte, len) = match bytes[i + 1] {
            b'n' => (b'\n', 2),
            b't' => (b'\t', 2),
            b'"' => (b'"', 2),
            b'\\' => (b'\\', 2),
            _ => match text
                .get(i + 1..i + 3)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
            {
                Some(v) => (v, 3),
                None => (bytes[i + 1], 2),
            },
        };
        out.push(byte);
        i += len;
    }
    String::from_utf8_lossy(&out).into_owned()
}
