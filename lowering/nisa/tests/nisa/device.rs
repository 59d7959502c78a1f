//! The device program: the fixture runs its loop and switch, the verifier's diagnostics on
//! hand-edited programs (one `check` each), and a run's limits.

use super::{check, read};
use egfuse_nisa::device::run::{run, Limits};
use egfuse_nisa::{self as nisa};
use expect_test::expect;

fn fixture() -> String {
    read("count_to_five.nisa")
}

/// The fixture with `from` replaced by `to`, which must occur in it.
fn edited(from: &str, to: &str) -> String {
    let src = fixture();
    assert!(src.contains(from), "{from}");
    src.replacen(from, to, 1)
}

fn run_fixture(src: &str, limits: &Limits) -> Result<Vec<Vec<f64>>, String> {
    let p = nisa::parse::program(src).map_err(|d| d.message)?;
    let d = p.device.as_ref().expect("a device program");
    let kernels: Vec<_> = p.kernels.iter().collect();
    let x: Vec<f64> = (0..32).map(|i| f64::from(i) - 7.5).collect();
    run(d, &kernels, &[x], &[vec![0.0]], limits).map_err(|d| d.message)
}

#[test]
fn the_loop_runs_five_trips_and_the_switch_takes_its_last_case() {
    let got = run_fixture(&fixture(), &Limits::default()).unwrap();
    let want: Vec<f64> = (0..32).map(|i| (f64::from(i) - 7.5) * 32.0).collect();
    assert_eq!(got, vec![want]);
}

#[test]
fn a_loop_that_never_exits_stops_at_the_trip_limit() {
    // Without the copy back, the counter never reaches 5.
    let src = edited("    copy %j -> %i\n", "");
    let limits = Limits {
        max_trips: 100,
        ..Limits::default()
    };
    let err = run_fixture(&src, &limits).unwrap_err();
    assert_eq!(err, "more than 100 loop trips");
}

