//! egfuse's kernel lowering: expansions of fused kinds (RmsNorm, Softmax, AllReduce, MX/MoE)
//! into engine-assigned nisa ops, as named passes verified after each. Filled by the lowering
//! issue; the crate exists now so the workspace has the design's shape.
