//! `rng-forms` checked in the reference interpreter: each rewritten module gives the state and
//! the bits the op gives, bit for bit, on states whose words pass 2^63 and carry.

use super::*;
use egfuse_interp::{Data, Elem, Interpreter, Limits, Rt, Tensor};

/// The new state and the bits of `rng_bit_generator` of `algorithm` over a state of `words`
/// words with output `tensor<out>`, before and after the rewrite.
fn run(algorithm: &str, words: usize, out: &str) -> (Vec<Vec<i128>>, Vec<Vec<i128>>, usize) {
    let state = format!("tensor<{words}xui64>");
    let src = format!(
        "func.func @main(%s: {state}) -> ({state}, tensor<{out}>) {{\n  %a, %b = stablehlo.rng_bit_generator %s, algorithm = {algorithm} : ({state}) -> ({state}, tensor<{out}>)\n  return %a, %b : {state}, tensor<{out}>\n}}\n"
    );
    let before = egfuse_ir::parse::parse(&src).expect("parses");
    let mut after = before.clone();
    let n = expand(&mut after);
    let problems = egfuse_ir::verify::verify(&after);
    assert!(problems.is_empty(), "{problems:?}");
    // A key and a counter whose low word carries into the next on the first counters.
    let values: Vec<i128> = [0x0123_4567_89AB_CDEFu64, 0xFFFF_FFFF_FFFF_FFFE, 0xFFFF_FFFF]
        .iter()
        .take(words)
        .map(|&w| w as i128)
        .collect();
    let u64s = Elem::from_type(&ElemType::Int {
        sign: Signedness::Unsigned,
        width: 64,
    })
    .unwrap();
    let arg = Rt::tensor(Tensor::new(u64s, vec![words], Data::Int(values)));
    let results = |m: &Module| -> Vec<Vec<i128>> {
        let mut it = Interpreter::new(m, Limits::default());
        let f = it.find_func("main").expect("main");
        let out = it.run_func(f, vec![arg.clone()]).expect("runs");
        (out.iter())
            .map(|r| match &r.as_tensor().expect("a tensor").data {
                Data::Int(v) => v.clone(),
                Data::Float(v) => v.iter().map(|x| (*x as f32).to_bits() as i128).collect(),
                Data::Complex(_) => panic!("no complex output"),
            })
            .collect()
    };
    (results(&before), results(&after), n)
}

#[test]
fn every_algorithm_state_and_output_gives_the_ops_bits() {
    let outs = [
        "ui32",
        "5xui32",
        "8xui32",
        "2x3xui32",
        "3x2xui32",
        "3x5xui32",
        "1x1x6xui32",
        "3x1x7xi32",
        "7xui8",
        "6x3xui16",
        "3x3xui64",
        "5xi64",
        "4x3xf32",
    ];
    let mut checked = 0;
    for (algorithm, words) in [
        ("THREE_FRY", 2),
        ("PHILOX", 2),
        ("PHILOX", 3),
        ("DEFAULT", 2),
    ] {
        for out in outs {
            let (want, got, n) = run(algorithm, words, out);
            assert_eq!(n, 1, "{algorithm} {words} {out}");
            assert_eq!(got, want, "{algorithm}, a state of {words}, tensor<{out}>");
            checked += 1;
        }
    }
    assert_eq!(checked, 52);
}

#[test]
fn other_outputs_are_left_as_they_are() {
    for out in ["4xf16", "2xf64"] {
        let (want, got, n) = run("PHILOX", 3, out);
        assert_eq!((n, got), (0, want), "{out}");
    }
}
