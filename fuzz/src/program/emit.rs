//! The generator's builder: SSA values with their types, one helper per StableHLO op that
//! writes the op as the exporters print it and returns its result, and the module around them.
//! Arguments are declared as the program asks for them, so the signature is written last.

use super::{Bytes, MAX_ARGS};
use std::fmt::Write as _;

/// A float element type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    F32,
    Bf16,
}

impl Elem {
    fn name(self) -> &'static str {
        match self {
            Elem::F32 => "f32",
            Elem::Bf16 => "bf16",
        }
    }

    /// Minus infinity as the exporters write it, a reduce max's init.
    fn minus_infinity(self) -> &'static str {
        match self {
            Elem::F32 => "0xFF800000",
            Elem::Bf16 => "0xFF80",
        }
    }
}

/// An SSA value of the program and its tensor type.
#[derive(Clone, Debug)]
pub struct Val {
    pub name: String,
    pub dims: Vec<i64>,
    pub elem: Elem,
}

impl Val {
    pub fn rank(&self) -> usize {
        self.dims.len()
    }

    /// Its type, `tensor<2x3xf32>`.
    pub fn ty(&self) -> String {
        tensor(&self.dims, self.elem)
    }
}

/// The tensor type of `dims` and `elem`.
pub fn tensor(dims: &[i64], elem: Elem) -> String {
    let mut s = String::from("tensor<");
    for d in dims {
        let _ = write!(s, "{d}x");
    }
    format!("{s}{}>", elem.name())
}

/// A list of dimension numbers, `[0, 2]`.
fn list(xs: &[usize]) -> String {
    let items: Vec<String> = xs.iter().map(usize::to_string).collect();
    format!("[{}]", items.join(", "))
}

/// The program under construction.
pub struct Gen<'a> {
    pub bytes: Bytes<'a>,
    lines: Vec<String>,
    args: Vec<Val>,
    next: usize,
}

/// How a reduce combines: `stablehlo.add` or `stablehlo.maximum`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combine {
    Add,
    Max,
}

/// The dimension numbers of a dot_general: batch pairs, then contracting pairs.
pub struct DotDims {
    pub lhs_batch: Vec<usize>,
    pub rhs_batch: Vec<usize>,
    pub lhs_contract: Vec<usize>,
    pub rhs_contract: Vec<usize>,
}

