//! The nisa program: a kernel as NKI ISA instructions over HBM tensors and SBUF/PSUM tiles.
//!
//! A [`Kernel`] declares its buffers, then runs a body of instructions and counted loops. Every
//! instruction is an [`spec::Opcode`] with the arguments its [`spec::OpSpec`] lists, an
//! [`Engine`] and the MLIR location of the op it came from. Tensor arguments are access patterns
//! ([`Ap`]) in NKI's form: an element offset, affine in the enclosing loop counters, and
//! `[stride, size]` pairs over the buffer's row-major elements, the first pair walking
//! partitions.
//!
//! The text form (`print`, `parse`) reads like NKI's Python calls, keyword for keyword;
//! `verify` states every constraint in ISA terms against a [`Budget`] from the target file;
//! `interp` runs a kernel on values. All three read one table of op signatures and one
//! statement of each op's arithmetic (`spec`, `math`), as Exo derives its checks and its
//! simulator from each instruction's one definition.

pub mod cost;
pub mod device;
pub mod interp;
pub mod math;
pub mod mx;
mod names;
pub mod parse;
pub mod print;
pub mod prune;
pub mod spec;
pub mod verify;

use egfuse_cost::{Key, Target};
use egfuse_diag::Span;
use names::named;
use spec::{Arg, Opcode};

/// A buffer's index in its kernel's [`Kernel::buffers`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BufId(pub u32);

/// A loop counter's index in its kernel's [`Kernel::loops`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LoopId(pub u32);

named! {
    /// The memories a buffer lives in.
    pub enum Memory in MEMORIES {
        /// Device memory: the kernel's arguments and results.
        Hbm = "hbm",
        /// The state buffer: 128 partitions, the engines' working memory.
        Sbuf = "sbuf",
        /// The PE array's accumulators: 128 partitions of 8 banks.
        Psum = "psum",
    }
}

impl Memory {
    /// SBUF and PSUM: the memories whose first dimension is the partition.
    pub fn on_chip(self) -> bool {
        self != Memory::Hbm
    }
}

named! {
    /// The engines instructions run on, by the seed's names (003 §1.3).
    pub enum Engine in ENGINES {
        /// The tensor engine: the 128x128 systolic array (`nc_matmul`, `nc_transpose`).
        Pe = "PE",
        /// The scalar engine: activation functions.
        Act = "ACT",
        /// The vector engine: elementwise, reduce and scalar arithmetic.
        Dve = "DVE",
        /// The eight general-purpose SIMD cores: integer arithmetic, gather, extended ops.
        GpSimd = "GpSimd",
        /// The sync engine: the sequencer that triggers DMA queues.
        Sp = "SP",
        /// The DMA queues.
        Dma = "DMA",
    }
}

named! {
    /// The element types of buffers, by their MLIR spelling.
    pub enum Dtype in DTYPES {
        F32 = "f32",
        Bf16 = "bf16",
        F16 = "f16",
        F8E4M3 = "f8E4M3",
        F8E5M2 = "f8E5M2",
        I32 = "i32",
        U32 = "ui32",
        I16 = "i16",
        U16 = "ui16",
        I8 = "i8",
        U8 = "ui8",
        /// OCP's E4M3 without infinities (NKI's `float8_e4m3fn`): the MX element type.
        F8E4M3FN = "f8E4M3FN",
        /// OCP's E8M0 scale (NKI's `float8_e8m0fnu`): `2^(e - 127)`, the MX block scale.
        F8E8M0FNU = "f8E8M0FNU",
        /// OCP's E2M1 (`float4_e2m1fn`), held one element to a byte.
        F4E2M1FN = "f4E2M1FN",
    }
}

impl Dtype {
    pub fn bytes(self) -> u64 {
        match self {
            Dtype::F32 | Dtype::I32 | Dtype::U32 => 4,
            Dtype::Bf16 | Dtype::F16 | Dtype::I16 | Dtype::U16 => 2,
            Dtype::F8E4M3 | Dtype::F8E5M2 | Dtype::I8 | Dtype::U8 => 1,
            Dtype::F8E4M3FN | Dtype::F8E8M0FNU | Dtype::F4E2M1FN => 1,
        }
    }

    /// The float format of a float dtype; `None` for an integer one.
    pub fn float_kind(self) -> Option<egfuse_ir::FloatKind> {
        use egfuse_ir::FloatKind as K;
        Some(match self {
            Dtype::F32 => K::F32,
            Dtype::Bf16 => K::BF16,
            Dtype::F16 => K::F16,
            Dtype::F8E4M3 => K::F8E4M3,
            Dtype::F8E5M2 => K::F8E5M2,
            Dtype::F8E4M3FN => K::F8E4M3FN,
            Dtype::F8E8M0FNU => K::F8E8M0FNU,
            Dtype::F4E2M1FN => K::F4E2M1FN,
            _ => return None,
        })
    }

