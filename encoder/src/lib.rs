//! egfuse's encoder: what the device runs, from the nisa program down. So far the opcode table
//! (`opcodes`): every nisa op's instruction class and opcode bytes per core generation, read
//! from `rules/targets/opcodes.table`. The instruction word, per-engine streams and semaphores
//! come next (docs/isa.md).

pub mod opcodes;
