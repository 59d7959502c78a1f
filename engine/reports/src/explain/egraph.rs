//! Explain in egraph mode: every candidate class of the rule's root in every function's
//! saturated e-graph, searched with a [`egfuse_fusion::trace::Miss`]; then every kernel of the rule
//! that extraction did not choose, with its cost against its body's ops run unfused. The graphs
//! are the ones `egfuse fuse`'s pipeline builds: it runs with a trace whose
//! [`Trace::egraph`] hook reads each block as the `egraph` pass extracted it.

use super::classes::Classes;
use super::{pred_detail, Candidate, Explanation, Failure, Names};
use super::{Unchosen, ValueFacts};
use egfuse_cost::{Cost, Target};
use egfuse_diag::Diag;
use egfuse_dsl::ast::{Binding, FusionBody, FusionRule};
use egfuse_dsl::phase::Phase;
use egfuse_dsl::RuleSet;
use egfuse_fusion::egraph::extract::CostModel;
use egfuse_fusion::egraph::kernels::root_binding;
use egfuse_fusion::egraph::lang::{Build, Node};
use egfuse_fusion::egraph::meta::Kernel;
use egfuse_fusion::egraph::rules::Prepared;
use egfuse_fusion::egraph::search::candidate_classes;
use egfuse_fusion::egraph::{cost, survey, Config, Extracted};
use egfuse_fusion::fuse::{fuse, Mode};
use egfuse_fusion::trace::Trace;
use egfuse_ir::pass::PipelineConfig;
use egfuse_ir::Module;
use egg::Id;

/// The candidates of `rule` in `m` as egraph mode sees them, and its matches extraction did
/// not choose (`m` is fused as `egfuse fuse` fuses it; `src` is its text, for the names values
/// have there).
pub fn egraph(
    m: &mut Module,
    src: &str,
    rules: &RuleSet,
    rule: &FusionRule,
    target: &Target,
    cfg: &Config,
) -> Result<Explanation, Diag> {
    let mut e = Explanation::new(rule, "egraph");
    let FusionBody::Pattern(bindings) = &rule.body else {
        if rule.phase() == Some(Phase::Loop) {
            return super::grow::grow(m, src, rules, rule, (target, cfg));
        }
        let note = "egraph mode runs only the `Loop` phase's grow rules: compat mode runs this one";
        e.note = Some(note.to_string());
        return Ok(e);
    };
    let Some(root) = root_binding(bindings) else {
        e.note = Some("the pattern has no single root reaching every binding: only compat mode's anchored matcher runs it".to_string());
        return Ok(e);
    };
    let mut names = None;
    let see = |m: &Module, prepared: &Prepared, x: &Extracted| {
        let names = names.get_or_insert_with(|| Names::new(m, src));
        let g = &x.bg.egraph;
        let view = View {
            classes: Classes { m, g, names },
        };
        for class in candidate_classes(g, &bindings[root].op) {
            let (matched, miss) = survey::anchor(g, bindings, root, class);
            e.candidates
                .push(view.candidate(bindings, class, matched, &miss));
        }
        let index =
            (prepared.fusions.iter()).position(|f| f.name == rule.name && f.absent == rule.absent);
        if let Some(index) = index {
            e.unchosen.extend(view.unchosen(target, x, index));
        }
    };
    let mut trace = Trace {
        egraph: Some(Box::new(see)),
        ..Trace::default()
    };
    let unverified = PipelineConfig {
        verify_each: false,
        ..PipelineConfig::default()
    };
    let mode = Mode::Egraph(cfg.clone());
    fuse(m, &mode, rules, target, Some(&mut trace), &unverified)
        .map_err(|e| e.diags().swap_remove(0))?;
    drop(trace);
    e.candidates.sort_by_key(|c| c.at.order());
    e.unchosen.sort_by_key(|u| u.at.order());
    Ok(e)
}

