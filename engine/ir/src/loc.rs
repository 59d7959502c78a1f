//! Source locations as MLIR writes them: `loc("file":1:2)`, names, call sites, fused locations,
//! `loc(unknown)` and references to `#locN` aliases.

use super::attr::Attr;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Location {
    Unknown,
    /// `"file":line:col`, optionally with a range `to line:col` or `to :col`.
    FileLineCol {
        file: Box<str>,
        line: u32,
        col: u32,
        end: Option<(Option<u32>, u32)>,
    },
    /// `"name"` or `"name"(child)`. The name is kept escaped, as written.
    Name {
        name: Box<str>,
        child: Option<Box<Location>>,
    },
    /// `callsite(callee at caller)`.
    CallSite {
        callee: Box<Location>,
        caller: Box<Location>,
    },
    /// `fused[a, b]` or `fused<metadata>[a, b]`.
    Fused {
        metadata: Option<Box<Attr>>,
        locs: Vec<Location>,
    },
    /// A reference to a location alias `#name`, by index into [`super::Module::loc_aliases`].
    Alias(u32),
}

/// A location alias definition, `#loc3 = loc(...)`, in the order the file defines them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocAlias {
    pub name: Box<str>,
    pub loc: Location,
    /// True when the definition stood before the first operation of the file.
    pub leading: bool,
    /// Position among the definitions, so they print in the order they were written.
    pub order: u32,
}

impl super::Module {
    /// `loc` as a new alias `#locN`, defined after every other (N one past the largest number
    /// in use), and a reference to it. MLIR resolves an alias named inside another location
    /// (`fused[#loc3]`, `callsite(#loc3 at #loc4)`) only when it is defined earlier in the
    /// file, and exporters define theirs after the module; a location built from theirs is
    /// therefore one more alias after them, as MLIR prints one.
    pub fn new_loc_alias(&mut self, loc: Location) -> Location {
        let (number, order) = match self.next_loc_alias {
            Some((count, number, order)) if count == self.loc_aliases.len() => (number, order),
            _ => {
                let number = (self.loc_aliases.iter())
                    .filter_map(|a| a.name.strip_prefix("loc")?.parse::<u64>().ok())
                    .max()
                    .map_or(0, |n| n + 1);
                let order = self
                    .loc_aliases
                    .iter()
                    .map(|a| a.order + 1)
                    .max()
                    .unwrap_or(0);
                (number, order)
            }
        };
        self.loc_aliases.push(LocAlias {
            name: format!("loc{number}").into(),
            loc,
            leading: false,
            order,
        });
        self.next_loc_alias = Some((self.loc_aliases.len(), number + 1, order + 1));
        Location::Alias(self.loc_aliases.len() as u32 - 1)
    }
}

impl Location {
    /// Whether an alias reference appears anywhere in it.
    pub fn names_alias(&self) -> bool {
        match self {
            Location::Alias(_) => true,
            Location::Unknown | Location::FileLineCol { .. } => false,
            Location::Name { child, .. } => child.as_ref().is_some_and(|c| c.names_alias()),
            Location::CallSite { callee, caller } => callee.names_alias() || caller.names_alias(),
            Location::Fused { locs, .. } => locs.iter().any(Location::names_alias),
        }
    }
}
