//! Hand-checked cases for the interpreter's data-movement, dynamic-shape, gather/scatter,
//! reduction, window and sort ops, each through [`check`]: run `@main` of a module and pin its
//! results (element type, shape, row-major values) or its error with expect-test.

use egfuse_interp::tensor::Data;
use egfuse_interp::{Interpreter, Limits, Rt};
use egfuse_ir::parse::parse;
use expect_test::{expect, Expect};

/// Runs `@main` of `body` (a module's functions) and compares the rendered results to `expect`.
fn check(body: &str, expect: Expect) {
    let m = parse(body).unwrap_or_else(|d| panic!("test module does not parse: {}", d.message));
    let mut interp = Interpreter::new(&m, Limits::default());
    let main = interp.entry_points()[0];
    let out = match interp.run_func(main, Vec::new()) {
        Ok(results) => results.iter().map(render).collect::<Vec<_>>().join("\n"),
        Err(e) => format!("error: {}", e.message),
    };
    expect.assert_eq(&out);
}

/// A result as `elem[shape] values...` (also read by [`super::numerics`]).
pub fn render(r: &Rt) -> String {
    let Some(t) = r.as_tensor() else {
        return format!("{r:?}");
    };
    let values: Vec<String> = match &t.data {
        Data::Float(v) => v.iter().map(|x| x.to_string()).collect(),
        Data::Int(v) => v.iter().map(|x| x.to_string()).collect(),
        Data::Complex(v) => v.iter().map(|z| format!("({}, {})", z.re, z.im)).collect(),
    };
    format!("{}{:?} {}", t.elem.name(), t.shape, values.join(" "))
}

/// A module whose `@main` returns `ret : ty` after `ops`.
fn main_fn(ops: &str, ret: &str, ty: &str) -> String {
    format!("func.func @main() -> ({ty}) {{\n{ops}\n  return {ret} : {ty}\n}}")
}

const X23: &str =
    "%x = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>";

