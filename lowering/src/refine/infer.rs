//! The dims of an op's results from its operands' dims and its attributes, as StableHLO's type
//! inference gives them: what `refine` writes where an exported result type says `?`.
//!
//! Covered: the ops with a result of their operands' shape (every elementwise op, `select`,
//! `clamp`, `map`, `sort`, `scatter`, `reverse`, `dynamic_update_slice`, ...), and those that
//! place dimensions: `broadcast_in_dim`, `reshape` (one dimension left to infer), `transpose`,
//! `reduce`, `reduce_window`, `concatenate`, `pad`, `slice`, `dynamic_slice`, `dot`,
//! `dot_general`, `gather`, `convolution`, `fft` and `chlo.top_k`. Any other op with a `?` in
//! its result is an error naming it.

use egfuse_ir::conv::{padding, ConvDims, ConvWindow};
use egfuse_ir::facts::int_list;
use egfuse_ir::{Attr, Dim, Module, OpId, Operation, DYNAMIC};

/// The dims of each result of `op`, every one static; `Err` says why one cannot be known.
pub(super) fn dims(m: &Module, op: OpId) -> Result<Vec<Vec<Dim>>, String> {
    let o = m.op(op);
    let shape = |i: usize| -> Vec<Dim> {
        (o.operands.get(i))
            .and_then(|&v| m.ty(v).dims())
            .map_or_else(Vec::new, <[Dim]>::to_vec)
    };
    let ins: Vec<Vec<Dim>> = (0..o.operands.len()).map(shape).collect();
    let declared: Vec<Vec<Dim>> = (o.results.iter())
        .map(|&r| m.ty(r).dims().map_or_else(Vec::new, <[Dim]>::to_vec))
        .collect();
    let short = o.name.split_once('.').map_or(&*o.name, |(_, s)| s);
    let same = |i: usize| vec![ins.get(i).cloned().unwrap_or_default()];
    let out = match short {
        _ if o.def.is_some_and(|d| d.traits.elementwise) => vec![alike(&ins, &declared[0])],
        "select"
        | "clamp"
        | "map"
        | "is_finite"
        | "reduce_precision"
        | "compare"
        | "complex"
        | "real"
        | "imag"
        | "not"
        | "popcnt"
        | "count_leading_zeros"
        | "atan2"
        | "next_after" => {
            vec![alike(&ins, &declared[0])]
        }
        "sort" | "optimization_barrier" | "while" => ins.clone(),
        "scatter" => ins[..declared.len().min(ins.len())].to_vec(),
        "reverse" | "dynamic_update_slice" | "select_and_scatter" | "cholesky" => same(0),
        "triangular_solve" => same(1),
        "convert" | "bitcast_convert" | "uniform_quantize" | "uniform_dequantize" => same(0),
        "broadcast_in_dim" => vec![broadcast(o, &ins[0], &declared[0])?],
        "reshape" => vec![reshape(&ins[0], &declared[0])?],
        "transpose" => vec![permuted(&ins[0], &ints(o, "permutation")?)],
        "reduce" => reduce(o, &ins, declared.len())?,
        "reduce_window" => reduce_window(o, &ins, declared.len())?,
        "concatenate" => vec![concatenate(o, &ins)?],
        "pad" => vec![pad(o, &ins[0])?],
        "slice" => vec![slice(o)?],
        "dynamic_slice" => vec![ints(o, "slice_sizes")?],
        "dot" => vec![dot(&ins[0], &ins[1])],
        "dot_general" => vec![dot_general(o, &ins[0], &ins[1])?],
        "gather" => vec![gather(o, &ins[0], &ins[1], &ints(o, "slice_sizes")?)?],
        "convolution" => vec![convolution(o, &ins[0], &ins[1])?],
        "fft" => vec![fft(o, &ins[0])?],
        "top_k" => top_k(o, &ins[0], declared.len())?,
        _ if o.name.starts_with("chlo.") => vec![alike(&ins, &declared[0])],
        _ => return Err(format!("`{}` has no shape rule here", o.name)),
    };
    if out.len() != declared.len() {
        return Err(format!(
            "`{}` gives {} results, not {}",
            o.name,
            out.len(),
            declared.len()
        ));
    }
    for (dims, was) in out.iter().zip(&declared) {
        let fits = dims.len() == was.len()
            && (dims.iter().zip(was)).all(|(&d, &w)| w == d || w == DYNAMIC);
        if dims.contains(&DYNAMIC) || dims.iter().any(|&d| d < 0) || !fits {
            return Err(format!(
                "`{}` gives dims {dims:?} where the export declares {was:?}",
                o.name
            ));
        }
    }
    Ok(out)
}

