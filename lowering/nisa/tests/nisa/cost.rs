//! The estimate's boundary: each instruction's time by NKI's cost formulas on the default
//! target, and a kernel's per engine over its loop trips (`nisa::cost`).

use egfuse_cost::Target;
use egfuse_nisa::{self as nisa, cost, Stmt};
use expect_test::{expect, Expect};

fn target() -> Target {
    Target::parse(egfuse_rules::target(egfuse_rules::DEFAULT_TARGET).unwrap()).unwrap()
}

/// Each top-level instruction of the one kernel of `src` with its engine and time, then the
/// kernel's estimate.
fn check(src: &str, expect: Expect) {
    let p = nisa::parse::program(src).unwrap_or_else(|d| panic!("{}", d.message));
    let k = &p.kernels[0];
    let t = target();
    let mut out = String::new();
    for s in &k.body {
        if let Stmt::Inst(i) = s {
            let (engine, c) = cost::instruction(&t, k, i);
            let line = src[i.span.start as usize..].lines().next().unwrap_or("");
            let head = line.split('(').next().unwrap_or("");
            out.push_str(&format!("{head:<22} {:<6} {c}\n", engine.name()));
        }
    }
    out.push_str(&format!("kernel: {}\n", cost::kernel(&t, k)));
    expect.assert_eq(&out);
}

#[test]
fn each_instruction_costs_its_engines_formula() {
    check(
        "kernel @k kind K {
  hbm %x : f32[128, 512] input
  sbuf %a : f32[128, 512] at 0
  sbuf %b : f32[128, 512] at 2048
  sbuf %h : bf16[128, 512] at 4096
  sbuf %g : bf16[128, 512] at 5120
  sbuf %r : f32[128, 1] at 6144
  sbuf %rh : bf16[128, 1] at 6148
  psum %p : f32[128, 512] at 0
  dma_copy(dst=%a, src=%x, engine=DMA)
  tensor_tensor(dst=%b, data1=%a, data2=%a, op=add, engine=DVE)
  tensor_tensor(dst=%b, data1=%a, data2=%p, op=add, engine=DVE)
  tensor_tensor(dst=%h, data1=%h, data2=%g, op=add, engine=DVE)
  tensor_tensor(dst=%h, data1=%h, data2=%g, op=divide, engine=DVE)
  tensor_scalar(dst=%b, data=%a, op0=multiply, operand0=2.0, engine=DVE)
  reciprocal(dst=%b, data=%a, engine=DVE)
  tensor_reduce(dst=%r, op=add, data=%a, axis=[1], engine=DVE)
  tensor_reduce(dst=%rh, op=maximum, data=%h, axis=[1], engine=DVE)
  memset(dst=%h, value=0.0, engine=DVE)
  memset(dst=%a, value=0.0, engine=DVE)
  activation(dst=%b, op=exp, data=%a, engine=ACT)
  activation_reduce(dst=%b, op=exp, data=%a, reduce_op=add, reduce_res=%r, engine=ACT)
  nc_matmul(dst=%p, stationary=%a.ap([[512, 128], [1, 128]]), moving=%a, engine=PE)
  nc_matmul(dst=%p, stationary=%h.ap([[512, 128], [1, 128]]), moving=%g, engine=PE)
  nc_matmul(dst=%p.ap([[512, 128], [1, 32]]), stationary=%h.ap([[512, 128], [1, 128]]), moving=%g.ap([[512, 128], [1, 32]]), engine=PE)
  nc_transpose(dst=%p.ap([[512, 128], [1, 128]]), data=%h.ap([[512, 128], [1, 128]]), engine=PE)
}
",
        expect![[r#"
            dma_copy               DMA    1.139 us
            tensor_tensor          DVE    1.003 us
            tensor_tensor          DVE    546.429 ns
            tensor_tensor          DVE    546.429 ns
            tensor_tensor          DVE    1.003 us
            tensor_scalar          DVE    546.429 ns
            reciprocal             DVE    3.746 us
            tensor_reduce          DVE    546.429 ns
            tensor_reduce          DVE    317.858 ns
            memset                 DVE    317.858 ns
            memset                 DVE    546.429 ns
            activation             ACT    437.143 ns
            activation_reduce      ACT    508.572 ns
            nc_matmul              PE     731.429 ns
            nc_matmul              PE     182.858 ns
            nc_matmul              PE     22.858 ns
            nc_transpose           PE     45.715 ns
            kernel: 9.121 us, bound by DVE (PE 982.860 ns, ACT 945.715 ns, DVE 9.121 us, DMA 670.626 ns)
        "#]],
    );
}

#[test]
fn a_loop_counts_its_body_once_a_trip_and_the_busiest_engine_bounds_the_kernel() {
    check(
        "kernel @k kind K {
  hbm %x : f32[8, 128, 512] input
  hbm %y : f32[8, 128, 512] output
  sbuf %a : f32[128, 512] at 0
  sbuf %b : f32[128, 512] at 2048
  for %i in 0..8 {
    dma_copy(dst=%a, src=%x.ap([[512, 128], [1, 512]], offset=65536*%i), engine=DMA)
    activation(dst=%b, op=exp, data=%a, engine=ACT)
    tensor_tensor(dst=%b, data1=%a, data2=%b, op=multiply, engine=DVE)
    dma_copy(dst=%y.ap([[512, 128], [1, 512]], offset=65536*%i), src=%b, engine=DMA)
  }
  activation(dst=%b, op=exp, data=%a, engine=ACT)
}
",
        expect![[r#"
            activation             ACT    437.143 ns
            kernel: 10.730 us, bound by DMA (ACT 3.934 us, DVE 8.028 us, DMA 10.730 us)
        "#]],
    );
}
