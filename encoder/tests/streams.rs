//! Per-engine streams: what the scheduler and the semaphores make of a kernel (one `check` per
//! kernel, the streams' text), and what the replay says of streams edited by hand: a wait
//! removed is a race naming both instructions, a signal removed a deadlock.

use egfuse_cost::Target;
use egfuse_encoder::streams::check::{self, Limits, Verdict};
use egfuse_encoder::streams::{self, interleave, print, Streams};
use expect_test::{expect, Expect};

fn target() -> Target {
    let src = egfuse_rules::target(egfuse_rules::DEFAULT_TARGET).expect("embedded");
    Target::parse(src).expect("the default target parses")
}

fn build(src: &str) -> Streams {
    let p = egfuse_nisa::parse::program(src).expect("parses");
    streams::build(&target(), &p.kernels[0])
}

/// The streams' text, then the replay's verdict.
fn check(src: &str, expect: Expect) {
    let s = build(src);
    let mut out = String::new();
    print::streams(&mut out, &s);
    out += &format!("{:?}\n", check::streams(&s, &Limits::default()));
    expect.assert_eq(&out);
}

/// One tile through ACT then DVE: every edge crosses streams, nothing repeats.
const LINE: &str = "kernel @k kind Exp {
  hbm %x : f32[128, 64] input
  hbm %y : f32[128, 64] output
  sbuf %a : f32[128, 64] at 0
  sbuf %b : f32[128, 64] at 256
  dma_copy(dst=%a, src=%x, engine=DMA)
  activation(dst=%b, op=exp, data=%a, engine=ACT)
  tensor_scalar(dst=%a, data=%b, op0=multiply, operand0=2.0, engine=DVE)
  dma_copy(dst=%y, src=%a, engine=DMA)
}
";

/// Four tiles through one buffer each: a tile's load must also wait for the last trip's
/// activation to have read the buffer, and its activation for the last trip's store.
const LOOP: &str = "kernel @k kind Exp {
  hbm %x : f32[512, 64] input
  hbm %y : f32[512, 64] output
  sbuf %a : f32[128, 64] at 0
  sbuf %b : f32[128, 64] at 256
  for %i in 0..4 {
    dma_copy(dst=%a, src=%x.ap([[64, 128], [1, 64]], offset=8192*%i), engine=DMA)
    activation(dst=%b, op=exp, data=%a, engine=ACT)
    dma_copy(dst=%y.ap([[64, 128], [1, 64]], offset=8192*%i), src=%b, engine=DMA)
  }
}
";