    pub fn is_int(self) -> bool {
        matches!(
            self,
            Dtype::I32 | Dtype::U32 | Dtype::I16 | Dtype::U16 | Dtype::I8 | Dtype::U8
        )
    }
}

/// What a buffer is to the kernel: an argument, a result, or its own scratch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Input,
    Output,
    Scratch,
}

/// A buffer: an HBM tensor or an on-chip tile.
#[derive(Clone, Debug, PartialEq)]
pub struct Buffer {
    /// The name after `%` in the text form.
    pub name: String,
    pub memory: Memory,
    pub dtype: Dtype,
    /// The shape, row-major. On chip, the first dimension is the partition count.
    pub shape: Vec<u64>,
    pub role: Role,
    /// On chip: the byte offset in every partition, once the place pass has set it.
    pub offset: Option<u64>,
    pub span: Span,
}

impl Buffer {
    pub fn elements(&self) -> u64 {
        product(self.shape.iter().copied())
    }

    /// On chip: the elements each partition holds.
    pub fn free_elements(&self) -> u64 {
        product(self.shape.iter().skip(1).copied())
    }

    /// On chip: the bytes each partition holds.
    pub fn bytes_per_partition(&self) -> u64 {
        self.free_elements().saturating_mul(self.dtype.bytes())
    }
}

/// A product of sizes that saturates rather than overflows: hostile text can declare anything.
fn product(sizes: impl Iterator<Item = u64>) -> u64 {
    sizes.fold(1, u64::saturating_mul)
}

/// `base + Σ coeff·counter`: an element offset that moves with the enclosing loops.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Affine {
    pub base: i64,
    /// Coefficients per loop counter, sorted by counter, none zero.
    pub terms: Vec<(LoopId, i64)>,
}

impl Affine {
    pub fn constant(base: i64) -> Affine {
        Affine {
            base,
            terms: Vec::new(),
        }
    }

    /// Every coefficient, the base included, through `f` (a zero term dropped).
    pub fn map(&self, f: impl Fn(i64) -> i64) -> Affine {
        Affine {
            base: f(self.base),
            terms: (self.terms.iter())
                .map(|&(l, x)| (l, f(x)))
                .filter(|(_, x)| *x != 0)
                .collect(),
        }
    }

    /// `self * k`.
    pub fn scaled(&self, k: i64) -> Affine {
        self.map(|x| x * k)
    }

    /// `self + other`, terms merged by counter and kept sorted.
    pub fn plus(&self, other: &Affine) -> Affine {
        let mut terms = self.terms.clone();
        for &(l, x) in &other.terms {
            match terms.iter_mut().find(|(m, _)| *m == l) {
                Some((_, y)) => *y += x,
                None => terms.push((l, x)),
            }
        }
        terms.retain(|(_, x)| *x != 0);
        terms.sort_by_key(|(l, _)| *l);
        Affine {
            base: self.base + other.base,
            terms,
        }
    }

    pub fn eval(&self, counters: &[i64]) -> i64 {
        self.terms.iter().fold(self.base, |acc, (l, c)| {
            acc.saturating_add(c.saturating_mul(counters[l.0 as usize]))
        })
    }
}

/// An access pattern: which elements of a buffer an argument reads or writes, in NKI's
/// `.ap(pattern, offset)` form. Element `i` of the view is at flat index
/// `offset + Σ_k i_k·stride_k` of the buffer's row-major elements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ap {
    pub buf: BufId,
    pub offset: Affine,
    /// `[stride, size]` pairs, outermost first. On chip, the first pair walks partitions.
    pub dims: Vec<(i64, u64)>,
    pub span: Span,
}

impl Ap {
    /// The view of the whole buffer, element for element. Strides saturate: hostile text can
    /// declare a shape no stride holds, which the verifier then refuses.
    pub fn whole(buf: BufId, shape: &[u64]) -> Ap {
        let mut dims = Vec::with_capacity(shape.len());
        let mut stride = 1i64;
        for &n in shape.iter().rev() {
            dims.push((stride, n));
            stride = stride.saturating_mul(i64::try_from(n).unwrap_or(i64::MAX));
        }
        dims.reverse();
        Ap {
            buf,
            offset: Affine::constant(0),
            dims,
            span: Span::NONE,
        }
    }

    /// Whether the view is the whole buffer of `shape`, element for element.
    pub fn is_whole(&self, shape: &[u64]) -> bool {
        let w = Ap::whole(self.buf, shape);
        self.offset == w.offset && self.dims == w.dims
    }

    pub fn shape(&self) -> Vec<u64> {
        self.dims.iter().map(|d| d.1).collect()
    }

    pub fn elements(&self) -> u64 {
        product(self.dims.iter().map(|d| d.1))
    }

    /// The partitions the view spans (its first pair's size); 1 for a rank-0 view.
    pub fn partitions(&self) -> u64 {
        self.dims.first().map_or(1, |d| d.1)
    }

