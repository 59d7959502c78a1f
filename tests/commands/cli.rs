//! The `egfuse` binary as a user runs it: exit codes, atomic output, stdin, diagnostics, and
//! that malformed input of every kind (truncated, garbled, random) ends in a diagnostic with
//! exit code 2, never a panic, and never a written file. [`first_use`] pins what a new user
//! meets first (output modes, failed writes, one rendering per diagnostic, input that is not
//! MLIR); [`numbers`] that the reports' numbers agree and the options of issue 16.

use crate::support::corpus_dir;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

mod first_use;
mod numbers;

fn egfuse(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_egfuse"));
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("the egfuse binary runs");
    if let Some(input) = stdin {
        use std::io::Write;
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(input)
            .expect("write stdin");
    }
    drop(child.stdin.take());
    child.wait_with_output().expect("egfuse finishes")
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/jax")
        .join(name)
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli");
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

#[test]
fn parse_writes_the_module_it_read() {
    let input = fixture("llama_block_f32.mlir");
    let out = scratch("llama.mlir");
    let run = egfuse(
        &[
            "parse",
            input.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ],
        None,
    );
    assert!(
        run.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        std::fs::read_to_string(&input).unwrap()
    );
}

#[test]
fn parse_reads_stdin_and_writes_stdout() {
    let text = std::fs::read(fixture("softmax_f32.mlir")).unwrap();
    let run = egfuse(&["parse", "-"], Some(&text));
    assert!(run.status.success());
    assert_eq!(run.stdout, text);
}

/// `-o -` is standard output, as `-` is standard input (not a file named `-`).
#[test]
fn output_dash_is_stdout() {
    let text = std::fs::read(fixture("softmax_f32.mlir")).unwrap();
    let dir = scratch("dash");
    std::fs::create_dir_all(&dir).unwrap();
    let _ = std::fs::remove_file(dir.join("-"));
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_egfuse"))
        .args([
            "parse",
            fixture("softmax_f32.mlir").to_str().unwrap(),
            "-o",
            "-",
        ])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(run.status.success());
    assert_eq!(run.stdout, text);
    assert!(!dir.join("-").exists(), "`-o -` wrote a file named `-`");
}

/// An output that is not a regular file (here a FIFO; in use, `/dev/null`) is written in place:
/// the atomic rename would replace the device node with a file.
#[test]
fn output_to_a_fifo_writes_into_it_and_leaves_it_a_fifo() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("fifo");
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("out.fifo");
    let _ = std::fs::remove_file(&fifo);
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.expect("mkfifo runs").success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    let input = fixture("softmax_f32.mlir");
    let run = egfuse(
        &[
            "parse",
            input.to_str().unwrap(),
            "-o",
            fifo.to_str().unwrap(),
        ],
        None,
    );
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    // Checked before joining: a reader of a replaced FIFO would wait for ever.
    let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
    assert!(kind.is_fifo(), "the FIFO was replaced by a regular file");
    assert_eq!(reader.join().unwrap(), std::fs::read(&input).unwrap());
}

#[test]
fn generic_output_parses_back_to_the_same_module() {
    let input = fixture("sort_f32.mlir");
    let generic = egfuse(&["parse", input.to_str().unwrap(), "--generic"], None);
    assert!(generic.status.success());
    let text = String::from_utf8(generic.stdout.clone()).unwrap();
    assert!(
        text.contains("\"stablehlo.sort\"") && text.contains("\"func.return\""),
        "{text}"
    );
    let back = egfuse(&["parse", "-"], Some(&generic.stdout));
    assert!(back.status.success());
    assert_eq!(back.stdout, std::fs::read(&input).unwrap());
}

#[test]
fn bad_input_exits_2_with_a_located_diagnostic_and_writes_nothing() {
    let out = scratch("never.mlir");
    let bad = scratch("bad_input.mlir");
    std::fs::write(
        &bad,
        "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n  return %b : tensor<2xf32>\n}\n",
    )
    .unwrap();
    let run = egfuse(
        &["parse", bad.to_str().unwrap(), "-o", out.to_str().unwrap()],
        None,
    );
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains("bad_input.mlir:2:10: use of undefined value `%b`"),
        "{err}"
    );
    assert!(!out.exists(), "a failed run must not write its output");
}

#[test]
fn a_failed_run_leaves_an_existing_output_untouched() {
    let out = scratch("keep.mlir");
    std::fs::write(&out, "previous contents").unwrap();
    let run = egfuse(
        &["parse", "-", "-o", out.to_str().unwrap()],
        Some(b"module {"),
    );
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "previous contents");
}

#[test]
fn unreadable_and_non_utf8_input_exit_2() {
    let missing = egfuse(&["parse", "/nonexistent/egfuse/input.mlir"], None);
    assert_eq!(missing.status.code(), Some(2));
    let binary = egfuse(&["parse", "-"], Some(b"module {\xff\xfe}"));
    assert_eq!(binary.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&binary.stderr).contains("-:1:9: input is not valid UTF-8"));
}

