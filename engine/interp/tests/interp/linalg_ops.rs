//! Unit tests of the interpreter's contraction, convolution, linear-algebra, FFT, RNG,
//! normalization, quantization and CHLO families: small hand-written modules through one
//! `check(mlir, expect)` that prints `@main`'s results (or its error).

use egfuse_interp::{Data, Interpreter, Limits, Rt};
use expect_test::{expect, Expect};

fn check(src: &str, expect: Expect) {
    let m = egfuse_ir::parse::parse(src).unwrap_or_else(|d| panic!("parse: {}", d.message));
    let mut interp = Interpreter::new(&m, Limits::default());
    let main = interp.lookup_func(None, "main").expect("a @main function");
    let out = match interp.run_func(main, vec![]) {
        Ok(results) => results.iter().map(show).collect::<Vec<_>>().join("\n"),
        Err(e) => {
            let d = e.to_diag(&m);
            let (line, col) = egfuse_diag::line_col(src, d.span.start as usize);
            format!("error at {line}:{col}: {} ({})", d.message, d.label)
        }
    };
    expect.assert_eq(&out);
}

fn show(r: &Rt) -> String {
    let Some(t) = r.as_tensor() else {
        return format!("{r:?}");
    };
    let values = match &t.data {
        Data::Float(v) => v.iter().map(|x| format!("{x}")).collect::<Vec<_>>(),
        Data::Int(v) => v.iter().map(|x| x.to_string()).collect(),
        Data::Complex(v) => v.iter().map(|z| format!("({}, {})", z.re, z.im)).collect(),
    };
    format!("{:?} {}: [{}]", t.shape, t.elem.name(), values.join(", "))
}

#[test]
fn dot_general_batches_then_lhs_free_then_rhs_free() {
    check(
        r#"func.func @main() -> tensor<2x2x1xf32> {
  %a = stablehlo.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]]> : tensor<2x2x2xf32>
  %b = stablehlo.constant dense<[[[1.0], [1.0]], [[2.0], [0.5]]]> : tensor<2x2x1xf32>
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x2x2xf32>, tensor<2x2x1xf32>) -> tensor<2x2x1xf32>
  return %0 : tensor<2x2x1xf32>
}"#,
        expect!["[2, 2, 1] f32: [3, 7, 13, 18]"],
    );
}

