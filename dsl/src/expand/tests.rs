//! Expansion through one `check(input, expect)`: a clean file prints its expanded fusions (each
//! variant under its title), a bad one renders its diagnostics.

use crate::ast::Item;
use crate::check::{check_all, Source};
use crate::parse::parse_partial;
use crate::print::print;
use crate::test_catalog::TestCatalog;
use egfuse_diag::render;
use expect_test::{expect, Expect};

fn check(input: &str, expect: Expect) {
    let (file, mut diags) = parse_partial(input);
    let mut expanded = Vec::new();
    if let Some(f) = &file {
        let src = Source {
            name: "t.rules",
            text: input,
            file: f,
        };
        let (d, items) = check_all(&[src], &TestCatalog).pop().unwrap_or_default();
        diags.extend(d);
        expanded = items;
    }
    let actual = if diags.is_empty() {
        let mut out = String::new();
        for item in &expanded {
            let Item::Fusion(f) = item else { continue };
            out.push_str(&format!("== {}\n", f.title()));
            let one = crate::ast::File {
                header: Vec::new(),
                items: vec![Item::Fusion(f.clone())],
            };
            out.push_str(&print(&one));
        }
        out
    } else {
        render("t.rules", input, &diags)
    };
    expect.assert_eq(&actual);
}

