//! The interpreter's numerics through [`check`]: a module run as declared (every op rounds to
//! its type), with narrow floats in f32, and exact (floats held in f64), results pinned side by
//! side.

use super::shape::render;
use egfuse_interp::{Interpreter, Limits, Numerics};
use egfuse_ir::parse::parse;
use expect_test::{expect, Expect};

/// Runs `@main` of `body` in each mode; renders a line per mode.
fn check(body: &str, expect: Expect) {
    let m = parse(body).unwrap_or_else(|d| panic!("test module does not parse: {}", d.message));
    let mut out = Vec::new();
    for numerics in [Numerics::Declared, Numerics::F32, Numerics::Exact] {
        let mut interp = Interpreter::new(&m, Limits::default());
        interp.numerics = numerics;
        let main = interp.entry_points()[0];
        let got = match interp.run_func(main, Vec::new()) {
            Ok(results) => results.iter().map(render).collect::<Vec<_>>().join("; "),
            Err(e) => format!("error: {}", e.message),
        };
        out.push(format!("{numerics:?}: {got}"));
    }
    expect.assert_eq(&out.join("\n"));
}

#[test]
fn bf16_arithmetic_rounds_as_declared_and_not_when_exact() {
    // 1 + 1/256 is not a bf16 (8 bits of precision): declared rounds it back to 1.
    check(
        r#"func.func @main() -> (tensor<2xbf16>, tensor<bf16>) {
  %x = stablehlo.constant dense<[1.0, 3.0]> : tensor<2xbf16>
  %e = stablehlo.constant dense<0.00390625> : tensor<2xbf16>
  %s = stablehlo.add %x, %e : tensor<2xbf16>
  %z = stablehlo.constant dense<0.0> : tensor<bf16>
  %r = stablehlo.reduce(%s init: %z) applies stablehlo.add across dimensions = [0] : (tensor<2xbf16>, tensor<bf16>) -> tensor<bf16>
  return %s, %r : tensor<2xbf16>, tensor<bf16>
}"#,
        expect![[r#"
            Declared: bf16[2] 1 3; bf16[] 4
            F32: f32[2] 1.00390625 3.00390625; f32[] 4.0078125
            Exact: f64[2] 1.00390625 3.00390625; f64[] 4.0078125"#]],
    );
}

#[test]
fn constants_decode_at_their_declared_type_and_converts_do_not_round_when_exact() {
    // 0x3F80 is bf16 1.0; 0.1 in f32 is 0.100000001490116...; its convert to bf16 rounds.
    check(
        r#"func.func @main() -> (tensor<2xbf16>, tensor<f32>) {
  %h = stablehlo.constant dense<"0x803F0040"> : tensor<2xbf16>
  %t = stablehlo.constant dense<0.1> : tensor<f32>
  %b = stablehlo.convert %t : (tensor<f32>) -> tensor<bf16>
  %f = stablehlo.convert %b : (tensor<bf16>) -> tensor<f32>
  return %h, %f : tensor<2xbf16>, tensor<f32>
}"#,
        expect![[r#"
            Declared: bf16[2] 1 2; f32[] 0.10009765625
            F32: f32[2] 1 2; f32[] 0.10000000149011612
            Exact: f64[2] 1 2; f64[] 0.10000000149011612"#]],
    );
}

#[test]
fn a_bitcast_sees_the_bits_of_the_declared_type() {
    check(
        r#"func.func @main() -> tensor<i32> {
  %x = stablehlo.constant dense<1.0> : tensor<f32>
  %e = stablehlo.constant dense<1.0e-10> : tensor<f32>
  %s = stablehlo.add %x, %e : tensor<f32>
  %b = stablehlo.bitcast_convert %s : (tensor<f32>) -> tensor<i32>
  return %b : tensor<i32>
}"#,
        expect![[r#"
            Declared: i32[] 1065353216
            F32: i32[] 1065353216
            Exact: i32[] 1065353216"#]],
    );
}

/// Random inputs of an E8M0 type are scales: powers of two, never E8M0's NaN, which a
/// negative draw would round to (a check of an MX kernel on such scales compares NaN with
/// NaN).
#[test]
fn random_e8m0_scales_are_powers_of_two() {
    use egfuse_interp::random::{random_args, InputConfig};
    let m = parse("func.func @f(%a: tensor<256xf8E8M0FNU>) { return }").unwrap();
    let f = m.walk()[0];
    let entry = m.region(m.op(f).regions[0]).blocks[0];
    let ty = m.ty(m.block(entry).args[0]).clone();
    for trial in [0, 1] {
        let cfg = InputConfig {
            seed: 3,
            trial,
            dim_size: 1,
        };
        let drawn = random_args(std::slice::from_ref(&ty), cfg).unwrap();
        let t = drawn[0].as_tensor().unwrap();
        let egfuse_interp::tensor::Data::Float(v) = &t.data else {
            panic!("float data");
        };
        assert!(
            v.iter().all(|x| *x > 0.0 && x.log2().fract() == 0.0),
            "trial {trial}: {v:?}"
        );
    }
}
