//! Laws of the model that the extractor relies on: fusion saves the intermediates' round trips,
//! an escaping intermediate pays its write, recomputation is paid, big work costs more than
//! small, costs saturate and are deterministic.

use super::default_target;
use egfuse_cost::{Cost, OpShape, Target, Traffic};
use egfuse_ir::{ElemType, FloatKind, Type};

fn tensor(dims: &[i64], elem: ElemType) -> Type {
    Type::tensor(dims.to_vec(), elem)
}

fn bf16() -> ElemType {
    ElemType::Float(FloatKind::BF16)
}

/// The shape of `name` applied to `operands`, giving `result`.
fn op(target: &Target, name: &str, operands: &[&Type], result: &Type) -> OpShape {
    OpShape::classify(target, name, &[], operands.iter().copied(), [result])
}

/// A chain of `n` elementwise ops over `t`: exponential, add of a second input, tanh,
/// multiply by the second input, and again. Returns the body and the cluster's live-ins.
fn chain(target: &Target, t: &Type, n: usize) -> (Vec<OpShape>, Traffic) {
    let names = ["exponential", "add", "tanh", "multiply"];
    let body: Vec<OpShape> = (0..n)
        .map(|i| {
            let name = format!("stablehlo.{}", names[i % names.len()]);
            let operands: &[&Type] = if i % 2 == 1 { &[t, t] } else { &[t] };
            op(target, &name, operands, t)
        })
        .collect();
    let inputs = if n > 1 { 2 } else { 1 };
    (body, Traffic::of(target, std::iter::repeat_n(t, inputs)))
}

#[test]
fn fusing_an_elementwise_chain_costs_less_than_running_it_op_by_op() {
    let target = default_target();
    let sizes = [
        tensor(&[1024, 1024], ElemType::F32),
        tensor(&[4096, 4096], bf16()),
        tensor(&[8, 8], ElemType::F32),
    ];
    for t in &sizes {
        for n in 1..=8 {
            let (body, live_ins) = chain(&target, t, n);
            let unfused: Cost = body.iter().map(|o| target.op_cost(o)).sum();
            let live_outs = Traffic::of(&target, [t]);
            let fused = target.cluster_cost(live_ins, live_outs, &body);
            if n == 1 {
                assert_eq!(fused, unfused, "a cluster of one op costs the op alone");
            } else {
                assert!(
                    fused < unfused,
                    "{n} ops over {t:?}: fused {fused}, unfused {unfused}"
                );
            }
        }
    }
}

#[test]
fn an_escaping_intermediate_costs_its_write_and_fusing_still_pays() {
    let target = default_target();
    let t = tensor(&[1024, 1024], ElemType::F32);
    let (body, live_ins) = chain(&target, &t, 2);
    let out = Traffic::of(&target, [&t]);
    let contained = target.cluster_cost(live_ins, out, &body);
    let escaping = target.cluster_cost(live_ins, out + out, &body);
    assert!(escaping > contained);
    assert_eq!(escaping, contained + target.transfer_cost(out));
    let unfused: Cost = body.iter().map(|o| target.op_cost(o)).sum();
    assert!(
        escaping < unfused,
        "the escaping value is written once, never read back"
    );
}

#[test]
fn recomputing_a_shared_value_in_two_clusters_is_paid_for() {
    let target = default_target();
    let t = tensor(&[2048, 1024], ElemType::F32);
    let exp = op(&target, "stablehlo.exponential", &[&t], &t);
    let add = op(&target, "stablehlo.add", &[&t, &t], &t);
    let mul = op(&target, "stablehlo.multiply", &[&t, &t], &t);
    let one = Traffic::of(&target, [&t]);
    let once = target.cluster_cost(one + one, one + one, [exp, add, mul]);
    let twice = target.cluster_cost(one + one, one, [exp, add])
        + target.cluster_cost(one + one, one, [exp, mul]);
    assert!(twice > once);
    assert!(twice >= once + target.compute_cost(&exp.work));
}

#[test]
fn a_large_matmul_costs_more_than_a_large_add() {
    let target = default_target();
    for elem in [ElemType::F32, bf16()] {
        let square = tensor(&[1024, 1024], elem.clone());
        let matmul = op(&target, "stablehlo.dot", &[&square, &square], &square);
        let add = op(&target, "stablehlo.add", &[&square, &square], &square);
        assert!(target.op_cost(&matmul) > target.op_cost(&add), "{elem:?}");
        assert!(target.compute_cost(&matmul.work) > target.compute_cost(&add.work));
    }
}

