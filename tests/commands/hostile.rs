//! Hostile input through the built binary (issue 12, "every stage bounded"): a constant
//! claiming 10^12 elements, a 10,000-deep region nest, alias and rule-file nests, a zip-bomb
//! `.npz`, rules that grow the e-graph without bound, and a chain of calls that inlines into
//! 2^40 copies. Each must end quickly, with exit 2 and a diagnostic naming file:line:col or
//! with exit 0, a reported stop reason and an output that parses; never a panic, an abort or
//! a half-written output file.

use crate::support::{egfuse, scratch};
use expect_test::{expect, Expect};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long one run may take here. The bar is 2 s; the check is generous because the test
/// machine runs other builds, and a stage that is not bounded takes minutes, not seconds.
const WALL: Duration = Duration::from_secs(10);

/// Runs egfuse, checking the wall time and that it neither panicked nor was killed; returns
/// (exit code, stdout, stderr) with the scratch paths of `inputs` replaced by their file names.
fn run(args: &[&str], inputs: &[&Path]) -> (i32, String, String) {
    let start = Instant::now();
    let (code, out, err) = egfuse(args);
    let took = start.elapsed();
    eprintln!("egfuse {}: exit {code} in {took:?}", args[0]);
    assert!(took < WALL, "egfuse {args:?} took {took:?}");
    assert!(
        code == 0 || code == 2,
        "egfuse {args:?} exited {code}: {err}"
    );
    let mut err = err;
    for p in inputs {
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        err = err.replace(&p.display().to_string(), name.rsplit('_').next().unwrap());
    }
    (code, out, err)
}

/// A fresh output path that does not exist yet.
fn output(name: &str) -> PathBuf {
    let p = scratch(name, "");
    std::fs::remove_file(&p).unwrap();
    p
}

/// Checks a failed run: exit 2, no output file, the diagnostic as pinned.
fn fails(args: &[&str], inputs: &[&Path], out: &Path, golden: Expect) {
    let (code, _, err) = run(args, inputs);
    assert_eq!(code, 2, "{err}");
    assert!(!out.exists(), "a failed run left {}", out.display());
    golden.assert_eq(&err);
}

/// Checks that `path` holds a module egfuse reads back.
fn parses(path: &Path) {
    let (code, _, err) = run(&["parse", path.to_str().unwrap(), "-o", "-"], &[]);
    assert_eq!(code, 0, "the output does not parse: {err}");
}

