//! A kernel's forms. Most kernels have one, which the kernel passes build (`kernel`), or an
//! MxGateUp kernel's builder (`crate::gate_up`); two have a second, built beside it and
//! estimated, the cheaper kept and the other named in the kernel's header with its estimate:
//! an Attention kernel of a decode step with its keys on the partitions
//! (`crate::keys_attention`), and on a target with the MX matmul a DotMx kernel as
//! `nc_matmul_mx` (`crate::mx_matmul`).

use crate::kernel::{asked, lower_site, placed, Built, Stop};
use crate::lowered::Rival;
use crate::pass::Config;
use crate::schedule::Tiles;
use crate::site::Site;
use crate::trace::Trace;
use egfuse_diag::Diag;
use egfuse_ir::Module;
use egfuse_nisa::spec::Opcode;
use egfuse_nisa::Kernel;

/// Lowers the kernel `site` of `m`, calling it `name`: its nisa kernel, SBUF and PSUM use and
/// tiles, or every diagnostic saying why it does not lower. Each instruction is at its op's
/// place in the user's code ([`crate::site::at_calls`]).
pub(crate) fn lower(
    m: &Module,
    site: &Site,
    name: String,
    cfg: &Config,
    trace: &mut Trace,
) -> Result<Built, Vec<Diag>> {
    let built = match &*site.kind {
        crate::gate_up::KIND => Some(crate::gate_up::lower(m, site, name.clone(), cfg, trace)),
        crate::norm_mx::KIND => Some(crate::norm_mx::lower(m, site, name.clone(), cfg, trace)),
        _ => None,
    };
    if let Some(built) = built {
        let mut built = built?;
        crate::site::at_calls(m, site, &mut built.kernel.body);
        return Ok(built);
    }
    let mark = trace.mark();
    let first = lower_site(m, site, name.clone(), cfg, trace);
    let alternative = keys_form(m, site, &name, cfg).or_else(|| mx_form(m, site, &name, cfg));
    let mut built = match alternative {
        None => first?,
        Some(alt) => {
            let estimate = |k: &Kernel| egfuse_nisa::cost::kernel(cfg.target, k);
            let rival = |form, k: &Kernel| {
                Some(Rival {
                    form,
                    estimate: estimate(k),
                })
            };
            match &first {
                Ok(f) if estimate(&f.kernel).bound().1 <= estimate(&alt.trial.kernel).bound().1 => {
                    let passed = rival(alt.form, &alt.trial.kernel);
                    Built {
                        rival: passed,
                        ..first?
                    }
                }
                _ => {
                    let passed = (first.as_ref().ok()).and_then(|f| rival(alt.rivals, &f.kernel));
                    // The form passed over prints nothing (`--print-after`).
                    trace.rewind(&mark);
                    let placed = placed(alt.kernel, cfg, trace).map_err(Stop::diags)?;
                    Built {
                        rival: passed,
                        ..placed.with(alt.tiles)
                    }
                }
            }
        }
    };
    crate::site::at_calls(m, site, &mut built.kernel.body);
    Ok(built)
}

/// What the kernel header calls the two forms of an Attention kernel and of a DotMx kernel.
const FLASH_FORM: &str = "the flash form";
const KEYS_FORM: &str = "the form with the keys on the partitions";
const SCALED_FORM: &str = "the form that scales on DVE";
const MX_FORM: &str = "the MX matmul";

/// A second form of a kernel, built aside: its kernel, as placed and routed aside (nothing
/// printed, to be estimated), its tiles, its name and the name of the form it rivals.
struct Alternative {
    kernel: Kernel,
    trial: Built,
    tiles: Tiles,
    form: &'static str,
    rivals: &'static str,
}

/// A DotMx kernel as NeuronCore-v4's MX matmul ([`crate::mx_matmul`]), on a target that has
/// it, when the kernel fits that form and no `--schedule` override names it.
fn mx_form(m: &Module, site: &Site, name: &str, cfg: &Config) -> Option<Alternative> {
    let since = Opcode::NcMatmulMx.spec().since;
    let candidate = cfg.target.generation() >= since && asked(cfg, name, &site.kind).is_none();
    let d = candidate.then(|| crate::mx_matmul::of(m, site)).flatten()?;
    let k = crate::mx_matmul::kernel(m, site, &d, name.to_string()).ok()?;
    let trial = placed(k.clone(), cfg, &mut Trace::new(&[])).ok()?;
    Some(Alternative {
        kernel: k,
        trial,
        tiles: Tiles::MxMatmul,
        form: MX_FORM,
        rivals: SCALED_FORM,
    })
}

/// An Attention kernel with its keys on the partitions ([`crate::keys_attention`]), built
/// aside, when it takes that form and no `--schedule` override names it.
fn keys_form(m: &Module, site: &Site, name: &str, cfg: &Config) -> Option<Alternative> {
    let attention = site.kind == egfuse_fusion::attention::KIND;
    let candidate = attention && asked(cfg, name, &site.kind).is_none();
    let shape = candidate
        .then(|| crate::keys_attention::of(m, site))
        .flatten()?;
    let k = crate::keys_attention::kernel(m, site, &shape, name.to_string()).ok()?;
    let trial = placed(k.clone(), cfg, &mut Trace::new(&[])).ok()?;
    Some(Alternative {
        kernel: k,
        trial,
        tiles: Tiles::Columns { tile: shape.rows() },
        form: KEYS_FORM,
        rivals: FLASH_FORM,
    })
}
