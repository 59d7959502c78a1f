//! The README names only what exists: every path in a code span (the rule of `check_paths`),
//! every `egfuse COMMAND` (a subcommand the built binary lists in its help), every
//! `--test NAME` and `--bench NAME` (a test or bench target of the workspace), and every
//! `commands -- MODULE::` filter (a module of `tests/commands/`).

use super::{check_paths, code_spans, root, toml_list};
use std::collections::BTreeSet;
use std::process::Command;

fn readme() -> String {
    std::fs::read_to_string(root().join("README.md")).expect("README.md is readable")
}

/// The subcommands `egfuse --help` lists.
fn subcommands() -> BTreeSet<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_egfuse"))
        .arg("--help")
        .output()
        .expect("egfuse runs");
    let help = String::from_utf8_lossy(&out.stdout).into_owned();
    let listed = help.split("Commands:").nth(1).expect("a Commands section");
    let listed = listed.split("Options:").next().unwrap_or(listed);
    (listed.lines())
        .filter_map(|l| l.split_whitespace().next())
        .map(String::from)
        .collect()
}

/// Every test and bench target of the workspace: the root package's `[[test]]` and `[[bench]]`
/// names, and each workspace member's `tests/NAME.rs` or `tests/NAME/main.rs`.
fn targets() -> BTreeSet<String> {
    let toml = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let mut out: BTreeSet<String> = (toml.split("[[").skip(1))
        .filter_map(|t| t.split("name = \"").nth(1)?.split('"').next())
        .map(String::from)
        .collect();
    let members = toml_list(&toml, "members");
    for dir in members.iter().map(|c| root().join(c).join("tests")) {
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            out.insert(name.trim_end_matches(".rs").to_string());
        }
    }
    out
}

/// The words that follow `marker` in `text`, up to a space, a backtick or a closing bracket.
fn after<'t>(text: &'t str, marker: &str) -> Vec<&'t str> {
    text.match_indices(marker)
        .map(|(i, _)| &text[i + marker.len()..])
        .map(|rest| {
            let end = rest.find([' ', '`', ')', ',', '\n']).unwrap_or(rest.len());
            &rest[..end]
        })
        .filter(|w| !w.is_empty())
        .collect()
}

#[test]
fn readme_paths_exist() {
    let named = check_paths("README.md", &readme());
    println!("tidy: README.md names {named} paths, all exist");
}

#[test]
fn readme_commands_tests_and_benches_exist() {
    let text = readme();
    let (commands, targets) = (subcommands(), targets());
    let mut wrong = Vec::new();
    let spans = code_spans(&text);
    let said: Vec<&str> = spans.iter().flat_map(|s| after(s, "egfuse ")).collect();
    for c in said
        .iter()
        .filter(|c| !c.starts_with('-') && c.chars().all(char::is_lowercase))
    {
        if !commands.contains(*c) {
            wrong.push(format!("egfuse {c}: no such command"));
        }
    }
    for flag in ["--test ", "--bench "] {
        for t in spans.iter().flat_map(|s| after(s, flag)) {
            if !targets.contains(t) {
                wrong.push(format!("{flag}{t}: no such target"));
            }
        }
    }
    for m in spans.iter().flat_map(|s| after(s, "commands -- ")) {
        let module = m.trim_end_matches("::");
        if !root().join(format!("tests/commands/{module}.rs")).exists() {
            wrong.push(format!("commands -- {m}: no such module"));
        }
    }
    assert!(
        wrong.is_empty(),
        "README.md names what does not exist:\n  {}",
        wrong.join("\n  ")
    );
    println!(
        "tidy: README.md names {} egfuse commands, tests, benches and modules, all exist",
        said.len()
    );
}

/// The check above refuses a command, a target and a module that do not exist.
#[test]
fn a_readme_naming_what_does_not_exist_is_refused() {
    let spans = code_spans(
        "`egfuse fusee x` and `cargo bench --bench nope` and `--test commands -- lowerr::`",
    );
    assert_eq!(
        spans
            .iter()
            .flat_map(|s| after(s, "egfuse "))
            .collect::<Vec<_>>(),
        ["fusee"]
    );
    assert!(!subcommands().contains("fusee") && subcommands().contains("fuse"));
    assert!(
        !targets().contains("nope")
            && targets().contains("filetests")
            && targets().contains("cost")
    );
    assert_eq!(
        spans
            .iter()
            .flat_map(|s| after(s, "commands -- "))
            .collect::<Vec<_>>(),
        ["lowerr::"]
    );
}
