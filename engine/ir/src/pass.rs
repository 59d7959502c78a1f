//! The pass driver, as rustc's and MLIR's pass managers are: a [`Pipeline`] of named [`Pass`]es
//! over one [`Module`], run in order by one loop that times each pass, verifies the module after
//! each when [`PipelineConfig::verify_each`] asks (always in debug builds), prints the module to
//! standard error after each pass [`PipelineConfig::print_after`] names (MLIR's
//! `--mlir-print-ir-after`, under its dump header, [`dump`]), and returns every pass's
//! [`PassReport`] for `--stats`.
//!
//! Passes do no timing of their own. A pass with steps worth timing (egraph mode's build,
//! saturate and extract, per function) runs them through [`PassContext::time`], which files each
//! under the pass. A pass shares what the pipeline's other passes need through the state `S` the
//! pipeline is run with (the rule set, the target, a trace, what an earlier pass deferred), as
//! rustc's passes share its `tcx`.
//!
//! Invariant: a pipeline that returns `Ok` ran every pass once, in order; with `verify_each` the
//! module verified after each of them. A pass that fails, or a module that does not verify after
//! a pass, stops the pipeline with a [`PassError`] naming that pass. A `print_after` name that is
//! none of the pipeline's passes stops it before its first pass.

use crate::print::{print, PrintOptions};
use crate::verify::verify;
use crate::Module;
use egfuse_diag::Diag;
use std::fmt;
use std::time::{Duration, Instant};

/// One transformation of a module.
pub trait Pass<S> {
    /// The pass's name in `--stats` and in a `--verify-each` failure (`inline`, `egraph`, ...).
    fn name(&self) -> &'static str;

    /// Runs over `m`, reading and writing the pipeline's `state`.
    fn run(&mut self, m: &mut Module, state: &mut S, cx: &mut PassContext) -> Result<(), Diag>;
}

/// How a pipeline runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipelineConfig {
    /// Verify the module after every pass (`--verify-each`).
    pub verify_each: bool,
    /// The passes after which the module is printed to standard error (`--print-after`), each
    /// the name of one of the pipeline's passes.
    pub print_after: Vec<String>,
}

impl Default for PipelineConfig {
    /// Verifying after each pass in debug builds, only where asked in release builds; printing
    /// after none.
    fn default() -> PipelineConfig {
        PipelineConfig {
            verify_each: cfg!(debug_assertions),
            print_after: Vec::new(),
        }
    }
}

/// The module after pass `pass` as `--print-after` prints it: MLIR's dump header
/// `// -----// IR Dump After PASS //----- //`, the module as [`print`] prints it, then an empty
/// line, as MLIR ends a dump.
pub fn dump(pass: &str, m: &Module) -> String {
    let module = print(m, PrintOptions::default());
    format!("// -----// IR Dump After {pass} //----- //\n{module}\n")
}

/// A timed step inside a pass: its scope (a function's `@name`, or empty) and its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub scope: String,
    pub name: &'static str,
    pub time: Duration,
}

/// What a running pass hands the driver: the steps it timed.
#[derive(Debug, Default)]
pub struct PassContext {
    steps: Vec<Step>,
}

impl PassContext {
    /// Runs `f`, recording its wall time as step `name` of `scope`.
    pub fn time<T>(&mut self, scope: &str, name: &'static str, f: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let out = f();
        self.steps.push(Step {
            scope: scope.to_string(),
            name,
            time: start.elapsed(),
        });
        out
    }

    /// The steps timed so far in `scope`, in order.
    pub fn steps_of<'a>(&'a self, scope: &'a str) -> impl Iterator<Item = &'a Step> + 'a {
        self.steps.iter().filter(move |s| s.scope == scope)
    }
}

/// What one pass did: its name, its wall time (verification excluded) and its timed steps.
#[derive(Clone, Debug)]
pub struct PassReport {
    pub name: &'static str,
    pub time: Duration,
    pub steps: Vec<Step>,
    /// The time verifying the module after the pass took, when it was verified.
    pub verify: Option<Duration>,
}

