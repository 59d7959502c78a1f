//! egfuse's kernel lowering: fused kinds (RmsNorm, Softmax, ...) and the ops left unfused become
//! nisa programs ([`egfuse_nisa`]), NKI ISA instructions over HBM tensors and SBUF/PSUM tiles
//! assigned to engines.
//!
//! [`pipeline::lower`] is the one entry, from a module as exported (or fused) to the program:
//! the module passes `complex-forms` (`complex_forms`), `round-forms` (`round_forms`), `math-forms` (`math_forms`), `bit-forms` (`bit_forms`), `window-forms` (`window_forms`), `fuse`, `conv-forms` (`conv_forms`),
//! `sink`, `mx-scales` (`mx_scales`), `norm-mx` (`norm_mx`), `gate-up` (`gate_up`; the three join kernels by `join`), `fold` and `split`, then per kernel (`site`) the kernel passes (`kernel`) `expand` (`edge`),
//! `select` (`select`, `layout`), `tile`, `place` and `route`. `pass` names them and holds the run's `Config`; `trace` times
//! them and keeps what `--print-after` prints (`dump`). `rules` prepares the back-half's rules
//! (select, kernel, route); `schedule` the tile sizes a user asks for. Kernels built by code
//! rather than by the select rules: `movement` (ops that only move elements, as DMAs),
//! `batch_norm` (`batch_norm_training` with `bn_stats`/`bn_aggr`), `rms_norm_call` (the
//! `AwsNeuronRmsNorm` custom call). `tensor` is what every pass reads of a value (dims,
//! strides, dtype, location text); `int64` and `float64` the policies for 64-bit integers and floats. `accuracy` reports what an MX matmul's quantized operands cost. `check` judges a
//! lowered kernel against the ops it lowers in both interpreters (`lower --check`, the `lower`
//! fuzz target).
//!
//! Invariant: the modules import each other in no circle: what several passes share lives in
//! `tensor`, `edge` and `pass`, below them.

pub mod accuracy;
pub mod arg_reduce;
pub mod batch_norm;
pub mod bit_forms;
pub mod check;
pub mod complex_forms;
pub mod conv_forms;
pub mod device;
mod dump;
pub mod edge;
mod emit;
pub mod float64;
pub mod fold;
mod forms;
pub mod gate_up;
pub mod int64;
mod join;
mod kernel;
pub mod keys_attention;
pub mod layout;
pub mod lowered;
pub mod math_forms;
pub mod movement;
mod mx_layout;
pub mod mx_matmul;
pub mod mx_quantize;
pub mod mx_rule;
mod mx_scales;
mod norm_mx;
mod pass;
pub mod pipeline;
pub mod place;
pub mod precision_forms;
pub mod refine;
pub mod remainder_forms;
pub mod rms_norm_call;
pub mod rng_forms;
pub mod round_forms;
pub mod route;
pub mod rules;
pub mod schedule;
pub mod select;
pub mod sink;
mod site;
pub mod sort;
pub mod split;
pub mod tensor;
pub mod tile;
pub mod top_k;
mod trace;
mod wide;
pub mod window_forms;
pub mod window_sums;
