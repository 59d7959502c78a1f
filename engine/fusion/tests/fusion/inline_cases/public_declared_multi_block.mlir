func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = call @helper(%arg0) : (tensor<f32>) -> tensor<f32>
  %1 = call @external(%0) : (tensor<f32>) -> tensor<f32>
  %2 = call @branchy(%1) : (tensor<f32>) -> tensor<f32>
  return %2 : tensor<f32>
}
func.func public @helper(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.negate %arg0 : tensor<f32>
  return %0 : tensor<f32>
}
func.func private @external(tensor<f32>) -> tensor<f32>
func.func private @branchy(%arg0: tensor<f32>) -> tensor<f32> {
  "cf.br"(%arg0)[^bb1] : (tensor<f32>) -> ()
^bb1(%0: tensor<f32>):
  return %0 : tensor<f32>
}
