//! The rule searches' shortcuts find what a full search finds. Saturation's semi-naive search
//! (after the first iteration each rewrite searches only the classes near a change) builds
//! exactly the graph that searching every class in every iteration builds, checked through the
//! library on every block of the committed fixtures and the corpus exports; the number of
//! threads the searches share never changes the output.

use crate::support::{jax_exports, mlir_files, root};
use egfuse_dsl::RuleSet;
use egfuse_fusion::catalog::Catalog;
use egfuse_fusion::egraph::build::build;
use egfuse_fusion::egraph::rules::Prepared;
use egfuse_fusion::egraph::saturate::{saturate_searching, Limits, Search, Stop};
use egfuse_fusion::egraph::{self, Config};
use egfuse_ir::blocks::bodies;
use egfuse_ir::parse::parse;
use egfuse_ir::print::{print, PrintOptions};

/// What one saturation run leaves: nodes, classes, iterations, applications per rule, and
/// why it stopped.
type Outcome = (usize, usize, usize, Vec<(String, usize)>, Stop);

#[test]
fn semi_naive_saturation_builds_the_graph_a_full_search_builds() {
    let rules = RuleSet::load(egfuse_rules::DEFAULT_RULES, &Catalog).expect("default rules");
    let prepared = Prepared::new(&rules);
    let limits = Limits::default();
    let mut files = jax_exports();
    for dir in ["jax", "torch", "hf"] {
        files.extend(mlir_files(&root().join("tests/fixtures").join(dir)));
    }
    let (mut blocks, mut applied) = (0, 0);
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let m = parse(&text).unwrap_or_else(|e| panic!("{}: {e:?}", f.display()));
        for body in bodies(&m) {
            let run = |search| -> Outcome {
                let bg = build(&m, body.block, prepared.meta());
                let (g, sat) = saturate_searching(bg.egraph, &prepared.rewrites, &limits, search);
                let (nodes, classes) = (g.total_number_of_nodes(), g.number_of_classes());
                (nodes, classes, sat.iterations, sat.applied, sat.stop)
            };
            let semi = run(Search::SemiNaive);
            assert_eq!(
                semi,
                run(Search::Everywhere),
                "{} {}: semi-naive (left) against full search (right)",
                f.display(),
                body.name
            );
            blocks += 1;
            applied += semi.3.iter().map(|(_, n)| n).sum::<usize>();
        }
    }
    println!(
        "search: semi-naive equals full search on {blocks} blocks of {} files \
         ({applied} rewrites applied)",
        files.len()
    );
    assert!(files.len() >= 60 && applied > 0);
}

/// The rule searches run on several threads; the fused module must be the same bytes for any
/// number of them, on the committed fixtures and the corpus exports.
#[test]
fn the_number_of_threads_never_changes_the_fused_module() {
    let rules = RuleSet::load(egfuse_rules::DEFAULT_RULES, &Catalog).expect("default rules");
    let target = egfuse_rules::target(egfuse_rules::DEFAULT_TARGET).expect("default target");
    let target = egfuse_cost::Target::parse(target).expect("default target parses");
    let mut files = jax_exports();
    for dir in ["jax", "torch", "hf"] {
        files.extend(mlir_files(&root().join("tests/fixtures").join(dir)));
    }
    let fused = |text: &str, threads: usize| {
        let mut m = parse(text).unwrap();
        let mut cfg = Config::default();
        cfg.limits.threads = threads;
        egraph::run(&mut m, &rules, &target, &cfg).expect("fuses");
        print(&m, PrintOptions::default())
    };
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let one = fused(&text, 1);
        for threads in [2, 3] {
            assert!(
                fused(&text, threads) == one,
                "{}: {threads} threads fuse differently from one",
                f.display()
            );
        }
    }
    println!(
        "search: {} files fuse to the same bytes on 1, 2 and 3 threads",
        files.len()
    );
}