/// The integers of `o`'s attribute `name`.
fn ints(o: &Operation, name: &str) -> Result<Vec<i64>, String> {
    (o.attr(name).and_then(int_list)).ok_or_else(|| format!("`{}` has no `{name}`", o.name))
}

/// The integers of the field `name` of `o`'s `dimension_numbers`, empty when absent.
fn field(o: &Operation, name: &str) -> Vec<i64> {
    (o.attr("dimension_numbers").and_then(|a| a.field(name)))
        .and_then(int_list)
        .unwrap_or_default()
}

/// A shape every operand of the result's rank agrees on: each dim from any operand that
/// knows it (scalar operands of `select` and `clamp` have another rank and say nothing).
fn alike(ins: &[Vec<Dim>], declared: &[Dim]) -> Vec<Dim> {
    let mut out = declared.to_vec();
    for (i, d) in out.iter_mut().enumerate() {
        if let Some(&k) = (ins.iter().filter(|s| s.len() == declared.len()))
            .map(|s| &s[i])
            .find(|&&k| k != DYNAMIC)
        {
            *d = k;
        }
    }
    out
}

/// A `broadcast_in_dim`'s unknown result dims from the operand dims mapped onto them (a
/// dim of 1 broadcasts, so it says nothing).
fn broadcast(o: &Operation, x: &[Dim], declared: &[Dim]) -> Result<Vec<Dim>, String> {
    let map = ints(o, "broadcast_dimensions")?;
    let mut out = declared.to_vec();
    for (j, &r) in map.iter().enumerate() {
        if let (Some(&d), Some(slot)) = (x.get(j), out.get_mut(r as usize)) {
            if *slot == DYNAMIC && d != 1 {
                *slot = d;
            }
        }
    }
    Ok(out)
}

/// A `reshape`'s one unknown dim from the element count.
fn reshape(x: &[Dim], declared: &[Dim]) -> Result<Vec<Dim>, String> {
    let total: i64 = x.iter().product();
    let unknown = declared.iter().filter(|&&d| d == DYNAMIC).count();
    let known: i64 = declared.iter().filter(|&&d| d != DYNAMIC).product();
    if unknown != 1 || known == 0 || total % known != 0 {
        return Err(format!(
            "a reshape of {x:?} to {declared:?} has no one answer"
        ));
    }
    Ok((declared.iter())
        .map(|&d| if d == DYNAMIC { total / known } else { d })
        .collect())
}

fn permuted(x: &[Dim], perm: &[i64]) -> Vec<Dim> {
    perm.iter()
        .map(|&p| x.get(p as usize).copied().unwrap_or(DYNAMIC))
        .collect()
}

/// A reduction's results: each input's dims without the reduced ones.
fn reduce(o: &Operation, ins: &[Vec<Dim>], n: usize) -> Result<Vec<Vec<Dim>>, String> {
    let along = ints(o, "dimensions")?;
    let kept = |x: &Vec<Dim>| -> Vec<Dim> {
        (x.iter().enumerate())
            .filter(|(i, _)| !along.contains(&(*i as i64)))
            .map(|(_, &d)| d)
            .collect()
    };
    Ok(ins[..n].iter().map(kept).collect())
}

