//! egfuse's default rule set, embedded in the binary as data. Each `*.rules` file under this
//! crate is one family; the set is empty until the rule-language issue adds the families.

/// The embedded default rule files: (file name, contents), sorted by name.
pub const DEFAULT_RULES: &[(&str, &str)] = &[];
