//! The binary: a module's kernels as per-engine streams of instruction words, its device
//! program, and a source map, in one versioned file that `write` produces and `read` takes
//! back. The same program always gives the same bytes.
//!
//! ```text
//! file     "EGFB"  version:u16  generation:u8  flags:u8=0  section*
//! section  tag:u8  length:u32  payload    3 source map (first), 1 kernel*, 2 device
//! kernel   name kind loc:u32  buffers  loops  semaphores  streams
//!          buffer  name memory:u8 dtype:u8 role:u8 rank:u8 dim:u64* offset:u64 (MAX: none)
//!          stream  stream:u8 records:u32 record*     stream = engine << 4 | queue
//!          record  0 word+  |  1 counter:u16 (loop)  |  2 (end)
//!          word    header:16 operand* wait* signal*   one per opcode byte of the op's row:
//!                  a matmul's 0x01 carries the stationary operand and the waits, its 0x02
//!                  the other operands and the signals (`word::parts`)
//!          operand 0 absent | 1 view | 2 f64 | 3 alu:u8 | 4 func:u8 | 5 axes | 6 flag:u8
//!          view    buffer:u16 affine rank:u8 (stride:i64 size:u64)*
//!          affine  base:i64 terms:u8 (counter:u16 coeff:i64)*
//!          wait    semaphore:u16 affine;   signal  semaphore:u16
//! device   name tensors steps results   (docs/isa.md)
//! str      length:u32 utf8
//! ```
//!
//! Integers are little-endian. Spans are not stored: a read program's spans are byte ranges of
//! the file, which its diagnostics point at.

pub mod read;
pub mod write;

use crate::streams::{Stream, Streams};
use egfuse_nisa::device::Device;
use egfuse_nisa::{Engine, ENGINES};

pub const MAGIC: &[u8; 4] = b"EGFB";
/// Bumped whenever a field's meaning changes; `read` refuses every other version.
pub const VERSION: u16 = 2;

pub const KERNEL: u8 = 1;
pub const DEVICE: u8 = 2;
pub const SOURCE_MAP: u8 = 3;

/// A module as the device runs it.
#[derive(Clone, Debug, PartialEq)]
pub struct Binary {
    /// The core generation whose opcode bytes the words carry (2 to 5).
    pub generation: u8,
    pub kernels: Vec<Streams>,
    pub device: Option<Device>,
}

/// A stream as one byte: the engine's index in [`ENGINES`] above the queue.
pub fn stream_byte(s: Stream) -> u8 {
    let engine = ENGINES.iter().position(|e| e.0 == s.engine).unwrap_or(0) as u8;
    engine << 4 | (s.queue & 0xF)
}

pub fn byte_stream(b: u8) -> Option<Stream> {
    let engine = ENGINES.get(usize::from(b >> 4))?.0;
    let queue = b & 0xF;
    let valid = queue == 0 || (engine == Engine::Dma && queue == 1);
    valid.then_some(Stream { engine, queue })
}
