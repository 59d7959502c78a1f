//! The MX ops of NeuronCore-v4 (003 §4): `quantize_mx` and `nc_matmul_mx` against a reference
//! written here from NKI's statement of them, and the verifier's rules of their block geometry
//! and scale quadrants, one `check` each.

use super::{dir, values};
use egfuse_cost::Target;
use egfuse_nisa::{self as nisa, interp, math::store, Budget, Dtype};
use expect_test::{expect, Expect};

fn v4() -> Budget {
    let src = egfuse_rules::target("neuroncore-v4.target").expect("embedded");
    Budget::of(&Target::parse(src).expect("the v4 target parses"))
}

fn fixture() -> (String, nisa::Program) {
    let src = std::fs::read_to_string(dir().join("v4/mx_matmul_tile.nisa")).unwrap();
    let p = nisa::parse::program(&src).unwrap_or_else(|d| panic!("{}", render(&src, &[d])));
    (src, p)
}

fn render(src: &str, diags: &[egfuse_diag::Diag]) -> String {
    egfuse_diag::render("test.nisa", src, diags)
}

/// `src` verified against the v4 budget; `expect` is what the verifier says.
fn check(src: &str, expect: Expect) {
    let p = nisa::parse::program(src).unwrap_or_else(|d| panic!("{}", render(src, &[d])));
    expect.assert_eq(&render(src, &nisa::verify::program(&p, &v4())));
}

/// The fixture prints back as its text and verifies on v4; on v2 every MX instruction is a
/// diagnostic naming the generation it needs.
#[test]
fn the_mx_tile_verifies_on_v4_only() {
    let (src, p) = fixture();
    let code: String = (src.lines().filter(|l| !l.starts_with("//")))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(nisa::print::program(&p), code);
    assert_eq!(render(&src, &nisa::verify::program(&p, &v4())), "");
    let on_v2 = nisa::verify::program(&p, &Budget::NEURONCORE_V2);
    let generation: Vec<&str> = (on_v2.iter())
        .map(|d| d.code)
        .filter(|c| *c == "nisa::generation")
        .collect();
    assert_eq!(generation.len(), 3, "{}", render(&src, &on_v2));
}

/// NKI's rule on one block: exponent floor(log2(amax)) - 7 for E4M3FN, elements divided by
/// its power of two and rounded to nearest even.
fn quantize(block: &[f64]) -> (i32, Vec<f64>) {
    let amax = block.iter().fold(0f64, |m, x| m.max(x.abs()));
    let e = if amax == 0.0 {
        -127
    } else {
        (amax.log2().floor() as i32 - 7).max(-127)
    };
    let q = block
        .iter()
        .map(|x| store(Dtype::F8E4M3FN, x / 2f64.powi(e)));
    (e, q.collect())
}

/// `nc_matmul_mx` of two `quantize_mx` results computes the product of what the blocks stand
/// for, to the fp32 rounding of its sum; against the bf16 values themselves it is within the
/// 3% an MX matmul loses (the accuracy report's figure).
#[test]
fn the_mx_matmul_multiplies_the_blocks_it_quantized() {
    let (_, p) = fixture();
    let bf16 = |v: Vec<f64>| -> Vec<f64> { v.into_iter().map(|x| store(Dtype::Bf16, x)).collect() };
    let (x, w) = (bf16(values(16 * 128, 7)), bf16(values(128 * 8, 8)));
    let out = interp::run(&p.kernels[0], &[x.clone(), w.clone()], &Default::default()).unwrap();
    // Dequantized x [n][k] and w [k][m]: each block is 32 consecutive k.
    let mut xd = vec![0.0; x.len()];
    for n in 0..16 {
        for b in 0..4 {
            let at = n * 128 + 32 * b;
            let (e, q) = quantize(&x[at..at + 32]);
            for (i, v) in q.iter().enumerate() {
                xd[at + i] = v * 2f64.powi(e);
            }
        }
    }
    let mut wd = vec![0.0; w.len()];
    for m in 0..8 {
        for b in 0..4 {
            let block: Vec<f64> = (0..32).map(|i| w[(32 * b + i) * 8 + m]).collect();
            let (e, q) = quantize(&block);
            for (i, v) in q.iter().enumerate() {
                wd[(32 * b + i) * 8 + m] = v * 2f64.powi(e);
            }
        }
    }
    let (mut rounding, mut num, mut den) = (0f64, 0f64, 0f64);
    for m in 0..8 {
        for n in 0..16 {
            let dot = |a: &[f64], b: &[f64]| -> f64 {
                (0..128).map(|k| a[n * 128 + k] * b[k * 8 + m]).sum()
            };
            let (want, exact, got) = (dot(&xd, &wd), dot(&x, &w), out[0][m * 16 + n]);
            rounding = rounding.max((got - want).abs() / want.abs().max(1.0));
            num += (got - exact).powi(2);
            den += exact.powi(2);
        }
    }
    assert!(
        rounding < 1e-5,
        "against the dequantized product: {rounding}"
    );
    let relative = (num / den).sqrt();
    assert!(
        relative > 1e-3 && relative < 5e-2,
        "against the bf16 product: {relative}"
    );
}

