module @m {
  func.func public @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.abs %arg0 : tensor<4xf32>
    %1 = call @silu(%0) : (tensor<4xf32>) -> tensor<4xf32> loc("call")
    %2 = stablehlo.negate %1 : tensor<4xf32>
    return %2 : tensor<4xf32>
  }
  func.func private @silu(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.logistic %arg0 : tensor<4xf32> loc("logistic")
    %1 = stablehlo.multiply %arg0, %0 : tensor<4xf32>
    return %1 : tensor<4xf32>
  }
}
