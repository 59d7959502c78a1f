func.func @main() -> tensor<i64> {
  %0 = stablehlo.constant dense< > : tensor<i64>
  return %0 : tensor<i64>
}
