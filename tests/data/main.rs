//! The data-driven suites, one named trial per input (libtest-mimic), in one test binary:
//! [`corpus`] (the MLIR parser, printer and verifier over every fixture and corpus file),
//! [`eval`] (the interpreter over the StableHLO test suite's self-checking files) and [`rules`]
//! (the rule language over bad rule files, the defaults and the docs' examples). Trials are
//! named `SUITE::KIND::INPUT`, so `cargo test --test data -- eval::` runs one suite.

#[path = "../support/mod.rs"]
mod support;

mod corpus;
mod eval;
mod rules;

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let mut trials = corpus::trials();
    trials.extend(eval::trials());
    trials.extend(rules::trials());
    libtest_mimic::run(&args, trials).exit();
}
