//! How a count reads in what egfuse says: `1 fusion`, `2 fusions`, `1 match`, `3 matches`.

/// `n` and `noun`, the noun in the plural unless `n` is 1 (`-es` after a hiss: `matches`;
/// `-ies` for a `-y` after a consonant: `copies`).
pub fn plural(n: usize, noun: &str) -> String {
    let consonant_y = noun.strip_suffix('y').filter(|s| {
        s.chars()
            .last()
            .is_some_and(|c| c.is_ascii_alphabetic() && !"aeiou".contains(c))
    });
    match n {
        1 => format!("1 {noun}"),
        _ if consonant_y.is_some() => format!("{n} {}ies", consonant_y.unwrap_or(noun)),
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
        assert_eq!(plural(2, "copy"), "2 copies");
        assert_eq!(plural(2, "key"), "2 keys");
    }
}
