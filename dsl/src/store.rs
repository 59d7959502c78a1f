//! The stored form of a checked rule set: the files' syntax trees and expanded items in a compact
//! binary form, which loads without parsing or checking. The default rules are embedded in it
//! (`egfuse_rules::STORED`), so a process starts without the work [`RuleSet::load`] does.
//!
//! The bytes are a header, then the body in postcard's encoding. The header holds a format
//! number and a fingerprint of the rule texts the set was loaded from; [`RuleSet::decode`]
//! refuses bytes whose header does not match the texts it is given, and the caller then loads the
//! texts. The rule texts themselves are not stored: the caller has them.
//!
//! Invariant: `decode(encode(set), texts)` is `set` when `set` was loaded from `texts`, and
//! `decode` of bytes made from other texts, or by another [`FORMAT`], is `None`.

use crate::ast::{Binding, File, FusionBody, Item};
use crate::load::{RuleFile, RuleSet};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Arc;

/// The stored form's first bytes.
const MAGIC: &[u8; 8] = b"egfrules";

/// The layout's number: raise it whenever a stored type changes shape, so older bytes are refused
/// rather than misread.
pub const FORMAT: u32 = 2;

/// The header's length: the magic, the format, the fingerprint.
const HEADER: usize = 8 + 4 + 8;

/// The stored set. Variants of one fusion repeat most of their bindings (the default rules' 5,322
/// bindings are 214 distinct ones), so each distinct binding is stored once and read back by
/// index.
#[derive(Serialize, Deserialize)]
struct Body {
    /// Each distinct binding of every fusion's body and shared list, once.
    bindings: Vec<Binding>,
    /// Each list of bindings the variants of one fusion share (`FusionRule::whole`), once.
    wholes: Vec<Vec<u32>>,
    files: Vec<StoredFile>,
}

/// One file, as written and expanded.
#[derive(Serialize, Deserialize)]
struct StoredFile {
    ast: File,
    items: Vec<StoredItem>,
}

/// An expanded item. A fusion's bindings are not in it but in `body`, and its shared list in
/// `whole`; the variants of one fusion after the first leave out their doc, which is the first's.
#[derive(Serialize, Deserialize)]
struct StoredItem {
    item: Item,
    body: Option<Vec<u32>>,
    whole: Option<u32>,
}

/// Rule texts (name, text) with their fingerprint (FNV-1a): what [`RuleSet::decode`] checks
/// stored bytes against. [`Texts::new`] is a `const fn`, so a constant of embedded texts has its
/// fingerprint computed at compile time, not by every process that loads them.
#[derive(Clone, Copy)]
pub struct Texts<'t> {
    files: &'t [(&'t str, &'t str)],
    fingerprint: u64,
}

impl<'t> Texts<'t> {
    /// `files` with their fingerprint.
    pub const fn new(files: &'t [(&'t str, &'t str)]) -> Texts<'t> {
        Texts {
            files,
            fingerprint: fingerprint(files),
        }
    }
}

/// The fingerprint of `files` (name, text) under [`FORMAT`]: FNV-1a over the format number and
/// each name and text with its length.
const fn fingerprint(files: &[(&str, &str)]) -> u64 {
    let mut hash = fnv(0xcbf2_9ce4_8422_2325, &FORMAT.to_le_bytes());
    let mut i = 0;
    while i < files.len() {
        let (name, text) = files[i];
        hash = fnv(hash, &(name.len() as u64).to_le_bytes());
        hash = fnv(hash, name.as_bytes());
        hash = fnv(hash, &(text.len() as u64).to_le_bytes());
        hash = fnv(hash, text.as_bytes());
        i += 1;
    }
    hash
}

/// FNV-1a's `hash` after `bytes`.
const fn fnv(mut hash: u64, bytes: &[u8]) -> u64 {
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    hash
}

impl RuleSet {
    /// The stored form of this set. The same set gives the same bytes.
    pub fn encode(&self) -> Vec<u8> {
        let texts: Vec<(&str, &str)> = self
            .files
            .iter()
            .map(|f| (f.name.as_str(), f.text.as_str()))
            .collect();
        let mut table = Table::default();
        let files = (self.files.iter())
            .map(|f| StoredFile {
                ast: f.ast.clone(),
                items: f
                    .items
                    .iter()
                    .enumerate()
                    .map(|(i, item)| {
                        let later = i > 0 && later_variant(&f.items[i - 1], item);
                        table.item(item, later)
                    })
                    .collect(),
            })
            .collect();
        let body = Body {
            bindings: table.bindings,
            wholes: table.wholes.into_iter().map(|(_, w)| w).collect(),
            files,
        };
        let mut bytes = header(&Texts::new(&texts));
        bytes.reserve(1 << 16);
        postcard::to_extend(&body, bytes).expect("writing to a vector cannot fail")
    }

