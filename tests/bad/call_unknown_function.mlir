func.func @f(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = call @g(%a) : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
