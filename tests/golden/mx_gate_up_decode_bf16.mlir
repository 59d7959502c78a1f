module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1x64xbf16>, %arg1: tensor<64x32xbf16>, %arg2: tensor<64x32xbf16>, %arg3: tensor<32xbf16>, %arg4: tensor<32xbf16>) -> (tensor<1x32xf8E4M3FN> {jax.result_info = "result[0]"}, tensor<1x1xf8E8M0FNU> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<1x64xbf16>) -> tensor<1x2x32xbf16>
    %1 = stablehlo.abs %0 : tensor<1x2x32xbf16>
    %cst = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %2 = stablehlo.reduce(%1 init: %cst) applies stablehlo.maximum across dimensions = [2] : (tensor<1x2x32xbf16>, tensor<bf16>) -> tensor<1x2xbf16>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<1x2xbf16>) -> tensor<1x2x1xbf16>
    %cst_0 = stablehlo.constant dense<4.480000e+02> : tensor<bf16>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<bf16>) -> tensor<1x2x1xbf16>
    %5 = stablehlo.divide %3, %4 : tensor<1x2x1xbf16>
    %6 = stablehlo.convert %5 : (tensor<1x2x1xbf16>) -> tensor<1x2x1xf32>
    %7 = stablehlo.bitcast_convert %6 : (tensor<1x2x1xf32>) -> tensor<1x2x1xui32>
    %c = stablehlo.constant dense<23> : tensor<ui32>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<1x2x1xui32>
    %9 = stablehlo.shift_right_logical %7, %8 : tensor<1x2x1xui32>
    %c_1 = stablehlo.constant dense<8388607> : tensor<ui32>
    %10 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui32>) -> tensor<1x2x1xui32>
    %11 = stablehlo.and %7, %10 : tensor<1x2x1xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<ui32>
    %12 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui32>) -> tensor<1x2x1xui32>
    %13 = stablehlo.compare GT, %11, %12, UNSIGNED : (tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xi1>
    %c_3 = stablehlo.constant dense<254> : tensor<ui32>
    %14 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<ui32>) -> tensor<1x2x1xui32>
    %15 = stablehlo.compare NE, %9, %14, UNSIGNED : (tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xi1>
    %16 = stablehlo.and %13, %15 : tensor<1x2x1xi1>
    %c_4 = stablehlo.constant dense<0> : tensor<ui32>
    %17 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<ui32>) -> tensor<1x2x1xui32>
    %18 = stablehlo.compare EQ, %9, %17, UNSIGNED : (tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xi1>
    %c_5 = stablehlo.constant dense<4194304> : tensor<ui32>
    %19 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<ui32>) -> tensor<1x2x1xui32>
    %20 = stablehlo.compare LE, %11, %19, UNSIGNED : (tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xi1>
    %21 = stablehlo.and %18, %20 : tensor<1x2x1xi1>
    %22 = stablehlo.not %21 : tensor<1x2x1xi1>
    %23 = stablehlo.and %16, %22 : tensor<1x2x1xi1>
    %c_6 = stablehlo.constant dense<1> : tensor<ui32>
    %24 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<ui32>) -> tensor<1x2x1xui32>
    %25 = stablehlo.add %9, %24 : tensor<1x2x1xui32>
    %26 = call @_where(%23, %25, %9) : (tensor<1x2x1xi1>, tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xui32>
    %27 = stablehlo.convert %26 : (tensor<1x2x1xui32>) -> tensor<1x2x1xui8>
    %28 = stablehlo.convert %27 : (tensor<1x2x1xui8>) -> tensor<1x2x1xui32>
    %c_7 = stablehlo.constant dense<23> : tensor<ui32>
    %29 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<ui32>) -> tensor<1x2x1xui32>
    %30 = stablehlo.shift_left %28, %29 : tensor<1x2x1xui32>
    %31 = stablehlo.bitcast_convert %30 : (tensor<1x2x1xui32>) -> tensor<1x2x1xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<1x2x1xf32>
    %33 = stablehlo.compare EQ, %31, %32, FLOAT : (tensor<1x2x1xf32>, tensor<1x2x1xf32>) -> tensor<1x2x1xi1>
    %cst_9 = stablehlo.constant dense<5.87747175E-39> : tensor<f32>
    %34 = call @_where_0(%33, %cst_9, %31) : (tensor<1x2x1xi1>, tensor<f32>, tensor<1x2x1xf32>) -> tensor<1x2x1xf32>
    %35 = stablehlo.convert %34 : (tensor<1x2x1xf32>) -> tensor<1x2x1xbf16>
    %36 = stablehlo.broadcast_in_dim %35, dims = [0, 1, 2] : (tensor<1x2x1xbf16>) -> tensor<1x2x32xbf16>
    %37 = stablehlo.divide %0, %36 : tensor<1x2x32xbf16>
    %cst_10 = stablehlo.constant dense<-4.480000e+02> : tensor<bf16>
    %cst_11 = stablehlo.constant dense<4.480000e+02> : tensor<bf16>
    %38 = call @clip(%37, %cst_10, %cst_11) : (tensor<1x2x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<1x2x32xbf16>
    %39 = stablehlo.convert %38 : (tensor<1x2x32xbf16>) -> tensor<1x2x32xf8E4M3FN>
    %40 = stablehlo.reshape %39 : (tensor<1x2x32xf8E4M3FN>) -> tensor<1x64xf8E4M3FN>
    %41 = stablehlo.reshape %27 : (tensor<1x2x1xui8>) -> tensor<1x2xui8>
    %42 = stablehlo.bitcast_convert %41 : (tensor<1x2xui8>) -> tensor<1x2xf8E8M0FNU>
    %43 = stablehlo.convert %40 : (tensor<1x64xf8E4M3FN>) -> tensor<1x64xf32>
    %44 = stablehlo.reshape %43 : (tensor<1x64xf32>) -> tensor<1x2x32xf32>
    %45 = stablehlo.convert %42 : (tensor<1x2xf8E8M0FNU>) -> tensor<1x2xf32>
    %46 = stablehlo.broadcast_in_dim %45, dims = [0, 1] : (tensor<1x2xf32>) -> tensor<1x2x1xf32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2] : (tensor<1x2x1xf32>) -> tensor<1x2x32xf32>
    %48 = stablehlo.multiply %44, %47 : tensor<1x2x32xf32>
    %49 = stablehlo.reshape %48 : (tensor<1x2x32xf32>) -> tensor<1x64xf32>
    %50 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<64x32xbf16>) -> tensor<32x64xbf16>
    %51 = stablehlo.reshape %50 : (tensor<32x64xbf16>) -> tensor<32x2x32xbf16>
    %52 = stablehlo.abs %51 : tensor<32x2x32xbf16>
    %cst_12 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %53 = stablehlo.reduce(%52 init: %cst_12) applies stablehlo.maximum across dimensions = [2] : (tensor<32x2x32xbf16>, tensor<bf16>) -> tensor<32x2xbf16>
    %54 = stablehlo.broadcast_in_dim %53, dims = [0, 1] : (tensor<32x2xbf16>) -> tensor<32x2x1xbf16>
    %cst_13 = stablehlo.constant dense<4.480000e+02> : tensor<bf16>
    %55 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<bf16>) -> tensor<32x2x1xbf16>
    %56 = stablehlo.divide %54, %55 : tensor<32x2x1xbf16>
    %57 = stablehlo.convert %56 : (tensor<32x2x1xbf16>) -> tensor<32x2x1xf32>
    %58 = stablehlo.bitcast_convert %57 : (tensor<32x2x1xf32>) -> tensor<32x2x1xui32>
    %c_14 = stablehlo.constant dense<23> : tensor<ui32>
    %59 = stablehlo.broadcast_in_dim %c_14, dims = [] : (tensor<ui32>) -> tensor<32x2x1xui32>
    %60 = stablehlo.shift_right_logical %58, %59 : tensor<32x2x1xui32>
    %c_15 = stablehlo.constant dense<8388607> : tensor<ui32>
    %61 = stablehlo.broadcast_in_dim %c_15, dims = [] : (tensor<ui32>) -> tensor<32x2x1xui32>
    %62 = stablehlo.and %58, %61 : tensor<32x2x1xui32>
    %c_16 = stablehlo.constant dense<0> : tensor<ui32>
    %63 = stablehlo.broadcast_in_dim %c_16, dims = [] : (tensor<ui32>) -> tensor<32x2x1xui32>
    %64 = stablehlo.compare GT, %62, %63, UNSIGNED : (tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xi1>
    %c_17 = stablehlo.constant dense<254> : tensor<ui32>
    %65 = stablehlo.broadcast_in_dim %c_17, dims = [] : (tensor<ui32>) -> tensor<32x2x1xui32>
    %66 = stablehlo.compare NE, %60, %65, UNSIGNED : (tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xi1>
    %67 = stablehlo.and %64, %66 : tensor<32x2x1xi1>
    %c_18 = stablehlo.constant dense<0> : tensor<ui32>
    %68 = stablehlo.broadcast_in_dim %c_18, dims = [] : (tensor<ui32>) -> tensor<32x2x1xui32>
    %69 = stablehlo.compare EQ, %60, %68, UNSIGNED : (tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xi1>
    %c_19 = stablehlo.constant dense<4194304> : tensor<ui32>
    %70 = stablehlo.broadcast_in_dim %c_19, dims = [] : (tensor<ui32>) -> tensor<32x2x1xui32>
    %71 = stablehlo.compare LE, %62, %70, UNSIGNED : (tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xi1>
    %72 = stablehlo.and %69, %71 : tensor<32x2x1xi1>
    %73 = stablehlo.not %72 : tensor<32x2x1xi1>
    %74 = stablehlo.and %67, %73 : tensor<32x2x1xi1>
    %c_20 = stablehlo.constant dense<1> : tensor<ui32>
    %75 = stablehlo.broadcast_in_dim %c_20, dims = [] : (tensor<ui32>) -> tensor<32x2x1xui32>
    %76 = stablehlo.add %60, %75 : tensor<32x2x1xui32>
    %77 = call @_where_1(%74, %76, %60) : (tensor<32x2x1xi1>, tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xui32>
    %78 = stablehlo.convert %77 : (tensor<32x2x1xui32>) -> tensor<32x2x1xui8>
    %79 = stablehlo.convert %78 : (tensor<32x2x1xui8>) -> tensor<32x2x1xui32>
    %c_21 = stablehlo.constant dense<23> : tensor<ui32>
    %80 = stablehlo.broadcast_in_dim %c_21, dims = [] : (tensor<ui32>) -> tensor<32x2x1xui32>
    %81 = stablehlo.shift_left %79, %80 : tensor<32x2x1xui32>
    %82 = stablehlo.bitcast_convert %81 : (tensor<32x2x1xui32>) -> tensor<32x2x1xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %83 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<32x2x1xf32>
    %84 = stablehlo.compare EQ, %82, %83, FLOAT : (tensor<32x2x1xf32>, tensor<32x2x1xf32>) -> tensor<32x2x1xi1>
    %cst_23 = stablehlo.constant dense<5.87747175E-39> : tensor<f32>
    %85 = call @_where_2(%84, %cst_23, %82) : (tensor<32x2x1xi1>, tensor<f32>, tensor<32x2x1xf32>) -> tensor<32x2x1xf32>
    %86 = stablehlo.convert %85 : (tensor<32x2x1xf32>) -> tensor<32x2x1xbf16>
    %87 = stablehlo.broadcast_in_dim %86, dims = [0, 1, 2] : (tensor<32x2x1xbf16>) -> tensor<32x2x32xbf16>
    %88 = stablehlo.divide %51, %87 : tensor<32x2x32xbf16>
    %cst_24 = stablehlo.constant dense<-4.480000e+02> : tensor<bf16>
    %cst_25 = stablehlo.constant dense<4.480000e+02> : tensor<bf16>
    %89 = call @clip_3(%88, %cst_24, %cst_25) : (tensor<32x2x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<32x2x32xbf16>
    %90 = stablehlo.convert %89 : (tensor<32x2x32xbf16>) -> tensor<32x2x32xf8E4M3FN>
    %91 = stablehlo.reshape %90 : (tensor<32x2x32xf8E4M3FN>) -> tensor<32x64xf8E4M3FN>
    %92 = stablehlo.reshape %78 : (tensor<32x2x1xui8>) -> tensor<32x2xui8>
    %93 = stablehlo.bitcast_convert %92 : (tensor<32x2xui8>) -> tensor<32x2xf8E8M0FNU>
    %94 = stablehlo.convert %91 : (tensor<32x64xf8E4M3FN>) -> tensor<32x64xf32>
    %95 = stablehlo.reshape %94 : (tensor<32x64xf32>) -> tensor<32x2x32xf32>
    %96 = stablehlo.convert %93 : (tensor<32x2xf8E8M0FNU>) -> tensor<32x2xf32>
    %97 = stablehlo.broadcast_in_dim %96, dims = [0, 1] : (tensor<32x2xf32>) -> tensor<32x2x1xf32>
    %98 = stablehlo.broadcast_in_dim %97, dims = [0, 1, 2] : (tensor<32x2x1xf32>) -> tensor<32x2x32xf32>
    %99 = stablehlo.multiply %95, %98 : tensor<32x2x32xf32>
    %100 = stablehlo.reshape %99 : (tensor<32x2x32xf32>) -> tensor<32x64xf32>
    %101 = stablehlo.dot_general %49, %100, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<1x64xf32>, tensor<32x64xf32>) -> tensor<1x32xf32>
    %102 = stablehlo.reshape %arg0 : (tensor<1x64xbf16>) -> tensor<1x2x32xbf16>
    %103 = stablehlo.abs %102 : tensor<1x2x32xbf16>
    %cst_26 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %104 = stablehlo.reduce(%103 init: %cst_26) applies stablehlo.maximum across dimensions = [2] : (tensor<1x2x32xbf16>, tensor<bf16>) -> tensor<1x2xbf16>
    %105 = stablehlo.broadcast_in_dim %104, dims = [0, 1] : (tensor<1x2xbf16>) -> tensor<1x2x1xbf16>
    %cst_27 = stablehlo.constant dense<4.480000e+02> : tensor<bf16>
    %106 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<bf16>) -> tensor<1x2x1xbf16>
    %107 = stablehlo.divide %105, %106 : tensor<1x2x1xbf16>
    %108 = stablehlo.convert %107 : (tensor<1x2x1xbf16>) -> tensor<1x2x1xf32>
    %109 = stablehlo.bitcast_convert %108 : (tensor<1x2x1xf32>) -> tensor<1x2x1xui32>
    %c_28 = stablehlo.constant dense<23> : tensor<ui32>
    %110 = stablehlo.broadcast_in_dim %c_28, dims = [] : (tensor<ui32>) -> tensor<1x2x1xui32>
    %111 = stablehlo.shift_right_logical %109, %110 : tensor<1x2x1xui32>
    %c_29 = stablehlo.constant dense<8388607> : tensor<ui32>
    %112 = stablehlo.broadcast_in_dim %c_29, dims = [] : (tensor<ui32>) -> tensor<1x2x1xui32>
    %113 = stablehlo.and %109, %112 : tensor<1x2x1xui32>
    %c_30 = stablehlo.constant dense<0> : tensor<ui32>
    %114 = stablehlo.broadcast_in_dim %c_30, dims = [] : (tensor<ui32>) -> tensor<1x2x1xui32>
    %115 = stablehlo.compare GT, %113, %114, UNSIGNED : (tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xi1>
    %c_31 = stablehlo.constant dense<254> : tensor<ui32>
    %116 = stablehlo.broadcast_in_dim %c_31, dims = [] : (tensor<ui32>) -> tensor<1x2x1xui32>
    %117 = stablehlo.compare NE, %111, %116, UNSIGNED : (tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xi1>
    %118 = stablehlo.and %115, %117 : tensor<1x2x1xi1>
    %c_32 = stablehlo.constant dense<0> : tensor<ui32>
    %119 = stablehlo.broadcast_in_dim %c_32, dims = [] : (tensor<ui32>) -> tensor<1x2x1xui32>
    %120 = stablehlo.compare EQ, %111, %119, UNSIGNED : (tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xi1>
    %c_33 = stablehlo.constant dense<4194304> : tensor<ui32>
    %121 = stablehlo.broadcast_in_dim %c_33, dims = [] : (tensor<ui32>) -> tensor<1x2x1xui32>
    %122 = stablehlo.compare LE, %113, %121, UNSIGNED : (tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xi1>
    %123 = stablehlo.and %120, %122 : tensor<1x2x1xi1>
    %124 = stablehlo.not %123 : tensor<1x2x1xi1>
    %125 = stablehlo.and %118, %124 : tensor<1x2x1xi1>
    %c_34 = stablehlo.constant dense<1> : tensor<ui32>
    %126 = stablehlo.broadcast_in_dim %c_34, dims = [] : (tensor<ui32>) -> tensor<1x2x1xui32>
    %127 = stablehlo.add %111, %126 : tensor<1x2x1xui32>
    %128 = call @_where(%125, %127, %111) : (tensor<1x2x1xi1>, tensor<1x2x1xui32>, tensor<1x2x1xui32>) -> tensor<1x2x1xui32>
    %129 = stablehlo.convert %128 : (tensor<1x2x1xui32>) -> tensor<1x2x1xui8>
    %130 = stablehlo.convert %129 : (tensor<1x2x1xui8>) -> tensor<1x2x1xui32>
    %c_35 = stablehlo.constant dense<23> : tensor<ui32>
    %131 = stablehlo.broadcast_in_dim %c_35, dims = [] : (tensor<ui32>) -> tensor<1x2x1xui32>
    %132 = stablehlo.shift_left %130, %131 : tensor<1x2x1xui32>
    %133 = stablehlo.bitcast_convert %132 : (tensor<1x2x1xui32>) -> tensor<1x2x1xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %134 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<1x2x1xf32>
    %135 = stablehlo.compare EQ, %133, %134, FLOAT : (tensor<1x2x1xf32>, tensor<1x2x1xf32>) -> tensor<1x2x1xi1>
    %cst_37 = stablehlo.constant dense<5.87747175E-39> : tensor<f32>
    %136 = call @_where_0(%135, %cst_37, %133) : (tensor<1x2x1xi1>, tensor<f32>, tensor<1x2x1xf32>) -> tensor<1x2x1xf32>
    %137 = stablehlo.convert %136 : (tensor<1x2x1xf32>) -> tensor<1x2x1xbf16>
    %138 = stablehlo.broadcast_in_dim %137, dims = [0, 1, 2] : (tensor<1x2x1xbf16>) -> tensor<1x2x32xbf16>
    %139 = stablehlo.divide %102, %138 : tensor<1x2x32xbf16>
    %cst_38 = stablehlo.constant dense<-4.480000e+02> : tensor<bf16>
    %cst_39 = stablehlo.constant dense<4.480000e+02> : tensor<bf16>
    %140 = call @clip(%139, %cst_38, %cst_39) : (tensor<1x2x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<1x2x32xbf16>
    %141 = stablehlo.convert %140 : (tensor<1x2x32xbf16>) -> tensor<1x2x32xf8E4M3FN>
    %142 = stablehlo.reshape %141 : (tensor<1x2x32xf8E4M3FN>) -> tensor<1x64xf8E4M3FN>
    %143 = stablehlo.reshape %129 : (tensor<1x2x1xui8>) -> tensor<1x2xui8>
    %144 = stablehlo.bitcast_convert %143 : (tensor<1x2xui8>) -> tensor<1x2xf8E8M0FNU>
    %145 = stablehlo.convert %142 : (tensor<1x64xf8E4M3FN>) -> tensor<1x64xf32>
    %146 = stablehlo.reshape %145 : (tensor<1x64xf32>) -> tensor<1x2x32xf32>
    %147 = stablehlo.convert %144 : (tensor<1x2xf8E8M0FNU>) -> tensor<1x2xf32>
    %148 = stablehlo.broadcast_in_dim %147, dims = [0, 1] : (tensor<1x2xf32>) -> tensor<1x2x1xf32>
    %149 = stablehlo.broadcast_in_dim %148, dims = [0, 1, 2] : (tensor<1x2x1xf32>) -> tensor<1x2x32xf32>
    %150 = stablehlo.multiply %146, %149 : tensor<1x2x32xf32>
    %151 = stablehlo.reshape %150 : (tensor<1x2x32xf32>) -> tensor<1x64xf32>
    %152 = stablehlo.transpose %arg2, dims = [1, 0] : (tensor<64x32xbf16>) -> tensor<32x64xbf16>
    %153 = stablehlo.reshape %152 : (tensor<32x64xbf16>) -> tensor<32x2x32xbf16>
    %154 = stablehlo.abs %153 : tensor<32x2x32xbf16>
    %cst_40 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %155 = stablehlo.reduce(%154 init: %cst_40) applies stablehlo.maximum across dimensions = [2] : (tensor<32x2x32xbf16>, tensor<bf16>) -> tensor<32x2xbf16>
    %156 = stablehlo.broadcast_in_dim %155, dims = [0, 1] : (tensor<32x2xbf16>) -> tensor<32x2x1xbf16>
    %cst_41 = stablehlo.constant dense<4.480000e+02> : tensor<bf16>
    %157 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<bf16>) -> tensor<32x2x1xbf16>
    %158 = stablehlo.divide %156, %157 : tensor<32x2x1xbf16>
    %159 = stablehlo.convert %158 : (tensor<32x2x1xbf16>) -> tensor<32x2x1xf32>
    %160 = stablehlo.bitcast_convert %159 : (tensor<32x2x1xf32>) -> tensor<32x2x1xui32>
    %c_42 = stablehlo.constant dense<23> : tensor<ui32>
    %161 = stablehlo.broadcast_in_dim %c_42, dims = [] : (tensor<ui32>) -> tensor<32x2x1xui32>
    %162 = stablehlo.shift_right_logical %160, %161 : tensor<32x2x1xui32>
    %c_43 = stablehlo.constant dense<8388607> : tensor<ui32>
    %163 = stablehlo.broadcast_in_dim %c_43, dims = [] : (tensor<ui32>) -> tensor<32x2x1xui32>
    %164 = stablehlo.and %160, %163 : tensor<32x2x1xui32>
    %c_44 = stablehlo.constant dense<0> : tensor<ui32>
    %165 = stablehlo.broadcast_in_dim %c_44, dims = [] : (tensor<ui32>) -> tensor<32x2x1xui32>
    %166 = stablehlo.compare GT, %164, %165, UNSIGNED : (tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xi1>
    %c_45 = stablehlo.constant dense<254> : tensor<ui32>
    %167 = stablehlo.broadcast_in_dim %c_45, dims = [] : (tensor<ui32>) -> tensor<32x2x1xui32>
    %168 = stablehlo.compare NE, %162, %167, UNSIGNED : (tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xi1>
    %169 = stablehlo.and %166, %168 : tensor<32x2x1xi1>
    %c_46 = stablehlo.constant dense<0> : tensor<ui32>
    %170 = stablehlo.broadcast_in_dim %c_46, dims = [] : (tensor<ui32>) -> tensor<32x2x1xui32>
    %171 = stablehlo.compare EQ, %162, %170, UNSIGNED : (tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xi1>
    %c_47 = stablehlo.constant dense<4194304> : tensor<ui32>
    %172 = stablehlo.broadcast_in_dim %c_47, dims = [] : (tensor<ui32>) -> tensor<32x2x1xui32>
    %173 = stablehlo.compare LE, %164, %172, UNSIGNED : (tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xi1>
    %174 = stablehlo.and %171, %173 : tensor<32x2x1xi1>
    %175 = stablehlo.not %174 : tensor<32x2x1xi1>
    %176 = stablehlo.and %169, %175 : tensor<32x2x1xi1>
    %c_48 = stablehlo.constant dense<1> : tensor<ui32>
    %177 = stablehlo.broadcast_in_dim %c_48, dims = [] : (tensor<ui32>) -> tensor<32x2x1xui32>
    %178 = stablehlo.add %162, %177 : tensor<32x2x1xui32>
    %179 = call @_where_1(%176, %178, %162) : (tensor<32x2x1xi1>, tensor<32x2x1xui32>, tensor<32x2x1xui32>) -> tensor<32x2x1xui32>
    %180 = stablehlo.convert %179 : (tensor<32x2x1xui32>) -> tensor<32x2x1xui8>
    %181 = stablehlo.convert %180 : (tensor<32x2x1xui8>) -> tensor<32x2x1xui32>
    %c_49 = stablehlo.constant dense<23> : tensor<ui32>
    %182 = stablehlo.broadcast_in_dim %c_49, dims = [] : (tensor<ui32>) -> tensor<32x2x1xui32>
    %183 = stablehlo.shift_left %181, %182 : tensor<32x2x1xui32>
    %184 = stablehlo.bitcast_convert %183 : (tensor<32x2x1xui32>) -> tensor<32x2x1xf32>
    %cst_50 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %185 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<32x2x1xf32>
    %186 = stablehlo.compare EQ, %184, %185, FLOAT : (tensor<32x2x1xf32>, tensor<32x2x1xf32>) -> tensor<32x2x1xi1>
    %cst_51 = stablehlo.constant dense<5.87747175E-39> : tensor<f32>
    %187 = call @_where_2(%186, %cst_51, %184) : (tensor<32x2x1xi1>, tensor<f32>, tensor<32x2x1xf32>) -> tensor<32x2x1xf32>
    %188 = stablehlo.convert %187 : (tensor<32x2x1xf32>) -> tensor<32x2x1xbf16>
    %189 = stablehlo.broadcast_in_dim %188, dims = [0, 1, 2] : (tensor<32x2x1xbf16>) -> tensor<32x2x32xbf16>
    %190 = stablehlo.divide %153, %189 : tensor<32x2x32xbf16>
    %cst_52 = stablehlo.constant dense<-4.480000e+02> : tensor<bf16>
    %cst_53 = stablehlo.constant dense<4.480000e+02> : tensor<bf16>
    %191 = call @clip_3(%190, %cst_52, %cst_53) : (tensor<32x2x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<32x2x32xbf16>
    %192 = stablehlo.convert %191 : (tensor<32x2x32xbf16>) -> tensor<32x2x32xf8E4M3FN>
    %193 = stablehlo.reshape %192 : (tensor<32x2x32xf8E4M3FN>) -> tensor<32x64xf8E4M3FN>
    %194 = stablehlo.reshape %180 : (tensor<32x2x1xui8>) -> tensor<32x2xui8>
    %195 = stablehlo.bitcast_convert %194 : (tensor<32x2xui8>) -> tensor<32x2xf8E8M0FNU>
    %196 = stablehlo.convert %193 : (tensor<32x64xf8E4M3FN>) -> tensor<32x64xf32>
    %197 = stablehlo.reshape %196 : (tensor<32x64xf32>) -> tensor<32x2x32xf32>
    %198 = stablehlo.convert %195 : (tensor<32x2xf8E8M0FNU>) -> tensor<32x2xf32>
    %199 = stablehlo.broadcast_in_dim %198, dims = [0, 1] : (tensor<32x2xf32>) -> tensor<32x2x1xf32>
    %200 = stablehlo.broadcast_in_dim %199, dims = [0, 1, 2] : (tensor<32x2x1xf32>) -> tensor<32x2x32xf32>
    %201 = stablehlo.multiply %197, %200 : tensor<32x2x32xf32>
    %202 = stablehlo.reshape %201 : (tensor<32x2x32xf32>) -> tensor<32x64xf32>
    %203 = stablehlo.dot_general %151, %202, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<1x64xf32>, tensor<32x64xf32>) -> tensor<1x32xf32>
    %204 = stablehlo.convert %arg3 : (tensor<32xbf16>) -> tensor<32xf32>
    %205 = stablehlo.broadcast_in_dim %204, dims = [1] : (tensor<32xf32>) -> tensor<1x32xf32>
    %206 = stablehlo.add %101, %205 : tensor<1x32xf32>
    %207 = stablehlo.convert %arg4 : (tensor<32xbf16>) -> tensor<32xf32>
    %208 = stablehlo.broadcast_in_dim %207, dims = [1] : (tensor<32xf32>) -> tensor<1x32xf32>
    %209 = stablehlo.add %203, %208 : tensor<1x32xf32>
    %cst_54 = stablehlo.constant dense<7.000000e+00> : tensor<f32>
    %210 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<1x32xf32>
    %211 = stablehlo.minimum %206, %210 : tensor<1x32xf32>
    %cst_55 = stablehlo.constant dense<-7.000000e+00> : tensor<f32>
    %cst_56 = stablehlo.constant dense<7.000000e+00> : tensor<f32>
    %212 = call @clip_4(%209, %cst_55, %cst_56) : (tensor<1x32xf32>, tensor<f32>, tensor<f32>) -> tensor<1x32xf32>
    %213 = call @silu(%211) : (tensor<1x32xf32>) -> tensor<1x32xf32>
    %214 = stablehlo.multiply %213, %212 : tensor<1x32xf32>
    %215 = stablehlo.convert %214 : (tensor<1x32xf32>) -> tensor<1x32xbf16>
    %216 = stablehlo.reshape %215 : (tensor<1x32xbf16>) -> tensor<1x1x32xbf16>
    %217 = stablehlo.abs %216 : tensor<1x1x32xbf16>
    %cst_57 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %218 = stablehlo.reduce(%217 init: %cst_57) applies stablehlo.maximum across dimensions = [2] : (tensor<1x1x32xbf16>, tensor<bf16>) -> tensor<1x1xbf16>
    %219 = stablehlo.broadcast_in_dim %218, dims = [0, 1] : (tensor<1x1xbf16>) -> tensor<1x1x1xbf16>
    %cst_58 = stablehlo.constant dense<4.480000e+02> : tensor<bf16>
    %220 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<bf16>) -> tensor<1x1x1xbf16>
    %221 = stablehlo.divide %219, %220 : tensor<1x1x1xbf16>
    %222 = stablehlo.convert %221 : (tensor<1x1x1xbf16>) -> tensor<1x1x1xf32>
    %223 = stablehlo.bitcast_convert %222 : (tensor<1x1x1xf32>) -> tensor<1x1x1xui32>
    %c_59 = stablehlo.constant dense<23> : tensor<ui32>
    %224 = stablehlo.broadcast_in_dim %c_59, dims = [] : (tensor<ui32>) -> tensor<1x1x1xui32>
    %225 = stablehlo.shift_right_logical %223, %224 : tensor<1x1x1xui32>
    %c_60 = stablehlo.constant dense<8388607> : tensor<ui32>
    %226 = stablehlo.broadcast_in_dim %c_60, dims = [] : (tensor<ui32>) -> tensor<1x1x1xui32>
    %227 = stablehlo.and %223, %226 : tensor<1x1x1xui32>
    %c_61 = stablehlo.constant dense<0> : tensor<ui32>
    %228 = stablehlo.broadcast_in_dim %c_61, dims = [] : (tensor<ui32>) -> tensor<1x1x1xui32>
    %229 = stablehlo.compare GT, %227, %228, UNSIGNED : (tensor<1x1x1xui32>, tensor<1x1x1xui32>) -> tensor<1x1x1xi1>
    %c_62 = stablehlo.constant dense<254> : tensor<ui32>
    %230 = stablehlo.broadcast_in_dim %c_62, dims = [] : (tensor<ui32>) -> tensor<1x1x1xui32>
    %231 = stablehlo.compare NE, %225, %230, UNSIGNED : (tensor<1x1x1xui32>, tensor<1x1x1xui32>) -> tensor<1x1x1xi1>
    %232 = stablehlo.and %229, %231 : tensor<1x1x1xi1>
    %c_63 = stablehlo.constant dense<0> : tensor<ui32>
    %233 = stablehlo.broadcast_in_dim %c_63, dims = [] : (tensor<ui32>) -> tensor<1x1x1xui32>
    %234 = stablehlo.compare EQ, %225, %233, UNSIGNED : (tensor<1x1x1xui32>, tensor<1x1x1xui32>) -> tensor<1x1x1xi1>
    %c_64 = stablehlo.constant dense<4194304> : tensor<ui32>
    %235 = stablehlo.broadcast_in_dim %c_64, dims = [] : (tensor<ui32>) -> tensor<1x1x1xui32>
    %236 = stablehlo.compare LE, %227, %235, UNSIGNED : (tensor<1x1x1xui32>, tensor<1x1x1xui32>) -> tensor<1x1x1xi1>
    %237 = stablehlo.and %234, %236 : tensor<1x1x1xi1>
    %238 = stablehlo.not %237 : tensor<1x1x1xi1>
    %239 = stablehlo.and %232, %238 : tensor<1x1x1xi1>
    %c_65 = stablehlo.constant dense<1> : tensor<ui32>
    %240 = stablehlo.broadcast_in_dim %c_65, dims = [] : (tensor<ui32>) -> tensor<1x1x1xui32>
    %241 = stablehlo.add %225, %240 : tensor<1x1x1xui32>
    %242 = call @_where_5(%239, %241, %225) : (tensor<1x1x1xi1>, tensor<1x1x1xui32>, tensor<1x1x1xui32>) -> tensor<1x1x1xui32>
    %243 = stablehlo.convert %242 : (tensor<1x1x1xui32>) -> tensor<1x1x1xui8>
    %244 = stablehlo.convert %243 : (tensor<1x1x1xui8>) -> tensor<1x1x1xui32>
    %c_66 = stablehlo.constant dense<23> : tensor<ui32>
    %245 = stablehlo.broadcast_in_dim %c_66, dims = [] : (tensor<ui32>) -> tensor<1x1x1xui32>
    %246 = stablehlo.shift_left %244, %245 : tensor<1x1x1xui32>
    %247 = stablehlo.bitcast_convert %246 : (tensor<1x1x1xui32>) -> tensor<1x1x1xf32>
    %cst_67 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %248 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<1x1x1xf32>
    %249 = stablehlo.compare EQ, %247, %248, FLOAT : (tensor<1x1x1xf32>, tensor<1x1x1xf32>) -> tensor<1x1x1xi1>
    %cst_68 = stablehlo.constant dense<5.87747175E-39> : tensor<f32>
    %250 = call @_where_6(%249, %cst_68, %247) : (tensor<1x1x1xi1>, tensor<f32>, tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
    %251 = stablehlo.convert %250 : (tensor<1x1x1xf32>) -> tensor<1x1x1xbf16>
    %252 = stablehlo.broadcast_in_dim %251, dims = [0, 1, 2] : (tensor<1x1x1xbf16>) -> tensor<1x1x32xbf16>
    %253 = stablehlo.divide %216, %252 : tensor<1x1x32xbf16>
    %cst_69 = stablehlo.constant dense<-4.480000e+02> : tensor<bf16>
    %cst_70 = stablehlo.constant dense<4.480000e+02> : tensor<bf16>
    %254 = call @clip_7(%253, %cst_69, %cst_70) : (tensor<1x1x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<1x1x32xbf16>
    %255 = stablehlo.convert %254 : (tensor<1x1x32xbf16>) -> tensor<1x1x32xf8E4M3FN>
    %256 = stablehlo.reshape %255 : (tensor<1x1x32xf8E4M3FN>) -> tensor<1x32xf8E4M3FN>
    %257 = stablehlo.reshape %243 : (tensor<1x1x1xui8>) -> tensor<1x1xui8>
    %258 = stablehlo.bitcast_convert %257 : (tensor<1x1xui8>) -> tensor<1x1xf8E8M0FNU>
    return %256, %258 : tensor<1x32xf8E4M3FN>, tensor<1x1xf8E8M0FNU>
  }
  func.func private @_where(%arg0: tensor<1x2x1xi1>, %arg1: tensor<1x2x1xui32>, %arg2: tensor<1x2x1xui32>) -> tensor<1x2x1xui32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<1x2x1xi1>, tensor<1x2x1xui32>
    return %0 : tensor<1x2x1xui32>
  }
  func.func private @_where_0(%arg0: tensor<1x2x1xi1>, %arg1: tensor<f32>, %arg2: tensor<1x2x1xf32>) -> tensor<1x2x1xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1x2x1xf32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<1x2x1xi1>, tensor<1x2x1xf32>
    return %1 : tensor<1x2x1xf32>
  }
  func.func private @clip(%arg0: tensor<1x2x32xbf16>, %arg1: tensor<bf16>, %arg2: tensor<bf16>) -> tensor<1x2x32xbf16> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<bf16>) -> tensor<1x2x32xbf16>
    %1 = stablehlo.maximum %0, %arg0 : tensor<1x2x32xbf16>
    %2 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<bf16>) -> tensor<1x2x32xbf16>
    %3 = stablehlo.minimum %2, %1 : tensor<1x2x32xbf16>
    return %3 : tensor<1x2x32xbf16>
  }
  func.func private @_where_1(%arg0: tensor<32x2x1xi1>, %arg1: tensor<32x2x1xui32>, %arg2: tensor<32x2x1xui32>) -> tensor<32x2x1xui32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<32x2x1xi1>, tensor<32x2x1xui32>
    return %0 : tensor<32x2x1xui32>
  }
  func.func private @_where_2(%arg0: tensor<32x2x1xi1>, %arg1: tensor<f32>, %arg2: tensor<32x2x1xf32>) -> tensor<32x2x1xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<32x2x1xf32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<32x2x1xi1>, tensor<32x2x1xf32>
    return %1 : tensor<32x2x1xf32>
  }
  func.func private @clip_3(%arg0: tensor<32x2x32xbf16>, %arg1: tensor<bf16>, %arg2: tensor<bf16>) -> tensor<32x2x32xbf16> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<bf16>) -> tensor<32x2x32xbf16>
    %1 = stablehlo.maximum %0, %arg0 : tensor<32x2x32xbf16>
    %2 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<bf16>) -> tensor<32x2x32xbf16>
    %3 = stablehlo.minimum %2, %1 : tensor<32x2x32xbf16>
    return %3 : tensor<32x2x32xbf16>
  }
  func.func private @clip_4(%arg0: tensor<1x32xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<1x32xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<1x32xf32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<1x32xf32>
    %3 = stablehlo.convert %arg2 : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<1x32xf32>
    %5 = stablehlo.minimum %4, %2 : tensor<1x32xf32>
    return %5 : tensor<1x32xf32>
  }
  func.func private @silu(%arg0: tensor<1x32xf32>) -> tensor<1x32xf32> {
    %0 = stablehlo.negate %arg0 : tensor<1x32xf32>
    %1 = stablehlo.exponential %0 : tensor<1x32xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x32xf32>
    %3 = stablehlo.add %2, %1 : tensor<1x32xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x32xf32>
    %5 = stablehlo.divide %4, %3 : tensor<1x32xf32>
    %6 = stablehlo.multiply %arg0, %5 : tensor<1x32xf32>
    return %6 : tensor<1x32xf32>
  }
  func.func private @_where_5(%arg0: tensor<1x1x1xi1>, %arg1: tensor<1x1x1xui32>, %arg2: tensor<1x1x1xui32>) -> tensor<1x1x1xui32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<1x1x1xi1>, tensor<1x1x1xui32>
    return %0 : tensor<1x1x1xui32>
  }
  func.func private @_where_6(%arg0: tensor<1x1x1xi1>, %arg1: tensor<f32>, %arg2: tensor<1x1x1xf32>) -> tensor<1x1x1xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1x1x1xf32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<1x1x1xi1>, tensor<1x1x1xf32>
    return %1 : tensor<1x1x1xf32>
  }
  func.func private @clip_7(%arg0: tensor<1x1x32xbf16>, %arg1: tensor<bf16>, %arg2: tensor<bf16>) -> tensor<1x1x32xbf16> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<bf16>) -> tensor<1x1x32xbf16>
    %1 = stablehlo.maximum %0, %arg0 : tensor<1x1x32xbf16>
    %2 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<bf16>) -> tensor<1x1x32xbf16>
    %3 = stablehlo.minimum %2, %1 : tensor<1x1x32xbf16>
    return %3 : tensor<1x1x32xbf16>
  }
}