    /// The elements the view holds per partition.
    pub fn free_elements(&self) -> u64 {
        product(self.dims.iter().skip(1).map(|d| d.1))
    }
}

/// One instruction: an op, its arguments in its spec's parameter order, and where it runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Inst {
    pub op: Opcode,
    /// One entry per parameter of the op's spec; `None` where an optional one is left out.
    pub args: Vec<Option<Arg>>,
    /// Unset until the route pass (or the text) says.
    pub engine: Option<Engine>,
    /// The MLIR location of the op this instruction came from, as MLIR writes it inside
    /// `loc(...)`.
    pub loc: Option<String>,
    pub span: Span,
}

impl Inst {
    /// The argument given for the parameter `name`, if any.
    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.op.param(name).and_then(|n| self.args[n].as_ref())
    }

    /// The access pattern given for the parameter `name`, if it is one.
    pub fn ap(&self, name: &str) -> Option<&Ap> {
        self.arg(name).and_then(Arg::as_ap)
    }

    /// The same instruction, attributed to the source text at `span`.
    pub fn at(mut self, span: Span) -> Inst {
        self.span = span;
        self
    }
}

/// A statement of a kernel body.
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    Inst(Inst),
    /// `for %i in 0..count { body }`: the counter takes 0, 1, ... count-1.
    Loop {
        counter: LoopId,
        count: u64,
        body: Vec<Stmt>,
        span: Span,
    },
}

/// One fused kernel (or one unfused op) as a nisa program.
#[derive(Clone, Debug, PartialEq)]
pub struct Kernel {
    pub name: String,
    /// The fused kind it lowers (`RmsNorm`, ...), or the op name of an unfused op.
    pub kind: String,
    pub loc: Option<String>,
    pub buffers: Vec<Buffer>,
    /// Loop counter names, by [`LoopId`].
    pub loops: Vec<String>,
    pub body: Vec<Stmt>,
    pub span: Span,
}

impl Kernel {
    pub fn buffer(&self, id: BufId) -> &Buffer {
        &self.buffers[id.0 as usize]
    }

    /// The trip count of every loop counter, by [`LoopId`].
    pub fn trip_counts(&self) -> Vec<u64> {
        fn walk(stmts: &[Stmt], out: &mut [u64]) {
            for s in stmts {
                if let Stmt::Loop {
                    counter,
                    count,
                    body,
                    ..
                } = s
                {
                    out[counter.0 as usize] = *count;
                    walk(body, out);
                }
            }
        }
        let mut out = vec![1; self.loops.len()];
        walk(&self.body, &mut out);
        out
    }

    /// Every instruction in program order, loop bodies once each.
    pub fn insts(&self) -> Vec<&Inst> {
        fn walk<'a>(stmts: &'a [Stmt], out: &mut Vec<&'a Inst>) {
            for s in stmts {
                match s {
                    Stmt::Inst(i) => out.push(i),
                    Stmt::Loop { body, .. } => walk(body, out),
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.body, &mut out);
        out
    }
}

/// A nisa program: the kernels of one module, in module order, and the device program that
/// runs them, once every kernel of the module has lowered.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Program {
    pub kernels: Vec<Kernel>,
    pub device: Option<device::Device>,
}

/// The core generation and on-chip memory limits the verifier checks, from the target file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The core generation, which says which ops exist ([`spec::OpSpec::since`]).
    pub generation: u8,
    pub partitions: u64,
    pub sbuf_bytes_per_partition: u64,
    pub psum_banks: u64,
    pub psum_bank_bytes: u64,
}

impl Budget {
    /// NeuronCore-v2's figures: 128 partitions, 192 KiB of SBUF and 8 PSUM banks of 2 KiB each.
    pub const NEURONCORE_V2: Budget = Budget {
        generation: 2,
        partitions: 128,
        sbuf_bytes_per_partition: 192 * 1024,
        psum_banks: 8,
        psum_bank_bytes: 2048,
    };

    /// No memory limits and every op: what the interpreter checks a kernel's shapes against.
    pub const UNLIMITED: Budget = Budget {
        generation: u8::MAX,
        partitions: u64::MAX,
        sbuf_bytes_per_partition: u64::MAX / 4,
        psum_banks: u64::MAX / 4,
        psum_bank_bytes: 2048,
    };

    /// The budget of `target`: its partitions, and its SBUF and PSUM shared out among them.
    pub fn of(target: &Target) -> Budget {
        let partitions = target.get(Key::Partitions).max(1);
        let banks = target.get(Key::PsumBanks).max(1);
        Budget {
            generation: target.generation(),
            partitions,
            sbuf_bytes_per_partition: target.get(Key::Sbuf) / partitions,
            psum_banks: banks,
            psum_bank_bytes: target.get(Key::Psum) / partitions / banks,
        }
    }

    pub fn psum_bytes_per_partition(&self) -> u64 {
        self.psum_banks.saturating_mul(self.psum_bank_bytes)
    }
}