    /// The set `bytes` stores, if they were encoded from `texts` by this format; `None`
    /// otherwise, and for bytes that do not decode.
    pub fn decode(bytes: &[u8], texts: &Texts) -> Option<RuleSet> {
        let files = texts.files;
        let (head, body) = bytes.split_at_checked(HEADER)?;
        if head != header(texts) {
            return None;
        }
        let (body, rest) = postcard::take_from_bytes::<Body>(body).ok()?;
        if !rest.is_empty() || body.files.len() != files.len() {
            return None;
        }
        let bindings = |indices: &[u32]| -> Option<Vec<Binding>> {
            (indices.iter())
                .map(|&i| body.bindings.get(i as usize).cloned())
                .collect()
        };
        let wholes: Vec<Arc<Vec<Binding>>> = (body.wholes.iter())
            .map(|w| bindings(w).map(Arc::new))
            .collect::<Option<_>>()?;
        let mut out = Vec::with_capacity(files.len());
        for (&(name, text), file) in files.iter().zip(body.files) {
            let mut items = Vec::with_capacity(file.items.len());
            for stored in file.items {
                let before = items.last().filter(|b| later_variant(b, &stored.item));
                let doc = before.map(|b: &Item| b.doc().to_vec());
                let mut item = stored.item;
                if let Item::Fusion(f) = &mut item {
                    if let Some(body) = &stored.body {
                        f.body = FusionBody::Pattern(bindings(body)?);
                    }
                    if let Some(w) = stored.whole {
                        f.whole = Some(Arc::clone(wholes.get(w as usize)?));
                    }
                    if let Some(doc) = doc {
                        f.doc = doc;
                    }
                }
                items.push(item);
            }
            out.push(RuleFile {
                name: name.to_string(),
                text: text.to_string(),
                ast: file.ast,
                items,
            });
        }
        Some(RuleSet { files: out })
    }
}

/// The stored form's header for `texts`: the magic, the format, the texts' fingerprint.
fn header(texts: &Texts) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(HEADER);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&FORMAT.to_le_bytes());
    bytes.extend_from_slice(&texts.fingerprint.to_le_bytes());
    bytes
}

/// Whether `item` is a later variant of the fusion `before` is a variant of.
fn later_variant(before: &Item, item: &Item) -> bool {
    matches!((before, item), (Item::Fusion(a), Item::Fusion(b)) if a.name.name == b.name.name)
}

/// The distinct bindings and shared lists met while encoding, each with its index.
#[derive(Default)]
struct Table {
    bindings: Vec<Binding>,
    index: HashMap<Vec<u8>, u32>,
    /// Each shared list met, with its bindings' indices.
    wholes: Vec<(Arc<Vec<Binding>>, Vec<u32>)>,
}

