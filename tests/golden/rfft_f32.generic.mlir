"builtin.module"() <{sym_name = "jit_rfft_f32"}> ({
  "func.func"() <{function_type = (tensor<4x16xf32>) -> tensor<4x9xcomplex<f32>>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4x16xf32>):
    %0 = "func.call"(%arg0) <{callee = @fft}> : (tensor<4x16xf32>) -> tensor<4x9xcomplex<f32>>
    "func.return"(%0) : (tensor<4x9xcomplex<f32>>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<4x16xf32>) -> tensor<4x9xcomplex<f32>>, sym_name = "fft", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<4x16xf32>):
    %0 = "stablehlo.fft"(%arg0) <{fft_length = array<i64: 16>, fft_type = #stablehlo<fft_type RFFT>}> : (tensor<4x16xf32>) -> tensor<4x9xcomplex<f32>>
    "func.return"(%0) : (tensor<4x9xcomplex<f32>>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
