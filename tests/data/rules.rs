//! Data-driven tests of the rule language over real rule files, one named trial per input:
//!
//! - `bad::NAME`: each tests/bad_rules/*.rules fails to load with the diagnostics pinned in its
//!   `.err` file (`UPDATE_EXPECT=1` re-blesses).
//! - `roundtrip::NAME`: each default rule file is in canonical form (`print(parse(f)) == f`),
//!   and `parse(print(ast)) == ast` up to spans (`UPDATE_EXPECT=1` writes the canonical form
//!   into the file).
//! - `defaults::load`: the default rule set loads with no findings.
//! - `robust::NAME`: truncated and garbled variants of each default file end in diagnostics
//!   with a position or in a rule set, never a panic.
//! - `docs::example_N`: every rule example in docs/rules.md, rules/README.md and
//!   docs/lowering.md loads cleanly, its select, kernel and route items included (an `opcode`
//!   example fails with its "not supported yet" diagnostic).
//! - `cli::*`: `egfuse rules check` and `egfuse rules list` as a user runs them: exit codes,
//!   `--rules` replacing the defaults, `--extra-rules` adding a new fusion kind, and
//!   `--soundness` passing the defaults and finding the wrong rules of
//!   tests/fixtures/rules_unsound (reports pinned in tests/golden/rules_soundness*.txt).

use egfuse_dsl::ast::Item;
use egfuse_dsl::{parse, print, RuleSet};
use egfuse_fusion::catalog::Catalog;
use libtest_mimic::{Failed, Trial};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Every trial of this suite, named under `rules::`.
pub fn trials() -> Vec<Trial> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bad = rule_files(&root.join("tests/bad_rules"));
    let mut trials: Vec<Trial> = bad.iter().map(|p| bad_trial(p)).collect();
    trials.extend(
        egfuse_rules::DEFAULT_RULES
            .iter()
            .map(|&(name, text)| roundtrip_trial(name, text)),
    );
    trials.push(Trial::test("rules::defaults::load", || {
        RuleSet::load(egfuse_rules::DEFAULT_RULES, &Catalog)
            .map(|_| ())
            .map_err(|files| files.iter().map(|f| f.render()).collect::<String>().into())
    }));
    trials.extend(
        egfuse_rules::DEFAULT_RULES
            .iter()
            .map(|&(name, text)| robust_trial(name, text)),
    );
    trials.extend(doc_trials(root));
    trials.extend(cli_trials());
    trials
}

fn rule_files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|it| {
            it.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "rules"))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

fn bad_trial(path: &Path) -> Trial {
    let path = path.to_path_buf();
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let stem = name.trim_end_matches(".rules").to_string();
    Trial::test(format!("rules::bad::{stem}"), move || {
        let text = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
        let files = match RuleSet::load(&[(&name, &text)], &Catalog) {
            Ok(_) => return Err("expected a diagnostic, but the rules loaded".into()),
            Err(files) => files,
        };
        let rendered: String = files.iter().map(|f| f.render()).collect();
        if !rendered.contains(&format!("error: {name}:")) {
            return Err(format!("no file:line:col headline in:\n{rendered}").into());
        }
        // The golden boundary: UPDATE_EXPECT=1 writes the `.err` file.
        let golden = expect_test::ExpectFile {
            path: path.with_extension("err"),
            position: file!(),
        };
        golden.assert_eq(&rendered);
        Ok(())
    })
}

fn roundtrip_trial(name: &'static str, text: &'static str) -> Trial {
    Trial::test(format!("rules::roundtrip::{name}"), move || {
        let render = |e: Vec<egfuse_diag::Diag>| egfuse_diag::render(name, text, &e);
        let ast = parse(text).map_err(render)?;
        let printed = print(&ast);
        if printed != text && std::env::var_os("UPDATE_EXPECT").is_some() {
            let file = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("rules")
                .join(name);
            std::fs::write(&file, &printed).map_err(|e| format!("{}: {e}", file.display()))?;
        } else if printed != text {
            return Err(first_difference(&printed, text).into());
        }
        let again = parse(&printed).map_err(|e| egfuse_diag::render(name, &printed, &e))?;
        if without_spans(&again) != without_spans(&ast) {
            return Err("parse(print(ast)) differs from ast beyond spans".into());
        }
        if print(&again) != printed {
            return Err("print(parse(print(ast))) differs from print(ast)".into());
        }
        Ok(())
    })
}

