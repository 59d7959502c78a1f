//! Classification: the engine, work and traffic each kind of op gets, from a parsed module and
//! from bare names and types, and the cost of each op on its own.

use super::default_target;
use egfuse_cost::{Cost, Engine, OpShape, Precision, Traffic, Work};
use egfuse_ir::parse::parse;
use egfuse_ir::{ElemType, FloatKind, Module, OpId, Type};
use expect_test::expect;
use std::fmt::Write;

const MODULE: &str = r#"func.func @main(%x: tensor<4x128x256xbf16>, %w: tensor<4x256x512xbf16>, %i: tensor<8x2xi32>, %d: tensor<?x64xf32>) -> tensor<4x128xf32> {
  %0 = stablehlo.dot_general %x, %w, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x128x256xbf16>, tensor<4x256x512xbf16>) -> tensor<4x128x512xf32>
  %1 = stablehlo.exponential %0 : tensor<4x128x512xf32>
  %c = stablehlo.constant dense<1.000000e+00> : tensor<4x128x512xf32>
  %2 = stablehlo.add %1, %c : tensor<4x128x512xf32>
  %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %3 = stablehlo.reduce(%2 init: %z) applies stablehlo.add across dimensions = [2] : (tensor<4x128x512xf32>, tensor<f32>) -> tensor<4x128xf32>
  %4 = stablehlo.reshape %3 : (tensor<4x128xf32>) -> tensor<512xf32>
  %5 = stablehlo.transpose %3, dims = [1, 0] : (tensor<4x128xf32>) -> tensor<128x4xf32>
  %6 = stablehlo.convert %x : (tensor<4x128x256xbf16>) -> tensor<4x128x256xf32>
  %7 = stablehlo.sqrt %d : tensor<?x64xf32>
  %8 = stablehlo.custom_call @foo(%3) : (tensor<4x128xf32>) -> tensor<4x128xf32>
  return %3 : tensor<4x128xf32>
}
"#;

/// The ops of the function body, in order.
fn body(m: &Module) -> Vec<OpId> {
    let func = m.block(m.top).ops[0];
    let region = m.op(func).regions[0];
    m.block(m.region(region).blocks[0]).ops.clone()
}

