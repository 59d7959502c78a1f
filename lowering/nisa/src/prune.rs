//! A kernel's HBM inputs that no instruction reads dropped: a scalar constant the tile pass
//! folded into an immediate, an operand only a peeled view at the kernel's edge stood for. A
//! kernel binds only the tensors it touches; the buffers after a dropped one are renumbered,
//! and each keeps its name, so `%in2` is still the kernel's third input.

use crate::spec::Arg;
use crate::{BufId, Kernel, Role, Stmt};

/// Drops from `k` the input buffers no instruction reads. Returns the positions, among `k`'s
/// inputs as they were, of the inputs it keeps, in order: what each input the kernel now
/// declares is bound to.
pub fn unread_inputs(k: &mut Kernel) -> Vec<usize> {
    let mut read = vec![false; k.buffers.len()];
    for i in k.insts() {
        for a in i.args.iter().flatten() {
            if let Arg::Ap(ap) = a {
                read[ap.buf.0 as usize] = true;
            }
        }
    }
    let (mut kept, mut inputs, mut next) = (Vec::new(), 0, 0);
    let mut renumbered = Vec::with_capacity(k.buffers.len());
    let mut buffers = Vec::with_capacity(k.buffers.len());
    for (b, buffer) in std::mem::take(&mut k.buffers).into_iter().enumerate() {
        let input = buffer.role == Role::Input;
        if input {
            inputs += 1;
        }
        if input && !read[b] {
            renumbered.push(None);
            continue;
        }
        if input {
            kept.push(inputs - 1);
        }
        renumbered.push(Some(BufId(next)));
        next += 1;
        buffers.push(buffer);
    }
    k.buffers = buffers;
    renumber(&mut k.body, &renumbered);
    kept
}

/// Every access pattern of `body` pointed at its buffer's new number.
fn renumber(body: &mut [Stmt], to: &[Option<BufId>]) {
    for s in body {
        match s {
            Stmt::Inst(i) => {
                for a in i.args.iter_mut().flatten() {
                    if let Arg::Ap(ap) = a {
                        ap.buf =
                            to[ap.buf.0 as usize].expect("a buffer an instruction reads is kept");
                    }
                }
            }
            Stmt::Loop { body, .. } => renumber(body, to),
        }
    }
}
