//! Ops whose shapes or offsets come from runtime values: `dynamic_slice`,
//! `dynamic_update_slice`, `get_dimension_size`, `set_dimension_size`, and the shape-polymorphic
//! `dynamic_broadcast_in_dim`, `dynamic_iota`, `dynamic_reshape` and `real_dynamic_slice`.

use super::dispatch::Claim;
use super::layout::{axis, int_attr, required_ints, shape_operand, steps, Walk};
use super::shape::{broadcast_to, iota, reshape_to, slice};
use super::tensor::{Data, Tensor};
use super::Interpreter;
use egfuse_ir::OpId;

pub fn eval(cx: &mut Interpreter, op: OpId, stem: &str, args: &[&Tensor]) -> Claim {
    Some(
        match stem {
            "dynamic_slice" => dynamic_slice(cx, op, args),
            "dynamic_update_slice" => dynamic_update_slice(args),
            "get_dimension_size" => get_dimension_size(cx, op, args[0]),
            "set_dimension_size" => set_dimension_size(cx, op, args),
            "dynamic_broadcast_in_dim" => required_ints(cx, op, "broadcast_dimensions")
                .and_then(|dims| broadcast_to(args[0], &dims, admitted(cx, args[1], args[0])?)),
            "dynamic_iota" => cx.result_elem(op, 0).and_then(|elem| {
                iota(
                    &elem,
                    admitted(cx, args[0], args[0])?,
                    int_attr(cx, op, "iota_dimension", 0),
                )
            }),
            "dynamic_reshape" => shape_operand(args[1]).and_then(|s| reshape_to(args[0], s)),
            "real_dynamic_slice" => real_dynamic_slice(args),
            _ => return None,
        }
        .map(|t| vec![t]),
    )
}

/// Start indices from scalar operands, each clamped to `[0, dim - size]` as the spec says.
/// The shape `shape` holds, once a result of that shape with elements stored like `like`'s
/// fits in what the run may still hold.
fn admitted(cx: &Interpreter, shape: &Tensor, like: &Tensor) -> Result<Vec<usize>, String> {
    let dims = shape_operand(shape)?;
    let per = match like.data {
        Data::Float(_) => 8,
        _ => 16,
    };
    cx.admit_shape(&dims, per, "the result")?;
    Ok(dims)
}

fn clamped_starts(
    shape: &[usize],
    sizes: &[usize],
    starts: &[&Tensor],
) -> Result<Vec<usize>, String> {
    if starts.len() != shape.len() || sizes.len() != shape.len() {
        return Err(format!(
            "{} start indices and {} sizes for rank {}",
            starts.len(),
            sizes.len(),
            shape.len()
        ));
    }
    let mut out = Vec::with_capacity(shape.len());
    for d in 0..shape.len() {
        if sizes[d] > shape[d] {
            return Err(format!(
                "size {} exceeds dimension {d} of size {}",
                sizes[d], shape[d]
            ));
        }
        let s = *starts[d].as_indices()?.first().ok_or("empty start index")?;
        out.push(s.clamp(0, (shape[d] - sizes[d]) as i64) as usize);
    }
    Ok(out)
}

fn dynamic_slice(cx: &Interpreter, op: OpId, args: &[&Tensor]) -> Result<Tensor, String> {
    let t = args[0];
    let sizes: Vec<usize> = required_ints(cx, op, "slice_sizes")?
        .into_iter()
        .map(|s| usize::try_from(s).map_err(|_| format!("negative slice size {s}")))
        .collect::<Result<_, _>>()?;
    let starts = clamped_starts(&t.shape, &sizes, &args[1..])?;
    let st = steps(&t.shape);
    let base: isize = starts.iter().zip(&st).map(|(&s, &k)| s as isize * k).sum();
    let data = t.data.select(Walk::new(&sizes, &st, base));
    Ok(Tensor::new(t.elem.clone(), sizes, data))
}

fn dynamic_update_slice(args: &[&Tensor]) -> Result<Tensor, String> {
    let (t, update) = (args[0], args[1]);
    if update.rank() != t.rank() {
        return Err("update rank differs from operand rank".to_string());
    }
    let starts = clamped_starts(&t.shape, &update.shape, &args[2..])?;
    let st = steps(&t.shape);
    let base: isize = starts.iter().zip(&st).map(|(&s, &k)| s as isize * k).sum();
    let mut out = t.clone();
    for (j, i) in Walk::new(&update.shape, &st, base).enumerate() {
        out.data.set_from(i, &update.data, j);
    }
    Ok(out)
}

fn get_dimension_size(cx: &Interpreter, op: OpId, t: &Tensor) -> Result<Tensor, String> {
    let d = axis(int_attr(cx, op, "dimension", 0), t.rank())?;
    let elem = cx.result_elem(op, 0)?;
    let v = elem.wrap(t.shape[d] as i128);
    Ok(Tensor::scalar(elem, Data::Int(vec![v])))
}

/// `set_dimension_size`: where the result type leaves the dimension dynamic, the result keeps
/// the first `size` elements of it (XLA's dynamic size); a static result dimension keeps the
/// operand as it is, since the static size is the bound the data is padded to.
fn set_dimension_size(cx: &Interpreter, op: OpId, args: &[&Tensor]) -> Result<Tensor, String> {
    let t = args[0];
    let d = axis(int_attr(cx, op, "dimension", 0), t.rank())?;
    let dynamic = cx
        .result_type(op, 0)
        .and_then(|ty| ty.dims.as_ref())
        .is_none_or(|dims| dims.get(d).is_none_or(|&x| x < 0));
    if !dynamic {
        return Ok(t.clone());
    }
    let size = *args[1].as_indices()?.first().ok_or("empty size operand")?;
    if size < 0 || size as usize > t.shape[d] {
        return Err(format!(
            "size {size} is outside dimension {d} of size {}",
            t.shape[d]
        ));
    }
    let start = vec![0; t.rank()];
    let mut limit: Vec<i64> = t.shape.iter().map(|&n| n as i64).collect();
    limit[d] = size;
    slice(t, &start, &limit, &vec![1; t.rank()])
}

fn real_dynamic_slice(args: &[&Tensor]) -> Result<Tensor, String> {
    let [t, start, limit, stride] = args else {
        return Err("real_dynamic_slice takes four operands".to_string());
    };
    slice(
        t,
        &start.as_indices()?,
        &limit.as_indices()?,
        &stride.as_indices()?,
    )
}