/// The tree's debug form with every span (`@start..end`) removed.
fn without_spans(ast: &egfuse_dsl::ast::File) -> String {
    let dump = format!("{ast:?}");
    let mut out = String::with_capacity(dump.len());
    let mut chars = dump.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '@' {
            while chars
                .peek()
                .is_some_and(|d| d.is_ascii_digit() || *d == '.')
            {
                chars.next();
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn first_difference(printed: &str, file: &str) -> String {
    let line = printed
        .lines()
        .zip(file.lines())
        .position(|(a, b)| a != b)
        .unwrap_or(printed.lines().count().min(file.lines().count()));
    format!(
        "the file is not in canonical form at line {}:\n  printed: {}\n  file:    {}",
        line + 1,
        printed.lines().nth(line).unwrap_or("<end>"),
        file.lines().nth(line).unwrap_or("<end>")
    )
}

fn robust_trial(name: &'static str, text: &'static str) -> Trial {
    Trial::test(format!("rules::robust::{name}"), move || {
        // A linear congruential generator (Knuth's MMIX constants): every run tries the same inputs.
        let mut state = 0x2545_F491_4F6C_DD1D ^ text.len() as u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as usize
        };
        let step = (text.len() / 100).max(1);
        let mut inputs: Vec<String> = (0..text.len())
            .step_by(step)
            .filter(|&n| text.is_char_boundary(n))
            .map(|n| text[..n].to_string())
            .collect();
        let garbage = b"%$#(){}[]<>=,:|\"_-x0.\n";
        inputs.extend((0..200).map(|_| {
            let mut bytes = text.as_bytes().to_vec();
            for _ in 0..1 + next() % 4 {
                let i = next() % bytes.len();
                bytes[i] = garbage[next() % garbage.len()];
            }
            String::from_utf8_lossy(&bytes).into_owned()
        }));
        let unplaced = inputs.iter().find_map(|input| {
            let files = RuleSet::load(&[("fuzz.rules", input)], &Catalog).err()?;
            let shown: String = files.iter().map(|f| f.render()).collect();
            (!shown.starts_with("error: fuzz.rules:")).then_some(shown)
        });
        match unplaced {
            Some(shown) => Err(format!("a diagnostic without a position: {shown}").into()),
            None => Ok(()),
        }
    })
}

/// The fenced blocks of the rule documents that hold rules.
fn doc_trials(root: &Path) -> Vec<Trial> {
    let mut trials = Vec::new();
    for doc in ["docs/rules.md", "rules/README.md", "docs/lowering.md"] {
        let text = std::fs::read_to_string(root.join(doc)).unwrap_or_default();
        let blocks = text.split("\n```").skip(1).step_by(2);
        let rules = blocks.filter_map(|b| b.strip_prefix('\n')).filter(|b| {
            [
                "fusion ", "rewrite ", "# ", "kernel ", "select ", "route ", "opcode ",
            ]
            .iter()
            .any(|start| b.starts_with(start))
        });
        for (i, block) in rules.enumerate() {
            let (doc, block) = (doc.to_string(), block.to_string());
            trials.push(Trial::test(
                format!("rules::docs::{doc}::example_{i}"),
                move || {
                    let loaded = RuleSet::load(&[("example.rules", &block)], &Catalog);
                    let lowering =
                        |set: &RuleSet| egfuse_lowering::rules::Rules::of(set).map(|_| ());
                    match (loaded, block.starts_with("opcode ")) {
                        (Ok(set), false) => lowering(&set)
                            .map_err(|f| f.iter().map(|f| f.render()).collect::<String>().into()),
                        (Err(f), true) if f[0].render().contains("not supported yet") => Ok(()),
                        (Ok(_), true) => Err("an opcode item loaded".into()),
                        (Err(f), _) => Err(f.iter().map(|f| f.render()).collect::<String>().into()),
                    }
                },
            ));
        }
    }
    trials
}

/// Runs the binary from the repository root, so relative paths in its output are stable.
fn egfuse(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_egfuse"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .expect("the egfuse binary runs")
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("rules")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Checks the exit code and that `stdout` or `stderr` contains `needle`.
fn expect_run(out: &Output, code: i32, needle: &str) -> Result<(), Failed> {
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    if out.status.code() != Some(code) || !(stdout.contains(needle) || stderr.contains(needle)) {
        return Err(format!(
            "expected exit {code} and {needle:?}, got {:?}\nstdout: {stdout}\nstderr: {stderr}",
            out.status.code()
        )
        .into());
    }
    Ok(())
}

const TANH_SCALE: &str = "\
# tanh(x * c) is one TanhScale kernel.
fusion tanh-scale kind TanhScale anchor %t {
  %m = commute stablehlo.multiply(%x, splat($c))
  %t = stablehlo.tanh(%m) if not_fused(%t)
  penguin scale = $c
}
";

fn cli_trials() -> Vec<Trial> {
    vec![
        Trial::test("rules::cli::check_defaults", || {
            expect_run(&egfuse(&["rules", "check"]), 0, "no findings")
        }),
        Trial::test("rules::cli::list_defaults", || {
            let out = egfuse(&["rules", "list"]);
            expect_run(&out, 0, "mul_red_sqrt.rules  fusion    mul-red-sqrt")?;
            let lines = String::from_utf8_lossy(&out.stdout).lines().count();
            let rules: usize = egfuse_rules::DEFAULT_RULES
                .iter()
                .map(|(_, t)| parse(t).map_or(0, |f| f.items.len()))
                .sum();
            if lines != rules {
                return Err(format!("{lines} lines listed for {rules} rules").into());
            }
            Ok(())
        }),
        Trial::test("rules::cli::extra_rules_add_a_fusion_kind", || {
            let dir = scratch("extra");
            std::fs::write(dir.join("tanh_scale.rules"), TANH_SCALE).map_err(|e| e.to_string())?;
            let d = dir.to_str().unwrap();
            let files = format!("{} rule files", egfuse_rules::DEFAULT_RULES.len() + 1);
            expect_run(&egfuse(&["rules", "check", "--extra-rules", d]), 0, &files)?;
            expect_run(
                &egfuse(&["rules", "list", "--extra-rules", d]),
                0,
                "tanh-scale",
            )
        }),
        Trial::test("rules::cli::rules_replace_the_defaults", || {
            let dir = scratch("replace");
            std::fs::write(dir.join("tanh_scale.rules"), TANH_SCALE).map_err(|e| e.to_string())?;
            let out = egfuse(&["rules", "list", "--rules", dir.to_str().unwrap()]);
            expect_run(&out, 0, "tanh-scale")?;
            if String::from_utf8_lossy(&out.stdout).contains("mul-red-sqrt") {
                return Err("--rules kept the default rules".into());
            }
            Ok(())
        }),
        Trial::test("rules::cli::findings_exit_1", || {
            let dir = scratch("findings");
            let bad = "fusion f kind K anchor %s {\n  %s = stablehlo.sqrtt(%x)\n}\n";
            std::fs::write(dir.join("bad.rules"), bad).map_err(|e| e.to_string())?;
            let out = egfuse(&["rules", "check", "--extra-rules", dir.to_str().unwrap()]);
            expect_run(&out, 1, "bad.rules:2:8: unknown op `stablehlo.sqrtt`")?;
            expect_run(&out, 1, "error: 1 finding in 1 rule file")
        }),
        Trial::test("rules::cli::extra_rules_clash_with_defaults", || {
            let dir = scratch("clash");
            let clash =
                "rewrite expm1-fold:\n  stablehlo.negate(stablehlo.negate(%x))\n    => %x\n";
            std::fs::write(dir.join("clash.rules"), clash).map_err(|e| e.to_string())?;
            let out = egfuse(&["rules", "check", "--extra-rules", dir.to_str().unwrap()]);
            expect_run(&out, 1, "the first is at expm1.rules:")
        }),
        Trial::test(
            "rules::cli::soundness_of_the_defaults",
            soundness_of_the_defaults,
        ),
        Trial::test(
            "cli::soundness_finds_wrong_rules",
            soundness_finds_wrong_rules,
        ),
        Trial::test("rules::cli::unreadable_exit_2", || {
            let missing = scratch("missing").join("nowhere");
            let out = egfuse(&["rules", "check", "--rules", missing.to_str().unwrap()]);
            expect_run(&out, 2, "cannot read")
        }),
    ]
}

/// The default rules pass `rules check --soundness`: every rule checked and ok; the report is
/// pinned in tests/golden/rules_soundness.txt (what each rule was checked on).
fn soundness_of_the_defaults() -> Result<(), Failed> {
    // Each form of a rule with optional parts is checked on its own; fragments are not rules.
    let set = RuleSet::load(egfuse_rules::DEFAULT_RULES, &Catalog).expect("the defaults load");
    let rules = set
        .items()
        .filter(|(_, i)| matches!(i, Item::Fusion(_) | Item::Rewrite(_)))
        .count();
    let out = egfuse(&["rules", "check", "--soundness"]);
    let summary = format!("soundness: {rules} rules: {rules} ok, 0 unsound, 0 not checked");
    expect_run(&out, 0, &summary)?;
    let golden = expect_test::ExpectFile {
        path: Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/rules_soundness.txt"),
        position: file!(),
    };
    golden.assert_eq(&String::from_utf8_lossy(&out.stdout));
    Ok(())
}

/// The deliberately wrong rules of tests/fixtures/rules_unsound are each found unsound with a
/// witness, added to the defaults (exit 1) and alone (the report pinned in
/// tests/golden/rules_soundness_unsound.txt).
fn soundness_finds_wrong_rules() -> Result<(), Failed> {
    let dir = "tests/fixtures/rules_unsound";
    let out = egfuse(&["rules", "check", "--soundness", "--extra-rules", dir]);
    for name in [
        "subtract-swapped",
        "exp-of-sum",
        "expm1-fold-exact",
        "mean-in-integers",
        "reshape-twice",
        "erf-call-as-erfc",
    ] {
        let line = format!("UNSOUND: rewrite {name} ({dir}/wrong.rules): left to right");
        expect_run(&out, 1, &line)?;
    }
    // Sound in f32 and f64, it fails in bf16 against the f64 reference, narrow floats in f32.
    let bf16 = format!("UNSOUND: rewrite mean-in-bf16 ({dir}/wrong.rules): left to right, bf16");
    expect_run(&out, 1, &bf16)?;
    expect_run(
        &out,
        1,
        "further than before by more than the relative tolerance 4.768e-7",
    )?;
    expect_run(&out, 1, "ok: rewrite expm1-fold-tolerant")?;
    expect_run(&out, 1, "7 unsound, 1 not checked")?;
    expect_run(&out, 1, "not checked: rewrite reverse-twice")?;
    let alone = egfuse(&["rules", "check", "--soundness", "--rules", dir]);
    expect_run(
        &alone,
        1,
        "element [0, 0]: before 1.3302056, after -1.3302056",
    )?;
    let golden = expect_test::ExpectFile {
        path: Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/golden/rules_soundness_unsound.txt"),
        position: file!(),
    };
    golden.assert_eq(&String::from_utf8_lossy(&alone.stdout));
    Ok(())
}
