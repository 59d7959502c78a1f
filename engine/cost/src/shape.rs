//! What the cost model needs to know about one op: an [`OpShape`], its engine class and work
//! plus the bytes it reads and writes, classified from the op's name, attributes and types.
//!
//! The classification follows where NeuronCore-v2 runs each kind of op: contractions on
//! TensorE, transcendental activations on ScalarE, other elementwise arithmetic, comparisons,
//! reductions and copies on VectorE, data-dependent indexing and sorting on GpSimdE. Views
//! (reshape, broadcast, slice...) are access patterns: free inside a fused cluster, a DMA copy
//! on their own. Element counts are dtype-aware: VectorE and ScalarE compute in 32-bit lanes,
//! so a 64-bit or complex element takes two or more lanes; bytes come from the element type.

use super::families::{family, Family};
use super::matmul::{conv_dims, dot_dims, dot_general_dims, MatmulDims};
use super::target::{Key, Target};
use egfuse_ir::{Attr, ElemType, FloatKind, Module, NamedAttr, OpId, Type};
use std::ops::Add;

/// The engines of a NeuronCore that ops are costed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Engine {
    Tensor,
    Vector,
    Scalar,
    GpSimd,
}

impl Engine {
    /// Every engine, in the order reports list them.
    pub const ALL: [Engine; 4] = [
        Engine::Tensor,
        Engine::Vector,
        Engine::Scalar,
        Engine::GpSimd,
    ];

    /// The engine's name as target files spell its section (`[vector]`).
    pub fn name(self) -> &'static str {
        match self {
            Engine::Tensor => "tensor",
            Engine::Vector => "vector",
            Engine::Scalar => "scalar",
            Engine::GpSimd => "gpsimd",
        }
    }
}

/// The input precision of a TensorE matmul.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Precision {
    /// bf16, f16, tf32, 8-bit floats and 8-bit integers: one pass through the array.
    Fast,
    /// f32: `fp32_passes` passes.
    Fp32,
}

/// Tensors moved between HBM and the core: how many (each is one DMA transfer) and their
/// bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Traffic {
    pub tensors: u32,
    pub bytes: u64,
}

impl Traffic {
    pub const NONE: Traffic = Traffic {
        tensors: 0,
        bytes: 0,
    };

    /// One tensor of `bytes` bytes.
    pub fn tensor(bytes: u64) -> Traffic {
        Traffic { tensors: 1, bytes }
    }

    /// The values of `types`: one transfer per tensor of more than one element. A single
    /// element (a scalar operand, a reduction's init value) rides along as an immediate or
    /// with another transfer, so its bytes count but its transfer does not.
    pub fn of<'t>(target: &Target, types: impl IntoIterator<Item = &'t Type>) -> Traffic {
        let dynamic = target.get(Key::DynamicDim);
        types
            .into_iter()
            .map(|t| Traffic {
                tensors: u32::from(type_elements(t, dynamic) > 1),
                bytes: type_bytes(t, dynamic),
            })
            .fold(Traffic::NONE, Add::add)
    }
}

impl Add for Traffic {
    type Output = Traffic;
    fn add(self, rhs: Traffic) -> Traffic {
        Traffic {
            tensors: self.tensors.saturating_add(rhs.tensors),
            bytes: self.bytes.saturating_add(rhs.bytes),
        }
    }
}

/// The compute an op does, by engine class. Element counts are 32-bit lanes (see the module
/// documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Work {
    /// Nothing runs: terminators, tuples, barriers, tokens.
    None,
    /// A literal. Free as an op of its own (it is in HBM when the program starts); inside a
    /// cluster its `bytes` are loaded, 0 for a splat an engine writes.
    Constant { bytes: u64 },
    /// A change of view (reshape, broadcast, slice, reverse, bitcast): its consumer's access
    /// pattern inside a cluster, a DMA copy (its traffic alone) on its own.
    View,
    /// VectorE streams `inputs` tensors of `elements` lanes each.
    Vector { elements: u64, inputs: u32 },
    /// ScalarE evaluates an activation function on `elements` lanes.
    Activation { elements: u64 },
    /// TensorE multiplies `batch` pairs of M×K and K×N matrices.
    Matmul {
        batch: u64,
        m: u64,
        n: u64,
        k: u64,
        precision: Precision,
    },
    /// GpSimdE runs `operations` element operations on `bits`-wide elements.
    GpSimd { operations: u64, bits: u32 },
    /// An op the model does not know (custom calls, calls, control flow, collectives): its
    /// `elements` result lanes are costed as GpSimdE work, a guess that keeps it finite.
    Opaque { elements: u64 },
}