#[test]
fn a_constant_of_a_trillion_elements_is_refused_before_it_is_built() {
    let m = scratch(
        "big.mlir",
        "func.func @main() -> tensor<1000000x1000000xf32> {\n  \
         %0 = stablehlo.constant dense<1.0> : tensor<1000000x1000000xf32>\n  \
         return %0 : tensor<1000000x1000000xf32>\n}\n",
    );
    let out = output("big.npz");
    let args = ["eval", m.to_str().unwrap(), "-o", out.to_str().unwrap()];
    fails(
        &args,
        &[&m],
        &out,
        expect![[r#"
            error: big.mlir:2:3: the result tensor<1000000x1000000xf32> would need 7.3 TiB, more than the interpreter's memory limit of 12 GiB (raise it with --max-memory)
               ╭─[big.mlir:2:3]
             1 │ func.func @main() -> tensor<1000000x1000000xf32> {
             2 │   %0 = stablehlo.constant dense<1.0> : tensor<1000000x1000000xf32>
               ·   ────────────────────────────────┬───────────────────────────────
               ·                                   ╰── while evaluating `stablehlo.constant`
             3 │   return %0 : tensor<1000000x1000000xf32>
               ╰────
        "#]],
    );
    let fused = output("big_fused.mlir");
    let (code, _, err) = run(
        &["fuse", m.to_str().unwrap(), "-o", fused.to_str().unwrap()],
        &[],
    );
    assert_eq!(code, 0, "{err}");
    parses(&fused);
}

#[test]
fn an_element_count_past_64_bits_is_a_diagnostic() {
    let ty = "tensor<4294967296x4294967296x4294967296xf32>";
    let m = scratch(
        "overflow.mlir",
        &format!(
            "func.func @main() -> {ty} {{\n  %0 = stablehlo.constant dense<1.0> : {ty}\n  \
             return %0 : {ty}\n}}\n"
        ),
    );
    let out = output("overflow.npz");
    let args = ["eval", m.to_str().unwrap(), "-o", out.to_str().unwrap()];
    fails(
        &args,
        &[&m],
        &out,
        expect![[r#"
            error: overflow.mlir:2:3: tensor<4294967296x4294967296x4294967296xf32> has more elements than fit in 64 bits
               ╭─[overflow.mlir:2:3]
             1 │ func.func @main() -> tensor<4294967296x4294967296x4294967296xf32> {
             2 │   %0 = stablehlo.constant dense<1.0> : tensor<4294967296x4294967296x4294967296xf32>
               ·   ────────────────────────────────────────┬────────────────────────────────────────
               ·                                           ╰── while evaluating `stablehlo.constant`
             3 │   return %0 : tensor<4294967296x4294967296x4294967296xf32>
               ╰────
        "#]],
    );
}

#[test]
fn ten_thousand_nested_regions_stop_at_the_nesting_limit() {
    let n = 10_000;
    let text = format!(
        "func.func @main() {{\n{}{}  return\n}}\n",
        "\"test.op\"() ({\n".repeat(n),
        "}) : () -> ()\n".repeat(n)
    );
    let m = scratch("regions.mlir", &text);
    let out = output("regions_fused.mlir");
    let args = ["fuse", m.to_str().unwrap(), "-o", out.to_str().unwrap()];
    fails(
        &args,
        &[&m],
        &out,
        expect![[r#"
            error: regions.mlir:257:14: nesting deeper than 256 levels
                 ╭─[regions.mlir:257:14]
             256 │ "test.op"() ({
             257 │ "test.op"() ({
                 ·              ┬
                 ·              ╰── nesting deeper than 256
             258 │ "test.op"() ({
                 ╰────
              help: regions, types, attributes and locations may nest at most this deep
        "#]],
    );
    let out = output("regions.npz");
    let args = ["eval", m.to_str().unwrap(), "-o", out.to_str().unwrap()];
    let (code, _, _) = run(&args, &[&m]);
    assert_eq!(code, 2);
    assert!(!out.exists());
}

#[test]
fn an_alias_chain_that_doubles_each_line_stops_at_the_expansion_limit() {
    let mut text: String = "#a0 = [1]\n".into();
    for i in 1..=40 {
        text += &format!("#a{i} = [#a{}, #a{}]\n", i - 1, i - 1);
    }
    text += "func.func @main() attributes {x = #a40} {\n  return\n}\n";
    let m = scratch("laughs.mlir", &text);
    let out = output("laughs_fused.mlir");
    let args = ["fuse", m.to_str().unwrap(), "-o", out.to_str().unwrap()];
    fails(
        &args,
        &[&m],
        &out,
        expect![[r#"
            error: laughs.mlir:18:15: alias uses copy in more than 1048576 attributes and types
                ╭─[laughs.mlir:18:15]
             17 │ #a16 = [#a15, #a15]
             18 │ #a17 = [#a16, #a16]
                ·               ──┬─
                ·                 ╰── this use goes past the limit
             19 │ #a18 = [#a17, #a17]
                ╰────
        "#]],
    );
}

/// An `.npz` of one member `arg0.npy`: a header of `shape`, then `zeros` zero bytes, deflated
/// (a few kilobytes for megabytes).
fn npz(shape: &str, zeros: usize) -> Vec<u8> {
    let mut header = format!("{{'descr': '<f4', 'fortran_order': False, 'shape': {shape}, }}");
    while (10 + header.len() + 1) % 64 != 0 {
        header.push(' ');
    }
    header.push('\n');
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .large_file(true);
    zip.start_file("arg0.npy", options).unwrap();
    zip.write_all(b"\x93NUMPY\x01\x00").unwrap();
    zip.write_all(&(header.len() as u16).to_le_bytes()).unwrap();
    zip.write_all(header.as_bytes()).unwrap();
    let chunk = vec![0u8; 1 << 20];
    for _ in 0..zeros / chunk.len() {
        zip.write_all(&chunk).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

#[test]
fn a_zip_bomb_npz_is_refused_at_its_header() {
    // The messages quote the .npz path inside miette's wrapped text, which no replacement can
    // normalize afterwards, so the files have plain names in a directory of their own and
    // egfuse runs there.
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("hostile-npz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let m = dir.join("sig.mlir");
    let sig = "func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n  \
               return %arg0 : tensor<4xf32>\n}\n";
    std::fs::write(&m, sig).unwrap();
    // The header claims 2 GiB of f32 and the data inflates to 64 MiB: the shape is checked
    // against the signature before any data is read.
    let bomb = dir.join("bomb.npz");
    std::fs::write(&bomb, npz("(536870912,)", 64 << 20)).unwrap();
    let out = dir.join("bomb_out.npz");
    let _ = std::fs::remove_file(&out);
    let args = [
        "eval",
        "sig.mlir",
        "--inputs",
        "bomb.npz",
        "-o",
        "bomb_out.npz",
    ];
    let fails = |golden: Expect| {
        let start = Instant::now();
        let run = std::process::Command::new(env!("CARGO_BIN_EXE_egfuse"))
            .args(args)
            .current_dir(&dir)
            .output()
            .expect("egfuse runs");
        assert!(
            start.elapsed() < WALL,
            "egfuse {args:?} took {:?}",
            start.elapsed()
        );
        assert_eq!(run.status.code(), Some(2));
        assert!(!out.exists(), "a failed run left {}", out.display());
        golden.assert_eq(&String::from_utf8_lossy(&run.stderr));
    };
    fails(expect![[r#"
        error: sig.mlir:1:17: bomb.npz: member `arg0`: has shape (536870912,) in its .npy header, the signature wants tensor<4xf32>
           ╭─[sig.mlir:1:17]
         1 │ func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
           ·                 ──┬──
           ·                   ╰── `arg0` of bomb.npz is read as this argument
         2 │   return %arg0 : tensor<4xf32>
           ╰────
    "#]]);
    // The header fits the signature, but the entry holds 64 MiB more than it implies.
    std::fs::write(&bomb, npz("(4,)", 64 << 20)).unwrap();
    fails(expect![[r#"
        error: sig.mlir:1:17: bomb.npz: member `arg0`: the archive entry declares 67108992 bytes, its .npy header implies 144
           ╭─[sig.mlir:1:17]
         1 │ func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
           ·                 ──┬──
           ·                   ╰── `arg0` of bomb.npz is read as this argument
         2 │   return %arg0 : tensor<4xf32>
           ╰────
    "#]]);
}

#[test]
fn rules_that_grow_the_egraph_without_bound_stop_with_a_reason() {
    let n = 30;
    let params: Vec<String> = (0..n).map(|i| format!("%a{i}: tensor<4xf32>")).collect();
    let mut text = format!(
        "func.func @main({}) -> tensor<4xf32> {{\n",
        params.join(", ")
    );
    let mut prev = "%a0".to_string();
    for i in 1..n {
        text += &format!("  %{i} = stablehlo.add {prev}, %a{i} : tensor<4xf32>\n");
        prev = format!("%{i}");
    }
    text += &format!("  %e = stablehlo.exponential {prev} : tensor<4xf32>\n");
    text += "  return %e : tensor<4xf32>\n}\n";
    let m = scratch("sum.mlir", &text);
    let rules = crate::support::root().join("tests/fixtures/rules_hostile");
    let out = output("sum_fused.mlir");
    let (code, _, err) = run(
        &[
            "fuse",
            m.to_str().unwrap(),
            "--extra-rules",
            rules.to_str().unwrap(),
            "--stats",
            "-o",
            out.to_str().unwrap(),
        ],
        &[],
    );
    assert_eq!(code, 0, "{err}");
    let limited = [
        "growth limit",
        "node limit",
        "time limit",
        "iteration limit",
    ];
    assert!(
        limited.iter().any(|l| err.contains(l)),
        "no stop reason in: {err}"
    );
    parses(&out);
}

#[test]
fn ten_thousand_nested_parentheses_in_a_rule_file_stop_at_the_nesting_limit() {
    let n = 10_000;
    let text = format!(
        "# deep.\nrewrite deep:\n  stablehlo.negate(%x) => {}%x{}\n",
        "stablehlo.negate(".repeat(n),
        ")".repeat(n)
    );
    let file = scratch("deep.rules", &text);
    let dir = file.with_extension("d");
    std::fs::create_dir_all(&dir).unwrap();
    let rules = dir.join("deep.rules");
    std::fs::rename(&file, &rules).unwrap();
    let m = scratch("neg.mlir", "func.func @main() {\n  return\n}\n");
    let out = output("neg_fused.mlir");
    let args = [
        "fuse",
        m.to_str().unwrap(),
        "--extra-rules",
        dir.to_str().unwrap(),
    ];
    let args = [&args[..], &["-o", out.to_str().unwrap()]].concat();
    let (code, _, err) = run(&args, &[&rules]);
    assert_eq!(code, 2, "{err}");
    assert!(!out.exists());
    let err = err.replace(&dir.display().to_string(), "DIR");
    expect![[r#"
        error: deep.rules:3:4395: nesting deeper than 256 levels
          nesting deeper than 256
            negate(stablehlo.negate(stablehlo.negate(stablehlo.negate(stablehlo.negate(stabl
                                                    ^
    "#]]
    .assert_eq(&err);
}

#[test]
fn a_call_chain_of_two_to_the_forty_copies_inlines_within_its_limit() {
    let ty = "tensor<4xf32>";
    let mut text = format!(
        "func.func private @f0(%x: {ty}) -> {ty} {{\n  %0 = stablehlo.add %x, %x : {ty}\n  \
         return %0 : {ty}\n}}\n"
    );
    for i in 1..=40 {
        let p = i - 1;
        text += &format!(
            "func.func private @f{i}(%x: {ty}) -> {ty} {{\n  \
             %0 = func.call @f{p}(%x) : ({ty}) -> {ty}\n  \
             %1 = func.call @f{p}(%0) : ({ty}) -> {ty}\n  return %1 : {ty}\n}}\n"
        );
    }
    text += &format!(
        "func.func @main(%x: {ty}) -> {ty} {{\n  %0 = func.call @f40(%x) : ({ty}) -> {ty}\n  \
         return %0 : {ty}\n}}\n"
    );
    let m = scratch("bomb.mlir", &text);
    let out = output("bomb_fused.mlir");
    let args = [
        "fuse",
        m.to_str().unwrap(),
        "--stats",
        "-o",
        out.to_str().unwrap(),
    ];
    let (code, _, err) = run(&args, &[]);
    assert_eq!(code, 0, "{err}");
    let inlined = err
        .lines()
        .find(|l| l.starts_with("inlined"))
        .unwrap_or_default();
    expect!["inlined 31 calls (65536 ops), erased 15 functions, left 52 calls (growth limit: 52)"]
        .assert_eq(inlined);
    parses(&out);
}

/// `case` ops nested `k` deep in `@main`, each returning the one inside; the innermost
/// returns the argument.
fn case_nest(k: usize) -> String {
    let mut body = "stablehlo.return %x : tensor<f32>\n".to_string();
    for i in 0..k {
        let ret = if i + 1 == k {
            "return"
        } else {
            "stablehlo.return"
        };
        body = format!(
            "%c{i} = \"stablehlo.case\"(%p) ({{\n{body}}}) : (tensor<i32>) -> tensor<f32>\n\
             {ret} %c{i} : tensor<f32>\n"
        );
    }
    format!("func.func @main(%p: tensor<i32>, %x: tensor<f32>) -> tensor<f32> {{\n{body}}}\n")
}

/// The deepest nest the parser takes is read, verified, printed and run on a libtest thread,
/// whose stack is 2 MB: every stage's recursion fits at the parser's limit.
#[test]
fn the_deepest_nest_the_parser_takes_fits_every_stage_on_a_test_thread() {
    use egfuse_interp::{Interpreter, Limits, Rt, Tensor};
    let deepest = (1..300)
        .take_while(|&k| egfuse_ir::parse::parse(&case_nest(k)).is_ok())
        .last()
        .unwrap();
    assert!(deepest >= 250, "only {deepest} nested regions parse");
    let text = case_nest(deepest);
    let m = egfuse_ir::parse::parse(&text).unwrap();
    assert!(egfuse_ir::verify::verify(&m).is_empty());
    let printed = egfuse_ir::print::print(&m, Default::default());
    assert_eq!(egfuse_ir::parse::parse(&printed).map(|_| ()), Ok(()));
    let mut interp = Interpreter::new(&m, Limits::default());
    let main = interp.find_func("main").unwrap();
    let int = egfuse_interp::Elem::Int {
        width: 32,
        signed: true,
    };
    let float = egfuse_interp::Elem::Float(egfuse_ir::FloatKind::F32);
    let p = Tensor::scalar(int, egfuse_interp::Data::Int(vec![0]));
    let x = Tensor::scalar(float, egfuse_interp::Data::Float(vec![2.0]));
    let out = interp.run_func(main, vec![Rt::tensor(p), Rt::tensor(x)]);
    assert!(out.is_ok(), "{:?}", out.err());
    let file = scratch("deepest.mlir", &text);
    let out = output("deepest_fused.mlir");
    let (code, _, err) = run(
        &["fuse", file.to_str().unwrap(), "-o", out.to_str().unwrap()],
        &[],
    );
    assert_eq!(code, 0, "{err}");
}
