//! The generator's and the lowering property's own tests: programs from a fixed seed parse,
//! verify and cover the idioms the generator promises ([`Census`]), and fuse, lower and check
//! into many kinds of kernel.

use crate::program;
use egfuse_ir::parse::parse;
use egfuse_ir::verify::verify;
use std::collections::{BTreeMap, BTreeSet};

/// `n` byte strings of 16 to 255 bytes from a fixed seed.
fn inputs(n: usize) -> Vec<Vec<u8>> {
    let mut state = 0x5EED_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 24) as u8
    };
    (0..n)
        .map(|_| {
            let len = 16 + usize::from(next()) % 240;
            (0..len).map(|_| next()).collect()
        })
        .collect()
}

/// What a set of generated modules holds, read from their text (one op a line).
#[derive(Debug, Default)]
struct Census {
    ops: BTreeMap<String, usize>,
    /// Dots whose lhs is a reshape that merged dims (batch and heads as one batch dim).
    regrouped_dots: usize,
    /// Dots with a batch dim that is not leading on one side.
    inner_batch_dots: usize,
    /// The (rank, dim) pairs some reduce reduces.
    reduced: BTreeSet<(usize, usize)>,
    bf16_modules: usize,
    /// Converts to the type their operand already has.
    same_type_converts: usize,
    /// Modules with 1, 2, 3 and 4 arguments.
    arities: BTreeSet<usize>,
}

/// The rank of the first tensor type after `from` in `line`.
fn rank_after(line: &str, from: &str) -> usize {
    let rest = &line[line.find(from).expect("a type") + from.len()..];
    let ty = &rest[rest.find("tensor<").expect("a tensor type")..];
    ty[..ty.find('>').expect("a closed type")]
        .matches('x')
        .count()
}

/// The numbers of the first `[..]` after `key` in `line`.
fn list_after(line: &str, key: &str) -> Vec<usize> {
    let rest = &line[line.find(key).expect("the key") + key.len()..];
    let inner = &rest[rest.find('[').expect("a list") + 1..rest.find(']').expect("a list")];
    inner.split(", ").filter_map(|x| x.parse().ok()).collect()
}

impl Census {
    fn add(&mut self, text: &str) {
        let mut reshapes: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
        for line in text.lines().map(str::trim) {
            let Some((name, rhs)) = line.split_once(" = ") else {
                continue;
            };
            let op = rhs.split(['(', ' ']).next().unwrap_or("");
            *self.ops.entry(op.to_string()).or_default() += 1;
            match op {
                "stablehlo.reshape" => {
                    reshapes.insert(name, (rank_after(rhs, "("), rank_after(rhs, "->")));
                }
                "stablehlo.reduce" => {
                    let rank = rank_after(rhs, ": (");
                    for d in list_after(rhs, "across dimensions =") {
                        self.reduced.insert((rank, d));
                    }
                }
                "stablehlo.dot_general" => self.dot(rhs, &reshapes),
                "stablehlo.convert" => {
                    let (from, to) = rhs.split_once(" -> ").expect("a convert's types");
                    let from = &from[from.find("(tensor<").expect("an operand type") + 1..];
                    self.same_type_converts += usize::from(from.trim_end_matches(')') == to);
                }
                _ => {}
            }
        }
        self.bf16_modules += usize::from(text.contains("bf16"));
        let signature = text.lines().nth(1).expect("a signature");
        self.arities.insert(signature.matches("%arg").count());
    }

    fn dot(&mut self, rhs: &str, reshapes: &BTreeMap<&str, (usize, usize)>) {
        let lhs = rhs["stablehlo.dot_general ".len()..]
            .split(',')
            .next()
            .unwrap_or("");
        if reshapes.get(lhs).is_some_and(|&(from, to)| from > to) && rhs.contains("batching") {
            self.regrouped_dots += 1;
        }
        if rhs.contains("batching_dims") {
            let l = list_after(rhs, "batching_dims =");
            let r = list_after(rhs, "] x ");
            let leading = |xs: &[usize]| xs.iter().enumerate().all(|(i, &x)| i == x);
            self.inner_batch_dots += usize::from(!leading(&l) || !leading(&r));
        }
    }
}

