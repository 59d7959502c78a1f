//! A shape-polymorphic op made its static twin once the values it reads its shape from are
//! known: `dynamic_broadcast_in_dim` → `broadcast_in_dim`, `dynamic_reshape` → `reshape`,
//! `dynamic_iota` → `iota`, `real_dynamic_slice` → `slice`, `dynamic_pad` → `pad`,
//! `dynamic_gather` → `gather`, `dynamic_conv` → `convolution`. The twin reads the same data
//! operands, has the same attributes but the shape ones, which become attributes, and a static
//! result type; what it computes is the same (StableHLO's `stablehlo-refine-shapes` canonicalizes
//! so).

use egfuse_ir::facts::int_list;
use egfuse_ir::{Attr, DenseBody, DenseElem, ElemType, Module, NamedAttr, OpId, Signedness, Type};
use egfuse_ir::{TensorType, ValueId};

/// The ops [`rewrite`] makes static, with how many leading operands are data.
pub(super) const DYNAMIC_OPS: &[(&str, usize)] = &[
    ("stablehlo.dynamic_broadcast_in_dim", 1),
    ("stablehlo.dynamic_reshape", 1),
    ("stablehlo.dynamic_iota", 0),
    ("stablehlo.real_dynamic_slice", 1),
    ("stablehlo.dynamic_pad", 2),
    ("stablehlo.dynamic_gather", 2),
    ("stablehlo.dynamic_conv", 2),
];

/// What a dynamic op becomes: the static op's name, its result dims and its attributes.
struct Twin {
    name: &'static str,
    dims: Vec<i64>,
    props: Vec<NamedAttr>,
}

/// `op` replaced by its static twin, given the values of its shape operands (those after its
/// data operands); the twin's id, or why the values do not fit the op.
pub(super) fn rewrite(m: &mut Module, op: OpId, shapes: &[Vec<i64>]) -> Result<OpId, String> {
    let o = m.op(op);
    let data_count = (DYNAMIC_OPS.iter())
        .find(|(n, _)| **n == *o.name)
        .map_or(0, |(_, k)| *k);
    let data: Vec<ValueId> = o.operands[..data_count].to_vec();
    let result = o.results[0];
    let declared = (m.ty(result).as_tensor().cloned()).ok_or("a result that is not a tensor")?;
    let x = (data.first().and_then(|&v| m.ty(v).dims())).map_or_else(Vec::new, <[i64]>::to_vec);
    let props: Vec<NamedAttr> = (o.props.iter().chain(&o.attrs)).cloned().collect();
    let shape = shapes.first().cloned().unwrap_or_default();
    let keep = |name: &str| props.iter().filter(|a| &*a.name == name).cloned().collect();
    let twin = match &*o.name {
        "stablehlo.dynamic_broadcast_in_dim" => broadcast(&x, shape, keep("broadcast_dimensions"))?,
        "stablehlo.dynamic_reshape" => reshape(&x, shape)?,
        "stablehlo.dynamic_iota" => Twin {
            name: "stablehlo.iota",
            dims: shape,
            props: keep("iota_dimension"),
        },
        "stablehlo.real_dynamic_slice" => slice(&x, shapes)?,
        "stablehlo.dynamic_pad" => pad(&x, shapes)?,
        "stablehlo.dynamic_gather" => {
            let mut props = props.clone();
            props.push(array("slice_sizes", &shape));
            // The result's dims follow from the sizes: the walk infers them next.
            Twin {
                name: "stablehlo.gather",
                dims: declared.dims.clone().unwrap_or_default(),
                props,
            }
        }
        "stablehlo.dynamic_conv" => {
            let mut props = props.clone();
            props.push(NamedAttr::new("padding", pairs(&shape)));
            Twin {
                name: "stablehlo.convolution",
                dims: declared.dims.clone().unwrap_or_default(),
                props,
            }
        }
        name => return Err(format!("`{name}` is not a dynamic op")),
    };
    let ty = Type::Tensor(TensorType {
        dims: Some(twin.dims),
        ..declared
    });
    let value = m.create_before(op, (twin.name, data, twin.props), ty);
    m.replace_all_uses(result, value);
    m.erase_op(op).map_err(|d| d.message)?;
    m.defining_op(value)
        .ok_or_else(|| "the twin has no op".to_string())
}

/// `broadcast_in_dim` to `shape`: each operand dim is 1 or the size it maps to.
fn broadcast(x: &[i64], shape: Vec<i64>, props: Vec<NamedAttr>) -> Result<Twin, String> {
    let map = (props.first().and_then(|a| int_list(&a.value))).ok_or("no broadcast_dimensions")?;
    for (j, &r) in map.iter().enumerate() {
        let to = shape
            .get(r as usize)
            .copied()
            .ok_or("a broadcast dimension past the shape")?;
        if x.get(j).is_some_and(|&d| d != 1 && d != to) {
            return Err(format!("broadcasts dim {j} of size {} to {to}", x[j]));
        }
    }
    Ok(Twin {
        name: "stablehlo.broadcast_in_dim",
        dims: shape,
        props,
    })
}

/// `reshape` to `shape`, of as many elements.
fn reshape(x: &[i64], shape: Vec<i64>) -> Result<Twin, String> {
    let count: i64 = x.iter().product();
    if shape.iter().product::<i64>() != count {
        return Err(format!("reshapes {count} elements to {shape:?}"));
    }
    Ok(Twin {
        name: "stablehlo.reshape",
        dims: shape,
        props: Vec::new(),
    })
}