#[test]
fn bf16_matmuls_are_faster_than_f32_by_the_pass_count() {
    let target = default_target();
    let compute = |elem: ElemType| {
        let square = tensor(&[1024, 1024], elem);
        let matmul = op(&target, "stablehlo.dot", &[&square, &square], &square);
        target.compute_cost(&matmul.work)
    };
    let (fast, slow) = (compute(bf16()), compute(ElemType::F32));
    // 8 M tiles x 8 K tiles x 1024 columns of N = 65536 cycles at 2.8 GHz.
    assert_eq!(fast, Cost::from_ps(23_405_715));
    assert_eq!(slow, Cost::from_ps(93_622_858));
}

#[test]
fn more_elements_never_cost_less() {
    let target = default_target();
    let names = [
        "stablehlo.add",
        "stablehlo.exponential",
        "stablehlo.dot",
        "stablehlo.sort",
    ];
    for name in names {
        let mut last = Cost::ZERO;
        for side in [1, 2, 3, 16, 127, 128, 129, 512, 513, 1000, 4096] {
            let t = tensor(&[side, side], ElemType::F32);
            let cost = target.op_cost(&op(&target, name, &[&t, &t], &t));
            assert!(cost >= last, "{name} {side}: {cost} < {last}");
            last = cost;
        }
    }
}

#[test]
fn views_are_free_inside_a_cluster_but_not_alone() {
    let target = default_target();
    let (small, big) = (
        tensor(&[1024], ElemType::F32),
        tensor(&[64, 1024], ElemType::F32),
    );
    let bcast = op(&target, "stablehlo.broadcast_in_dim", &[&small], &big);
    assert_eq!(target.compute_cost(&bcast.work), Cost::ZERO);
    assert!(target.op_cost(&bcast) > target.transfer_cost(Traffic::of(&target, [&big])));
}

#[test]
fn costs_saturate_instead_of_overflowing() {
    let max = Cost::from_ps(u64::MAX - 1);
    assert_eq!(max + Cost::from_ps(2), Cost::INFINITY);
    assert_eq!(Cost::INFINITY + Cost::from_ps(1), Cost::INFINITY);
    assert_eq!(max * 3, Cost::INFINITY);
    assert_eq!(
        [max, max, Cost::ZERO].into_iter().sum::<Cost>(),
        Cost::INFINITY
    );
    assert!(Cost::from_ps(u64::MAX - 1) < Cost::INFINITY);
    let target = default_target();
    let huge = tensor(&[1 << 40, 1 << 40], ElemType::F32);
    let matmul = op(&target, "stablehlo.dot", &[&huge, &huge], &huge);
    assert_eq!(target.op_cost(&matmul), Cost::INFINITY);
    let add = op(&target, "stablehlo.add", &[&huge, &huge], &huge);
    assert_eq!(target.op_cost(&add), Cost::INFINITY);
    let texts: Vec<String> = [0, 850, 1_250, 12_345_678, 3_000_000_000, 2_500_000_000_000]
        .into_iter()
        .map(|ps| Cost::from_ps(ps).to_string())
        .chain([Cost::INFINITY.to_string()])
        .collect();
    assert_eq!(
        texts,
        [
            "0 ps",
            "850 ps",
            "1.250 ns",
            "12.345 us",
            "3.000 ms",
            "2.500 s",
            "inf"
        ]
    );
}

#[test]
fn costs_are_deterministic() {
    let costs = || {
        let target = Target::parse(&default_target().to_string()).expect("canonical form");
        let mut out = Vec::new();
        for side in [7, 128, 1000] {
            let t = tensor(&[side, 3 * side], bf16());
            let (body, live_ins) = chain(&target, &t, 5);
            out.extend(body.iter().map(|o| target.op_cost(o)));
            out.push(target.cluster_cost(live_ins, Traffic::of(&target, [&t]), &body));
        }
        out
    };
    let first = costs();
    assert_eq!(first, costs());
    assert_eq!(first.len(), 18);
    // 1 us launch, 3 transfers of 500 ns and 882 bytes, 402.5 ns of compute on ScalarE and VectorE.
    assert_eq!(
        first[5].to_string(),
        "2.904 us",
        "a 5-op cluster over 7x21 bf16"
    );
}
