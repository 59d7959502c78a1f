//! `egfuse lower` on an MoE MLP routed top-2 (`tests/fixtures/jax/moe_top2*_f32.mlir`): the
//! router's `chlo.top_k` lowers (`lowering/src/top_k.rs`), the gates' normalised weights sink
//! below their broadcast (`lowering/src/sink.rs`), and the combine's broadcast of the gates is
//! loaded by zero strides (`edge::Reads::Broadcasts`). Both spellings of the combine lower
//! whole and check, in `mhlo.fusion` form and in composite form.

use crate::lower::lower;
use crate::support::{egfuse, root, scratch};

/// The fused module of `fixture` with its broadcasts sunk, printed, beside the fused module.
fn sunk(fixture: &str) -> (String, String) {
    let path = root().join("tests/fixtures/jax").join(fixture);
    let (code, fused, err) = egfuse(&["fuse", &path.display().to_string()]);
    assert_eq!(code, 0, "{err}");
    let mut m = egfuse_ir::parse::parse(&fused).expect("parses");
    assert_eq!(
        egfuse_lowering::sink::expand(&mut m),
        1,
        "one division to sink"
    );
    let text = egfuse_ir::print::print(&m, egfuse_ir::print::PrintOptions::default());
    (fused, text)
}

/// The law is exact: `egfuse verify` runs the fused module against the sunk one and they
/// agree; with the sunk division made a multiplication, they differ (exit 1), so the
/// comparison can fail.
#[test]
fn the_gates_division_sinks_below_its_broadcast_exactly() {
    let (fused, text) = sunk("moe_top2_einsum_f32.mlir");
    let a = scratch("moe.fused.mlir", &fused);
    let b = scratch("moe.sunk.mlir", &text);
    let (code, out, err) = egfuse(&["verify", &a.display().to_string(), &b.display().to_string()]);
    assert_eq!(code, 0, "{out}{err}\n{text}");
    let sunk = ": tensor<200x2x8xf32>\n";
    let at = (text.match_indices("stablehlo.divide"))
        .map(|(i, _)| i)
        .find(|&i| {
            text[i..]
                .lines()
                .next()
                .is_some_and(|l| l.ends_with(sunk.trim_end()))
        })
        .expect("the division in the whole space");
    let wrong = format!(
        "{}stablehlo.multiply{}",
        &text[..at],
        &text[at + "stablehlo.divide".len()..]
    );
    let c = scratch("moe.wrong.mlir", &wrong);
    let (code, out, _) = egfuse(&["verify", &a.display().to_string(), &c.display().to_string()]);
    assert_eq!(code, 1, "a multiplication must differ: {out}");
}

#[test]
fn both_spellings_of_the_moe_lower_whole_and_check() {
    for fixture in ["moe_top2_f32.mlir", "moe_top2_einsum_f32.mlir"] {
        let (_, _, code, err) = lower(
            &root().join("tests/fixtures/jax").join(fixture),
            &["--check"],
        );
        assert_eq!(code, 0, "{fixture}: {err}");
        assert!(err.contains("chlo.top_k x1"), "{fixture}: {err}");
        assert!(err.contains("8 of 8 kernels agree"), "{fixture}: {err}");
        assert!(
            err.contains("the device program of @main agrees"),
            "{fixture}: {err}"
        );
    }
}

/// The gates sink in a composite's decomposition as in an `mhlo.fusion`'s region: each MoE
/// fused with `--emit composite` lowers whole and checks, where the division had no place in
/// the combine's space before (`a value of type tensor<24x2xf32> has no place in the kernel's
/// space [24, 2, 4]`).
#[test]
fn the_composite_form_of_each_moe_lowers_whole_and_checks() {
    for (fixture, kernels) in [
        ("moe_top2_f32", 8),
        ("moe_top2_einsum_f32", 8),
        ("mx_moe_gate_up_bf16", 54),
    ] {
        let path = root()
            .join("tests/fixtures/jax")
            .join(format!("{fixture}.mlir"));
        let args = ["fuse", path.to_str().unwrap(), "--emit", "composite"];
        let (code, fused, err) = egfuse(&args);
        assert_eq!(code, 0, "{fixture}: {err}");
        assert!(fused.contains("stablehlo.composite \"neuron."), "{fixture}");
        let composite = scratch(&format!("{fixture}.composite.mlir"), &fused);
        let (_, _, code, err) = lower(&composite, &["--check"]);
        assert_eq!(code, 0, "{fixture}: {err}");
        let agree = format!("{kernels} of {kernels} kernels agree");
        assert!(err.contains(&agree), "{fixture}: {err}");
        assert!(
            err.contains("the device program of @main agrees"),
            "{fixture}: {err}"
        );
    }
}
