//! The instance generator on rules of every shape, through one `check(rules, expect)`: per
//! rule the element types it admits and its f32 instances, or why it has none.

use super::{fusion, instances, Dtype, Pattern, ALTERNATIVES};
use egfuse_dsl::ast::{Direction, Item};
use egfuse_dsl::RuleSet;
use egfuse_fusion::catalog::Catalog;
use expect_test::{expect, Expect};
use std::fmt::Write;

fn check(rules: &str, expect: Expect) {
    let set = match RuleSet::load(&[("t.rules", rules)], &Catalog) {
        Ok(set) => set,
        Err(files) => panic!("{}", files[0].render()),
    };
    let mut out = String::new();
    for (_, item) in set.items() {
        let sides: Vec<(&str, Vec<Pattern>)> = match item {
            Item::Rewrite(r) => {
                let mut sides = vec![("left", &r.lhs)];
                if r.direction == Direction::Both {
                    sides.push(("right", &r.rhs));
                }
                sides
                    .into_iter()
                    .map(|(name, e)| {
                        let (picks, _) = super::combinations(&Pattern::choices(e), ALTERNATIVES);
                        (
                            name,
                            picks.iter().map(|p| Pattern::from_expr(e, p)).collect(),
                        )
                    })
                    .collect()
            }
            Item::Fusion(f) => match fusion::patterns(f, ALTERNATIVES) {
                Ok((patterns, _)) => vec![("body", patterns)],
                Err(why) => {
                    let _ = writeln!(out, "{}: {why}", f.title());
                    continue;
                }
            },
            _ => continue,
        };
        let title = match item {
            Item::Fusion(f) => f.title(),
            _ => item.name().name.clone(),
        };
        for (side, patterns) in sides {
            let _ = write!(out, "{title} {side}: ");
            match instances(&patterns) {
                Err(why) => {
                    let _ = writeln!(out, "{why}");
                }
                Ok(list) => {
                    let mut dtypes: Vec<&str> = Vec::new();
                    for d in list.iter().map(|i| i.dtype.name()) {
                        if !dtypes.contains(&d) {
                            dtypes.push(d);
                        }
                    }
                    let _ = writeln!(out, "{} instances, {}", list.len(), dtypes.join(" "));
                    for i in list.iter().filter(|i| i.dtype == Dtype::F32) {
                        out.push_str(&i.text);
                    }
                }
            }
        }
    }
    expect.assert_eq(&out);
}

