//! Op-level mutations of MLIR text: the structure-aware half of the fuzzers' mutator.
//!
//! libFuzzer's byte-level mutations rarely keep a module parseable, so they test the lexer and
//! the parser's error paths and seldom reach the verifier or the fusion passes. These edits keep
//! the text's shape and change its meaning the way a wrong exporter or a hand edit would: each
//! treats a line holding `%name = dialect.op ...` as one op and
//! - swaps two of its operands,
//! - replaces an operand by another value defined in the module,
//! - changes one dimension of one of its tensor types,
//! - changes one of its element types,
//! - changes one integer of its attributes,
//! - drops it, duplicates it under a new result name, or moves it one line up or down.
//!
//! Invariant: a mutation is a pure function of the text and the seed (the fuzzer replays it).

/// A small deterministic generator (xorshift64*), so a seed names one mutation.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The edits, in the order of the doc list above.
#[derive(Clone, Copy, Debug)]
enum Edit {
    SwapOperands,
    ReplaceOperand,
    ChangeDim,
    ChangeElem,
    ChangeAttrInt,
    Drop,
    Duplicate,
    Move,
}

const EDITS: [Edit; 8] = [
    Edit::SwapOperands,
    Edit::ReplaceOperand,
    Edit::ChangeDim,
    Edit::ChangeElem,
    Edit::ChangeAttrInt,
    Edit::Drop,
    Edit::Duplicate,
    Edit::Move,
];

const ELEMS: [&str; 8] = ["f32", "bf16", "f16", "f64", "i32", "i64", "i1", "ui8"];

const DIMS: [&str; 8] = ["0", "1", "2", "3", "7", "128", "1024", "?"];

/// One op-level edit of `text` chosen by `seed`, or `None` when the text has no op line the
/// chosen edit applies to.
pub fn mutate(text: &str, seed: u64) -> Option<String> {
    let mut rng = Rng::new(seed);
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let ops: Vec<usize> = (0..lines.len()).filter(|&i| is_op(&lines[i])).collect();
    if ops.is_empty() {
        return None;
    }
    let at = ops[rng.below(ops.len())];
    let edit = EDITS[rng.below(EDITS.len())];
    let changed = match edit {
        Edit::SwapOperands => swap_operands(&lines[at], &mut rng),
        Edit::ReplaceOperand => replace_operand(&lines[at], &defined(&lines), &mut rng),
        Edit::ChangeDim => change_in_types(&lines[at], &mut rng, &DIMS, is_dim),
        Edit::ChangeElem => change_in_types(&lines[at], &mut rng, &ELEMS, is_elem),
        Edit::ChangeAttrInt => change_attr_int(&lines[at], &mut rng),
        Edit::Drop => {
            lines.remove(at);
            return Some(joined(&lines));
        }
        Edit::Duplicate => {
            let copy = renamed_result(&lines[at])?;
            lines.insert(at + 1, copy);
            return Some(joined(&lines));
        }
        Edit::Move => {
            let to = if rng.below(2) == 0 {
                at.checked_sub(1)?
            } else {
                at + 1
            };
            (to < lines.len()).then(|| lines.swap(at, to))?;
            return Some(joined(&lines));
        }
    };
    lines[at] = changed?;
    Some(joined(&lines))
}

fn joined(lines: &[String]) -> String {
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// Whether a line defines values with an op: `%a = d.op ...` or `%a:2 = "d.op"(...)`.
fn is_op(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with('%') && t.contains(" = ")
}

/// The byte ranges of the `%name` tokens of `s`.
fn ssa_tokens(s: &str) -> Vec<(usize, usize)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let start = i;
            i += 1;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'#') {
                i += 1;
            }
            if i > start + 1 {
                out.push((start, i));
            }
        } else {
            i += 1;
        }
    }
    out
}

/// Where an op line's operands start: after its ` = `.
fn operands_from(line: &str) -> usize {
    line.find(" = ").map_or(0, |i| i + 3)
}

fn swap_operands(line: &str, rng: &mut Rng) -> Option<String> {
    let from = operands_from(line);
    let toks: Vec<(usize, usize)> = ssa_tokens(&line[from..])
        .into_iter()
        .map(|(a, b)| (a + from, b + from))
        .collect();
    if toks.len() < 2 {
        return None;
    }
    let i = rng.below(toks.len());
    let j = (i + 1 + rng.below(toks.len() - 1)) % toks.len();
    let (x, y) = if i < j {
        (toks[i], toks[j])
    } else {
        (toks[j], toks[i])
    };
    Some(format!(
        "{}{}{}{}{}",
        &line[..x.0],
        &line[y.0..y.1],
        &line[x.1..y.0],
        &line[x.0..x.1],
        &line[y.1..]
    ))
}