/// One block by hand: amax 448 gives NKI's exponent 1 (OCP's would be 0), so 448 is stored as
/// 224, 3 as 1.5 and -0.1 (bf16: -0.10009765625) as -0.05078125 (1.625 x 2^-5, the nearest
/// E4M3FN); an all-zero block gets 2^-127.
#[test]
fn a_block_of_448_gets_the_scale_two() {
    let src = "kernel @q kind MxQuantize {\n  hbm %x : bf16[32, 8] input\n  \
               hbm %q : f8E4M3FN[32, 8] output\n  hbm %s : f8E8M0FNU[4, 2] output\n  \
               sbuf %xt : bf16[32, 8] at 0\n  sbuf %qt : f8E4M3FN[32, 8] at 16\n  \
               sbuf %st : f8E8M0FNU[4, 2] at 24\n  dma_copy(dst=%xt, src=%x, engine=DMA)\n  \
               quantize_mx(dst=%qt, src=%xt, dst_scale=%st, engine=DVE)\n  \
               dma_copy(dst=%q, src=%qt, engine=DMA)\n  dma_copy(dst=%s, src=%st, engine=DMA)\n}\n";
    let p = nisa::parse::program(src).unwrap_or_else(|d| panic!("{}", render(src, &[d])));
    let mut x = vec![0.0; 32 * 8];
    x[0] = 448.0;
    x[1] = 3.0;
    x[8 * 7 + 3] = -0.1;
    let out = interp::run(&p.kernels[0], &[x], &Default::default()).unwrap();
    let (q, s) = (&out[0], &out[1]);
    assert_eq!((q[0], q[1], q[8 * 7 + 3]), (224.0, 1.5, -0.05078125));
    assert_eq!(&s[..2], &[2.0, 2f64.powi(-127)]);
}

