//! A module fused by `egfuse fuse --emit composite` lowers as the same module fused into
//! `mhlo.fusion` ops does: its kernels are `neuron.` composites whose bodies are decomposition
//! functions, and every module pass that reads a fused body (`sink`, `fold`) reads both. Found
//! by lowering the composite form of every fixture: the MoE blocks' gates had no place in the
//! combine's space (`sink` read only `mhlo.fusion` regions), and a Llama's mask kernel, built
//! from constants alone, was lowered instead of folded (`fold` never folded a composite).

use crate::support::{egfuse, mlir_files, root, scratch};

/// The `lowered ...` summary of `egfuse lower` of `path` without its estimate, a folded kernel
/// named as an `mhlo.fusion` whichever op it is, and the exit code.
fn lowered(path: &str) -> (i32, String) {
    let (code, _, err) = egfuse(&["lower", path, "-o", "/dev/null"]);
    let line = err
        .lines()
        .find(|l| l.starts_with("lowered "))
        .unwrap_or("");
    let (kernels, rest) = line.split_once(", estimate ").unwrap_or((line, ""));
    let rest = rest.split_once(';').map_or("", |(_, r)| r);
    let rest = rest.replace("stablehlo.composite x", "mhlo.fusion x");
    (code, format!("{kernels};{}", sorted_lists(&rest)))
}

/// `text` with the items of each parenthesized list sorted, so that a renamed item keeps its
/// place.
fn sorted_lists(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some((before, after)) = rest.split_once('(') {
        let Some((list, tail)) = after.split_once(')') else {
            break;
        };
        let mut items: Vec<&str> = list.split(", ").collect();
        items.sort_unstable();
        out += &format!("{before}({})", items.join(", "));
        rest = tail;
    }
    out + rest
}

#[test]
fn every_fixture_lowers_alike_in_composite_and_fusion_form() {
    let fixtures = root().join("tests/fixtures");
    let files: Vec<_> = ["jax", "torch", "hf"]
        .iter()
        .flat_map(|d| mlir_files(&fixtures.join(d)))
        .collect();
    let mut differ = Vec::new();
    let mut composites = 0;
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        let forms: Vec<(i32, String)> = ["mhlo", "composite"]
            .iter()
            .map(|emit| {
                let args = ["fuse", f.to_str().unwrap(), "--emit", emit];
                let (code, text, err) = egfuse(&args);
                assert_eq!(code, 0, "{name}: egfuse fuse --emit {emit}: {err}");
                composites += text.matches("stablehlo.composite \"neuron.").count();
                let fused = scratch(&format!("{emit}.{name}"), &text);
                lowered(fused.to_str().unwrap())
            })
            .collect();
        if forms[0] != forms[1] {
            differ.push(format!("{name}: {:?} against {:?}", forms[1], forms[0]));
        }
    }
    println!(
        "lower_composite: {} fixtures fused both ways and lowered ({composites} composites)",
        files.len()
    );
    assert!(composites > 800, "{composites} composites");
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}
