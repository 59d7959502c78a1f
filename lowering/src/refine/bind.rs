//! What `--dim` says, and how it reaches `@main`'s arguments: a JAX dimension variable by the
//! name the export gives it, an argument's dimension by position, or the value of a scalar
//! integer argument (JAX's older exports pass each dimension variable so, ahead of the arrays).

use egfuse_diag::Diag;
use egfuse_ir::parse::unquote;
use egfuse_ir::{Attr, DenseBody, DenseElem, Module, NamedAttr, OpId, Type, ValueId, DYNAMIC};
use std::fmt;

/// One `--dim`: what it names and the size it gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Binding {
    pub key: Key,
    pub size: i64,
}

/// What a [`Binding`] names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Key {
    /// A JAX dimension variable (`b`): the name `jax.global_constant` gives the argument of
    /// the exported function that `@main` passes its size in.
    Name(String),
    /// `argK.D`: dimension `D` of `@main`'s argument `K`.
    ArgDim(usize, usize),
    /// `argK`: the value of `@main`'s scalar integer argument `K`.
    Arg(usize),
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Key::Name(n) => write!(f, "{n}"),
            Key::ArgDim(k, d) => write!(f, "arg{k}.{d}"),
            Key::Arg(k) => write!(f, "arg{k}"),
        }
    }
}

impl Binding {
    /// Reads `NAME=N`, `argK.D=N` or `argK=N`.
    pub fn parse(text: &str) -> Result<Binding, String> {
        let (key, size) = (text.split_once('='))
            .ok_or_else(|| format!("`{text}` is not NAME=SIZE (`b=4`, `arg1.0=4`, `arg0=4`)"))?;
        let size: i64 = (size.trim().parse().ok().filter(|&n: &i64| n >= 0)).ok_or_else(|| {
            format!("`{size}` in `{text}` is not a size (a whole number, 0 or more)")
        })?;
        let key = key.trim();
        let arg = key
            .strip_prefix("arg")
            .and_then(|rest| match rest.split_once('.') {
                Some((k, d)) => Some(Key::ArgDim(k.parse().ok()?, d.parse().ok()?)),
                None => Some(Key::Arg(rest.parse().ok()?)),
            });
        let named = (!key.is_empty() && key.chars().all(|c| c.is_alphanumeric() || c == '_'))
            .then(|| Key::Name(key.to_string()));
        let key = arg
            .or(named)
            .ok_or_else(|| format!("`{key}` names no dimension"))?;
        Ok(Binding { key, size })
    }
}