#[test]
fn a_line_of_engines_waits_for_each_producer() {
    check(
        LINE,
        expect![[r#"
            kernel @k kind Exp {
              hbm %x : f32[128, 64] input
              hbm %y : f32[128, 64] output
              sbuf %a : f32[128, 64] at 0
              sbuf %b : f32[128, 64] at 256
              sem %s0 : ACT -> DVE
              sem %s1 : DVE -> DMA1
              sem %s2 : DMA0 -> ACT
              sem %s3 : DMA0 -> DVE
              sem %s4 : DMA0 -> DMA1
              ACT {
                wait %s2 >= 1
                [1] activation(dst=%b, op=exp, data=%a, engine=ACT) signal %s0
              }
              DVE {
                wait %s0 >= 1
                wait %s3 >= 1
                [2] tensor_scalar(dst=%a, data=%b, op0=multiply, operand0=2.0, engine=DVE) signal %s1
              }
              DMA0 {
                [0] dma_copy(dst=%a, src=%x, engine=DMA) signal %s2, %s3, %s4
              }
              DMA1 {
                wait %s1 >= 1
                wait %s4 >= 1
                [3] dma_copy(dst=%y, src=%a, engine=DMA)
              }
            }
            Sound { instances: 4 }
        "#]],
    );
}

#[test]
fn a_loop_waits_for_counts_affine_in_its_counter() {
    check(
        LOOP,
        expect![[r#"
            kernel @k kind Exp {
              hbm %x : f32[512, 64] input
              hbm %y : f32[512, 64] output
              sbuf %a : f32[128, 64] at 0
              sbuf %b : f32[128, 64] at 256
              sem %s0 : ACT -> DMA0
              sem %s1 : ACT -> DMA1
              sem %s2 : DMA0 -> ACT
              sem %s3 : DMA1 -> ACT
              ACT {
                for %i in 0..4 {
                  wait %s2 >= %i + 1
                  wait %s3 >= %i
                  [1] activation(dst=%b, op=exp, data=%a, engine=ACT) signal %s0, %s1
                }
              }
              DMA0 {
                for %i in 0..4 {
                  wait %s0 >= %i
                  [0] dma_copy(dst=%a, src=%x.ap([[64, 128], [1, 64]], offset=8192*%i), engine=DMA) signal %s2
                }
              }
              DMA1 {
                for %i in 0..4 {
                  wait %s1 >= %i + 1
                  [2] dma_copy(dst=%y.ap([[64, 128], [1, 64]], offset=8192*%i), src=%b, engine=DMA) signal %s3
                }
              }
            }
            Sound { instances: 12 }
        "#]],
    );
}

/// The two instructions the random interleavings of `s` find racing.
fn interleaved_race(s: &Streams) -> (usize, usize) {
    match interleave::run(s, &interleave::Config::default()) {
        interleave::Outcome::Race { first, second, .. } => (first, second),
        o => panic!("{o:?}"),
    }
}

/// `s` with the wait of instruction `inst` on `sem` removed.
fn without_wait(mut s: Streams, inst: usize, sem: u16) -> Streams {
    let waits = &mut s.sync[inst].waits;
    let before = waits.len();
    waits.retain(|w| w.sem.0 != sem);
    assert_eq!(
        waits.len() + 1,
        before,
        "instruction {inst} waited on %s{sem}"
    );
    s
}

#[test]
fn a_wait_removed_by_hand_is_a_race_between_the_two_instructions() {
    let s = build(LOOP);
    let verdict = check::streams(&s, &Limits::default());
    assert!(
        matches!(verdict, Verdict::Sound { instances: 12 }),
        "{verdict:?}"
    );
    // The activation no longer waits for its tile's load.
    let load_to_act = s.sync[0].signals[0].0;
    let cut = without_wait(s, 1, load_to_act);
    assert_eq!(
        check::streams(&cut, &Limits::default()),
        Verdict::Race {
            first: 0,
            second: 1
        }
    );
}

#[test]
fn a_signal_removed_by_hand_is_a_deadlock_at_its_wait() {
    let mut s = build(LOOP);
    let sem = s.sync[0].signals.remove(0);
    match check::streams(&s, &Limits::default()) {
        Verdict::Deadlock { blocked } => {
            assert_eq!(blocked[0].inst, 1);
            assert_eq!(
                (blocked[0].sem, blocked[0].needs, blocked[0].has),
                (sem, 1, 0)
            );
        }
        v => panic!("{v:?}"),
    }
}

#[test]
fn a_semaphore_signalled_from_the_wrong_stream_is_malformed() {
    let mut s = build(LINE);
    // %s0 runs from ACT to DVE; the load is on DMA0.
    s.sync[0].signals.push(egfuse_encoder::streams::SemId(0));
    assert!(matches!(
        check::streams(&s, &Limits::default()),
        Verdict::Malformed { inst: 0, .. }
    ));
}

#[test]
fn a_replay_past_its_limit_stops_and_says_why() {
    let s = build(LOOP);
    let limits = Limits {
        max_instances: 5,
        ..Limits::default()
    };
    assert_eq!(
        check::streams(&s, &limits),
        Verdict::Stopped {
            why: "more than 5 instruction instances".into()
        }
    );
}

#[test]
fn every_interleaving_of_sound_streams_reads_what_the_sequential_order_reads() {
    for src in [LINE, LOOP] {
        let s = build(src);
        let cfg = interleave::Config::default();
        assert!(
            matches!(
                interleave::run(&s, &cfg),
                interleave::Outcome::Agree {
                    interleavings: 100,
                    ..
                }
            ),
            "{src}"
        );
    }
}

#[test]
fn an_interleaving_catches_a_removed_wait_and_names_the_two_instructions() {
    let s = build(LOOP);
    // The activation no longer waits for its tile's load: it reads the bytes before the load
    // (or the last trip's load) wrote them.
    let load_to_act = s.sync[0].signals[0].0;
    let cut = without_wait(s, 1, load_to_act);
    assert_eq!(interleaved_race(&cut), (0, 1));
    // The store no longer waits for the activation: it reads %b before this trip wrote it.
    let s = build(LOOP);
    let act_to_store = s.sync[2]
        .waits
        .iter()
        .find(|w| w.count.base == 1)
        .unwrap()
        .sem
        .0;
    let cut = without_wait(s, 2, act_to_store);
    assert_eq!(interleaved_race(&cut), (1, 2));
}

#[test]
fn tiles_that_share_bytes_race_through_the_bytes() {
    // %c reuses %a's bytes once %a is dead. Without its wait, the memset into %c can run
    // before the activation has read %a: a race only a byte-level view sees.
    let src = "kernel @k kind Exp {
  hbm %x : f32[128, 64] input
  hbm %y : f32[128, 64] output
  sbuf %a : f32[128, 64] at 0
  sbuf %b : f32[128, 64] at 256
  sbuf %c : f32[128, 64] at 0
  dma_copy(dst=%a, src=%x, engine=DMA)
  activation(dst=%b, op=exp, data=%a, engine=ACT)
  memset(dst=%c, value=1.0, engine=DVE)
  tensor_tensor(dst=%c, data1=%b, data2=%c, op=add, engine=DVE)
  dma_copy(dst=%y, src=%c, engine=DMA)
}
";
    let s = build(src);
    assert!(matches!(
        interleave::run(&s, &interleave::Config::default()),
        interleave::Outcome::Agree { .. }
    ));
    let memset = 2;
    let act_to_dve = s.sync[memset].waits[0].sem.0;
    let cut = without_wait(s, memset, act_to_dve);
    assert_eq!(
        check::streams(&cut, &Limits::default()),
        Verdict::Race {
            first: 1,
            second: 2
        }
    );
    assert_eq!(interleaved_race(&cut), (1, 2));
}
