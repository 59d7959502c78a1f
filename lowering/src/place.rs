//! The place pass: every on-chip buffer gets its byte offset in each partition. SBUF is a byte
//! cursor over the partition with lifetimes, first fit, so a buffer reuses the bytes of one
//! that is dead (the StackAllocator's linear scan of 003 §1.4); PSUM is handed out by bank, the
//! lowest free bank first, so consecutive accumulations rotate. A buffer that does not fit is a
//! diagnostic naming the instruction that first needs it, the buffer, its bytes per partition
//! and what the buffers live there already take.

use egfuse_diag::Diag;
use egfuse_nisa::verify::mem;
use egfuse_nisa::verify::places::lifetimes;
use egfuse_nisa::{Budget, Kernel, Memory};

/// SBUF offsets are multiples of this many bytes.
const SBUF_ALIGN: u64 = 4;

/// The most bytes per partition in use at once, per memory.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    pub sbuf: u64,
    pub psum: u64,
}

/// Places every unplaced on-chip buffer of `k`.
pub fn place(k: &mut Kernel, budget: &Budget) -> Result<Usage, Diag> {
    let live = lifetimes(k);
    let insts = k
        .insts()
        .into_iter()
        .map(|i| (i.op.name(), i.span, i.loc.clone()))
        .collect::<Vec<_>>();
    let mut usage = Usage::default();
    for memory in [Memory::Sbuf, Memory::Psum] {
        let (limit, align) = match memory {
            Memory::Sbuf => (budget.sbuf_bytes_per_partition, SBUF_ALIGN),
            _ => (budget.psum_bytes_per_partition(), budget.psum_bank_bytes),
        };
        let mut order: Vec<usize> = (0..k.buffers.len())
            .filter(|&b| k.buffers[b].memory == memory && k.buffers[b].offset.is_none())
            .collect();
        order.sort_by_key(|&b| (live[b].map_or(0, |l| l.0), b));
        let mut placed: Vec<(usize, u64, u64)> = (0..k.buffers.len())
            .filter(|&b| k.buffers[b].memory == memory)
            .filter_map(|b| Some((b, k.buffers[b].offset?, k.buffers[b].bytes_per_partition())))
            .collect();
        for b in order {
            let size = k.buffers[b].bytes_per_partition();
            let Some(lb) = live[b] else {
                k.buffers[b].offset = Some(0);
                continue;
            };
            let busy: Vec<(u64, u64)> = placed
                .iter()
                .filter(|(o, _, _)| live[*o].is_some_and(|lo| lo.0 <= lb.1 && lb.0 <= lo.1))
                .map(|&(_, off, sz)| (off, off + sz))
                .collect();
            let off = first_fit(&busy, size, align);
            if off + size > limit {
                let (op, _, loc) =
                    insts
                        .get(lb.0)
                        .cloned()
                        .unwrap_or(("?", egfuse_diag::Span::NONE, None));
                let taken: u64 = busy.iter().map(|(a, z)| z - a).sum();
                let at = loc.map_or(String::new(), |l| format!(" ({l})"));
                let msg = format!(
                    "`%{}` needs {size} bytes of each {} partition at `{op}`{at}; {taken} of {limit} are taken by live buffers",
                    k.buffers[b].name,
                    mem(memory)
                );
                // A DMA the tile pass made has no source text of its own: the kernel's op.
                let span = insts
                    .get(lb.0)
                    .map(|i| i.1)
                    .filter(|s| *s != egfuse_diag::Span::NONE)
                    .unwrap_or(k.span);
                return Err(Diag::new("lower::budget", span, msg)
                    .with_label("the kernel does not fit")
                    .with_help(
                        "a smaller tile (`kernel ... tile N` or --schedule) needs fewer bytes",
                    ));
            }
            k.buffers[b].offset = Some(off);
            placed.push((b, off, size));
            let peak = busy.iter().map(|b| b.1).max().unwrap_or(0).max(off + size);
            match memory {
                Memory::Sbuf => usage.sbuf = usage.sbuf.max(peak),
                _ => usage.psum = usage.psum.max(peak),
            }
        }
    }
    Ok(usage)
}

/// The lowest multiple of `align` where `size` bytes miss every busy range.
fn first_fit(busy: &[(u64, u64)], size: u64, align: u64) -> u64 {
    let mut at = 0;
    let mut sorted = busy.to_vec();
    sorted.sort();
    for (a, z) in sorted {
        if at + size <= a {
            break;
        }
        at = at.max(z.div_ceil(align) * align);
    }
    at
}
