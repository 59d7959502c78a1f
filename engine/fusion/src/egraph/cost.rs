//! The target's cost model applied to e-nodes: an op node costs what the op costs unfused; a
//! fused node costs its kernel (its inputs read and its result written once, plus the compute
//! of every body op); leaves cost nothing. A slice of a value the block reads from HBM (a
//! weight) costs nothing either: it is the access pattern its reader's DMA reads the window
//! through (a matmul's by `matmul-views` or absorb, a loop kernel's at its edge), no kernel.

use super::extract::CostModel;
use super::lang::{Build, Node};
use super::meta::Graph;
use egfuse_cost::{Cost, OpShape, Target, Traffic};
use egfuse_ir::{Module, OpId, Type};
use egg::Id;
use rustc_hash::FxHashMap;
use std::cell::RefCell;

/// The model over one module's e-graph (original ops are classified from the module, each
/// once: a kernel's body repeats ops the graph already costed alone).
pub struct Model<'a> {
    pub target: &'a Target,
    pub module: &'a Module,
    /// The shapes of the original ops costed so far: where each is in `shapes`, by op.
    shape_of: RefCell<FxHashMap<OpId, u32>>,
    shapes: RefCell<Vec<OpShape>>,
}

impl<'a> Model<'a> {
    pub fn new(target: &'a Target, module: &'a Module) -> Model<'a> {
        Model {
            target,
            module,
            shape_of: RefCell::default(),
            shapes: RefCell::default(),
        }
    }
}

impl CostModel for Model<'_> {
    fn cost(&self, g: &Graph, class: Id, node: &Node) -> Cost {
        match node {
            Node::Attr(_) | Node::Input(_) => Cost::ZERO,
            Node::Op { .. } if window_of_input(g, node) => Cost::ZERO,
            Node::Op { .. } => self.target.op_cost(&self.shape(g, node)),
            Node::Fused { fusion, args } => {
                let k = &g.analysis.kernels[*fusion as usize];
                let ins = Traffic::of(self.target, args.iter().filter_map(|&a| ty(g, a)));
                let outs = Traffic::of(self.target, ty(g, class));
                let body = k.body.iter().map(|(_, n)| self.shape(g, n));
                self.target.cluster_cost(ins, outs, body)
            }
        }
    }
}

impl Model<'_> {
    /// The shape of an op node: from the module for an original op, from its template and its
    /// operands' classes for a built one.
    fn shape(&self, g: &Graph, node: &Node) -> OpShape {
        let Node::Op { build, .. } = node else {
            unreachable!("only op nodes have shapes")
        };
        match *build {
            // An index into a list, not the shape in the map: a map sized for every op of the
            // module, with a shape (80 bytes) in each slot, was 160 fresh pages to fill.
            Build::Original(op) => {
                let mut shapes = self.shapes.borrow_mut();
                let k = *(self.shape_of.borrow_mut()).entry(op).or_insert_with(|| {
                    shapes.push(OpShape::of(self.target, self.module, op));
                    shapes.len() as u32 - 1
                });
                shapes[k as usize]
            }
            Build::Template(t) => {
                let t = &g.analysis.templates[t];
                let operands: Vec<&Type> =
                    node.operands().iter().filter_map(|&c| ty(g, c)).collect();
                OpShape::classify(self.target, &t.name, &t.props, operands, [&*t.ty])
            }
        }
    }
}

fn ty(g: &Graph, class: Id) -> Option<&Type> {
    g[class].data.ty.as_deref()
}

/// Whether `node` is a slice of a value the block reads from HBM.
fn window_of_input(g: &Graph, node: &Node) -> bool {
    let input = |c: Id| g[c].nodes.iter().any(|n| matches!(n, Node::Input(_)));
    node.op_name() == Some("stablehlo.slice") && node.operands().first().is_some_and(|&c| input(c))
}
