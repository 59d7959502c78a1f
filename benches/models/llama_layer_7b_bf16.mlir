module @jit_llama_layer attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1x512x4096xbf16>, %arg1: tensor<4096xbf16>, %arg2: tensor<4096xbf16>, %arg3: tensor<11008x4096xbf16>, %arg4: tensor<4096x11008xbf16>, %arg5: tensor<4096x11008xbf16>, %arg6: tensor<4096x4096xbf16>, %arg7: tensor<4096x4096xbf16>, %arg8: tensor<4096x4096xbf16>, %arg9: tensor<4096x4096xbf16>) -> (tensor<1x512x4096xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convert %arg0 : (tensor<1x512x4096xbf16>) -> tensor<1x512x4096xf32>
    %1 = stablehlo.multiply %0, %0 : tensor<1x512x4096xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.reduce(%1 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<1x512x4096xf32>, tensor<f32>) -> tensor<1x512xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<1x512xf32>) -> tensor<1x512x1xf32>
    %cst_0 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x512x1xf32>
    %5 = stablehlo.divide %3, %4 : tensor<1x512x1xf32>
    %cst_1 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<1x512x1xf32>
    %7 = stablehlo.add %5, %6 : tensor<1x512x1xf32>
    %8 = stablehlo.rsqrt %7 : tensor<1x512x1xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x512x1xf32>) -> tensor<1x512x4096xf32>
    %10 = stablehlo.multiply %0, %9 : tensor<1x512x4096xf32>
    %11 = stablehlo.convert %10 : (tensor<1x512x4096xf32>) -> tensor<1x512x4096xbf16>
    %12 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<4096xbf16>) -> tensor<1x1x4096xbf16>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1, 2] : (tensor<1x1x4096xbf16>) -> tensor<1x512x4096xbf16>
    %14 = stablehlo.multiply %13, %11 : tensor<1x512x4096xbf16>
    %15 = stablehlo.dot_general %14, %arg8, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x512x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<1x512x4096xbf16>
    %16 = stablehlo.reshape %15 : (tensor<1x512x4096xbf16>) -> tensor<1x512x32x128xbf16>
    %17 = stablehlo.dot_general %14, %arg6, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x512x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<1x512x4096xbf16>
    %18 = stablehlo.reshape %17 : (tensor<1x512x4096xbf16>) -> tensor<1x512x32x128xbf16>
    %19 = stablehlo.dot_general %14, %arg9, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x512x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<1x512x4096xbf16>
    %20 = stablehlo.reshape %19 : (tensor<1x512x4096xbf16>) -> tensor<1x512x32x128xbf16>
    %21 = stablehlo.iota dim = 0 : tensor<64xf32>
    %cst_2 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %23 = stablehlo.multiply %22, %21 : tensor<64xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %25 = stablehlo.add %24, %23 : tensor<64xf32>
    %cst_4 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %27 = stablehlo.divide %25, %26 : tensor<64xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+04> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %29 = stablehlo.power %28, %27 : tensor<64xf32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %31 = stablehlo.divide %30, %29 : tensor<64xf32>
    %32 = stablehlo.iota dim = 0 : tensor<512xf32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [0] : (tensor<512xf32>) -> tensor<512x1xf32>
    %34 = stablehlo.broadcast_in_dim %31, dims = [1] : (tensor<64xf32>) -> tensor<1x64xf32>
    %35 = stablehlo.broadcast_in_dim %33, dims = [0, 1] : (tensor<512x1xf32>) -> tensor<512x64xf32>
    %36 = stablehlo.broadcast_in_dim %34, dims = [0, 1] : (tensor<1x64xf32>) -> tensor<512x64xf32>
    %37 = stablehlo.multiply %35, %36 : tensor<512x64xf32>
    %38 = stablehlo.sine %37 : tensor<512x64xf32>
    %39 = stablehlo.broadcast_in_dim %38, dims = [1, 3] : (tensor<512x64xf32>) -> tensor<1x512x1x64xf32>
    %40 = stablehlo.cosine %37 : tensor<512x64xf32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [1, 3] : (tensor<512x64xf32>) -> tensor<1x512x1x64xf32>
    %42 = stablehlo.slice %16 [0:1, 0:512, 0:32, 0:64] : (tensor<1x512x32x128xbf16>) -> tensor<1x512x32x64xbf16>
    %43 = stablehlo.slice %16 [0:1, 0:512, 0:32, 64:128] : (tensor<1x512x32x128xbf16>) -> tensor<1x512x32x64xbf16>
    %44 = stablehlo.convert %42 : (tensor<1x512x32x64xbf16>) -> tensor<1x512x32x64xf32>
    %45 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2, 3] : (tensor<1x512x1x64xf32>) -> tensor<1x512x32x64xf32>
    %46 = stablehlo.multiply %44, %45 : tensor<1x512x32x64xf32>
    %47 = stablehlo.convert %43 : (tensor<1x512x32x64xbf16>) -> tensor<1x512x32x64xf32>
    %48 = stablehlo.broadcast_in_dim %39, dims = [0, 1, 2, 3] : (tensor<1x512x1x64xf32>) -> tensor<1x512x32x64xf32>
    %49 = stablehlo.multiply %47, %48 : tensor<1x512x32x64xf32>
    %50 = stablehlo.subtract %46, %49 : tensor<1x512x32x64xf32>
    %51 = stablehlo.convert %43 : (tensor<1x512x32x64xbf16>) -> tensor<1x512x32x64xf32>
    %52 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2, 3] : (tensor<1x512x1x64xf32>) -> tensor<1x512x32x64xf32>
    %53 = stablehlo.multiply %51, %52 : tensor<1x512x32x64xf32>
    %54 = stablehlo.convert %42 : (tensor<1x512x32x64xbf16>) -> tensor<1x512x32x64xf32>
    %55 = stablehlo.broadcast_in_dim %39, dims = [0, 1, 2, 3] : (tensor<1x512x1x64xf32>) -> tensor<1x512x32x64xf32>
    %56 = stablehlo.multiply %54, %55 : tensor<1x512x32x64xf32>
    %57 = stablehlo.add %53, %56 : tensor<1x512x32x64xf32>
    %58 = stablehlo.concatenate %50, %57, dim = 3 : (tensor<1x512x32x64xf32>, tensor<1x512x32x64xf32>) -> tensor<1x512x32x128xf32>
    %59 = stablehlo.convert %58 : (tensor<1x512x32x128xf32>) -> tensor<1x512x32x128xbf16>
    %60 = stablehlo.iota dim = 0 : tensor<64xf32>
    %cst_7 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %61 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %62 = stablehlo.multiply %61, %60 : tensor<64xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %63 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %64 = stablehlo.add %63, %62 : tensor<64xf32>
    %cst_9 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %65 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %66 = stablehlo.divide %64, %65 : tensor<64xf32>
    %cst_10 = stablehlo.constant dense<1.000000e+04> : tensor<f32>
    %67 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %68 = stablehlo.power %67, %66 : tensor<64xf32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %69 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %70 = stablehlo.divide %69, %68 : tensor<64xf32>
    %71 = stablehlo.iota dim = 0 : tensor<512xf32>
    %72 = stablehlo.broadcast_in_dim %71, dims = [0] : (tensor<512xf32>) -> tensor<512x1xf32>
    %73 = stablehlo.broadcast_in_dim %70, dims = [1] : (tensor<64xf32>) -> tensor<1x64xf32>
    %74 = stablehlo.broadcast_in_dim %72, dims = [0, 1] : (tensor<512x1xf32>) -> tensor<512x64xf32>
    %75 = stablehlo.broadcast_in_dim %73, dims = [0, 1] : (tensor<1x64xf32>) -> tensor<512x64xf32>
    %76 = stablehlo.multiply %74, %75 : tensor<512x64xf32>
    %77 = stablehlo.sine %76 : tensor<512x64xf32>
    %78 = stablehlo.broadcast_in_dim %77, dims = [1, 3] : (tensor<512x64xf32>) -> tensor<1x512x1x64xf32>
    %79 = stablehlo.cosine %76 : tensor<512x64xf32>
    %80 = stablehlo.broadcast_in_dim %79, dims = [1, 3] : (tensor<512x64xf32>) -> tensor<1x512x1x64xf32>
    %81 = stablehlo.slice %18 [0:1, 0:512, 0:32, 0:64] : (tensor<1x512x32x128xbf16>) -> tensor<1x512x32x64xbf16>
    %82 = stablehlo.slice %18 [0:1, 0:512, 0:32, 64:128] : (tensor<1x512x32x128xbf16>) -> tensor<1x512x32x64xbf16>
    %83 = stablehlo.convert %81 : (tensor<1x512x32x64xbf16>) -> tensor<1x512x32x64xf32>
    %84 = stablehlo.broadcast_in_dim %80, dims = [0, 1, 2, 3] : (tensor<1x512x1x64xf32>) -> tensor<1x512x32x64xf32>
    %85 = stablehlo.multiply %83, %84 : tensor<1x512x32x64xf32>
    %86 = stablehlo.convert %82 : (tensor<1x512x32x64xbf16>) -> tensor<1x512x32x64xf32>
    %87 = stablehlo.broadcast_in_dim %78, dims = [0, 1, 2, 3] : (tensor<1x512x1x64xf32>) -> tensor<1x512x32x64xf32>
    %88 = stablehlo.multiply %86, %87 : tensor<1x512x32x64xf32>
    %89 = stablehlo.subtract %85, %88 : tensor<1x512x32x64xf32>
    %90 = stablehlo.convert %82 : (tensor<1x512x32x64xbf16>) -> tensor<1x512x32x64xf32>
    %91 = stablehlo.broadcast_in_dim %80, dims = [0, 1, 2, 3] : (tensor<1x512x1x64xf32>) -> tensor<1x512x32x64xf32>
    %92 = stablehlo.multiply %90, %91 : tensor<1x512x32x64xf32>
    %93 = stablehlo.convert %81 : (tensor<1x512x32x64xbf16>) -> tensor<1x512x32x64xf32>
    %94 = stablehlo.broadcast_in_dim %78, dims = [0, 1, 2, 3] : (tensor<1x512x1x64xf32>) -> tensor<1x512x32x64xf32>
    %95 = stablehlo.multiply %93, %94 : tensor<1x512x32x64xf32>
    %96 = stablehlo.add %92, %95 : tensor<1x512x32x64xf32>
    %97 = stablehlo.concatenate %89, %96, dim = 3 : (tensor<1x512x32x64xf32>, tensor<1x512x32x64xf32>) -> tensor<1x512x32x128xf32>
    %98 = stablehlo.convert %97 : (tensor<1x512x32x128xf32>) -> tensor<1x512x32x128xbf16>
    %99 = stablehlo.transpose %59, dims = [0, 2, 1, 3] : (tensor<1x512x32x128xbf16>) -> tensor<1x32x512x128xbf16>
    %100 = stablehlo.transpose %98, dims = [0, 2, 1, 3] : (tensor<1x512x32x128xbf16>) -> tensor<1x32x512x128xbf16>
    %101 = stablehlo.transpose %20, dims = [0, 2, 1, 3] : (tensor<1x512x32x128xbf16>) -> tensor<1x32x512x128xbf16>
    %102 = stablehlo.dot_general %99, %100, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<1x32x512x128xbf16>, tensor<1x32x512x128xbf16>) -> tensor<1x32x512x512xbf16>
    %103 = stablehlo.convert %102 : (tensor<1x32x512x512xbf16>) -> tensor<1x32x512x512xf32>
    %cst_12 = stablehlo.constant dense<11.3137083> : tensor<f32>
    %104 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<1x32x512x512xf32>
    %105 = stablehlo.divide %103, %104 : tensor<1x32x512x512xf32>
    %106 = stablehlo.iota dim = 0 : tensor<512x512xi32>
    %107 = stablehlo.iota dim = 1 : tensor<512x512xi32>
    %108 = stablehlo.compare GE, %106, %107, SIGNED : (tensor<512x512xi32>, tensor<512x512xi32>) -> tensor<512x512xi1>
    %cst_13 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %109 = call @_where(%108, %105, %cst_13) : (tensor<512x512xi1>, tensor<1x32x512x512xf32>, tensor<f32>) -> tensor<1x32x512x512xf32>
    %cst_14 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %110 = stablehlo.reduce(%109 init: %cst_14) applies stablehlo.maximum across dimensions = [3] : (tensor<1x32x512x512xf32>, tensor<f32>) -> tensor<1x32x512xf32>
    %cst_15 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %111 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<1x32x512xf32>
    %112 = stablehlo.maximum %111, %110 : tensor<1x32x512xf32>
    %113 = stablehlo.broadcast_in_dim %112, dims = [0, 1, 2] : (tensor<1x32x512xf32>) -> tensor<1x32x512x1xf32>
    %114 = stablehlo.broadcast_in_dim %113, dims = [0, 1, 2, 3] : (tensor<1x32x512x1xf32>) -> tensor<1x32x512x512xf32>
    %115 = stablehlo.subtract %109, %114 : tensor<1x32x512x512xf32>
    %116 = stablehlo.exponential %115 : tensor<1x32x512x512xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %117 = stablehlo.reduce(%116 init: %cst_16) applies stablehlo.add across dimensions = [3] : (tensor<1x32x512x512xf32>, tensor<f32>) -> tensor<1x32x512xf32>
    %118 = stablehlo.broadcast_in_dim %117, dims = [0, 1, 2] : (tensor<1x32x512xf32>) -> tensor<1x32x512x1xf32>
    %119 = stablehlo.broadcast_in_dim %118, dims = [0, 1, 2, 3] : (tensor<1x32x512x1xf32>) -> tensor<1x32x512x512xf32>
    %120 = stablehlo.divide %116, %119 : tensor<1x32x512x512xf32>
    %121 = stablehlo.convert %120 : tensor<1x32x512x512xf32>
    %122 = stablehlo.convert %101 : (tensor<1x32x512x128xbf16>) -> tensor<1x32x512x128xf32>
    %123 = stablehlo.dot_general %121, %122, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<1x32x512x512xf32>, tensor<1x32x512x128xf32>) -> tensor<1x32x512x128xf32>
    %124 = stablehlo.transpose %123, dims = [0, 2, 1, 3] : (tensor<1x32x512x128xf32>) -> tensor<1x512x32x128xf32>
    %125 = stablehlo.reshape %124 : (tensor<1x512x32x128xf32>) -> tensor<1x512x4096xf32>
    %126 = stablehlo.convert %125 : tensor<1x512x4096xf32>
    %127 = stablehlo.convert %arg7 : (tensor<4096x4096xbf16>) -> tensor<4096x4096xf32>
    %128 = stablehlo.dot_general %126, %127, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x512x4096xf32>, tensor<4096x4096xf32>) -> tensor<1x512x4096xf32>
    %129 = stablehlo.convert %arg0 : (tensor<1x512x4096xbf16>) -> tensor<1x512x4096xf32>
    %130 = stablehlo.add %129, %128 : tensor<1x512x4096xf32>
    %131 = stablehlo.multiply %130, %130 : tensor<1x512x4096xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %132 = stablehlo.reduce(%131 init: %cst_17) applies stablehlo.add across dimensions = [2] : (tensor<1x512x4096xf32>, tensor<f32>) -> tensor<1x512xf32>
    %133 = stablehlo.broadcast_in_dim %132, dims = [0, 1] : (tensor<1x512xf32>) -> tensor<1x512x1xf32>
    %cst_18 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %134 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<1x512x1xf32>
    %135 = stablehlo.divide %133, %134 : tensor<1x512x1xf32>
    %cst_19 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %136 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<1x512x1xf32>
    %137 = stablehlo.add %135, %136 : tensor<1x512x1xf32>
    %138 = stablehlo.rsqrt %137 : tensor<1x512x1xf32>
    %139 = stablehlo.broadcast_in_dim %138, dims = [0, 1, 2] : (tensor<1x512x1xf32>) -> tensor<1x512x4096xf32>
    %140 = stablehlo.multiply %130, %139 : tensor<1x512x4096xf32>
    %141 = stablehlo.convert %arg2 : (tensor<4096xbf16>) -> tensor<4096xf32>
    %142 = stablehlo.broadcast_in_dim %141, dims = [2] : (tensor<4096xf32>) -> tensor<1x1x4096xf32>
    %143 = stablehlo.broadcast_in_dim %142, dims = [0, 1, 2] : (tensor<1x1x4096xf32>) -> tensor<1x512x4096xf32>
    %144 = stablehlo.multiply %143, %140 : tensor<1x512x4096xf32>
    %145 = stablehlo.convert %144 : tensor<1x512x4096xf32>
    %146 = stablehlo.convert %arg4 : (tensor<4096x11008xbf16>) -> tensor<4096x11008xf32>
    %147 = stablehlo.dot_general %145, %146, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x512x4096xf32>, tensor<4096x11008xf32>) -> tensor<1x512x11008xf32>
    %148 = call @silu(%147) : (tensor<1x512x11008xf32>) -> tensor<1x512x11008xf32>
    %149 = stablehlo.convert %144 : tensor<1x512x4096xf32>
    %150 = stablehlo.convert %arg5 : (tensor<4096x11008xbf16>) -> tensor<4096x11008xf32>
    %151 = stablehlo.dot_general %149, %150, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x512x4096xf32>, tensor<4096x11008xf32>) -> tensor<1x512x11008xf32>
    %152 = stablehlo.multiply %148, %151 : tensor<1x512x11008xf32>
    %153 = stablehlo.convert %152 : tensor<1x512x11008xf32>
    %154 = stablehlo.convert %arg3 : (tensor<11008x4096xbf16>) -> tensor<11008x4096xf32>
    %155 = stablehlo.dot_general %153, %154, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x512x11008xf32>, tensor<11008x4096xf32>) -> tensor<1x512x4096xf32>
    %156 = stablehlo.add %130, %155 : tensor<1x512x4096xf32>
    return %156 : tensor<1x512x4096xf32>
  }
  func.func private @_where(%arg0: tensor<512x512xi1>, %arg1: tensor<1x32x512x512xf32>, %arg2: tensor<f32>) -> tensor<1x32x512x512xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<512x512xi1>) -> tensor<1x32x512x512xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<1x32x512x512xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<1x32x512x512xi1>, tensor<1x32x512x512xf32>
    return %3 : tensor<1x32x512x512xf32>
  }
  func.func private @silu(%arg0: tensor<1x512x11008xf32>) -> tensor<1x512x11008xf32> {
    %0 = stablehlo.negate %arg0 : tensor<1x512x11008xf32>
    %1 = stablehlo.exponential %0 : tensor<1x512x11008xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x512x11008xf32>
    %3 = stablehlo.add %2, %1 : tensor<1x512x11008xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x512x11008xf32>
    %5 = stablehlo.divide %4, %3 : tensor<1x512x11008xf32>
    %6 = stablehlo.multiply %arg0, %5 : tensor<1x512x11008xf32>
    return %6 : tensor<1x512x11008xf32>
  }
}