impl fmt::Display for PassReport {
    /// `NAME T ms`, then `(verified in V ms)` when it was.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {:.3} ms", self.name, ms(self.time))?;
        if let Some(v) = self.verify {
            write!(f, " (verified in {:.3} ms)", ms(v))?;
        }
        Ok(())
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Why a pipeline stopped early.
#[derive(Debug)]
pub enum PassError {
    /// The pass returned a diagnostic.
    Failed { pass: &'static str, diag: Box<Diag> },
    /// The module did not verify after the pass: a bug in the pass, reported as such.
    Unverified {
        pass: &'static str,
        problems: Vec<Diag>,
    },
    /// [`PipelineConfig::print_after`] names no pass of the pipeline; no pass ran.
    UnknownPass {
        name: String,
        passes: Vec<&'static str>,
    },
}

impl PassError {
    /// The diagnostics to render, the first one saying which pass stopped the pipeline.
    pub fn diags(self) -> Vec<Diag> {
        match self {
            PassError::Failed { diag, .. } => vec![*diag],
            PassError::Unverified { pass, problems } => {
                let mut out = vec![Diag::new(
                    "pass::unverified",
                    egfuse_diag::Span::NONE,
                    format!("internal: the module does not verify after pass `{pass}`"),
                )
                .with_help("this is a bug in egfuse; the problems follow")];
                out.extend(problems);
                out
            }
            PassError::UnknownPass { name, passes } => vec![Diag::new(
                "pass::unknown",
                egfuse_diag::Span::NONE,
                format!(
                    "no pass named `{name}` to print after: the passes are {}",
                    passes.join(", ")
                ),
            )],
        }
    }
}

/// Named passes run in order.
pub struct Pipeline<'p, S> {
    passes: Vec<Box<dyn Pass<S> + 'p>>,
}

impl<'p, S> Default for Pipeline<'p, S> {
    fn default() -> Pipeline<'p, S> {
        Pipeline { passes: Vec::new() }
    }
}

impl<'p, S> Pipeline<'p, S> {
    /// Appends `pass`.
    pub fn add(&mut self, pass: impl Pass<S> + 'p) -> &mut Pipeline<'p, S> {
        self.passes.push(Box::new(pass));
        self
    }

    /// The passes' names, in order.
    pub fn names(&self) -> Vec<&'static str> {
        self.passes.iter().map(|p| p.name()).collect()
    }

    /// Runs every pass over `m` in order; see the module's invariant.
    pub fn run(
        &mut self,
        m: &mut Module,
        state: &mut S,
        cfg: &PipelineConfig,
    ) -> Result<Vec<PassReport>, PassError> {
        let passes = self.names();
        if let Some(name) = (cfg.print_after.iter()).find(|n| !passes.contains(&n.as_str())) {
            let name = name.clone();
            return Err(PassError::UnknownPass { name, passes });
        }
        let mut reports = Vec::with_capacity(self.passes.len());
        for pass in &mut self.passes {
            let name = pass.name();
            let mut cx = PassContext::default();
            let start = Instant::now();
            let result = pass.run(m, state, &mut cx);
            let time = start.elapsed();
            result.map_err(|diag| PassError::Failed {
                pass: name,
                diag: Box::new(diag),
            })?;
            let verify = verified(m, name, cfg)?;
            if cfg.print_after.iter().any(|n| n == name) {
                eprint!("{}", dump(name, m));
            }
            reports.push(PassReport {
                name,
                time,
                steps: cx.steps,
                verify,
            });
        }
        Ok(reports)
    }
}

