//! How a count reads in what egfuse says: `1 fusion`, `2 fusions`, `1 match`, `3 matches`.

/// `n` and `noun`, the noun in the plural unless `n` is 1 (`-es` after a hiss: `matches`).
pub fn plural(n: usize, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        _ if ["s", "x", "ch", "sh"].iter().any(|end| noun.ends_with(end)) => {
            format!("{n} {noun}es")
        }
        _ => format!("{n} {noun}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::plural;

    #[test]
    fn one_is_singular_and_the_rest_plural() {
        assert_eq!(plural(1, "fusion"), "1 fusion");
        assert_eq!(plural(0, "fusion"), "0 fusions");
        assert_eq!(plural(2, "match"), "2 matches");
        assert_eq!(plural(1, "match"), "1 match");
        assert_eq!(plural(7, "candidate anchor"), "7 candidate anchors");
    }
}