/// `slice` from the start to the limit by the strides, inside the operand.
fn slice(x: &[i64], shapes: &[Vec<i64>]) -> Result<Twin, String> {
    let [start, limit, strides] = shapes else {
        return Err("a real_dynamic_slice without start, limit and strides".to_string());
    };
    let fits = (0..x.len())
        .all(|i| 0 <= start[i] && start[i] <= limit[i] && limit[i] <= x[i] && strides[i] > 0);
    if [start.len(), limit.len(), strides.len()] != [x.len(); 3] || !fits {
        return Err(format!(
            "slices {x:?} from {start:?} to {limit:?} by {strides:?}"
        ));
    }
    let dims = (0..x.len())
        .map(|i| ((limit[i] - start[i]) as u64).div_ceil(strides[i] as u64) as i64)
        .collect();
    let props = vec![
        array("start_indices", start),
        array("limit_indices", limit),
        array("strides", strides),
    ];
    Ok(Twin {
        name: "stablehlo.slice",
        dims,
        props,
    })
}

/// `pad` by the low, high and interior padding.
fn pad(x: &[i64], shapes: &[Vec<i64>]) -> Result<Twin, String> {
    let [lo, hi, inner] = shapes else {
        return Err("a dynamic_pad without its three paddings".to_string());
    };
    if [lo.len(), hi.len(), inner.len()] != [x.len(); 3] || inner.iter().any(|&p| p < 0) {
        return Err(format!("pads {x:?} by {lo:?}, {hi:?}, {inner:?}"));
    }
    let dims = (0..x.len())
        .map(|i| x[i] + lo[i] + hi[i] + (x[i] - 1).max(0) * inner[i])
        .collect();
    let props = vec![
        array("edge_padding_low", lo),
        array("edge_padding_high", hi),
        array("interior_padding", inner),
    ];
    Ok(Twin {
        name: "stablehlo.pad",
        dims,
        props,
    })
}

/// A convolution's padding, `dense<[[low, high], ...]> : tensor<Nx2xi64>`.
fn pairs(flat: &[i64]) -> Attr {
    let pairs = (flat.chunks(2)).map(|p| {
        DenseElem::List(
            p.iter()
                .map(|v| DenseElem::Scalar(v.to_string().into()))
                .collect(),
        )
    });
    let ty = Type::tensor(vec![(flat.len() / 2) as i64, 2], i64_elem());
    Attr::Dense {
        body: DenseBody::Elems(DenseElem::List(pairs.collect())),
        ty,
    }
}

/// `name = array<i64: values>`.
fn array(name: &str, values: &[i64]) -> NamedAttr {
    NamedAttr::new(name, Attr::i64_array(values.to_vec()))
}

fn i64_elem() -> ElemType {
    ElemType::Int {
        sign: Signedness::Signless,
        width: 64,
    }
}

/// A `real_dynamic_slice` whose start is known only at run time but whose limit is that start
/// plus `sizes` (JAX's `dynamic_slice` of a symbolic size spells it so) as the `dynamic_slice`
/// of those sizes, its start split into one scalar per dimension.
pub(super) fn sliding(m: &mut Module, op: OpId, sizes: &[i64]) -> Result<OpId, String> {
    let o = m.op(op);
    let (x, start, result) = (o.operands[0], o.operands[1], o.results[0]);
    let declared = m
        .ty(result)
        .as_tensor()
        .cloned()
        .ok_or("a result that is not a tensor")?;
    let elem = m
        .ty(start)
        .elem()
        .cloned()
        .ok_or("a start that is not a tensor")?;
    let mut operands = vec![x];
    for i in 0..sizes.len() as i64 {
        let props = vec![
            array("start_indices", &[i]),
            array("limit_indices", &[i + 1]),
            array("strides", &[1]),
        ];
        let one = m.create_before(
            op,
            ("stablehlo.slice", vec![start], props),
            Type::tensor(vec![1], elem.clone()),
        );
        operands.push(m.create_before(
            op,
            ("stablehlo.reshape", vec![one], Vec::new()),
            Type::tensor(vec![], elem.clone()),
        ));
    }
    let ty = Type::Tensor(TensorType {
        dims: Some(sizes.to_vec()),
        ..declared
    });
    let props = vec![array("slice_sizes", sizes)];
    let value = m.create_before(op, ("stablehlo.dynamic_slice", operands, props), ty);
    m.replace_all_uses(result, value);
    m.erase_op(op).map_err(|d| d.message)?;
    m.defining_op(value)
        .ok_or_else(|| "the twin has no op".to_string())
}

/// Whether `a` and `b` compute the same value: the same value, or the same op (name and
/// attributes) of operands that compute the same, `depth` ops deep at most.
pub(super) fn same(m: &Module, a: ValueId, b: ValueId, depth: usize) -> bool {
    if a == b {
        return true;
    }
    let (Some(p), Some(q)) = (m.defining_op(a), m.defining_op(b)) else {
        return false;
    };
    let (p, q) = (m.op(p), m.op(q));
    depth > 0
        && p.name == q.name
        && p.props == q.props
        && p.attrs == q.attrs
        && p.regions.is_empty()
        && p.operands.len() == q.operands.len()
        && p.results.iter().position(|&r| r == a) == q.results.iter().position(|&r| r == b)
        && (p.operands.iter().zip(&q.operands)).all(|(&x, &y)| same(m, x, y, depth - 1))
}
