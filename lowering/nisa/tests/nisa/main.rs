//! The nisa program's boundaries: text that parses prints back as itself, the verifier's and
//! the parser's diagnostics (one `check` each), and the interpreter against the math it runs.

mod cost;
mod device;
mod dma;
mod mx;

use egfuse_nisa::{self as nisa, interp, Budget};
use expect_test::{expect, Expect};
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/nisa")
}

fn read(name: &str) -> String {
    std::fs::read_to_string(dir().join(name)).unwrap()
}

/// `src` parses and verifies, and `expect` is what the verifier says (empty when it holds).
fn check(src: &str, expect: Expect) {
    let out = match nisa::parse::program(src) {
        Err(d) => egfuse_diag::render("test.nisa", src, &[d]),
        Ok(p) => {
            let diags = nisa::verify::program(&p, &Budget::NEURONCORE_V2);
            egfuse_diag::render("test.nisa", src, &diags)
        }
    };
    expect.assert_eq(&out);
}

#[test]
fn every_fixture_prints_back_as_its_text_and_verifies() {
    let mut n = 0;
    for e in std::fs::read_dir(dir()).unwrap() {
        let path = e.unwrap().path();
        if path.extension().is_none_or(|x| x != "nisa") {
            continue;
        }
        let src = std::fs::read_to_string(&path).unwrap();
        let p = nisa::parse::program(&src)
            .unwrap_or_else(|d| panic!("{}", egfuse_diag::render("f", &src, &[d])));
        let code: String = src
            .lines()
            .filter(|l| !l.starts_with("//"))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(nisa::print::program(&p), code, "{}", path.display());
        let diags = nisa::verify::program(&p, &Budget::NEURONCORE_V2);
        assert!(
            diags.is_empty(),
            "{}",
            egfuse_diag::render("f", &src, &diags)
        );
        n += 1;
    }
    assert!(n >= 1);
    println!("nisa: {n} fixtures round-tripped and verified");
}

/// A small deterministic generator, so inputs are the same on every run.
fn values(n: usize, seed: u64) -> Vec<f64> {
    let mut s = seed;
    (0..n)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 40) as f64 / (1u64 << 24) as f64) * 4.0 - 2.0
        })
        .collect()
}

#[test]
fn the_rmsnorm_tile_computes_rmsnorm() {
    let p = nisa::parse::program(&read("rmsnorm_tile.nisa")).unwrap();
    let (t, h) = (512, 4096);
    let (x, gamma) = (values(t * h, 1), values(h, 2));
    let out = interp::run(
        &p.kernels[0],
        &[x.clone(), gamma.clone()],
        &interp::Limits::default(),
    )
    .unwrap();
    let mut worst = 0f64;
    for row in 0..t {
        let xs = &x[row * h..(row + 1) * h];
        let ms = xs.iter().map(|v| v * v).sum::<f64>() / h as f64;
        let r = 1.0 / (ms + 1e-6).sqrt();
        for c in 0..h {
            let want = xs[c] * gamma[c] * r;
            worst = worst.max((out[0][row * h + c] - want).abs() / want.abs().max(1e-3));
        }
    }
    assert!(worst < 1e-5, "relative error {worst}");
}

/// A kind the text form cannot read back (built by code, not parsed) is the verifier's finding,
/// so no printed program fails to parse.
#[test]
fn a_kind_is_words_joined_by_dots() {
    let src = "kernel @k kind K {\n  hbm %y : f32[4] output\n  memset(dst=%y, value=0.0, engine=DMA)\n}\n";
    let mut p = nisa::parse::program(src).unwrap();
    let mut verdicts = Vec::new();
    for kind in [
        "stablehlo.sort",
        "sort_ascending",
        "sort ascending",
        "stablehlo.",
        "2x",
    ] {
        p.kernels[0].kind = kind.to_string();
        let diags = nisa::verify::program(&p, &Budget::NEURONCORE_V2);
        verdicts.push((kind, diags.iter().any(|d| d.code == "nisa::kind")));
    }
    let want = [
        ("stablehlo.sort", false),
        ("sort_ascending", false),
        ("sort ascending", true),
        ("stablehlo.", true),
        ("2x", true),
    ];
    assert_eq!(verdicts, want);
}

