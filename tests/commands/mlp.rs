//! An MLP's first layer, matmul, bias and GELU, as one DotGelu kernel whichever frontend wrote
//! it, through `egraph::check` (every output verified against its input): JAX adds the bias to
//! the matmul's result in its own shape; PyTorch's linear layer flattens its input, adds the
//! bias to the flat matmul and reshapes back (`add-between-inverse-reshapes` after dot-folding
//! moved the flattening past the matmul).

use crate::egraph::check;
use expect_test::expect;

/// `gelu(x @ w + b)` as JAX writes it, the exact GELU through `chlo.erfc`.
#[test]
fn jax_linear_and_gelu_are_one_dot_gelu_kernel() {
    check(
        r#"func.func @main(%x: tensor<2x4x8xf32>, %w: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<2x4x16xf32> {
  %d = stablehlo.dot_general %x, %w, contracting_dims = [2] x [0] : (tensor<2x4x8xf32>, tensor<8x16xf32>) -> tensor<2x4x16xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [2] : (tensor<16xf32>) -> tensor<2x4x16xf32>
  %a = stablehlo.add %d, %bb : tensor<2x4x16xf32>
  %h = stablehlo.constant dense<5.000000e-01> : tensor<2x4x16xf32>
  %c = stablehlo.constant dense<0.707106769> : tensor<2x4x16xf32>
  %half = stablehlo.multiply %a, %h : tensor<2x4x16xf32>
  %s = stablehlo.multiply %a, %c : tensor<2x4x16xf32>
  %n = stablehlo.negate %s : tensor<2x4x16xf32>
  %e = chlo.erfc %n : tensor<2x4x16xf32> -> tensor<2x4x16xf32>
  %y = stablehlo.multiply %half, %e : tensor<2x4x16xf32>
  return %y : tensor<2x4x16xf32>
}
"#,
        &[],
        expect![[r#"
            fused 1 clusters: DotGelu x1
            func.func @main(%x: tensor<2x4x8xf32>, %w: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<2x4x16xf32> {
              %0 = stablehlo.constant dense<5.0e-1> : tensor<f32>
              %1 = stablehlo.constant dense<7.07106769e-1> : tensor<f32>
              %y = "mhlo.fusion"(%b, %x, %w, %1, %0) ({
              ^bb0(%arg0: tensor<16xf32>, %arg1: tensor<2x4x8xf32>, %arg2: tensor<8x16xf32>, %arg3: tensor<f32>, %arg4: tensor<f32>):
                %bb = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<16xf32>) -> tensor<2x4x16xf32>
                %2 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
                %3 = stablehlo.broadcast_in_dim %arg3, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
                %d = stablehlo.dot_general %arg1, %arg2, contracting_dims = [2] x [0] : (tensor<2x4x8xf32>, tensor<8x16xf32>) -> tensor<2x4x16xf32>
                %a = stablehlo.add %d, %bb : tensor<2x4x16xf32>
                %half = stablehlo.multiply %a, %2 : tensor<2x4x16xf32>
                %s = stablehlo.multiply %a, %3 : tensor<2x4x16xf32>
                %n = stablehlo.negate %s : tensor<2x4x16xf32>
                %e = chlo.erfc %n : tensor<2x4x16xf32> -> tensor<2x4x16xf32>
                %4 = stablehlo.multiply %half, %e : tensor<2x4x16xf32>
                mhlo.return %4 : tensor<2x4x16xf32>
              }) {FusionKind = "DotGelu"} : (tensor<16xf32>, tensor<2x4x8xf32>, tensor<8x16xf32>, tensor<f32>, tensor<f32>) -> tensor<2x4x16xf32>
              return %y : tensor<2x4x16xf32>
            }
        "#]],
    );
}

/// The same layer as torch_xla exports `nn.Linear` then `nn.GELU()`: flatten, transposed weight,
/// flat matmul, bias, reshape back, and erf through its custom call. With a batch above 1 the
/// bias's broadcast over `[B*S, H]` is reshaped to `[B, S, H]`, which `reshape-of-broadcast`
/// makes one broadcast the kernel reads (the torch_xla fixtures are of batch 1).
#[test]
fn pytorch_linear_and_gelu_are_one_dot_gelu_kernel() {
    check(
        r#"func.func @main(%x: tensor<2x4x8xf32>, %w: tensor<16x8xf32>, %b: tensor<16xf32>) -> tensor<2x4x16xf32> {
  %f = stablehlo.reshape %x : (tensor<2x4x8xf32>) -> tensor<8x8xf32>
  %wt = stablehlo.transpose %w, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
  %d = stablehlo.dot_general %f, %wt, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %a = stablehlo.add %d, %bb : tensor<8x16xf32>
  %u = stablehlo.reshape %a : (tensor<8x16xf32>) -> tensor<2x4x16xf32>
  %h = stablehlo.constant dense<5.000000e-01> : tensor<2x4x16xf32>
  %c = stablehlo.constant dense<0.707106769> : tensor<2x4x16xf32>
  %one = stablehlo.constant dense<1.000000e+00> : tensor<2x4x16xf32>
  %half = stablehlo.multiply %u, %h : tensor<2x4x16xf32>
  %s = stablehlo.multiply %u, %c : tensor<2x4x16xf32>
  %e = stablehlo.custom_call @mhlo.erf(%s) {mhlo.attributes = {}, mhlo.version = 1 : i64} : (tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  %e1 = stablehlo.add %e, %one : tensor<2x4x16xf32>
  %y = stablehlo.multiply %half, %e1 : tensor<2x4x16xf32>
  return %y : tensor<2x4x16xf32>
}
"#,
        &[],
        expect![[r#"
            fused 1 clusters: DotGelu x1
            func.func @main(%x: tensor<2x4x8xf32>, %w: tensor<16x8xf32>, %b: tensor<16xf32>) -> tensor<2x4x16xf32> {
              %0 = stablehlo.constant dense<5.0e-1> : tensor<f32>
              %1 = stablehlo.constant dense<7.07106769e-1> : tensor<f32>
              %y = "mhlo.fusion"(%b, %x, %w, %1, %0) ({
              ^bb0(%arg0: tensor<16xf32>, %arg1: tensor<2x4x8xf32>, %arg2: tensor<16x8xf32>, %arg3: tensor<f32>, %arg4: tensor<f32>):
                %2 = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<16xf32>) -> tensor<2x4x16xf32>
                %3 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
                %4 = stablehlo.broadcast_in_dim %arg3, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
                %d = stablehlo.dot_general %arg1, %arg2, contracting_dims = [2] x [1] : (tensor<2x4x8xf32>, tensor<16x8xf32>) -> tensor<2x4x16xf32>
                %5 = stablehlo.add %d, %2 : tensor<2x4x16xf32>
                %half = stablehlo.multiply %5, %3 : tensor<2x4x16xf32>
                %s = stablehlo.multiply %5, %4 : tensor<2x4x16xf32>
                %6 = stablehlo.negate %s : tensor<2x4x16xf32>
                %7 = chlo.erfc %6 : tensor<2x4x16xf32> -> tensor<2x4x16xf32>
                %8 = stablehlo.multiply %half, %7 : tensor<2x4x16xf32>
                mhlo.return %8 : tensor<2x4x16xf32>
              }) {FusionKind = "DotGelu"} : (tensor<16xf32>, tensor<2x4x8xf32>, tensor<16x8xf32>, tensor<f32>, tensor<f32>) -> tensor<2x4x16xf32>
              return %y : tensor<2x4x16xf32>
            }
        "#]],
    );
}