/// A window reduction's results: per dim, the window positions that fit in the padded,
/// dilated input.
fn reduce_window(o: &Operation, ins: &[Vec<Dim>], n: usize) -> Result<Vec<Vec<Dim>>, String> {
    let x = &ins[0];
    let rank = x.len();
    let or_ones = |name: &str| {
        o.attr(name)
            .and_then(int_list)
            .unwrap_or_else(|| vec![1; rank])
    };
    let window = ints(o, "window_dimensions")?;
    let (strides, base, dilation) = (
        or_ones("window_strides"),
        or_ones("base_dilations"),
        or_ones("window_dilations"),
    );
    let pads = padding(o, rank).ok_or("a reduce_window's padding cannot be read")?;
    if [window.len(), strides.len(), base.len(), dilation.len()] != [rank; 4] {
        return Err("a reduce_window's attributes do not match its rank".to_string());
    }
    let dims: Vec<Dim> = (0..rank)
        .map(|i| {
            let input = (x[i] - 1).max(0) * base[i] + 1 + pads[i].0 + pads[i].1;
            let span = (window[i] - 1) * dilation[i] + 1;
            if input < span {
                0
            } else {
                (input - span) / strides[i] + 1
            }
        })
        .collect();
    Ok(vec![dims; n])
}

fn concatenate(o: &Operation, ins: &[Vec<Dim>]) -> Result<Vec<Dim>, String> {
    let d = ints(o, "dimension").or_else(|_| {
        (o.attr("dimension").and_then(Attr::as_int))
            .map(|v| vec![v as i64])
            .ok_or("no dimension".to_string())
    })?[0] as usize;
    let mut out = ins.first().cloned().unwrap_or_default();
    if d >= out.len() {
        return Err("a concatenate along a dimension past its rank".to_string());
    }
    out[d] = ins.iter().map(|s| s.get(d).copied().unwrap_or(0)).sum();
    Ok(out)
}

fn pad(o: &Operation, x: &[Dim]) -> Result<Vec<Dim>, String> {
    let (lo, hi, inner) = (
        ints(o, "edge_padding_low")?,
        ints(o, "edge_padding_high")?,
        ints(o, "interior_padding")?,
    );
    Ok((0..x.len())
        .map(|i| x[i] + lo[i] + hi[i] + (x[i] - 1).max(0) * inner[i])
        .collect())
}

fn slice(o: &Operation) -> Result<Vec<Dim>, String> {
    let (start, limit) = (ints(o, "start_indices")?, ints(o, "limit_indices")?);
    let strides = o
        .attr("strides")
        .and_then(int_list)
        .unwrap_or_else(|| vec![1; start.len()]);
    Ok((0..start.len())
        .map(|i| ((limit[i] - start[i]).max(0) as u64).div_ceil(strides[i].max(1) as u64) as i64)
        .collect())
}

/// `dot`: a matrix or vector times a matrix or vector.
fn dot(a: &[Dim], b: &[Dim]) -> Vec<Dim> {
    let mut out = a[..a.len().saturating_sub(1)].to_vec();
    if b.len() == 2 {
        out.push(b[1]);
    }
    out
}

/// `dot_general`: the batch dims, then the lhs's free dims, then the rhs's.
fn dot_general(o: &Operation, a: &[Dim], b: &[Dim]) -> Result<Vec<Dim>, String> {
    let numbers = |name| {
        (o.attr("dot_dimension_numbers").and_then(|a| a.field(name)))
            .and_then(int_list)
            .unwrap_or_default()
    };
    let (lb, rb) = (
        numbers("lhs_batching_dimensions"),
        numbers("rhs_batching_dimensions"),
    );
    let (lc, rc) = (
        numbers("lhs_contracting_dimensions"),
        numbers("rhs_contracting_dimensions"),
    );
    let free = |x: &[Dim], batch: &[i64], contract: &[i64]| -> Vec<Dim> {
        (x.iter().enumerate())
            .filter(|(i, _)| !batch.contains(&(*i as i64)) && !contract.contains(&(*i as i64)))
            .map(|(_, &d)| d)
            .collect()
    };
    let mut out: Vec<Dim> = lb
        .iter()
        .map(|&i| a.get(i as usize).copied().unwrap_or(DYNAMIC))
        .collect();
    out.extend(free(a, &lb, &lc));
    out.extend(free(b, &rb, &rc));
    Ok(out)
}

