//! egfuse's default rule set, embedded in the binary as data. Each `*.rules` file in this
//! crate's directory is one family; README.md here is the authoring guide and
//! docs/rules.md the language reference.

/// The embedded default rule files: (file name, contents), sorted by name.
pub const DEFAULT_RULES: &[(&str, &str)] = &[
    ("dot_logistic.rules", include_str!("../dot_logistic.rules")),
    ("dot_softmax.rules", include_str!("../dot_softmax.rules")),
    ("elementwise.rules", include_str!("../elementwise.rules")),
    ("expm1.rules", include_str!("../expm1.rules")),
    ("log1p.rules", include_str!("../log1p.rules")),
    ("mul_red_sqrt.rules", include_str!("../mul_red_sqrt.rules")),
    ("sub_exp.rules", include_str!("../sub_exp.rules")),
];

#[cfg(test)]
mod tests {
    use super::DEFAULT_RULES;

    #[test]
    fn embedded_list_is_the_directory_sorted() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut on_disk: Vec<(String, String)> = std::fs::read_dir(dir)
            .expect("the rules directory")
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "rules"))
            .map(|p| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                (
                    name,
                    std::fs::read_to_string(&p).expect("a readable rule file"),
                )
            })
            .collect();
        on_disk.sort();
        let embedded: Vec<(String, String)> = DEFAULT_RULES
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect();
        let names = |v: &[(String, String)]| v.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
        assert_eq!(
            names(&embedded),
            names(&on_disk),
            "add or remove the file in DEFAULT_RULES"
        );
        assert_eq!(embedded, on_disk);
    }
}
