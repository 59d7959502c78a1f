//! Locations (`loc(...)`) and alias definitions (`#loc3 = loc(...)`, `#attr = ...`, `!t = ...`).
//!
//! Location aliases are kept as references so the output keeps the input's alias table.
//! Attribute and type aliases are substituted where they are used.

use super::lex::Tok;
use super::Parser;
use crate::{Attr, LocAlias, Location, Type};
use egfuse_diag::{Diag, Span};
use rustc_hash::FxHashMap;

#[derive(Default)]
pub(crate) struct Aliases<'a> {
    locs: Vec<(LocAlias, Option<Span>)>,
    loc_index: FxHashMap<&'a str, u32>,
    pub attrs: FxHashMap<&'a str, Aliased<Attr>>,
    pub types: FxHashMap<&'a str, Aliased<Type>>,
    /// Whether any operation has been read yet (later definitions are "trailing").
    pub seen_op: bool,
    defined: u32,
}

/// The value of an attribute or type alias, with the nesting levels and constructs it adds
/// wherever it is used.
pub(crate) struct Aliased<T> {
    pub value: T,
    pub depth: u32,
    pub size: u64,
}

impl<'a> Aliases<'a> {
    /// The index of location alias `name`, reserving it if it is not yet defined.
    fn loc_ref(&mut self, name: &'a str, span: Span) -> u32 {
        if let Some(&i) = self.loc_index.get(name) {
            return i;
        }
        let i = self.locs.len() as u32;
        let alias = LocAlias {
            name: name.into(),
            loc: Location::Unknown,
            leading: false,
            order: 0,
        };
        self.locs.push((alias, Some(span)));
        self.loc_index.insert(name, i);
        i
    }

    fn define_loc(&mut self, name: &'a str, loc: Location, span: Span) -> Result<(), Diag> {
        let leading = !self.seen_op;
        let i = self.loc_ref(name, span) as usize;
        let entry = &mut self.locs[i];
        if entry.1.is_none() {
            return Err(Diag::new(
                "parse::redefinition",
                span,
                format!("alias `#{name}` is defined twice"),
            ));
        }
        *entry = (
            LocAlias {
                name: name.into(),
                loc,
                leading,
                order: self.defined,
            },
            None,
        );
        self.defined += 1;
        Ok(())
    }

    pub fn finish(self) -> Result<Vec<LocAlias>, Diag> {
        if let Some((alias, Some(span))) = self.locs.iter().find(|(_, pending)| pending.is_some()) {
            return Err(Diag::new(
                "parse::undefined",
                *span,
                format!("location alias `#{}` is never defined", alias.name),
            ));
        }
        Ok(self.locs.into_iter().map(|(a, _)| a).collect())
    }
}

impl<'a> Parser<'a> {
    /// `#name = value` or `!name = type` at file level.
    pub(super) fn alias_definition(&mut self) -> Result<(), Diag> {
        let t = self.bump()?;
        let name = &self.text(t)[1..];
        self.expect(Tok::Equal, "`=` in an alias definition")?;
        (self.peak, self.nodes) = (0, 0);
        if t.tok == Tok::Bang {
            let value = self.ty()?;
            let (depth, size) = (self.peak, self.nodes);
            (self.aliases.types).insert(name, Aliased { value, depth, size });
        } else if self.at_word("loc") {
            let loc = self.location()?;
            self.aliases.define_loc(name, loc, t.span)?;
        } else {
            let value = self.attribute()?;
            let (depth, size) = (self.peak, self.nodes);
            (self.aliases.attrs).insert(name, Aliased { value, depth, size });
        }
        Ok(())
    }

    /// An optional `loc(...)` after an op, argument or region.
    pub(super) fn optional_trailing_loc(&mut self) -> Result<Option<Location>, Diag> {
        if self.at_word("loc") {
            return self.location().map(Some);
        }
        Ok(None)
    }

    /// `loc(...)`.
    pub(super) fn location(&mut self) -> Result<Location, Diag> {
        self.expect_word("loc")?;
        self.expect(Tok::LParen, "`(` after `loc`")?;
        let loc = self.location_body()?;
        self.expect(Tok::RParen, "`)` to close the location")?;
        Ok(loc)
    }

    fn location_body(&mut self) -> Result<Location, Diag> {
        self.nested(Self::location_item)
    }

    fn location_item(&mut self) -> Result<Location, Diag> {
        match self.tok.tok {
            Tok::Hash => {
                let t = self.bump()?;
                let name = &self.text(t)[1..];
                Ok(Location::Alias(self.aliases.loc_ref(name, t.span)))
            }
            Tok::Str => self.name_or_file_loc(),
            Tok::Bare if self.at_word("unknown") => {
                self.bump()?;
                Ok(Location::Unknown)
            }
            Tok::Bare if self.at_word("callsite") => self.callsite_loc(),
            Tok::Bare if self.at_word("fused") => self.fused_loc(),
            _ => Err(self.error_here("expected a location".into())),
        }
    }

    fn name_or_file_loc(&mut self) -> Result<Location, Diag> {
        let t = self.bump()?;
        let text = self.text(t);
        let escaped: Box<str> = text[1..text.len() - 1].into();
        if self.eat(Tok::Colon)? {
            let line = self.loc_number()?;
            self.expect(Tok::Colon, "`:` and a column")?;
            let col = self.loc_number()?;
            let mut end = None;
            if self.eat_word("to")? {
                let end_line = if self.eat(Tok::Colon)? {
                    None
                } else {
                    Some(self.loc_number()?)
                };
                if end_line.is_some() {
                    self.expect(Tok::Colon, "`:` and an end column")?;
                }
                end = Some((end_line, self.loc_number()?));
            }
            return Ok(Location::FileLineCol {
                file: escaped,
                line,
                col,
                end,
            });
        }
        let mut child = None;
        if self.eat(Tok::LParen)? {
            child = Some(Box::new(self.location_body()?));
            self.expect(Tok::RParen, "`)` after the child location")?;
        }
        Ok(Location::Name {
            name: escaped,
            child,
        })
    }

    fn loc_number(&mut self) -> Result<u32, Diag> {
        let t = self.expect(Tok::Int, "a line or column number")?;
        self.text(t)
            .parse()
            .map_err(|_| Diag::new("parse::loc", t.span, "line or column number out of range"))
    }

    fn callsite_loc(&mut self) -> Result<Location, Diag> {
        self.bump()?;
        self.expect(Tok::LParen, "`(` after `callsite`")?;
        let callee = Box::new(self.location_body()?);
        self.expect_word("at")?;
        let caller = Box::new(self.location_body()?);
        self.expect(Tok::RParen, "`)` to close `callsite`")?;
        Ok(Location::CallSite { callee, caller })
    }

    fn fused_loc(&mut self) -> Result<Location, Diag> {
        self.bump()?;
        let mut metadata = None;
        if self.eat(Tok::Less)? {
            metadata = Some(Box::new(self.attribute()?));
            self.expect(Tok::Greater, "`>` after the fused location's metadata")?;
        }
        self.expect(Tok::LBracket, "`[` after `fused`")?;
        let mut locs = Vec::new();
        if !self.at(Tok::RBracket) {
            loop {
                locs.push(self.location_body()?);
                if !self.eat(Tok::Comma)? {
                    break;
                }
            }
        }
        self.expect(Tok::RBracket, "`]` to close the fused location")?;
        Ok(Location::Fused { metadata, locs })
    }
}
