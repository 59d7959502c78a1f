func.func @main(%arg0: tensor<f32>) -> (tensor<f32>, tensor<f32>, tensor<f32>) {
  %0 = stablehlo.composite "egfuse.neg" %arg0 {decomposition = @decomp} : (tensor<f32>) -> tensor<f32>
  %1 = call @decomp(%arg0) : (tensor<f32>) -> tensor<f32>
  %2 = call @kept(%arg0) : (tensor<f32>) -> tensor<f32>
  return %0, %1, %2 : tensor<f32>, tensor<f32>, tensor<f32>
}
func.func private @decomp(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = call @neg(%arg0) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @kept(%arg0: tensor<f32>) -> tensor<f32> attributes {noDelete} {
  %0 = stablehlo.abs %arg0 : tensor<f32>
  return %0 : tensor<f32>
}
func.func private @unused_kept(%arg0: tensor<f32>) -> tensor<f32> attributes {noDelete} {
  return %arg0 : tensor<f32>
}
func.func private @neg(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.negate %arg0 : tensor<f32>
  return %0 : tensor<f32>
}
