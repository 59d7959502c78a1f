module @jit_rope_polar attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1x5x3x128xf32>, %arg1: tensor<1x5x3x128xf32>) -> (tensor<1x5x3x128xf32> {jax.result_info = "result[0]"}, tensor<1x5x3x128xf32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.iota dim = 0 : tensor<64xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %2 = stablehlo.multiply %1, %0 : tensor<64xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %4 = stablehlo.add %3, %2 : tensor<64xf32>
    %cst_1 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %6 = stablehlo.divide %4, %5 : tensor<64xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+04> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %8 = stablehlo.power %7, %6 : tensor<64xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %10 = stablehlo.divide %9, %8 : tensor<64xf32>
    %11 = stablehlo.iota dim = 0 : tensor<5xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0] : (tensor<5xf32>) -> tensor<5x1xf32>
    %13 = stablehlo.broadcast_in_dim %10, dims = [1] : (tensor<64xf32>) -> tensor<1x64xf32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<5x1xf32>) -> tensor<5x64xf32>
    %15 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<1x64xf32>) -> tensor<5x64xf32>
    %16 = stablehlo.multiply %14, %15 : tensor<5x64xf32>
    %17 = stablehlo.convert %16 : (tensor<5x64xf32>) -> tensor<5x64xcomplex<f32>>
    %cst_4 = stablehlo.constant dense<(0.000000e+00,1.000000e+00)> : tensor<complex<f32>>
    %18 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<complex<f32>>) -> tensor<5x64xcomplex<f32>>
    %19 = stablehlo.multiply %18, %17 : tensor<5x64xcomplex<f32>>
    %20 = stablehlo.exponential %19 : tensor<5x64xcomplex<f32>>
    %21 = stablehlo.reshape %arg0 : (tensor<1x5x3x128xf32>) -> tensor<1x5x3x64x2xf32>
    %22 = stablehlo.slice %21 [0:1, 0:5, 0:3, 0:64, 0:1] : (tensor<1x5x3x64x2xf32>) -> tensor<1x5x3x64x1xf32>
    %23 = stablehlo.reshape %22 : (tensor<1x5x3x64x1xf32>) -> tensor<1x5x3x64xf32>
    %24 = stablehlo.slice %21 [0:1, 0:5, 0:3, 0:64, 1:2] : (tensor<1x5x3x64x2xf32>) -> tensor<1x5x3x64x1xf32>
    %25 = stablehlo.reshape %24 : (tensor<1x5x3x64x1xf32>) -> tensor<1x5x3x64xf32>
    %26 = stablehlo.complex %23, %25 : tensor<1x5x3x64xcomplex<f32>>
    %27 = stablehlo.broadcast_in_dim %20, dims = [1, 3] : (tensor<5x64xcomplex<f32>>) -> tensor<1x5x1x64xcomplex<f32>>
    %28 = stablehlo.broadcast_in_dim %27, dims = [0, 1, 2, 3] : (tensor<1x5x1x64xcomplex<f32>>) -> tensor<1x5x3x64xcomplex<f32>>
    %29 = stablehlo.multiply %26, %28 : tensor<1x5x3x64xcomplex<f32>>
    %30 = stablehlo.real %29 : (tensor<1x5x3x64xcomplex<f32>>) -> tensor<1x5x3x64xf32>
    %31 = stablehlo.imag %29 : (tensor<1x5x3x64xcomplex<f32>>) -> tensor<1x5x3x64xf32>
    %32 = stablehlo.broadcast_in_dim %30, dims = [0, 1, 2, 3] : (tensor<1x5x3x64xf32>) -> tensor<1x5x3x64x1xf32>
    %33 = stablehlo.broadcast_in_dim %31, dims = [0, 1, 2, 3] : (tensor<1x5x3x64xf32>) -> tensor<1x5x3x64x1xf32>
    %34 = stablehlo.concatenate %32, %33, dim = 4 : (tensor<1x5x3x64x1xf32>, tensor<1x5x3x64x1xf32>) -> tensor<1x5x3x64x2xf32>
    %35 = stablehlo.reshape %34 : (tensor<1x5x3x64x2xf32>) -> tensor<1x5x3x128xf32>
    %36 = stablehlo.reshape %arg1 : (tensor<1x5x3x128xf32>) -> tensor<1x5x3x64x2xf32>
    %37 = stablehlo.slice %36 [0:1, 0:5, 0:3, 0:64, 0:1] : (tensor<1x5x3x64x2xf32>) -> tensor<1x5x3x64x1xf32>
    %38 = stablehlo.reshape %37 : (tensor<1x5x3x64x1xf32>) -> tensor<1x5x3x64xf32>
    %39 = stablehlo.slice %36 [0:1, 0:5, 0:3, 0:64, 1:2] : (tensor<1x5x3x64x2xf32>) -> tensor<1x5x3x64x1xf32>
    %40 = stablehlo.reshape %39 : (tensor<1x5x3x64x1xf32>) -> tensor<1x5x3x64xf32>
    %41 = stablehlo.complex %38, %40 : tensor<1x5x3x64xcomplex<f32>>
    %42 = stablehlo.broadcast_in_dim %20, dims = [1, 3] : (tensor<5x64xcomplex<f32>>) -> tensor<1x5x1x64xcomplex<f32>>
    %43 = stablehlo.broadcast_in_dim %42, dims = [0, 1, 2, 3] : (tensor<1x5x1x64xcomplex<f32>>) -> tensor<1x5x3x64xcomplex<f32>>
    %44 = stablehlo.multiply %41, %43 : tensor<1x5x3x64xcomplex<f32>>
    %45 = stablehlo.real %44 : (tensor<1x5x3x64xcomplex<f32>>) -> tensor<1x5x3x64xf32>
    %46 = stablehlo.imag %44 : (tensor<1x5x3x64xcomplex<f32>>) -> tensor<1x5x3x64xf32>
    %47 = stablehlo.broadcast_in_dim %45, dims = [0, 1, 2, 3] : (tensor<1x5x3x64xf32>) -> tensor<1x5x3x64x1xf32>
    %48 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2, 3] : (tensor<1x5x3x64xf32>) -> tensor<1x5x3x64x1xf32>
    %49 = stablehlo.concatenate %47, %48, dim = 4 : (tensor<1x5x3x64x1xf32>, tensor<1x5x3x64x1xf32>) -> tensor<1x5x3x64x2xf32>
    %50 = stablehlo.reshape %49 : (tensor<1x5x3x64x2xf32>) -> tensor<1x5x3x128xf32>
    return %35, %50 : tensor<1x5x3x128xf32>, tensor<1x5x3x128xf32>
  }
}
