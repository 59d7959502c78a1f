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
