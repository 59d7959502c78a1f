//! SSA name scopes for the parser: definitions per region, forward references resolved when
//! their definition arrives, and block labels.

use crate::{BlockId, Module, Type, ValueId};
use egfuse_diag::{Diag, Span};
use rustc_hash::FxHashMap;
use std::collections::hash_map::Entry;

/// `%name` or `%name#index` as written at a use.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OperandRef<'a> {
    pub name: &'a str,
    pub index: u32,
    pub span: Span,
}

impl<'a> OperandRef<'a> {
    pub fn new(text: &'a str, span: Span) -> Result<OperandRef<'a>, Diag> {
        let Some((name, index)) = text.split_once('#') else {
            return Ok(OperandRef {
                name: text,
                index: 0,
                span,
            });
        };
        let index = index
            .parse()
            .map_err(|_| Diag::new("parse::operand", span, "result index out of range"))?;
        Ok(OperandRef { name, index, span })
    }
}

/// A use of a name not yet defined: the placeholder value standing in for it.
struct Forward {
    placeholder: ValueId,
    index: u32,
    span: Span,
}

#[derive(Default)]
struct Scope<'a> {
    values: FxHashMap<&'a str, Vec<ValueId>>,
    forward: FxHashMap<&'a str, Vec<Forward>>,
    /// Block labels of this region: the block, and where it was first used while undefined.
    blocks: FxHashMap<&'a str, (BlockId, Option<Span>)>,
    isolated: bool,
}

pub(crate) struct Scopes<'a> {
    stack: Vec<Scope<'a>>,
    /// Where placeholders live; never part of the module's tree.
    limbo: Option<BlockId>,
}

impl<'a> Scopes<'a> {
    pub fn new() -> Scopes<'a> {
        Scopes {
            stack: vec![Scope {
                isolated: true,
                ..Scope::default()
            }],
            limbo: None,
        }
    }

    pub fn push(&mut self, isolated: bool) {
        self.stack.push(Scope {
            isolated,
            ..Scope::default()
        });
    }

    /// Closes the innermost scope. Forward references it could not resolve move to the
    /// enclosing scope, unless this one is isolated: then they are errors.
    pub fn pop(&mut self) -> Result<(), Diag> {
        let scope = self.stack.pop().expect("scope stack underflow");
        let pending = scope
            .blocks
            .iter()
            .filter_map(|(n, (_, used_at))| used_at.map(|s| (n, s)));
        if let Some((name, span)) = pending.min_by_key(|(_, s)| s.start) {
            return Err(Diag::new(
                "parse::block",
                span,
                format!("block `{name}` is used but never defined"),
            ));
        }
        if scope.isolated {
            return unresolved(scope.forward);
        }
        let parent = self.stack.last_mut().expect("no enclosing scope");
        for (name, fwd) in scope.forward {
            parent.forward.entry(name).or_default().extend(fwd);
        }
        Ok(())
    }

    /// Closes the file-level scope.
    pub fn close_top(&mut self) -> Result<(), Diag> {
        let scope = self.stack.pop().expect("scope stack underflow");
        unresolved(scope.forward)
    }

    /// Binds `name` to `values` in the innermost scope and resolves forward uses of it.
    pub fn define(
        &mut self,
        m: &mut Module,
        name: &'a str,
        values: Vec<ValueId>,
        span: Span,
    ) -> Result<(), Diag> {
        let scope = self.stack.last_mut().expect("no scope");
        let slot = match scope.values.entry(name) {
            Entry::Occupied(_) => {
                return Err(Diag::new(
                    "parse::redefinition",
                    span,
                    format!("`%{name}` is defined twice"),
                )
                .with_label("a value of this name already exists in this region"))
            }
            Entry::Vacant(slot) => slot,
        };
        // Most names are defined before any use: no forward reference to look up.
        let pending = (!scope.forward.is_empty())
            .then(|| scope.forward.remove(name))
            .flatten();
        if let Some(uses) = pending {
            for f in uses {
                let Some(&real) = values.get(f.index as usize) else {
                    return Err(index_error(name, f.index, values.len(), f.span));
                };
                if m.ty(real) != m.ty(f.placeholder) {
                    return Err(Diag::new(
                        "parse::type_mismatch",
                        f.span,
                        format!("`%{name}` is used with a different type than it is defined with"),
                    ));
                }
                m.replace_all_uses(f.placeholder, real);
            }
        }
        slot.insert(values);
        Ok(())
    }

    /// The value a use refers to, checked against the type the use site gives it.
    pub fn resolve(
        &mut self,
        m: &mut Module,
        r: &OperandRef<'a>,
        ty: &Type,
    ) -> Result<ValueId, Diag> {
        for scope in self.stack.iter().rev() {
            if let Some(values) = scope.values.get(r.name) {
                let Some(&v) = values.get(r.index as usize) else {
                    return Err(index_error(r.name, r.index, values.len(), r.span));
                };
                if m.ty(v) != ty {
                    let message = format!(
                        "`%{}` is used with a different type than it is defined with",
                        r.name
                    );
                    return Err(Diag::new("parse::type_mismatch", r.span, message)
                        .with_label("the type given at this use differs from the value's type"));
                }
                return Ok(v);
            }
            if scope.isolated {
                break;
            }
        }
        let limbo = *self.limbo.get_or_insert_with(|| m.new_block());
        let placeholder = m.add_block_arg(limbo, ty.clone(), None);
        let scope = self.stack.last_mut().expect("no scope");
        scope.forward.entry(r.name).or_default().push(Forward {
            placeholder,
            index: r.index,
            span: r.span,
        });
        Ok(placeholder)
    }

    /// The block a `^name` successor refers to, creating it when it is not yet defined.
    pub fn block_ref(&mut self, m: &mut Module, name: &'a str, span: Span) -> BlockId {
        let scope = self.stack.last_mut().expect("no scope");
        scope
            .blocks
            .entry(name)
            .or_insert_with(|| (m.new_block(), Some(span)))
            .0
    }

    /// Defines the block labelled `^name` in the current region.
    pub fn block_def(
        &mut self,
        m: &mut Module,
        name: &'a str,
        span: Span,
    ) -> Result<BlockId, Diag> {
        let scope = self.stack.last_mut().expect("no scope");
        match scope.blocks.get_mut(name) {
            Some((b, pending @ Some(_))) => {
                *pending = None;
                Ok(*b)
            }
            Some((_, None)) => Err(Diag::new(
                "parse::redefinition",
                span,
                format!("block `{name}` is defined twice"),
            )),
            None => {
                let b = m.new_block();
                scope.blocks.insert(name, (b, None));
                Ok(b)
            }
        }
    }
}

fn unresolved(forward: FxHashMap<&str, Vec<Forward>>) -> Result<(), Diag> {
    let first = forward
        .iter()
        .flat_map(|(n, f)| f.iter().map(move |f| (n, f.span)))
        .min_by_key(|(_, s)| s.start);
    match first {
        Some((name, span)) => Err(Diag::new(
            "parse::undefined",
            span,
            format!("use of undefined value `%{name}`"),
        )
        .with_label("no value of this name is defined in scope")),
        None => Ok(()),
    }
}

fn index_error(name: &str, index: u32, len: usize, span: Span) -> Diag {
    Diag::new(
        "parse::operand",
        span,
        format!("`%{name}` has {len} result(s); `#{index}` is out of range"),
    )
}
