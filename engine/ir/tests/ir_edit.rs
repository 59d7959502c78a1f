//! The IR editing primitives (`engine::ir::edit`): each keeps the use lists true and the block
//! order what it says, checked on a small real module.

use egfuse_ir::parse::parse;
use egfuse_ir::print::{print, PrintOptions};
use egfuse_ir::{Module, OpId, ValueMap};
use expect_test::{expect, Expect};

const SRC: &str = r#"func.func @f(%arg0: tensor<4xf32>) -> tensor<f32> {
  %0 = stablehlo.negate %arg0 : tensor<4xf32>
  %1 = stablehlo.abs %0 : tensor<4xf32>
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %2 = stablehlo.reduce(%1 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %2 : tensor<f32>
}
"#;

/// The ops of the function body, in order.
fn body(m: &Module) -> Vec<OpId> {
    let func = m.block(m.top).ops[0];
    let region = m.op(func).regions[0];
    m.block(m.region(region).blocks[0]).ops.clone()
}

fn check(m: &Module, expect: Expect) {
    m.check_use_lists().expect("use lists are true");
    expect.assert_eq(&print(m, PrintOptions::default()));
}

#[test]
fn move_after_and_insert_before_place_ops() {
    let mut m = parse(SRC).unwrap();
    let ops = body(&m);
    m.move_op_after(ops[2], ops[0]);
    assert_eq!(m.op_position(ops[2]), Some(1));
    m.detach_op(ops[1]);
    assert_eq!(m.op_position(ops[1]), None);
    assert!(!m.is_attached(ops[1]));
    m.insert_op_before(ops[3], ops[1]);
    assert!(m.is_attached(ops[1]));
    check(
        &m,
        expect![[r#"
            func.func @f(%arg0: tensor<4xf32>) -> tensor<f32> {
              %0 = stablehlo.negate %arg0 : tensor<4xf32>
              %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
              %1 = stablehlo.abs %0 : tensor<4xf32>
              %2 = stablehlo.reduce(%1 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
              return %2 : tensor<f32>
            }
        "#]],
    );
}

#[test]
fn replace_uses_if_rewires_only_the_chosen_uses() {
    let mut m = parse(SRC).unwrap();
    let ops = body(&m);
    let arg = m.op(ops[0]).operands[0];
    let neg = m.op(ops[0]).results[0];
    // Rewire the abs's use of %0 to %arg0; the negate's own definition is untouched.
    let abs = ops[1];
    m.replace_uses_if(neg, arg, |_, u| u.op == abs);
    assert!(m.value(neg).uses.is_empty());
    assert_eq!(m.value(arg).uses.len(), 2);
    check(
        &m,
        expect![[r#"
            func.func @f(%arg0: tensor<4xf32>) -> tensor<f32> {
              %0 = stablehlo.negate %arg0 : tensor<4xf32>
              %1 = stablehlo.abs %arg0 : tensor<4xf32>
              %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
              %2 = stablehlo.reduce(%1 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
              return %2 : tensor<f32>
            }
        "#]],
    );
}

#[test]
fn erase_refuses_a_used_op_and_drops_the_uses_of_an_unused_one() {
    let mut m = parse(SRC).unwrap();
    let ops = body(&m);
    let err = m.erase_op(ops[1]).unwrap_err();
    assert_eq!(err.code, "ir::erase");
    assert_eq!(
        err.message,
        "cannot erase `stablehlo.abs`: its result is still used by `stablehlo.reduce`"
    );
    assert_eq!(body(&m).len(), 5, "a refused erase changes nothing");
    // Rewire the return to %cst, then the reduce (with its region) and its producers go.
    let ret = ops[4];
    let cst = m.op(ops[2]).results[0];
    m.set_operand(ret, 0, cst);
    for &o in &[ops[3], ops[1], ops[0]] {
        m.erase_op(o).unwrap();
    }
    assert_eq!(m.value(m.op(ops[2]).results[0]).uses.len(), 1);
    check(
        &m,
        expect![[r#"
            func.func @f(%arg0: tensor<4xf32>) -> tensor<f32> {
              %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
              return %cst : tensor<f32>
            }
        "#]],
    );
}

#[test]
fn clone_copies_regions_and_maps_operands() {
    let mut m = parse(SRC).unwrap();
    let ops = body(&m);
    let (neg, abs, reduce) = (ops[0], ops[1], ops[3]);
    let mut map = ValueMap::default();
    // Clone the reduce so that it reads the negate instead of the abs.
    map.insert(m.op(abs).results[0], m.op(neg).results[0]);
    let copy = m.clone_op(reduce, &mut map);
    m.insert_op_before(ops[4], copy);
    assert_eq!(
        map.get(&m.op(reduce).results[0]),
        Some(&m.op(copy).results[0])
    );
    let inner = |m: &Module, o: OpId| m.region(m.op(o).regions[0]).blocks[0];
    assert_ne!(inner(&m, copy), inner(&m, reduce), "the region is a copy");
    assert!(m.is_ancestor(copy, m.block(inner(&m, copy)).ops[0]));
    check(
        &m,
        expect![[r#"
            func.func @f(%arg0: tensor<4xf32>) -> tensor<f32> {
              %0 = stablehlo.negate %arg0 : tensor<4xf32>
              %1 = stablehlo.abs %0 : tensor<4xf32>
              %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
              %2 = stablehlo.reduce(%1 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
              %3 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
              return %2 : tensor<f32>
            }
        "#]],
    );
}

#[test]
fn ancestry_queries_see_through_regions() {
    let m = parse(SRC).unwrap();
    let ops = body(&m);
    let reduce = ops[3];
    let block = m.region(m.op(reduce).regions[0]).blocks[0];
    let add = m.block(block).ops[0];
    let func_block = m.op(reduce).parent.unwrap();
    assert_eq!(m.parent_op(add), Some(reduce));
    assert_eq!(m.ancestor_in_block(add, func_block), Some(reduce));
    assert_eq!(m.ancestor_in_block(reduce, block), None);
    assert!(m.is_ancestor(reduce, add) && !m.is_ancestor(add, reduce));
    let arg = m.block(block).args[0];
    assert_eq!(m.value_owner(arg), Some(reduce));
}

#[test]
fn insert_ops_before_splices_clones_in_order_and_walk_under_sees_nested_ops() {
    let mut m = parse(SRC).unwrap();
    let ops = body(&m);
    let func = m.block(m.top).ops[0];
    assert_eq!(
        m.walk_under(ops[3]).len(),
        2,
        "the reducer's add and return"
    );
    assert_eq!(m.walk_under(func).len(), ops.len() + 2);
    let mut map = ValueMap::default();
    let copies = [m.clone_op(ops[2], &mut map), m.clone_op(ops[0], &mut map)];
    m.insert_ops_before(ops[1], &copies);
    m.check_use_lists().expect("use lists are true");
    let order: Vec<OpId> = body(&m);
    assert_eq!(
        order,
        [ops[0], copies[0], copies[1], ops[1], ops[2], ops[3], ops[4]]
    );
    assert!(copies.iter().all(|&c| m.is_attached(c)));
}

/// Order keys: fifty moves between the same two ops halve the gap between their keys until the
/// block is renumbered, and after every edit each op's position is its index and "before" is
/// block order; batched detaches and splices keep it so.
#[test]
fn positions_and_order_survive_gap_exhaustion_and_batched_edits() {
    let mut m = parse(SRC).unwrap();
    let ops = body(&m);
    let agrees = |m: &Module| {
        let now = body(m);
        for (i, &o) in now.iter().enumerate() {
            assert_eq!(m.op_position(o), Some(i), "position of op {i}");
            for &later in &now[i + 1..] {
                assert!(m.is_before_in_block(o, later));
                assert!(!m.is_before_in_block(later, o));
            }
        }
        now
    };
    for k in 0..50 {
        let (mover, anchor) = if k % 2 == 0 {
            (ops[2], ops[1])
        } else {
            (ops[1], ops[2])
        };
        m.detach_op(mover);
        m.insert_op_before(anchor, mover);
        agrees(&m);
    }
    m.detach_ops(&[ops[3], ops[0], ops[3]]);
    assert_eq!(agrees(&m).len(), 3);
    m.insert_ops_before(body(&m)[0], &[ops[3], ops[0]]);
    assert_eq!(agrees(&m)[..2], [ops[3], ops[0]]);
}
