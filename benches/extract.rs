//! Extraction speed on synthetic e-graphs of about 10k, 100k and 1M e-nodes, shaped like the
//! graphs egraph mode extracts from: a residual stream of layers, each a chain and DAG of ops
//! with shared values (a norm read twice, a softmax's exponential read by its sum and its
//! divide), classes with several nodes (a rewrite's other spelling in classes of their own,
//! built after the classes that read them, as saturation builds them; a fused kernel beside
//! the ops it covers) and cycles through rewrite-equivalent classes (a convert and its inverse
//! in each other's class, a `max(x, -inf)` in its own operand's class).
//!
//! Prints per size the median of several runs of the fast extractor, its steps and the time
//! per e-node, by the wall clock and by the thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`; the machines
//! this runs on are shared, and a busy one stretches the wall time, not the CPU time); the
//! issue's bar is that the time per e-node grows at most 2x from 10k to 1M.
//!
//! `cargo bench --bench extract`.

mod common;

use common::median;
use egfuse_cost::Cost;
use egfuse_fusion::egraph::extract::{extract, CostModel, ExtractLimits, ExtractStop};
use egfuse_fusion::egraph::lang::{Build, Node};
use egfuse_fusion::egraph::meta::{add_original, Graph, Kernel, Meta, Template};
use egfuse_ir::{ElemType, FloatKind, OpId, Type, ValueId};
use egg::{Id, Symbol};
use std::time::Instant;

/// The allocator the `egfuse` binary uses, so that the benchmark measures what users run.
#[path = "../src/allocator.rs"]
mod allocator;
#[global_allocator]
static ALLOCATOR: allocator::Allocator = allocator::Allocator;

/// A synthetic e-graph and the own cost of each of its nodes.
struct Synth {
    g: Graph,
    /// By original op number.
    op_costs: Vec<u64>,
    /// By kernel number.
    fused_costs: Vec<u64>,
    /// A linear congruential generator's state: the same graph on every run.
    seed: u64,
}

impl CostModel for Synth {
    fn cost(&self, _: &Graph, class: Id, node: &Node) -> Cost {
        let ps = match node {
            Node::Op {
                build: Build::Original(op),
                ..
            } => self.op_costs[op.index()],
            Node::Op {
                build: Build::Template(t),
                ..
            } => 80 + (usize::from(class) as u64 * 7919 + u64::from(*t)) % 400,
            Node::Fused { fusion, .. } => self.fused_costs[*fusion as usize],
            Node::Attr(_) | Node::Input(_) => 0,
        };
        Cost::from_ps(ps)
    }
}

fn f32() -> Type {
    Type::Scalar(ElemType::Float(FloatKind::F32))
}

impl Synth {
    fn new() -> Synth {
        let mut g = Graph::new(Meta::default());
        for name in ["convert", "max", "dot"] {
            let t = Template {
                name: format!("stablehlo.{name}"),
                props: Vec::new(),
                ty: g.analysis.ty(&f32()),
                regions: None,
            };
            g.analysis.templates.intern(t);
        }
        Synth {
            g,
            op_costs: Vec::new(),
            fused_costs: Vec::new(),
            seed: 7,
        }
    }

    /// A number in `lo..hi`.
    fn draw(&mut self, lo: u64, hi: u64) -> u64 {
        self.seed = (self.seed)
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        lo + (self.seed >> 33) % (hi - lo)
    }

    fn input(&mut self) -> Id {
        let k = self.g.analysis.inputs.len() as u32;
        let ty = self.g.analysis.ty(&f32());
        self.g.analysis.inputs.push((ValueId(k), ty, 1));
        self.g.add(Node::Input(k))
    }

    /// An original op read `uses` times, costing `lo..hi` picoseconds.
    fn op(&mut self, (lo, hi): (u64, u64), uses: u32, operands: &[Id]) -> Id {
        let op = OpId(self.op_costs.len() as u32);
        let cost = self.draw(lo, hi);
        self.op_costs.push(cost);
        add_original(&mut self.g, "stablehlo.op", op, (f32(), uses), operands)
    }

    /// A node a rewrite built from template `t`.
    fn template(&mut self, t: u32, operands: &[Id]) -> Id {
        self.g.add(Node::Op {
            name: Symbol::from("stablehlo.rewritten"),
            build: Build::Template(t),
            operands: operands.len() as u32,
            args: operands.into(),
        })
    }

    /// A fused kernel reading `inputs`, costing `cost`, added to `class`.
    fn fused(&mut self, class: Id, inputs: &[Id], cost: u64) {
        let fusion = self.g.analysis.kernels.len() as u32;
        let ty = self.g.analysis.ty(&f32());
        self.g.analysis.kernels.push(Kernel {
            rule: 0,
            kind: "Synthetic".to_string(),
            body: Vec::new(),
            ty,
        });
        self.fused_costs.push(cost);
        let k = self.g.add(Node::Fused {
            fusion,
            args: inputs.into(),
        });
        self.g.union(class, k);
    }

