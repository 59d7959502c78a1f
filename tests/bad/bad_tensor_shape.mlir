func.func @f(%a: tensor<2x3f32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}
