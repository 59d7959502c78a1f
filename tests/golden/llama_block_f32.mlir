module @jit_llama_block_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1x8x32xf32>, %arg1: tensor<32xf32>, %arg2: tensor<32xf32>, %arg3: tensor<64x32xf32>, %arg4: tensor<32x64xf32>, %arg5: tensor<32x64xf32>, %arg6: tensor<32x32xf32>, %arg7: tensor<32x32xf32>, %arg8: tensor<32x32xf32>, %arg9: tensor<32x32xf32>) -> (tensor<1x8x32xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<1x8x32xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<1x8x32xf32>, tensor<f32>) -> tensor<1x8xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<1x8x1xf32>
    %cst_0 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x8x1xf32>
    %4 = stablehlo.divide %2, %3 : tensor<1x8x1xf32>
    %cst_1 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<1x8x1xf32>
    %6 = stablehlo.add %4, %5 : tensor<1x8x1xf32>
    %7 = stablehlo.rsqrt %6 : tensor<1x8x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<1x8x1xf32>) -> tensor<1x8x32xf32>
    %9 = stablehlo.multiply %arg0, %8 : tensor<1x8x32xf32>
    %10 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<1x8x32xf32>
    %12 = stablehlo.multiply %9, %11 : tensor<1x8x32xf32>
    %13 = stablehlo.dot_general %12, %arg8, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x8x32xf32>, tensor<32x32xf32>) -> tensor<1x8x32xf32>
    %14 = stablehlo.reshape %13 : (tensor<1x8x32xf32>) -> tensor<1x8x2x16xf32>
    %15 = stablehlo.dot_general %12, %arg6, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x8x32xf32>, tensor<32x32xf32>) -> tensor<1x8x32xf32>
    %16 = stablehlo.reshape %15 : (tensor<1x8x32xf32>) -> tensor<1x8x2x16xf32>
    %17 = stablehlo.dot_general %12, %arg9, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x8x32xf32>, tensor<32x32xf32>) -> tensor<1x8x32xf32>
    %18 = stablehlo.reshape %17 : (tensor<1x8x32xf32>) -> tensor<1x8x2x16xf32>
    %19 = stablehlo.iota dim = 0 : tensor<8xf32>
    %cst_2 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %21 = stablehlo.multiply %20, %19 : tensor<8xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %23 = stablehlo.add %22, %21 : tensor<8xf32>
    %cst_4 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %25 = stablehlo.divide %23, %24 : tensor<8xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+04> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %27 = stablehlo.power %26, %25 : tensor<8xf32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %29 = stablehlo.divide %28, %27 : tensor<8xf32>
    %30 = stablehlo.iota dim = 0 : tensor<8xf32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %32 = stablehlo.broadcast_in_dim %29, dims = [1] : (tensor<8xf32>) -> tensor<1x8xf32>
    %33 = stablehlo.broadcast_in_dim %31, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x8xf32>
    %34 = stablehlo.broadcast_in_dim %32, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<8x8xf32>
    %35 = stablehlo.multiply %33, %34 : tensor<8x8xf32>
    %36 = stablehlo.sine %35 : tensor<8x8xf32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [1, 3] : (tensor<8x8xf32>) -> tensor<1x8x1x8xf32>
    %38 = stablehlo.cosine %35 : tensor<8x8xf32>
    %39 = stablehlo.broadcast_in_dim %38, dims = [1, 3] : (tensor<8x8xf32>) -> tensor<1x8x1x8xf32>
    %40 = stablehlo.slice %14 [0:1, 0:8, 0:2, 0:8] : (tensor<1x8x2x16xf32>) -> tensor<1x8x2x8xf32>
    %41 = stablehlo.slice %14 [0:1, 0:8, 0:2, 8:16] : (tensor<1x8x2x16xf32>) -> tensor<1x8x2x8xf32>
    %42 = stablehlo.broadcast_in_dim %39, dims = [0, 1, 2, 3] : (tensor<1x8x1x8xf32>) -> tensor<1x8x2x8xf32>
    %43 = stablehlo.multiply %40, %42 : tensor<1x8x2x8xf32>
    %44 = stablehlo.broadcast_in_dim %37, dims = [0, 1, 2, 3] : (tensor<1x8x1x8xf32>) -> tensor<1x8x2x8xf32>
    %45 = stablehlo.multiply %41, %44 : tensor<1x8x2x8xf32>
    %46 = stablehlo.subtract %43, %45 : tensor<1x8x2x8xf32>
    %47 = stablehlo.broadcast_in_dim %39, dims = [0, 1, 2, 3] : (tensor<1x8x1x8xf32>) -> tensor<1x8x2x8xf32>
    %48 = stablehlo.multiply %41, %47 : tensor<1x8x2x8xf32>
    %49 = stablehlo.broadcast_in_dim %37, dims = [0, 1, 2, 3] : (tensor<1x8x1x8xf32>) -> tensor<1x8x2x8xf32>
    %50 = stablehlo.multiply %40, %49 : tensor<1x8x2x8xf32>
    %51 = stablehlo.add %48, %50 : tensor<1x8x2x8xf32>
    %52 = stablehlo.concatenate %46, %51, dim = 3 : (tensor<1x8x2x8xf32>, tensor<1x8x2x8xf32>) -> tensor<1x8x2x16xf32>
    %53 = stablehlo.iota dim = 0 : tensor<8xf32>
    %cst_7 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %54 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %55 = stablehlo.multiply %54, %53 : tensor<8xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %57 = stablehlo.add %56, %55 : tensor<8xf32>
    %cst_9 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %58 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %59 = stablehlo.divide %57, %58 : tensor<8xf32>
    %cst_10 = stablehlo.constant dense<1.000000e+04> : tensor<f32>
    %60 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %61 = stablehlo.power %60, %59 : tensor<8xf32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %63 = stablehlo.divide %62, %61 : tensor<8xf32>
    %64 = stablehlo.iota dim = 0 : tensor<8xf32>
    %65 = stablehlo.broadcast_in_dim %64, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %66 = stablehlo.broadcast_in_dim %63, dims = [1] : (tensor<8xf32>) -> tensor<1x8xf32>
    %67 = stablehlo.broadcast_in_dim %65, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x8xf32>
    %68 = stablehlo.broadcast_in_dim %66, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<8x8xf32>
    %69 = stablehlo.multiply %67, %68 : tensor<8x8xf32>
    %70 = stablehlo.sine %69 : tensor<8x8xf32>
    %71 = stablehlo.broadcast_in_dim %70, dims = [1, 3] : (tensor<8x8xf32>) -> tensor<1x8x1x8xf32>
    %72 = stablehlo.cosine %69 : tensor<8x8xf32>
    %73 = stablehlo.broadcast_in_dim %72, dims = [1, 3] : (tensor<8x8xf32>) -> tensor<1x8x1x8xf32>
    %74 = stablehlo.slice %16 [0:1, 0:8, 0:2, 0:8] : (tensor<1x8x2x16xf32>) -> tensor<1x8x2x8xf32>
    %75 = stablehlo.slice %16 [0:1, 0:8, 0:2, 8:16] : (tensor<1x8x2x16xf32>) -> tensor<1x8x2x8xf32>
    %76 = stablehlo.broadcast_in_dim %73, dims = [0, 1, 2, 3] : (tensor<1x8x1x8xf32>) -> tensor<1x8x2x8xf32>
    %77 = stablehlo.multiply %74, %76 : tensor<1x8x2x8xf32>
    %78 = stablehlo.broadcast_in_dim %71, dims = [0, 1, 2, 3] : (tensor<1x8x1x8xf32>) -> tensor<1x8x2x8xf32>
    %79 = stablehlo.multiply %75, %78 : tensor<1x8x2x8xf32>
    %80 = stablehlo.subtract %77, %79 : tensor<1x8x2x8xf32>
    %81 = stablehlo.broadcast_in_dim %73, dims = [0, 1, 2, 3] : (tensor<1x8x1x8xf32>) -> tensor<1x8x2x8xf32>
    %82 = stablehlo.multiply %75, %81 : tensor<1x8x2x8xf32>
    %83 = stablehlo.broadcast_in_dim %71, dims = [0, 1, 2, 3] : (tensor<1x8x1x8xf32>) -> tensor<1x8x2x8xf32>
    %84 = stablehlo.multiply %74, %83 : tensor<1x8x2x8xf32>
    %85 = stablehlo.add %82, %84 : tensor<1x8x2x8xf32>
    %86 = stablehlo.concatenate %80, %85, dim = 3 : (tensor<1x8x2x8xf32>, tensor<1x8x2x8xf32>) -> tensor<1x8x2x16xf32>
    %87 = stablehlo.transpose %52, dims = [0, 2, 1, 3] : (tensor<1x8x2x16xf32>) -> tensor<1x2x8x16xf32>
    %88 = stablehlo.transpose %86, dims = [0, 2, 1, 3] : (tensor<1x8x2x16xf32>) -> tensor<1x2x8x16xf32>
    %89 = stablehlo.transpose %18, dims = [0, 2, 1, 3] : (tensor<1x8x2x16xf32>) -> tensor<1x2x8x16xf32>
    %90 = stablehlo.dot_general %87, %88, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>) -> tensor<1x2x8x8xf32>
    %cst_12 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %91 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<1x2x8x8xf32>
    %92 = stablehlo.divide %90, %91 : tensor<1x2x8x8xf32>
    %93 = stablehlo.iota dim = 0 : tensor<8x8xi32>
    %94 = stablehlo.iota dim = 1 : tensor<8x8xi32>
    %95 = stablehlo.compare GE, %93, %94, SIGNED : (tensor<8x8xi32>, tensor<8x8xi32>) -> tensor<8x8xi1>
    %cst_13 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %96 = call @_where(%95, %92, %cst_13) : (tensor<8x8xi1>, tensor<1x2x8x8xf32>, tensor<f32>) -> tensor<1x2x8x8xf32>
    %cst_14 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %97 = stablehlo.reduce(%96 init: %cst_14) applies stablehlo.maximum across dimensions = [3] : (tensor<1x2x8x8xf32>, tensor<f32>) -> tensor<1x2x8xf32>
    %cst_15 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %98 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<1x2x8xf32>
    %99 = stablehlo.maximum %98, %97 : tensor<1x2x8xf32>
    %100 = stablehlo.broadcast_in_dim %99, dims = [0, 1, 2] : (tensor<1x2x8xf32>) -> tensor<1x2x8x1xf32>
    %101 = stablehlo.broadcast_in_dim %100, dims = [0, 1, 2, 3] : (tensor<1x2x8x1xf32>) -> tensor<1x2x8x8xf32>
    %102 = stablehlo.subtract %96, %101 : tensor<1x2x8x8xf32>
    %103 = stablehlo.exponential %102 : tensor<1x2x8x8xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %104 = stablehlo.reduce(%103 init: %cst_16) applies stablehlo.add across dimensions = [3] : (tensor<1x2x8x8xf32>, tensor<f32>) -> tensor<1x2x8xf32>
    %105 = stablehlo.broadcast_in_dim %104, dims = [0, 1, 2] : (tensor<1x2x8xf32>) -> tensor<1x2x8x1xf32>
    %106 = stablehlo.broadcast_in_dim %105, dims = [0, 1, 2, 3] : (tensor<1x2x8x1xf32>) -> tensor<1x2x8x8xf32>
    %107 = stablehlo.divide %103, %106 : tensor<1x2x8x8xf32>
    %108 = stablehlo.dot_general %107, %89, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<1x2x8x8xf32>, tensor<1x2x8x16xf32>) -> tensor<1x2x8x16xf32>
    %109 = stablehlo.transpose %108, dims = [0, 2, 1, 3] : (tensor<1x2x8x16xf32>) -> tensor<1x8x2x16xf32>
    %110 = stablehlo.reshape %109 : (tensor<1x8x2x16xf32>) -> tensor<1x8x32xf32>
    %111 = stablehlo.dot_general %110, %arg7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x8x32xf32>, tensor<32x32xf32>) -> tensor<1x8x32xf32>
    %112 = stablehlo.add %arg0, %111 : tensor<1x8x32xf32>
    %113 = stablehlo.multiply %112, %112 : tensor<1x8x32xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %114 = stablehlo.reduce(%113 init: %cst_17) applies stablehlo.add across dimensions = [2] : (tensor<1x8x32xf32>, tensor<f32>) -> tensor<1x8xf32>
    %115 = stablehlo.broadcast_in_dim %114, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<1x8x1xf32>
    %cst_18 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %116 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<1x8x1xf32>
    %117 = stablehlo.divide %115, %116 : tensor<1x8x1xf32>
    %cst_19 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %118 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<1x8x1xf32>
    %119 = stablehlo.add %117, %118 : tensor<1x8x1xf32>
    %120 = stablehlo.rsqrt %119 : tensor<1x8x1xf32>
    %121 = stablehlo.broadcast_in_dim %120, dims = [0, 1, 2] : (tensor<1x8x1xf32>) -> tensor<1x8x32xf32>
    %122 = stablehlo.multiply %112, %121 : tensor<1x8x32xf32>
    %123 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %124 = stablehlo.broadcast_in_dim %123, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<1x8x32xf32>
    %125 = stablehlo.multiply %122, %124 : tensor<1x8x32xf32>
    %126 = stablehlo.dot_general %125, %arg4, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x8x32xf32>, tensor<32x64xf32>) -> tensor<1x8x64xf32>
    %127 = call @silu(%126) : (tensor<1x8x64xf32>) -> tensor<1x8x64xf32>
    %128 = stablehlo.dot_general %125, %arg5, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x8x32xf32>, tensor<32x64xf32>) -> tensor<1x8x64xf32>
    %129 = stablehlo.multiply %127, %128 : tensor<1x8x64xf32>
    %130 = stablehlo.dot_general %129, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x8x64xf32>, tensor<64x32xf32>) -> tensor<1x8x32xf32>
    %131 = stablehlo.add %112, %130 : tensor<1x8x32xf32>
    return %131 : tensor<1x8x32xf32>
  }
  func.func private @_where(%arg0: tensor<8x8xi1>, %arg1: tensor<1x2x8x8xf32>, %arg2: tensor<f32>) -> tensor<1x2x8x8xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<8x8xi1>) -> tensor<1x2x8x8xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<1x2x8x8xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<1x2x8x8xi1>, tensor<1x2x8x8xf32>
    return %3 : tensor<1x2x8x8xf32>
  }
  func.func private @silu(%arg0: tensor<1x8x64xf32>) -> tensor<1x8x64xf32> {
    %0 = stablehlo.negate %arg0 : tensor<1x8x64xf32>
    %1 = stablehlo.exponential %0 : tensor<1x8x64xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x8x64xf32>
    %3 = stablehlo.add %2, %1 : tensor<1x8x64xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x8x64xf32>
    %5 = stablehlo.divide %4, %3 : tensor<1x8x64xf32>
    %6 = stablehlo.multiply %arg0, %5 : tensor<1x8x64xf32>
    return %6 : tensor<1x8x64xf32>
  }
}
