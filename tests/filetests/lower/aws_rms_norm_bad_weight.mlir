// An `AwsNeuronRmsNorm` whose weight does not match the normalized dimension is the Neuron
// compiler's own diagnostic (seed 000).
// RUN: egfuse lower %s
func.func @main(%x: tensor<2x200x256xf32>, %w: tensor<3xf32>) -> tensor<2x200x256xf32> {
  %e = stablehlo.constant dense<1.0e-06> : tensor<f32>
  %0 = stablehlo.custom_call @AwsNeuronRmsNorm(%x, %w, %e)  : (tensor<2x200x256xf32>, tensor<3xf32>, tensor<f32>) -> tensor<2x200x256xf32>
  return %0 : tensor<2x200x256xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s
// ----- stderr
// error: tests/filetests/lower/aws_rms_norm_bad_weight.mlir:6:3: Operation AwsNeuronRmsNorm encountered size mismatch along the specified (normalization) dimension 2. The input has 256 elements along it but the weight has shape [3].
//    ╭─[tests/filetests/lower/aws_rms_norm_bad_weight.mlir:6:3]
//  5 │   %e = stablehlo.constant dense<1.0e-06> : tensor<f32>
//  6 │   %0 = stablehlo.custom_call @AwsNeuronRmsNorm(%x, %w, %e)  : (tensor<2x200x256xf32>, tensor<3xf32>, tensor<f32>) -> tensor<2x200x256xf32>
//    ·   ────────────────────────────────────────────────────────────────────┬───────────────────────────────────────────────────────────────────
//    ·                                                                       ╰── this custom call
//  7 │   return %0 : tensor<2x200x256xf32>
//    ╰────
// lowered 0 kernels; 1 could not be lowered
// ----- exit 1
