//! Unit tests of the parser, the checks and the printer, all through one `check(input, expect)`:
//! a clean file prints back in canonical form, a bad one renders its diagnostics.

use crate::check::{check_all, Source};
use crate::parse::parse_partial;
use crate::print::print;
use crate::test_catalog::TestCatalog;
use egfuse_diag::render;
use expect_test::{expect, Expect};

fn check(input: &str, expect: Expect) {
    let (file, mut diags) = parse_partial(input);
    if let Some(f) = &file {
        let src = Source {
            name: "t.rules",
            text: input,
            file: f,
        };
        diags.extend(check_all(&[src], &TestCatalog).pop().unwrap_or_default().0);
    }
    let actual = match (&file, diags.is_empty()) {
        (Some(f), true) => print(f),
        _ => render("t.rules", input, &diags),
    };
    expect.assert_eq(&actual);
}

#[test]
fn mul_red_sqrt_prints_canonically() {
    check(
        r#"# sqrt(sum(a*b))
fusion mul-red-sqrt kind MulRedSqrt anchor %sum phase MulRedSqrt flag fuseDotLogistic priority 10 {
  %sq = stablehlo.multiply(%a, %b) if single_use(%sq)
  %sum = stablehlo.reduce(%sq, %init) {dimensions = $d} if not_fused(%sum), single_use(%sum)
  %out = stablehlo.sqrt(%sum)
  penguin op = "MulRedSqrt", reduce_dims = $d
}
"#,
        expect![[r##"
            # sqrt(sum(a*b))
            fusion mul-red-sqrt kind MulRedSqrt anchor %sum phase MulRedSqrt flag fuseDotLogistic priority 10 {
              %sq  = stablehlo.multiply(%a, %b) if single_use(%sq)
              %sum = stablehlo.reduce(%sq, %init) {dimensions = $d} if not_fused(%sum), single_use(%sum)
              %out = stablehlo.sqrt(%sum)
              penguin op = "MulRedSqrt", reduce_dims = $d
            }
        "##]],
    );
}

#[test]
fn rewrite_with_nested_ops_commute_and_predicates() {
    check(
        "rewrite sigmoid-expanded:   # 1/(1+exp(-x)) = logistic(x)\n  stablehlo.divide(splat(1.0), commute stablehlo.add(splat(1.0), stablehlo.exponential(stablehlo.negate(%x)))) => stablehlo.logistic(%x) if is_float(%x), rank(%x) >= 1\n",
        expect![[r#"
            # 1/(1+exp(-x)) = logistic(x)
            rewrite sigmoid-expanded:
              stablehlo.divide(
                splat(1.0),
                commute stablehlo.add(splat(1.0), stablehlo.exponential(stablehlo.negate(%x)))
              )
                => stablehlo.logistic(%x)
              if is_float(%x), rank(%x) >= 1
        "#]],
    );
}

#[test]
fn rewrite_with_a_tolerance() {
    check(
        "rewrite expm1-fold: stablehlo.subtract(stablehlo.exponential(%x), splat(1.0)) <=> stablehlo.exponential_minus_one(%x) if is_float(%x) tolerance = 1e-3\n",
        expect![[r#"
            rewrite expm1-fold:
              stablehlo.subtract(stablehlo.exponential(%x), splat(1.0))
                <=> stablehlo.exponential_minus_one(%x)
              if is_float(%x)
              tolerance = 1e-3
        "#]],
    );
    check(
        "rewrite r: stablehlo.negate(stablehlo.negate(%x)) => %x tolerance = inf\n",
        expect![[r#"
            error: t.rules:1:69: a tolerance is a relative difference between 0 and 1
               ╭─[t.rules:1:69]
             1 │ rewrite r: stablehlo.negate(stablehlo.negate(%x)) => %x tolerance = inf
               ·                                                                     ─┬─
               ·                                                                      ╰── not below 1
               ╰────
              help: state the relative difference the sides may show, such as `tolerance = 1e-6`
        "#]],
    );
}

#[test]
fn grow_rule_with_limits() {
    check(
        "fusion ew kind Elementwise anchor %op phase Elementwise flag generalElementwiseFusion {\n  grow %op over elementwise except stablehlo.constant if not_fused(%op) limit min_ops = 2, max_ops = 64\n}\n",
        expect![[r#"
            fusion ew kind Elementwise anchor %op phase Elementwise flag generalElementwiseFusion {
              grow %op over elementwise except stablehlo.constant if not_fused(%op)
              limit min_ops = 2, max_ops = 64
            }
        "#]],
    );
}

#[test]
fn header_and_docs_survive_printing() {
    check(
        "# The file header.\n#\n# Second paragraph.\n\n# law one\n# more about it\nrewrite a: stablehlo.negate(stablehlo.negate(%x)) => %x\n\n\n# law two\nrewrite b: stablehlo.power(%x, splat(2.0)) => stablehlo.multiply(%x, %x)\n",
        expect![[r#"
            # The file header.
            #
            # Second paragraph.

            # law one
            # more about it
            rewrite a:
              stablehlo.negate(stablehlo.negate(%x))
                => %x

            # law two
            rewrite b:
              stablehlo.power(%x, splat(2.0))
                => stablehlo.multiply(%x, %x)
        "#]],
    );
}

#[test]
fn syntax_error_names_what_was_expected() {
    check(
        "fusion f kind K anchor %a {\n  %a = stablehlo.sqrt(%x\n}\n",
        expect![[r#"
            error: t.rules:3:1: expected `)` or `,`
               ╭─[t.rules:3:1]
             2 │   %a = stablehlo.sqrt(%x
             3 │ }
               · ┬
               · ╰── found `}`
               ╰────
        "#]],
    );
}

#[test]
fn all_check_errors_of_a_file_at_once() {
    check(
        "fusion f kind K anchor %y phase Bogus {\n  %a = stablehlo.sqrtt(%x)\n  %b = stablehlo.add(%a) if single_use($d), rank(%a)\n  %c = stablehlo.negate(%x)\n}\n",
        expect![[r#"
            error: t.rules:1:24: anchor %y is not bound by the pattern
               ╭─[t.rules:1:24]
             1 │ fusion f kind K anchor %y phase Bogus {
               ·                        ─┬
               ·                         ╰── the matcher walks for this op
             2 │   %a = stablehlo.sqrtt(%x)
               ╰────
              help: anchor on a variable bound by `%v = op(...)` in the body
            error: t.rules:1:33: unknown phase `Bogus`
               ╭─[t.rules:1:33]
             1 │ fusion f kind K anchor %y phase Bogus {
               ·                                 ──┬──
               ·                                   ╰── not a sub-pass of the seed's driver or egraph mode's grow
             2 │   %a = stablehlo.sqrtt(%x)
               ╰────
              help: the phases, in driver order, then egraph mode's: SubExp, DotLogistic, MulRedSqrt, Expm1,
                    Log1p, Elementwise, Loop
            error: t.rules:2:8: unknown op `stablehlo.sqrtt`
               ╭─[t.rules:2:8]
             1 │ fusion f kind K anchor %y phase Bogus {
             2 │   %a = stablehlo.sqrtt(%x)
               ·        ───────┬───────
               ·               ╰── not an op rules can name
             3 │   %b = stablehlo.add(%a) if single_use($d), rank(%a)
               ╰────
              help: did you mean `stablehlo.sqrt`?
            error: t.rules:3:3: %b feeds no later binding
               ╭─[t.rules:3:3]
             2 │   %a = stablehlo.sqrtt(%x)
             3 │   %b = stablehlo.add(%a) if single_use($d), rank(%a)
               ·   ─┬
               ·    ╰── the pattern is not connected here
             4 │   %c = stablehlo.negate(%x)
               ╰────
              help: a fusion pattern is one connected graph: list producers first and the root last, each
                    feeding a later binding
            error: t.rules:3:8: `stablehlo.add` takes 2 operands, but the pattern gives 1
               ╭─[t.rules:3:8]
             2 │   %a = stablehlo.sqrtt(%x)
             3 │   %b = stablehlo.add(%a) if single_use($d), rank(%a)
               ·        ──────┬──────
               ·              ╰── 1 operand
             4 │   %c = stablehlo.negate(%x)
               ╰────
            error: t.rules:3:40: `single_use` takes a value (%name), not an attribute capture
               ╭─[t.rules:3:40]
             2 │   %a = stablehlo.sqrtt(%x)
             3 │   %b = stablehlo.add(%a) if single_use($d), rank(%a)
               ·                                        ─┬
               ·                                         ╰── this is an attribute capture
             4 │   %c = stablehlo.negate(%x)
               ╰────
            error: t.rules:3:45: `rank` needs a comparison
               ╭─[t.rules:3:45]
             2 │       %a = stablehlo.sqrtt(%x)
             3 │ ╭─▶   %b = stablehlo.add(%a) if single_use($d), rank(%a)
             4 │ ├─▶   %c = stablehlo.negate(%x)
               · ╰──── a value, not a test
             5 │     }
               ╰────
              help: compare it, e.g. `rank(...) == 1`
        "#]],
    );
}

#[test]
fn attributes_dtypes_and_shapes() {
    check(
        "fusion cmp kind Cmp anchor %c {\n  %c = stablehlo.compare(%a, %b) {comparison_direction = GT | GE} if dtype(%a) == f32 | bf16, shape(%a) == [_, 128]\n}\nfusion dg kind Dg anchor %d {\n  %d = stablehlo.dot_general(%a, %b) {lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]}\n}\n",
        expect![[r#"
            fusion cmp kind Cmp anchor %c {
              %c = stablehlo.compare(%a, %b) {comparison_direction = GT | GE} if dtype(%a) == f32 | bf16, shape(%a) == [_, 128]
            }

            fusion dg kind Dg anchor %d {
              %d = stablehlo.dot_general(%a, %b) {lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]}
            }
        "#]],
    );
}

#[test]
fn same_capture_twice_counts_as_used() {
    check(
        "fusion two kind Two anchor %s {\n  %m = stablehlo.reduce(%x, _) {dimensions = $d, body = stablehlo.maximum}\n  %s = stablehlo.reduce(%m, _) {dimensions = $d, body = stablehlo.add | stablehlo.maximum}\n}\n",
        expect![[r#"
            fusion two kind Two anchor %s {
              %m = stablehlo.reduce(%x, _) {dimensions = $d, body = stablehlo.maximum}
              %s = stablehlo.reduce(%m, _) {dimensions = $d, body = stablehlo.add | stablehlo.maximum}
            }
        "#]],
    );
}

#[test]
fn overlap_at_same_priority_and_phase() {
    check(
        "fusion a kind A anchor %s phase SubExp {\n  %d = stablehlo.subtract(%x, %y)\n  %s = stablehlo.exponential(%d)\n}\nfusion b kind B anchor %s phase SubExp {\n  %s = stablehlo.exponential(%x)\n}\nfusion c kind C anchor %s phase SubExp priority 1 {\n  %s = stablehlo.exponential(%x)\n}\nfusion d kind D anchor %s phase SubExp {\n  %s = stablehlo.log(%x)\n}\n",
        expect![[r#"
            error: t.rules:5:8: fusion rule `b` overlaps `a` at priority 0 in phase SubExp
               ╭─[t.rules:1:8]
             1 │ fusion a kind A anchor %s phase SubExp {
               ·        ┬
               ·        ╰── the earlier rule
             2 │   %d = stablehlo.subtract(%x, %y)
               ╰────
               ╭─[t.rules:5:8]
             4 │ }
             5 │ fusion b kind B anchor %s phase SubExp {
               ·        ┬
               ·        ╰── some ops could match both rules
             6 │   %s = stablehlo.exponential(%x)
               ╰────
              help: give one rule a higher `priority`, or make the patterns disjoint
        "#]],
    );
}

#[test]
fn commute_finds_overlap_in_swapped_operands() {
    check(
        "fusion a kind A anchor %s {\n  %e = stablehlo.exponential(%x)\n  %s = stablehlo.add(%e, splat(1.0))\n}\nfusion b kind B anchor %s {\n  %l = stablehlo.log(%x)\n  %s = commute stablehlo.add(%l, %e)\n}\nfusion c kind C anchor %s {\n  %n = stablehlo.negate(%x)\n  %s = stablehlo.add(splat(2.0), %n)\n}\n",
        expect![[r#"
            fusion a kind A anchor %s {
              %e = stablehlo.exponential(%x)
              %s = stablehlo.add(%e, splat(1.0))
            }

            fusion b kind B anchor %s {
              %l = stablehlo.log(%x)
              %s = commute stablehlo.add(%l, %e)
            }

            fusion c kind C anchor %s {
              %n = stablehlo.negate(%x)
              %s = stablehlo.add(splat(2.0), %n)
            }
        "#]],
    );
}

#[test]
fn rewrite_sides_bind_and_build() {
    check(
        "rewrite a: stablehlo.add(%x, %y) => stablehlo.multiply(%x, %z)\nrewrite b: stablehlo.add(%x, _) <=> commute stablehlo.add(%x, %x)\nrewrite c: %x => stablehlo.negate(%x)\nrewrite d: stablehlo.exponential(%x) as %e => stablehlo.exponential(%x)\n",
        expect![[r#"
            error: t.rules:1:60: %z is not bound by the left side
               ╭─[t.rules:1:60]
             1 │ rewrite a: stablehlo.add(%x, %y) => stablehlo.multiply(%x, %z)
               ·                                                            ─┬
               ·                                                             ╰── the right side can only use what the left side matched
             2 │ rewrite b: stablehlo.add(%x, _) <=> commute stablehlo.add(%x, %x)
               ╰────
            error: t.rules:2:30: `_` cannot be built
               ╭─[t.rules:2:30]
             1 │ rewrite a: stablehlo.add(%x, %y) => stablehlo.multiply(%x, %z)
             2 │ rewrite b: stablehlo.add(%x, _) <=> commute stablehlo.add(%x, %x)
               ·                              ┬
               ·                              ╰── with `<=>` this side is also built
             3 │ rewrite c: %x => stablehlo.negate(%x)
               ╰────
              help: name the value, `%x`, and use it on the other side
            error: t.rules:2:37: this side of the rewrite builds ops
               ╭─[t.rules:2:37]
             1 │ rewrite a: stablehlo.add(%x, %y) => stablehlo.multiply(%x, %z)
             2 │ rewrite b: stablehlo.add(%x, _) <=> commute stablehlo.add(%x, %x)
               ·                                     ───────────────┬──────────────
               ·                                                    ╰── `commute` only matches; a built op has one operand order
             3 │ rewrite c: %x => stablehlo.negate(%x)
             4 │ rewrite d: stablehlo.exponential(%x) as %e => stablehlo.exponential(%x)
               ╰────
              help: rewrite with `=>` so this side is only built, or split the rule
            error: t.rules:3:12: the left side of a rewrite must be an op pattern
               ╭─[t.rules:3:12]
             2 │ rewrite b: stablehlo.add(%x, _) <=> commute stablehlo.add(%x, %x)
             3 │ rewrite c: %x => stablehlo.negate(%x)
               ·            ─┬
               ·             ╰── matches no op
             4 │ rewrite d: stablehlo.exponential(%x) as %e => stablehlo.exponential(%x)
               ╰────
              help: a rewrite replaces an op: start the left side with one, such as `stablehlo.add(%x, 0.0)`
            error: t.rules:4:41: %e is named but never used
               ╭─[t.rules:4:41]
             3 │ rewrite c: %x => stablehlo.negate(%x)
             4 │ rewrite d: stablehlo.exponential(%x) as %e => stablehlo.exponential(%x)
               ·                                         ─┬
               ·                                          ╰── nothing reads this name
               ╰────
              help: drop `as %name`, or test the node in an `if` predicate
        "#]],
    );
}

#[test]
fn a_named_node_is_matched_again_by_its_name_but_never_inside_itself() {
    check(
        "rewrite a: stablehlo.add(stablehlo.negate(%x) as %a, %a) => stablehlo.multiply(%a, splat(2.0))\nrewrite b: stablehlo.add(%b, stablehlo.negate(%x) as %b) => stablehlo.negate(%x)\nrewrite c: stablehlo.add(stablehlo.negate(%c) as %c, %x) => %x\n",
        expect![[r#"
            error: t.rules:3:50: %c is read inside the node it names
               ╭─[t.rules:3:50]
             2 │ rewrite b: stablehlo.add(%b, stablehlo.negate(%x) as %b) => stablehlo.negate(%x)
             3 │ rewrite c: stablehlo.add(stablehlo.negate(%c) as %c, %x) => %x
               ·                                                  ─┬
               ·                                                   ╰── this node would be its own operand
               ╰────
              help: name a node, then read the name outside it
        "#]],
    );
}

#[test]
fn reserved_items_are_recognised() {
    check(
        "opcode ACTIVATE {\n  byte 0x21\n}\nopcode ACTIVATE = 0x21\n",
        expect![[r#"
            error: t.rules:1:1: `opcode` items are not supported yet
               ╭─[t.rules:1:1]
             1 │ opcode ACTIVATE {
               · ───┬──
               ·    ╰── reserved for opcode table rows
             2 │   byte 0x21
               ╰────
              help: opcode items arrive with the encoder; remove this item for now
            error: t.rules:4:1: `opcode` items are not supported yet
               ╭─[t.rules:4:1]
             3 │ }
             4 │ opcode ACTIVATE = 0x21
               · ───┬──
               ·    ╰── reserved for opcode table rows
               ╰────
              help: opcode items arrive with the encoder; remove this item for now
        "#]],
    );
}

#[test]
fn nested_op_in_a_fusion_operand() {
    check(
        "fusion f kind K anchor %s {\n  %s = stablehlo.sqrt(stablehlo.negate(%x))\n}\n",
        expect![[r#"
            error: t.rules:2:23: a fusion operand is a variable, `_` or a constant, not an op
               ╭─[t.rules:2:23]
             1 │ fusion f kind K anchor %s {
             2 │   %s = stablehlo.sqrt(stablehlo.negate(%x))
               ·                       ──────────┬─────────
               ·                                 ╰── this op needs a binding of its own
             3 │ }
               ╰────
              help: bind it on the line above, `%t = stablehlo.negate(...)`, and use `%t` here
        "#]],
    );
}

#[test]
fn gating_follows_the_seed_driver() {
    check(
        "fusion a kind A anchor %s phase MulRedSqrt {\n  %s = stablehlo.sqrt(%x)\n}\nfusion b kind B anchor %s phase Log1p flag fuseDotLogistic {\n  %s = stablehlo.log(%x)\n}\nfusion c kind C anchor %s phase SubExp flag fuseDotLogistic {\n  %s = stablehlo.exponential(%x)\n}\nfusion d kind D anchor %s flag fuseDotLogistic {\n  %s = stablehlo.tanh(%x)\n}\n",
        expect![[r#"
            error: t.rules:1:33: phase MulRedSqrt runs under the flag fuseDotLogistic
               ╭─[t.rules:1:33]
             1 │ fusion a kind A anchor %s phase MulRedSqrt {
               ·                                 ─────┬────
               ·                                      ╰── the flag is missing
             2 │   %s = stablehlo.sqrt(%x)
               ╰────
              help: write `flag fuseDotLogistic` after the phase
            error: t.rules:4:44: phase Log1p runs under the flag generalElementwiseFusion, not fuseDotLogistic
               ╭─[t.rules:4:44]
             3 │ }
             4 │ fusion b kind B anchor %s phase Log1p flag fuseDotLogistic {
               ·                                            ───────┬───────
               ·                                                   ╰── the seed's driver gates this phase with another flag
             5 │   %s = stablehlo.log(%x)
               ╰────
            error: t.rules:7:45: phase SubExp always runs and has no flag
               ╭─[t.rules:7:45]
             6 │ }
             7 │ fusion c kind C anchor %s phase SubExp flag fuseDotLogistic {
               ·                                             ───────┬───────
               ·                                                    ╰── remove this flag
             8 │   %s = stablehlo.exponential(%x)
               ╰────
            error: t.rules:10:32: a flag gates a phase, and this rule has none
                ╭─[t.rules:10:32]
              9 │ }
             10 │ fusion d kind D anchor %s flag fuseDotLogistic {
                ·                                ───────┬───────
                ·                                       ╰── no phase to gate
             11 │   %s = stablehlo.tanh(%x)
                ╰────
              help: add `phase NAME` before the flag, or drop the flag
        "#]],
    );
}

#[test]
fn penguin_fields_take_captures_and_literals() {
    check(
        "fusion f kind K anchor %s {\n  %s = stablehlo.reduce(%x, %i) {dimensions = $d}\n  penguin op = $d, reduce_dims = %x, xla_op = _, reduce_dims = [1]\n}\n",
        expect![[r#"
            error: t.rules:3:16: Penguin field `op` takes a string, not a capture
               ╭─[t.rules:3:16]
             2 │   %s = stablehlo.reduce(%x, %i) {dimensions = $d}
             3 │   penguin op = $d, reduce_dims = %x, xla_op = _, reduce_dims = [1]
               ·                ─┬
               ·                 ╰── this is a capture
             4 │ }
               ╰────
            error: t.rules:3:34: Penguin field `reduce_dims` takes a capture ($name) or a literal, not a value
               ╭─[t.rules:3:34]
             2 │   %s = stablehlo.reduce(%x, %i) {dimensions = $d}
             3 │   penguin op = $d, reduce_dims = %x, xla_op = _, reduce_dims = [1]
               ·                                  ─┬
               ·                                   ╰── this is a value
             4 │ }
               ╰────
              help: fields print attributes; capture one with `{name = $c}` and write `$c`
            error: t.rules:3:47: Penguin field `xla_op` takes a capture ($name) or a literal, not `_`
               ╭─[t.rules:3:47]
             2 │   %s = stablehlo.reduce(%x, %i) {dimensions = $d}
             3 │   penguin op = $d, reduce_dims = %x, xla_op = _, reduce_dims = [1]
               ·                                               ┬
               ·                                               ╰── this is `_`
             4 │ }
               ╰────
            error: t.rules:3:50: Penguin field `reduce_dims` is set twice
               ╭─[t.rules:3:20]
             2 │   %s = stablehlo.reduce(%x, %i) {dimensions = $d}
             3 │   penguin op = $d, reduce_dims = %x, xla_op = _, reduce_dims = [1]
               ·                    ─────┬─────                   ─────┬─────
               ·                         │                             ╰── second value
               ·                         ╰── first value
             4 │ }
               ╰────
        "#]],
    );
}

/// A `then` step is checked as the first instruction is: a capture it alone reads is used, and
/// a variable the left side does not bind is an error there.
#[test]
fn then_steps_read_what_the_left_side_binds() {
    check(
        "select a:\n  stablehlo.add(%x, splat($lo))\n    => tensor_scalar(data = %x, op0 = maximum, operand0 = 0.0)\n    then tensor_scalar(data = dst, op0 = maximum, operand0 = $lo)\n    then tensor_tensor(op = minimum, data1 = dst, data2 = %y)\n",
        expect![[r#"
            error: t.rules:5:59: %y is not bound by the left side
               ╭─[t.rules:5:59]
             4 │     then tensor_scalar(data = dst, op0 = maximum, operand0 = $lo)
             5 │     then tensor_tensor(op = minimum, data1 = dst, data2 = %y)
               ·                                                           ─┬
               ·                                                            ╰── the instruction can only read what the left side matched
               ╰────
        "#]],
    );
}

#[test]
fn through_elementwise_in_a_rule_with_a_phase_is_refused() {
    check(
        r#"# x / s(max(x)) is one K kernel.
fusion q kind K anchor %y phase Elementwise flag generalElementwiseFusion {
  %m  = stablehlo.reduce(%x, _) {dimensions = $d, body = stablehlo.maximum}
  %sb = stablehlo.broadcast_in_dim(%m) through elementwise
  %y  = stablehlo.divide(%x, %sb)
  penguin reduce_dims = $d
}
"#,
        expect![[r#"
            error: t.rules:2:33: a rule with a phase runs in compat mode, which does not match through elementwise functions
               ╭─[t.rules:2:33]
             1 │ # x / s(max(x)) is one K kernel.
             2 │ fusion q kind K anchor %y phase Elementwise flag generalElementwiseFusion {
               ·                                 ─────┬─────
               ·                                      ╰── compat mode's phase
             3 │   %m  = stablehlo.reduce(%x, _) {dimensions = $d, body = stablehlo.maximum}
               ╰────
              help: drop the phase (egraph mode only), or `through elementwise` from the bindings
        "#]],
    );
}
