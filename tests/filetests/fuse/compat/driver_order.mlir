// The seed's "Entry Point": SubExp runs first and unconditionally; Elementwise last, under
// generalElementwiseFusion, takes what is left.
// RUN: egfuse fuse --mode compat %s -o /dev/null
// RUN: egfuse fuse --mode compat %s --flag generalElementwiseFusion=false --flag fuseDotLogistic=false -o /dev/null
func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %d = stablehlo.subtract %a, %b : tensor<4xf32>
  %e = stablehlo.exponential %d : tensor<4xf32>
  %f = stablehlo.add %e, %a : tensor<4xf32>
  %g = stablehlo.multiply %f, %f : tensor<4xf32>
  return %g : tensor<4xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse fuse --mode compat %s -o /dev/null
// ----- stderr
// fused 2 clusters: Elementwise x1, SubExp x1
// ----- exit 0
// ----- egfuse fuse --mode compat %s --flag generalElementwiseFusion=false --flag fuseDotLogistic=false -o /dev/null
// ----- stderr
// fused 1 cluster: SubExp x1
// ----- exit 0