#[test]
fn memory_never_written_reads_as_nan() {
    let src = "kernel @k kind K {\n  hbm %y : f32[4] output\n  sbuf %t : f32[1, 4] at 0\n  dma_copy(dst=%y, src=%t, engine=DMA)\n}\n";
    let p = nisa::parse::program(src).unwrap();
    let out = interp::run(&p.kernels[0], &[], &interp::Limits::default()).unwrap();
    assert!(out[0].iter().all(|v| v.is_nan()));
}

#[test]
fn matmul_moving_free_size_is_one_psum_bank() {
    check(
        "kernel @k kind K {
  sbuf %a : f32[128, 128] at 0
  sbuf %b : f32[128, 1024] at 512
  psum %c : f32[128, 1024] at 0
  nc_matmul(dst=%c, stationary=%a, moving=%b, engine=PE)
}
",
        expect![[r#"
            error: test.nisa:5:43: `nc_matmul`'s moving free size is 1024; at most 512
               ╭─[test.nisa:5:43]
             4 │   psum %c : f32[128, 1024] at 0
             5 │   nc_matmul(dst=%c, stationary=%a, moving=%b, engine=PE)
               ·                                           ─┬
               ·                                            ╰── one PSUM bank holds 512 fp32 values
             6 │ }
               ╰────
            error: test.nisa:5:17: `nc_matmul` writes bytes 0..=4095 of each PSUM partition (`%c`), across a bank boundary
               ╭─[test.nisa:5:17]
             4 │   psum %c : f32[128, 1024] at 0
             5 │   nc_matmul(dst=%c, stationary=%a, moving=%b, engine=PE)
               ·                 ─┬
               ·                  ╰── an accumulation group stays in one 2 KiB bank
             6 │ }
               ╰────
        "#]],
    );
}

#[test]
fn memories_and_engines_follow_the_isa() {
    check(
        "kernel @k kind K {
  hbm %x : f32[128, 4] input
  psum %p : f32[128, 4] at 0
  psum %q : f32[128, 4] at 64
  sbuf %s : f32[128, 4] at 0
  tensor_tensor(dst=%s, data1=%p, data2=%q, op=add, engine=DVE)
  tensor_copy(dst=%s, src=%p, engine=GpSimd)
  activation(dst=%s, op=exp, data=%x, engine=DVE)
  nc_matmul(dst=%s, stationary=%s, moving=%s, engine=PE)
}
",
        expect![[r#"
            error: test.nisa:6:3: `tensor_tensor`'s data1 and data2 are both in PSUM
               ╭─[test.nisa:6:3]
             5 │   sbuf %s : f32[128, 4] at 0
             6 │   tensor_tensor(dst=%s, data1=%p, data2=%q, op=add, engine=DVE)
               ·   ──────────────────────────────┬──────────────────────────────
               ·                                 ╰── at most one input may be in PSUM
             7 │   tensor_copy(dst=%s, src=%p, engine=GpSimd)
               ╰────
            error: test.nisa:7:27: `tensor_copy` on GpSimd cannot access PSUM (`src=%p`)
               ╭─[test.nisa:7:27]
             6 │   tensor_tensor(dst=%s, data1=%p, data2=%q, op=add, engine=DVE)
             7 │   tensor_copy(dst=%s, src=%p, engine=GpSimd)
               ·                           ─┬
               ·                            ╰── GpSimd has no path to PSUM
             8 │   activation(dst=%s, op=exp, data=%x, engine=DVE)
               ╰────
            error: test.nisa:8:3: `activation` cannot run on DVE
               ╭─[test.nisa:8:3]
             7 │   tensor_copy(dst=%s, src=%p, engine=GpSimd)
             8 │   activation(dst=%s, op=exp, data=%x, engine=DVE)
               ·   ───────────────────────┬───────────────────────
               ·                          ╰── runs on ACT
             9 │   nc_matmul(dst=%s, stationary=%s, moving=%s, engine=PE)
               ╰────
            error: test.nisa:8:35: `activation` reads or writes HBM (`data=%x`)
               ╭─[test.nisa:8:35]
             7 │   tensor_copy(dst=%s, src=%p, engine=GpSimd)
             8 │   activation(dst=%s, op=exp, data=%x, engine=DVE)
               ·                                   ─┬
               ·                                    ╰── compute engines access SBUF and PSUM only; move it with dma_copy
             9 │   nc_matmul(dst=%s, stationary=%s, moving=%s, engine=PE)
               ╰────
            error: test.nisa:9:17: `nc_matmul`'s dst=%s is in SBUF
                ╭─[test.nisa:9:17]
              8 │   activation(dst=%s, op=exp, data=%x, engine=DVE)
              9 │   nc_matmul(dst=%s, stationary=%s, moving=%s, engine=PE)
                ·                 ─┬
                ·                  ╰── matmul writes PSUM
             10 │ }
                ╰────
            error: test.nisa:9:17: `nc_matmul`: dst=%s is [128 x 4]; stationary.T @ moving is [4 x 4]
                ╭─[test.nisa:9:17]
              8 │   activation(dst=%s, op=exp, data=%x, engine=DVE)
              9 │   nc_matmul(dst=%s, stationary=%s, moving=%s, engine=PE)
                ·                 ─┬
                ·                  ╰── the result's shape
             10 │ }
                ╰────
        "#]],
    );
}

