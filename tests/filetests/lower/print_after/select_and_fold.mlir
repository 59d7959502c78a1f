// After `fold`, the ops folded at compile time; after `select`, each kernel's iteration space and
// the instructions its ops selected, `%v = op(param=arg, ...) [rule]`, values by the names the
// module prints them with.
// RUN: egfuse lower tests/fixtures/jax/llama_block_f32.mlir --print-after select --print-after fold -o /dev/null
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/jax/llama_block_f32.mlir --print-after select --print-after fold -o /dev/null
// ----- stderr
// // -----// IR Dump After fold //----- //
// // 4 ops folded at compile time
// //   %4 = stablehlo.cosine
// //   %5 = stablehlo.sine
// //   %3 = mhlo.fusion
// //   %9 = mhlo.fusion
//
// // -----// IR Dump After select //----- //
// // kernel @k0 (RmsNorm): 8 rows x 32 columns, 5 instructions
// //   %5 = activation(op=square, data=%arg11) [square]
// //   %6 = tensor_reduce(op=add, data=%5) [reduce-sum]
// //   %10 = activation(op=rsqrt, data=%6, bias=0.000000999999997, scale=0.03125) [rsqrt-mean]
// //   %12 = tensor_tensor(data1=%arg11, data2=%11, op=multiply) [multiply]
// //   %13 = tensor_tensor(data1=%12, data2=%3, op=multiply) [multiply]
// // kernel @k1 (stablehlo.dot_general): 8 rows x 32 columns, 1 instructions
// //   %2 = nc_matmul(stationary=%1, moving=%arg8) [matmul]
// // kernel @k2 (Elementwise): 16 rows x 8 columns, 6 instructions
// //   %10 = tensor_tensor(data1=%8, data2=%9, op=multiply) [multiply]
// //   %13 = tensor_tensor(data1=%11, data2=%12, op=multiply) [multiply]
// //   %14 = tensor_tensor(data1=%10, data2=%13, op=subtract) [subtract]
// //   %15 = tensor_tensor(data1=%11, data2=%9, op=multiply) [multiply]
// //   %16 = tensor_tensor(data1=%8, data2=%12, op=multiply) [multiply]
// //   %17 = tensor_tensor(data1=%15, data2=%16, op=add) [add]
// // kernel @k3 (stablehlo.dot_general): 8 rows x 32 columns, 1 instructions
// //   %7 = nc_matmul(stationary=%1, moving=%arg6) [matmul]
// // kernel @k4 (Elementwise): 16 rows x 8 columns, 6 instructions
// //   %13 = tensor_tensor(data1=%12, data2=%9, op=multiply) [multiply]
// //   %15 = tensor_tensor(data1=%14, data2=%10, op=multiply) [multiply]
// //   %16 = tensor_tensor(data1=%13, data2=%15, op=subtract) [subtract]
// //   %17 = tensor_tensor(data1=%14, data2=%9, op=multiply) [multiply]
// //   %18 = tensor_tensor(data1=%12, data2=%10, op=multiply) [multiply]
// //   %19 = tensor_tensor(data1=%17, data2=%18, op=add) [add]
// // kernel @k5 (stablehlo.dot_general): 8 rows x 32 columns, 1 instructions
// //   %11 = nc_matmul(stationary=%1, moving=%arg9) [matmul]
// // kernel @k6 (Attention): 16 rows x 8 columns, 8 instructions
// //   %15 = nc_matmul(stationary=%arg14, moving=%arg15) [matmul]
// //   %16 = tensor_scalar(data=%15, op0=multiply, operand0=0.25) [multiply-scalar]
// //   %17 = tensor_copy_predicated(dst=%13, src=%16, predicate=%arg13) [select]
// //   %18 = tensor_reduce(op=maximum, data=%17) [reduce-max]
// //   %20 = tensor_tensor(data1=%17, data2=%19, op=subtract) [subtract]
// //   %21 = activation(op=exp, data=%20) [exp]
// //   %22 = tensor_reduce(op=add, data=%21) [reduce-sum]
// //   %24 = tensor_tensor(data1=%21, data2=%23, op=divide) [divide]
// // kernel @k7 (Dot): 8 rows x 32 columns, 1 instructions
// //   %16 = nc_matmul(stationary=%15, moving=%arg10) [matmul]
// // kernel @k8 (stablehlo.add): 8 rows x 32 columns, 1 instructions
// //   %14 = tensor_tensor(data1=%arg0, data2=%13, op=add) [add]
// // kernel @k9 (RmsNorm): 8 rows x 32 columns, 5 instructions
// //   %20 = activation(op=square, data=%arg11) [square]
// //   %21 = tensor_reduce(op=add, data=%20) [reduce-sum]
// //   %25 = activation(op=rsqrt, data=%21, bias=0.000000999999997, scale=0.03125) [rsqrt-mean]
// //   %27 = tensor_tensor(data1=%arg11, data2=%26, op=multiply) [multiply]
// //   %28 = tensor_tensor(data1=%27, data2=%18, op=multiply) [multiply]
// // kernel @k10 (stablehlo.dot_general): 8 rows x 64 columns, 1 instructions
// //   %17 = nc_matmul(stationary=%16, moving=%arg5) [matmul]
// // kernel @k11 (DotLogistic): 8 rows x 64 columns, 3 instructions
// //   %19 = nc_matmul(stationary=%arg11, moving=%arg12) [matmul]
// //   %21 = activation(op=silu, data=%19) [silu]
// //   %22 = tensor_tensor(data1=%21, data2=%arg10, op=multiply) [multiply]
// // kernel @k12 (stablehlo.dot_general): 8 rows x 32 columns, 1 instructions
// //   %19 = nc_matmul(stationary=%18, moving=%arg3) [matmul]
// // kernel @k13 (stablehlo.add): 8 rows x 32 columns, 1 instructions
// //   %20 = tensor_tensor(data1=%14, data2=%19, op=add) [add]
//
// lowered 14 kernels (Attention x1, Dot x1, DotLogistic x1, Elementwise x2, RmsNorm x2, stablehlo.add x2, stablehlo.dot_general x5), estimate 4.818 us; 4 ops folded at compile time (mhlo.fusion x2, stablehlo.cosine x1, stablehlo.sine x1); device program: 14 calls
// ----- exit 0