#[test]
fn transpose_reshape_reverse() {
    let ops = format!(
        "{X23}
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %r = stablehlo.reshape %t : (tensor<3x2xf32>) -> tensor<6xf32>
  %v = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xf32>"
    );
    check(
        &main_fn(&ops, "%r, %v", "tensor<6xf32>, tensor<2x3xf32>"),
        expect![[r#"
            f32[6] 1 4 2 5 3 6
            f32[2, 3] 6 5 4 3 2 1"#]],
    );
}

#[test]
fn broadcasts() {
    let ops = "%a = stablehlo.constant dense<[[1, 2, 3]]> : tensor<1x3xi32>
  %b = stablehlo.broadcast_in_dim %a, dims = [0, 2] : (tensor<1x3xi32>) -> tensor<2x2x3xi32>
  %c = stablehlo.constant dense<[7, 8]> : tensor<2xi32>
  %d = \"mhlo.broadcast\"(%c) {broadcast_sizes = array<i64: 2>} : (tensor<2xi32>) -> tensor<2x2xi32>";
    check(
        &main_fn(ops, "%b, %d", "tensor<2x2x3xi32>, tensor<2x2xi32>"),
        expect![[r#"
            i32[2, 2, 3] 1 2 3 1 2 3 1 2 3 1 2 3
            i32[2, 2] 7 8 7 8"#]],
    );
}

#[test]
fn concatenate_slice_iota() {
    let ops = format!(
        "{X23}
  %c = stablehlo.concatenate %x, %x, dim = 1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  %s = stablehlo.slice %c [0:2, 1:6:2] : (tensor<2x6xf32>) -> tensor<2x3xf32>
  %i = stablehlo.iota dim = 1 : tensor<2x3xui8>"
    );
    check(
        &main_fn(
            &ops,
            "%c, %s, %i",
            "tensor<2x6xf32>, tensor<2x3xf32>, tensor<2x3xui8>",
        ),
        expect![[r#"
            f32[2, 6] 1 2 3 1 2 3 4 5 6 4 5 6
            f32[2, 3] 2 1 3 5 4 6
            ui8[2, 3] 0 1 2 0 1 2"#]],
    );
}

#[test]
fn pad_with_negative_and_interior_padding() {
    let ops = format!(
        "{X23}
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %p = stablehlo.pad %x, %z, low = [1, -1], high = [0, 1], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x5xf32>"
    );
    check(
        &main_fn(&ops, "%p", "tensor<3x5xf32>"),
        expect!["f32[3, 5] 0 0 0 0 0 0 2 0 3 0 0 5 0 6 0"],
    );
}

#[test]
fn dynamic_slice_and_update_clamp_their_starts() {
    let ops = format!(
        "{X23}
  %i = stablehlo.constant dense<5> : tensor<i64>
  %j = stablehlo.constant dense<-2> : tensor<i64>
  %s = stablehlo.dynamic_slice %x, %i, %j, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i64>, tensor<i64>) -> tensor<1x2xf32>
  %u = stablehlo.constant dense<[[9.0, 9.0]]> : tensor<1x2xf32>
  %d = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<2x3xf32>, tensor<1x2xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3xf32>"
    );
    check(
        &main_fn(&ops, "%s, %d", "tensor<1x2xf32>, tensor<2x3xf32>"),
        expect![[r#"
            f32[1, 2] 4 5
            f32[2, 3] 1 2 3 4 9 9"#]],
    );
}

#[test]
fn dynamic_shape_ops() {
    let ops = format!(
        "{X23}
  %n = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>
  %sh = stablehlo.constant dense<[3, 2]> : tensor<2xi32>
  %r = stablehlo.dynamic_reshape %x, %sh : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<?x2xf32>
  %io = stablehlo.dynamic_iota %sh, dim = 0 : (tensor<2xi32>) -> tensor<?x?xi32>
  %row = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.dynamic_broadcast_in_dim %row, %sh, dims = [1] : (tensor<2xf32>, tensor<2xi32>) -> tensor<?x2xf32>
  %lo = stablehlo.constant dense<[0, 1]> : tensor<2xi32>
  %hi = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
  %st = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %s = stablehlo.real_dynamic_slice %x, %lo, %hi, %st : (tensor<2x3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %one = stablehlo.constant dense<[0, 1]> : tensor<2xi32>
  %p = stablehlo.dynamic_pad %x, %z, %one, %one, %lo : (tensor<2x3xf32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>"
    );
    let ty = "tensor<i32>, tensor<?x2xf32>, tensor<?x?xi32>, tensor<?x2xf32>, tensor<?x?xf32>, tensor<?x?xf32>";
    check(
        &main_fn(&ops, "%n, %r, %io, %b, %s, %p", ty),
        expect![[r#"
            i32[] 3
            f32[3, 2] 1 2 3 4 5 6
            i32[3, 2] 0 0 1 1 2 2
            f32[3, 2] 1 2 1 2 1 2
            f32[2, 1] 2 5
            f32[2, 7] 0 1 0 2 0 3 0 0 4 0 5 0 6 0"#]],
    );
}

#[test]
fn slice_out_of_range_is_an_error() {
    let ops = format!(
        "{X23}\n  %s = stablehlo.slice %x [0:3, 0:1] : (tensor<2x3xf32>) -> tensor<3x1xf32>"
    );
    check(
        &main_fn(&ops, "%s", "tensor<3x1xf32>"),
        expect!["error: slice 0:3:1 is invalid for dimension 0 of size 2"],
    );
}

#[test]
fn gather_rows_clamps_and_batches() {
    let ops = format!(
        "{X23}
  %i = stablehlo.constant dense<[[1], [0], [7]]> : tensor<3x1xi64>
  %g = \"stablehlo.gather\"(%x, %i) <{{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>}}> : (tensor<2x3xf32>, tensor<3x1xi64>) -> tensor<3x2xf32>
  %j = stablehlo.constant dense<[[2], [0]]> : tensor<2x1xi64>
  %b = \"stablehlo.gather\"(%x, %j) <{{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>}}> : (tensor<2x3xf32>, tensor<2x1xi64>) -> tensor<2xf32>"
    );
    check(
        &main_fn(&ops, "%g, %b", "tensor<3x2xf32>, tensor<2xf32>"),
        expect![[r#"
            f32[3, 2] 4 5 1 2 4 5
            f32[2] 3 4"#]],
    );
}

#[test]
fn scatter_adds_duplicates_and_skips_out_of_bounds_windows() {
    let ops = "%x = stablehlo.constant dense<0> : tensor<4x2xi32>
  %i = stablehlo.constant dense<[[1], [1], [3], [4]]> : tensor<4x1xi32>
  %u = stablehlo.constant dense<[[1, 2], [10, 20], [5, 6], [7, 8]]> : tensor<4x2xi32>
  %s = \"stablehlo.scatter\"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) : (tensor<4x2xi32>, tensor<4x1xi32>, tensor<4x2xi32>) -> tensor<4x2xi32>";
    check(
        &main_fn(ops, "%s", "tensor<4x2xi32>"),
        expect!["i32[4, 2] 0 0 11 22 0 0 5 6"],
    );
}

#[test]
fn reduce_fast_path_and_variadic_argmax() {
    let ops = format!(
        "{X23}
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %v = stablehlo.constant dense<[3.0, 9.0, 9.0, 1.0]> : tensor<4xf32>
  %k = stablehlo.iota dim = 0 : tensor<4xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %m:2 = stablehlo.reduce(%v init: %ninf), (%k init: %zero) across dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
    reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>) {{
      %gt = stablehlo.compare GT, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %eq = stablehlo.compare EQ, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %lt = stablehlo.compare LT, %b, %d : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %tie = stablehlo.and %eq, %lt : tensor<i1>
      %keep = stablehlo.or %gt, %tie : tensor<i1>
      %mv = stablehlo.select %keep, %a, %c : tensor<i1>, tensor<f32>
      %mi = stablehlo.select %keep, %b, %d : tensor<i1>, tensor<i32>
      stablehlo.return %mv, %mi : tensor<f32>, tensor<i32>
    }}"
    );
    check(
        &main_fn(
            &ops,
            "%s, %m#0, %m#1",
            "tensor<2xf32>, tensor<f32>, tensor<i32>",
        ),
        expect![[r#"
            f32[2] 6 15
            f32[] 9
            i32[] 1"#]],
    );
}

#[test]
fn reduce_window_with_padding_strides_and_dilation() {
    let ops = "%x = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %w = \"stablehlo.reduce_window\"(%x, %z) <{padding = dense<[[1, 1]]> : tensor<1x2xi64>, window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : (tensor<5xf32>, tensor<f32>) -> tensor<3xf32>
  %d = \"stablehlo.reduce_window\"(%x, %z) <{base_dilations = array<i64: 2>, window_dilations = array<i64: 2>, window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : (tensor<5xf32>, tensor<f32>) -> tensor<7xf32>";
    check(
        &main_fn(ops, "%w, %d", "tensor<3xf32>, tensor<7xf32>"),
        expect![[r#"
            f32[3] 1 5 9
            f32[7] 2 0 3 0 4 0 5"#]],
    );
}

#[test]
fn select_and_scatter_to_window_maxima() {
    let ops = "%x = stablehlo.constant dense<[1.0, 5.0, 3.0, 3.0]> : tensor<4xf32>
  %s = stablehlo.constant dense<[10.0, 20.0]> : tensor<2xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = \"stablehlo.select_and_scatter\"(%x, %s, %z) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>";
    check(
        &main_fn(ops, "%r", "tensor<4xf32>"),
        expect!["f32[4] 0 10 20 0"],
    );
}

#[test]
fn map_runs_its_body_per_element() {
    let ops = format!(
        "{X23}
  %m = \"stablehlo.map\"(%x, %x) <{{dimensions = array<i64: 0, 1>}}> ({{
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.multiply %a, %b : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }}) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>"
    );
    check(
        &main_fn(&ops, "%m", "tensor<2x3xf32>"),
        expect!["f32[2, 3] 1 4 9 16 25 36"],
    );
}

#[test]
fn sort_is_stable_and_permutes_every_operand() {
    let ops = "%k = stablehlo.constant dense<[[3, 1, 3, 0], [2, 2, 1, 2]]> : tensor<2x4xi32>
  %v = stablehlo.iota dim = 1 : tensor<2x4xi32>
  %s:2 = \"stablehlo.sort\"(%k, %v) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<2x4xi32>, tensor<2x4xi32>) -> (tensor<2x4xi32>, tensor<2x4xi32>)";
    check(
        &main_fn(ops, "%s#0, %s#1", "tensor<2x4xi32>, tensor<2x4xi32>"),
        expect![[r#"
            i32[2, 4] 0 1 3 3 1 2 2 2
            i32[2, 4] 3 1 0 2 2 0 1 3"#]],
    );
}

#[test]
fn top_k_orders_nans_and_ties() {
    let ops =
        "%x = stablehlo.constant dense<[[1.0, 0x7FC00000, 1.0, 0xFF800000, 2.0]]> : tensor<1x5xf32>
  %v, %i = chlo.top_k(%x, k = 4) : tensor<1x5xf32> -> (tensor<1x4xf32>, tensor<1x4xi32>)";
    check(
        &main_fn(ops, "%v, %i", "tensor<1x4xf32>, tensor<1x4xi32>"),
        expect![[r#"
            f32[1, 4] NaN 2 1 1
            i32[1, 4] 1 4 0 2"#]],
    );
}

#[test]
fn recursion_past_the_call_depth_is_one_error_with_its_frames_collapsed() {
    check(
        "func.func @main() -> tensor<f32> {
  %x = stablehlo.constant dense<1.0> : tensor<f32>
  %0 = func.call @g(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @g(%x: tensor<f32>) -> tensor<f32> {
  %0 = func.call @f(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @f(%x: tensor<f32>) -> tensor<f32> {
  %0 = func.call @f(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}",
        expect!["error: in @g: in @f (x255): call depth exceeds 256"],
    );
}