/// A kernel extraction did not choose, and its cost.
struct Lost<'k> {
    kernel: &'k Kernel,
    cost: Cost,
}

/// Whether two unchosen kernels of one class read the same.
fn same(a: &Unchosen, b: &Unchosen) -> bool {
    (a.kernel, a.unfused, a.body_ops, &a.chosen) == (b.kernel, b.unfused, b.body_ops, &b.chosen)
}

/// One function's graph with the module's names.
struct View<'a> {
    classes: Classes<'a>,
}

impl View<'_> {
    fn candidate(
        &self,
        bindings: &[Binding],
        class: Id,
        matched: Option<Vec<(String, Id)>>,
        miss: &egfuse_fusion::trace::Miss<Id>,
    ) -> Candidate {
        let shown = matched.as_ref().unwrap_or(&miss.bound);
        let near = self.classes.original(class, None);
        let bound = (shown.iter())
            .map(|(var, c)| (var.clone(), self.classes.value(*c, near)))
            .collect();
        let failure = match (&miss.reason, matched.is_some()) {
            (_, true) => None,
            (None, false) => Some(Failure {
                key: "no match".to_string(),
                detail: None,
            }),
            (Some(r), false) => Some(Failure {
                key: r.key(bindings),
                detail: r.pred(bindings).map(|p| {
                    pred_detail(p, |var| {
                        let &(_, c) = miss.bound.iter().find(|(n, _)| n == var)?;
                        let data = &self.classes.g[self.classes.g.find(c)].data;
                        Some(ValueFacts {
                            name: self.classes.value(c, near),
                            uses: data.uses as usize,
                            ty: data.ty.as_deref(),
                        })
                    })
                }),
            }),
        };
        Candidate {
            at: self.classes.place(class),
            bound,
            failure,
            claimed: None,
            notes: Vec::new(),
        }
    }

    /// The kernels of rule `index` whose class extraction gave another node.
    fn unchosen(&self, target: &Target, x: &Extracted, index: usize) -> Vec<Unchosen> {
        let model = cost::Model::new(target, self.classes.m);
        let mut out = Vec::new();
        for (k, kernel) in self.classes.g.analysis.kernels.iter().enumerate() {
            let Some(&(root, _)) = kernel.body.last().filter(|_| kernel.rule == index) else {
                continue;
            };
            let class = self.classes.g.find(root);
            let Some(node) = self.fused_node(class, k) else {
                continue;
            };
            let chosen = x.choice.node(self.classes.g, class);
            if chosen == Some(node) {
                continue;
            }
            let lost = Lost {
                kernel,
                cost: model.cost(self.classes.g, class, node),
            };
            let u = Unchosen {
                at: self.classes.place(class),
                kernel: lost.cost,
                unfused: self.unfused(&model, &kernel.body),
                body_ops: kernel.body.len(),
                chosen: self.describe(chosen, &model, x, (class, &lost)),
                forms: 1,
            };
            match out
                .iter_mut()
                .find(|o: &&mut (Id, Unchosen)| o.0 == class && same(&o.1, &u))
            {
                Some((_, o)) => o.forms += 1,
                None => out.push((class, u)),
            }
        }
        out.into_iter().map(|(_, u)| u).collect()
    }

    /// What `body`'s ops cost, each run alone.
    fn unfused(&self, model: &cost::Model, body: &[(Id, Node)]) -> Cost {
        (body.iter())
            .map(|(c, n)| model.cost(self.classes.g, self.classes.g.find(*c), n))
            .sum()
    }

    /// The chosen kernel whose body computes `class`, as `the RmsNorm kernel at %12 (L:C)`.
    fn covering(&self, x: &Extracted, class: Id) -> Option<String> {
        let (kernel, root) =
            (self.classes.g.analysis.kernels.iter().enumerate()).find_map(|(k, kernel)| {
                let &(root, _) = kernel.body.last()?;
                let root = self.classes.g.find(root);
                let chosen = x.choice.node(self.classes.g, root);
                let used =
                    matches!(chosen, Some(Node::Fused { fusion, .. }) if *fusion as usize == k);
                let inside = (kernel.body.iter()).any(|(c, _)| self.classes.g.find(*c) == class);
                (used && inside).then_some((kernel, root))
            })?;
        let at = self.classes.place(root);
        Some(format!(
            "the {} kernel at {} ({})",
            kernel.kind,
            at.name,
            self.classes.names.at(at.span)
        ))
    }

    /// What extraction chose for a class instead of the `lost` kernel, with the node's own cost:
    /// `extraction chose ...` or `covered by ...`.
    fn describe(
        &self,
        chosen: Option<&Node>,
        model: &cost::Model,
        x: &Extracted,
        (class, lost): (Id, &Lost),
    ) -> String {
        let Some(node) = chosen else {
            return match self.covering(x, class) {
                Some(kernel) => format!("covered by {kernel}, which computes this value inside it"),
                None => {
                    "extraction chose nothing: the extracted program does not compute this value"
                        .to_string()
                }
            };
        };
        let own = model.cost(self.classes.g, class, node);
        match node {
            Node::Fused { fusion, .. } => {
                let other = &self.classes.g.analysis.kernels[*fusion as usize];
                self.covered(model, (class, own), other, lost)
            }
            Node::Op { build, .. } => {
                let how = match build {
                    Build::Original(_) => "the original op",
                    Build::Template(_) => "an op a rewrite built",
                };
                let name = node.op_name().unwrap_or_default();
                format!("extraction chose {name}, {how} ({own} by itself)")
            }
            Node::Attr(_) | Node::Input(_) => "extraction chose an input".to_string(),
        }
    }

    /// `covered by the cheaper DotSoftmax kernel at %12 (4.809 us), which also takes %3 =
    /// stablehlo.dot_general (this kernel and that op apart: 2.437 us + 3.100 us)`: the kernel
    /// extraction chose for the root's class, and the ops of its body the lost kernel's has not.
    fn covered(
        &self,
        model: &cost::Model,
        (class, own): (Id, Cost),
        other: &Kernel,
        lost: &Lost,
    ) -> String {
        let mine: Vec<Id> = lost
            .kernel
            .body
            .iter()
            .map(|(c, _)| self.classes.g.find(*c))
            .collect();
        let extra: Vec<(Id, Node)> = (other.body.iter())
            .filter(|(c, _)| !mine.contains(&self.classes.g.find(*c)))
            .cloned()
            .collect();
        let at = self.classes.place(class).name;
        if extra.is_empty() {
            return format!(
                "extraction chose another {} kernel at {at} ({own}) over the same ops",
                other.kind
            );
        }
        let apart = self.unfused(model, &extra);
        let cheaper = if own < lost.cost + apart {
            "cheaper "
        } else {
            ""
        };
        let mut names: Vec<String> = (extra.iter().rev().take(3))
            .map(|(c, n)| {
                format!(
                    "{} = {}",
                    self.classes.place(*c).name,
                    n.op_name().unwrap_or("fused")
                )
            })
            .collect();
        if extra.len() > 3 {
            names.push(format!("{} more", extra.len() - 3));
        }
        let that = if extra.len() == 1 {
            "that op"
        } else {
            "those ops"
        };
        format!(
            "covered by the {cheaper}{} kernel at {at} ({own}), which also takes {} (this kernel and {that} apart: {} + {apart})",
            other.kind,
            names.join(", "),
            lost.cost
        )
    }

    /// The fused node of kernel `k` in `class`.
    fn fused_node(&self, class: Id, k: usize) -> Option<&Node> {
        self.classes.g[class]
            .nodes
            .iter()
            .find(|n| matches!(n, Node::Fused { fusion, .. } if *fusion as usize == k))
    }
}
