//! `refine` on small modules: what a module becomes at the sizes given, printed, and the
//! diagnostics of sizes that are missing, unknown or fail the export's own assertion.

use super::*;
use egfuse_ir::print::{print, PrintOptions};
use expect_test::{expect, Expect};

/// Refines `src` by `dims` (`NAME=SIZE` each) and prints the module, or each diagnostic's code
/// and message; an error leaves the module as given.
fn check(src: &str, dims: &[&str], expect: Expect) {
    let mut m = egfuse_ir::parse::parse(src).expect("parses");
    let given = print(&m, PrintOptions::default());
    let bindings: Vec<Binding> = dims
        .iter()
        .map(|d| Binding::parse(d).expect("a binding"))
        .collect();
    let text = match refine(&mut m, &bindings) {
        Ok(r) => {
            let problems = egfuse_ir::verify::verify(&m);
            assert!(problems.is_empty(), "{problems:?}");
            format!("{r:?}\n{}", print(&m, PrintOptions::default()))
        }
        Err(diags) => {
            assert_eq!(
                print(&m, PrintOptions::default()),
                given,
                "an error leaves the module as given"
            );
            diags
                .iter()
                .map(|d| format!("{}: {}\n", d.code, d.message))
                .collect()
        }
    };
    expect.assert_eq(&text);
}

