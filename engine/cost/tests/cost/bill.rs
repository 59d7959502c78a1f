//! The split of a cost into HBM bytes and cycles per engine (`cost::plan`, what `egfuse
//! compare` reports): the cycles at their engine's clock are the compute cost, and a cluster of
//! one op bills what the op bills alone.

use super::default_target;
use egfuse_cost::model::clock;
use egfuse_cost::{Bill, Engine, OpShape, Target};
use egfuse_ir::{ElemType, FloatKind, Type};

/// Ops of every engine class, over a large and a small tensor.
fn shapes(target: &Target) -> Vec<OpShape> {
    let mut out = Vec::new();
    for dims in [vec![8, 8], vec![512, 2048]] {
        for elem in [ElemType::F32, ElemType::Float(FloatKind::BF16)] {
            let t = Type::tensor(dims.clone(), elem.clone());
            let square = Type::tensor(vec![dims[0], dims[0]], elem);
            let ops: [(&str, Vec<&Type>, &Type); 5] = [
                ("stablehlo.add", vec![&t, &t], &t),
                ("stablehlo.exponential", vec![&t], &t),
                ("stablehlo.sort", vec![&t], &t),
                ("stablehlo.reshape", vec![&t], &t),
                ("stablehlo.custom_call", vec![&t], &t),
            ];
            for (name, operands, result) in ops {
                out.push(OpShape::classify(target, name, &[], operands, [result]));
            }
            let dot = [&square, &square];
            out.push(OpShape::classify(
                target,
                "stablehlo.dot",
                &[],
                dot,
                [&square],
            ));
        }
    }
    out
}

#[test]
fn cycles_at_their_engine_clock_are_the_compute_cost() {
    let target = default_target();
    let mut engines = Vec::new();
    for s in shapes(&target) {
        match target.compute_cycles(&s.work) {
            Some((engine, cycles)) => {
                assert_eq!(
                    target.cycles(cycles, clock(engine)),
                    target.compute_cost(&s.work)
                );
                assert_eq!(s.engine(), Some(engine), "{s:?}");
                engines.push(engine);
            }
            None => assert_eq!(target.compute_cost(&s.work).ps(), 0, "{s:?}"),
        }
    }
    for engine in Engine::ALL {
        assert!(
            engines.contains(&engine),
            "no sample op runs on {}",
            engine.name()
        );
    }
}

#[test]
fn a_cluster_of_one_op_bills_what_the_op_bills_alone() {
    let target = default_target();
    for s in shapes(&target).into_iter().filter(|s| s.engine().is_some()) {
        let alone = Bill::op(&target, &s);
        let fused = Bill::cluster(&target, s.reads, s.writes, &[s]);
        assert_eq!(alone, fused, "{s:?}");
        assert_eq!(alone.kernels, 1);
        assert_eq!(alone.hbm_bytes, s.reads.bytes + s.writes.bytes);
        assert_eq!(alone.total, target.op_cost(&s));
    }
}

#[test]
fn bills_add_part_by_part() {
    let target = default_target();
    let all = shapes(&target);
    let sum = all
        .iter()
        .fold(Bill::default(), |b, s| b + Bill::op(&target, s));
    let total: egfuse_cost::Cost = all.iter().map(|s| target.op_cost(s)).sum();
    assert_eq!(sum.total, total);
    let bytes: u64 = (all.iter().filter(|s| target.op_cost(s).ps() > 0))
        .map(|s| s.reads.bytes + s.writes.bytes)
        .sum();
    assert_eq!(sum.hbm_bytes, bytes);
    assert!(Engine::ALL.iter().all(|&e| sum.cycles_on(e) > 0));
}