#[test]
fn a_call_inlines_the_fragment_with_its_names_prefixed() {
    check(
        r#"# e(x) - 1 of a scaled input.
fragment em1(%x) -> %r {
  %e = stablehlo.exponential(%x)
  %r = stablehlo.subtract(%e, splat(1.0))
}

# em1(x * c) is one K kernel.
fusion f kind K anchor %out {
  %s   = stablehlo.multiply(%x, splat($c))
  %out = em1(%s) if single_use(%out)
  penguin scale = $c
}
"#,
        expect![[r#"
            == f
            # em1(x * c) is one K kernel.
            fusion f kind K anchor %out {
              %s     = stablehlo.multiply(%x, splat($c))
              %out.e = stablehlo.exponential(%s)
              %out   = stablehlo.subtract(%out.e, splat(1.0)) if single_use(%out)
              penguin scale = $c
            }
        "#]],
    );
}

#[test]
fn optional_parts_make_variants_fullest_first() {
    check(
        r#"# log(x * c + b) is one K kernel, scaled or not, biased or not.
fusion f kind K anchor %l {
  %s = stablehlo.multiply(%x, splat($c)) or %x
  %b = commute stablehlo.add(%s, %bias) or %s
  %l = stablehlo.log(%b)
  penguin scale = $c
}
"#,
        expect![[r#"
            == f
            # log(x * c + b) is one K kernel, scaled or not, biased or not.
            fusion f kind K anchor %l {
              %s = stablehlo.multiply(%x, splat($c))
              %b = commute stablehlo.add(%s, %bias)
              %l = stablehlo.log(%b)
              penguin scale = $c
            }
            == f (without %s)
            # log(x * c + b) is one K kernel, scaled or not, biased or not.
            fusion f kind K anchor %l {
              %b = commute stablehlo.add(%x, %bias)
              %l = stablehlo.log(%b)
            }
            == f (without %b)
            # log(x * c + b) is one K kernel, scaled or not, biased or not.
            fusion f kind K anchor %l {
              %s = stablehlo.multiply(%x, splat($c))
              %l = stablehlo.log(%s)
              penguin scale = $c
            }
            == f (without %s, %b)
            # log(x * c + b) is one K kernel, scaled or not, biased or not.
            fusion f kind K anchor %l {
              %l = stablehlo.log(%x)
            }
        "#]],
    );
}

#[test]
fn an_optional_anchor_leaves_the_variant_out() {
    check(
        r#"# log(x) + 1 is one K kernel.
fusion f kind K anchor %a {
  %l = stablehlo.log(%x)
  %a = stablehlo.add(%l, splat(1.0)) or %l
}
"#,
        expect![[r#"
            == f
            # log(x) + 1 is one K kernel.
            fusion f kind K anchor %a {
              %l = stablehlo.log(%x)
              %a = stablehlo.add(%l, splat(1.0))
            }
            == f (without %a)
            # log(x) + 1 is one K kernel.
            fusion f kind K anchor %l {
              %l = stablehlo.log(%x)
            }
        "#]],
    );
}

#[test]
fn bad_calls_and_optional_parts_are_diagnostics() {
    check(
        r#"fragment g(%x, %y) -> %r {
  %r = stablehlo.add(%x, %x)
}

fusion f kind K anchor %l {
  %s = stablehlo.multiply(%x, %x) or %y
  %t = g(%s)
  %u = h(%t)
  %l = stablehlo.log(%u)
}
"#,
        expect![[r#"
            error: t.rules:1:16: parameter %y is not an input of the fragment
               ╭─[t.rules:1:16]
             1 │ fragment g(%x, %y) -> %r {
               ·                ─┬
               ·                 ╰── no binding reads it, or a binding defines it
             2 │   %r = stablehlo.add(%x, %x)
               ╰────
              help: a parameter is a value the fragment's bindings read and do not bind
            error: t.rules:6:38: `or %y`: %y is not an operand of this op
               ╭─[t.rules:6:38]
             5 │ fusion f kind K anchor %l {
             6 │   %s = stablehlo.multiply(%x, %x) or %y
               ·                                      ─┬
               ·                                       ╰── not among the operands
             7 │   %t = g(%s)
               ╰────
              help: an absent op passes one of its operands through: name one of them after `or`
            error: t.rules:7:3: fragment `g` takes 2 values, not 1
               ╭─[t.rules:1:10]
             1 │ fragment g(%x, %y) -> %r {
               ·          ┬
               ·          ╰── the fragment
             2 │   %r = stablehlo.add(%x, %x)
               ╰────
               ╭─[t.rules:7:3]
             6 │   %s = stablehlo.multiply(%x, %x) or %y
             7 │   %t = g(%s)
               ·   ─────┬────
               ·        ╰── this call
             8 │   %u = h(%t)
               ╰────
            error: t.rules:8:8: no fragment named `h`
               ╭─[t.rules:8:8]
             7 │   %t = g(%s)
             8 │   %u = h(%t)
               ·        ┬
               ·        ╰── not a fragment defined above in this file
             9 │   %l = stablehlo.log(%u)
               ╰────
              help: the fragments defined above this rule: g; an op name carries its dialect
        "#]],
    );
}

#[test]
fn too_many_optional_parts_are_refused() {
    let mut body = String::from("fusion f kind K anchor %v9 {\n  %v0 = stablehlo.log(%x)\n");
    for i in 1..10 {
        body.push_str(&format!(
            "  %v{i} = stablehlo.negate(%v{}) or %v{}\n",
            i - 1,
            i - 1
        ));
    }
    body.push_str("}\n");
    let (file, _) = parse_partial(&body);
    let file = file.expect("parses");
    let src = Source {
        name: "t.rules",
        text: &body,
        file: &file,
    };
    let (diags, _) = check_all(&[src], &TestCatalog).pop().unwrap_or_default();
    let codes: Vec<&str> = diags.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["check::expansion"], "{diags:?}");
    assert!(
        diags[0].message.contains("9 optional bindings"),
        "{}",
        diags[0].message
    );
}

/// The `converts` of each binding of the one expanded fusion of `input`, by name.
fn converts_of(input: &str) -> Vec<(String, crate::ast::Converts)> {
    let (file, diags) = parse_partial(input);
    assert!(diags.is_empty(), "{diags:?}");
    let file = file.expect("a file");
    let src = Source {
        name: "t.rules",
        text: input,
        file: &file,
    };
    let (diags, items) = check_all(&[src], &TestCatalog).pop().unwrap_or_default();
    assert!(diags.is_empty(), "{diags:?}");
    let [Item::Fusion(f)] = &items[..] else {
        panic!("one fusion: {items:?}")
    };
    (f.bindings().iter())
        .map(|b| (b.var.name.clone(), b.converts))
        .collect()
}

#[test]
fn through_converts_marks_the_bindings_of_its_fragment_or_rule_and_prints_back() {
    use crate::ast::Converts::{Exact, Through};
    let fragment = r#"# e(x) - 1, in any float types.
fragment em1(%x) -> %r through converts {
  %e = stablehlo.exponential(%x)
  %r = stablehlo.subtract(%e, splat(1.0))
}
"#;
    let plain = format!(
        "{fragment}\n# em1(x * c) is one K kernel.\nfusion f kind K anchor %out {{\n  %s   = stablehlo.multiply(%x, splat($c))\n  %out = em1(%s)\n  penguin scale = $c\n}}\n"
    );
    let want = |s| {
        vec![
            ("s".to_string(), s),
            ("out.e".into(), Through),
            ("out".into(), Through),
        ]
    };
    assert_eq!(converts_of(&plain), want(Exact));
    let whole = plain.replace("anchor %out {", "anchor %out through converts {");
    assert_eq!(converts_of(&whole), want(Through));
    let (file, _) = parse_partial(&whole);
    assert_eq!(print(&file.unwrap()), whole);
    let plain = "# exp(x) - 1 is one K kernel.\nfusion g kind K anchor %s through converts {\n  %e = stablehlo.exponential(%x)\n  %s = stablehlo.subtract(%e, splat(1.0))\n}\n";
    assert_eq!(
        converts_of(plain),
        vec![("e".to_string(), Through), ("s".into(), Through)]
    );
}

#[test]
fn through_elementwise_marks_its_binding_outranks_through_converts_and_prints_back() {
    use crate::ast::Converts::{Elementwise, Exact, Through};
    let plain = r#"# x / s(max(x)) is one K kernel.
fusion q kind K anchor %y {
  %m  = stablehlo.reduce(%x, _) {dimensions = $d, body = stablehlo.maximum}
  %sb = stablehlo.broadcast_in_dim(%m) through elementwise
  %y  = stablehlo.divide(%x, %sb)
  penguin reduce_dims = $d
}
"#;
    let want = |other| {
        vec![
            ("m".to_string(), other),
            ("sb".into(), Elementwise),
            ("y".into(), other),
        ]
    };
    assert_eq!(converts_of(plain), want(Exact));
    let (file, _) = parse_partial(plain);
    assert_eq!(print(&file.unwrap()), plain);
    let whole = plain.replace("anchor %y {", "anchor %y through converts {");
    assert_eq!(converts_of(&whole), want(Through));
}
