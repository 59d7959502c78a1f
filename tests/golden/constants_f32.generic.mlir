"builtin.module"() <{sym_name = "jit_constants_f32"}> ({
  "func.func"() <{function_type = (tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<4x4xf32>, tensor<4xi32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<16x16xf32>):
    %cst = "stablehlo.constant"() <{value = dense<"0x000000002549123E2549923EB76DDB3E2549123F6EDB363FB76D5B3F0000803F2549923F4992A43F6EDBB63F9224C93FB76DDB3FDBB6ED3F000000409224094025491240B76D1B4049922440DBB62D406EDB3640000040409224494025495240B76D5B4049926440DBB66D406EDB7640000080404992844092248940DBB68D40254992406EDB9640B76D9B400000A0404992A4409224A940DBB6AD402549B2406EDBB640B76DBB400000C0404992C4409224C940DBB6CD402549D2406EDBD640B76DDB400000E0404992E4409224E940DBB6ED402549F2406EDBF640B76DFB400000004125490241499204416EDB064192240941B76D0B41DBB60D410000104125491241499214416EDB164192241941B76D1B41DBB61D410000204125492241499224416EDB264192242941B76D2B41DBB62D410000304125493241499234416EDB364192243941B76D3B41DBB63D410000404125494241499244416EDB464192244941B76D4B41DBB64D410000504125495241499254416EDB564192245941B76D5B41DBB65D410000604125496241499264416EDB664192246941B76D6B41DBB66D410000704125497241499274416EDB764192247941B76D7B41DBB67D41000080419224814125498241B76D834149928441DBB685416EDB8641000088419224894125498A41B76D8B4149928C41DBB68D416EDB8E41000090419224914125499241B76D934149929441DBB695416EDB9641000098419224994125499A41B76D9B4149929C41DBB69D416EDB9E410000A0419224A1412549A241B76DA3414992A441DBB6A5416EDBA6410000A8419224A9412549AA41B76DAB414992AC41DBB6AD416EDBAE410000B0419224B1412549B241B76DB3414992B441DBB6B5416EDBB6410000B8419224B9412549BA41B76DBB414992BC41DBB6BD416EDBBE410000C0419224C1412549C241B76DC3414992C441DBB6C5416EDBC6410000C8419224C9412549CA41B76DCB414992CC41DBB6CD416EDBCE410000D0419224D1412549D241B76DD3414992D441DBB6D5416EDBD6410000D8419224D9412549DA41B76DDB414992DC41DBB6DD416EDBDE410000E0419224E1412549E241B76DE3414992E441DBB6E5416EDBE6410000E8419224E9412549EA41B76DEB414992EC41DBB6ED416EDBEE410000F0419224F1412549F241B76DF3414992F441DBB6F5416EDBF6410000F8419224F9412549FA41B76DFB414992FC41DBB6FD416EDBFE41000000424992004292240142DBB60142254902426EDB0242B76D0342000004424992044292240542DBB60542254906426EDB0642B76D0742000008424992084292240942DBB6094225490A426EDB0A42B76D0B4200000C4249920C4292240D42DBB60D4225490E426EDB0E42B76D0F42000010424992104292241142DBB61142"> : tensor<16x16xf32>}> : () -> tensor<16x16xf32>
    %c = "stablehlo.constant"() <{value = dense<[true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false]> : tensor<16xi1>}> : () -> tensor<16xi1>
    %0 = "stablehlo.broadcast_in_dim"(%c) <{broadcast_dimensions = array<i64: 1>}> : (tensor<16xi1>) -> tensor<1x16xi1>
    %cst_0 = "stablehlo.constant"() <{value = dense<[1.500000e+00, -0.000000e+00, 0x7F800000, 0xFF800000]> : tensor<4xf32>}> : () -> tensor<4xf32>
    %c_1 = "stablehlo.constant"() <{value = dense<[-3, 0, 7, 2147483647]> : tensor<4xi32>}> : () -> tensor<4xi32>
    %1 = "stablehlo.multiply"(%arg0, %cst) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %2 = "func.call"(%arg0) <{callee = @nan_to_num}> : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %3 = "stablehlo.add"(%1, %2) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %cst_2 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %4 = "func.call"(%0, %3, %cst_2) <{callee = @_where_0}> : (tensor<1x16xi1>, tensor<16x16xf32>, tensor<f32>) -> tensor<16x16xf32>
    %5 = "stablehlo.slice"(%4) <{limit_indices = array<i64: 4, 4>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>}> : (tensor<16x16xf32>) -> tensor<4x4xf32>
    %6 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64: 1>}> : (tensor<4xf32>) -> tensor<1x4xf32>
    %7 = "stablehlo.broadcast_in_dim"(%6) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x4xf32>) -> tensor<4x4xf32>
    %8 = "stablehlo.multiply"(%5, %7) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %9 = "stablehlo.slice"(%arg0) <{limit_indices = array<i64: 1, 4>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>}> : (tensor<16x16xf32>) -> tensor<1x4xf32>
    %10 = "stablehlo.reshape"(%9) : (tensor<1x4xf32>) -> tensor<4xf32>
    %11 = "stablehlo.convert"(%10) : (tensor<4xf32>) -> tensor<4xi32>
    %12 = "stablehlo.multiply"(%11, %c_1) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
    "func.return"(%4, %8, %12) : (tensor<16x16xf32>, tensor<4x4xf32>, tensor<4xi32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<16x16xf32>) -> tensor<16x16xf32>, sym_name = "nan_to_num", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<16x16xf32>):
    %0 = "stablehlo.compare"(%arg0, %arg0) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xi1>
    %cst = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "func.call"(%0, %cst, %arg0) <{callee = @_where}> : (tensor<16x16xi1>, tensor<f32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %cst_0 = "stablehlo.constant"() <{value = dense<0x7F800000> : tensor<f32>}> : () -> tensor<f32>
    %2 = "stablehlo.broadcast_in_dim"(%cst_0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<16x16xf32>
    %3 = "stablehlo.compare"(%1, %2) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xi1>
    %cst_1 = "stablehlo.constant"() <{value = dense<3.40282347E+38> : tensor<f32>}> : () -> tensor<f32>
    %4 = "func.call"(%3, %cst_1, %1) <{callee = @_where}> : (tensor<16x16xi1>, tensor<f32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %cst_2 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %5 = "stablehlo.broadcast_in_dim"(%cst_2) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<16x16xf32>
    %6 = "stablehlo.compare"(%4, %5) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xi1>
    %cst_3 = "stablehlo.constant"() <{value = dense<-3.40282347E+38> : tensor<f32>}> : () -> tensor<f32>
    %7 = "func.call"(%6, %cst_3, %4) <{callee = @_where}> : (tensor<16x16xi1>, tensor<f32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    "func.return"(%7) : (tensor<16x16xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<16x16xi1>, tensor<f32>, tensor<16x16xf32>) -> tensor<16x16xf32>, sym_name = "_where", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<16x16xi1>, %arg1: tensor<f32>, %arg2: tensor<16x16xf32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<16x16xf32>
    %1 = "stablehlo.select"(%arg0, %0, %arg2) : (tensor<16x16xi1>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    "func.return"(%1) : (tensor<16x16xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<1x16xi1>, tensor<16x16xf32>, tensor<f32>) -> tensor<16x16xf32>, sym_name = "_where_0", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<1x16xi1>, %arg1: tensor<16x16xf32>, %arg2: tensor<f32>):
    %0 = "stablehlo.convert"(%arg2) : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%arg0) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x16xi1>) -> tensor<16x16xi1>
    %2 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<16x16xf32>
    %3 = "stablehlo.select"(%1, %arg1, %2) : (tensor<16x16xi1>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    "func.return"(%3) : (tensor<16x16xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