    /// One layer on the residual stream `x`: its output, 16 e-nodes in 12 classes.
    fn layer(&mut self, x: Id) -> Id {
        let w = self.input();
        let norm = self.op((300, 900), 2, &[x]);
        let dot = self.op((2000, 6000), 1, &[norm, w]);
        let scaled = self.op((200, 600), 1, &[dot]);
        let exp = self.op((300, 900), 2, &[scaled]);
        let sum = self.op((400, 1200), 1, &[exp]);
        let soft = self.op((300, 900), 1, &[exp, sum]);
        let mixed = self.op((2000, 6000), 1, &[soft, norm]);
        let out = self.op((200, 600), 2, &[x, mixed]);
        // The scale folded into the dot: a new class read by a node of an old one.
        let folded = self.template(2, &[norm, w]);
        let rescaled = self.template(0, &[folded]);
        self.g.union(scaled, rescaled);
        // A convert and its inverse, each in the other's class: a cycle of two classes.
        let back = self.template(0, &[exp]);
        let there = self.template(0, &[back]);
        self.g.union(exp, there);
        // `max(sum, -inf)` in the class of `sum`: a node reading its own class.
        let clamp = self.template(1, &[sum, w]);
        self.g.union(sum, clamp);
        let kernel_cost = self.draw(3000, 9000);
        self.fused(soft, &[norm, w], kernel_cost);
        out
    }

    /// A graph of about `nodes` e-nodes and its roots (the last layer's output and every
    /// eighth layer's, as a model's cached keys and values are).
    fn build(nodes: usize) -> (Synth, Vec<Id>) {
        let mut s = Synth::new();
        let mut x = s.input();
        let mut roots = Vec::new();
        let layers = nodes / 16;
        for i in 0..layers {
            x = s.layer(x);
            if i % 8 == 7 {
                roots.push(x);
            }
        }
        roots.push(x);
        s.g.rebuild();
        (s, roots)
    }
}

/// One size's figures.
struct Row {
    nodes: usize,
    classes: usize,
    steps: u64,
    wall_ms: f64,
    cpu_ms: f64,
}

/// The CPU time this thread has run, in milliseconds (the standard library has no thread CPU
/// clock, hence the one `unsafe` call, allowed here).
#[allow(unsafe_code)]
fn cpu_ms() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to write.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 * 1e3 + t.tv_nsec as f64 / 1e6
}

fn bench(nodes: usize, runs: usize) -> Row {
    let (s, roots) = Synth::build(nodes);
    let limits = ExtractLimits::default();
    let (mut wall, mut cpu) = (Vec::new(), Vec::new());
    let mut steps = 0;
    for _ in 0..runs {
        let (start, cpu_start) = (Instant::now(), cpu_ms());
        let choice = extract(&s.g, &roots, &s, &limits);
        let elapsed = start.elapsed().as_secs_f64() * 1e3;
        wall.push(elapsed);
        cpu.push(cpu_ms() - cpu_start);
        assert_eq!(choice.stop, ExtractStop::Chosen, "extraction finished");
        assert!(
            choice.cost < choice.input_cost,
            "the kernels and rewrites pay"
        );
        steps = choice.steps;
    }
    Row {
        nodes: s.g.total_number_of_nodes(),
        classes: s.g.number_of_classes(),
        steps,
        wall_ms: median(&mut wall),
        cpu_ms: median(&mut cpu),
    }
}

fn main() {
    println!(
        "{:>10} {:>10} {:>11} {:>5} {:>10} {:>10} {:>10} {:>10}",
        "e-nodes", "classes", "steps", "runs", "wall ms", "cpu ms", "wall ns/n", "cpu ns/n"
    );
    let mut per_node = Vec::new();
    for (nodes, runs) in [(10_000, 15), (100_000, 7), (1_000_000, 5)] {
        let row = bench(nodes, runs);
        let ns = |ms: f64| ms * 1e6 / row.nodes as f64;
        println!(
            "{:>10} {:>10} {:>11} {:>5} {:>10.3} {:>10.3} {:>10.1} {:>10.1}",
            row.nodes,
            row.classes,
            row.steps,
            runs,
            row.wall_ms,
            row.cpu_ms,
            ns(row.wall_ms),
            ns(row.cpu_ms)
        );
        per_node.push((ns(row.wall_ms), ns(row.cpu_ms)));
    }
    let (first, last) = (per_node[0], per_node[per_node.len() - 1]);
    println!(
        "ns per e-node from 10k to 1M: wall {:.1} -> {:.1} ({:.2}x), cpu {:.1} -> {:.1} ({:.2}x); \
         the bar is 2x",
        first.0,
        last.0,
        last.0 / first.0,
        first.1,
        last.1,
        last.1 / first.1
    );
}
