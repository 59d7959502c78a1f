//! The solver's open choices, made one at a time in a fixed order, and the finished instance.

use super::{
    AttrVal, Broadcast, Cast, ConstSpec, Dtype, Kind, Node, NodeId, Refusal, Solver, Typed,
};
use super::{BASE, CAPTURED, INNER};

impl Solver<'_> {
    /// Makes the first open choice; `false` when none is left.
    pub(super) fn choose(&mut self) -> Result<bool, String> {
        let root = self.p.root;
        if self.elem[root.0].is_none() {
            return self.set_elem(root, self.plan.dtype);
        }
        if self.shape[root.0].is_none() {
            return self.set_shape(root, BASE.to_vec());
        }
        let ops: Vec<(NodeId, Vec<NodeId>)> = self
            .p
            .ops()
            .map(|(id, op)| (id, op.operands.clone()))
            .collect();
        for (id, operands) in &ops {
            if self.choose_op(*id, operands)? {
                return Ok(true);
            }
        }
        let n = self.p.nodes.len();
        if let Some(i) = (0..n).find(|&i| self.elem[i].is_none()) {
            return self.set_elem(NodeId(i), self.plan.dtype);
        }
        if let Some(i) = (0..n).find(|&i| self.shape[i].is_none()) {
            return self.set_shape(NodeId(i), BASE.to_vec());
        }
        Ok(self.choose_words(&ops))
    }

    fn choose_op(&mut self, id: NodeId, operands: &[NodeId]) -> Result<bool, String> {
        let Some(k) = self.kinds[id.0] else {
            return Ok(false);
        };
        let known = |s: &Self, n: NodeId| s.shape[n.0].clone();
        match k {
            Kind::Reduce if self.ints(id.0, "dimensions").is_none() => {
                let d = match (known(self, operands[0]), known(self, id)) {
                    (Some(xs), _) if !xs.is_empty() => xs.len() as i64 - 1,
                    (None, Some(rs)) => rs.len() as i64,
                    (Some(_), _) => return Err("a reduce of a scalar".into()),
                    (None, None) => return Ok(false),
                };
                Ok(self.fill(id.0, "dimensions", AttrVal::Ints(vec![d])))
            }
            Kind::Broadcast => self.choose_broadcast(id, operands[0]),
            Kind::Slice => self.choose_slice(id, operands[0]),
            Kind::Reshape => self.choose_reshape(id, operands[0]),
            Kind::Convert => {
                let (x, r) = (self.elem[operands[0].0], self.elem[id.0]);
                let other = |e: Dtype| match self.plan.cast {
                    Cast::Partner => e.partner(),
                    Cast::Same => e,
                };
                match (x, r) {
                    (Some(e), None) => self.set_elem(id, other(e)),
                    (None, Some(e)) => self.set_elem(operands[0], other(e)),
                    _ => Ok(false),
                }
            }
            Kind::Dot { .. } if known(self, id).is_none() => {
                let (a, b) = (known(self, operands[0]), known(self, operands[1]));
                let dims = self.dot_dims(id.0);
                let r = match (a, b) {
                    (Some(x), None) => {
                        dims.result(&x, &vec![INNER; dims.rb.len() + dims.rc.len() + 1])?
                    }
                    (None, Some(y)) => {
                        dims.result(&vec![INNER; dims.lb.len() + dims.lc.len() + 1], &y)?
                    }
                    _ => return Ok(false),
                };
                self.set_shape(id, r)
            }
            _ => Ok(false),
        }
    }

    /// A broadcast with one side known: the identity from a known operand, [`Broadcast`]'s
    /// operand for a known result.
    fn choose_broadcast(&mut self, id: NodeId, x: NodeId) -> Result<bool, String> {
        let dims = self.ints(id.0, "broadcast_dimensions");
        match (self.shape[x.0].clone(), self.shape[id.0].clone(), dims) {
            (Some(xs), None, None) => {
                let iota = (0..xs.len() as i64).collect();
                self.fill(id.0, "broadcast_dimensions", AttrVal::Ints(iota));
                self.set_shape(id, xs)
            }
            (Some(xs), None, Some(b)) => {
                let rank = b.iter().max().map_or(0, |&m| m as usize + 1);
                let mut rs = vec![3; rank];
                for (&d, &s) in b.iter().zip(&xs) {
                    rs[d as usize] = s;
                }
                self.set_shape(id, rs)
            }
            (None, Some(rs), None) => {
                let xs = match (self.plan.broadcast, rs.split_last()) {
                    (_, None) => Vec::new(),
                    (Broadcast::Keep, Some((_, init))) => [init, &[1]].concat(),
                    (Broadcast::Drop, Some((_, init))) => init.to_vec(),
                };
                let iota = (0..xs.len() as i64).collect();
                self.fill(id.0, "broadcast_dimensions", AttrVal::Ints(iota));
                self.set_shape(x, xs)
            }
            _ => Ok(false),
        }
    }

    /// A slice with one side known and no indices: every other element from the second where
    /// a dimension has three or more (all of a smaller one), so that a rule that drops the
    /// start or the stride shows it.
    fn choose_slice(&mut self, id: NodeId, x: NodeId) -> Result<bool, String> {
        if self.ints(id.0, "start_indices").is_some() {
            return Ok(false);
        }
        let xs = match (self.shape[x.0].clone(), self.shape[id.0].clone()) {
            (Some(xs), _) => xs,
            (None, Some(rs)) => rs.iter().map(|&r| 2 * r + 1).collect(),
            (None, None) => return Ok(false),
        };
        let wide = |d: i64| d >= 3;
        let start = xs.iter().map(|&d| i64::from(wide(d))).collect();
        let strides = xs.iter().map(|&d| if wide(d) { 2 } else { 1 }).collect();
        self.fill(id.0, "start_indices", AttrVal::Ints(start));
        self.fill(id.0, "strides", AttrVal::Ints(strides));
        self.fill(id.0, "limit_indices", AttrVal::Ints(xs));
        Ok(true)
    }

    /// A reshape with one side known: the other is that shape with a unit dimension appended
    /// ([`Broadcast::Keep`]) or without its unit dimensions ([`Broadcast::Drop`]).
    fn choose_reshape(&mut self, id: NodeId, x: NodeId) -> Result<bool, String> {
        let other = |s: &[i64], plan: Broadcast| match plan {
            Broadcast::Keep => [s, &[1]].concat(),
            Broadcast::Drop => s.iter().copied().filter(|&d| d != 1).collect(),
        };
        match (self.shape[x.0].clone(), self.shape[id.0].clone()) {
            (None, Some(rs)) => self.set_shape(x, other(&rs, self.plan.broadcast)),
            (Some(xs), None) => self.set_shape(id, other(&xs, self.plan.broadcast)),
            _ => Ok(false),
        }
    }

    /// The words nothing fixes: a reduce's body adds, a compare tests `GT`.
    fn choose_words(&mut self, ops: &[(NodeId, Vec<NodeId>)]) -> bool {
        for (id, _) in ops {
            let name = match self.p.node(*id) {
                Node::Op(o) => o.name.as_str(),
                _ => continue,
            };
            let dialect = name.split('.').next().unwrap_or("stablehlo");
            let filled = match self.kinds[id.0] {
                Some(Kind::Reduce) => {
                    self.fill(id.0, "body", AttrVal::Word(format!("{dialect}.add")))
                }
                Some(Kind::Compare) => {
                    self.fill(id.0, "comparison_direction", AttrVal::Word("GT".into()))
                }
                _ => false,
            };
            if filled {
                return true;
            }
        }
        false
    }

    /// The instance, once every choice is made; [`Refusal::NotAdmitted`] when the plan's
    /// element type does not suit the rule.
    pub(super) fn finish(self) -> Result<Typed, Refusal> {
        let shapes: Option<Vec<Vec<i64>>> = self.shape.iter().cloned().collect();
        let elems: Option<Vec<Dtype>> = self.elem.iter().copied().collect();
        let (Some(shapes), Some(elems)) = (shapes, elems) else {
            return Err(Refusal::Cannot("a value's type is left open".into()));
        };
        let consts = self.const_values();
        for (i, node) in self.p.nodes.iter().enumerate() {
            let int = !elems[i].is_float();
            let refused = match node {
                Node::Const(_) => int && (consts[i].fract() != 0.0 || !consts[i].is_finite()),
                Node::Op(o) => match self.kinds[i] {
                    Some(Kind::Same) => int && !has_int_kernel(&o.name),
                    Some(Kind::ChloCall) => int,
                    _ => false,
                },
                Node::Input(_) => false,
            };
            if refused {
                return Err(Refusal::NotAdmitted);
            }
        }
        let attrs = self
            .slots
            .iter()
            .enumerate()
            .map(|(i, slots)| {
                let mut out: Vec<(String, AttrVal)> = slots
                    .iter()
                    .filter_map(|(n, _)| Some((n.to_string(), self.slot(i, n)?.clone())))
                    .collect();
                out.sort_by(|a, b| a.0.cmp(&b.0));
                out
            })
            .collect();
        Ok(Typed {
            shapes,
            elems,
            attrs,
            consts,
        })
    }

    /// Each constant's value: written, or the captured values by first appearance.
    fn const_values(&self) -> Vec<f64> {
        let mut seen: Vec<&str> = Vec::new();
        self.p
            .nodes
            .iter()
            .map(|n| match n {
                Node::Const(ConstSpec::Value(v)) => *v,
                Node::Const(ConstSpec::Capture(c)) => {
                    let k = seen.iter().position(|s| s == c).unwrap_or_else(|| {
                        seen.push(c);
                        seen.len() - 1
                    });
                    CAPTURED[k % CAPTURED.len()]
                }
                _ => 0.0,
            })
            .collect()
    }
}

/// Whether the interpreter computes the elementwise op `name` on integers.
fn has_int_kernel(name: &str) -> bool {
    let stem = name.rsplit('.').next().unwrap_or(name);
    egfuse_interp::has_int_kernel(stem)
}
