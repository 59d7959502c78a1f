"builtin.module"() <{sym_name = "jit_max_pool_grad"}> ({
  "func.func"() <{function_type = (tensor<1x12x7x3xbf16>, tensor<1x6x4x3xbf16>) -> tensor<1x12x7x3xbf16>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<1x12x7x3xbf16>, %arg1: tensor<1x6x4x3xbf16>):
    %cst = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<bf16>}> : () -> tensor<bf16>
    %0 = "stablehlo.broadcast_in_dim"(%cst) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<1x12x7x3xbf16>
    %1 = "stablehlo.maximum"(%arg0, %0) : (tensor<1x12x7x3xbf16>, tensor<1x12x7x3xbf16>) -> tensor<1x12x7x3xbf16>
    %2 = "stablehlo.compare"(%arg0, %1) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<1x12x7x3xbf16>, tensor<1x12x7x3xbf16>) -> tensor<1x12x7x3xi1>
    %cst_0 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<bf16>}> : () -> tensor<bf16>
    %3 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<1x12x7x3xbf16>
    %cst_1 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<bf16>}> : () -> tensor<bf16>
    %4 = "stablehlo.broadcast_in_dim"(%cst_1) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<1x12x7x3xbf16>
    %5 = "stablehlo.select"(%2, %3, %4) : (tensor<1x12x7x3xi1>, tensor<1x12x7x3xbf16>, tensor<1x12x7x3xbf16>) -> tensor<1x12x7x3xbf16>
    %cst_2 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<bf16>}> : () -> tensor<bf16>
    %6 = "stablehlo.broadcast_in_dim"(%cst_2) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<1x12x7x3xbf16>
    %7 = "stablehlo.compare"(%6, %1) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<1x12x7x3xbf16>, tensor<1x12x7x3xbf16>) -> tensor<1x12x7x3xi1>
    %cst_3 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<bf16>}> : () -> tensor<bf16>
    %8 = "stablehlo.broadcast_in_dim"(%cst_3) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<1x12x7x3xbf16>
    %cst_4 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<bf16>}> : () -> tensor<bf16>
    %9 = "stablehlo.broadcast_in_dim"(%cst_4) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<1x12x7x3xbf16>
    %10 = "stablehlo.select"(%7, %8, %9) : (tensor<1x12x7x3xi1>, tensor<1x12x7x3xbf16>, tensor<1x12x7x3xbf16>) -> tensor<1x12x7x3xbf16>
    %11 = "stablehlo.divide"(%5, %10) : (tensor<1x12x7x3xbf16>, tensor<1x12x7x3xbf16>) -> tensor<1x12x7x3xbf16>
    %cst_5 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %12 = "stablehlo.broadcast_in_dim"(%cst_5) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x6x4x3xf32>
    %13 = "stablehlo.convert"(%12) : (tensor<1x6x4x3xf32>) -> tensor<1x6x4x3xbf16>
    %14 = "stablehlo.multiply"(%13, %arg1) : (tensor<1x6x4x3xbf16>, tensor<1x6x4x3xbf16>) -> tensor<1x6x4x3xbf16>
    %cst_6 = "stablehlo.constant"() <{value = dense<0xFF80> : tensor<bf16>}> : () -> tensor<bf16>
    %15 = "stablehlo.pad"(%1, %cst_6) <{edge_padding_high = array<i64: 0, 1, 1, 0>, edge_padding_low = array<i64: 0, 0, 1, 0>, interior_padding = array<i64: 0, 0, 0, 0>}> : (tensor<1x12x7x3xbf16>, tensor<bf16>) -> tensor<1x13x9x3xbf16>
    %cst_7 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<bf16>}> : () -> tensor<bf16>
    %16 = "stablehlo.select_and_scatter"(%15, %14, %cst_7) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg2: tensor<bf16>, %arg3: tensor<bf16>):
      %19 = "stablehlo.compare"(%arg2, %arg3) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      "stablehlo.return"(%19) : (tensor<i1>) -> ()
    }, {
    ^bb0(%arg2: tensor<bf16>, %arg3: tensor<bf16>):
      %19 = "stablehlo.add"(%arg2, %arg3) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      "stablehlo.return"(%19) : (tensor<bf16>) -> ()
    }) : (tensor<1x13x9x3xbf16>, tensor<1x6x4x3xbf16>, tensor<bf16>) -> tensor<1x13x9x3xbf16>
    %17 = "stablehlo.slice"(%16) <{limit_indices = array<i64: 1, 12, 8, 3>, start_indices = array<i64: 0, 0, 1, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<1x13x9x3xbf16>) -> tensor<1x12x7x3xbf16>
    %18 = "stablehlo.multiply"(%17, %11) : (tensor<1x12x7x3xbf16>, tensor<1x12x7x3xbf16>) -> tensor<1x12x7x3xbf16>
    "func.return"(%18) : (tensor<1x12x7x3xbf16>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
