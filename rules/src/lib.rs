//! egfuse's default rule set and target descriptions, embedded in the binary as data. Each
//! `*.rules` file in this crate's directory is one family; README.md here is the authoring guide
//! and docs/rules.md the language reference. Each `targets/*.target` file describes one
//! accelerator core for the cost model; docs/target.md is its reference.

/// The embedded default rule files: (file name, contents), sorted by name.
pub const DEFAULT_RULES: &[(&str, &str)] = &[
    ("dot_logistic.rules", include_str!("../dot_logistic.rules")),
    ("elementwise.rules", include_str!("../elementwise.rules")),
    ("expm1.rules", include_str!("../expm1.rules")),
    ("gelu.rules", include_str!("../gelu.rules")),
    ("kernels.rules", include_str!("../kernels.rules")),
    ("layout.rules", include_str!("../layout.rules")),
    ("log1p.rules", include_str!("../log1p.rules")),
    ("mul_red_sqrt.rules", include_str!("../mul_red_sqrt.rules")),
    ("mx.rules", include_str!("../mx.rules")),
    ("norm.rules", include_str!("../norm.rules")),
    ("route.rules", include_str!("../route.rules")),
    ("select.rules", include_str!("../select.rules")),
    ("softmax.rules", include_str!("../softmax.rules")),
    ("sub_exp.rules", include_str!("../sub_exp.rules")),
];

/// The default rules checked and expanded, in egfuse-dsl's stored form (`egfuse_dsl::store`):
/// what a process loads instead of parsing [`DEFAULT_RULES`]. A test in the `egfuse` binary
/// checks that it is those texts loaded, and writes it again with `UPDATE_EXPECT=1`.
pub const STORED: &[u8] = include_bytes!("../defaults.stored");

/// Where [`STORED`] lives, from the repository's root.
pub const STORED_PATH: &str = "rules/defaults.stored";

/// The embedded target descriptions: (file name, contents), sorted by name.
pub const TARGETS: &[(&str, &str)] = &[
    (
        "neuroncore-v2.target",
        include_str!("../targets/neuroncore-v2.target"),
    ),
    (
        "neuroncore-v4.target",
        include_str!("../targets/neuroncore-v4.target"),
    ),
];

/// The file name of the target egfuse costs for unless told otherwise.
pub const DEFAULT_TARGET: &str = "neuroncore-v2.target";

/// The opcode table: every nisa op's instruction class, opcode bytes and home engine class,
/// per core generation (docs/isa.md).
pub const OPCODES: (&str, &str) = ("opcodes.table", include_str!("../targets/opcodes.table"));

/// The text of the embedded target file `name` (e.g. [`DEFAULT_TARGET`]).
pub fn target(name: &str) -> Option<&'static str> {
    TARGETS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

#[cfg(test)]
mod tests {
    use super::{DEFAULT_RULES, DEFAULT_TARGET, TARGETS};
    use std::path::Path;

    /// The files of `dir` ending in `.ext`: (file name, contents), sorted by name.
    fn on_disk(dir: &Path, ext: &str) -> Vec<(String, String)> {
        let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
            .expect("a readable directory")
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == ext))
            .map(|p| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                (name, std::fs::read_to_string(&p).expect("a readable file"))
            })
            .collect();
        files.sort();
        files
    }

    /// The embedded list must be exactly the directory's files, in name order.
    fn assert_embedded(embedded: &[(&str, &str)], dir: &Path, ext: &str) {
        let on_disk = on_disk(dir, ext);
        let embedded: Vec<(String, String)> = embedded
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect();
        let names = |v: &[(String, String)]| v.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
        assert_eq!(
            names(&embedded),
            names(&on_disk),
            "add or remove the file in the embedded list"
        );
        assert_eq!(embedded, on_disk);
    }

    #[test]
    fn embedded_rules_are_the_directory_sorted() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
        assert_embedded(DEFAULT_RULES, dir, "rules");
    }

    #[test]
    fn embedded_targets_are_the_directory_sorted() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("targets");
        assert_embedded(TARGETS, &dir, "target");
        assert!(super::target(DEFAULT_TARGET).is_some());
        assert!(super::target("no-such.target").is_none());
    }
}