/// 48 partitions are not whole quadrants, nor 6 elements whole packed ones.
#[test]
fn data_is_whole_blocks_from_a_quadrant() {
    check(
        "kernel @k kind K {\n  sbuf %x : bf16[48, 6] at 0\n  sbuf %q : f8E4M3FN[48, 6] at 16\n  \
         sbuf %s : ui8[36, 1] at 32\n  quantize_mx(dst=%q, src=%x, dst_scale=%s, engine=DVE)\n}\n",
        expect![[r#"
            error: test.nisa:5:27: `quantize_mx`'s src=%x is [48 x 6]
               ╭─[test.nisa:5:27]
             4 │   sbuf %s : ui8[36, 1] at 32
             5 │   quantize_mx(dst=%q, src=%x, dst_scale=%s, engine=DVE)
               ·                           ─┬
               ·                            ╰── MX data is 32, 64, 96 or 128 partitions by a multiple of 4 elements (blocks of 8 partitions x 4 elements)
             6 │ }
               ╰────
        "#]],
    );
}

/// Scales start 0, 4, 8 or 12 partitions into their data's quadrant: at 68 for data at 64,
/// not at 36; NKI's rule of where a view starts does not apply to them.
#[test]
fn scales_sit_in_their_datas_quadrant() {
    check(
        "kernel @k kind K {\n  sbuf %x : bf16[128, 8] at 0\n  sbuf %q : f8E4M3FN[128, 8] at 16\n  \
         sbuf %s : f8E8M0FNU[128, 2] at 32\n  \
         quantize_mx(dst=%q.ap([[8, 64], [1, 8]], offset=512), src=%x.ap([[8, 64], [1, 8]], offset=512), \
         dst_scale=%s.ap([[2, 36], [1, 2]], offset=136), engine=DVE)\n  \
         quantize_mx(dst=%q.ap([[8, 64], [1, 8]], offset=512), src=%x.ap([[8, 64], [1, 8]], offset=512), \
         dst_scale=%s.ap([[2, 36], [1, 2]], offset=72), engine=DVE)\n}\n",
        expect![[r#"
            error: test.nisa:6:109: `quantize_mx`'s dst_scale=%s starts at partition 36, its data at 64
               ╭─[test.nisa:6:109]
             5 │   quantize_mx(dst=%q.ap([[8, 64], [1, 8]], offset=512), src=%x.ap([[8, 64], [1, 8]], offset=512), dst_scale=%s.ap([[2, 36], [1, 2]], offset=136), engine=DVE)
             6 │   quantize_mx(dst=%q.ap([[8, 64], [1, 8]], offset=512), src=%x.ap([[8, 64], [1, 8]], offset=512), dst_scale=%s.ap([[2, 36], [1, 2]], offset=72), engine=DVE)
               ·                                                                                                             ─────────────────┬─────────────────
               ·                                                                                                                              ╰── scales start 0, 4, 8 or 12 partitions into their data's quadrant
             7 │ }
               ╰────
        "#]],
    );
}

/// The matmul's operands hold an MX element type, their scales E8M0 or its exponents.
#[test]
fn mx_operands_are_fp8_in_sbuf_and_scales_e8m0() {
    check(
        "kernel @k kind K {\n  sbuf %a : bf16[32, 8] at 0\n  sbuf %b : f8E4M3FN[32, 16] at 16\n  \
         sbuf %sa : f8E8M0FNU[4, 2] at 32\n  sbuf %sb : f32[4, 4] at 48\n  \
         psum %y : f32[2, 4] at 0\n  \
         nc_matmul_mx(dst=%y, stationary=%a, moving=%b, stationary_scale=%sa, moving_scale=%sb, engine=PE)\n}\n",
        expect![[r#"
            error: test.nisa:7:35: `nc_matmul_mx`'s stationary=%a holds bf16
               ╭─[test.nisa:7:35]
             6 │   psum %y : f32[2, 4] at 0
             7 │   nc_matmul_mx(dst=%y, stationary=%a, moving=%b, stationary_scale=%sa, moving_scale=%sb, engine=PE)
               ·                                   ─┬
               ·                                    ╰── stationary holds f8E4M3FN, f8E5M2 or f4E2M1FN (x4)
             8 │ }
               ╰────
            error: test.nisa:7:85: `nc_matmul_mx`'s moving_scale=%sb holds f32
               ╭─[test.nisa:7:85]
             6 │   psum %y : f32[2, 4] at 0
             7 │   nc_matmul_mx(dst=%y, stationary=%a, moving=%b, stationary_scale=%sa, moving_scale=%sb, engine=PE)
               ·                                                                                     ─┬─
               ·                                                                                      ╰── moving_scale holds f8E8M0FNU or ui8
             8 │ }
               ╰────
        "#]],
    );
}

/// Scales follow their data through a loop: data stepping a quadrant pair per trip under scales
/// that stay put is refused.
#[test]
fn scales_step_with_their_data() {
    check(
        "kernel @k kind K {\n  sbuf %x : bf16[128, 8] at 0\n  sbuf %q : f8E4M3FN[128, 8] at 16\n  \
         sbuf %s : f8E8M0FNU[128, 2] at 32\n  for %i in 0..2 {\n    \
         quantize_mx(dst=%q.ap([[8, 64], [1, 8]], offset=512*%i), src=%x.ap([[8, 64], [1, 8]], offset=512*%i), \
         dst_scale=%s.ap([[2, 36], [1, 2]]), engine=DVE)\n  }\n}\n",
        expect![[r#"
            error: test.nisa:6:117: `quantize_mx`'s dst_scale=%s steps through partitions unlike its data
               ╭─[test.nisa:6:117]
             5 │   for %i in 0..2 {
             6 │     quantize_mx(dst=%q.ap([[8, 64], [1, 8]], offset=512*%i), src=%x.ap([[8, 64], [1, 8]], offset=512*%i), dst_scale=%s.ap([[2, 36], [1, 2]]), engine=DVE)
               ·                                                                                                                     ────────────┬───────────
               ·                                                                                                                                 ╰── scales move with their data, a quadrant for a quadrant
             7 │   }
               ╰────
        "#]],
    );
}
