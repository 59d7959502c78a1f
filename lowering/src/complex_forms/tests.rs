//! `complex-forms` checked in the reference interpreter: each rewritten module computes what the
//! module did on the same arguments, complex ones given as their parts.

use super::*;
use egfuse_interp::random::{random_args, InputConfig};
use egfuse_interp::tensor::{Data, Elem, Tensor};
use egfuse_interp::{Interpreter, Limits, Rt};

/// A tensor's values, a complex element as its two parts.
fn flat(r: &Rt) -> Vec<f64> {
    match &r.as_tensor().expect("a tensor").data {
        Data::Float(v) => v.clone(),
        Data::Int(v) => v.iter().map(|&x| x as f64).collect(),
        Data::Complex(v) => v.iter().flat_map(|c| [c.re, c.im]).collect(),
    }
}

/// An argument of the rewritten function: a complex one as the tensor of its parts.
fn as_parts(r: &Rt) -> Rt {
    let t = r.as_tensor().expect("a tensor");
    let Elem::Complex(k) = t.elem else {
        return r.clone();
    };
    let shape = t.shape.iter().copied().chain([2]).collect();
    Rt::Tensor(Tensor::new(Elem::Float(k), shape, Data::Float(flat(r))).into())
}

/// Runs `@main` of `src` before and after the rewrite on the same random arguments; how
/// many ops were rewritten, and the largest difference relative to the largest value.
fn check(src: &str) -> (usize, f64) {
    let before = egfuse_ir::parse::parse(src).expect("parses");
    let mut after = before.clone();
    let n = expand(&mut after);
    let problems = egfuse_ir::verify::verify(&after);
    assert!(problems.is_empty(), "{problems:?}");
    let main = |m: &Module| {
        (m.walk().into_iter())
            .find(|&o| &*m.op(o).name == "func.func")
            .expect("a function")
    };
    let f = main(&before);
    let entry = before.region(before.op(f).regions[0]).blocks[0];
    let types: Vec<_> = (before.block(entry).args.iter())
        .map(|&a| before.ty(a).clone())
        .collect();
    let cfg = InputConfig {
        seed: 3,
        trial: 1,
        dim_size: 1,
    };
    let args = random_args(&types, cfg).expect("random arguments");
    let run = |m: &Module, args: Vec<Rt>| {
        let mut it = Interpreter::new(m, Limits::default());
        it.run_func(main(m), args).expect("runs")
    };
    let want = run(&before, args.clone());
    let got = run(&after, args.iter().map(as_parts).collect());
    let (mut worst, mut scale) = (0f64, 0f64);
    for (w, g) in want.iter().zip(&got) {
        for (a, b) in flat(w).into_iter().zip(flat(g)) {
            worst = worst.max((a - b).abs());
            scale = scale.max(a.abs());
        }
    }
    (n, worst / scale.max(1.0))
}

fn module(args: &str, results: &str, body: &str) -> String {
    format!("func.func @main({args}) -> ({results}) {{\n{body}\n}}\n")
}