#[test]
fn truncated_garbled_and_random_inputs_end_in_a_diagnostic_not_a_panic() {
    let text = std::fs::read(fixture("llama_block_f32.mlir")).unwrap();
    let mut inputs: Vec<Vec<u8>> = (1..12)
        .map(|k| text[..text.len() * k / 12].to_vec())
        .collect();
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..12 {
        let mut garbled = text.clone();
        let i = (next() as usize) % garbled.len();
        garbled[i] = b"{}()<>%@:=\""[(next() % 11) as usize];
        inputs.push(garbled);
        inputs.push((0..next() % 300).map(|_| (next() % 256) as u8).collect());
    }
    for input in inputs {
        let run = egfuse(&["parse", "-"], Some(&input));
        let err = String::from_utf8_lossy(&run.stderr);
        assert!(
            !err.contains("panicked"),
            "panic on input {:?}: {err}",
            String::from_utf8_lossy(&input)
        );
        match run.status.code() {
            // A mutation can leave valid MLIR (or an empty file, an empty module): that output
            // must itself parse.
            Some(0) => assert_eq!(
                egfuse(&["parse", "-"], Some(&run.stdout)).status.code(),
                Some(0)
            ),
            Some(2) => assert!(err.starts_with("error: -:"), "{err}"),
            other => panic!("unexpected exit {other:?}: {err}"),
        }
    }
}

fn corpus_testdata(name: &str) -> PathBuf {
    let p = corpus_dir("stablehlo-testdata").join(name);
    assert!(p.exists(), "{} is missing", p.display());
    p
}

/// Changes the first nonzero digit of the first literal in `@expected` (or of the last
/// `check.*_const` value), so the expectation no longer holds.
fn alter_expectation(src: &str) -> String {
    let anchor = src
        .find("@expected()")
        .and_then(|at| src[at..].find("dense<").map(|d| at + d))
        .or_else(|| src.rfind("value = dense<"))
        .expect("an expectation to alter");
    let digit = src[anchor..]
        .char_indices()
        .find(|(_, c)| ('1'..='9').contains(c))
        .map(|(i, _)| anchor + i)
        .expect("a digit");
    let old = src.as_bytes()[digit];
    let new = if old == b'9' { '1' } else { (old + 1) as char };
    format!("{}{new}{}", &src[..digit], &src[digit + 1..])
}

#[test]
fn eval_passes_self_checks_and_fails_when_an_expectation_is_altered() {
    let mut files = vec![fixture_path("eval/self_check.mlir")];
    for name in [
        "abs_float32_20_20.mlir",
        "add_int32_20_20_int32_20_20.mlir",
        "quantized/negate_qi8.mlir",
    ] {
        files.push(corpus_testdata(name));
    }
    for file in &files {
        let ok = egfuse(&["eval", file.to_str().unwrap()], None);
        assert_eq!(
            ok.status.code(),
            Some(0),
            "{}: {}",
            file.display(),
            String::from_utf8_lossy(&ok.stderr)
        );
        assert!(String::from_utf8_lossy(&ok.stdout).contains(" 0 failed"));
        let altered = scratch("altered.mlir");
        std::fs::write(
            &altered,
            alter_expectation(&std::fs::read_to_string(file).unwrap()),
        )
        .unwrap();
        let bad = egfuse(&["eval", altered.to_str().unwrap()], None);
        let stderr = String::from_utf8_lossy(&bad.stderr);
        assert_eq!(
            bad.status.code(),
            Some(1),
            "{}: altered expectation must fail",
            file.display()
        );
        assert!(
            stderr.contains("FAIL ") && stderr.contains("check."),
            "{stderr}"
        );
    }
    println!(
        "eval self-check: {} files, each also with an altered expectation",
        files.len()
    );
}

fn fixture_path(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(rel)
}

#[test]
fn eval_writes_npz_and_reads_it_back_to_the_same_bytes() {
    let input = fixture("expm1_f32.mlir");
    let (ins, out1, out2) = (scratch("in.npz"), scratch("out1.npz"), scratch("out2.npz"));
    let run = egfuse(
        &[
            "eval",
            input.to_str().unwrap(),
            "--random",
            "7",
            "--save-inputs",
            ins.to_str().unwrap(),
            "-o",
            out1.to_str().unwrap(),
        ],
        None,
    );
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let again = egfuse(
        &[
            "eval",
            input.to_str().unwrap(),
            "--inputs",
            ins.to_str().unwrap(),
            "-o",
            out2.to_str().unwrap(),
        ],
        None,
    );
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    let (a, b) = (std::fs::read(&out1).unwrap(), std::fs::read(&out2).unwrap());
    assert!(a.starts_with(b"PK"), "an .npz is a zip archive");
    assert_eq!(a, b, "the same inputs give the same output bytes");
}

#[test]
fn eval_without_inputs_for_a_function_with_arguments_is_exit_2() {
    let run = egfuse(&["eval", fixture("expm1_f32.mlir").to_str().unwrap()], None);
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("--random"));
}