/// An indirect DMA gathers from HBM rows (`vector_offset`, on the source) or scatters into them
/// (`dst_vector_offset`, on the destination), by integer offsets held on chip, one per row of
/// that side; the rows an offset reaches are the interpreter's to check, not the verifier's.
#[test]
fn indirect_dmas_index_hbm_rows_by_offsets_on_chip() {
    check(
        "kernel @k kind K {
  hbm %x : f32[64] input
  hbm %y : f32[64] output
  sbuf %s : f32[2, 4] at 0
  sbuf %o : i32[2, 1] at 16
  sbuf %f : f32[2, 1] at 20
  dma_copy(dst=%y.ap([[1, 2], [1, 4]]), src=%x.ap([[1, 2], [1, 4]], offset=32), dst_vector_offset=%o, engine=DMA)
  dma_copy(dst=%s, src=%x.ap([[1, 2], [1, 4]]), vector_offset=%o, engine=DMA)
  dma_copy(dst=%s, src=%x.ap([[1, 2], [1, 4]]), dst_vector_offset=%f, engine=DMA)
}
",
        expect![[r#"
            error: test.nisa:9:67: `dma_copy` scatters into HBM rows by offsets held in SBUF
                ╭─[test.nisa:9:67]
              8 │   dma_copy(dst=%s, src=%x.ap([[1, 2], [1, 4]]), vector_offset=%o, engine=DMA)
              9 │   dma_copy(dst=%s, src=%x.ap([[1, 2], [1, 4]]), dst_vector_offset=%f, engine=DMA)
                ·                                                                   ─┬
                ·                                                                    ╰── dst in HBM, dst_vector_offset on chip
             10 │ }
                ╰────
            error: test.nisa:9:67: `dma_copy`'s offsets %f are f32
                ╭─[test.nisa:9:67]
              8 │   dma_copy(dst=%s, src=%x.ap([[1, 2], [1, 4]]), vector_offset=%o, engine=DMA)
              9 │   dma_copy(dst=%s, src=%x.ap([[1, 2], [1, 4]]), dst_vector_offset=%f, engine=DMA)
                ·                                                                   ─┬
                ·                                                                    ╰── offsets are integers
             10 │ }
                ╰────
        "#]],
    );
}

#[test]
fn activation_accumulates_by_add_only() {
    check(
        "kernel @k kind K {
  sbuf %s : f32[128, 4] at 0
  sbuf %r : f32[128, 1] at 16
  activation(dst=%s, op=exp, data=%s, reduce_op=multiply, reduce_res=%r, engine=ACT)
}
",
        expect![[r#"
            error: test.nisa:4:3: `activation` accumulates with `multiply`
               ╭─[test.nisa:4:3]
             3 │   sbuf %r : f32[128, 1] at 16
             4 │   activation(dst=%s, op=exp, data=%s, reduce_op=multiply, reduce_res=%r, engine=ACT)
               ·   ─────────────────────────────────────────┬────────────────────────────────────────
               ·                                            ╰── the scalar engine's accumulate is add only
             5 │ }
               ╰────
        "#]],
    );
}