#[test]
fn every_op_computes_what_it_did_on_the_parts() {
    let c = "tensor<3x4xcomplex<f32>>";
    let body = format!(
        "  %m = stablehlo.multiply %a, %b : {c}\n  %e = stablehlo.exponential %m : {c}\n  \
         %s = stablehlo.subtract %e, %a : {c}\n  %n = stablehlo.negate %s : {c}\n  \
         %r = stablehlo.abs %n : ({c}) -> tensor<3x4xf32>\n  \
         %w = stablehlo.convert %r : (tensor<3x4xf32>) -> {c}\n  \
         %t = stablehlo.transpose %w, dims = [1, 0] : ({c}) -> tensor<4x3xcomplex<f32>>\n  \
         %l = stablehlo.slice %t [1:3, 0:3] : (tensor<4x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>\n  \
         %v = stablehlo.reverse %l, dims = [0] : tensor<2x3xcomplex<f32>>\n  \
         %k = stablehlo.constant dense<[(1.0, 2.0), (0.5, -1.0), (0.0, 3.0)]> : tensor<3xcomplex<f32>>\n  \
         %x = stablehlo.broadcast_in_dim %k, dims = [1] : (tensor<3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>\n  \
         %p = stablehlo.compare GT, %q, %q2 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>\n  \
         %y = stablehlo.select %p, %v, %x : tensor<2x3xi1>, tensor<2x3xcomplex<f32>>\n  \
         %z = stablehlo.concatenate %y, %x, dim = 0 : (tensor<2x3xcomplex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<4x3xcomplex<f32>>\n  \
         %re = stablehlo.real %z : (tensor<4x3xcomplex<f32>>) -> tensor<4x3xf32>\n  \
         %im = stablehlo.imag %z : (tensor<4x3xcomplex<f32>>) -> tensor<4x3xf32>\n  \
         %c = stablehlo.complex %im, %re : tensor<4x3xcomplex<f32>>\n  \
         return %c, %re : tensor<4x3xcomplex<f32>>, tensor<4x3xf32>"
    );
    let args = format!("%a: {c}, %b: {c}, %q: tensor<2x3xf32>, %q2: tensor<2x3xf32>");
    let src = module(&args, "tensor<4x3xcomplex<f32>>, tensor<4x3xf32>", &body);
    let (n, error) = check(&src);
    assert_eq!(n, 16);
    assert!(error < 1e-6, "relative error {error}");
}

#[test]
fn a_splat_constant_and_a_wider_complex_type() {
    let body = "  %k = stablehlo.constant dense<(2.0, -1.0)> : tensor<2x2xcomplex<f32>>\n  \
         %m = stablehlo.multiply %a, %k : tensor<2x2xcomplex<f32>>\n  \
         %w = stablehlo.convert %m : (tensor<2x2xcomplex<f32>>) -> tensor<2x2xcomplex<f64>>\n  \
         return %w : tensor<2x2xcomplex<f64>>";
    let src = module(
        "%a: tensor<2x2xcomplex<f32>>",
        "tensor<2x2xcomplex<f64>>",
        body,
    );
    let (n, error) = check(&src);
    assert_eq!(n, 3);
    assert_eq!(
        error, 0.0,
        "a product by a constant of small integers is exact"
    );
}

#[test]
fn every_fft_type_is_its_dft_by_matmuls() {
    let (z, x, w) = (
        "tensor<3x5x6xcomplex<f32>>",
        "tensor<4x7xf32>",
        "tensor<4x4xcomplex<f32>>",
    );
    let body = format!(
        "  %f = stablehlo.fft %z, type = FFT, length = [5, 6] : ({z}) -> {z}\n  \
         %i = stablehlo.fft %z, type = IFFT, length = [6] : ({z}) -> {z}\n  \
         %r = stablehlo.fft %x, type = RFFT, length = [7] : ({x}) -> {w}\n  \
         %e = stablehlo.fft %w, type = IRFFT, length = [6] : ({w}) -> tensor<4x6xf32>\n  \
         %o = stablehlo.fft %r, type = IRFFT, length = [7] : ({w}) -> {x}\n  \
         return %f, %i, %r, %e, %o : {z}, {z}, {w}, tensor<4x6xf32>, {x}"
    );
    let results = format!("{z}, {z}, {w}, tensor<4x6xf32>, {x}");
    let src = module(&format!("%z: {z}, %x: {x}, %w: {w}"), &results, &body);
    let (n, error) = check(&src);
    assert_eq!(n, 5);
    assert!(error < 1e-6, "relative error {error}");
}

#[test]
fn a_module_with_an_op_not_rewritten_here_is_left_as_it_is() {
    let c = "tensor<4xcomplex<f32>>";
    let body = format!("  %d = stablehlo.divide %a, %a : {c}\n  %s = stablehlo.add %d, %a : {c}\n  return %s : {c}");
    let src = module(&format!("%a: {c}"), c, &body);
    let mut m = egfuse_ir::parse::parse(&src).expect("parses");
    assert_eq!(expand(&mut m), 0);
    assert!(holds_complex(&m), "the complex values are still there");
}
