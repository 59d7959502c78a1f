//! `egfuse fuse --print-after PASS` with a pass the pipeline does not have: an error that lists
//! the passes and writes nothing. What the dumps print is pinned by the filetests
//! (`tests/filetests/fuse/print_after/`).

use crate::support::{egfuse, scratch};
use expect_test::expect;

const RMSNORM: &str = "tests/fixtures/jax/rmsnorm_f32.mlir";

/// An unknown pass stops the run before any pass, with exit 2 and nothing written; the
/// passes listed are the mode's own.
#[test]
fn print_after_an_unknown_pass_lists_the_passes() {
    let out = scratch("unwritten.mlir", "");
    std::fs::remove_file(&out).unwrap();
    let o = out.to_str().unwrap();
    let (code, stdout, err) = egfuse(&["fuse", RMSNORM, "--print-after", "egrpah", "-o", o]);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert!(!out.exists());
    expect![[r#"
        error: unknown pass `egrpah` for --print-after: the passes are inline, scalar-folding, expand, dot-folding, egraph, loop, absorb, merge, one-op-kernels, attention
    "#]]
    .assert_eq(&err);
    let (code, _, err) = egfuse(&[
        "fuse",
        RMSNORM,
        "--mode",
        "compat",
        "--print-after",
        "egraph",
    ]);
    assert_eq!(code, 2);
    expect![[r#"
        error: unknown pass `egraph` for --print-after: the passes are SubExp, DotLogistic, MulRedSqrt, Expm1, Log1p, elementwise
    "#]]
    .assert_eq(&err);
}
