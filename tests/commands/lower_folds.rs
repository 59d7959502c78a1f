//! The folds after tiling (`lowering/src/tile/scale.rs`, `convert.rs`, `recip.rs`): a positive
//! scale that only a row max and an activation read is theirs, a float copy between f32 and
//! bf16 is its one reader's or writer's, and a divide by a value per row is a reciprocal and a
//! multiply where the target runs that faster. Each kernel still checks by value; where a value
//! check cannot see a wrong fold (a softmax is the same whatever it subtracts, a rounding
//! dropped only rounds less), the instructions are pinned.

use super::lower::{checked, compute};
use crate::support::root;
use expect_test::expect;

/// The first `n` instructions after the kernel's first `nc_matmul` (the first bank), their
/// locations left out.
fn first_bank(text: &str, n: usize) -> String {
    let lines = text.lines().map(str::trim_start);
    let bank = lines.skip_while(|l| !l.starts_with("nc_matmul(")).skip(1);
    (bank.take(n))
        .map(|l| format!("{}\n", l.split(" loc(").next().unwrap_or(l)))
        .collect()
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(root().join(format!("tests/fixtures/lowering/{name}.mlir"))).unwrap()
}

#[test]
fn a_positive_scale_of_the_scores_is_the_exps_and_the_maxs() {
    // The max and the exp read the scores in PSUM; one multiply scales the max, a value a row.
    let (_, text) = checked("scaled.mlir", &fixture("dot_softmax_f32"));
    expect![[r#"
        tensor_reduce(dst=%t10.ap([[1, 128], [0, 1]]), op=maximum, data=%p7, axis=[1], engine=DVE)
        tensor_scalar(dst=%t10.ap([[1, 128], [0, 1]]), data=%t10.ap([[1, 128], [0, 1]]), op0=multiply, operand0=0.125, engine=DVE)
        tensor_scalar(dst=%t23_neg, data=%t10, op0=multiply, operand0=-1.0, engine=DVE)
        activation_reduce(dst=%t12, op=exp, data=%p7, reduce_op=add, reduce_res=%t13.ap([[1, 128], [0, 1]]), bias=%t23_neg, scale=0.125, engine=ACT)
    "#]]
    .assert_eq(&first_bank(&text, 4));
    // A negative scale does not commute with the max: the scores are scaled as a whole tile.
    let negative =
        fixture("dot_softmax_f32").replace("dense<1.250000e-01>", "dense<-1.250000e-01>");
    let (_, text) = checked("negative.mlir", &negative);
    expect![[r#"
        tensor_scalar(dst=%t9, data=%p7, op0=multiply, operand0=-0.125, engine=DVE)
        tensor_reduce(dst=%t10.ap([[1, 128], [0, 1]]), op=maximum, data=%t9, axis=[1], engine=DVE)
    "#]]
    .assert_eq(&first_bank(&text, 2));
}

#[test]
fn a_bf16_flash_bank_drains_no_copy_and_writes_p_once() {
    // The bf16 scores are scaled straight from PSUM, the max and exp read them, and the exp
    // writes the bf16 probabilities PE transposes.
    let (program, text) = checked("bqhd.mlir", &fixture("attention_bqhd_bf16"));
    expect![[r#"
        tensor_reduce(dst=%t15.ap([[1, 128], [0, 1]]), op=maximum, data=%p10, axis=[1], engine=DVE)
        tensor_scalar(dst=%t15.ap([[1, 128], [0, 1]]), data=%t15.ap([[1, 128], [0, 1]]), op0=multiply, operand0=0.125, engine=DVE)
        tensor_scalar(dst=%t71_neg, data=%t15, op0=multiply, operand0=-1.0, engine=DVE)
        activation_reduce(dst=%t19_pe, op=exp, data=%p10, reduce_op=add, reduce_res=%t18.ap([[1, 128], [0, 1]]), bias=%t71_neg, scale=0.125, engine=ACT)
        nc_transpose(dst=%p21_tp, data=%t19_pe.ap([[512, 128], [1, 128]]), engine=PE)
        tensor_copy(dst=%t22_pt, src=%p21_tp, engine=DVE)
    "#]]
    .assert_eq(&first_bank(&text, 6));
    let k = (program.kernels.iter())
        .find(|k| k.kind == "Attention")
        .unwrap();
    expect![[r#"
        {
            "activation on ACT": 2,
            "activation_reduce on ACT": 4,
            "nc_matmul on PE": 16,
            "nc_transpose on PE": 12,
            "tensor_copy on DVE": 16,
            "tensor_reduce on DVE": 4,
            "tensor_scalar on DVE": 8,
            "tensor_tensor on DVE": 12,
        }
    "#]]
    .assert_debug_eq(&compute(k));
}

/// An exp whose result goes through `convert` to `to` and is then squared.
fn exp_convert_square(to: &str) -> String {
    format!(
        "func.func @main(%x: tensor<128x256xf32>) -> tensor<128x256x{to}> {{
  %e = stablehlo.exponential %x : tensor<128x256xf32>
  %h = stablehlo.convert %e : (tensor<128x256xf32>) -> tensor<128x256x{to}>
  %y = stablehlo.multiply %h, %h : tensor<128x256x{to}>
  return %y : tensor<128x256x{to}>
}}
"
    )
}

#[test]
fn only_copies_between_f32_and_bf16_fold_and_never_a_copy_of_a_copy() {
    let copies = |src: &str, name: &str| {
        let (program, _) = checked(name, src);
        (program.kernels.iter())
            .map(|k| compute(k).get("tensor_copy on DVE").copied().unwrap_or(0))
            .sum::<usize>()
    };
    // To bf16 the exp writes the narrower tile itself; to f16, which overflows where f32 does
    // not, the copy stays.
    assert_eq!(copies(&exp_convert_square("bf16"), "to_bf16.mlir"), 0);
    assert_eq!(copies(&exp_convert_square("f16"), "to_f16.mlir"), 1);
    // `x.astype(bf16).astype(f32)` rounds on purpose: the first copy stays, the exp reads it.
    let round_trip = "func.func @main(%x: tensor<128x256xf32>) -> tensor<128x256xf32> {
  %b = stablehlo.convert %x : (tensor<128x256xf32>) -> tensor<128x256xbf16>
  %f = stablehlo.convert %b : (tensor<128x256xbf16>) -> tensor<128x256xf32>
  %y = stablehlo.exponential %f : tensor<128x256xf32>
  return %y : tensor<128x256xf32>
}
";
    assert_eq!(copies(round_trip, "round_trip.mlir"), 1);
}

/// The lines of `text` that divide or multiply by a reciprocal, and the reciprocals, without
/// their locations.
fn finals(text: &str) -> String {
    let lines = text.lines().map(str::trim_start);
    (lines.filter(|l| l.contains("op=divide") || l.contains("_rcp")))
        .filter(|l| !l.starts_with("sbuf "))
        .map(|l| format!("{}\n", l.split(" loc(").next().unwrap_or(l)))
        .collect()
}

/// `x / s` for `s` a value per row, in `ty`, over rows of 512.
fn divide_by_row(ty: &str) -> String {
    format!(
        "func.func @main(%x: tensor<128x512x{ty}>, %s: tensor<128x{ty}>) -> tensor<128x512x{ty}> {{\n  \
         %b = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<128x{ty}>) -> tensor<128x512x{ty}>\n  \
         %q = stablehlo.divide %x, %b : tensor<128x512x{ty}>\n  \
         return %q : tensor<128x512x{ty}>\n}}\n"
    )
}

#[test]
fn a_divide_by_a_value_per_row_is_a_reciprocal_and_a_multiply_where_that_is_faster() {
    // 003 §3.3: the flash form ends with one reciprocal of the running sum and one multiply
    // (the running output in SBUF, 128 wide: two passes of a divide against one of a multiply).
    let (_, text) = checked("decode.mlir", &fixture("attention_decode_gqa_bf16"));
    expect![[r#"
        reciprocal(dst=%t41_rcp.ap([[1, 4], [1, 1]]), data=%t18.ap([[1, 4], [1, 1]]), engine=DVE)
        tensor_scalar(dst=%t38_res.ap([[128, 4], [1, 128]]), data=%t9_o.ap([[128, 4], [1, 128]]), op0=multiply, operand0=%t41_rcp.ap([[1, 4], [1, 1]]), engine=DVE)
    "#]]
    .assert_eq(&finals(&text));
    // A softmax's `e / sum` over rows of 200 in SBUF splits too; 48 columns are too few to pay
    // for the reciprocal; the same divide splits in f32 and stays in i32 (its reciprocal is 0).
    let cases = [
        ("softmax", fixture("dot_softmax_f32"), true),
        ("long", fixture("attention_long_f32"), false),
        ("f32", divide_by_row("f32"), true),
        ("i32", divide_by_row("i32"), false),
    ];
    for (name, src, splits) in cases {
        let (_, text) = checked(&format!("{name}.mlir"), &src);
        let split = (text.contains("reciprocal("), text.contains("op=divide"));
        assert_eq!(split, (splits, !splits), "{name}: {text}");
    }
}
