// The softmax's exp no longer signals %s0, the semaphore the divide on DVE waits for: the
// assembler's replay finds the wait no order of the streams satisfies, names the waiting
// instruction and the last ACT instruction before it, exits 2 and writes nothing.
// RUN: egfuse asm %s -o %t
kernel @k0 kind Softmax {
  hbm %in1 : f32[256] input
  hbm %out0 : f32[256] output
  sbuf %t4 : f32[128, 16] at 0
  sbuf %t5 : f32[128, 1] at 64
  sbuf %t6 : f32[128, 16] at 0
  sbuf %t7 : f32[128, 16] at 72
  sbuf %t8 : f32[128, 1] at 64
  sbuf %t9 : f32[128, 16] at 0
  sbuf %t10_neg : f32[128, 1] at 68
  sem %s0 : ACT -> DVE
  sem %s1 : DVE -> ACT
  sem %s2 : DVE -> DMA1
  sem %s3 : DMA0 -> ACT
  sem %s4 : DMA0 -> DVE
  sem %s5 : DMA0 -> DMA1
  ACT {
    wait %s1 >= 2
    wait %s3 >= 1
    [3] activation_reduce(dst=%t7.ap([[16, 16], [1, 16]]), op=exp, data=%t4.ap([[16, 16], [1, 16]]), reduce_op=add, reduce_res=%t8.ap([[1, 16], [0, 1]]), bias=%t10_neg.ap([[1, 16], [1, 1]]), engine=ACT)
  }
  DVE {
    wait %s4 >= 1
    [1] tensor_reduce(dst=%t5.ap([[1, 16], [0, 1]]), op=maximum, data=%t4.ap([[16, 16], [1, 16]]), axis=[1], engine=DVE) signal %s1
    [2] tensor_scalar(dst=%t10_neg.ap([[1, 16], [1, 1]]), data=%t5.ap([[1, 16], [1, 1]]), op0=multiply, operand0=-1.0, engine=DVE) signal %s1
    wait %s0 >= 1
    [4] tensor_tensor(dst=%t9.ap([[16, 16], [1, 16]]), data1=%t7.ap([[16, 16], [1, 16]]), data2=%t8.ap([[1, 16], [0, 16]]), op=divide, engine=DVE) signal %s2
  }
  DMA0 {
    [0] dma_copy(dst=%t4.ap([[16, 16], [1, 16]]), src=%in1.ap([[16, 16], [1, 16]]), engine=DMA) signal %s3, %s4, %s5
  }
  DMA1 {
    wait %s2 >= 1
    wait %s5 >= 1
    [5] dma_copy(dst=%out0.ap([[16, 16], [1, 16]]), src=%t9.ap([[16, 16], [1, 16]]), engine=DMA)
  }
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse asm %s -o %t
// ----- stderr
// error: tests/filetests/asm/wait_without_signal_is_a_deadlock.s:31:9: a deadlock: [4] waits for %s0 to count 1, and ACT never signals it
//     ╭─[tests/filetests/asm/wait_without_signal_is_a_deadlock.s:24:9]
//  23 │     wait %s3 >= 1
//  24 │     [3] activation_reduce(dst=%t7.ap([[16, 16], [1, 16]]), op=exp, data=%t4.ap([[16, 16], [1, 16]]), reduce_op=add, reduce_res=%t8.ap([[1, 16], [0, 1]]), bias=%t10_neg.ap([[1, 16], [1, 1]]), engine=ACT)
//     ·         ─────────────────────────────────────────────────────────────────────────────────────────────────┬────────────────────────────────────────────────────────────────────────────────────────────────
//     ·                                                                                                          ╰── the last ACT instruction before it
//  25 │   }
//  26 │   DVE {
//  27 │     wait %s4 >= 1
//  28 │     [1] tensor_reduce(dst=%t5.ap([[1, 16], [0, 1]]), op=maximum, data=%t4.ap([[16, 16], [1, 16]]), axis=[1], engine=DVE) signal %s1
//  29 │     [2] tensor_scalar(dst=%t10_neg.ap([[1, 16], [1, 1]]), data=%t5.ap([[1, 16], [1, 1]]), op0=multiply, operand0=-1.0, engine=DVE) signal %s1
//  30 │     wait %s0 >= 1
//  31 │     [4] tensor_tensor(dst=%t9.ap([[16, 16], [1, 16]]), data1=%t7.ap([[16, 16], [1, 16]]), data2=%t8.ap([[1, 16], [0, 16]]), op=divide, engine=DVE) signal %s2
//     ·         ─────────────────────────────────────────────────────────────────────┬────────────────────────────────────────────────────────────────────
//     ·                                                                              ╰── waits here forever
//  32 │   }
//     ╰────
// ----- exit 2