impl Table {
    /// `item` as stored; `later` when it is a later variant of the fusion before it.
    fn item(&mut self, item: &Item, later: bool) -> StoredItem {
        let Item::Fusion(f) = item else {
            return StoredItem {
                item: item.clone(),
                body: None,
                whole: None,
            };
        };
        let mut f = f.clone();
        let body = match &f.body {
            FusionBody::Pattern(bindings) => Some(self.bindings(bindings)),
            _ => None,
        };
        if body.is_some() {
            f.body = FusionBody::Pattern(Vec::new());
        }
        let whole = f.whole.take().map(|w| self.whole(&w));
        if later {
            f.doc = Vec::new();
        }
        StoredItem {
            item: Item::Fusion(f),
            body,
            whole,
        }
    }

    /// The index of shared list `w`, added when not met yet.
    fn whole(&mut self, w: &Arc<Vec<Binding>>) -> u32 {
        if let Some(i) = self.wholes.iter().position(|(met, _)| Arc::ptr_eq(met, w)) {
            return index(i);
        }
        let indices = self.bindings(w);
        self.wholes.push((Arc::clone(w), indices));
        index(self.wholes.len() - 1)
    }

    /// The indices of `bindings`, each added when not met yet.
    fn bindings(&mut self, bindings: &[Binding]) -> Vec<u32> {
        (bindings.iter())
            .map(|b| {
                let key = postcard::to_allocvec(b).expect("writing to a vector cannot fail");
                *self.index.entry(key).or_insert_with(|| {
                    self.bindings.push(b.clone());
                    index(self.bindings.len() - 1)
                })
            })
            .collect()
    }
}

/// `i` as a stored index.
fn index(i: usize) -> u32 {
    u32::try_from(i).expect("fewer than 2^32 bindings")
}

#[cfg(test)]
mod tests {
    use super::Texts;
    use crate::test_catalog::TestCatalog;
    use crate::RuleSet;
    use std::sync::Arc;

    /// [`FILES`], fingerprinted.
    const TEXTS: Texts<'static> = Texts::new(FILES);

    /// A fusion with optional parts, whose four variants share their whole bindings, and a
    /// rewrite.
    const FILES: &[(&str, &str)] = &[(
        "a.rules",
        r#"# tanh(x / c - m) is one T kernel, with or without the divisor and the shift.
fusion t kind T anchor %t {
  %d = stablehlo.divide(%x, splat($c)) or %x
  %m = stablehlo.subtract(%d, %mean) or %d
  %t = stablehlo.tanh(%m)
  penguin scale = $c
}

# 1/(1+exp(-x)) = logistic(x).
rewrite sigmoid-expanded: stablehlo.divide(splat(1.0), stablehlo.add(splat(1.0), stablehlo.exponential(stablehlo.negate(%x)))) => stablehlo.logistic(%x)
"#,
    )];

    fn loaded() -> RuleSet {
        RuleSet::load(FILES, &TestCatalog).expect("the test rules load")
    }

    #[test]
    fn decode_gives_back_what_was_encoded() {
        let set = loaded();
        let bytes = set.encode();
        let back = RuleSet::decode(&bytes, &TEXTS).expect("the bytes decode");
        assert_eq!(back, set);
        let wholes: Vec<_> = back
            .fusions()
            .map(|f| f.whole.clone().expect("shared"))
            .collect();
        assert_eq!(wholes.len(), 4);
        assert!(
            wholes.iter().all(|w| Arc::ptr_eq(w, &wholes[0])),
            "one list, shared"
        );
        assert_eq!(bytes, set.encode(), "the same set gives the same bytes");
    }

    #[test]
    fn decode_refuses_other_texts_and_damaged_bytes() {
        let bytes = loaded().encode();
        let other = &[("a.rules", "# Nothing.\n")];
        assert_eq!(RuleSet::decode(&bytes, &Texts::new(other)), None);
        assert_eq!(RuleSet::decode(&bytes[..bytes.len() - 1], &TEXTS), None);
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(RuleSet::decode(&longer, &TEXTS), None);
        let mut format = bytes;
        format[8] ^= 1;
        assert_eq!(RuleSet::decode(&format, &TEXTS), None);
        assert_eq!(RuleSet::decode(b"egf", &TEXTS), None);
    }
}
