//! The device program: how one core runs a module's kernels. It declares the HBM tensors
//! between kernels, each at a byte offset, and runs a body of steps: a kernel called on
//! tensors, a copy of one tensor into another, and the control flow of StableHLO's `while`,
//! `case` and `if` as a sequencer runs it (a loop left by `exit unless`, a `switch` on a scalar
//! computed on chip). A loop runs its body's kernels once per trip; nothing is unrolled, so the
//! program's size does not grow with the trip count.
//!
//! ```text
//! device @main {
//!   hbm %arg0 : f32[4, 8] input 0 at 0
//!   hbm %c0 : i32[] const at 128
//!   hbm %t1 : f32[4, 8] at 192
//!   copy %arg0 -> %t1
//!   loop {
//!     call @k0(%t0, %c0) -> (%t2)
//!     exit unless %t2
//!     call @k1(%t1) -> (%t1)
//!   }
//!   return %t1
//! }
//! ```
//!
//! `place` gives every tensor its offset from the tensors' lifetimes; `print` and the crate's
//! `parse` are the text form; `verify` checks a program is well formed and placed; `run` executes it on
//! bytes, each call in the kernel interpreter.

pub mod place;
pub mod print;
pub mod run;
pub mod verify;

use crate::Dtype;
use egfuse_diag::Span;

/// A tensor's index in its program's [`Device::tensors`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TensorId(pub u32);

/// Where a tensor's first value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The function's `n`th argument, written by the host before the program runs.
    Input(u32),
    /// A value known at compile time, written with the program (weights are inputs).
    Const,
    /// The same bytes as another tensor, read as this tensor's type: an optimization barrier's
    /// result, or a `bitcast_convert`'s.
    Alias(TensorId),
    /// Written by a step of the program.
    Temp,
}

/// An HBM tensor of the program.
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor {
    /// The name after `%` in the text form.
    pub name: String,
    pub dtype: Dtype,
    pub shape: Vec<u64>,
    pub origin: Origin,
    /// The byte offset in HBM, once placed; an alias has its base's.
    pub offset: Option<u64>,
    pub span: Span,
}

impl Tensor {
    pub fn elements(&self) -> u64 {
        self.shape.iter().copied().fold(1, u64::saturating_mul)
    }

    /// The bytes it occupies: an empty tensor still holds one element, as a kernel's HBM
    /// buffer for it does.
    pub fn bytes(&self) -> u64 {
        self.elements().max(1).saturating_mul(self.dtype.bytes())
    }
}

/// A step of the device program, in the order the sequencer issues them.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// Runs the kernel `@kernel` on `args` (its HBM inputs, in order), writing `results` (its
    /// HBM outputs, in order).
    Call {
        kernel: String,
        args: Vec<TensorId>,
        results: Vec<TensorId>,
        span: Span,
    },
    /// A DMA of every byte of `src` into `dst`.
    Copy {
        src: TensorId,
        dst: TensorId,
        span: Span,
    },
    /// Runs `body` again and again until an `exit` in it leaves.
    Loop { body: Vec<Step>, span: Span },
    /// Leaves the innermost loop unless the scalar `unless` holds a value other than zero.
    Exit { unless: TensorId, span: Span },
    /// Runs arm `i` where the scalar `on` holds `i`, and the last arm for any value out of
    /// range (StableHLO's `case`; an `if` is a switch of its false and true branches).
    Switch {
        on: TensorId,
        arms: Vec<Vec<Step>>,
        span: Span,
    },
}

/// The device program of one function.
#[derive(Clone, Debug, PartialEq)]
pub struct Device {
    /// The function it runs (`main`).
    pub name: String,
    pub tensors: Vec<Tensor>,
    pub body: Vec<Step>,
    /// The tensors holding the function's results, in order.
    pub results: Vec<TensorId>,
    pub span: Span,
}

impl Device {
    pub fn tensor(&self, t: TensorId) -> &Tensor {
        &self.tensors[t.0 as usize]
    }

    /// The tensor whose bytes `t` names: `t` itself, or the base of an alias.
    pub fn base(&self, t: TensorId) -> TensorId {
        match self.tensor(t).origin {
            Origin::Alias(b) if b != t && (b.0 as usize) < self.tensors.len() => b,
            _ => t,
        }
    }

    /// The byte offset of `t`, its base's for an alias.
    pub fn offset(&self, t: TensorId) -> Option<u64> {
        self.tensor(self.base(t)).offset
    }

    /// The byte offset of the tensor `t` of this program, its base's for an alias.
    pub fn offset_of(&self, t: &Tensor) -> Option<u64> {
        match t.origin {
            Origin::Alias(b) => self.offset(b),
            _ => t.offset,
        }
    }

    /// The HBM bytes the program needs: the end of its highest placed tensor.
    pub fn hbm_bytes(&self) -> u64 {
        (self.tensors.iter())
            .filter_map(|t| Some(t.offset?.saturating_add(t.bytes())))
            .max()
            .unwrap_or(0)
    }

    /// How many calls, loops and switches the program holds, each counted once however many
    /// times it runs.
    pub fn counts(&self) -> Counts {
        fn walk(steps: &[Step], c: &mut Counts) {
            for s in steps {
                match s {
                    Step::Call { .. } => c.calls += 1,
                    Step::Copy { .. } => c.copies += 1,
                    Step::Loop { body, .. } => {
                        c.loops += 1;
                        walk(body, c);
                    }
                    Step::Exit { .. } => {}
                    Step::Switch { arms, .. } => {
                        c.switches += 1;
                        arms.iter().for_each(|a| walk(a, c));
                    }
                }
            }
        }
        let mut c = Counts::default();
        walk(&self.body, &mut c);
        c
    }
}

/// What a device program holds, by kind of step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub calls: usize,
    pub copies: usize,
    pub loops: usize,
    pub switches: usize,
}

/// The tensors the step `s` itself reads or writes (a loop's or switch's body aside).
pub fn touched(s: &Step) -> Vec<TensorId> {
    match s {
        Step::Call { args, results, .. } => args.iter().chain(results).copied().collect(),
        Step::Copy { src, dst, .. } => vec![*src, *dst],
        Step::Exit { unless, .. } => vec![*unless],
        Step::Switch { on, .. } => vec![*on],
        Step::Loop { .. } => Vec::new(),
    }
}

/// Calls `f` on every tensor `steps` name, at any depth, to read or replace it.
pub fn map_tensors(steps: &mut [Step], f: &mut impl FnMut(&mut TensorId)) {
    for s in steps {
        match s {
            Step::Call { args, results, .. } => args.iter_mut().chain(results).for_each(&mut *f),
            Step::Copy { src, dst, .. } => {
                f(src);
                f(dst);
            }
            Step::Exit { unless, .. } => f(unless),
            Step::Switch { on, arms, .. } => {
                f(on);
                arms.iter_mut().for_each(|a| map_tensors(a, f));
            }
            Step::Loop { body, .. } => map_tensors(body, f),
        }
    }
}