/// The JAX dimension variables of the export whose entry is `main`: each name with the
/// argument and dimension `@main` reads its size from (`get_dimension_size`), found where
/// `@main` passes it to an argument that `jax.global_constant` names.
pub(super) fn names(m: &Module, main: OpId) -> Vec<(String, usize, usize)> {
    let mut out = Vec::new();
    let entry_args = entry_args(m, main);
    for call in m.walk_under(main) {
        let Some(Attr::SymbolRef(parts)) = m.op(call).attr("callee") else {
            continue;
        };
        let Some(callee) = parts.first().map(|p| unquote(p.trim_start_matches('@'))) else {
            continue;
        };
        let Some(f) = function(m, &callee) else {
            continue;
        };
        let Some(Attr::Array(dicts)) = m.op(f).attr("arg_attrs") else {
            continue;
        };
        for (i, d) in dicts.iter().enumerate() {
            let Attr::Dict(items) = d else { continue };
            let Some(name) = (items.iter().find(|a| &*a.name == "jax.global_constant"))
                .and_then(|a| a.value.as_str())
            else {
                continue;
            };
            let Some(size) = m.op(call).operands.get(i).and_then(|&v| m.defining_op(v)) else {
                continue;
            };
            let s = m.op(size);
            if &*s.name != "stablehlo.get_dimension_size" {
                continue;
            }
            let arg = entry_args.iter().position(|&a| a == s.operands[0]);
            let dim = s.attr("dimension").and_then(Attr::as_int);
            if let (Some(k), Some(d)) = (arg, dim) {
                out.push((name, k, d as usize));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Gives `main`'s arguments the sizes `bindings` say; every `?` of them must be given one.
pub(super) fn apply(
    m: &mut Module,
    main: OpId,
    bindings: &[Binding],
    names: &[(String, usize, usize)],
) -> Result<(), Vec<Diag>> {
    let args = entry_args(m, main);
    // At the arguments, not the whole function's text.
    let span = args.first().map_or(m.op(main).span, |&a| m.value(a).span);
    let span = if span.is_none() {
        m.op(main).span
    } else {
        span
    };
    let mut errors = Vec::new();
    let fail = |why: String| Diag::new("refine::dim", span, why).with_label("`@main`'s arguments");
    for b in bindings {
        let (k, d) = match &b.key {
            Key::Name(n) => match names.iter().find(|(name, ..)| name == n) {
                Some(&(_, k, d)) => (k, Some(d)),
                None => {
                    let known: Vec<&str> = names.iter().map(|(n, ..)| n.as_str()).collect();
                    errors.push(fail(format!("--dim {n}: the export names no dimension variable `{n}` (it names {known:?})")));
                    continue;
                }
            },
            Key::ArgDim(k, d) => (*k, Some(*d)),
            Key::Arg(k) => (*k, None),
        };
        let Some(&arg) = args.get(k) else {
            errors.push(fail(format!(
                "--dim {}: `@main` has {}",
                b.key,
                egfuse_diag::plural(args.len(), "argument")
            )));
            continue;
        };
        let result = match d {
            Some(d) => sized(m, arg, d, b.size),
            None => valued(m, main, arg, b.size),
        };
        if let Err(why) = result {
            errors.push(fail(format!("--dim {}: {why}", b.key)));
        }
    }
    for (k, &a) in args.iter().enumerate() {
        let dims = m.ty(a).dims().unwrap_or_default();
        for (d, _) in dims.iter().enumerate().filter(|(_, &s)| s == DYNAMIC) {
            let name = names
                .iter()
                .find(|(_, nk, nd)| (*nk, *nd) == (k, d))
                .map(|(n, ..)| format!("--dim {n}=N (JAX's name for it) or "));
            let at = if m.value(a).span.is_none() {
                span
            } else {
                m.value(a).span
            };
            errors.push(
                Diag::new(
                    "refine::unbound",
                    at,
                    format!(
                        "`@main`'s argument {k} has a symbolic dimension {d} (`{}`)",
                        m.ty(a)
                    ),
                )
                .with_label("this argument")
                .with_help(format!(
                    "the device runs static shapes: give the size with {}--dim arg{k}.{d}=N",
                    name.unwrap_or_default()
                )),
            );
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Dimension `d` of `arg` made `size`.
fn sized(m: &mut Module, arg: ValueId, d: usize, size: i64) -> Result<(), String> {
    let Some(Type::Tensor(t)) = Some(m.ty(arg).clone()) else {
        return Err("the argument is not a tensor".to_string());
    };
    let mut dims = t.dims.clone().ok_or("the argument is unranked")?;
    match dims.get(d) {
        None => return Err(format!("the argument has rank {}", dims.len())),
        Some(&was) if was != DYNAMIC && was != size => {
            return Err(format!("dimension {d} is {was}, not symbolic"))
        }
        _ => dims[d] = size,
    }
    m.value_mut(arg).ty = Type::Tensor(egfuse_ir::TensorType {
        dims: Some(dims),
        ..t
    });
    Ok(())
}

/// Every use of the scalar integer argument `arg` made a constant `value`.
fn valued(m: &mut Module, main: OpId, arg: ValueId, value: i64) -> Result<(), String> {
    let ty = m.ty(arg).clone();
    let scalar = ty
        .as_tensor()
        .is_some_and(|t| t.dims.as_deref() == Some(&[]) && t.elem.is_int());
    if !scalar {
        return Err(
            "the argument is not a scalar integer; name a dimension (`argK.D`)".to_string(),
        );
    }
    let Some(&first) = (m.op(main).regions.first())
        .and_then(|&r| m.region(r).blocks.first())
        .and_then(|&b| m.block(b).ops.first())
    else {
        return Err("`@main` has no body".to_string());
    };
    let attr = Attr::Dense {
        body: DenseBody::Elems(DenseElem::Scalar(value.to_string().into())),
        ty: ty.clone(),
    };
    let c = m.create_before(
        first,
        (
            "stablehlo.constant",
            Vec::new(),
            vec![NamedAttr::new("value", attr)],
        ),
        ty,
    );
    m.replace_all_uses(arg, c);
    Ok(())
}

/// The arguments of `f`'s entry block.
pub(super) fn entry_args(m: &Module, f: OpId) -> Vec<ValueId> {
    (m.op(f).regions.first())
        .and_then(|&r| m.region(r).blocks.first())
        .map_or_else(Vec::new, |&b| m.block(b).args.clone())
}

/// The function named `name`.
fn function(m: &Module, name: &str) -> Option<OpId> {
    m.walk().into_iter().find(|&o| {
        &*m.op(o).name == "func.func"
            && m.op(o).attr("sym_name").and_then(Attr::as_str).as_deref() == Some(name)
    })
}
