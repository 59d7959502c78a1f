// torch_xla's bf16 gelu_new of a linear layer is one DotGelu kernel: it takes each product
// with a constant in f32 between converts (and rounds x/2 to bf16 and widens it again), which
// gelu-tanh-of matches as written `through converts`. The converts join the kernel; the
// fused module computes what the input did, and its kernels lower and check.
// RUN: egfuse fuse %s -o %t
// RUN: egfuse verify %s %t
// RUN: egfuse lower %s --check -o /dev/null
module @gelu_new_bf16 {
  func.func public @main(%a: tensor<154x256xbf16>, %w: tensor<256x1024xbf16>, %b: tensor<1024xbf16>) -> tensor<154x1024xbf16> {
    %cst_3 = stablehlo.constant dense<5.000000e-01> : tensor<154x1024xf32>
    %cst_2 = stablehlo.constant dense<3.000000e+00> : tensor<154x1024xbf16>
    %cst_1 = stablehlo.constant dense<4.471500e-02> : tensor<154x1024xf32>
    %cst_0 = stablehlo.constant dense<0.797884583> : tensor<154x1024xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<154x1024xf32>
    %108 = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<154x256xbf16>, tensor<256x1024xbf16>) -> tensor<154x1024xbf16>
    %109 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<1024xbf16>) -> tensor<154x1024xbf16>
    %111 = stablehlo.add %108, %109 : tensor<154x1024xbf16>
    %112 = stablehlo.convert %111 : (tensor<154x1024xbf16>) -> tensor<154x1024xf32>
    %113 = stablehlo.multiply %112, %cst_3 : tensor<154x1024xf32>
    %114 = stablehlo.convert %113 : (tensor<154x1024xf32>) -> tensor<154x1024xbf16>
    %115 = stablehlo.convert %114 : (tensor<154x1024xbf16>) -> tensor<154x1024xf32>
    %116 = stablehlo.power %111, %cst_2 : tensor<154x1024xbf16>
    %117 = stablehlo.convert %116 : (tensor<154x1024xbf16>) -> tensor<154x1024xf32>
    %118 = stablehlo.multiply %117, %cst_1 : tensor<154x1024xf32>
    %119 = stablehlo.convert %118 : (tensor<154x1024xf32>) -> tensor<154x1024xbf16>
    %120 = stablehlo.add %111, %119 : tensor<154x1024xbf16>
    %121 = stablehlo.convert %120 : (tensor<154x1024xbf16>) -> tensor<154x1024xf32>
    %122 = stablehlo.multiply %121, %cst_0 : tensor<154x1024xf32>
    %123 = stablehlo.convert %122 : (tensor<154x1024xf32>) -> tensor<154x1024xbf16>
    %124 = stablehlo.tanh %123 : tensor<154x1024xbf16>
    %125 = stablehlo.convert %124 : (tensor<154x1024xbf16>) -> tensor<154x1024xf32>
    %126 = stablehlo.add %125, %cst : tensor<154x1024xf32>
    %127 = stablehlo.multiply %115, %126 : tensor<154x1024xf32>
    %128 = stablehlo.convert %127 : (tensor<154x1024xf32>) -> tensor<154x1024xbf16>
    return %128 : tensor<154x1024xbf16>
  }
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse %s -o %t
// ----- stderr
// fused 1 cluster: DotGelu x1
// ----- exit 0
// ----- egfuse verify %s %t
// trial 0 (seed 0, positive inputs):
//   out0 tensor<154x1024xbf16>: max abs err 0.000e0, max rel err 0.000e0 (atol 1e-2, rtol 2e-2, scale 2.897e2): agree
// trial 1 (seed 0, signed inputs):
//   out0 tensor<154x1024xbf16>: max abs err 1.562e-2, max rel err 1.000e0 (atol 1e-2, rtol 2e-2, scale 1.508e1): agree
// trial 2 (seed 0, small positive inputs):
//   out0 tensor<154x1024xbf16>: max abs err 0.000e0, max rel err 0.000e0 (atol 9.765625e-6, rtol 2e-2, scale 6.874e-4): agree
// verify: equal
// ----- exit 0
// ----- egfuse lower %s --check -o /dev/null
// ----- stderr
// lowered 2 kernels (DotGelu x1, stablehlo.convert x1), estimate 23.755 us; device program: 2 calls
// check: 2 of 2 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 2 of 2 kernels are deadlock-free and race-free (18 semaphores)
// check: 2 of 2 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
