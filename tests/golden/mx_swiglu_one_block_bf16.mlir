module @jit_mx_gate_up attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<300x32xbf16>, %arg1: tensor<32x64xf32>, %arg2: tensor<32x64xf32>) -> (tensor<300x64xf8E4M3FN> {jax.result_info = "result[0]"}, tensor<300x2xf8E8M0FNU> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<300x32xbf16>) -> tensor<300x1x32xbf16>
    %1 = stablehlo.abs %0 : tensor<300x1x32xbf16>
    %cst = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %2 = stablehlo.reduce(%1 init: %cst) applies stablehlo.maximum across dimensions = [2] : (tensor<300x1x32xbf16>, tensor<bf16>) -> tensor<300x1xbf16>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<300x1xbf16>) -> tensor<300x1x1xbf16>
    %cst_0 = stablehlo.constant dense<4.480000e+02> : tensor<bf16>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<bf16>) -> tensor<300x1x1xbf16>
    %5 = stablehlo.divide %3, %4 : tensor<300x1x1xbf16>
    %6 = stablehlo.convert %5 : (tensor<300x1x1xbf16>) -> tensor<300x1x1xf32>
    %7 = stablehlo.bitcast_convert %6 : (tensor<300x1x1xf32>) -> tensor<300x1x1xui32>
    %c = stablehlo.constant dense<23> : tensor<ui32>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<300x1x1xui32>
    %9 = stablehlo.shift_right_logical %7, %8 : tensor<300x1x1xui32>
    %c_1 = stablehlo.constant dense<8388607> : tensor<ui32>
    %10 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui32>) -> tensor<300x1x1xui32>
    %11 = stablehlo.and %7, %10 : tensor<300x1x1xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<ui32>
    %12 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui32>) -> tensor<300x1x1xui32>
    %13 = stablehlo.compare GT, %11, %12, UNSIGNED : (tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xi1>
    %c_3 = stablehlo.constant dense<254> : tensor<ui32>
    %14 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<ui32>) -> tensor<300x1x1xui32>
    %15 = stablehlo.compare NE, %9, %14, UNSIGNED : (tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xi1>
    %16 = stablehlo.and %13, %15 : tensor<300x1x1xi1>
    %c_4 = stablehlo.constant dense<0> : tensor<ui32>
    %17 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<ui32>) -> tensor<300x1x1xui32>
    %18 = stablehlo.compare EQ, %9, %17, UNSIGNED : (tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xi1>
    %c_5 = stablehlo.constant dense<4194304> : tensor<ui32>
    %19 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<ui32>) -> tensor<300x1x1xui32>
    %20 = stablehlo.compare LE, %11, %19, UNSIGNED : (tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xi1>
    %21 = stablehlo.and %18, %20 : tensor<300x1x1xi1>
    %22 = stablehlo.not %21 : tensor<300x1x1xi1>
    %23 = stablehlo.and %16, %22 : tensor<300x1x1xi1>
    %c_6 = stablehlo.constant dense<1> : tensor<ui32>
    %24 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<ui32>) -> tensor<300x1x1xui32>
    %25 = stablehlo.add %9, %24 : tensor<300x1x1xui32>
    %26 = call @_where(%23, %25, %9) : (tensor<300x1x1xi1>, tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xui32>
    %27 = stablehlo.convert %26 : (tensor<300x1x1xui32>) -> tensor<300x1x1xui8>
    %28 = stablehlo.convert %27 : (tensor<300x1x1xui8>) -> tensor<300x1x1xui32>
    %c_7 = stablehlo.constant dense<23> : tensor<ui32>
    %29 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<ui32>) -> tensor<300x1x1xui32>
    %30 = stablehlo.shift_left %28, %29 : tensor<300x1x1xui32>
    %31 = stablehlo.bitcast_convert %30 : (tensor<300x1x1xui32>) -> tensor<300x1x1xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<300x1x1xf32>
    %33 = stablehlo.compare EQ, %31, %32, FLOAT : (tensor<300x1x1xf32>, tensor<300x1x1xf32>) -> tensor<300x1x1xi1>
    %cst_9 = stablehlo.constant dense<5.87747175E-39> : tensor<f32>
    %34 = call @_where_0(%33, %cst_9, %31) : (tensor<300x1x1xi1>, tensor<f32>, tensor<300x1x1xf32>) -> tensor<300x1x1xf32>
    %35 = stablehlo.convert %34 : (tensor<300x1x1xf32>) -> tensor<300x1x1xbf16>
    %36 = stablehlo.broadcast_in_dim %35, dims = [0, 1, 2] : (tensor<300x1x1xbf16>) -> tensor<300x1x32xbf16>
    %37 = stablehlo.divide %0, %36 : tensor<300x1x32xbf16>
    %cst_10 = stablehlo.constant dense<-4.480000e+02> : tensor<bf16>
    %cst_11 = stablehlo.constant dense<4.480000e+02> : tensor<bf16>
    %38 = call @clip(%37, %cst_10, %cst_11) : (tensor<300x1x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<300x1x32xbf16>
    %39 = stablehlo.convert %38 : (tensor<300x1x32xbf16>) -> tensor<300x1x32xf8E4M3FN>
    %40 = stablehlo.reshape %39 : (tensor<300x1x32xf8E4M3FN>) -> tensor<300x32xf8E4M3FN>
    %41 = stablehlo.reshape %27 : (tensor<300x1x1xui8>) -> tensor<300x1xui8>
    %42 = stablehlo.bitcast_convert %41 : (tensor<300x1xui8>) -> tensor<300x1xf8E8M0FNU>
    %43 = stablehlo.convert %40 : (tensor<300x32xf8E4M3FN>) -> tensor<300x32xf32>
    %44 = stablehlo.reshape %43 : (tensor<300x32xf32>) -> tensor<300x1x32xf32>
    %45 = stablehlo.convert %42 : (tensor<300x1xf8E8M0FNU>) -> tensor<300x1xf32>
    %46 = stablehlo.broadcast_in_dim %45, dims = [0, 1] : (tensor<300x1xf32>) -> tensor<300x1x1xf32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2] : (tensor<300x1x1xf32>) -> tensor<300x1x32xf32>
    %48 = stablehlo.multiply %44, %47 : tensor<300x1x32xf32>
    %49 = stablehlo.reshape %48 : (tensor<300x1x32xf32>) -> tensor<300x32xf32>
    %50 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %51 = stablehlo.reshape %50 : (tensor<64x32xf32>) -> tensor<64x1x32xf32>
    %52 = stablehlo.abs %51 : tensor<64x1x32xf32>
    %cst_12 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %53 = stablehlo.reduce(%52 init: %cst_12) applies stablehlo.maximum across dimensions = [2] : (tensor<64x1x32xf32>, tensor<f32>) -> tensor<64x1xf32>
    %54 = stablehlo.broadcast_in_dim %53, dims = [0, 1] : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %cst_13 = stablehlo.constant dense<4.480000e+02> : tensor<f32>
    %55 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<64x1x1xf32>
    %56 = stablehlo.divide %54, %55 : tensor<64x1x1xf32>
    %57 = stablehlo.bitcast_convert %56 : (tensor<64x1x1xf32>) -> tensor<64x1x1xui32>
    %c_14 = stablehlo.constant dense<23> : tensor<ui32>
    %58 = stablehlo.broadcast_in_dim %c_14, dims = [] : (tensor<ui32>) -> tensor<64x1x1xui32>
    %59 = stablehlo.shift_right_logical %57, %58 : tensor<64x1x1xui32>
    %c_15 = stablehlo.constant dense<8388607> : tensor<ui32>
    %60 = stablehlo.broadcast_in_dim %c_15, dims = [] : (tensor<ui32>) -> tensor<64x1x1xui32>
    %61 = stablehlo.and %57, %60 : tensor<64x1x1xui32>
    %c_16 = stablehlo.constant dense<0> : tensor<ui32>
    %62 = stablehlo.broadcast_in_dim %c_16, dims = [] : (tensor<ui32>) -> tensor<64x1x1xui32>
    %63 = stablehlo.compare GT, %61, %62, UNSIGNED : (tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xi1>
    %c_17 = stablehlo.constant dense<254> : tensor<ui32>
    %64 = stablehlo.broadcast_in_dim %c_17, dims = [] : (tensor<ui32>) -> tensor<64x1x1xui32>
    %65 = stablehlo.compare NE, %59, %64, UNSIGNED : (tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xi1>
    %66 = stablehlo.and %63, %65 : tensor<64x1x1xi1>
    %c_18 = stablehlo.constant dense<0> : tensor<ui32>
    %67 = stablehlo.broadcast_in_dim %c_18, dims = [] : (tensor<ui32>) -> tensor<64x1x1xui32>
    %68 = stablehlo.compare EQ, %59, %67, UNSIGNED : (tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xi1>
    %c_19 = stablehlo.constant dense<4194304> : tensor<ui32>
    %69 = stablehlo.broadcast_in_dim %c_19, dims = [] : (tensor<ui32>) -> tensor<64x1x1xui32>
    %70 = stablehlo.compare LE, %61, %69, UNSIGNED : (tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xi1>
    %71 = stablehlo.and %68, %70 : tensor<64x1x1xi1>
    %72 = stablehlo.not %71 : tensor<64x1x1xi1>
    %73 = stablehlo.and %66, %72 : tensor<64x1x1xi1>
    %c_20 = stablehlo.constant dense<1> : tensor<ui32>
    %74 = stablehlo.broadcast_in_dim %c_20, dims = [] : (tensor<ui32>) -> tensor<64x1x1xui32>
    %75 = stablehlo.add %59, %74 : tensor<64x1x1xui32>
    %76 = call @_where_1(%73, %75, %59) : (tensor<64x1x1xi1>, tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xui32>
    %77 = stablehlo.convert %76 : (tensor<64x1x1xui32>) -> tensor<64x1x1xui8>
    %78 = stablehlo.convert %77 : (tensor<64x1x1xui8>) -> tensor<64x1x1xui32>
    %c_21 = stablehlo.constant dense<23> : tensor<ui32>
    %79 = stablehlo.broadcast_in_dim %c_21, dims = [] : (tensor<ui32>) -> tensor<64x1x1xui32>
    %80 = stablehlo.shift_left %78, %79 : tensor<64x1x1xui32>
    %81 = stablehlo.bitcast_convert %80 : (tensor<64x1x1xui32>) -> tensor<64x1x1xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %82 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<64x1x1xf32>
    %83 = stablehlo.compare EQ, %81, %82, FLOAT : (tensor<64x1x1xf32>, tensor<64x1x1xf32>) -> tensor<64x1x1xi1>
    %cst_23 = stablehlo.constant dense<5.87747175E-39> : tensor<f32>
    %84 = call @_where_2(%83, %cst_23, %81) : (tensor<64x1x1xi1>, tensor<f32>, tensor<64x1x1xf32>) -> tensor<64x1x1xf32>
    %85 = stablehlo.broadcast_in_dim %84, dims = [0, 1, 2] : (tensor<64x1x1xf32>) -> tensor<64x1x32xf32>
    %86 = stablehlo.divide %51, %85 : tensor<64x1x32xf32>
    %cst_24 = stablehlo.constant dense<-4.480000e+02> : tensor<f32>
    %cst_25 = stablehlo.constant dense<4.480000e+02> : tensor<f32>
    %87 = call @clip_3(%86, %cst_24, %cst_25) : (tensor<64x1x32xf32>, tensor<f32>, tensor<f32>) -> tensor<64x1x32xf32>
    %88 = stablehlo.convert %87 : (tensor<64x1x32xf32>) -> tensor<64x1x32xf8E4M3FN>
    %89 = stablehlo.reshape %88 : (tensor<64x1x32xf8E4M3FN>) -> tensor<64x32xf8E4M3FN>
    %90 = stablehlo.reshape %77 : (tensor<64x1x1xui8>) -> tensor<64x1xui8>
    %91 = stablehlo.bitcast_convert %90 : (tensor<64x1xui8>) -> tensor<64x1xf8E8M0FNU>
    %92 = stablehlo.convert %89 : (tensor<64x32xf8E4M3FN>) -> tensor<64x32xf32>
    %93 = stablehlo.reshape %92 : (tensor<64x32xf32>) -> tensor<64x1x32xf32>
    %94 = stablehlo.convert %91 : (tensor<64x1xf8E8M0FNU>) -> tensor<64x1xf32>
    %95 = stablehlo.broadcast_in_dim %94, dims = [0, 1] : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %96 = stablehlo.broadcast_in_dim %95, dims = [0, 1, 2] : (tensor<64x1x1xf32>) -> tensor<64x1x32xf32>
    %97 = stablehlo.multiply %93, %96 : tensor<64x1x32xf32>
    %98 = stablehlo.reshape %97 : (tensor<64x1x32xf32>) -> tensor<64x32xf32>
    %99 = stablehlo.dot_general %49, %98, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<300x32xf32>, tensor<64x32xf32>) -> tensor<300x64xf32>
    %100 = stablehlo.reshape %arg0 : (tensor<300x32xbf16>) -> tensor<300x1x32xbf16>
    %101 = stablehlo.abs %100 : tensor<300x1x32xbf16>
    %cst_26 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %102 = stablehlo.reduce(%101 init: %cst_26) applies stablehlo.maximum across dimensions = [2] : (tensor<300x1x32xbf16>, tensor<bf16>) -> tensor<300x1xbf16>
    %103 = stablehlo.broadcast_in_dim %102, dims = [0, 1] : (tensor<300x1xbf16>) -> tensor<300x1x1xbf16>
    %cst_27 = stablehlo.constant dense<4.480000e+02> : tensor<bf16>
    %104 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<bf16>) -> tensor<300x1x1xbf16>
    %105 = stablehlo.divide %103, %104 : tensor<300x1x1xbf16>
    %106 = stablehlo.convert %105 : (tensor<300x1x1xbf16>) -> tensor<300x1x1xf32>
    %107 = stablehlo.bitcast_convert %106 : (tensor<300x1x1xf32>) -> tensor<300x1x1xui32>
    %c_28 = stablehlo.constant dense<23> : tensor<ui32>
    %108 = stablehlo.broadcast_in_dim %c_28, dims = [] : (tensor<ui32>) -> tensor<300x1x1xui32>
    %109 = stablehlo.shift_right_logical %107, %108 : tensor<300x1x1xui32>
    %c_29 = stablehlo.constant dense<8388607> : tensor<ui32>
    %110 = stablehlo.broadcast_in_dim %c_29, dims = [] : (tensor<ui32>) -> tensor<300x1x1xui32>
    %111 = stablehlo.and %107, %110 : tensor<300x1x1xui32>
    %c_30 = stablehlo.constant dense<0> : tensor<ui32>
    %112 = stablehlo.broadcast_in_dim %c_30, dims = [] : (tensor<ui32>) -> tensor<300x1x1xui32>
    %113 = stablehlo.compare GT, %111, %112, UNSIGNED : (tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xi1>
    %c_31 = stablehlo.constant dense<254> : tensor<ui32>
    %114 = stablehlo.broadcast_in_dim %c_31, dims = [] : (tensor<ui32>) -> tensor<300x1x1xui32>
    %115 = stablehlo.compare NE, %109, %114, UNSIGNED : (tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xi1>
    %116 = stablehlo.and %113, %115 : tensor<300x1x1xi1>
    %c_32 = stablehlo.constant dense<0> : tensor<ui32>
    %117 = stablehlo.broadcast_in_dim %c_32, dims = [] : (tensor<ui32>) -> tensor<300x1x1xui32>
    %118 = stablehlo.compare EQ, %109, %117, UNSIGNED : (tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xi1>
    %c_33 = stablehlo.constant dense<4194304> : tensor<ui32>
    %119 = stablehlo.broadcast_in_dim %c_33, dims = [] : (tensor<ui32>) -> tensor<300x1x1xui32>
    %120 = stablehlo.compare LE, %111, %119, UNSIGNED : (tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xi1>
    %121 = stablehlo.and %118, %120 : tensor<300x1x1xi1>
    %122 = stablehlo.not %121 : tensor<300x1x1xi1>
    %123 = stablehlo.and %116, %122 : tensor<300x1x1xi1>
    %c_34 = stablehlo.constant dense<1> : tensor<ui32>
    %124 = stablehlo.broadcast_in_dim %c_34, dims = [] : (tensor<ui32>) -> tensor<300x1x1xui32>
    %125 = stablehlo.add %109, %124 : tensor<300x1x1xui32>
    %126 = call @_where(%123, %125, %109) : (tensor<300x1x1xi1>, tensor<300x1x1xui32>, tensor<300x1x1xui32>) -> tensor<300x1x1xui32>
    %127 = stablehlo.convert %126 : (tensor<300x1x1xui32>) -> tensor<300x1x1xui8>
    %128 = stablehlo.convert %127 : (tensor<300x1x1xui8>) -> tensor<300x1x1xui32>
    %c_35 = stablehlo.constant dense<23> : tensor<ui32>
    %129 = stablehlo.broadcast_in_dim %c_35, dims = [] : (tensor<ui32>) -> tensor<300x1x1xui32>
    %130 = stablehlo.shift_left %128, %129 : tensor<300x1x1xui32>
    %131 = stablehlo.bitcast_convert %130 : (tensor<300x1x1xui32>) -> tensor<300x1x1xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %132 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<300x1x1xf32>
    %133 = stablehlo.compare EQ, %131, %132, FLOAT : (tensor<300x1x1xf32>, tensor<300x1x1xf32>) -> tensor<300x1x1xi1>
    %cst_37 = stablehlo.constant dense<5.87747175E-39> : tensor<f32>
    %134 = call @_where_0(%133, %cst_37, %131) : (tensor<300x1x1xi1>, tensor<f32>, tensor<300x1x1xf32>) -> tensor<300x1x1xf32>
    %135 = stablehlo.convert %134 : (tensor<300x1x1xf32>) -> tensor<300x1x1xbf16>
    %136 = stablehlo.broadcast_in_dim %135, dims = [0, 1, 2] : (tensor<300x1x1xbf16>) -> tensor<300x1x32xbf16>
    %137 = stablehlo.divide %100, %136 : tensor<300x1x32xbf16>
    %cst_38 = stablehlo.constant dense<-4.480000e+02> : tensor<bf16>
    %cst_39 = stablehlo.constant dense<4.480000e+02> : tensor<bf16>
    %138 = call @clip(%137, %cst_38, %cst_39) : (tensor<300x1x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<300x1x32xbf16>
    %139 = stablehlo.convert %138 : (tensor<300x1x32xbf16>) -> tensor<300x1x32xf8E4M3FN>
    %140 = stablehlo.reshape %139 : (tensor<300x1x32xf8E4M3FN>) -> tensor<300x32xf8E4M3FN>
    %141 = stablehlo.reshape %127 : (tensor<300x1x1xui8>) -> tensor<300x1xui8>
    %142 = stablehlo.bitcast_convert %141 : (tensor<300x1xui8>) -> tensor<300x1xf8E8M0FNU>
    %143 = stablehlo.convert %140 : (tensor<300x32xf8E4M3FN>) -> tensor<300x32xf32>
    %144 = stablehlo.reshape %143 : (tensor<300x32xf32>) -> tensor<300x1x32xf32>
    %145 = stablehlo.convert %142 : (tensor<300x1xf8E8M0FNU>) -> tensor<300x1xf32>
    %146 = stablehlo.broadcast_in_dim %145, dims = [0, 1] : (tensor<300x1xf32>) -> tensor<300x1x1xf32>
    %147 = stablehlo.broadcast_in_dim %146, dims = [0, 1, 2] : (tensor<300x1x1xf32>) -> tensor<300x1x32xf32>
    %148 = stablehlo.multiply %144, %147 : tensor<300x1x32xf32>
    %149 = stablehlo.reshape %148 : (tensor<300x1x32xf32>) -> tensor<300x32xf32>
    %150 = stablehlo.transpose %arg2, dims = [1, 0] : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %151 = stablehlo.reshape %150 : (tensor<64x32xf32>) -> tensor<64x1x32xf32>
    %152 = stablehlo.abs %151 : tensor<64x1x32xf32>
    %cst_40 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %153 = stablehlo.reduce(%152 init: %cst_40) applies stablehlo.maximum across dimensions = [2] : (tensor<64x1x32xf32>, tensor<f32>) -> tensor<64x1xf32>
    %154 = stablehlo.broadcast_in_dim %153, dims = [0, 1] : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %cst_41 = stablehlo.constant dense<4.480000e+02> : tensor<f32>
    %155 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<64x1x1xf32>
    %156 = stablehlo.divide %154, %155 : tensor<64x1x1xf32>
    %157 = stablehlo.bitcast_convert %156 : (tensor<64x1x1xf32>) -> tensor<64x1x1xui32>
    %c_42 = stablehlo.constant dense<23> : tensor<ui32>
    %158 = stablehlo.broadcast_in_dim %c_42, dims = [] : (tensor<ui32>) -> tensor<64x1x1xui32>
    %159 = stablehlo.shift_right_logical %157, %158 : tensor<64x1x1xui32>
    %c_43 = stablehlo.constant dense<8388607> : tensor<ui32>
    %160 = stablehlo.broadcast_in_dim %c_43, dims = [] : (tensor<ui32>) -> tensor<64x1x1xui32>
    %161 = stablehlo.and %157, %160 : tensor<64x1x1xui32>
    %c_44 = stablehlo.constant dense<0> : tensor<ui32>
    %162 = stablehlo.broadcast_in_dim %c_44, dims = [] : (tensor<ui32>) -> tensor<64x1x1xui32>
    %163 = stablehlo.compare GT, %161, %162, UNSIGNED : (tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xi1>
    %c_45 = stablehlo.constant dense<254> : tensor<ui32>
    %164 = stablehlo.broadcast_in_dim %c_45, dims = [] : (tensor<ui32>) -> tensor<64x1x1xui32>
    %165 = stablehlo.compare NE, %159, %164, UNSIGNED : (tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xi1>
    %166 = stablehlo.and %163, %165 : tensor<64x1x1xi1>
    %c_46 = stablehlo.constant dense<0> : tensor<ui32>
    %167 = stablehlo.broadcast_in_dim %c_46, dims = [] : (tensor<ui32>) -> tensor<64x1x1xui32>
    %168 = stablehlo.compare EQ, %159, %167, UNSIGNED : (tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xi1>
    %c_47 = stablehlo.constant dense<4194304> : tensor<ui32>
    %169 = stablehlo.broadcast_in_dim %c_47, dims = [] : (tensor<ui32>) -> tensor<64x1x1xui32>
    %170 = stablehlo.compare LE, %161, %169, UNSIGNED : (tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xi1>
    %171 = stablehlo.and %168, %170 : tensor<64x1x1xi1>
    %172 = stablehlo.not %171 : tensor<64x1x1xi1>
    %173 = stablehlo.and %166, %172 : tensor<64x1x1xi1>
    %c_48 = stablehlo.constant dense<1> : tensor<ui32>
    %174 = stablehlo.broadcast_in_dim %c_48, dims = [] : (tensor<ui32>) -> tensor<64x1x1xui32>
    %175 = stablehlo.add %159, %174 : tensor<64x1x1xui32>
    %176 = call @_where_1(%173, %175, %159) : (tensor<64x1x1xi1>, tensor<64x1x1xui32>, tensor<64x1x1xui32>) -> tensor<64x1x1xui32>
    %177 = stablehlo.convert %176 : (tensor<64x1x1xui32>) -> tensor<64x1x1xui8>
    %178 = stablehlo.convert %177 : (tensor<64x1x1xui8>) -> tensor<64x1x1xui32>
    %c_49 = stablehlo.constant dense<23> : tensor<ui32>
    %179 = stablehlo.broadcast_in_dim %c_49, dims = [] : (tensor<ui32>) -> tensor<64x1x1xui32>
    %180 = stablehlo.shift_left %178, %179 : tensor<64x1x1xui32>
    %181 = stablehlo.bitcast_convert %180 : (tensor<64x1x1xui32>) -> tensor<64x1x1xf32>
    %cst_50 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %182 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<64x1x1xf32>
    %183 = stablehlo.compare EQ, %181, %182, FLOAT : (tensor<64x1x1xf32>, tensor<64x1x1xf32>) -> tensor<64x1x1xi1>
    %cst_51 = stablehlo.constant dense<5.87747175E-39> : tensor<f32>
    %184 = call @_where_2(%183, %cst_51, %181) : (tensor<64x1x1xi1>, tensor<f32>, tensor<64x1x1xf32>) -> tensor<64x1x1xf32>
    %185 = stablehlo.broadcast_in_dim %184, dims = [0, 1, 2] : (tensor<64x1x1xf32>) -> tensor<64x1x32xf32>
    %186 = stablehlo.divide %151, %185 : tensor<64x1x32xf32>
    %cst_52 = stablehlo.constant dense<-4.480000e+02> : tensor<f32>
    %cst_53 = stablehlo.constant dense<4.480000e+02> : tensor<f32>
    %187 = call @clip_3(%186, %cst_52, %cst_53) : (tensor<64x1x32xf32>, tensor<f32>, tensor<f32>) -> tensor<64x1x32xf32>
    %188 = stablehlo.convert %187 : (tensor<64x1x32xf32>) -> tensor<64x1x32xf8E4M3FN>
    %189 = stablehlo.reshape %188 : (tensor<64x1x32xf8E4M3FN>) -> tensor<64x32xf8E4M3FN>
    %190 = stablehlo.reshape %177 : (tensor<64x1x1xui8>) -> tensor<64x1xui8>
    %191 = stablehlo.bitcast_convert %190 : (tensor<64x1xui8>) -> tensor<64x1xf8E8M0FNU>
    %192 = stablehlo.convert %189 : (tensor<64x32xf8E4M3FN>) -> tensor<64x32xf32>
    %193 = stablehlo.reshape %192 : (tensor<64x32xf32>) -> tensor<64x1x32xf32>
    %194 = stablehlo.convert %191 : (tensor<64x1xf8E8M0FNU>) -> tensor<64x1xf32>
    %195 = stablehlo.broadcast_in_dim %194, dims = [0, 1] : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %196 = stablehlo.broadcast_in_dim %195, dims = [0, 1, 2] : (tensor<64x1x1xf32>) -> tensor<64x1x32xf32>
    %197 = stablehlo.multiply %193, %196 : tensor<64x1x32xf32>
    %198 = stablehlo.reshape %197 : (tensor<64x1x32xf32>) -> tensor<64x32xf32>
    %199 = stablehlo.dot_general %149, %198, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<300x32xf32>, tensor<64x32xf32>) -> tensor<300x64xf32>
    %200 = call @silu(%99) : (tensor<300x64xf32>) -> tensor<300x64xf32>
    %201 = stablehlo.multiply %200, %199 : tensor<300x64xf32>
    %202 = stablehlo.convert %201 : (tensor<300x64xf32>) -> tensor<300x64xbf16>
    %203 = stablehlo.reshape %202 : (tensor<300x64xbf16>) -> tensor<300x2x32xbf16>
    %204 = stablehlo.abs %203 : tensor<300x2x32xbf16>
    %cst_54 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %205 = stablehlo.reduce(%204 init: %cst_54) applies stablehlo.maximum across dimensions = [2] : (tensor<300x2x32xbf16>, tensor<bf16>) -> tensor<300x2xbf16>
    %206 = stablehlo.broadcast_in_dim %205, dims = [0, 1] : (tensor<300x2xbf16>) -> tensor<300x2x1xbf16>
    %cst_55 = stablehlo.constant dense<4.480000e+02> : tensor<bf16>
    %207 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<bf16>) -> tensor<300x2x1xbf16>
    %208 = stablehlo.divide %206, %207 : tensor<300x2x1xbf16>
    %209 = stablehlo.convert %208 : (tensor<300x2x1xbf16>) -> tensor<300x2x1xf32>
    %210 = stablehlo.bitcast_convert %209 : (tensor<300x2x1xf32>) -> tensor<300x2x1xui32>
    %c_56 = stablehlo.constant dense<23> : tensor<ui32>
    %211 = stablehlo.broadcast_in_dim %c_56, dims = [] : (tensor<ui32>) -> tensor<300x2x1xui32>
    %212 = stablehlo.shift_right_logical %210, %211 : tensor<300x2x1xui32>
    %c_57 = stablehlo.constant dense<8388607> : tensor<ui32>
    %213 = stablehlo.broadcast_in_dim %c_57, dims = [] : (tensor<ui32>) -> tensor<300x2x1xui32>
    %214 = stablehlo.and %210, %213 : tensor<300x2x1xui32>
    %c_58 = stablehlo.constant dense<0> : tensor<ui32>
    %215 = stablehlo.broadcast_in_dim %c_58, dims = [] : (tensor<ui32>) -> tensor<300x2x1xui32>
    %216 = stablehlo.compare GT, %214, %215, UNSIGNED : (tensor<300x2x1xui32>, tensor<300x2x1xui32>) -> tensor<300x2x1xi1>
    %c_59 = stablehlo.constant dense<254> : tensor<ui32>
    %217 = stablehlo.broadcast_in_dim %c_59, dims = [] : (tensor<ui32>) -> tensor<300x2x1xui32>
    %218 = stablehlo.compare NE, %212, %217, UNSIGNED : (tensor<300x2x1xui32>, tensor<300x2x1xui32>) -> tensor<300x2x1xi1>
    %219 = stablehlo.and %216, %218 : tensor<300x2x1xi1>
    %c_60 = stablehlo.constant dense<0> : tensor<ui32>
    %220 = stablehlo.broadcast_in_dim %c_60, dims = [] : (tensor<ui32>) -> tensor<300x2x1xui32>
    %221 = stablehlo.compare EQ, %212, %220, UNSIGNED : (tensor<300x2x1xui32>, tensor<300x2x1xui32>) -> tensor<300x2x1xi1>
    %c_61 = stablehlo.constant dense<4194304> : tensor<ui32>
    %222 = stablehlo.broadcast_in_dim %c_61, dims = [] : (tensor<ui32>) -> tensor<300x2x1xui32>
    %223 = stablehlo.compare LE, %214, %222, UNSIGNED : (tensor<300x2x1xui32>, tensor<300x2x1xui32>) -> tensor<300x2x1xi1>
    %224 = stablehlo.and %221, %223 : tensor<300x2x1xi1>
    %225 = stablehlo.not %224 : tensor<300x2x1xi1>
    %226 = stablehlo.and %219, %225 : tensor<300x2x1xi1>
    %c_62 = stablehlo.constant dense<1> : tensor<ui32>
    %227 = stablehlo.broadcast_in_dim %c_62, dims = [] : (tensor<ui32>) -> tensor<300x2x1xui32>
    %228 = stablehlo.add %212, %227 : tensor<300x2x1xui32>
    %229 = call @_where_4(%226, %228, %212) : (tensor<300x2x1xi1>, tensor<300x2x1xui32>, tensor<300x2x1xui32>) -> tensor<300x2x1xui32>
    %230 = stablehlo.convert %229 : (tensor<300x2x1xui32>) -> tensor<300x2x1xui8>
    %231 = stablehlo.convert %230 : (tensor<300x2x1xui8>) -> tensor<300x2x1xui32>
    %c_63 = stablehlo.constant dense<23> : tensor<ui32>
    %232 = stablehlo.broadcast_in_dim %c_63, dims = [] : (tensor<ui32>) -> tensor<300x2x1xui32>
    %233 = stablehlo.shift_left %231, %232 : tensor<300x2x1xui32>
    %234 = stablehlo.bitcast_convert %233 : (tensor<300x2x1xui32>) -> tensor<300x2x1xf32>
    %cst_64 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %235 = stablehlo.broadcast_in_dim %cst_64, dims = [] : (tensor<f32>) -> tensor<300x2x1xf32>
    %236 = stablehlo.compare EQ, %234, %235, FLOAT : (tensor<300x2x1xf32>, tensor<300x2x1xf32>) -> tensor<300x2x1xi1>
    %cst_65 = stablehlo.constant dense<5.87747175E-39> : tensor<f32>
    %237 = call @_where_5(%236, %cst_65, %234) : (tensor<300x2x1xi1>, tensor<f32>, tensor<300x2x1xf32>) -> tensor<300x2x1xf32>
    %238 = stablehlo.convert %237 : (tensor<300x2x1xf32>) -> tensor<300x2x1xbf16>
    %239 = stablehlo.broadcast_in_dim %238, dims = [0, 1, 2] : (tensor<300x2x1xbf16>) -> tensor<300x2x32xbf16>
    %240 = stablehlo.divide %203, %239 : tensor<300x2x32xbf16>
    %cst_66 = stablehlo.constant dense<-4.480000e+02> : tensor<bf16>
    %cst_67 = stablehlo.constant dense<4.480000e+02> : tensor<bf16>
    %241 = call @clip_6(%240, %cst_66, %cst_67) : (tensor<300x2x32xbf16>, tensor<bf16>, tensor<bf16>) -> tensor<300x2x32xbf16>
    %242 = stablehlo.convert %241 : (tensor<300x2x32xbf16>) -> tensor<300x2x32xf8E4M3FN>
    %243 = stablehlo.reshape %242 : (tensor<300x2x32xf8E4M3FN>) -> tensor<300x64xf8E4M3FN>
    %244 = stablehlo.reshape %230 : (tensor<300x2x1xui8>) -> tensor<300x2xui8>
    %245 = stablehlo.bitcast_convert %244 : (tensor<300x2xui8>) -> tensor<300x2xf8E8M0FNU>
    return %243, %245 : tensor<300x64xf8E4M3FN>, tensor<300x2xf8E8M0FNU>
  }
  func.func private @_where(%arg0: tensor<300x1x1xi1>, %arg1: tensor<300x1x1xui32>, %arg2: tensor<300x1x1xui32>) -> tensor<300x1x1xui32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<300x1x1xi1>, tensor<300x1x1xui32>
    return %0 : tensor<300x1x1xui32>
  }
  func.func private @_where_0(%arg0: tensor<300x1x1xi1>, %arg1: tensor<f32>, %arg2: tensor<300x1x1xf32>) -> tensor<300x1x1xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<300x1x1xf32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<300x1x1xi1>, tensor<300x1x1xf32>
    return %1 : tensor<300x1x1xf32>
  }
  func.func private @clip(%arg0: tensor<300x1x32xbf16>, %arg1: tensor<bf16>, %arg2: tensor<bf16>) -> tensor<300x1x32xbf16> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<bf16>) -> tensor<300x1x32xbf16>
    %1 = stablehlo.maximum %0, %arg0 : tensor<300x1x32xbf16>
    %2 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<bf16>) -> tensor<300x1x32xbf16>
    %3 = stablehlo.minimum %2, %1 : tensor<300x1x32xbf16>
    return %3 : tensor<300x1x32xbf16>
  }
  func.func private @_where_1(%arg0: tensor<64x1x1xi1>, %arg1: tensor<64x1x1xui32>, %arg2: tensor<64x1x1xui32>) -> tensor<64x1x1xui32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<64x1x1xi1>, tensor<64x1x1xui32>
    return %0 : tensor<64x1x1xui32>
  }
  func.func private @_where_2(%arg0: tensor<64x1x1xi1>, %arg1: tensor<f32>, %arg2: tensor<64x1x1xf32>) -> tensor<64x1x1xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<64x1x1xf32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<64x1x1xi1>, tensor<64x1x1xf32>
    return %1 : tensor<64x1x1xf32>
  }
  func.func private @clip_3(%arg0: tensor<64x1x32xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<64x1x32xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<64x1x32xf32>
    %1 = stablehlo.maximum %0, %arg0 : tensor<64x1x32xf32>
    %2 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<64x1x32xf32>
    %3 = stablehlo.minimum %2, %1 : tensor<64x1x32xf32>
    return %3 : tensor<64x1x32xf32>
  }
  func.func private @silu(%arg0: tensor<300x64xf32>) -> tensor<300x64xf32> {
    %0 = stablehlo.negate %arg0 : tensor<300x64xf32>
    %1 = stablehlo.exponential %0 : tensor<300x64xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<300x64xf32>
    %3 = stablehlo.add %2, %1 : tensor<300x64xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<300x64xf32>
    %5 = stablehlo.divide %4, %3 : tensor<300x64xf32>
    %6 = stablehlo.multiply %arg0, %5 : tensor<300x64xf32>
    return %6 : tensor<300x64xf32>
  }
  func.func private @_where_4(%arg0: tensor<300x2x1xi1>, %arg1: tensor<300x2x1xui32>, %arg2: tensor<300x2x1xui32>) -> tensor<300x2x1xui32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<300x2x1xi1>, tensor<300x2x1xui32>
    return %0 : tensor<300x2x1xui32>
  }
  func.func private @_where_5(%arg0: tensor<300x2x1xi1>, %arg1: tensor<f32>, %arg2: tensor<300x2x1xf32>) -> tensor<300x2x1xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<300x2x1xf32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<300x2x1xi1>, tensor<300x2x1xf32>
    return %1 : tensor<300x2x1xf32>
  }
  func.func private @clip_6(%arg0: tensor<300x2x32xbf16>, %arg1: tensor<bf16>, %arg2: tensor<bf16>) -> tensor<300x2x32xbf16> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<bf16>) -> tensor<300x2x32xbf16>
    %1 = stablehlo.maximum %0, %arg0 : tensor<300x2x32xbf16>
    %2 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<bf16>) -> tensor<300x2x32xbf16>
    %3 = stablehlo.minimum %2, %1 : tensor<300x2x32xbf16>
    return %3 : tensor<300x2x32xbf16>
  }
}