/// Every `%name` defined as an op result in the module.
fn defined(lines: &[String]) -> Vec<String> {
    let names = lines.iter().filter(|l| is_op(l)).filter_map(|l| {
        let t = l.trim_start();
        let (a, b) = *ssa_tokens(t).first()?;
        Some(t[a..b].to_string())
    });
    names.collect()
}

fn replace_operand(line: &str, defs: &[String], rng: &mut Rng) -> Option<String> {
    let from = operands_from(line);
    let toks = ssa_tokens(&line[from..]);
    if toks.is_empty() || defs.is_empty() {
        return None;
    }
    let (a, b) = toks[rng.below(toks.len())];
    let by = &defs[rng.below(defs.len())];
    Some(format!("{}{by}{}", &line[..from + a], &line[from + b..]))
}

/// Replaces one piece of the line's `tensor<...>` types that `is_piece` accepts by one of
/// `choices`.
fn change_in_types(
    line: &str,
    rng: &mut Rng,
    choices: &[&str],
    is_piece: fn(&str) -> bool,
) -> Option<String> {
    let mut pieces = Vec::new();
    let mut rest = 0;
    while let Some(start) = line[rest..].find("tensor<").map(|i| i + rest + 7) {
        let end = line[start..].find('>').map_or(line.len(), |i| i + start);
        let mut at = start;
        for piece in line[start..end].split('x') {
            if is_piece(piece) {
                pieces.push((at, at + piece.len()));
            }
            at += piece.len() + 1;
        }
        rest = end;
    }
    if pieces.is_empty() {
        return None;
    }
    let (a, b) = pieces[rng.below(pieces.len())];
    let by = choices[rng.below(choices.len())];
    Some(format!("{}{by}{}", &line[..a], &line[b..]))
}

fn is_dim(piece: &str) -> bool {
    !piece.is_empty() && (piece == "?" || piece.bytes().all(|c| c.is_ascii_digit()))
}

fn is_elem(piece: &str) -> bool {
    ELEMS.contains(&piece)
}

/// Changes one integer outside the types (a dimension list, an index, a literal).
fn change_attr_int(line: &str, rng: &mut Rng) -> Option<String> {
    let types_from = line.rfind(" : ").unwrap_or(line.len());
    let b = line.as_bytes();
    let mut ints = Vec::new();
    let mut i = operands_from(line);
    while i < types_from {
        let boundary = i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        if b[i].is_ascii_digit() && boundary {
            let start = i;
            while i < types_from && b[i].is_ascii_digit() {
                i += 1;
            }
            let glued = i < b.len() && (b[i].is_ascii_alphabetic() || b[i] == b'_');
            if !glued {
                ints.push((start, i));
            }
        } else {
            i += 1;
        }
    }
    if ints.is_empty() {
        return None;
    }
    let (a, e) = ints[rng.below(ints.len())];
    let by = ["0", "1", "2", "-1", "3", "64", "4096"][rng.below(7)];
    Some(format!("{}{by}{}", &line[..a], &line[e..]))
}

/// The op line with its first result renamed `%NAME_dup` (a copy that defines new values).
fn renamed_result(line: &str) -> Option<String> {
    let lead = line.len() - line.trim_start().len();
    let (a, b) = *ssa_tokens(&line[lead..]).first()?;
    let (a, b) = (a + lead, b + lead);
    let name_end = line[a..b].find('#').map_or(b, |i| a + i);
    Some(format!("{}_dup{}", &line[..name_end], &line[name_end..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    const M: &str = "func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {\n  %0 = stablehlo.add %arg0, %arg0 : tensor<2x3xf32>\n  %1 = stablehlo.multiply %0, %arg0 : tensor<2x3xf32>\n  return %1 : tensor<2x3xf32>\n}\n";

    #[test]
    fn every_seed_gives_the_same_text_twice_and_most_change_it() {
        let mut changed = 0;
        for seed in 0..200 {
            let a = mutate(M, seed);
            assert_eq!(a, mutate(M, seed));
            changed += usize::from(a.is_some_and(|t| t != M));
        }
        assert!(
            changed > 100,
            "only {changed} of 200 seeds changed the module"
        );
    }

    #[test]
    fn swapping_exchanges_two_operands() {
        let line = "  %1 = stablehlo.multiply %0, %arg0 : tensor<2x3xf32>";
        let got = swap_operands(line, &mut Rng::new(1)).unwrap();
        assert_eq!(got, "  %1 = stablehlo.multiply %arg0, %0 : tensor<2x3xf32>");
    }

    #[test]
    fn a_duplicate_defines_a_new_name() {
        let line = "  %0 = stablehlo.add %arg0, %arg0 : tensor<2x3xf32>";
        let got = renamed_result(line).unwrap();
        assert_eq!(
            got,
            "  %0_dup = stablehlo.add %arg0, %arg0 : tensor<2x3xf32>"
        );
    }
}
