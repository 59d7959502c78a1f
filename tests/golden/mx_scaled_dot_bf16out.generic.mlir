"builtin.module"() <{sym_name = "jit__lambda"}> ({
  "func.func"() <{function_type = (tensor<130x160xf8E4M3FN>, tensor<160x600xf8E4M3FN>, tensor<130x5xf8E8M0FNU>, tensor<5x600xf8E8M0FNU>) -> tensor<130x600xbf16>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<130x160xf8E4M3FN>, %arg1: tensor<160x600xf8E4M3FN>, %arg2: tensor<130x5xf8E8M0FNU>, %arg3: tensor<5x600xf8E8M0FNU>):
    %0 = "stablehlo.composite"(%arg0, %arg1, %arg2, %arg3) <{composite_attributes = {dimension_numbers = [[[1], [0]], [[], []]], preferred_element_type = bf16}, decomposition = @xla.scaled_dot, name = "xla.scaled_dot"}> : (tensor<130x160xf8E4M3FN>, tensor<160x600xf8E4M3FN>, tensor<130x5xf8E8M0FNU>, tensor<5x600xf8E8M0FNU>) -> tensor<130x600xbf16>
    "func.return"(%0) : (tensor<130x600xbf16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<130x160xf8E4M3FN>, tensor<160x600xf8E4M3FN>, tensor<130x5xf8E8M0FNU>, tensor<5x600xf8E8M0FNU>) -> tensor<130x600xbf16>, sym_name = "xla.scaled_dot", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<130x160xf8E4M3FN>, %arg1: tensor<160x600xf8E4M3FN>, %arg2: tensor<130x5xf8E8M0FNU>, %arg3: tensor<5x600xf8E8M0FNU>):
    %0 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<130x5xf8E8M0FNU>) -> tensor<130x5x1xf8E8M0FNU>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<130x5x1xf8E8M0FNU>) -> tensor<130x5x32xf8E8M0FNU>
    %2 = "stablehlo.reshape"(%1) : (tensor<130x5x32xf8E8M0FNU>) -> tensor<130x160xf8E8M0FNU>
    %3 = "stablehlo.convert"(%arg0) : (tensor<130x160xf8E4M3FN>) -> tensor<130x160xbf16>
    %4 = "stablehlo.convert"(%2) : (tensor<130x160xf8E8M0FNU>) -> tensor<130x160xbf16>
    %5 = "stablehlo.multiply"(%3, %4) : (tensor<130x160xbf16>, tensor<130x160xbf16>) -> tensor<130x160xbf16>
    %6 = "stablehlo.broadcast_in_dim"(%arg3) <{broadcast_dimensions = array<i64: 0, 2>}> : (tensor<5x600xf8E8M0FNU>) -> tensor<5x1x600xf8E8M0FNU>
    %7 = "stablehlo.broadcast_in_dim"(%6) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<5x1x600xf8E8M0FNU>) -> tensor<5x32x600xf8E8M0FNU>
    %8 = "stablehlo.reshape"(%7) : (tensor<5x32x600xf8E8M0FNU>) -> tensor<160x600xf8E8M0FNU>
    %9 = "stablehlo.convert"(%arg1) : (tensor<160x600xf8E4M3FN>) -> tensor<160x600xbf16>
    %10 = "stablehlo.convert"(%8) : (tensor<160x600xf8E8M0FNU>) -> tensor<160x600xbf16>
    %11 = "stablehlo.multiply"(%9, %10) : (tensor<160x600xbf16>, tensor<160x600xbf16>) -> tensor<160x600xbf16>
    %12 = "stablehlo.dot_general"(%5, %11) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<130x160xbf16>, tensor<160x600xbf16>) -> tensor<130x600xbf16>
    "func.return"(%12) : (tensor<130x600xbf16>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
