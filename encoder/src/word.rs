//! The instruction word's header: 16 bytes per instruction, laid out by one table of fields
//! ([`FIELDS`]), from which both [`Header::encode`] and [`Header::decode`] are derived, as
//! TableGen derives an encoder and a decoder from one description. Fields pack from the least
//! significant bit of a little-endian 128-bit word, in table order. The operands, waits and
//! signals follow the header (`binary`); docs/isa.md says which fields are the seed's facts.

use egfuse_nisa::spec::{OpSpec, Opcode};
use egfuse_nisa::{Engine, ENGINES};

/// One field of the header: its name, its width and where its meaning comes from.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    pub name: &'static str,
    pub bits: u32,
    pub from: &'static str,
}

const fn field(name: &'static str, bits: u32, from: &'static str) -> Field {
    Field { name, bits, from }
}

/// The header's fields, least significant first. They add up to 128 bits.
pub const FIELDS: &[Field] = &[
    field("opcode", 8, "seed 003 §1.2: the TPB opcode byte"),
    field(
        "engine",
        4,
        "seed 003 §1.2 CORRECTION: the engine is its own field",
    ),
    field("queue", 4, "ours: the DMA queue"),
    field(
        "variant",
        8,
        "ours: which nisa op, among those sharing the byte",
    ),
    field("operands", 8, "ours: operand records after the header"),
    field("waits", 8, "ours: wait records after the operands"),
    field("signals", 8, "ours: signal records after the waits"),
    field("reserved", 16, "ours: zero"),
    field("loc", 32, "ours: source map entry + 1; 0 for none"),
    field("seq", 32, "ours: place in the kernel's sequential order"),
];

pub const HEADER_BYTES: usize = 16;

/// The operands a PE op's first word loads as the stationary matrix: 0x01 loads it, 0x02
/// streams the moving operand through it (003 §1.2 row 4). A transpose on PE is a matmul whose
/// stationary operand is its data and whose moving one the identity (003 §1.5). The MX matmul's
/// first word (0x09 LDWEIGHTS_MX on v4) loads the stationary operand with its scales (003 §4.3).
const STATIONARY: &[(Opcode, &[&str])] = &[
    (Opcode::NcMatmul, &["stationary"]),
    (Opcode::NcTranspose, &["data"]),
    (Opcode::NcMatmulMx, &["stationary", "stationary_scale"]),
];

/// Which of `spec`'s operands (by parameter index) each of its `words` words carries. An op of
/// one opcode byte is one word with every operand; an op of several issues one word per byte,
/// the first carrying the stationary operands, the last every other one.
pub fn parts(spec: &OpSpec, words: usize) -> Vec<Vec<usize>> {
    let all = 0..spec.params.len();
    if words <= 1 {
        return vec![all.collect()];
    }
    let stationary = STATIONARY
        .iter()
        .find(|s| s.0 == spec.op)
        .map_or(&[][..], |s| s.1);
    let first = |p: &usize| stationary.contains(&spec.params[*p].name);
    let mut out = vec![Vec::new(); words];
    out[0] = all.clone().filter(first).collect();
    out[words - 1] = all.filter(|p| !first(p)).collect();
    out
}

/// An instruction's header, one member per field of [`FIELDS`] but `reserved`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    pub opcode: u8,
    pub engine: Engine,
    pub queue: u8,
    pub variant: u8,
    pub operands: u8,
    pub waits: u8,
    pub signals: u8,
    pub loc: u32,
    pub seq: u32,
}

impl Header {
    fn values(&self) -> [u64; 10] {
        let engine = ENGINES.iter().position(|e| e.0 == self.engine).unwrap_or(0);
        [
            self.opcode.into(),
            engine as u64,
            self.queue.into(),
            self.variant.into(),
            self.operands.into(),
            self.waits.into(),
            self.signals.into(),
            0,
            self.loc.into(),
            self.seq.into(),
        ]
    }

    /// The header's bytes; `Err` names a field whose value does not fit it.
    pub fn encode(&self) -> Result<[u8; HEADER_BYTES], String> {
        let mut word = 0u128;
        let mut shift = 0;
        for (f, v) in FIELDS.iter().zip(self.values()) {
            if f.bits < 64 && v >> f.bits != 0 {
                return Err(format!("{} = {v} does not fit {} bits", f.name, f.bits));
            }
            word |= u128::from(v) << shift;
            shift += f.bits;
        }
        Ok(word.to_le_bytes())
    }

    /// The header in `bytes`; `Err` names a field whose value means nothing.
    pub fn decode(bytes: [u8; HEADER_BYTES]) -> Result<Header, String> {
        let word = u128::from_le_bytes(bytes);
        let mut v = [0u64; 10];
        let mut shift = 0;
        for (f, slot) in FIELDS.iter().zip(&mut v) {
            *slot = ((word >> shift) & ((1u128 << f.bits) - 1)) as u64;
            shift += f.bits;
        }
        let engine = (ENGINES.get(v[1] as usize).map(|e| e.0)).ok_or_else(|| {
            format!(
                "engine {} is not an engine (0 to {})",
                v[1],
                ENGINES.len() - 1
            )
        })?;
        if v[7] != 0 {
            return Err(format!("reserved bits hold {:#x}, not zero", v[7]));
        }
        Ok(Header {
            opcode: v[0] as u8,
            engine,
            queue: v[2] as u8,
            variant: v[3] as u8,
            operands: v[4] as u8,
            waits: v[5] as u8,
            signals: v[6] as u8,
            loc: v[8] as u32,
            seq: v[9] as u32,
        })
    }
}
