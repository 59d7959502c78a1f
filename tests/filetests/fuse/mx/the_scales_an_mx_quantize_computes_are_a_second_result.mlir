// An MX quantize whose module also returns the block scales gives them as a second result of
// its one MxQuantize kernel: the scale is computed inside the kernel, and the program reads it
// there rather than computing the block maximum and the scale again in kernels of their own.
// The fused module computes what the input did, and the kernel lowers with both results.
// RUN: egfuse fuse %s -o %t
// RUN: egfuse fuse %s --emit penguin
// RUN: egfuse verify %s %t
// RUN: egfuse lower %s --check -o /dev/null
module @mx_ocp_scales {
  func.func public @main(%x: tensor<4x64xf32>) -> (tensor<4x2x32xf8E4M3FN>, tensor<4x2xf32>) {
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
    return %q, %s : tensor<4x2x32xf8E4M3FN>, tensor<4x2xf32>
  }
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 1 cluster: MxQuantize x1
// ----- exit 0
// ----- egfuse fuse %s --emit penguin
// %q, %s = ctx.NeuronTensorOp(%ninf, %x, %4, %3, %2, %1, %0, op="MxQuantize", reduce_dims=[2], xla_op="mhlo.fusion")
// ----- stderr
// fused 1 cluster: MxQuantize x1
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<4x2x32xf8E4M3FN>: max abs err 0.000e0, max rel err 0.000e0 (atol 6e-2, rtol 1.25e-1, scale 3.029e2): agree
//   out1 tensor<4x2xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 3.906e-3): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<4x2x32xf8E4M3FN>: max abs err 0.000e0, max rel err 0.000e0 (atol 6e-2, rtol 1.25e-1, scale 2.991e2): agree
//   out1 tensor<4x2xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-6, rtol 1e-5, scale 3.906e-3): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<4x2x32xf8E4M3FN>: max abs err 0.000e0, max rel err 0.000e0 (atol 5.859375e-5, rtol 1.25e-1, scale 3.029e2): agree
//   out1 tensor<4x2xf32>: max abs err 0.000e0, max rel err 0.000e0 (atol 9.765625e-10, rtol 1e-5, scale 3.815e-6): agree
// verify: equal
// ----- exit 0
// ----- egfuse lower %s --check -o /dev/null
// ----- stderr
// lowered 1 kernel (MxQuantize x1), estimate 2.066 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 2 results
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (6 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