impl<'a> Gen<'a> {
    pub fn new(bytes: &'a [u8]) -> Gen<'a> {
        Gen {
            bytes: Bytes::new(bytes),
            lines: Vec::new(),
            args: Vec::new(),
            next: 0,
        }
    }

    /// Writes `%N = text` and returns `%N` with its type.
    fn op(&mut self, text: String, dims: Vec<i64>, elem: Elem) -> Val {
        let name = format!("%{}", self.next);
        self.next += 1;
        self.lines.push(format!("    {name} = {text}"));
        Val { name, dims, elem }
    }

    /// A new argument of this type, or a splat constant once `@main` has [`MAX_ARGS`].
    pub fn input(&mut self, dims: &[i64], elem: Elem) -> Val {
        if self.args.len() == MAX_ARGS {
            let value = self.bytes.pick(&[0.5, -0.25, 1.5, 0.125]);
            return self.splat(value, dims, elem);
        }
        let v = Val {
            name: format!("%arg{}", self.args.len()),
            dims: dims.to_vec(),
            elem,
        };
        self.args.push(v.clone());
        v
    }

    /// A constant of `dims` whose every element is `value`: a scalar constant and its
    /// broadcast as JAX writes it, or a dense splat of the whole shape as PyTorch does.
    pub fn splat(&mut self, value: f64, dims: &[i64], elem: Elem) -> Val {
        let e = elem.name();
        if self.bytes.chance(32) {
            let text = format!(
                "stablehlo.constant dense<{value:.6e}> : {}",
                tensor(dims, elem)
            );
            return self.op(text, dims.to_vec(), elem);
        }
        let scalar = self.op(
            format!("stablehlo.constant dense<{value:.6e}> : tensor<{e}>"),
            vec![],
            elem,
        );
        self.broadcast(&scalar, &[], dims)
    }

    pub fn unary(&mut self, op: &str, x: &Val) -> Val {
        let text = format!("stablehlo.{op} {} : {}", x.name, x.ty());
        self.op(text, x.dims.clone(), x.elem)
    }

    /// `op` of two values of one type.
    pub fn binary(&mut self, op: &str, a: &Val, b: &Val) -> Val {
        assert_eq!((&a.dims, a.elem), (&b.dims, b.elem), "{op} of two types");
        let text = format!("stablehlo.{op} {}, {} : {}", a.name, b.name, a.ty());
        self.op(text, a.dims.clone(), a.elem)
    }

    /// `x` as `elem`; `x` itself when it already is.
    pub fn convert(&mut self, x: &Val, elem: Elem) -> Val {
        if x.elem == elem {
            return x.clone();
        }
        self.convert_op(x, elem)
    }

    /// A convert of `x` to `elem`, written even when `x` already is (Flax's `.astype`).
    pub fn convert_op(&mut self, x: &Val, elem: Elem) -> Val {
        let to = tensor(&x.dims, elem);
        let text = format!("stablehlo.convert {} : ({}) -> {to}", x.name, x.ty());
        self.op(text, x.dims.clone(), elem)
    }

    /// `broadcast_in_dim`: dimension `i` of `x` becomes dimension `map[i]` of `dims`.
    pub fn broadcast(&mut self, x: &Val, map: &[usize], dims: &[i64]) -> Val {
        let to = tensor(dims, x.elem);
        let text = format!(
            "stablehlo.broadcast_in_dim {}, dims = {} : ({}) -> {to}",
            x.name,
            list(map),
            x.ty()
        );
        self.op(text, dims.to_vec(), x.elem)
    }

    /// `x` reduced over `over` (ascending) by `combine`, its init written just before.
    pub fn reduce(&mut self, x: &Val, over: &[usize], combine: Combine) -> Val {
        let e = x.elem.name();
        let (init, op) = match combine {
            Combine::Add => ("0.000000e+00", "add"),
            Combine::Max => (x.elem.minus_infinity(), "maximum"),
        };
        let init = self.op(
            format!("stablehlo.constant dense<{init}> : tensor<{e}>"),
            vec![],
            x.elem,
        );
        let dims: Vec<i64> = (x.dims.iter().enumerate())
            .filter(|(i, _)| !over.contains(i))
            .map(|(_, &d)| d)
            .collect();
        let text = format!(
            "stablehlo.reduce({} init: {}) applies stablehlo.{op} across dimensions = {} : ({}, tensor<{e}>) -> {}",
            x.name,
            init.name,
            list(over),
            x.ty(),
            tensor(&dims, x.elem)
        );
        self.op(text, dims, x.elem)
    }

    /// `x` with its dimensions permuted: dimension `i` of the result is `perm[i]` of `x`.
    pub fn transpose(&mut self, x: &Val, perm: &[usize]) -> Val {
        let dims: Vec<i64> = perm.iter().map(|&p| x.dims[p]).collect();
        let text = format!(
            "stablehlo.transpose {}, dims = {} : ({}) -> {}",
            x.name,
            list(perm),
            x.ty(),
            tensor(&dims, x.elem)
        );
        self.op(text, dims, x.elem)
    }

    /// `x` as `dims` (of as many elements); `x` itself when the shape is already that.
    pub fn reshape(&mut self, x: &Val, dims: &[i64]) -> Val {
        if x.dims == dims {
            return x.clone();
        }
        assert_eq!(super::elements(&x.dims), super::elements(dims), "reshape");
        let to = tensor(dims, x.elem);
        let text = format!("stablehlo.reshape {} : ({}) -> {to}", x.name, x.ty());
        self.op(text, dims.to_vec(), x.elem)
    }

    /// `dot_general` of two values of one element type: the result is the batch dims, then
    /// the lhs's free dims, then the rhs's.
    pub fn dot(&mut self, lhs: &Val, rhs: &Val, d: &DotDims) -> Val {
        assert_eq!(lhs.elem, rhs.elem, "dot of two element types");
        let free = |v: &Val, batch: &[usize], contract: &[usize]| -> Vec<i64> {
            (0..v.rank())
                .filter(|i| !batch.contains(i) && !contract.contains(i))
                .map(|i| v.dims[i])
                .collect()
        };
        let mut dims: Vec<i64> = d.lhs_batch.iter().map(|&i| lhs.dims[i]).collect();
        dims.extend(free(lhs, &d.lhs_batch, &d.lhs_contract));
        dims.extend(free(rhs, &d.rhs_batch, &d.rhs_contract));
        let mut text = format!("stablehlo.dot_general {}, {}, ", lhs.name, rhs.name);
        if !d.lhs_batch.is_empty() {
            let _ = write!(
                text,
                "batching_dims = {} x {}, ",
                list(&d.lhs_batch),
                list(&d.rhs_batch)
            );
        }
        let _ = write!(
            text,
            "contracting_dims = {} x {} : ({}, {}) -> {}",
            list(&d.lhs_contract),
            list(&d.rhs_contract),
            lhs.ty(),
            rhs.ty(),
            tensor(&dims, lhs.elem)
        );
        self.op(text, dims, lhs.elem)
    }

    /// The module: `@main` over the arguments asked for, returning `results`.
    pub fn finish(self, results: &[Val]) -> String {
        let args: Vec<String> = (self.args.iter())
            .map(|a| format!("{}: {}", a.name, a.ty()))
            .collect();
        let types: Vec<String> = results.iter().map(Val::ty).collect();
        let names: Vec<&str> = results.iter().map(|r| r.name.as_str()).collect();
        let mut s = String::from("module @fuzz {\n");
        let _ = writeln!(
            s,
            "  func.func public @main({}) -> ({}) {{",
            args.join(", "),
            types.join(", ")
        );
        for l in &self.lines {
            s += l;
            s.push('\n');
        }
        let _ = writeln!(
            s,
            "    return {} : {}\n  }}\n}}",
            names.join(", "),
            types.join(", ")
        );
        s
    }
}