/// One op as the cost model sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpShape {
    pub work: Work,
    /// What the op reads from HBM when it runs on its own: its operands.
    pub reads: Traffic,
    /// What it writes back on its own: its results.
    pub writes: Traffic,
}

impl OpShape {
    /// The shape of op `op` of `module`; attributes are read from its properties.
    pub fn of(target: &Target, module: &Module, op: OpId) -> OpShape {
        let o = module.op(op);
        let operands = o.operands.iter().map(|&v| module.ty(v));
        let results = o.results.iter().map(|&v| module.ty(v));
        OpShape::classify(target, &o.name, &o.props, operands, results)
    }

    /// The shape of an op given by its full name (`stablehlo.add`), its attributes and its
    /// operand and result types, for ops that are in no module (made by a rewrite). Unknown
    /// ops are [`Work::Opaque`]; nothing here fails.
    pub fn classify<'t, O, R>(
        target: &Target,
        name: &str,
        attrs: &[NamedAttr],
        operands: O,
        results: R,
    ) -> OpShape
    where
        O: IntoIterator<Item = &'t Type>,
        O::IntoIter: Clone,
        R: IntoIterator<Item = &'t Type>,
        R::IntoIter: Clone,
    {
        let (operands, results) = (operands.into_iter(), results.into_iter());
        let cx = Classify {
            dynamic: target.get(Key::DynamicDim),
            attrs,
        };
        let work = cx.work(base_name(name), operands.clone(), results.clone());
        let (reads, writes) = match work {
            Work::None | Work::Constant { .. } => (Traffic::NONE, Traffic::NONE),
            _ => (Traffic::of(target, operands), Traffic::of(target, results)),
        };
        OpShape {
            work,
            reads,
            writes,
        }
    }

    /// The engine the op's compute runs on; `None` for ops without compute.
    pub fn engine(&self) -> Option<Engine> {
        match self.work {
            Work::None | Work::Constant { .. } | Work::View => None,
            Work::Vector { .. } => Some(Engine::Vector),
            Work::Activation { .. } => Some(Engine::Scalar),
            Work::Matmul { .. } => Some(Engine::Tensor),
            Work::GpSimd { .. } | Work::Opaque { .. } => Some(Engine::GpSimd),
        }
    }
}

/// The op name without its dialect, and without the `broadcast_` of CHLO's implicitly
/// broadcasting binary ops (`chlo.broadcast_add` is an `add`).
fn base_name(name: &str) -> &str {
    match name.split_once('.') {
        Some(("chlo", op)) => op.strip_prefix("broadcast_").unwrap_or(op),
        Some(("stablehlo" | "mhlo", op)) => op,
        Some(("func", "return")) => "return",
        _ => name,
    }
}

/// The classifier's context: the extent of a `?` dimension and the op's attributes.
struct Classify<'a> {
    dynamic: u64,
    attrs: &'a [NamedAttr],
}