#[test]
fn broadcasts_get_a_keepdims_and_a_rank_expanding_operand() {
    check(
        "rewrite r: stablehlo.sqrt(stablehlo.broadcast_in_dim(%y) {broadcast_dimensions = $b}) <=> stablehlo.broadcast_in_dim(stablehlo.sqrt(%y)) {broadcast_dimensions = $b}\n",
        expect![[r#"
            r left: 8 instances, f32 f64 f16 bf16
            module {
              func.func @main(%arg0: tensor<2x1xf32>) -> tensor<2x3xf32> {
                %v1 = "stablehlo.broadcast_in_dim"(%arg0) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x1xf32>) -> tensor<2x3xf32>
                %v2 = "stablehlo.sqrt"(%v1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
                return %v2 : tensor<2x3xf32>
              }
            }
            module {
              func.func @main(%arg0: tensor<2xf32>) -> tensor<2x3xf32> {
                %v1 = "stablehlo.broadcast_in_dim"(%arg0) <{broadcast_dimensions = array<i64: 0>}> : (tensor<2xf32>) -> tensor<2x3xf32>
                %v2 = "stablehlo.sqrt"(%v1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
                return %v2 : tensor<2x3xf32>
              }
            }
            r right: 8 instances, f32 f64 f16 bf16
            module {
              func.func @main(%arg0: tensor<2x1xf32>) -> tensor<2x3xf32> {
                %v1 = "stablehlo.sqrt"(%arg0) : (tensor<2x1xf32>) -> tensor<2x1xf32>
                %v2 = "stablehlo.broadcast_in_dim"(%v1) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x1xf32>) -> tensor<2x3xf32>
                return %v2 : tensor<2x3xf32>
              }
            }
            module {
              func.func @main(%arg0: tensor<2xf32>) -> tensor<2x3xf32> {
                %v1 = "stablehlo.sqrt"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
                %v2 = "stablehlo.broadcast_in_dim"(%v1) <{broadcast_dimensions = array<i64: 0>}> : (tensor<2xf32>) -> tensor<2x3xf32>
                return %v2 : tensor<2x3xf32>
              }
            }
        "#]],
    );
}

#[test]
fn converts_take_the_other_element_type_or_their_own() {
    check(
        "rewrite r: stablehlo.convert(stablehlo.broadcast_in_dim(%y) {broadcast_dimensions = $b}) => stablehlo.broadcast_in_dim(stablehlo.convert(%y)) {broadcast_dimensions = $b}\n",
        expect![[r#"
            r left: 20 instances, f32 f64 f16 bf16 i32
            module {
              func.func @main(%arg0: tensor<2x1xbf16>) -> tensor<2x3xf32> {
                %v1 = "stablehlo.broadcast_in_dim"(%arg0) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x1xbf16>) -> tensor<2x3xbf16>
                %v2 = "stablehlo.convert"(%v1) : (tensor<2x3xbf16>) -> tensor<2x3xf32>
                return %v2 : tensor<2x3xf32>
              }
            }
            module {
              func.func @main(%arg0: tensor<2x1xf32>) -> tensor<2x3xf32> {
                %v1 = "stablehlo.broadcast_in_dim"(%arg0) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x1xf32>) -> tensor<2x3xf32>
                %v2 = "stablehlo.convert"(%v1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
                return %v2 : tensor<2x3xf32>
              }
            }
            module {
              func.func @main(%arg0: tensor<2xbf16>) -> tensor<2x3xf32> {
                %v1 = "stablehlo.broadcast_in_dim"(%arg0) <{broadcast_dimensions = array<i64: 0>}> : (tensor<2xbf16>) -> tensor<2x3xbf16>
                %v2 = "stablehlo.convert"(%v1) : (tensor<2x3xbf16>) -> tensor<2x3xf32>
                return %v2 : tensor<2x3xf32>
              }
            }
            module {
              func.func @main(%arg0: tensor<2xf32>) -> tensor<2x3xf32> {
                %v1 = "stablehlo.broadcast_in_dim"(%arg0) <{broadcast_dimensions = array<i64: 0>}> : (tensor<2xf32>) -> tensor<2x3xf32>
                %v2 = "stablehlo.convert"(%v1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
                return %v2 : tensor<2x3xf32>
              }
            }
        "#]],
    );
}

#[test]
fn constants_and_captures_and_integers() {
    check(
        "rewrite r: stablehlo.divide(%s, splat($n)) => stablehlo.multiply(%s, stablehlo.divide(splat(1.0), splat($n)))\nrewrite m: commute stablehlo.maximum(splat(-inf), %x) => %x\n",
        expect![[r#"
            r left: 5 instances, f32 f64 f16 bf16 i32
            module {
              func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
                %v1 = "stablehlo.constant"() <{value = dense<3.0e0> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
                %v2 = "stablehlo.divide"(%arg0, %v1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
                return %v2 : tensor<2x3xf32>
              }
            }
            m left: 4 instances, f32 f64 f16 bf16
            module {
              func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
                %v0 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
                %v2 = "stablehlo.maximum"(%v0, %arg0) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
                return %v2 : tensor<2x3xf32>
              }
            }
        "#]],
    );
}

#[test]
fn softmax_of_a_matmul_solves_its_reduces_and_broadcasts() {
    check(
        "fusion s kind S anchor %p {\n  %dot = stablehlo.dot(%a, %b)\n  %s = stablehlo.multiply(%dot, splat(0.5))\n  %m = stablehlo.select(%mask, %s, %fill)\n  %max = stablehlo.reduce(%m, %ninf) {dimensions = $d, body = stablehlo.maximum}\n  %mk = stablehlo.broadcast_in_dim(%max)\n  %mb = stablehlo.broadcast_in_dim(%mk)\n  %z = stablehlo.subtract(%m, %mb)\n  %e = stablehlo.exponential(%z)\n  %up = stablehlo.convert(%e)\n  %sum = stablehlo.reduce(%up, %zero) {dimensions = $d, body = stablehlo.add}\n  %sk = stablehlo.broadcast_in_dim(%sum)\n  %down = stablehlo.convert(%sk)\n  %sb = stablehlo.broadcast_in_dim(%down)\n  %p = stablehlo.divide(%e, %sb)\n}\n",
        expect![[r#"
            s body: 8 instances, f32 f64 f16 bf16
            module {
              func.func @main(%arg0: tensor<2x4xf32>, %arg1: tensor<4x3xf32>, %arg2: tensor<2x3xi1>, %arg3: tensor<2x3xf32>, %arg4: tensor<f32>, %arg5: tensor<bf16>) -> tensor<2x3xf32> {
                %v2 = "stablehlo.dot"(%arg0, %arg1) : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
                %v3 = "stablehlo.constant"() <{value = dense<5.0e-1> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
                %v4 = "stablehlo.multiply"(%v2, %v3) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
                %v7 = "stablehlo.select"(%arg2, %v4, %arg3) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
                %v9 = "stablehlo.reduce"(%v7, %arg4) <{dimensions = array<i64: 1>}> ({
                ^bb0(%b9_0: tensor<f32>, %b9_1: tensor<f32>):
                  %b9_2 = "stablehlo.maximum"(%b9_0, %b9_1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
                  "stablehlo.return"(%b9_2) : (tensor<f32>) -> ()
                }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
                %v10 = "stablehlo.broadcast_in_dim"(%v9) <{broadcast_dimensions = array<i64: 0>}> : (tensor<2xf32>) -> tensor<2xf32>
                %v11 = "stablehlo.broadcast_in_dim"(%v10) <{broadcast_dimensions = array<i64: 0>}> : (tensor<2xf32>) -> tensor<2x3xf32>
                %v12 = "stablehlo.subtract"(%v7, %v11) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
                %v13 = "stablehlo.exponential"(%v12) : (tensor<2x3xf32>) -> tensor<2x3xf32>
                %v14 = "stablehlo.convert"(%v13) : (tensor<2x3xf32>) -> tensor<2x3xbf16>
                %v16 = "stablehlo.reduce"(%v14, %arg5) <{dimensions = array<i64: 1>}> ({
                ^bb0(%b16_0: tensor<bf16>, %b16_1: tensor<bf16>):
                  %b16_2 = "stablehlo.add"(%b16_0, %b16_1) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
                  "stablehlo.return"(%b16_2) : (tensor<bf16>) -> ()
                }) : (tensor<2x3xbf16>, tensor<bf16>) -> tensor<2xbf16>
                %v17 = "stablehlo.broadcast_in_dim"(%v16) <{broadcast_dimensions = array<i64: 0>}> : (tensor<2xbf16>) -> tensor<2xbf16>
                %v18 = "stablehlo.convert"(%v17) : (tensor<2xbf16>) -> tensor<2xf32>
                %v19 = "stablehlo.broadcast_in_dim"(%v18) <{broadcast_dimensions = array<i64: 0>}> : (tensor<2xf32>) -> tensor<2x3xf32>
                %v20 = "stablehlo.divide"(%v13, %v19) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
                return %v20 : tensor<2x3xf32>
              }
            }
            module {
              func.func @main(%arg0: tensor<2x4xf32>, %arg1: tensor<4x3xf32>, %arg2: tensor<2x3xi1>, %arg3: tensor<2x3xf32>, %arg4: tensor<f32>, %arg5: tensor<f32>) -> tensor<2x3xf32> {
                %v2 = "stablehlo.dot"(%arg0, %arg1) : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
                %v3 = "stablehlo.constant"() <{value = dense<5.0e-1> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
                %v4 = "stablehlo.multiply"(%v2, %v3) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
                %v7 = "stablehlo.select"(%arg2, %v4, %arg3) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
                %v9 = "stablehlo.reduce"(%v7, %arg4) <{dimensions = array<i64: 1>}> ({
                ^bb0(%b9_0: tensor<f32>, %b9_1: tensor<f32>):
                  %b9_2 = "stablehlo.maximum"(%b9_0, %b9_1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
                  "stablehlo.return"(%b9_2) : (tensor<f32>) -> ()
                }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
                %v10 = "stablehlo.broadcast_in_dim"(%v9) <{broadcast_dimensions = array<i64: 0>}> : (tensor<2xf32>) -> tensor<2xf32>
                %v11 = "stablehlo.broadcast_in_dim"(%v10) <{broadcast_dimensions = array<i64: 0>}> : (tensor<2xf32>) -> tensor<2x3xf32>
                %v12 = "stablehlo.subtract"(%v7, %v11) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
                %v13 = "stablehlo.exponential"(%v12) : (tensor<2x3xf32>) -> tensor<2x3xf32>
                %v14 = "stablehlo.convert"(%v13) : (tensor<2x3xf32>) -> tensor<2x3xf32>
                %v16 = "stablehlo.reduce"(%v14, %arg5) <{dimensions = array<i64: 1>}> ({
                ^bb0(%b16_0: tensor<f32>, %b16_1: tensor<f32>):
                  %b16_2 = "stablehlo.add"(%b16_0, %b16_1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
                  "stablehlo.return"(%b16_2) : (tensor<f32>) -> ()
                }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
                %v17 = "stablehlo.broadcast_in_dim"(%v16) <{broadcast_dimensions = array<i64: 0>}> : (tensor<2xf32>) -> tensor<2xf32>
                %v18 = "stablehlo.convert"(%v17) : (tensor<2xf32>) -> tensor<2xf32>
                %v19 = "stablehlo.broadcast_in_dim"(%v18) <{broadcast_dimensions = array<i64: 0>}> : (tensor<2xf32>) -> tensor<2x3xf32>
                %v20 = "stablehlo.divide"(%v13, %v19) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
                return %v20 : tensor<2x3xf32>
              }
            }
        "#]],
    );
}

#[test]
fn literal_attributes_are_kept() {
    check(
        "fusion d kind D anchor %r {\n  %d = stablehlo.dot_general(%a, %b) {lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]}\n  %r = stablehlo.reduce(%d, splat(0.0)) {dimensions = [1], body = stablehlo.add}\n}\nfusion c kind C anchor %c {\n  %c = stablehlo.compare(%a, %b) {comparison_direction = GE | GT}\n}\n",
        expect![[r#"
            d body: 5 instances, f32 f64 f16 bf16 i32
            module {
              func.func @main(%arg0: tensor<2x4x4xf32>, %arg1: tensor<2x4x3xf32>) -> tensor<2x3xf32> {
                %v2 = "stablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_batching_dimensions = [0], rhs_contracting_dimensions = [1]>}> : (tensor<2x4x4xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
                %v3 = "stablehlo.constant"() <{value = dense<0.0e0> : tensor<f32>}> : () -> tensor<f32>
                %v4 = "stablehlo.reduce"(%v2, %v3) <{dimensions = array<i64: 1>}> ({
                ^bb0(%b4_0: tensor<f32>, %b4_1: tensor<f32>):
                  %b4_2 = "stablehlo.add"(%b4_0, %b4_1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
                  "stablehlo.return"(%b4_2) : (tensor<f32>) -> ()
                }) : (tensor<2x4x3xf32>, tensor<f32>) -> tensor<2x3xf32>
                return %v4 : tensor<2x3xf32>
              }
            }
            c body: 5 instances, f32 f64 f16 bf16 i32
            module {
              func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>) -> tensor<2x3xi1> {
                %v2 = "stablehlo.compare"(%arg0, %arg1) <{comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
                return %v2 : tensor<2x3xi1>
              }
            }
        "#]],
    );
}

#[test]
fn grow_rules_become_a_chain_of_their_class() {
    check(
        "fusion g kind G anchor %op {\n  grow %op over elementwise except stablehlo.exponential\n  limit min_ops = 2\n}\nfusion h kind H anchor %op priority 1 {\n  grow %op over stablehlo.add | stablehlo.multiply\n  limit max_ops = 1\n}\n",
        expect![[r#"
            g body: 5 instances, f32 f64 f16 bf16 i32
            module {
              func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>, %arg2: tensor<2x3xf32>) -> tensor<2x3xf32> {
                %v2 = "stablehlo.add"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
                %v4 = "stablehlo.multiply"(%v2, %arg2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
                %v5 = "stablehlo.negate"(%v4) : (tensor<2x3xf32>) -> tensor<2x3xf32>
                return %v5 : tensor<2x3xf32>
              }
            }
            h: max_ops = 1 leaves nothing to fuse
        "#]],
    );
}

#[test]
fn what_cannot_be_instantiated_says_why() {
    check(
        "rewrite t: stablehlo.reverse(stablehlo.reverse(%x) {dimensions = $d}) {dimensions = $d} => %x\nrewrite k: stablehlo.add(stablehlo.broadcast_in_dim(%x) {broadcast_dimensions = [0, 1, 2]}, %x) => %x\n",
        expect![[r#"
            t left: instances of `stablehlo.reverse` are not generated
            k left: the instance does not verify: `dims = [0, 1, 2]` does not map [2, 3] into [2, 3]
        "#]],
    );
}

#[test]
fn dimensions_out_of_range_are_refused() {
    check(
        "rewrite b: stablehlo.sqrt(stablehlo.broadcast_in_dim(%y) {broadcast_dimensions = [-1, 4000000000]}) => stablehlo.sqrt(%y)\n",
        expect![[r#"
            b left: `broadcast_dimensions` is not a list of dimensions below 8
        "#]],
    );
}

#[test]
fn a_name_read_again_is_the_node_it_names_built_once_where_first_met() {
    check(
        "rewrite r: stablehlo.multiply(%n, stablehlo.add(stablehlo.negate(%x) as %n, %n)) => stablehlo.negate(%x)\n",
        expect![[r#"
            r left: 5 instances, f32 f64 f16 bf16 i32
            module {
              func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
                %v1 = "stablehlo.negate"(%arg0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
                %v2 = "stablehlo.add"(%v1, %v1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
                %v3 = "stablehlo.multiply"(%v1, %v2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
                return %v3 : tensor<2x3xf32>
              }
            }
        "#]],
    );
}
