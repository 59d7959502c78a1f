//! egfuse's encoder: the opcode table, instruction encoding and decoding, per-engine streams.
//! Filled by the encoder issue; the crate exists now so the workspace has the design's shape.