impl Classify<'_> {
    fn attr(&self, name: &str) -> Option<&Attr> {
        egfuse_ir::find_attr(self.attrs, name)
    }

    fn work<'t>(
        &self,
        name: &str,
        operands: impl Iterator<Item = &'t Type> + Clone,
        results: impl Iterator<Item = &'t Type> + Clone,
    ) -> Work {
        let lanes = |t: &Type| type_elements(t, self.dynamic).saturating_mul(lane_width(t));
        let out = results.clone().map(lanes).max().unwrap_or(0);
        let first = operands.clone().next();
        let inputs = operands.clone().filter(|t| lanes(t) > 1).count().max(1) as u32;
        match (family(name), name) {
            (Some(Family::Nothing), _) => Work::None,
            (_, "constant") => self.constant(results.clone().next()),
            (_, "constant_like") => Work::Constant { bytes: 0 },
            (Some(Family::View), _) => Work::View,
            (Some(Family::Activation), _) if !results.clone().any(is_int) => {
                Work::Activation { elements: out }
            }
            (Some(Family::Vector | Family::Activation), _) => Work::Vector {
                elements: out,
                inputs,
            },
            (Some(Family::Copy), _) => Work::Vector {
                elements: out,
                inputs: 1,
            },
            (Some(Family::Reduction), _) => self.reduction(name, operands, out),
            (Some(Family::Norm), _) => Work::Vector {
                elements: first.map_or(0, lanes),
                inputs: 2,
            },
            (_, "dot" | "dot_general" | "convolution" | "dynamic_conv") => {
                self.contraction(name, operands, results.clone().next())
            }
            _ => self.general(name, operands, results),
        }
    }

    /// A literal: its bytes, or none when it is a splat (or a single element). A constant
    /// without its `value` (made by a rewrite) is taken to be dense.
    fn constant(&self, result: Option<&Type>) -> Work {
        let splat = matches!(
            self.attr("value"),
            Some(Attr::Dense {
                body: egfuse_ir::DenseBody::Elems(egfuse_ir::DenseElem::Scalar(_)),
                ..
            })
        );
        let elements = result.map_or(0, |t| type_elements(t, self.dynamic));
        let bytes = match result {
            Some(t) if !splat && elements > 1 => type_bytes(t, self.dynamic),
            _ => 0,
        };
        Work::Constant { bytes }
    }

    /// `reduce` streams its inputs (the first half of its operands; the rest are init
    /// values); `reduce_window` reads each input element once per window it falls in.
    fn reduction<'t>(
        &self,
        name: &str,
        operands: impl Iterator<Item = &'t Type> + Clone,
        out: u64,
    ) -> Work {
        let count = operands.clone().count();
        let inputs = (count / 2).max(1) as u32;
        let first = operands.clone().next();
        let lanes = first.map_or(0, |t| {
            type_elements(t, self.dynamic).saturating_mul(lane_width(t))
        });
        let elements = match (
            name,
            self.attr("window_dimensions").and_then(Attr::as_i64_array),
        ) {
            ("reduce_window", Some(window)) => window
                .iter()
                .fold(out, |n, &w| n.saturating_mul(w.max(1) as u64)),
            _ => lanes,
        };
        Work::Vector { elements, inputs }
    }

    /// `dot`, `dot_general` and convolutions: TensorE when the element type is one it takes,
    /// GpSimdE multiply-adds otherwise.
    fn contraction<'t>(
        &self,
        name: &str,
        mut operands: impl Iterator<Item = &'t Type> + Clone,
        result: Option<&Type>,
    ) -> Work {
        let (Some(lhs), Some(rhs)) = (operands.next(), operands.next()) else {
            return Work::Opaque { elements: 0 };
        };
        let dims = match (name, lhs.dims(), rhs.dims(), result.and_then(Type::dims)) {
            ("dot", Some(l), Some(r), _) => dot_dims(l, r, self.dynamic),
            ("dot_general", Some(l), Some(r), _) => {
                dot_general_dims(self.attr("dot_dimension_numbers"), l, r, self.dynamic)
            }
            (_, Some(_), Some(r), Some(out)) => {
                conv_dims(self.attr("dimension_numbers"), r, out, self.dynamic)
            }
            _ => None,
        };
        let Some(MatmulDims { batch, m, n, k }) = dims else {
            let elements = result.map_or(0, |t| type_elements(t, self.dynamic));
            return Work::Opaque { elements };
        };
        let elem = lhs.elem();
        match elem.and_then(tensor_precision) {
            Some(precision) => Work::Matmul {
                batch,
                m,
                n,
                k,
                precision,
            },
            None => Work::GpSimd {
                operations: [batch, m, n, k, elem.map_or(1, lane_count)]
                    .iter()
                    .fold(1u64, |a, &b| a.saturating_mul(b)),
                bits: elem.map_or(32, elem_bits),
            },
        }
    }
    /// Indexing, sorting, random numbers and linear algebra on GpSimdE; anything else is
    /// opaque.
    fn general<'t>(
        &self,
        name: &str,
        operands: impl Iterator<Item = &'t Type> + Clone,
        results: impl Iterator<Item = &'t Type> + Clone,
    ) -> Work {
        let elements = |t: &Type| type_elements(t, self.dynamic);
        let out = results
            .clone()
            .map(elements)
            .fold(0u64, u64::saturating_add);
        let first = operands.clone().next();
        let input = first.map_or(0, elements);
        let last_dim = |t: Option<&Type>| {
            let d = t.and_then(Type::dims).and_then(|d| d.last().copied());
            d.map_or(
                self.dynamic,
                |d| if d < 0 { self.dynamic } else { d as u64 },
            )
        };
        let operations = match name {
            "gather" | "dynamic_gather" | "iota" | "dynamic_iota" | "rng" | "rng_bit_generator" => {
                out
            }
            "scatter" => out.saturating_add(operands.clone().last().map_or(0, elements)),
            "select_and_scatter" => input.saturating_mul(2),
            "sort" => out.saturating_mul(ceil_log2(self.sort_extent(first))),
            "top_k" => input.saturating_mul(ceil_log2(last_dim(results.clone().next()))),
            "fft" => out.saturating_mul(ceil_log2(last_dim(first))),
            "triangular_solve" => out.saturating_mul(last_dim(first)),
            "cholesky" => input.saturating_mul(last_dim(first)) / 3,
            _ => return Work::Opaque { elements: out },
        };
        let elem = results.clone().next().or(first).and_then(Type::elem);
        Work::GpSimd {
            operations,
            bits: elem.map_or(32, elem_bits),
        }
    }

    /// The extent of the dimension a `sort` sorts along (its `dimension`, default the last).
    fn sort_extent(&self, operand: Option<&Type>) -> u64 {
        let Some(dims) = operand.and_then(Type::dims) else {
            return self.dynamic;
        };
        let rank = dims.len() as i128;
        let d = self.attr("dimension").and_then(Attr::as_int).unwrap_or(-1);
        let d = if d < 0 { d + rank } else { d };
        match usize::try_from(d).ok().and_then(|d| dims.get(d)) {
            Some(&n) if n >= 0 => n as u64,
            _ => self.dynamic,
        }
    }
}

