//! SSA names for printing: a value keeps the name it was read with when that name is free in
//! scope; otherwise (or when it never had one) it gets the next free number, or `argN` for block
//! arguments. Scopes follow regions, as in MLIR: a sibling region may reuse a name.

use super::attr::push_decimal;
use crate::{Module, ValueId};
use rustc_hash::FxHashSet;
use std::rc::Rc;

struct Scope {
    used: FxHashSet<Rc<str>>,
    next_num: u32,
    next_arg: u32,
    isolated: bool,
}

/// A name is one shared string: the scope that claimed it and the value it names hold it.
pub(crate) struct Names {
    assigned: Vec<Option<Rc<str>>>,
    scopes: Vec<Scope>,
}

impl Names {
    pub fn new() -> Names {
        Names {
            assigned: Vec::new(),
            scopes: vec![Scope {
                used: FxHashSet::default(),
                next_num: 0,
                next_arg: 0,
                isolated: true,
            }],
        }
    }

    pub fn push_scope(&mut self, isolated: bool) {
        if !isolated {
            self.skip_used();
        }
        let (next_num, next_arg) = match self.scopes.last() {
            Some(s) if !isolated => (s.next_num, s.next_arg),
            _ => (0, 0),
        };
        self.scopes.push(Scope {
            used: FxHashSet::default(),
            next_num,
            next_arg,
            isolated,
        });
    }

    /// Moves the current scope's counters past the numbers and `argN` names already used in
    /// it. A nested scope starts from them; without this, every region inside a function whose
    /// values kept their own names (`%0`, `%1`, ... as exporters write them) would count up
    /// through all of them again. Names are never released, so a number skipped here would be
    /// skipped by the next `fresh` anyway: the names chosen do not change.
    fn skip_used(&mut self) {
        let s = self.scopes.last().expect("no scope");
        let (num, arg) = (
            self.first_free("", s.next_num).0,
            self.first_free("arg", s.next_arg).0,
        );
        let s = self.scopes.last_mut().expect("no scope");
        (s.next_num, s.next_arg) = (num, arg);
    }

    /// The first `{prefix}{n}`, `n >= from`, that no visible scope uses: `n` and that name.
    fn first_free(&self, prefix: &str, from: u32) -> (u32, String) {
        let mut text = String::with_capacity(prefix.len() + 10);
        for n in from..=u32::MAX {
            text.clear();
            text.push_str(prefix);
            push_decimal(&mut text, u64::from(n));
            if !self.is_used(&text) {
                return (n, text);
            }
        }
        unreachable!("a scope uses fewer than 2^32 names")
    }

    /// The assigned names, indexed by value id.
    pub fn into_assigned(self) -> Vec<Option<Box<str>>> {
        (self.assigned.into_iter())
            .map(|n| n.map(|n| Box::from(&*n)))
            .collect()
    }

    pub fn pop_scope(&mut self) {
        self.scopes.pop();
    }

    fn is_used(&self, name: &str) -> bool {
        for s in self.scopes.iter().rev() {
            if s.used.contains(name) {
                return true;
            }
            if s.isolated {
                break;
            }
        }
        false
    }

    fn claim(&mut self, name: Rc<str>) -> Rc<str> {
        self.scopes
            .last_mut()
            .expect("no scope")
            .used
            .insert(name.clone());
        name
    }

    /// The hint if it is free, else a fresh number (or `argN` when `arg`).
    fn fresh(&mut self, hint: Option<&str>, arg: bool) -> Rc<str> {
        if let Some(h) = hint.filter(|h| !self.is_used(h)) {
            return self.claim(h.into());
        }
        let prefix = if arg { "arg" } else { "" };
        let scope = self.scopes.last().expect("no scope");
        let (n, name) = self.first_free(prefix, if arg { scope.next_arg } else { scope.next_num });
        let scope = self.scopes.last_mut().expect("no scope");
        if arg {
            scope.next_arg = n + 1;
        } else {
            scope.next_num = n + 1;
        }
        self.claim(name.into())
    }

    fn set(&mut self, v: ValueId, name: Rc<str>) {
        if self.assigned.len() <= v.index() {
            self.assigned.resize(v.index() + 1, None);
        }
        self.assigned[v.index()] = Some(name);
    }

    fn get(&self, v: ValueId) -> Option<&str> {
        self.assigned.get(v.index()).and_then(|n| n.as_deref())
    }

    /// Names an op's results; returns the group name when they print as one group `%name:N`
    /// (each result then reads `%name#i`).
    pub fn define_results(&mut self, m: &Module, results: &[ValueId]) -> Option<Rc<str>> {
        let grouped = results.len() == 1 || results[1..].iter().all(|&r| m.value(r).name.is_none());
        if grouped {
            let base = self.fresh(m.value(results[0]).name.as_deref(), false);
            if results.len() == 1 {
                self.set(results[0], base.clone());
            } else {
                for (i, &r) in results.iter().enumerate() {
                    self.set(r, format!("{base}#{i}").into());
                }
            }
            Some(base)
        } else {
            for &r in results {
                let name = self.fresh(m.value(r).name.as_deref(), false);
                self.set(r, name);
            }
            None
        }
    }

    pub fn define_arg(&mut self, m: &Module, v: ValueId) {
        let name = self.fresh(m.value(v).name.as_deref(), true);
        self.set(v, name);
    }

    /// Writes `%name`, naming the value now if it is used before its definition is printed.
    pub fn write(&mut self, m: &Module, v: ValueId, out: &mut String) {
        if self.get(v).is_none() {
            let name = self.fresh(m.value(v).name.as_deref(), false);
            self.set(v, name);
        }
        out.push('%');
        out.push_str(self.get(v).unwrap_or("?"));
    }
}

impl Names {
    /// Prints `v` under the same name as `like` (the `cond` region of a `while`).
    pub fn alias(&mut self, v: ValueId, like: ValueId) {
        if let Some(name) = self.assigned.get(like.index()).cloned().flatten() {
            self.set(v, name);
        }
    }
}
