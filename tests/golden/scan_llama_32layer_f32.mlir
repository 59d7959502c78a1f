module @jit_scan_llama_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1x32x128xf32>, %arg1: tensor<32x128xf32>, %arg2: tensor<32x128xf32>, %arg3: tensor<32x256x128xf32>, %arg4: tensor<32x128x256xf32>, %arg5: tensor<32x128x256xf32>, %arg6: tensor<32x128x128xf32>, %arg7: tensor<32x128x128xf32>, %arg8: tensor<32x128x128xf32>, %arg9: tensor<32x128x128xf32>) -> (tensor<1x32x128xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:11 = stablehlo.while(%iterArg = %arg1, %iterArg_0 = %arg2, %iterArg_1 = %arg3, %iterArg_2 = %arg4, %iterArg_3 = %arg5, %iterArg_4 = %arg6, %iterArg_5 = %arg7, %iterArg_6 = %arg8, %iterArg_7 = %arg9, %iterArg_8 = %c, %iterArg_9 = %arg0) : tensor<32x128xf32>, tensor<32x128xf32>, tensor<32x256x128xf32>, tensor<32x128x256xf32>, tensor<32x128x256xf32>, tensor<32x128x128xf32>, tensor<32x128x128xf32>, tensor<32x128x128xf32>, tensor<32x128x128xf32>, tensor<i32>, tensor<1x32x128xf32>
    cond {
      %c_10 = stablehlo.constant dense<32> : tensor<i32>
      %1 = stablehlo.compare LT, %iterArg_8, %c_10, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %1 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_8) : (tensor<32x128xf32>, tensor<i32>) -> tensor<128xf32>
      %2 = func.call @dynamic_index_in_dim(%iterArg_0, %iterArg_8) : (tensor<32x128xf32>, tensor<i32>) -> tensor<128xf32>
      %3 = func.call @dynamic_index_in_dim_0(%iterArg_1, %iterArg_8) : (tensor<32x256x128xf32>, tensor<i32>) -> tensor<256x128xf32>
      %4 = func.call @dynamic_index_in_dim_1(%iterArg_2, %iterArg_8) : (tensor<32x128x256xf32>, tensor<i32>) -> tensor<128x256xf32>
      %5 = func.call @dynamic_index_in_dim_1(%iterArg_3, %iterArg_8) : (tensor<32x128x256xf32>, tensor<i32>) -> tensor<128x256xf32>
      %6 = func.call @dynamic_index_in_dim_2(%iterArg_4, %iterArg_8) : (tensor<32x128x128xf32>, tensor<i32>) -> tensor<128x128xf32>
      %7 = func.call @dynamic_index_in_dim_2(%iterArg_5, %iterArg_8) : (tensor<32x128x128xf32>, tensor<i32>) -> tensor<128x128xf32>
      %8 = func.call @dynamic_index_in_dim_2(%iterArg_6, %iterArg_8) : (tensor<32x128x128xf32>, tensor<i32>) -> tensor<128x128xf32>
      %9 = func.call @dynamic_index_in_dim_2(%iterArg_7, %iterArg_8) : (tensor<32x128x128xf32>, tensor<i32>) -> tensor<128x128xf32>
      %10 = func.call @closed_call(%iterArg_9, %1, %2, %3, %4, %5, %6, %7, %8, %9) : (tensor<1x32x128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<256x128xf32>, tensor<128x256xf32>, tensor<128x256xf32>, tensor<128x128xf32>, tensor<128x128xf32>, tensor<128x128xf32>, tensor<128x128xf32>) -> tensor<1x32x128xf32>
      %c_10 = stablehlo.constant dense<1> : tensor<i32>
      %11 = stablehlo.add %iterArg_8, %c_10 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_0, %iterArg_1, %iterArg_2, %iterArg_3, %iterArg_4, %iterArg_5, %iterArg_6, %iterArg_7, %11, %10 : tensor<32x128xf32>, tensor<32x128xf32>, tensor<32x256x128xf32>, tensor<32x128x256xf32>, tensor<32x128x256xf32>, tensor<32x128x128xf32>, tensor<32x128x128xf32>, tensor<32x128x128xf32>, tensor<32x128x128xf32>, tensor<i32>, tensor<1x32x128xf32>
    }
    return %0#10 : tensor<1x32x128xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<32x128xf32>, %arg1: tensor<i32>) -> tensor<128xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [1, 128] : (tensor<32x128xf32>, tensor<i32>, tensor<i32>) -> tensor<1x128xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x128xf32>) -> tensor<128xf32>
    return %1 : tensor<128xf32>
  }
  func.func private @dynamic_index_in_dim_0(%arg0: tensor<32x256x128xf32>, %arg1: tensor<i32>) -> tensor<256x128xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 256, 128] : (tensor<32x256x128xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x256x128xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x256x128xf32>) -> tensor<256x128xf32>
    return %1 : tensor<256x128xf32>
  }
  func.func private @dynamic_index_in_dim_1(%arg0: tensor<32x128x256xf32>, %arg1: tensor<i32>) -> tensor<128x256xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 128, 256] : (tensor<32x128x256xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x128x256xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x128x256xf32>) -> tensor<128x256xf32>
    return %1 : tensor<128x256xf32>
  }
  func.func private @dynamic_index_in_dim_2(%arg0: tensor<32x128x128xf32>, %arg1: tensor<i32>) -> tensor<128x128xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 128, 128] : (tensor<32x128x128xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x128x128xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x128x128xf32>) -> tensor<128x128xf32>
    return %1 : tensor<128x128xf32>
  }
  func.func private @closed_call(%arg0: tensor<1x32x128xf32>, %arg1: tensor<128xf32>, %arg2: tensor<128xf32>, %arg3: tensor<256x128xf32>, %arg4: tensor<128x256xf32>, %arg5: tensor<128x256xf32>, %arg6: tensor<128x128xf32>, %arg7: tensor<128x128xf32>, %arg8: tensor<128x128xf32>, %arg9: tensor<128x128xf32>) -> tensor<1x32x128xf32> {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<1x32x128xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<1x32x128xf32>, tensor<f32>) -> tensor<1x32xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x32xf32>) -> tensor<1x32x1xf32>
    %cst_0 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x32x1xf32>
    %4 = stablehlo.divide %2, %3 : tensor<1x32x1xf32>
    %cst_1 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<1x32x1xf32>
    %6 = stablehlo.add %4, %5 : tensor<1x32x1xf32>
    %7 = stablehlo.rsqrt %6 : tensor<1x32x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<1x32x1xf32>) -> tensor<1x32x128xf32>
    %9 = stablehlo.multiply %arg0, %8 : tensor<1x32x128xf32>
    %10 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<128xf32>) -> tensor<1x1x128xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2] : (tensor<1x1x128xf32>) -> tensor<1x32x128xf32>
    %12 = stablehlo.multiply %9, %11 : tensor<1x32x128xf32>
    %13 = stablehlo.dot_general %12, %arg8, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x32x128xf32>, tensor<128x128xf32>) -> tensor<1x32x128xf32>
    %14 = stablehlo.reshape %13 : (tensor<1x32x128xf32>) -> tensor<1x32x4x32xf32>
    %15 = stablehlo.transpose %14, dims = [0, 2, 1, 3] : (tensor<1x32x4x32xf32>) -> tensor<1x4x32x32xf32>
    %16 = stablehlo.dot_general %12, %arg6, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x32x128xf32>, tensor<128x128xf32>) -> tensor<1x32x128xf32>
    %17 = stablehlo.reshape %16 : (tensor<1x32x128xf32>) -> tensor<1x32x4x32xf32>
    %18 = stablehlo.transpose %17, dims = [0, 2, 1, 3] : (tensor<1x32x4x32xf32>) -> tensor<1x4x32x32xf32>
    %19 = stablehlo.dot_general %12, %arg9, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x32x128xf32>, tensor<128x128xf32>) -> tensor<1x32x128xf32>
    %20 = stablehlo.reshape %19 : (tensor<1x32x128xf32>) -> tensor<1x32x4x32xf32>
    %21 = stablehlo.transpose %20, dims = [0, 2, 1, 3] : (tensor<1x32x4x32xf32>) -> tensor<1x4x32x32xf32>
    %22 = stablehlo.dot_general %15, %18, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<1x4x32x32xf32>, tensor<1x4x32x32xf32>) -> tensor<1x4x32x32xf32>
    %cst_2 = stablehlo.constant dense<5.65685415> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<1x4x32x32xf32>
    %24 = stablehlo.divide %22, %23 : tensor<1x4x32x32xf32>
    %25 = stablehlo.iota dim = 0 : tensor<32x32xi32>
    %26 = stablehlo.iota dim = 1 : tensor<32x32xi32>
    %27 = stablehlo.compare GE, %25, %26, SIGNED : (tensor<32x32xi32>, tensor<32x32xi32>) -> tensor<32x32xi1>
    %cst_3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %28 = call @_where(%27, %24, %cst_3) : (tensor<32x32xi1>, tensor<1x4x32x32xf32>, tensor<f32>) -> tensor<1x4x32x32xf32>
    %cst_4 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %29 = stablehlo.reduce(%28 init: %cst_4) applies stablehlo.maximum across dimensions = [3] : (tensor<1x4x32x32xf32>, tensor<f32>) -> tensor<1x4x32xf32>
    %cst_5 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<1x4x32xf32>
    %31 = stablehlo.maximum %30, %29 : tensor<1x4x32xf32>
    %32 = stablehlo.broadcast_in_dim %31, dims = [0, 1, 2] : (tensor<1x4x32xf32>) -> tensor<1x4x32x1xf32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [0, 1, 2, 3] : (tensor<1x4x32x1xf32>) -> tensor<1x4x32x32xf32>
    %34 = stablehlo.subtract %28, %33 : tensor<1x4x32x32xf32>
    %35 = stablehlo.exponential %34 : tensor<1x4x32x32xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %36 = stablehlo.reduce(%35 init: %cst_6) applies stablehlo.add across dimensions = [3] : (tensor<1x4x32x32xf32>, tensor<f32>) -> tensor<1x4x32xf32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [0, 1, 2] : (tensor<1x4x32xf32>) -> tensor<1x4x32x1xf32>
    %38 = stablehlo.broadcast_in_dim %37, dims = [0, 1, 2, 3] : (tensor<1x4x32x1xf32>) -> tensor<1x4x32x32xf32>
    %39 = stablehlo.divide %35, %38 : tensor<1x4x32x32xf32>
    %40 = stablehlo.dot_general %39, %21, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<1x4x32x32xf32>, tensor<1x4x32x32xf32>) -> tensor<1x4x32x32xf32>
    %41 = stablehlo.transpose %40, dims = [0, 2, 1, 3] : (tensor<1x4x32x32xf32>) -> tensor<1x32x4x32xf32>
    %42 = stablehlo.reshape %41 : (tensor<1x32x4x32xf32>) -> tensor<1x32x128xf32>
    %43 = stablehlo.dot_general %42, %arg7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x32x128xf32>, tensor<128x128xf32>) -> tensor<1x32x128xf32>
    %44 = stablehlo.add %arg0, %43 : tensor<1x32x128xf32>
    %45 = stablehlo.multiply %44, %44 : tensor<1x32x128xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %46 = stablehlo.reduce(%45 init: %cst_7) applies stablehlo.add across dimensions = [2] : (tensor<1x32x128xf32>, tensor<f32>) -> tensor<1x32xf32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [0, 1] : (tensor<1x32xf32>) -> tensor<1x32x1xf32>
    %cst_8 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %48 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<1x32x1xf32>
    %49 = stablehlo.divide %47, %48 : tensor<1x32x1xf32>
    %cst_9 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<1x32x1xf32>
    %51 = stablehlo.add %49, %50 : tensor<1x32x1xf32>
    %52 = stablehlo.rsqrt %51 : tensor<1x32x1xf32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [0, 1, 2] : (tensor<1x32x1xf32>) -> tensor<1x32x128xf32>
    %54 = stablehlo.multiply %44, %53 : tensor<1x32x128xf32>
    %55 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<128xf32>) -> tensor<1x1x128xf32>
    %56 = stablehlo.broadcast_in_dim %55, dims = [0, 1, 2] : (tensor<1x1x128xf32>) -> tensor<1x32x128xf32>
    %57 = stablehlo.multiply %54, %56 : tensor<1x32x128xf32>
    %58 = stablehlo.dot_general %57, %arg4, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x32x128xf32>, tensor<128x256xf32>) -> tensor<1x32x256xf32>
    %59 = call @silu(%58) : (tensor<1x32x256xf32>) -> tensor<1x32x256xf32>
    %60 = stablehlo.dot_general %57, %arg5, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x32x128xf32>, tensor<128x256xf32>) -> tensor<1x32x256xf32>
    %61 = stablehlo.multiply %59, %60 : tensor<1x32x256xf32>
    %62 = stablehlo.dot_general %61, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x32x256xf32>, tensor<256x128xf32>) -> tensor<1x32x128xf32>
    %63 = stablehlo.add %44, %62 : tensor<1x32x128xf32>
    return %63 : tensor<1x32x128xf32>
  }
  func.func private @_where(%arg0: tensor<32x32xi1>, %arg1: tensor<1x4x32x32xf32>, %arg2: tensor<f32>) -> tensor<1x4x32x32xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<32x32xi1>) -> tensor<1x4x32x32xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<1x4x32x32xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<1x4x32x32xi1>, tensor<1x4x32x32xf32>
    return %3 : tensor<1x4x32x32xf32>
  }
  func.func private @silu(%arg0: tensor<1x32x256xf32>) -> tensor<1x32x256xf32> {
    %0 = stablehlo.negate %arg0 : tensor<1x32x256xf32>
    %1 = stablehlo.exponential %0 : tensor<1x32x256xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x32x256xf32>
    %3 = stablehlo.add %2, %1 : tensor<1x32x256xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x32x256xf32>
    %5 = stablehlo.divide %4, %3 : tensor<1x32x256xf32>
    %6 = stablehlo.multiply %arg0, %5 : tensor<1x32x256xf32>
    return %6 : tensor<1x32x256xf32>
  }
}
