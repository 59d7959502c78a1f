//! egfuse's rule language: the pest grammar, the spanned AST, the static checks and the pretty
//! printer. The rule-language issue fills this crate; the engine already depends on it so the
//! dependency direction `dsl <- engine` is fixed from the start.