/// JAX's current form: `@main` reads the size and passes it to the exported function as the
/// argument `jax.global_constant` names, after asserting it.
const NAMED: &str = r#"
func.func public @main(%arg0: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %1 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.custom_call @shape_assertion(%1, %0) {error_message = "b = {0} is less than 1", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  %2 = call @f(%0, %arg0) : (tensor<i32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %2 : tensor<?x4xf32>
}
func.func private @f(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c = stablehlo.constant dense<4> : tensor<1xi32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%arg1 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<?x4xf32>, tensor<f32>) -> tensor<?xf32>
  %1 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
  %2 = stablehlo.concatenate %1, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %3 = stablehlo.dynamic_broadcast_in_dim %0, %2, dims = [0] : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  %4 = stablehlo.subtract %arg1, %3 : tensor<?x4xf32>
  return %4 : tensor<?x4xf32>
}
"#;

#[test]
fn a_named_dimension_variable_specializes_the_export() {
    check(
        NAMED,
        &["b=5"],
        expect![[r#"
            Refined { values: 3, made_static: 1, assertions: 1 }
            func.func public @main(%arg0: tensor<5x4xf32>) -> tensor<5x4xf32> {
              %z = stablehlo.constant dense<0.0> : tensor<f32>
              %0 = stablehlo.reduce(%arg0 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
              %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<5xf32>) -> tensor<5x4xf32>
              %2 = stablehlo.subtract %arg0, %1 : tensor<5x4xf32>
              return %2 : tensor<5x4xf32>
            }
        "#]],
    );
    // The argument's dimension names the same size.
    let mut by_name = egfuse_ir::parse::parse(NAMED).unwrap();
    let mut by_arg = by_name.clone();
    refine(&mut by_name, &[Binding::parse("b=5").unwrap()]).unwrap();
    refine(&mut by_arg, &[Binding::parse("arg0.0=5").unwrap()]).unwrap();
    let text = |m: &Module| print(m, PrintOptions::default());
    assert_eq!(text(&by_name), text(&by_arg));
}

#[test]
fn sizes_that_fail_the_exports_assertion_are_its_message() {
    check(
        NAMED,
        &["b=0"],
        expect![[r#"
            refine::assertion: the sizes --dim gives fail the export's shape assertion: b = 0 is less than 1
        "#]],
    );
}

#[test]
fn a_symbolic_dimension_without_a_size_names_both_spellings() {
    check(
        NAMED,
        &[],
        expect![[r#"
        refine::unbound: `@main`'s argument 0 has a symbolic dimension 0 (`tensor<?x4xf32>`)
    "#]],
    );
    check(
        NAMED,
        &["c=3", "arg3.0=2", "arg0.1=7"],
        expect![[r#"
        refine::dim: --dim c: the export names no dimension variable `c` (it names ["b"])
        refine::dim: --dim arg3.0: `@main` has 1 argument
        refine::dim: --dim arg0.1: dimension 1 is 4, not symbolic
        refine::unbound: `@main`'s argument 0 has a symbolic dimension 0 (`tensor<?x4xf32>`)
    "#]],
    );
    let static_module =
        "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n  return %a : tensor<2xf32>\n}\n";
    check(
        static_module,
        &["b=2"],
        expect![[r#"
        refine::dim: --dim: the module has no symbolic dimension
    "#]],
    );
    check(
        static_module,
        &[],
        expect![[r#"
        Refined { values: 0, made_static: 0, assertions: 0 }
        func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
          return %a : tensor<2xf32>
        }
    "#]],
    );
}

/// JAX's older form passes the dimension variable as a leading scalar argument, and slices by a
/// start known only at run time with a limit of that start plus the size.
#[test]
fn a_scalar_dimension_argument_and_a_slice_past_a_runtime_start() {
    let src = r#"
func.func public @main(%arg0: tensor<i64>, %arg1: tensor<?x4xf32>, %arg2: tensor<2xi32>) -> tensor<?x2xf32> {
  %0 = stablehlo.convert %arg0 : (tensor<i64>) -> tensor<i32>
  %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
  %2 = stablehlo.constant dense<2> : tensor<1xi32>
  %3 = stablehlo.concatenate %1, %2, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %4 = stablehlo.convert %arg2 : tensor<2xi32>
  %5 = stablehlo.convert %arg2 : tensor<2xi32>
  %6 = stablehlo.add %5, %3 : tensor<2xi32>
  %7 = stablehlo.constant dense<1> : tensor<2xi32>
  %8 = stablehlo.real_dynamic_slice %arg1, %4, %6, %7 : (tensor<?x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x2xf32>
  return %8 : tensor<?x2xf32>
}
"#;
    check(
        src,
        &["arg0=3", "arg1.0=3"],
        expect![[r#"
            Refined { values: 1, made_static: 1, assertions: 0 }
            func.func public @main(%arg0: tensor<i64>, %arg1: tensor<3x4xf32>, %arg2: tensor<2xi32>) -> tensor<3x2xf32> {
              %0 = stablehlo.convert %arg2 : tensor<2xi32>
              %1 = stablehlo.slice %0 [0:1] : (tensor<2xi32>) -> tensor<1xi32>
              %2 = stablehlo.reshape %1 : (tensor<1xi32>) -> tensor<i32>
              %3 = stablehlo.slice %0 [1:2] : (tensor<2xi32>) -> tensor<1xi32>
              %4 = stablehlo.reshape %3 : (tensor<1xi32>) -> tensor<i32>
              %5 = stablehlo.dynamic_slice %arg1, %2, %4, sizes = [3, 2] : (tensor<3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x2xf32>
              return %5 : tensor<3x2xf32>
            }
        "#]],
    );
}

#[test]
fn bindings_read_three_spellings_and_refuse_the_rest() {
    let read = |t: &str| match Binding::parse(t) {
        Ok(b) => format!("{} = {}", b.key, b.size),
        Err(e) => e,
    };
    let all: Vec<String> = [
        "b=4",
        "arg1.0=8",
        "arg0=3",
        "batch_size = 2",
        "b",
        "b=-1",
        "arg1.x=2",
        "=3",
    ]
    .iter()
    .map(|t| read(t))
    .collect();
    expect![[r#"
        [
            "b = 4",
            "arg1.0 = 8",
            "arg0 = 3",
            "batch_size = 2",
            "`b` is not NAME=SIZE (`b=4`, `arg1.0=4`, `arg0=4`)",
            "`-1` in `b=-1` is not a size (a whole number, 0 or more)",
            "`arg1.x` names no dimension",
            "`` names no dimension",
        ]
    "#]]
    .assert_debug_eq(&all);
}

/// A shape computation over a size, clamped by the largest `i64` as JAX clamps indices, is the
/// constant it computes: the 64-bit extreme that 32 bits cannot hold reaches no kernel.
#[test]
fn known_values_become_constants_and_what_they_read_is_swept() {
    let src = r#"
func.func public @main(%arg0: tensor<i64>, %arg1: tensor<?x2xi64>) -> tensor<?x2xi64> {
  %c = stablehlo.constant dense<-1> : tensor<i64>
  %0 = stablehlo.add %arg0, %c : tensor<i64>
  %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i64>) -> tensor<2xi64>
  %m = stablehlo.constant dense<9223372036854775807> : tensor<ui64>
  %2 = stablehlo.convert %m : (tensor<ui64>) -> tensor<i64>
  %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i64>) -> tensor<2xi64>
  %4 = stablehlo.minimum %1, %3 : tensor<2xi64>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %5 = stablehlo.convert %arg0 : (tensor<i64>) -> tensor<i32>
  %6 = stablehlo.reshape %5 : (tensor<i32>) -> tensor<1xi32>
  %7 = stablehlo.constant dense<2> : tensor<1xi32>
  %8 = stablehlo.concatenate %6, %7, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %9 = stablehlo.dynamic_broadcast_in_dim %4, %8, dims = [1] : (tensor<2xi64>, tensor<2xi32>) -> tensor<?x2xi64>
  %10 = stablehlo.clamp %z, %arg1, %9 : (tensor<i64>, tensor<?x2xi64>, tensor<?x2xi64>) -> tensor<?x2xi64>
  return %10 : tensor<?x2xi64>
}
"#;
    check(
        src,
        &["arg0=3", "arg1.0=3"],
        expect![[r#"
        Refined { values: 2, made_static: 1, assertions: 0 }
        func.func public @main(%arg0: tensor<i64>, %arg1: tensor<3x2xi64>) -> tensor<3x2xi64> {
          %0 = stablehlo.constant dense<2> : tensor<2xi64>
          %z = stablehlo.constant dense<0> : tensor<i64>
          %1 = stablehlo.broadcast_in_dim %0, dims = [1] : (tensor<2xi64>) -> tensor<3x2xi64>
          %2 = stablehlo.clamp %z, %arg1, %1 : (tensor<i64>, tensor<3x2xi64>, tensor<3x2xi64>) -> tensor<3x2xi64>
          return %2 : tensor<3x2xi64>
        }
    "#]],
    );
}