#[test]
fn each_op_of_a_module_gets_its_engine_work_and_cost() {
    let target = default_target();
    let m = parse(MODULE).expect("the module parses");
    let mut out = String::new();
    for op in body(&m) {
        let shape = OpShape::of(&target, &m, op);
        let engine = shape.engine().map_or("-".to_string(), |e| format!("{e:?}"));
        let (r, w) = (shape.reads, shape.writes);
        writeln!(
            out,
            "{}: {engine} {:?}\n    reads {}/{} B, writes {}/{} B, alone {}, fused {}",
            m.op(op).name,
            shape.work,
            r.tensors,
            r.bytes,
            w.tensors,
            w.bytes,
            target.op_cost(&shape),
            target.compute_cost(&shape.work),
        )
        .unwrap();
    }
    expect![[r#"
        stablehlo.dot_general: Tensor Matmul { batch: 4, m: 128, n: 512, k: 256, precision: Fast }
            reads 2/1310720 B, writes 1/1048576 B, alone 9.717 us, fused 1.462 us
        stablehlo.exponential: Scalar Activation { elements: 262144 }
            reads 1/1048576 B, writes 1/1048576 B, alone 8.649 us, fused 1.534 us
        stablehlo.constant: - Constant { bytes: 0 }
            reads 0/0 B, writes 0/0 B, alone 0 ps, fused 0 ps
        stablehlo.add: Vector Vector { elements: 262144, inputs: 2 }
            reads 2/2097152 B, writes 1/1048576 B, alone 13.918 us, fused 3.746 us
        stablehlo.constant: - Constant { bytes: 0 }
            reads 0/0 B, writes 0/0 B, alone 0 ps, fused 0 ps
        stablehlo.reduce: Vector Vector { elements: 262144, inputs: 1 }
            reads 1/1048580 B, writes 1/2048 B, alone 6.480 us, fused 1.917 us
        stablehlo.reshape: - View
            reads 1/2048 B, writes 1/2048 B, alone 2.009 us, fused 0 ps
        stablehlo.transpose: Vector Vector { elements: 512, inputs: 1 }
            reads 1/2048 B, writes 1/2048 B, alone 2.102 us, fused 92.858 ns
        stablehlo.convert: Vector Vector { elements: 131072, inputs: 1 }
            reads 1/262144 B, writes 1/524288 B, alone 4.921 us, fused 1.003 us
        stablehlo.sqrt: Scalar Activation { elements: 65536 }
            reads 1/262144 B, writes 1/262144 B, alone 3.715 us, fused 437.143 ns
        stablehlo.custom_call: GpSimd Opaque { elements: 512 }
            reads 1/2048 B, writes 1/2048 B, alone 2.084 us, fused 74.286 ns
        func.return: - None
            reads 0/0 B, writes 0/0 B, alone 0 ps, fused 0 ps
    "#]]
    .assert_eq(&out);
}

#[test]
fn names_and_types_alone_classify_like_the_module_op() {
    let target = default_target();
    let m = parse(MODULE).expect("the module parses");
    for op in body(&m) {
        let o = m.op(op);
        let operands: Vec<Type> = o.operands.iter().map(|&v| m.ty(v).clone()).collect();
        let results: Vec<Type> = o.results.iter().map(|&v| m.ty(v).clone()).collect();
        let bare = OpShape::classify(&target, &o.name, &o.props, &operands, &results);
        assert_eq!(bare, OpShape::of(&target, &m, op), "{}", o.name);
    }
}

fn tensor(dims: &[i64], elem: ElemType) -> Type {
    Type::tensor(dims.to_vec(), elem)
}

fn float(k: FloatKind) -> ElemType {
    ElemType::Float(k)
}

#[test]
fn engines_follow_the_op_kind_and_dialect() {
    let target = default_target();
    let t = tensor(&[64, 64], ElemType::F32);
    let engine = |name: &str, n: usize| {
        let operands = vec![t.clone(); n];
        OpShape::classify(&target, name, &[], &operands, [&t]).engine()
    };
    assert_eq!(engine("stablehlo.exponential", 1), Some(Engine::Scalar));
    assert_eq!(engine("mhlo.logistic", 1), Some(Engine::Scalar));
    assert_eq!(engine("chlo.erf", 1), Some(Engine::Scalar));
    assert_eq!(engine("stablehlo.add", 2), Some(Engine::Vector));
    assert_eq!(engine("chlo.broadcast_multiply", 2), Some(Engine::Vector));
    assert_eq!(engine("stablehlo.dot_general", 2), Some(Engine::Tensor));
    assert_eq!(engine("stablehlo.gather", 2), Some(Engine::GpSimd));
    assert_eq!(engine("stablehlo.broadcast_in_dim", 1), None);
    assert_eq!(engine("func.return", 1), None);
    assert_eq!(engine("stablehlo.custom_call", 1), Some(Engine::GpSimd));
    // A power of integers is arithmetic, not an activation.
    let i = tensor(&[64], ElemType::I32);
    let power = OpShape::classify(&target, "stablehlo.power", &[], [&i, &i], [&i]);
    assert_eq!(power.engine(), Some(Engine::Vector));
}

#[test]
fn dtypes_set_bytes_lanes_and_matmul_precision() {
    let target = default_target();
    let shape = |elem: ElemType| {
        let (l, r) = (
            tensor(&[32, 64], elem.clone()),
            tensor(&[64, 16], elem.clone()),
        );
        let out = tensor(&[32, 16], elem);
        OpShape::classify(&target, "stablehlo.dot", &[], [&l, &r], [&out])
    };
    let matmul = |precision| Work::Matmul {
        batch: 1,
        m: 32,
        n: 16,
        k: 64,
        precision,
    };
    assert_eq!(shape(float(FloatKind::BF16)).work, matmul(Precision::Fast));
    assert_eq!(shape(float(FloatKind::F32)).work, matmul(Precision::Fp32));
    assert_eq!(
        shape(ElemType::I32).work,
        Work::GpSimd {
            operations: 32 * 16 * 64,
            bits: 32
        }
    );
    assert_eq!(
        shape(float(FloatKind::BF16)).reads,
        Traffic {
            tensors: 2,
            bytes: 2 * (32 * 64 + 64 * 16)
        }
    );
    // An f64 element takes two 32-bit lanes; an i1 element is stored in a byte.
    let d = tensor(&[100], float(FloatKind::F64));
    let neg = OpShape::classify(&target, "stablehlo.negate", &[], [&d], [&d]);
    assert_eq!(
        neg.work,
        Work::Vector {
            elements: 200,
            inputs: 1
        }
    );
    let b = tensor(&[100], ElemType::I1);
    let not = OpShape::classify(&target, "stablehlo.not", &[], [&b], [&b]);
    assert_eq!(not.writes, Traffic::tensor(100));
}

#[test]
fn classifying_and_costing_allocate_nothing() {
    let target = default_target();
    let m = parse(MODULE).expect("the module parses");
    let ops = body(&m);
    let before = super::allocations();
    let mut total = Cost::ZERO;
    for _ in 0..100 {
        for &op in &ops {
            let shape = OpShape::of(&target, &m, op);
            total += target.op_cost(&shape);
            total += target.cluster_cost(shape.reads, shape.writes, [shape]);
        }
    }
    assert_eq!(super::allocations(), before, "the cost functions allocated");
    assert!(total > Cost::ZERO);
    // The counter does see allocations.
    drop(std::hint::black_box(vec![1u8]));
    assert_eq!(super::allocations(), before + 1);
}

#[test]
fn odd_types_and_unknown_ops_classify_without_panicking() {
    let target = default_target();
    let f = ElemType::F32;
    let types = [
        tensor(&[], f.clone()),
        tensor(&[0, 5], f.clone()),
        tensor(&[-1, -1, 7], bf16_elem()),
        Type::Tensor(egfuse_ir::TensorType {
            dims: None,
            elem: f.clone(),
            encoding: None,
        }),
        tensor(
            &[i64::MAX, i64::MAX],
            ElemType::Complex(Box::new(f.clone())),
        ),
        Type::Tuple(vec![tensor(&[3], f.clone()), Type::Scalar(ElemType::I64)]),
        Type::Scalar(ElemType::Dialect("quant.uniform<i8:f32, 0.5>".into())),
        Type::Dialect("stablehlo.token".into()),
        Type::None,
    ];
    let names = [
        "stablehlo.add",
        "stablehlo.exponential",
        "stablehlo.dot",
        "stablehlo.dot_general",
        "stablehlo.convolution",
        "stablehlo.reduce",
        "stablehlo.reduce_window",
        "stablehlo.sort",
        "stablehlo.scatter",
        "stablehlo.fft",
        "stablehlo.cholesky",
        "chlo.top_k",
        "stablehlo.constant",
        "stablehlo.while",
        "my.unknown_op",
        "",
    ];
    for name in names {
        for a in &types {
            for b in &types {
                for operands in [&[][..], std::slice::from_ref(a), &[a.clone(), b.clone()]] {
                    let shape = OpShape::classify(&target, name, &[], operands, [b]);
                    let alone = target.op_cost(&shape);
                    let fused = target.cluster_cost(shape.reads, shape.writes, [shape]);
                    match shape.work {
                        Work::None | Work::Constant { .. } => assert_eq!(alone, Cost::ZERO),
                        _ => assert_eq!(alone, fused, "{name} {a:?} {b:?}"),
                    }
                }
            }
        }
    }
}

fn bf16_elem() -> ElemType {
    float(FloatKind::BF16)
}