/// `ceil(log2(n))`, at least 1.
fn ceil_log2(n: u64) -> u64 {
    u64::from(64 - (n.max(2) - 1).leading_zeros())
}

/// Whether a type holds integers (an activation on integers is VectorE arithmetic).
fn is_int(t: &Type) -> bool {
    t.elem().is_some_and(ElemType::is_int)
}

/// The precision TensorE runs `elem` at, or `None` when it does not take it.
fn tensor_precision(elem: &ElemType) -> Option<Precision> {
    match elem {
        ElemType::Float(FloatKind::F32) => Some(Precision::Fp32),
        ElemType::Float(FloatKind::F64) => None,
        ElemType::Float(_) => Some(Precision::Fast),
        ElemType::Int { width: 8, .. } => Some(Precision::Fast),
        _ => None,
    }
}

/// Elements of a value: a `?` dimension counts `dynamic`, an unranked tensor `dynamic`, a
/// tuple the sum of its parts, anything but tensors and scalars none.
pub fn type_elements(t: &Type, dynamic: u64) -> u64 {
    match t {
        Type::Tensor(tt) => match &tt.dims {
            Some(dims) => dims.iter().fold(1u64, |n, &d| {
                n.saturating_mul(if d < 0 { dynamic } else { d as u64 })
            }),
            None => dynamic,
        },
        Type::Scalar(_) => 1,
        Type::Tuple(parts) => parts
            .iter()
            .fold(0u64, |n, p| n.saturating_add(type_elements(p, dynamic))),
        _ => 0,
    }
}

/// Bytes of a value in memory: sub-byte types packed, `i1` a byte per element.
pub fn type_bytes(t: &Type, dynamic: u64) -> u64 {
    if let Type::Tuple(parts) = t {
        return parts
            .iter()
            .fold(0u64, |n, p| n.saturating_add(type_bytes(p, dynamic)));
    }
    let bits = t.elem().map_or(0, |e| {
        u64::from(elem_bits(e).max(if e.is_bool() { 8 } else { 1 }))
    });
    type_elements(t, dynamic).saturating_mul(bits).div_ceil(8)
}

/// Storage bits of one element; a `!quant.uniform<i8:f32, ...>` element is its storage type.
pub fn elem_bits(e: &ElemType) -> u32 {
    match e {
        ElemType::Float(k) => k.bits(),
        ElemType::Int { width, .. } => *width,
        ElemType::Index => 64,
        ElemType::Complex(inner) => 2 * elem_bits(inner),
        ElemType::Dialect(text) => quant_storage_bits(text).unwrap_or(32),
    }
}

/// The storage width of `quant.uniform<i8:f32, ...>` (or `u8`, `i4`...).
fn quant_storage_bits(text: &str) -> Option<u32> {
    let body = text.strip_prefix("quant.uniform<")?;
    let storage = body.split(':').next()?;
    storage
        .strip_prefix('i')
        .or_else(|| storage.strip_prefix('u'))?
        .parse()
        .ok()
}

/// 32-bit lanes one element of `elem` takes on VectorE and ScalarE.
fn lane_count(elem: &ElemType) -> u64 {
    u64::from(elem_bits(elem).div_ceil(32).max(1))
}

/// 32-bit lanes one element of `t` takes.
fn lane_width(t: &Type) -> u64 {
    t.elem().map_or(1, lane_count)
}
