//! What egraph mode did to one block (a function body, or a block of its control flow named as
//! [`egfuse_ir::blocks`] names it), for `egfuse fuse --stats`: graph size, why saturation stopped,
//! time per phase, cost before and after, and fusions by kind.
//!
//! These are the e-graph's own numbers: its ops are the block's pure ops at its top level
//! (control flow, opaque ops and the ops inside their regions are not in it; the blocks of
//! `while`, `case` and `if` have reports of their own), and its costs are
//! extraction's objective, before the elementwise grow. The whole module's census and cost,
//! the numbers `compare` and `coverage` report, are `egfuse_cost::summary`'s.

use super::exact::ExactStop;
use super::extract::ExtractStop;
use super::saturate::Saturation;
use egfuse_cost::Cost;
use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

/// The fast extractor's cost against the exact search's.
#[derive(Clone, Debug)]
pub struct ExactStats {
    pub fast: Cost,
    pub exact: Cost,
    pub stop: ExactStop,
    /// Search states visited.
    pub steps: u64,
}

impl ExactStats {
    /// How much more the fast program costs than the exact one, in percent of the exact one
    /// (0 when both are free).
    pub fn gap_percent(&self) -> f64 {
        let (fast, exact) = (self.fast.ps() as f64, self.exact.ps() as f64);
        if exact == 0.0 {
            return 0.0;
        }
        (fast - exact) / exact * 100.0
    }
}

impl fmt::Display for ExactStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let ExactStop::TooLarge { .. } | ExactStop::Unprepared(_) = self.stop {
            return write!(f, "exact: {}, the fast program is kept", self.stop);
        }
        write!(
            f,
            "exact: fast {}, exact {}, gap {:.2}%, {} after {} steps",
            self.fast,
            self.exact,
            self.gap_percent(),
            self.stop,
            self.steps
        )
    }
}

/// One block's report.
#[derive(Clone, Debug)]
pub struct FuncStats {
    pub name: String,
    pub pure_ops: usize,
    pub nodes: usize,
    pub classes: usize,
    pub saturation: Option<Saturation>,
    /// Fused nodes added (every match of every fusion rule).
    pub kernels_found: usize,
    /// Kernels found per kind (the same kernel may be found through several forms).
    pub found: BTreeMap<String, usize>,
    /// Kernels built per kind.
    pub fused: BTreeMap<String, usize>,
    /// Of the kernels built, per kind, those a later pass merged into an Attention kernel
    /// ([`crate::attention`]).
    pub merged: BTreeMap<String, usize>,
    pub cost_before: Cost,
    pub cost_after: Cost,
    /// Why the fast extractor stopped (anything but chosen: the input program was kept).
    pub extract: ExtractStop,
    /// The fast extractor's steps.
    pub extract_steps: u64,
    /// The exact search's outcome, when it ran (`--extract exact`).
    pub exact: Option<ExactStats>,
    /// The time of each step (`build`, `saturate`, `kernels`, `extract`, `exact`,
    /// `materialize`), as the pass driver timed them.
    pub times: Vec<(&'static str, Duration)>,
}

impl FuncStats {
    /// The report of the block named `name` ([`egfuse_ir::blocks::Body::name`]), before any step.
    pub fn named(name: String) -> FuncStats {
        FuncStats {
            name,
            pure_ops: 0,
            nodes: 0,
            classes: 0,
            saturation: None,
            kernels_found: 0,
            found: BTreeMap::new(),
            fused: BTreeMap::new(),
            merged: BTreeMap::new(),
            cost_before: Cost::ZERO,
            cost_after: Cost::ZERO,
            extract: ExtractStop::Chosen,
            extract_steps: 0,
            exact: None,
            times: Vec::new(),
        }
    }

    pub fn count_fusion(&mut self, kind: &str) {
        *self.fused.entry(kind.to_string()).or_default() += 1;
    }

    /// The total time of every phase.
    pub fn total_time(&self) -> Duration {
        self.times.iter().map(|(_, t)| *t).sum()
    }
}

impl fmt::Display for FuncStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "@{}: e-graph of {} top-level pure ops, {} nodes in {} classes",
            self.name, self.pure_ops, self.nodes, self.classes
        )?;
        if let Some(s) = &self.saturation {
            let iterations = egfuse_diag::plural(s.iterations, "iteration");
            write!(f, ", {} after {iterations}", s.stop)?;
        }
        writeln!(f)?;
        write!(f, "  time:")?;
        for (p, t) in &self.times {
            write!(f, " {p} {:.3} ms", t.as_secs_f64() * 1e3)?;
        }
        writeln!(f)?;
        write!(
            f,
            "  e-graph cost: {} unfused -> {} extracted",
            self.cost_before, self.cost_after
        )?;
        if self.extract != ExtractStop::Chosen {
            write!(
                f,
                " (extraction stopped after {} steps, {}: the input program is kept)",
                self.extract_steps, self.extract
            )?;
        }
        writeln!(f)?;
        if let Some(e) = &self.exact {
            writeln!(f, "  {e}")?;
        }
        let kinds: std::collections::BTreeSet<&String> =
            self.found.keys().chain(self.fused.keys()).collect();
        for kind in kinds {
            let found = self.found.get(kind).copied().unwrap_or(0);
            let fused = self.fused.get(kind).copied().unwrap_or(0);
            write!(f, "  {kind}: {fused} fused")?;
            if let Some(m) = self.merged.get(kind) {
                write!(f, ", {m} of them merged into Attention kernels")?;
            }
            if found > fused {
                write!(
                    f,
                    " ({}; the rest do not pay under the cost model or overlap a chosen kernel)",
                    egfuse_diag::plural(found, "match")
                )?;
            }
            writeln!(f)?;
        }
        if let Some(s) = &self.saturation {
            let applied: Vec<String> = s.applied.iter().map(|(r, n)| format!("{r} x{n}")).collect();
            if !applied.is_empty() {
                writeln!(f, "  rewrites: {}", applied.join(", "))?;
            }
        }
        Ok(())
    }
}
