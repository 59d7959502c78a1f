// An MX quantize whose scale is OCP's, 2^(floor(log2(amax)) - 8), spelled with log, floor and
// power, and whose clip is torch's `clamp`, is one MxQuantize kernel: mx-quantize reads the
// scale `through elementwise`, so any elementwise function of the block maximum and constants
// is a scale, and its ops join the kernel. @not_a_scale's divisor also reads %t, so it is no
// function of the maximum alone and stays out of the idiom. The fused module computes what the
// input did, and its kernels lower and check.
// RUN: egfuse fuse %s -o %t
// RUN: egfuse verify %s %t
// RUN: egfuse verify %s %t --func not_a_scale
// RUN: egfuse lower %s --check -o /dev/null
module @mx_ocp {
  func.func public @main(%x: tensor<4x64xf32>) -> tensor<4x2x32xf8E4M3FN> {
    %xb = stablehlo.reshape %x : (tensor<4x64xf32>) -> tensor<4x2x32xf32>
    %ab = stablehlo.abs %xb : tensor<4x2x32xf32>
    %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %m = stablehlo.reduce(%ab init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<4x2x32xf32>, tensor<f32>) -> tensor<4x2xf32>
    %l = stablehlo.log %m : tensor<4x2xf32>
    %ln2 = stablehlo.constant dense<0.693147182> : tensor<4x2xf32>
    %l2 = stablehlo.divide %l, %ln2 : tensor<4x2xf32>
    %e = stablehlo.floor %l2 : tensor<4x2xf32>
    %eight = stablehlo.constant dense<8.0> : tensor<4x2xf32>
    %se = stablehlo.subtract %e, %eight : tensor<4x2xf32>
    %two = stablehlo.constant dense<2.0> : tensor<4x2xf32>
    %s = stablehlo.power %two, %se : tensor<4x2xf32>
    %sb = stablehlo.broadcast_in_dim %s, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x32xf32>
    %y = stablehlo.divide %xb, %sb : tensor<4x2x32xf32>
    %lo = stablehlo.constant dense<-448.0> : tensor<4x2x32xf32>
    %hi = stablehlo.constant dense<448.0> : tensor<4x2x32xf32>
    %c = stablehlo.clamp %lo, %y, %hi : tensor<4x2x32xf32>
    %q = stablehlo.convert %c : (tensor<4x2x32xf32>) -> tensor<4x2x32xf8E4M3FN>
    return %q : tensor<4x2x32xf8E4M3FN>
  }
  func.func public @not_a_scale(%x: tensor<4x2x32xf32>, %t: tensor<4x2xf32>) -> tensor<4x2x32xf8E4M3FN> {
    %ab = stablehlo.abs %x : tensor<4x2x32xf32>
    %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %m = stablehlo.reduce(%ab init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<4x2x32xf32>, tensor<f32>) -> tensor<4x2xf32>
    %s = stablehlo.multiply %m, %t : tensor<4x2xf32>
    %sb = stablehlo.broadcast_in_dim %s, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x32xf32>
    %y = stablehlo.divide %x, %sb : tensor<4x2x32xf32>
    %q = stablehlo.convert %y : (tensor<4x2x32xf32>) -> tensor<4x2x32xf8E4M3FN>
    return %q : tensor<4x2x32xf8E4M3FN>
  }
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 3 clusters: Elementwise x1, MxQuantize x1, Reduce x1
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<4x2x32xf8E4M3FN>: max abs err 0.000e0, max rel err 0.000e0 (atol 6e-2, rtol 1.25e-1, scale 3.029e2): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<4x2x32xf8E4M3FN>: max abs err 0.000e0, max rel err 0.000e0 (atol 6e-2, rtol 1.25e-1, scale 2.991e2): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<4x2x32xf8E4M3FN>: max abs err 0.000e0, max rel err 0.000e0 (atol 5.859375e-5, rtol 1.25e-1, scale 3.029e2): agree
// verify: equal
// ----- exit 0
// ----- egfuse verify %s %t --func not_a_scale
// trial 0 (seed 0, positive inputs):
//   out0 tensor<4x2x32xf8E4M3FN>: max abs err 0.000e0, max rel err 0.000e0 (atol 6e-2, rtol 1.25e-1, scale 1.083e0): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<4x2x32xf8E4M3FN>: max abs err 0.000e0, max rel err 0.000e0 (atol 6e-2, rtol 1.25e-1, scale 1.752e0): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<4x2x32xf8E4M3FN>: max abs err 0.000e0, max rel err 0.000e0 (atol 5.859375e-5, rtol 1.25e-1, scale 2.991e2): agree
// verify: equal
// ----- exit 0
// ----- egfuse lower %s --check -o /dev/null
// ----- stderr
// lowered 3 kernels (Elementwise x1, MxQuantize x1, Reduce x1), estimate 2.539 us; device program: 1 call
// check: 3 of 3 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 3 of 3 kernels are deadlock-free and race-free (15 semaphores)
// check: 3 of 3 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
