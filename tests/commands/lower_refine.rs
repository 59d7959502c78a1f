//! `egfuse lower --dim`: the polymorphic exports of ../shared/corpus (StableHLO's `dynamic/`
//! test data, JAX's shape polymorphism) specialized by the `refine` pass and lowered. Whether
//! the refined module computes what jaxlib's own refinement does is XLA's call
//! (`tools/refine_oracle.py`, run by `tools/test.sh`); here every refinement verifies, and every
//! kernel that lowers checks against its ops.

use crate::support::{corpus_dir, dims_of, egfuse, mlir_files, scratch};
use expect_test::expect;
use std::collections::BTreeMap;

#[test]
fn every_polymorphic_corpus_export_refines_and_what_lowers_checks() {
    let files = mlir_files(&corpus_dir("stablehlo-testdata/dynamic"));
    let (mut whole, mut refused, mut partial) = (0, BTreeMap::new(), 0);
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let dims = dims_of(&text, 3);
        assert!(!dims.is_empty(), "{}: no symbolic dimension", f.display());
        let mut args = vec![
            "lower",
            f.to_str().unwrap(),
            "--check",
            "--interleavings",
            "1",
        ];
        args.extend(dims.iter().map(String::as_str));
        let out = scratch("refined.nisa", "");
        args.extend(["-o", out.to_str().unwrap()]);
        let (code, _, err) = egfuse(&args);
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            !err.contains("differs") && !err.contains("panicked"),
            "{name}: {err}"
        );
        match code {
            0 => whole += 1,
            1 => partial += 1,
            _ => {
                let why = err
                    .lines()
                    .next()
                    .unwrap_or("")
                    .rsplit(": ")
                    .next()
                    .unwrap_or("");
                refused.insert(name, why.to_string());
            }
        }
    }
    // Two the refinement refuses, each for a reason jaxlib's gives too: a stride per spatial
    // dimension missing (jaxlib: "expects window-strides to have same dimension-size as size
    // of window dimensions"), and a slice past the operand at the size 3 (jaxlib: "limit index
    // 6 is larger than dimension size 3").
    expect![[r#"
        {
            "conv_general_dilated_1d_stride_2_even_dynamic.mlir": "window_strides must hold 1 positive values, got [2, 2]",
            "dynamlic_slice_t2.mlir": "slices [3, 4] from [3, 1] to [6, 3] by [1, 1]",
        }
    "#]]
    .assert_debug_eq(&refused);
    println!(
        "refine: {} polymorphic exports at size 3: {} refined ({whole} lower whole and check, \
         {partial} hold ops with no lowering yet), {} refused",
        files.len(),
        files.len() - refused.len(),
        refused.len()
    );
    assert!(whole >= 287, "{whole} lower whole");
}
