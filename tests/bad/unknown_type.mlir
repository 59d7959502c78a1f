func.func @f(%a: tensor<2xf31>) -> tensor<2xf31> {
  return %a : tensor<2xf31>
}