/// Verifies `m` after pass `name` when `cfg` asks: the time it took, or the problems found.
fn verified(
    m: &Module,
    name: &'static str,
    cfg: &PipelineConfig,
) -> Result<Option<Duration>, PassError> {
    if !cfg.verify_each {
        return Ok(None);
    }
    let start = Instant::now();
    let problems = verify(m);
    if !problems.is_empty() {
        return Err(PassError::Unverified {
            pass: name,
            problems,
        });
    }
    Ok(Some(start.elapsed()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse;

    const M: &str = "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = stablehlo.add %a, %a : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n";

    /// Counts its runs into the state; optionally breaks the module or fails.
    struct Probe {
        name: &'static str,
        break_it: bool,
        fail: bool,
    }

    impl Pass<Vec<&'static str>> for Probe {
        fn name(&self) -> &'static str {
            self.name
        }

        fn run(
            &mut self,
            m: &mut Module,
            ran: &mut Vec<&'static str>,
            cx: &mut PassContext,
        ) -> Result<(), Diag> {
            ran.push(self.name);
            cx.time("@main", "step", || ());
            if self.fail {
                return Err(Diag::new("probe::fail", egfuse_diag::Span::NONE, "told to"));
            }
            if self.break_it {
                let ret = m
                    .walk()
                    .into_iter()
                    .find(|&o| &*m.op(o).name == "func.return");
                m.erase_op(ret.expect("a return"))
                    .expect("a return has no uses");
            }
            Ok(())
        }
    }

    fn probe(name: &'static str) -> Probe {
        Probe {
            name,
            break_it: false,
            fail: false,
        }
    }

    fn run(p: &mut Pipeline<Vec<&'static str>>, verify_each: bool) -> (Vec<&'static str>, String) {
        let cfg = PipelineConfig {
            verify_each,
            print_after: Vec::new(),
        };
        run_with(p, &cfg)
    }

    /// The passes that ran, and what the pipeline said: each report's `NAME:STEPS`, or the
    /// error's messages.
    fn run_with(
        p: &mut Pipeline<Vec<&'static str>>,
        cfg: &PipelineConfig,
    ) -> (Vec<&'static str>, String) {
        let mut m = parse(M).expect("parses");
        let mut ran = Vec::new();
        let result = p.run(&mut m, &mut ran, cfg);
        let said = match result {
            Ok(reports) => reports
                .iter()
                .map(|r| format!("{}:{}", r.name, r.steps.len()))
                .collect(),
            Err(e) => e
                .diags()
                .iter()
                .map(|d| d.message.clone())
                .collect::<Vec<_>>(),
        };
        (ran, said.join(", "))
    }

    #[test]
    fn passes_run_in_order_once_with_their_steps() {
        let mut p = Pipeline::default();
        p.add(probe("a")).add(probe("b"));
        assert_eq!(p.names(), ["a", "b"]);
        assert_eq!(run(&mut p, true), (vec!["a", "b"], "a:1, b:1".to_string()));
    }

    #[test]
    fn a_failing_pass_stops_the_pipeline() {
        let mut p = Pipeline::default();
        p.add(Probe {
            fail: true,
            ..probe("a")
        })
        .add(probe("b"));
        assert_eq!(run(&mut p, false), (vec!["a"], "told to".to_string()));
    }

    #[test]
    fn verify_each_names_the_pass_that_broke_the_module() {
        let mut p = Pipeline::default();
        p.add(Probe {
            break_it: true,
            ..probe("breaker")
        })
        .add(probe("b"));
        let (ran, said) = run(&mut p, true);
        assert_eq!(ran, ["breaker"]);
        assert!(
            said.starts_with("internal: the module does not verify after pass `breaker`"),
            "{said}"
        );
        let mut p = Pipeline::default();
        p.add(Probe {
            break_it: true,
            ..probe("breaker")
        })
        .add(probe("b"));
        assert_eq!(
            run(&mut p, false),
            (vec!["breaker", "b"], "breaker:1, b:1".to_string())
        );
    }

    #[test]
    fn print_after_continues_and_an_unknown_name_stops_before_any_pass() {
        let mut p = Pipeline::default();
        p.add(probe("a")).add(probe("b"));
        let cfg = |names: &[&str]| PipelineConfig {
            verify_each: true,
            print_after: names.iter().map(|n| n.to_string()).collect(),
        };
        assert_eq!(
            run_with(&mut p, &cfg(&["a"])),
            (vec!["a", "b"], "a:1, b:1".to_string())
        );
        assert_eq!(
            run_with(&mut p, &cfg(&["b", "c"])),
            (
                vec![],
                "no pass named `c` to print after: the passes are a, b".to_string()
            )
        );
    }

    #[test]
    fn a_dump_is_mlirs_header_then_the_printed_module() {
        let m = parse(M).expect("parses");
        expect_test::expect![[r#"
            // -----// IR Dump After egraph //----- //
            func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
              %0 = stablehlo.add %a, %a : tensor<2xf32>
              return %0 : tensor<2xf32>
            }

        "#]]
        .assert_eq(&dump("egraph", &m));
    }
}