/// 500 programs from a fixed seed (and the empty input) all parse and verify, and among them
/// are every op the generator writes, dots with regrouped and inner batch dims, reductions over
/// every position of ranks 1 to 5, bf16, same-type converts and every arity.
#[test]
fn programs_parse_verify_and_cover_the_idioms() {
    let mut census = Census::default();
    let mut all = inputs(500);
    all.push(vec![]);
    for b in &all {
        let text = program::module(b);
        let m = parse(&text).unwrap_or_else(|d| panic!("{}\n{text}", d.message));
        if let Some(p) = verify(&m).first() {
            panic!("{}\n{text}", p.message);
        }
        census.add(&text);
    }
    println!("{} programs parse and verify: {census:?}", all.len());
    for op in [
        "add",
        "multiply",
        "subtract",
        "divide",
        "exponential",
        "log",
        "tanh",
        "logistic",
        "rsqrt",
        "sqrt",
        "maximum",
        "negate",
        "convert",
        "broadcast_in_dim",
        "reduce",
        "transpose",
        "reshape",
        "dot_general",
        "constant",
    ] {
        let n = census
            .ops
            .get(&format!("stablehlo.{op}"))
            .copied()
            .unwrap_or(0);
        assert!(n >= 10, "only {n} stablehlo.{op}");
    }
    assert!(census.regrouped_dots >= 20, "{census:?}");
    assert!(census.inner_batch_dots >= 20, "{census:?}");
    for rank in 1..=5 {
        for d in 0..rank {
            assert!(
                census.reduced.contains(&(rank, d)),
                "no reduce over dim {d} of rank {rank}"
            );
        }
    }
    assert!(census.bf16_modules >= 50, "{census:?}");
    assert!(census.same_type_converts >= 20, "{census:?}");
    assert_eq!(census.arities, BTreeSet::from([1, 2, 3, 4]));
}

/// 80 programs fuse, lower and check without a finding (`lower_checked` panics on one), into
/// at least 8 kinds of fused kernel, most of the kernels run and agreeing, and at least half of
/// them whole, their device programs run against the module.
#[test]
fn programs_lower_and_agree() {
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    let (mut agreed, mut refused, mut large, mut devices) = (0, 0, 0, 0);
    let all = inputs(80);
    for b in &all {
        let out = crate::lower_checked(&program::module(b));
        agreed += out.agreed.len();
        refused += out.refused.len();
        large += out.large;
        devices += out.devices;
        for k in out.agreed {
            *kinds.entry(k).or_default() += 1;
        }
    }
    let fused: Vec<&String> = kinds
        .keys()
        .filter(|k| !k.starts_with("stablehlo."))
        .collect();
    println!(
        "{} programs: {agreed} kernels agree, {refused} refused, {large} too large to run, {devices} device programs run; fused kinds {fused:?}; all {kinds:?}",
        all.len()
    );
    assert!(devices >= 40, "{devices} device programs");
    assert!(fused.len() >= 8, "{kinds:?}");
    assert!(
        agreed > 4 * (refused + large),
        "{agreed} agree, {refused} refused, {large} large"
    );
}

/// The `nisa` target's property on bytes, as its fuzz target runs it.
fn fuse_bytes(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        crate::fuse_both(text);
    }
}

fn nisa_bytes(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        crate::nisa_program(text);
    }
}

fn parse_bytes(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        crate::parse_roundtrip(text);
    }
}

/// Every input a fuzz target once crashed on (`fuzz/regressions/TARGET/`) now runs through its
/// target's property without a panic. These tests build without `--release`, so an integer
/// overflow panics here as it did under the fuzzer.
#[test]
fn inputs_that_once_crashed_run_clean() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("regressions");
    let mut ran = 0;
    let targets = [
        ("binary", crate::encode::binary_bytes as fn(&[u8])),
        ("fuse", fuse_bytes),
        ("nisa", nisa_bytes),
        ("parse", parse_bytes),
    ];
    for (target, run) in targets {
        let files = std::fs::read_dir(dir.join(target)).expect("regressions are committed");
        for f in files.flatten() {
            run(&std::fs::read(f.path()).unwrap());
            ran += 1;
        }
    }
    println!("{ran} regression inputs");
    assert!(ran >= 1);
}
