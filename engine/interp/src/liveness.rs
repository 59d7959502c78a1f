//! Where each value a block defines is read for the last time, so that a run drops it there and
//! holds only the values still to be read: a Llama layer at 7B widths held every intermediate,
//! 4 GB, where it needs a fraction, and every fresh page of it was zeroed by the kernel.
//!
//! A value is read by an op of the block, or by an op nested in the regions of one, which reads
//! it each time its region runs: its last reader is the op of the block that holds that reader.
//! The block's terminator reads its operands after the last op; they are dropped when the
//! region is left, with every other value the block defined.
//!
//! Invariant: a value is dropped only after every op that reads it has run, and only values the
//! block defines (its arguments and its ops' results) are dropped by it.

use egfuse_ir::{BlockId, Module, OpId, ValueId};
use rustc_hash::FxHashMap;

/// The values of one block in the order they die.
#[derive(Debug, Default)]
pub(super) struct Deaths {
    /// Per op of the block but the terminator, the values no later op reads: read last by it,
    /// or made by it and read by nothing.
    pub after: Vec<Vec<ValueId>>,
    /// The values the terminator reads, or that nothing reads in a block without other ops:
    /// dropped once the region's results are taken.
    pub at_end: Vec<ValueId>,
}

impl Deaths {
    /// The deaths of the values of `block`, whose last op is its terminator.
    pub(super) fn of(m: &Module, block: BlockId) -> Deaths {
        let b = m.block(block);
        let body = b.ops.len().saturating_sub(1);
        let index: FxHashMap<OpId, usize> =
            b.ops.iter().enumerate().map(|(i, &op)| (op, i)).collect();
        let mut deaths = Deaths {
            after: vec![Vec::new(); body],
            at_end: Vec::new(),
        };
        let defined = (b.args.iter().map(|&v| (v, None))).chain(
            b.ops[..body]
                .iter()
                .enumerate()
                .flat_map(|(i, &op)| m.op(op).results.iter().map(move |&v| (v, Some(i)))),
        );
        for (v, def) in defined {
            match last_read(m, v, block, &index) {
                Read::By(i) if i < body => deaths.after[i].push(v),
                // An argument nothing reads dies after the first op, when there is one.
                Read::Nowhere => match def.or((body > 0).then_some(0)) {
                    Some(i) => deaths.after[i].push(v),
                    None => deaths.at_end.push(v),
                },
                Read::By(_) | Read::Outside => deaths.at_end.push(v),
            }
        }
        deaths
    }
}

/// Where a value of a block is read last.
enum Read {
    /// By the op of the block at this index, or by one nested in it.
    By(usize),
    /// By nothing.
    Nowhere,
    /// By an op outside the block (not in valid SSA): the value is kept to the region's end.
    Outside,
}

/// Where `v`, defined in `block`, is read last.
fn last_read(m: &Module, v: ValueId, block: BlockId, index: &FxHashMap<OpId, usize>) -> Read {
    let mut last = Read::Nowhere;
    for u in &m.value(v).uses {
        let at = m
            .ancestor_in_block(u.op, block)
            .and_then(|op| index.get(&op));
        last = match (last, at) {
            (Read::Outside, _) | (_, None) => Read::Outside,
            (Read::By(i), Some(&j)) => Read::By(i.max(j)),
            (Read::Nowhere, Some(&j)) => Read::By(j),
        };
    }
    last
}

#[cfg(test)]
mod tests {
    use super::Deaths;
    use expect_test::{expect, Expect};

    /// The deaths of the entry block of `@main`, values by their SSA names.
    fn check(text: &str, expect: Expect) {
        let m = egfuse_ir::parse::parse(text).expect("the test module parses");
        let func = m
            .walk()
            .into_iter()
            .find(|&op| &*m.op(op).name == "func.func")
            .expect("a function");
        let block = m.region(m.op(func).regions[0]).blocks[0];
        let deaths = Deaths::of(&m, block);
        let name = |v: &egfuse_ir::ValueId| match (&m.value(*v).name, m.value(*v).def) {
            (Some(n), _) => format!("%{n}"),
            (None, egfuse_ir::ValueDef::Result { op, index }) => {
                let first = m.op(op).results[0];
                format!("%{}#{index}", m.value(first).name.as_deref().unwrap_or("?"))
            }
            (None, _) => "%?".to_string(),
        };
        let mut out = String::new();
        for (i, vs) in deaths.after.iter().enumerate() {
            let names: Vec<String> = vs.iter().map(name).collect();
            out.push_str(&format!("after {i}: {}\n", names.join(" ")));
        }
        let names: Vec<String> = deaths.at_end.iter().map(name).collect();
        out.push_str(&format!("at end: {}\n", names.join(" ")));
        expect.assert_eq(&out);
    }

    #[test]
    fn values_die_after_their_last_reader() {
        check(
            r#"func.func @main(%x: tensor<4xf32>, %unused: tensor<4xf32>) -> tensor<4xf32> {
  %a = stablehlo.exponential %x : tensor<4xf32>
  %b = stablehlo.add %a, %x : tensor<4xf32>
  %dead = stablehlo.negate %b : tensor<4xf32>
  %c = stablehlo.multiply %b, %b : tensor<4xf32>
  return %c : tensor<4xf32>
}"#,
            expect![[r#"
                after 0: %unused
                after 1: %x %a
                after 2: %dead
                after 3: %b
                at end: %c
            "#]],
        );
    }

    #[test]
    fn a_value_read_inside_a_region_lives_until_the_op_holding_it() {
        check(
            r#"func.func @main(%x: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
  %s = stablehlo.exponential %x : tensor<4xf32>
  %r:2 = stablehlo.while(%i = %n, %acc = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %go = stablehlo.compare GT, %i, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %go : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.subtract %i, %one : tensor<i32>
    %next = stablehlo.add %acc, %s : tensor<4xf32>
    stablehlo.return %j, %next : tensor<i32>, tensor<4xf32>
  }
  %t = stablehlo.negate %r#1 : tensor<4xf32>
  return %t : tensor<4xf32>
}"#,
            expect![[r#"
                after 0: 
                after 1: %x %n %s %r
                after 2: %r#1
                at end: %t
            "#]],
        );
    }
}