#[test]
fn a_tensor_read_before_any_step_writes_it() {
    check(
        &edited("  copy %zero -> %i\n", ""),
        expect![[r#"
            error: test.nisa:45:5: `%i` is passed to the kernel before anything writes it
                ╭─[test.nisa:45:5]
             44 │   loop {
             45 │     call @lt5(%i) -> (%p)
                ·     ──────────┬──────────
                ·               ╰── read before written
             46 │     exit unless %p
                ╰────
            error: test.nisa:48:5: `%i` is passed to the kernel before anything writes it
                ╭─[test.nisa:48:5]
             47 │     call @double(%y) -> (%y2)
             48 │     call @inc(%i) -> (%j)
                ·     ──────────┬──────────
                ·               ╰── read before written
             49 │     copy %j -> %i
                ╰────
            error: test.nisa:52:3: `%i` is tested before anything writes it
                ╭─[test.nisa:52:3]
             51 │       }
             52 │ ╭─▶   switch %i {
             53 │ │       case {
             54 │ │         call @double(%y) -> (%y2)
             55 │ │       }
             56 │ │       case {
             57 │ │         copy %y -> %y2
             58 │ │       }
             59 │ ├─▶   }
                · ╰──── read before written
             60 │       return %y2
                ╰────
        "#]],
    );
}

#[test]
fn two_live_tensors_that_share_bytes() {
    // `%y2` is live from the loop to the return, `%p` inside the loop.
    check(
        &edited("%y2 : f32[4, 8] at 448", "%y2 : f32[4, 8] at 384"),
        expect![[r#"
            error: test.nisa:41:3: `%p` and `%y2` share bytes while both are live
                ╭─[test.nisa:41:3]
             40 │   hbm %p : ui8[] at 384
             41 │   hbm %y2 : f32[4, 8] at 384
                ·   ─────────────┬────────────
                ·                ╰── overlaps a live tensor
             42 │   hbm %j : i32[] at 384
                ╰────
            error: test.nisa:41:3: `%j` and `%y2` share bytes while both are live
                ╭─[test.nisa:41:3]
             40 │   hbm %p : ui8[] at 384
             41 │   hbm %y2 : f32[4, 8] at 384
                ·   ─────────────┬────────────
                ·                ╰── overlaps a live tensor
             42 │   hbm %j : i32[] at 384
                ╰────
        "#]],
    );
}

#[test]
fn an_exit_outside_a_loop_a_switch_on_a_float_and_an_unknown_kernel() {
    let src = edited("  return %y2", "  exit unless %i\n  switch %y {\n    case {\n    }\n  }\n  call @triple(%y) -> (%y2)\n  return %y2");
    check(
        &src,
        expect![[r#"
        error: test.nisa:61:3: `exit` outside a loop
            ╭─[test.nisa:61:3]
         60 │   }
         61 │   exit unless %i
            ·   ───────┬──────
            ·          ╰── no loop to leave
         62 │   switch %y {
            ╰────
        error: test.nisa:62:3: `%y` is no integer scalar
            ╭─[test.nisa:62:3]
         61 │       exit unless %i
         62 │ ╭─▶   switch %y {
         63 │ │       case {
         64 │ │       }
         65 │ ├─▶   }
            · ╰──── a branch tests one integer
         66 │       call @triple(%y) -> (%y2)
            ╰────
        error: test.nisa:66:3: no kernel `@triple` in the program
            ╭─[test.nisa:66:3]
         65 │   }
         66 │   call @triple(%y) -> (%y2)
            ·   ────────────┬────────────
            ·               ╰── unknown kernel
         67 │   return %y2
            ╰────
    "#]],
    );
}

#[test]
fn a_call_binding_tensors_of_other_types() {
    check(
        &edited("call @inc(%i) -> (%j)", "call @inc(%y) -> (%j, %i)"),
        expect![[r#"
            error: test.nisa:49:5: `%y` (f32, 128 bytes) is bound to `@inc`'s input `%in0` (i32, 4 bytes)
                ╭─[test.nisa:49:5]
             48 │     call @double(%y) -> (%y2)
             49 │     call @inc(%y) -> (%j, %i)
                ·     ────────────┬────────────
                ·                 ╰── not the buffer's type
             50 │     copy %j -> %i
                ╰────
            error: test.nisa:49:5: `@inc` has 1 HBM output; the call binds 2
                ╭─[test.nisa:49:5]
             48 │     call @double(%y) -> (%y2)
             49 │     call @inc(%y) -> (%j, %i)
                ·     ────────────┬────────────
                ·                 ╰── one tensor per buffer
             50 │     copy %j -> %i
                ╰────
        "#]],
    );
}

#[test]
fn an_alias_larger_than_its_base_and_a_misaligned_offset() {
    let src = edited(
        "  hbm %j : i32[] at 384\n",
        "  hbm %j : i32[] at 384\n  hbm %wide : f32[8] alias %p\n  hbm %odd : i32[] at 100\n",
    );
    check(
        &src,
        expect![[r#"
        error: test.nisa:43:3: alias `%wide` is larger than `%p`
            ╭─[test.nisa:43:3]
         42 │   hbm %j : i32[] at 384
         43 │   hbm %wide : f32[8] alias %p
            ·   ─────────────┬─────────────
            ·                ╰── an alias reads its base's bytes, and no more
         44 │   hbm %odd : i32[] at 100
            ╰────
        error: test.nisa:44:3: `%odd` is at an offset that is no multiple of 64
            ╭─[test.nisa:44:3]
         43 │   hbm %wide : f32[8] alias %p
         44 │   hbm %odd : i32[] at 100
            ·   ───────────┬───────────
            ·              ╰── misaligned
         45 │   copy %zero -> %i
            ╰────
    "#]],
    );
}

#[test]
fn parse_errors_name_the_tensor() {
    check(
        &edited("copy %zero -> %i", "copy %none -> %i"),
        expect![[r#"
        error: test.nisa:43:8: tensor `%none` is not declared
            ╭─[test.nisa:43:8]
         42 │   hbm %j : i32[] at 384
         43 │   copy %none -> %i
            ·        ──┬──
            ·          ╰── declare it with an `hbm` line first
         44 │   copy %x -> %y
            ╰────
    "#]],
    );
    check(
        &edited("  hbm %j : i32[] at 384", "  hbm %i : i32[] at 384"),
        expect![[r#"
            error: test.nisa:42:7: tensor `%i` is declared twice
                ╭─[test.nisa:42:7]
             41 │   hbm %y2 : f32[4, 8] at 448
             42 │   hbm %i : i32[] at 384
                ·       ─┬
                ·        ╰── a second declaration
             43 │   copy %zero -> %i
                ╰────
        "#]],
    );
    check(
        &edited("    exit unless %p", "    exit if %p"),
        expect![[r#"
        error: test.nisa:47:10: expected `unless`, found `if`
            ╭─[test.nisa:47:10]
         46 │     call @lt5(%i) -> (%p)
         47 │     exit if %p
            ·          ─┬
            ·           ╰── expected `unless`
         48 │     call @double(%y) -> (%y2)
            ╰────
    "#]],
    );
    check(
        &edited("    copy %j -> %i", "    move %j -> %i"),
        expect![[r#"
        error: test.nisa:50:5: unknown step `move`
            ╭─[test.nisa:50:5]
         49 │     call @inc(%i) -> (%j)
         50 │     move %j -> %i
            ·     ──┬─
            ·       ╰── the steps are call, copy, loop, exit and switch
         51 │     copy %y2 -> %y
            ╰────
    "#]],
    );
}