#[test]
fn eval_numerics_exact_holds_floats_in_f64() {
    let module = scratch("bf16_add.mlir");
    let text = "func.func @main() -> tensor<2xbf16> {
  %x = stablehlo.constant dense<[1.0, 3.0]> : tensor<2xbf16>
  %e = stablehlo.constant dense<0.00390625> : tensor<2xbf16>
  %s = stablehlo.add %x, %e : tensor<2xbf16>
  return %s : tensor<2xbf16>
}
";
    std::fs::write(&module, text).unwrap();
    let run = |numerics: &str| {
        let out = egfuse(
            &["eval", module.to_str().unwrap(), "--numerics", numerics],
            None,
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert_eq!(run("declared"), "out0: tensor<2xbf16> [1, 3]\n");
    assert_eq!(
        run("exact"),
        "out0: tensor<2xf64> [1.00390625, 3.00390625]\n"
    );
}

/// (fixture, op text to replace, replacement): one op changed per case.
const MUTATIONS: &[(&str, &str, &str)] = &[
    (
        "rmsnorm_f32.mlir",
        "stablehlo.multiply %arg0, %arg0",
        "stablehlo.add %arg0, %arg0",
    ),
    ("rmsnorm_f32.mlir", "stablehlo.rsqrt", "stablehlo.sqrt"),
    (
        "softmax_f32.mlir",
        "stablehlo.exponential",
        "stablehlo.exponential_minus_one",
    ),
    // Not `subtract -> add` of the max: softmax is shift-invariant, and verify rightly agrees.
    ("softmax_f32.mlir", "stablehlo.divide", "stablehlo.multiply"),
    (
        "expm1_f32.mlir",
        "stablehlo.exponential_minus_one",
        "stablehlo.exponential",
    ),
    ("log1p_f32.mlir", "stablehlo.log_plus_one", "stablehlo.log"),
    ("gelu_tanh_f32.mlir", "stablehlo.tanh", "stablehlo.logistic"),
];

#[test]
fn verify_accepts_a_module_against_itself_and_rejects_one_changed_op() {
    for (name, from, to) in MUTATIONS {
        let input = fixture(name);
        let same = egfuse(
            &["verify", input.to_str().unwrap(), input.to_str().unwrap()],
            None,
        );
        assert_eq!(
            same.status.code(),
            Some(0),
            "{name}: {}",
            String::from_utf8_lossy(&same.stderr)
        );
        let src = std::fs::read_to_string(&input).unwrap();
        assert!(src.contains(from), "{name} contains `{from}`");
        let changed = scratch(&format!("changed_{name}"));
        std::fs::write(&changed, src.replacen(from, to, 1)).unwrap();
        let run = egfuse(
            &["verify", input.to_str().unwrap(), changed.to_str().unwrap()],
            None,
        );
        let stdout = String::from_utf8_lossy(&run.stdout);
        assert_eq!(
            run.status.code(),
            Some(1),
            "{name}: `{from}` -> `{to}` must differ:\n{stdout}"
        );
        assert!(
            stdout.contains("max abs err") && stdout.contains("DIFFERENT"),
            "{stdout}"
        );
    }
    println!("verify: {} single-op mutations rejected", MUTATIONS.len());
}

#[test]
fn target_prints_the_default_and_a_file_and_rejects_a_bad_one_with_exit_2() {
    let default = egfuse(&["target"], None);
    assert!(default.status.success());
    let text = String::from_utf8(default.stdout).expect("utf-8");
    assert!(
        text.starts_with("[target]\nname = neuroncore-v2\n"),
        "{text}"
    );
    // The canonical form is itself a target file that prints the same.
    let file = scratch("canonical.target");
    std::fs::write(&file, &text).expect("write the target");
    let again = egfuse(&["target", "--target", file.to_str().unwrap()], None);
    assert!(again.status.success());
    assert_eq!(String::from_utf8_lossy(&again.stdout), text);
    let bad = scratch("bad.target");
    std::fs::write(&bad, text.replace("rows = 128", "rows = -128")).expect("write");
    let run = egfuse(&["target", "--target", bad.to_str().unwrap()], None);
    assert_eq!(run.status.code(), Some(2));
    assert!(run.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains("bad.target:25:8: `rows` cannot be negative"),
        "{stderr}"
    );
    // A built-in target by name; an unknown name lists the built-in ones.
    let v4 = egfuse(&["target", "--target", "neuroncore-v4"], None);
    let text = String::from_utf8_lossy(&v4.stdout);
    assert!(
        text.contains("name = neuroncore-v4\n\n[core]\ngeneration = 4\n"),
        "{text}"
    );
    let unknown = egfuse(&["target", "--target", "neuroncore-v9"], None);
    assert_eq!(unknown.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&unknown.stderr);
    assert!(
        stderr.contains("no target file or built-in target `neuroncore-v9` (built-in: neuroncore-v2, neuroncore-v4)"),
        "{stderr}"
    );
}
