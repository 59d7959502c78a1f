//! egfuse's encoder: what the device runs, from the nisa program down. The opcode table
//! (`opcodes`): every nisa op's instruction class and opcode bytes per core generation, read
//! from `rules/targets/opcodes.table`; and the per-engine instruction streams with the
//! semaphores between them, scheduled, printed and checked (`streams`). The instruction word
//! comes next (docs/isa.md).

pub mod binary;
pub mod opcodes;
pub mod streams;
pub mod word;
