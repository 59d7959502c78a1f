// After `fold`, the ops folded at compile time; after `select`, each kernel's iteration space and
// the instructions its ops selected, `%v = op(param=arg, ...) [rule]`, values by the names the
// module prints them with.
// RUN: egfuse lower tests/fixtures/jax/llama_block_f32.mlir --print-after select --print-after fold -o /dev/null
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/jax/llama_block_f32.mlir --print-after select --print-after fold -o /dev/null
// ----- stderr
// // -----// IR Dump After fold //----- //
// // 4 ops folded at compile time
// //   %3 = mhlo.fusion
// //   %4 = stablehlo.cosine
// //   %5 = stablehlo.sine
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
// //   %10 = nc_matmul(stationary=%1, moving=%arg9) [matmul]
// // kernel @k6 (Attention): 16 rows x 8 columns, 8 instructions
// //   %14 = nc_matmul(stationary=%arg14, moving=%arg15) [matmul]
// //   %15 = tensor_scalar(data=%14, op0=divide, operand0=4) [divide-scalar]
// //   %16 = tensor_copy_predicated(dst=%13, src=%15, predicate=%arg13) [select]
// //   %17 = tensor_reduce(op=maximum, data=%16) [reduce-max]
// //   %19 = tensor_tensor(data1=%16, data2=%18, op=subtract) [subtract]
// //   %20 = activation(op=exp, data=%19) [exp]
// //   %21 = tensor_reduce(op=add, data=%20) [reduce-sum]
// //   %23 = tensor_tensor(data1=%20, data2=%22, op=divide) [divide]
// // kernel @k7 (Dot): 8 rows x 32 columns, 1 instructions
// //   %15 = nc_matmul(stationary=%14, moving=%arg10) [matmul]
// // kernel @k8 (stablehlo.add): 8 rows x 32 columns, 1 instructions
// //   %13 = tensor_tensor(data1=%arg0, data2=%12, op=add) [add]
// // kernel @k9 (RmsNorm): 8 rows x 32 columns, 5 instructions
// //   %19 = activation(op=square, data=%arg11) [square]
// //   %20 = tensor_reduce(op=add, data=%19) [reduce-sum]
// //   %24 = activation(op=rsqrt, data=%20, bias=0.000000999999997, scale=0.03125) [rsqrt-mean]
// //   %26 = tensor_tensor(data1=%arg11, data2=%25, op=multiply) [multiply]
// //   %27 = tensor_tensor(data1=%26, data2=%17, op=multiply) [multiply]
// // kernel @k10 (stablehlo.dot_general): 8 rows x 64 columns, 1 instructions
// //   %16 = nc_matmul(stationary=%15, moving=%arg5) [matmul]
// // kernel @k11 (DotLogistic): 8 rows x 64 columns, 3 instructions
// //   %18 = nc_matmul(stationary=%arg11, moving=%arg12) [matmul]
// //   %20 = activation(op=silu, data=%18) [silu]
// //   %21 = tensor_tensor(data1=%20, data2=%arg10, op=multiply) [multiply]
// // kernel @k12 (stablehlo.dot_general): 8 rows x 32 columns, 1 instructions
// //   %18 = nc_matmul(stationary=%17, moving=%arg3) [matmul]
// // kernel @k13 (stablehlo.add): 8 rows x 32 columns, 1 instructions
// //   %19 = tensor_tensor(data1=%13, data2=%18, op=add) [add]
//
// lowered 14 kernels (Attention x1, Dot x1, DotLogistic x1, Elementwise x2, RmsNorm x2, stablehlo.add x2, stablehlo.dot_general x5), estimate 4.818 us; 4 ops folded at compile time (mhlo.fusion x2, stablehlo.cosine x1, stablehlo.sine x1); device program: 14 calls
// ----- exit 0