#[test]
fn budgets_partitions_and_bounds() {
    check(
        "kernel @k kind K {
  sbuf %big : f32[128, 50000] at 0
  sbuf %wide : f32[256, 4]
  sbuf %s : f32[128, 8] at 0
  sbuf %t : f32[128, 8] at 16
  memset(dst=%s.ap([[8, 32], [1, 8]], offset=128), value=0.0, engine=DVE)
  memset(dst=%s.ap([[8, 128], [1, 9]]), value=0.0, engine=DVE)
  tensor_copy(dst=%t, src=%s, engine=DVE)
}
",
        expect![[r#"
            error: test.nisa:2:3: `%big` needs bytes 0..200000 of each partition; SBUF has 196608
               ╭─[test.nisa:2:3]
             1 │ kernel @k kind K {
             2 │   sbuf %big : f32[128, 50000] at 0
               ·   ────────────────┬───────────────
               ·                   ╰── does not fit
             3 │   sbuf %wide : f32[256, 4]
               ╰────
            error: test.nisa:3:3: `%wide` spans 256 partitions; the target has 128
               ╭─[test.nisa:3:3]
             2 │   sbuf %big : f32[128, 50000] at 0
             3 │   sbuf %wide : f32[256, 4]
               ·   ────────────┬───────────
               ·               ╰── the first dimension is the partition
             4 │   sbuf %s : f32[128, 8] at 0
               ╰────
            error: test.nisa:6:14: `dst=%s` covers 32 partitions from partition 16
               ╭─[test.nisa:6:14]
             5 │   sbuf %t : f32[128, 8] at 16
             6 │   memset(dst=%s.ap([[8, 32], [1, 8]], offset=128), value=0.0, engine=DVE)
               ·              ──────────────────┬─────────────────
               ·                                ╰── NKI: more than 64 partitions start at 0; 33 to 64 at 0 or 64; up to 32 at 0, 32, 64 or 96
             7 │   memset(dst=%s.ap([[8, 128], [1, 9]]), value=0.0, engine=DVE)
               ╰────
            error: test.nisa:7:14: `dst=%s` reaches elements 0..=1024; the buffer has 1024
               ╭─[test.nisa:7:14]
             6 │   memset(dst=%s.ap([[8, 32], [1, 8]], offset=128), value=0.0, engine=DVE)
             7 │   memset(dst=%s.ap([[8, 128], [1, 9]]), value=0.0, engine=DVE)
               ·              ────────────┬────────────
               ·                          ╰── out of bounds
             8 │   tensor_copy(dst=%t, src=%s, engine=DVE)
               ╰────
            error: test.nisa:5:3: `%s` (bytes 0..32) and `%t` (bytes 16..48) share SBUF while both are live
               ╭─[test.nisa:4:3]
             3 │   sbuf %wide : f32[256, 4]
             4 │   sbuf %s : f32[128, 8] at 0
               ·   ─────────────┬────────────
               ·                ╰── this one
             5 │   sbuf %t : f32[128, 8] at 16
               ·   ─────────────┬─────────────
               ·                ╰── overlaps a live buffer
             6 │   memset(dst=%s.ap([[8, 32], [1, 8]], offset=128), value=0.0, engine=DVE)
               ╰────
        "#]],
    );
}

#[test]
fn parse_errors_name_what_was_expected() {
    check(
        "kernel @k kind K {\n  frobnicate(dst=%x)\n}\n",
        expect![[r#"
            error: test.nisa:2:3: unknown instruction `frobnicate`
               ╭─[test.nisa:2:3]
             1 │ kernel @k kind K {
             2 │   frobnicate(dst=%x)
               ·   ─────┬────
               ·        ╰── not a nisa instruction
             3 │ }
               ╰────
              help: the instructions are activation, activation_reduce, tensor_reduce, tensor_tensor,
                    tensor_scalar, reciprocal, bn_stats, bn_aggr, nc_matmul, nc_transpose, tensor_copy,
                    tensor_copy_predicated, memset, iota, dma_copy, dma_transpose, quantize_mx, nc_matmul_mx
        "#]],
    );
    check(
        "kernel @k kind K {\n  sbuf %s : f32[1, 4]\n  memset(dst=%s, valu=1.0)\n}\n",
        expect![[r#"
        error: test.nisa:3:18: `memset` has no argument `valu`
           ╭─[test.nisa:3:18]
         2 │   sbuf %s : f32[1, 4]
         3 │   memset(dst=%s, valu=1.0)
           ·                  ──┬─
           ·                    ╰── unknown keyword
         4 │ }
           ╰────
          help: its arguments are dst, value, engine
    "#]],
    );
    check(
        "kernel @k kind K {\n  sbuf %s : f32[1, 4]\n  memset(value=1.0)\n}\n",
        expect![[r#"
        error: test.nisa:3:3: `memset` needs `dst=`
           ╭─[test.nisa:3:3]
         2 │   sbuf %s : f32[1, 4]
         3 │   memset(value=1.0)
           ·   ────────┬────────
           ·           ╰── no `dst` argument
         4 │ }
           ╰────
    "#]],
    );
    check(
        "kernel @k kind K {\n  memset(dst=%nope, value=1.0)\n}\n",
        expect![[r#"
        error: test.nisa:2:14: no buffer `%nope`
           ╭─[test.nisa:2:14]
         1 │ kernel @k kind K {
         2 │   memset(dst=%nope, value=1.0)
           ·              ──┬──
           ·                ╰── not declared in this kernel
         3 │ }
           ╰────
    "#]],
    );
    check(
        "kernel @k kind K {\n  sbuf %s : f64[1, 4]\n}\n",
        expect![[r#"
            error: test.nisa:2:13: unknown dtype `f64`
               ╭─[test.nisa:2:13]
             1 │ kernel @k kind K {
             2 │   sbuf %s : f64[1, 4]
               ·             ─┬─
               ·              ╰── not a nisa dtype
             3 │ }
               ╰────
              help: the dtypes are f32, bf16, f16, f8E4M3, f8E5M2, i32, ui32, i16, ui16, i8, ui8, f8E4M3FN,
                    f8E8M0FNU, f4E2M1FN
        "#]],
    );
    check("kernel @k kind K {\n  sbuf %s : f32[1, 4]\n  for %i in 0..2 {\n  }\n  memset(dst=%s.ap([[4, 1], [1, 4]], offset=%i), value=1.0)\n}\n", expect![[r#"
        error: test.nisa:5:45: no loop counter `%i` here
           ╭─[test.nisa:5:45]
         4 │   }
         5 │   memset(dst=%s.ap([[4, 1], [1, 4]], offset=%i), value=1.0)
           ·                                             ─┬
           ·                                              ╰── not the counter of an enclosing loop
         6 │ }
           ╰────
    "#]]);
    check(
        "kernel @k kind K {\n  sbuf %s : f32[1, 4]\n  memset(dst=%s, value=1.0, engine=TPU)\n}\n",
        expect![[r#"
        error: test.nisa:3:36: unknown engine `TPU`
           ╭─[test.nisa:3:36]
         2 │   sbuf %s : f32[1, 4]
         3 │   memset(dst=%s, value=1.0, engine=TPU)
           ·                                    ─┬─
           ·                                     ╰── not an engine
         4 │ }
           ╰────
          help: the engines are PE, ACT, DVE, GpSimd, SP, DMA
    "#]],
    );
    check(
        "kernel @k kind K {",
        expect![[r#"
        error: test.nisa:1:19: expected an instruction or `}`, found the end of the input
           ╭─[test.nisa:1:19]
         1 │ kernel @k kind K {
           ╰────
    "#]],
    );
}

/// Every prefix of the fixture, and the fixture with each byte in turn replaced, parses or is
/// a diagnostic, and whatever parses verifies without a panic.
#[test]
fn no_text_makes_the_parser_or_verifier_panic() {
    let src = read("rmsnorm_tile.nisa");
    let mut texts: Vec<String> = (0..src.len())
        .filter(|&n| src.is_char_boundary(n))
        .map(|n| src[..n].to_string())
        .collect();
    for (n, _) in src.char_indices().step_by(7) {
        for b in ["9", "-", "%", "[", "}", "\"", "\u{e9}"] {
            texts.push(format!("{}{b}{}", &src[..n], &src[n + 1..]));
        }
    }
    // A shape whose whole view has no stride (found by `tools/fuzz.sh nisa`).
    texts.push(
        "kernel @k kind K {\n  sbuf %t : bf16[199999999999999928, 512] at 0\n  memset(dst=%t, value=0.0, engine=DVE)\n}\n"
            .to_string(),
    );
    let mut parsed = 0;
    for t in &texts {
        if let Ok(p) = nisa::parse::program(t) {
            parsed += 1;
            let _ = nisa::verify::program(&p, &Budget::NEURONCORE_V2);
        }
    }
    assert!(parsed > 0);
    println!("nisa: {} mutated texts, {parsed} parsed", texts.len());
}

#[test]
fn the_default_target_gives_neuroncore_v2s_budget() {
    let src = egfuse_rules::target(egfuse_rules::DEFAULT_TARGET).unwrap();
    let target = egfuse_cost::Target::parse(src).unwrap();
    assert_eq!(Budget::of(&target), Budget::NEURONCORE_V2);
}

/// Every `nisa` example of docs/lowering.md parses, prints back as written and verifies.
#[test]
fn the_documents_examples_are_programs() {
    let doc = std::fs::read_to_string(dir().join("../../../../docs/lowering.md")).unwrap();
    let blocks: Vec<&str> = doc
        .split("```nisa\n")
        .skip(1)
        .filter_map(|b| b.split("```").next())
        .collect();
    assert!(!blocks.is_empty(), "docs/lowering.md has nisa examples");
    for b in &blocks {
        let p = nisa::parse::program(b)
            .unwrap_or_else(|d| panic!("{}", egfuse_diag::render("doc", b, &[d])));
        assert_eq!(nisa::print::program(&p), *b);
        let diags = nisa::verify::program(&p, &Budget::NEURONCORE_V2);
        assert!(
            diags.is_empty(),
            "{}",
            egfuse_diag::render("doc", b, &diags)
        );
    }
    println!("nisa: {} examples of docs/lowering.md", blocks.len());
}

/// One partition's statistics over 1200 elements: three `bn_stats` (512, 512 and 176
/// elements, NKI's limit a call) and one `bn_aggr`.
const BN_PROGRAM: &str = "kernel @k kind K {
  hbm %x : f32[2400] input
  hbm %y : f32[4] output
  sbuf %t : f32[2, 1200] at 0
  sbuf %s : f32[2, 18] at 4800
  sbuf %mv : f32[2, 2] at 4872
  dma_copy(dst=%t, src=%x.ap([[1200, 2], [1, 1200]]), engine=DMA)
  bn_stats(dst=%s.ap([[18, 2], [1, 6]]), data=%t.ap([[1200, 2], [1, 512]]), engine=DVE)
  bn_stats(dst=%s.ap([[18, 2], [1, 6]], offset=6), data=%t.ap([[1200, 2], [1, 512]], offset=512), engine=DVE)
  bn_stats(dst=%s.ap([[18, 2], [1, 6]], offset=12), data=%t.ap([[1200, 2], [1, 176]], offset=1024), engine=DVE)
  bn_aggr(dst=%mv, data=%s, engine=DVE)
  dma_copy(dst=%y.ap([[2, 2], [1, 2]]), src=%mv, engine=DMA)
}
";

#[test]
fn bn_stats_and_bn_aggr_give_each_partitions_mean_and_variance() {
    let p = nisa::parse::program(BN_PROGRAM).unwrap();
    // Far from zero, where a one-pass sum of squares would lose the variance.
    let x: Vec<f64> = values(2400, 3).iter().map(|v| v + 1000.0).collect();
    let out = interp::run(
        &p.kernels[0],
        std::slice::from_ref(&x),
        &interp::Limits::default(),
    )
    .unwrap();
    for (row, got) in out[0].chunks(2).enumerate() {
        let xs: Vec<f64> = x[row * 1200..(row + 1) * 1200]
            .iter()
            .map(|&v| v as f32 as f64)
            .collect();
        let mean = xs.iter().sum::<f64>() / 1200.0;
        let var = xs.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / 1200.0;
        assert!(
            (got[0] - mean).abs() < 1e-4,
            "row {row}: mean {} for {mean}",
            got[0]
        );
        assert!(
            (got[1] - var).abs() < 1e-5 * var,
            "row {row}: variance {} for {var}",
            got[1]
        );
    }
}

#[test]
fn bn_stats_reads_at_most_512_elements_and_bn_aggr_whole_triples() {
    check(
        "kernel @k kind K {
  sbuf %t : f32[2, 600] at 0
  sbuf %s : f32[2, 7] at 2400
  sbuf %mv : f32[2, 3] at 2432
  bn_stats(dst=%s.ap([[7, 2], [1, 6]]), data=%t, engine=DVE)
  bn_aggr(dst=%mv, data=%s, engine=DVE)
}
",
        expect![[r#"
            error: test.nisa:5:46: `bn_stats`: data=%t has 600 elements per partition
               ╭─[test.nisa:5:46]
             4 │   sbuf %mv : f32[2, 3] at 2432
             5 │   bn_stats(dst=%s.ap([[7, 2], [1, 6]]), data=%t, engine=DVE)
               ·                                              ─┬
               ·                                               ╰── at most 512 elements per partition (nl.tile_size.bn_stats_fmax)
             6 │   bn_aggr(dst=%mv, data=%s, engine=DVE)
               ╰────
            error: test.nisa:6:25: `bn_aggr`: data=%s has 7 elements per partition
               ╭─[test.nisa:6:25]
             5 │   bn_stats(dst=%s.ap([[7, 2], [1, 6]]), data=%t, engine=DVE)
             6 │   bn_aggr(dst=%mv, data=%s, engine=DVE)
               ·                         ─┬
               ·                          ╰── whole (count, mean, variance x count) triples
             7 │ }
               ╰────
            error: test.nisa:6:15: `bn_aggr`: dst=%mv is [2 x 3]; it writes [2 x 2]
               ╭─[test.nisa:6:15]
             5 │   bn_stats(dst=%s.ap([[7, 2], [1, 6]]), data=%t, engine=DVE)
             6 │   bn_aggr(dst=%mv, data=%s, engine=DVE)
               ·               ─┬─
               ·                ╰── the statistics per partition
             7 │ }
               ╰────
        "#]],
    );
}

/// A `tensor_copy` with `bitcast` reads the source's bytes as the destination's dtype, both
/// ways (an f32's exponent as integer bits, and back), and only between dtypes of one width.
#[test]
fn a_bitcast_copy_reads_bytes_as_another_dtype_of_their_width() {
    let src = "kernel @k kind K {
  hbm %x : f32[4] input
  hbm %y : ui32[4] output
  hbm %z : f32[4] output
  sbuf %a : f32[1, 4] at 0
  sbuf %b : ui32[1, 4] at 16
  sbuf %c : f32[1, 4] at 32
  dma_copy(dst=%a, src=%x, engine=DMA)
  tensor_copy(dst=%b, src=%a, bitcast=true, engine=DVE)
  tensor_copy(dst=%c, src=%b, bitcast=true, engine=DVE)
  dma_copy(dst=%y, src=%b, engine=DMA)
  dma_copy(dst=%z, src=%c, engine=DMA)
}
";
    check(src, expect![[""]]);
    let p = nisa::parse::program(src).unwrap();
    let x = vec![1.0, -2.0, 5.877_471_754_111_438e-39, 448.0];
    let out = interp::run(
        &p.kernels[0],
        std::slice::from_ref(&x),
        &interp::Limits::default(),
    )
    .unwrap();
    let bits: Vec<f64> = (x.iter())
        .map(|&v| f64::from((v as f32).to_bits()))
        .collect();
    assert_eq!(out[0], bits);
    assert_eq!(out[1], x);
    check(
        &src.replace("sbuf %b : ui32", "sbuf %b : ui16"),
        expect![[r#"
            error: test.nisa:9:19: `tensor_copy` bitcast: src=%a holds f32 (4 bytes) but dst=%b holds ui16 (2 bytes)
                ╭─[test.nisa:9:19]
              8 │   dma_copy(dst=%a, src=%x, engine=DMA)
              9 │   tensor_copy(dst=%b, src=%a, bitcast=true, engine=DVE)
                ·                   ─┬
                ·                    ╰── a bitcast keeps the element width
             10 │   tensor_copy(dst=%c, src=%b, bitcast=true, engine=DVE)
                ╰────
            error: test.nisa:10:19: `tensor_copy` bitcast: src=%b holds ui16 (2 bytes) but dst=%c holds f32 (4 bytes)
                ╭─[test.nisa:10:19]
              9 │   tensor_copy(dst=%b, src=%a, bitcast=true, engine=DVE)
             10 │   tensor_copy(dst=%c, src=%b, bitcast=true, engine=DVE)
                ·                   ─┬
                ·                    ╰── a bitcast keeps the element width
             11 │   dma_copy(dst=%y, src=%b, engine=DMA)
                ╰────
        "#]],
    );
}