/// `gather`: the indices' batch dims (all but `index_vector_dim`, 0 when absent as StableHLO's
/// printer omits it) and the slice's kept dims, interleaved by `offset_dims`.
fn gather(o: &Operation, _x: &[Dim], idx: &[Dim], sizes: &[i64]) -> Result<Vec<Dim>, String> {
    let offset = field(o, "offset_dims");
    let collapsed = field(o, "collapsed_slice_dims");
    let batching = field(o, "operand_batching_dims");
    let vector = (o
        .attr("dimension_numbers")
        .and_then(|a| a.field("index_vector_dim")))
    .and_then(Attr::as_int)
    .map_or(0, |v| v as usize);
    let mut batch = (idx.iter().enumerate())
        .filter(|(i, _)| *i != vector)
        .map(|(_, &d)| d);
    let mut kept = (sizes.iter().enumerate())
        .filter(|(i, _)| !collapsed.contains(&(*i as i64)) && !batching.contains(&(*i as i64)))
        .map(|(_, &d)| d);
    let rank = offset.len() + idx.len() - usize::from(vector < idx.len());
    (0..rank)
        .map(|i| {
            if offset.contains(&(i as i64)) {
                kept.next()
            } else {
                batch.next()
            }
        })
        .collect::<Option<Vec<Dim>>>()
        .ok_or_else(|| "a gather's dimension numbers do not match its operands".to_string())
}

/// `convolution`: batch (over the batch groups), the kernel's output features, and per
/// spatial dim the window positions that fit in the padded, dilated input.
fn convolution(o: &Operation, x: &[Dim], k: &[Dim]) -> Result<Vec<Dim>, String> {
    let cd = ConvDims::of(o)?;
    let n = cd.lhs_spatial.len();
    let w = ConvWindow::of(o, n)?;
    let pads = padding(o, n).ok_or("a convolution's padding cannot be read")?;
    let groups = (o.attr("batch_group_count").and_then(Attr::as_int)).unwrap_or(1) as i64;
    let mut out = vec![0; n + 2];
    out[cd.out_batch] = x[cd.lhs_batch] / groups.max(1);
    out[cd.out_feature] = k[cd.rhs_out];
    for s in 0..n {
        let input =
            (x[cd.lhs_spatial[s]] - 1).max(0) * w.lhs_dilation[s] + 1 + pads[s].0 + pads[s].1;
        let span = (k[cd.rhs_spatial[s]] - 1) * w.rhs_dilation[s] + 1;
        out[cd.out_spatial[s]] = if input < span {
            0
        } else {
            (input - span) / w.strides[s] + 1
        };
    }
    Ok(out)
}

/// `fft`: the same dims, but a real transform's last: `n / 2 + 1` forward, `n` back.
fn fft(o: &Operation, x: &[Dim]) -> Result<Vec<Dim>, String> {
    let lengths = ints(o, "fft_length")?;
    let kind = o
        .attr("fft_type")
        .and_then(|a| a.enum_value("fft_type"))
        .unwrap_or("FFT");
    let mut out = x.to_vec();
    if let (Some(last), Some(&n)) = (out.last_mut(), lengths.last()) {
        match kind {
            "RFFT" => *last = n / 2 + 1,
            "IRFFT" => *last = n,
            _ => {}
        }
    }
    Ok(out)
}

/// `chlo.top_k`: values and indices, the operand's dims with `k` last.
fn top_k(o: &Operation, x: &[Dim], n: usize) -> Result<Vec<Vec<Dim>>, String> {
    let k = (o.attr("k").and_then(Attr::as_int)).ok_or("a top_k without k")? as i64;
    let mut out = x.to_vec();
    if let Some(last) = out.last_mut() {
        *last = k;
    }
    Ok(vec![out; n])
}
