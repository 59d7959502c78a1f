//! `egfuse fuse --mode compat` over the JAX exports: it fires where the seed
//! (000_2a3b48bb609391fd.txt) would, and every output re-parses and computes what its input
//! did. The seed's claims one at a time are filetests, `tests/filetests/fuse/`.

use crate::support::{egfuse, jax_exports, memo, scratch};
use std::path::PathBuf;

/// Over the JAX exports: MulRedSqrt fires on linalg_norm_scalar_f32 (reduce feeds sqrt) and
/// on no program where a broadcast, the mean's divide or the eps add sits between reduce and
/// sqrt; every output verifies and re-parses; `egfuse verify` holds between input and output.
#[test]
fn jax_exports_fuse_where_the_seed_would() {
    let files: Vec<PathBuf> = jax_exports();
    let mut fired = Vec::new();
    for f in &files {
        let out = scratch("fused.mlir", "");
        let (code, _, stderr) = egfuse(&[
            "fuse",
            "--mode",
            "compat",
            f.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{}: {stderr}", f.display());
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        if stderr.contains("MulRedSqrt") {
            fired.push(name.clone());
        }
        let (code, _, err) = egfuse(&["parse", out.to_str().unwrap()]);
        assert_eq!(code, 0, "{name}: the fused module re-parses: {err}");
        let (code, stdout, err) = memo::verify(f, &out);
        assert_eq!(
            code, 0,
            "{name}: fused output computes what the input did:\n{stdout}{err}"
        );
    }
    assert_eq!(fired, ["linalg_norm_scalar_f32.mlir"]);
    println!(
        "fuse: {} jax-export files fused, verified and re-parsed",
        files.len()
    );
}