#[test]
fn dot_of_vector_and_matrix_in_integers() {
    check(
        r#"func.func @main() -> tensor<2xi8> {
  %a = stablehlo.constant dense<[100, 1]> : tensor<2xi8>
  %b = stablehlo.constant dense<[[2, 1], [3, 1]]> : tensor<2x2xi8>
  %0 = stablehlo.dot %a, %b : (tensor<2xi8>, tensor<2x2xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}"#,
        expect![[r#"[2] i8: [-53, 101]"#]],
    );
}

#[test]
fn convolution_with_padding_stride_and_dilations() {
    check(
        r#"func.func @main() -> tensor<1x4x1xf32> {
  %x = stablehlo.constant dense<[[[1.0], [2.0], [3.0]]]> : tensor<1x3x1xf32>
  %k = stablehlo.constant dense<[[[1.0]], [[10.0]]]> : tensor<2x1x1xf32>
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [2], pad = [[1, 2]], lhs_dilate = [2], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x1xf32>, tensor<2x1x1xf32>) -> tensor<1x4x1xf32>
  return %0 : tensor<1x4x1xf32>
}"#,
        expect![[r#"[1, 4, 1] f32: [10, 20, 30, 0]"#]],
    );
}

#[test]
fn convolution_window_reversal_and_feature_groups() {
    check(
        r#"func.func @main() -> tensor<1x2x2xf32> {
  %x = stablehlo.constant dense<[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]]> : tensor<1x2x3xf32>
  %k = stablehlo.constant dense<[[[1.0, 0.0]], [[0.0, 1.0]]]> : tensor<2x1x2xf32>
  %0 = "stablehlo.convolution"(%x, %k) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, feature_group_count = 2 : i64, window_reversal = array<i1: true>} : (tensor<1x2x3xf32>, tensor<2x1x2xf32>) -> tensor<1x2x2xf32>
  return %0 : tensor<1x2x2xf32>
}"#,
        expect![[r#"[1, 2, 2] f32: [2, 3, 4, 5]"#]],
    );
}

#[test]
fn convolution_batch_groups_split_the_batch_over_output_features() {
    check(
        r#"func.func @main() -> tensor<1x1x2xf32> {
  %x = stablehlo.constant dense<[[[1.0]], [[2.0]]]> : tensor<2x1x1xf32>
  %k = stablehlo.constant dense<[[[10.0, 100.0]]]> : tensor<1x1x2xf32>
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x1x1xf32>, tensor<1x1x2xf32>) -> tensor<1x1x2xf32>
  return %0 : tensor<1x1x2xf32>
}"#,
        expect![[r#"[1, 1, 2] f32: [10, 200]"#]],
    );
}

#[test]
fn dynamic_conv_reads_padding_from_its_operand() {
    check(
        r#"func.func @main() -> tensor<1x?x1xf32> {
  %x = stablehlo.constant dense<[[[1.0], [2.0]]]> : tensor<1x2x1xf32>
  %k = stablehlo.constant dense<[[[1.0]], [[1.0]]]> : tensor<2x1x1xf32>
  %p = stablehlo.constant dense<[[1, 1]]> : tensor<1x2xi32>
  %0 = "stablehlo.dynamic_conv"(%x, %k, %p) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64} : (tensor<1x2x1xf32>, tensor<2x1x1xf32>, tensor<1x2xi32>) -> tensor<1x?x1xf32>
  return %0 : tensor<1x?x1xf32>
}"#,
        expect![[r#"[1, 3, 1] f32: [1, 3, 2]"#]],
    );
}

#[test]
fn quantized_convolution_runs_on_dequantized_values() {
    check(
        r#"func.func @main() -> tensor<1x2x1xf32> {
  %x = stablehlo.constant dense<[[[1.0], [2.0], [3.0]]]> : tensor<1x3x1xf32>
  %k = stablehlo.constant dense<[[[0.5]], [[0.25]]]> : tensor<2x1x1xf32>
  %qx = stablehlo.uniform_quantize %x : (tensor<1x3x1xf32>) -> tensor<1x3x1x!quant.uniform<i8:f32, 0.5:-128>>
  %qk = stablehlo.uniform_quantize %k : (tensor<2x1x1xf32>) -> tensor<2x1x1x!quant.uniform<i8:f32, 0.25>>
  %0 = stablehlo.convolution(%qx, %qk) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x1x!quant.uniform<i8:f32, 0.5:-128>>, tensor<2x1x1x!quant.uniform<i8:f32, 0.25>>) -> tensor<1x2x1x!quant.uniform<i32:f32, 0.125>>
  %1 = stablehlo.uniform_dequantize %0 : (tensor<1x2x1x!quant.uniform<i32:f32, 0.125>>) -> tensor<1x2x1xf32>
  return %1 : tensor<1x2x1xf32>
}"#,
        expect![[r#"[1, 2, 1] f32: [1, 1.75]"#]],
    );
}

#[test]
fn uniform_quantize_rounds_clamps_requantizes_and_sends_nan_to_zero() {
    check(
        r#"func.func @main() -> (tensor<5x!quant.uniform<i8:f32, 0.5:10>>, tensor<5x!quant.uniform<i8:f32, 1.0>>, tensor<5xf32>) {
  %x = stablehlo.constant dense<[0.25, 0.75, -100.0, 100.0, 0x7FC00000]> : tensor<5xf32>
  %q = stablehlo.uniform_quantize %x : (tensor<5xf32>) -> tensor<5x!quant.uniform<i8:f32, 0.5:10>>
  %r = stablehlo.uniform_quantize %q : (tensor<5x!quant.uniform<i8:f32, 0.5:10>>) -> tensor<5x!quant.uniform<i8:f32, 1.0>>
  %d = stablehlo.uniform_dequantize %q : (tensor<5x!quant.uniform<i8:f32, 0.5:10>>) -> tensor<5xf32>
  return %q, %r, %d : tensor<5x!quant.uniform<i8:f32, 0.5:10>>, tensor<5x!quant.uniform<i8:f32, 1.0>>, tensor<5xf32>
}"#,
        expect![[r#"
            [5] quant.uniform<i8:f32, 0.5:10>: [10, 12, -128, 127, 0]
            [5] quant.uniform<i8:f32, 1.0>: [0, 1, -69, 58, -5]
            [5] f32: [0, 1, -69, 58.5, -5]"#]],
    );
}

#[test]
fn triangular_solve_left_lower_and_right_upper_transposed() {
    check(
        r#"func.func @main() -> (tensor<2x1xf32>, tensor<1x2xf32>) {
  %a = stablehlo.constant dense<[[2.0, 99.0], [1.0, 4.0]]> : tensor<2x2xf32>
  %b = stablehlo.constant dense<[[2.0], [9.0]]> : tensor<2x1xf32>
  %c = stablehlo.constant dense<[[4.0, 8.0]]> : tensor<1x2xf32>
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false} : (tensor<2x2xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
  %1 = "stablehlo.triangular_solve"(%a, %c) {left_side = false, lower = false, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = true} : (tensor<2x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
  return %0, %1 : tensor<2x1xf32>, tensor<1x2xf32>
}"#,
        expect![[r#"
            [2, 1] f32: [1, 2]
            [1, 2] f32: [-788, 8]"#]],
    );
}

#[test]
fn triangular_solve_adjoint_conjugates_complex_a() {
    check(
        r#"func.func @main() -> tensor<1x1xcomplex<f64>> {
  %a = stablehlo.constant dense<[[(0.0, 1.0)]]> : tensor<1x1xcomplex<f64>>
  %b = stablehlo.constant dense<[[(1.0, 0.0)]]> : tensor<1x1xcomplex<f64>>
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = false} : (tensor<1x1xcomplex<f64>>, tensor<1x1xcomplex<f64>>) -> tensor<1x1xcomplex<f64>>
  return %0 : tensor<1x1xcomplex<f64>>
}"#,
        expect!["[1, 1] complex<f64>: [(0, 1)]"],
    );
}

#[test]
fn cholesky_lower_upper_and_not_positive_definite() {
    check(
        r#"func.func @main() -> (tensor<2x2xf64>, tensor<2x2xf64>, tensor<2x2xf64>) {
  %a = stablehlo.constant dense<[[4.0, 2.0], [2.0, 5.0]]> : tensor<2x2xf64>
  %n = stablehlo.constant dense<[[1.0, 2.0], [2.0, 1.0]]> : tensor<2x2xf64>
  %0 = "stablehlo.cholesky"(%a) {lower = true} : (tensor<2x2xf64>) -> tensor<2x2xf64>
  %1 = "stablehlo.cholesky"(%a) {lower = false} : (tensor<2x2xf64>) -> tensor<2x2xf64>
  %2 = "stablehlo.cholesky"(%n) {lower = true} : (tensor<2x2xf64>) -> tensor<2x2xf64>
  return %0, %1, %2 : tensor<2x2xf64>, tensor<2x2xf64>, tensor<2x2xf64>
}"#,
        expect![[r#"
            [2, 2] f64: [2, 0, 1, 2]
            [2, 2] f64: [2, 1, 0, 2]
            [2, 2] f64: [NaN, NaN, NaN, NaN]"#]],
    );
}

#[test]
fn fft_forward_inverse_real_and_inverse_real() {
    check(
        r#"func.func @main() -> (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<4xf32>) {
  %x = stablehlo.constant dense<[(1.0, 0.0), (2.0, 0.0), (3.0, 0.0), (4.0, 0.0)]> : tensor<4xcomplex<f32>>
  %r = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %0 = stablehlo.fft %x, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  %1 = stablehlo.fft %0, type = IFFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  %2 = stablehlo.fft %r, type = RFFT, length = [4] : (tensor<4xf32>) -> tensor<3xcomplex<f32>>
  %3 = stablehlo.fft %2, type = IRFFT, length = [4] : (tensor<3xcomplex<f32>>) -> tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<4xf32>
}"#,
        expect![[r#"
            [4] complex<f32>: [(10, 0), (-2, 2), (-2, 0), (-2, -2)]
            [4] complex<f32>: [(1, 0), (2, 0), (3, 0), (4, 0)]
            [3] complex<f32>: [(10, 0), (-2, 2), (-2, 0)]
            [4] f32: [1, 2, 3, 4]"#]],
    );
}

/// A 32-bit Threefry output of 3 takes two blocks, their words neighbours (`[f0, s0, f1]`, as
/// XLA lays them out; `tools/rng_oracle.py` checks the interpreter against XLA).
#[test]
fn rng_bit_generator_threefry_and_philox() {
    check(
        r#"func.func @main() -> (tensor<2xui64>, tensor<ui64>, tensor<2xui64>, tensor<3xui32>, tensor<3xui64>, tensor<5xui8>) {
  %s = stablehlo.constant dense<3> : tensor<2xui64>
  %p = stablehlo.constant dense<[1, 2, 3]> : tensor<3xui64>
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<ui64>)
  %2, %3 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui32>)
  %4, %5 = stablehlo.rng_bit_generator %p, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<5xui8>)
  return %0, %1, %2, %3, %4, %5 : tensor<2xui64>, tensor<ui64>, tensor<2xui64>, tensor<3xui32>, tensor<3xui64>, tensor<5xui8>
}"#,
        expect![[r#"
            [2] ui64: [3, 4]
            [] ui64: [3349939604322698703]
            [2] ui64: [3, 5]
            [3] ui32: [1185596879, 779968594, 555017538]
            [3] ui64: [1, 4, 3]
            [5] ui8: [74, 230, 5, 150, 235]"#]],
    );
}

#[test]
fn batch_norm_inference_training_and_grad() {
    check(
        r#"func.func @main() -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %x = stablehlo.constant dense<[[1.0, 10.0], [3.0, 30.0]]> : tensor<2x2xf32>
  %scale = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %offset = stablehlo.constant dense<[0.0, 1.0]> : tensor<2xf32>
  %mean = stablehlo.constant dense<[2.0, 20.0]> : tensor<2xf32>
  %var = stablehlo.constant dense<[1.0, 100.0]> : tensor<2xf32>
  %g = stablehlo.constant dense<[[1.0, 1.0], [0.0, 2.0]]> : tensor<2x2xf32>
  %0 = "stablehlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  %1:3 = "stablehlo.batch_norm_training"(%x, %scale, %offset) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  %2:3 = "stablehlo.batch_norm_grad"(%x, %scale, %mean, %var, %g) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  return %0, %1#0, %1#1, %1#2, %2#0, %2#1, %2#2 : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>
}"#,
        expect![[r#"
            [2, 2] f32: [-1, -1, 1, 3]
            [2, 2] f32: [-1, -1, 1, 3]
            [2] f32: [2, 20]
            [2] f32: [1, 100]
            [2, 2] f32: [0, 0, 0, 0]
            [2] f32: [-1, 1]
            [2] f32: [1, 3]"#]],
    );
}

#[test]
fn rms_norm_normalizes_along_its_dimension() {
    check(
        r#"func.func @main() -> tensor<2x2xf32> {
  %x = stablehlo.constant dense<[[3.0, 4.0], [1.0, 1.0]]> : tensor<2x2xf32>
  %w = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %eps = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.custom_call @AwsNeuronRmsNorm(%x, %w, %eps) {dimension = 0 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<f32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}"#,
        expect!["[2, 2] f32: [1.341640830039978, 1.3719886541366577, 0.8944271802902222, 0.6859943270683289]"],
    );
}

#[test]
fn rms_norm_rejects_an_epsilon_that_is_not_a_scalar() {
    check(
        r#"func.func @main() -> tensor<2x2xf32> {
  %x = stablehlo.constant dense<[[3.0, 4.0], [1.0, 1.0]]> : tensor<2x2xf32>
  %w = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %eps = stablehlo.constant dense<[0.0, 1.0]> : tensor<2xf32>
  %0 = stablehlo.custom_call @AwsNeuronRmsNorm(%x, %w, %eps) : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}"#,
        expect!["error at 5:3: 'stablehlo.custom_call' op RmsNorm: epsilon is not a scalar. Expected a single scalar constant value for epsilon parameter. (while evaluating `stablehlo.custom_call`)"],
    );
}

#[test]
fn rms_norm_rejects_a_weight_of_the_wrong_size() {
    check(
        r#"func.func @main() -> tensor<2x3xf32> {
  %x = stablehlo.constant dense<1.0> : tensor<2x3xf32>
  %w = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %eps = stablehlo.constant dense<1.0e-6> : tensor<f32>
  %0 = stablehlo.custom_call @AwsNeuronRmsNorm(%x, %w, %eps) {dimension = -1 : i64} : (tensor<2x3xf32>, tensor<2xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}"#,
        expect!["error at 5:3: Operation AwsNeuronRmsNorm encountered size mismatch along the specified (normalization) dimension 1. The input has 3 elements along it but the weight has shape [2]. (while evaluating `stablehlo.custom_call`)"],
    );
}

#[test]
fn unknown_custom_call_targets_are_named() {
    check(
        r#"func.func @main() -> tensor<2xf32> {
  %x = stablehlo.constant dense<1.0> : tensor<2xf32>
  %y = stablehlo.constant dense<1.0> : tensor<3xf32>
  %0 = stablehlo.custom_call @MyKernel(%x, %y) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}"#,
        expect!["error at 4:3: the interpreter does not know custom_call target @MyKernel (while evaluating `stablehlo.custom_call`)"],
    );
}

#[test]
fn chlo_next_after_steps_in_the_element_type() {
    check(
        r#"func.func @main() -> (tensor<4xf32>, tensor<2xf16>, tensor<2xbf16>) {
  %x = stablehlo.constant dense<[1.0, 1.0, 0.0, -0.0]> : tensor<4xf32>
  %y = stablehlo.constant dense<[2.0, 0.0, -1.0, 1.0]> : tensor<4xf32>
  %h = stablehlo.constant dense<[1.0, 65504.0]> : tensor<2xf16>
  %i = stablehlo.constant dense<[2.0, 0x7C00]> : tensor<2xf16>
  %b = stablehlo.constant dense<[1.0, 1.0]> : tensor<2xbf16>
  %c = stablehlo.constant dense<[2.0, 0.0]> : tensor<2xbf16>
  %0 = chlo.next_after %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.next_after %h, %i : tensor<2xf16>, tensor<2xf16> -> tensor<2xf16>
  %2 = chlo.next_after %b, %c : tensor<2xbf16>, tensor<2xbf16> -> tensor<2xbf16>
  return %0, %1, %2 : tensor<4xf32>, tensor<2xf16>, tensor<2xbf16>
}"#,
        expect![[r#"
            [4] f32: [1.0000001192092896, 0.9999999403953552, -0.000000000000000000000000000000000000000000001401298464324817, 0.000000000000000000000000000000000000000000001401298464324817]
            [2] f16: [1.0009765625, inf]
            [2] bf16: [1.0078125, 0.99609375]"#]],
    );
}

#[test]
fn chlo_cosh_and_sinh_round_like_xla_in_f32() {
    check(
        r#"func.func @main() -> (tensor<2xf32>, tensor<2xf32>, tensor<1xf64>) {
  %x = stablehlo.constant dense<[9.16479206, 0.5]> : tensor<2xf32>
  %d = stablehlo.constant dense<[0.5]> : tensor<1xf64>
  %0 = chlo.cosh %x : tensor<2xf32> -> tensor<2xf32>
  %1 = chlo.sinh %x : tensor<2xf32> -> tensor<2xf32>
  %2 = chlo.sinh %d : tensor<1xf64> -> tensor<1xf64>
  return %0, %1, %2 : tensor<2xf32>, tensor<2xf32>, tensor<1xf64>
}"#,
        expect![[r#"
            [2] f32: [4777.36962890625, 1.1276259422302246]
            [2] f32: [4777.36962890625, 0.521095335483551]
            [1] f64: [0.5210953054937474]"#]],
    );
}

#[test]
fn chlo_top_k_is_stable_and_orders_nan_first() {
    check(
        r#"func.func @main() -> (tensor<2x2xf32>, tensor<2x2xi32>) {
  %x = stablehlo.constant dense<[[1.0, 3.0, 3.0], [0x7FC00000, -1.0, 0x7F800000]]> : tensor<2x3xf32>
  %values, %indices = chlo.top_k(%x, k = 2) : tensor<2x3xf32> -> (tensor<2x2xf32>, tensor<2x2xi32>)
  return %values, %indices : tensor<2x2xf32>, tensor<2x2xi32>
}"#,
        expect![[r#"
            [2, 2] f32: [3, 3, NaN, inf]
            [2, 2] i32: [1, 2, 0, 2]"#]],
    );
}

#[test]
fn chlo_is_inf_erf_inv_domain_and_i1_add() {
    check(
        r#"func.func @main() -> (tensor<3xi1>, tensor<3xi1>, tensor<3xf32>, tensor<2xi1>) {
  %x = stablehlo.constant dense<[0x7F800000, 0xFF800000, 1.0]> : tensor<3xf32>
  %e = stablehlo.constant dense<[2.0, 1.0, 0.0]> : tensor<3xf32>
  %t = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %0 = chlo.is_inf %x : tensor<3xf32> -> tensor<3xi1>
  %1 = chlo.is_neg_inf %x : tensor<3xf32> -> tensor<3xi1>
  %2 = chlo.erf_inv %e : tensor<3xf32> -> tensor<3xf32>
  %3 = stablehlo.add %t, %t : tensor<2xi1>
  return %0, %1, %2, %3 : tensor<3xi1>, tensor<3xi1>, tensor<3xf32>, tensor<2xi1>
}"#,
        expect![[r#"
            [3] i1: [1, 1, 0]
            [3] i1: [0, 1, 0]
            [3] f32: [NaN, inf, 0]
            [2] i1: [1, 0]"#]],
    );
}
