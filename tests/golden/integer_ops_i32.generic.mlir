"builtin.module"() <{sym_name = "jit_integer_ops_i32"}> ({
  "func.func"() <{function_type = (tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xui32>) -> (tensor<4x8xi32>, tensor<4x8xui32>, tensor<4x8xui8>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4x8xi32>, %arg1: tensor<4x8xi32>, %arg2: tensor<4x8xui32>):
    %c = "stablehlo.constant"() <{value = dense<31> : tensor<i32>}> : () -> tensor<i32>
    %0 = "stablehlo.broadcast_in_dim"(%c) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x8xi32>
    %1 = "stablehlo.and"(%arg1, %0) : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
    %2 = "stablehlo.shift_left"(%arg0, %1) : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
    %c_0 = "stablehlo.constant"() <{value = dense<7> : tensor<i32>}> : () -> tensor<i32>
    %3 = "stablehlo.broadcast_in_dim"(%c_0) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x8xi32>
    %4 = "stablehlo.and"(%arg1, %3) : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
    %5 = "stablehlo.shift_right_arithmetic"(%arg0, %4) : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
    %6 = "stablehlo.xor"(%2, %5) : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
    %c_1 = "stablehlo.constant"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
    %7 = "stablehlo.broadcast_in_dim"(%c_1) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x8xi32>
    %8 = "stablehlo.shift_right_logical"(%arg0, %7) : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
    %9 = "stablehlo.not"(%arg1) : (tensor<4x8xi32>) -> tensor<4x8xi32>
    %10 = "stablehlo.and"(%8, %9) : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
    %11 = "stablehlo.or"(%6, %10) : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
    %12 = "stablehlo.popcnt"(%arg0) : (tensor<4x8xi32>) -> tensor<4x8xi32>
    %13 = "stablehlo.add"(%11, %12) : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
    %14 = "stablehlo.count_leading_zeros"(%arg1) : (tensor<4x8xi32>) -> tensor<4x8xi32>
    %15 = "stablehlo.add"(%13, %14) : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
    %c_2 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %16 = "stablehlo.broadcast_in_dim"(%c_2) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x8xi32>
    %17 = "stablehlo.or"(%arg1, %16) : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
    %18 = "stablehlo.remainder"(%arg0, %17) : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
    %19 = "stablehlo.add"(%15, %18) : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
    %c_3 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %20 = "stablehlo.broadcast_in_dim"(%c_3) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x8xi32>
    %21 = "stablehlo.or"(%arg1, %20) : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
    %22 = "func.call"(%arg0, %21) <{callee = @floor_divide}> : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
    %23 = "stablehlo.add"(%19, %22) : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
    %c_4 = "stablehlo.constant"() <{value = dense<5> : tensor<ui32>}> : () -> tensor<ui32>
    %24 = "stablehlo.broadcast_in_dim"(%c_4) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<4x8xui32>
    %25 = "stablehlo.shift_right_logical"(%arg2, %24) : (tensor<4x8xui32>, tensor<4x8xui32>) -> tensor<4x8xui32>
    %26 = "stablehlo.popcnt"(%arg2) : (tensor<4x8xui32>) -> tensor<4x8xui32>
    %27 = "stablehlo.xor"(%25, %26) : (tensor<4x8xui32>, tensor<4x8xui32>) -> tensor<4x8xui32>
    %28 = "stablehlo.convert"(%arg2) : (tensor<4x8xui32>) -> tensor<4x8xui8>
    %c_5 = "stablehlo.constant"() <{value = dense<2> : tensor<ui8>}> : () -> tensor<ui8>
    %29 = "stablehlo.broadcast_in_dim"(%c_5) <{broadcast_dimensions = array<i64>}> : (tensor<ui8>) -> tensor<4x8xui8>
    %30 = "stablehlo.shift_right_logical"(%28, %29) : (tensor<4x8xui8>, tensor<4x8xui8>) -> tensor<4x8xui8>
    %c_6 = "stablehlo.constant"() <{value = dense<129> : tensor<ui8>}> : () -> tensor<ui8>
    %31 = "stablehlo.broadcast_in_dim"(%c_6) <{broadcast_dimensions = array<i64>}> : (tensor<ui8>) -> tensor<4x8xui8>
    %32 = "stablehlo.or"(%30, %31) : (tensor<4x8xui8>, tensor<4x8xui8>) -> tensor<4x8xui8>
    "func.return"(%23, %27, %32) : (tensor<4x8xi32>, tensor<4x8xui32>, tensor<4x8xui8>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>, sym_name = "floor_divide", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<4x8xi32>, %arg1: tensor<4x8xi32>):
    %0 = "stablehlo.divide"(%arg0, %arg1) : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
    %1 = "stablehlo.sign"(%arg0) : (tensor<4x8xi32>) -> tensor<4x8xi32>
    %2 = "stablehlo.sign"(%arg1) : (tensor<4x8xi32>) -> tensor<4x8xi32>
    %3 = "stablehlo.compare"(%1, %2) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi1>
    %4 = "stablehlo.remainder"(%arg0, %arg1) : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
    %c = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %5 = "stablehlo.broadcast_in_dim"(%c) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x8xi32>
    %6 = "stablehlo.compare"(%4, %5) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi1>
    %7 = "stablehlo.and"(%3, %6) : (tensor<4x8xi1>, tensor<4x8xi1>) -> tensor<4x8xi1>
    %c_0 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %8 = "stablehlo.broadcast_in_dim"(%c_0) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x8xi32>
    %9 = "stablehlo.subtract"(%0, %8) : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
    %10 = "func.call"(%7, %9, %0) <{callee = @_where}> : (tensor<4x8xi1>, tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
    "func.return"(%10) : (tensor<4x8xi32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<4x8xi1>, tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>, sym_name = "_where", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<4x8xi1>, %arg1: tensor<4x8xi32>, %arg2: tensor<4x8xi32>):
    %0 = "stablehlo.select"(%arg0, %arg1, %arg2) : (tensor<4x8xi1>, tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
    "func.return"(%0) : (tensor<4x8xi32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
