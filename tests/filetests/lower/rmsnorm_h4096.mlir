// 003 §1.1: for one tile with no shard, RmsNorm is activation(square) on ACT, tensor_reduce on
// DVE, tensor_tensor(x * gamma) on DVE, nc_matmul against a ones matrix on PE into PSUM,
// activation(rsqrt, scale=1/H, bias=eps) on ACT reading PSUM, tensor_tensor(multiply) on DVE,
// with no loop (BxS = 512 is one tile); §1.4: PSUM holds only the matmul's result.
// RUN: egfuse lower tests/fixtures/lowering/rmsnorm_h4096_f32.mlir --check
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower tests/fixtures/lowering/rmsnorm_h4096_f32.mlir --check
// // RmsNorm at tests/fixtures/lowering/rmsnorm_h4096_f32.mlir:20:5: columns, 512 rows a tile; SBUF 133764 of 196608 bytes per partition, PSUM 2048 of 16384
// // estimate 73.704 us, bound by DVE (PE 731.429 ns, ACT 12.211 us, DVE 73.704 us, DMA 41.053 us)
// kernel @k0 kind RmsNorm loc(fused["jit(rmsnorm)/mul"(callsite("rmsnorm"("tools/gen_fixtures.py":83:11 to :75) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(rmsnorm)/mul"(callsite("rmsnorm"("tools/gen_fixtures.py":83:11 to :71) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(rmsnorm)/rsqrt"(callsite("rmsnorm"("tools/gen_fixtures.py":83:15 to :71) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(rmsnorm)/add"(callsite("rmsnorm"("tools/gen_fixtures.py":83:25 to :70) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(rmsnorm)/div"(callsite("rmsnorm"("tools/gen_fixtures.py":83:25 to :64) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(rmsnorm)/reduce_sum"(callsite("rmsnorm"("tools/gen_fixtures.py":83:25 to :64) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))), "jit(rmsnorm)/mul"(callsite("rmsnorm"("tools/gen_fixtures.py":83:34 to :39) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10))))]) {
//   hbm %in0 : f32[4096] input
//   hbm %in1 : f32[2097152] input
//   hbm %out0 : f32[2097152] output
//   sbuf %t6 : f32[128, 32] at 516
//   sbuf %t7 : f32[128, 512, 32] at 644
//   sbuf %t8 : f32[128, 512, 32] at 66180
//   sbuf %t9_part : f32[128, 512] at 131716
//   sbuf %ones : f32[128, 128] at 0
//   psum %p11 : f32[128, 512] at 0
//   sbuf %t12 : f32[128, 512] at 66180
//   sbuf %c0 : f32[128, 1] at 512
//   sbuf %t14 : f32[128, 512, 32] at 68228
//   sbuf %t15 : f32[128, 512, 32] at 644
//   memset(dst=%ones, value=1.0, engine=DVE)
//   memset(dst=%c0, value=9.99999997e-7, engine=DVE)
//   dma_copy(dst=%t6, src=%in0.ap([[32, 128], [1, 32]]), engine=DMA)
//   dma_copy(dst=%t7, src=%in1.ap([[32, 128], [4096, 512], [1, 32]]), engine=DMA)
//   activation(dst=%t8, op=square, data=%t7, engine=ACT) loc("jit(rmsnorm)/mul"(callsite("rmsnorm"("tools/gen_fixtures.py":83:34 to :39) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   tensor_reduce(dst=%t9_part, op=add, data=%t8, axis=[2], engine=DVE) loc("jit(rmsnorm)/reduce_sum"(callsite("rmsnorm"("tools/gen_fixtures.py":83:25 to :64) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   nc_matmul(dst=%p11, stationary=%ones, moving=%t9_part, engine=PE) loc("jit(rmsnorm)/reduce_sum"(callsite("rmsnorm"("tools/gen_fixtures.py":83:25 to :64) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   activation(dst=%t12, op=rsqrt, data=%p11, bias=%c0, scale=0.000244140625, engine=ACT) loc("jit(rmsnorm)/rsqrt"(callsite("rmsnorm"("tools/gen_fixtures.py":83:15 to :71) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   tensor_tensor(dst=%t14, data1=%t7, data2=%t12.ap([[512, 128], [1, 512], [0, 32]]), op=multiply, engine=DVE) loc("jit(rmsnorm)/mul"(callsite("rmsnorm"("tools/gen_fixtures.py":83:11 to :71) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   tensor_tensor(dst=%t15, data1=%t14, data2=%t6.ap([[32, 128], [0, 512], [1, 32]]), op=multiply, engine=DVE) loc("jit(rmsnorm)/mul"(callsite("rmsnorm"("tools/gen_fixtures.py":83:11 to :75) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10)))))
//   dma_copy(dst=%out0.ap([[32, 128], [4096, 512], [1, 32]]), src=%t15, engine=DMA)
// }
//
// // device program of @main at tests/fixtures/lowering/rmsnorm_h4096_f32.mlir:4:3: 1 call; HBM 16793600 bytes
// device @main {
//   hbm %arg0 : f32[512, 4096] input 0 at 0
//   hbm %arg1 : f32[4096] input 1 at 8388608
//   hbm %t0 : f32[512, 4096] at 8404992
//   call @k0(%arg1, %arg0) -> (%t0)
//   return %t0
// }
// ----- stderr
// lowered 1 kernel (RmsNorm x1), estimate 73.704 us; device program: 1 call
// check: 1 of 1 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 1 of 1 kernels are deadlock-free and race-free (9 semaphores)
// check: 1 of 1 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
