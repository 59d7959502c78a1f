module {
  func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
    return %a : tensor<2xf32>
  }
  func.func @g() -> tensor<2xf32> {
    return %a : tensor<2xf32>
  }
}
