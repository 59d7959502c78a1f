//! The opcodes the lowered programs issue (`egfuse_encoder::opcodes`), against what seed 003
//! carries byte for byte. Every exponential being 0x21 on ACT, and no float arithmetic opcode on
//! GpSimd, are checked over every fixture in `lower::every_fixture`.

use crate::lower::lower;
use crate::support::root;
use egfuse_encoder::opcodes::Opcodes;
use egfuse_nisa::spec::Opcode;
use egfuse_nisa::Engine;
use expect_test::expect;
use std::collections::BTreeMap;

/// 003 §1.6: one RmsNorm tile (H = 4096 on the partitions, BxS = 512, no shard) issues
/// {0x21 x2, 0x42, 0x41 x2, 0x01 + 0x02} on ACT, DVE and PE, after a 0xBD or 0xB8 load
/// prelude; the memsets that fill its ones matrix and epsilon are ours (0x65).
#[test]
fn one_rmsnorm_tile_issues_the_seeds_opcode_multiset() {
    let table = Opcodes::embedded();
    let file = root().join("tests/fixtures/lowering/rmsnorm_h4096_f32.mlir");
    let (program, _, code, err) = lower(&file, &[]);
    assert_eq!(code, 0, "{err}");
    let [k] = &program.kernels[..] else {
        panic!("one kernel: {err}");
    };
    let mut compute: BTreeMap<String, usize> = BTreeMap::new();
    let mut prelude = Vec::new();
    for i in k.insts() {
        let bytes: Vec<String> = (table.of(i.op, 2).expect("an op of v2").bytes.iter())
            .map(|b| format!("0x{b:02X}"))
            .collect();
        let engine = i.engine.map_or("?", Engine::name);
        match i.op {
            Opcode::DmaCopy | Opcode::DmaTranspose => prelude.push(bytes.join(" ")),
            Opcode::Memset => assert_eq!(bytes, ["0x65"]),
            _ => {
                *compute
                    .entry(format!("{} on {engine}", bytes.join(" + ")))
                    .or_default() += 1
            }
        }
    }
    expect![[r#"
        {
            "0x01 + 0x02 on PE": 1,
            "0x21 on ACT": 2,
            "0x41 on DVE": 2,
            "0x42 on DVE": 1,
        }
    "#]]
    .assert_debug_eq(&compute);
    assert!(
        prelude.iter().all(|b| b == "0xB8" || b == "0xBD"),
        "{prelude:?}"
    );
}
