//! `egfuse lower --print-after PASS`: the program or module after any pass of the lowering
//! pipeline, under MLIR's dump header, on standard error; the run goes on to the end.

use crate::support::{egfuse, root};
use expect_test::{expect, Expect};

/// What `egfuse lower FIXTURE ARGS -o /dev/null` prints on standard error, and its exit code.
fn check(fixture: &str, args: &[&str], expect: Expect) {
    let input = root().join(fixture);
    let mut all = vec!["lower", input.to_str().unwrap(), "-o", "/dev/null"];
    all.extend(args);
    let (code, _, err) = egfuse(&all);
    expect.assert_eq(&format!("{err}exit {code}\n"));
}

/// After `tile` a kernel has its buffers and loops but no SBUF offsets and no engines; the
/// run still places and routes it, and says what it lowered.
#[test]
fn print_after_tile_shows_the_kernel_before_placement() {
    check(
        "tests/fixtures/jax/rmsnorm_f32.mlir",
        &["--print-after", "tile"],
        expect![[r#"
            // -----// IR Dump After tile //----- //
            kernel @k0 kind RmsNorm {
              hbm %in0 : f32[32] input
              hbm %in1 : f32[512] input
              hbm %in2 : f32[1] input
              hbm %in3 : f32[1] input
              hbm %in4 : f32[1] input
              hbm %out0 : f32[512] output
              sbuf %t6 : f32[128, 32]
              sbuf %t7 : f32[128, 32]
              sbuf %t8 : f32[128, 32]
              sbuf %t9 : f32[128, 1]
              sbuf %t10 : f32[128, 1]
              sbuf %c0 : f32[128, 1]
              sbuf %t12 : f32[128, 32]
              sbuf %t13 : f32[128, 32]
              memset(dst=%c0, value=9.99999997e-7)
              dma_copy(dst=%t6, src=%in0.ap([[0, 128], [1, 32]]))
              dma_copy(dst=%t7.ap([[32, 16], [1, 32]]), src=%in1.ap([[32, 16], [1, 32]]))
              activation_reduce(dst=%t8.ap([[32, 16], [1, 32]]), op=square, data=%t7.ap([[32, 16], [1, 32]]), reduce_op=add, reduce_res=%t9.ap([[1, 16], [0, 1]]))
              activation(dst=%t10.ap([[1, 16], [0, 1]]), op=rsqrt, data=%t9.ap([[1, 16], [0, 1]]), bias=%c0.ap([[1, 16], [1, 1]]), scale=0.03125)
              tensor_tensor(dst=%t12.ap([[32, 16], [1, 32]]), data1=%t7.ap([[32, 16], [1, 32]]), data2=%t10.ap([[1, 16], [0, 32]]), op=multiply)
              tensor_tensor(dst=%t13.ap([[32, 16], [1, 32]]), data1=%t12.ap([[32, 16], [1, 32]]), data2=%t6.ap([[32, 16], [1, 32]]), op=multiply)
              dma_copy(dst=%out0.ap([[32, 16], [1, 32]]), src=%t13.ap([[32, 16], [1, 32]]))
            }

            lowered 1 kernels (RmsNorm x1), estimate 383.037 ns
            exit 0
        "#]],
    );
}

/// After `select` each kernel's space and the instructions its ops selected, by rule.
#[test]
fn print_after_select_lists_each_kernels_instructions() {
    check(
        "tests/fixtures/jax/rmsnorm_f32.mlir",
        &["--print-after", "select", "--print-after", "fold"],
        expect![[r#"
            // -----// IR Dump After fold //----- //
            // 0 ops folded at compile time

            // -----// IR Dump After select //----- //
            // kernel @k0 (RmsNorm): 16 rows x 32 columns, 5 instructions
            //   %3 = activation(op=square, data=%arg3) [square]
            //   %4 = tensor_reduce(op=add, data=%3) [reduce-sum]
            //   %9 = activation(op=rsqrt, data=%4, bias=0.000000999999997, scale=0.03125) [rsqrt-mean]
            //   %11 = tensor_tensor(data1=%arg3, data2=%10, op=multiply) [multiply]
            //   %13 = tensor_tensor(data1=%11, data2=%1, op=multiply) [multiply]

            lowered 1 kernels (RmsNorm x1), estimate 383.037 ns
            exit 0
        "#]],
    );
}

/// A pass that does not exist is an error naming every pass; nothing is lowered.
#[test]
fn print_after_an_unknown_pass_names_the_passes() {
    check(
        "tests/fixtures/jax/rmsnorm_f32.mlir",
        &["--print-after", "tiles"],
        expect![[r#"
            error: unknown pass `tiles` for --print-after: the passes are fuse, conv-forms, fold, split, expand, select, tile, place, route
            exit 2
        "#]],
    );
}

/// `--after` stops after a pass that leaves a nisa kernel; `select` leaves none.
#[test]
fn after_takes_only_the_passes_that_make_kernels() {
    check(
        "tests/fixtures/jax/rmsnorm_f32.mlir",
        &["--after", "select"],
        expect![[r#"
            error: --after select: `select` leaves no nisa kernel to stop at (the passes --after takes are tile, place, route; --print-after select shows what it leaves)
            exit 2
        "#]],
    );
}
