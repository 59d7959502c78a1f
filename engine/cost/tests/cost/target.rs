//! Target files: the default parsed and printed in canonical form, the canonical form parsing
//! back, and bad files with every diagnostic they get, rendered as the command line shows them.

use super::default_target;
use egfuse_cost::Target;
use egfuse_diag::render;
use expect_test::{expect, Expect};

fn default_src() -> &'static str {
    egfuse_rules::target(egfuse_rules::DEFAULT_TARGET).expect("the default target")
}

/// The default file with the text `from` (which must occur once) replaced by `to`.
fn mutate(edits: &[(&str, &str)]) -> String {
    let mut src = default_src().to_string();
    for (from, to) in edits {
        assert_eq!(src.matches(from).count(), 1, "{from:?} occurs once");
        src = src.replace(from, to);
    }
    src
}

/// Parses `src`, which must fail, and compares the rendered diagnostics with `expect`.
fn check(src: &str, expect: Expect) {
    let diags = Target::parse(src).expect_err("the target file is bad");
    expect.assert_eq(&render("bad.target", src, &diags));
}

#[test]
fn the_default_target_prints_in_canonical_form() {
    expect![[r#"
        [target]
        name = neuroncore-v2

        [core]
        generation = 2
        partitions = 128
        sbuf = 24 MiB
        psum = 2 MiB
        psum_banks = 8

        [hbm]
        bandwidth = 410 GB/s

        [dma]
        engines = 16
        engine_bandwidth = 27.2 GB/s
        fixed = 500 ns

        [kernel]
        launch = 1 us
        tile_free = 2048 elem

        [tensor]
        clock = 2.8 GHz
        rows = 128
        columns = 128
        min_interval = 64 cycles
        fp32_passes = 4

        [vector]
        clock = 1.12 GHz
        elements_per_cycle = 128 elem/cycle
        instruction_overhead = 100 cycles

        [scalar]
        clock = 1.4 GHz
        elements_per_cycle = 128 elem/cycle
        instruction_overhead = 100 cycles

        [gpsimd]
        clock = 1.4 GHz
        elements_per_cycle = 128 elem/cycle
        lane_width = 32 bit
        instruction_overhead = 100 cycles

        [assume]
        dynamic_dim = 1024
    "#]]
    .assert_eq(&default_target().to_string());
}

#[test]
fn the_canonical_form_parses_back_to_the_same_target() {
    let target = default_target();
    let printed = target.to_string();
    assert_eq!(Target::parse(&printed), Ok(target));
    // Other spellings of the same values read to the same target.
    let respelled = mutate(&[
        ("clock = 2.8 GHz", "clock = 2800 MHz"),
        ("sbuf = 24 MiB", "sbuf = 24576 KiB"),
        ("fixed = 500 ns", "fixed = 0.5 us"),
    ]);
    assert_eq!(Target::parse(&respelled), Ok(default_target()));
}

#[test]
fn an_unknown_key_is_reported_with_the_missing_one_it_replaced() {
    check(
        &mutate(&[("clock = 2.8 GHz", "clok = 2.8 GHz")]),
        expect![[r#"
            error: bad.target:39:1: missing key `clock` in [tensor]
                ╭─[bad.target:39:1]
             38 │ 
             39 │ [tensor]
                · ────┬───
                ·     ╰── this section has no `clock`
             40 │ clok = 2.8 GHz               # [nki-arch]: engine frequency table
                ╰────
              help: add `clock = ...` in kHz, MHz or GHz
            error: bad.target:40:1: unknown key `clok` in [tensor]
                ╭─[bad.target:40:1]
             39 │ [tensor]
             40 │ clok = 2.8 GHz               # [nki-arch]: engine frequency table
                · ──┬─
                ·   ╰── not a key of [tensor]
             41 │ rows = 128                    # [nki-arch]: 128x128 systolic array; rows take the K tile
                ╰────
              help: the keys of [tensor] are `clock`, `rows`, `columns`, `min_interval` and `fp32_passes`
        "#]],
    );
}

#[test]
fn a_bad_number_and_a_negative_value_are_both_reported() {
    check(
        &mutate(&[
            ("partitions = 128", "partitions = 12x8"),
            ("fixed = 500 ns", "fixed = -500 ns"),
        ]),
        expect![[r#"
            error: bad.target:18:14: `12x8` is not a number
                ╭─[bad.target:18:14]
             17 │                               # generation, which says which nisa ops exist
             18 │ partitions = 12x8              # [nki-arch]: SBUF and PSUM have 128 partitions each
                ·              ──┬─
                ·                ╰── expected a decimal number such as `128` or `1.4`
             19 │ sbuf = 24 MiB                 # [nki-arch]: 192 KiB per partition
                ╰────
            error: bad.target:29:9: `fixed` cannot be negative
                ╭─[bad.target:29:9]
             28 │ engine_bandwidth = 27.2 GB/s  # [nki-dma]: theoretical bandwidth of one DMA engine
             29 │ fixed = -500 ns                # estimate: one transfer's cost beyond its bytes (trigger,
                ·         ──┬─
                ·           ╰── a negative value
             30 │                               # descriptors, completion semaphore); [nki-dma] profiles about
                ╰────
        "#]],
    );
}

#[test]
fn a_duplicate_key_points_at_its_first_setting() {
    check(
        &mutate(&[("psum_banks = 8", "psum_banks = 8\npsum = 4 MiB")]),
        expect![[r#"
            error: bad.target:22:1: duplicate key `psum` in [core]
                ╭─[bad.target:22:1]
             21 │ psum_banks = 8
             22 │ psum = 4 MiB                # [nki-arch]: 8 banks of 2 KiB (512 fp32 values) per partition
                · ──┬─
                ·   ╰── set again here
             23 │ 
                ╰────
              help: `psum` was first set on line 20
        "#]],
    );
}

#[test]
fn units_must_belong_to_the_key_quantity() {
    check(
        &mutate(&[
            ("bandwidth = 410 GB/s", "bandwidth = 410 GHz"),
            ("rows = 128", "rows = 128 elem"),
            ("min_interval = 64 cycles", "min_interval = 64"),
        ]),
        expect![[r#"
            error: bad.target:24:17: `GHz` is not a unit of a bandwidth
                ╭─[bad.target:24:17]
             23 │ [hbm]
             24 │ bandwidth = 410 GHz          # [trainium]: 820 GB/s per device, shared by its 2 NeuronCores
                ·                 ─┬─
                ·                  ╰── expected B/s, MB/s, GB/s, GiB/s or TB/s
             25 │ 
                ╰────
            error: bad.target:41:12: `rows` is a plain number, without a unit
                ╭─[bad.target:41:12]
             40 │ clock = 2.8 GHz               # [nki-arch]: engine frequency table
             41 │ rows = 128 elem                    # [nki-arch]: 128x128 systolic array; rows take the K tile
                ·            ──┬─
                ·              ╰── remove this unit
             42 │ columns = 128                 # [nki-arch]: the stationary tile's free size (M) is at most 128
                ╰────
            error: bad.target:43:16: `min_interval` needs a unit
                ╭─[bad.target:43:16]
             42 │ columns = 128                 # [nki-arch]: the stationary tile's free size (M) is at most 128
             43 │ min_interval = 64      # [nki-arch]: MM_INIT_LATENCY, the shortest interval between
                ·                ─┬
                ·                 ╰── a number of cycles: expected cycles after it
             44 │                               # two matmul instructions
                ╰────
        "#]],
    );
}

/// The generation is one the opcode table covers, v2 to v5.
#[test]
fn a_generation_past_the_opcode_table_is_refused() {
    check(
        &mutate(&[("generation = 2", "generation = 7")]),
        expect![[r#"
        error: bad.target:16:14: `generation` must be 2 to 5
            ╭─[bad.target:16:14]
         15 │ [core]
         16 │ generation = 7                # [nki-arch]: Trn1 and Inf2 are NeuronCore-v2; the opcode table's
            ·              ┬
            ·              ╰── outside the values this key takes
         17 │                               # generation, which says which nisa ops exist
            ╰────
    "#]],
    );
}

#[test]
fn zero_fractions_and_sections_are_checked() {
    check(
        &mutate(&[
            ("engines = 16", "engines = 0"),
            ("clock = 1.12 GHz", "clock = 1.1200005 GHz"),
            ("[assume]", "[asume]"),
        ]),
        expect![[r#"
            error: bad.target:27:11: `engines` must be more than zero
                ╭─[bad.target:27:11]
             26 │ [dma]
             27 │ engines = 0                  # [nki-arch]: 16 DMA engines per NeuronCore-v2
                ·           ┬
                ·           ╰── the cost model divides by this value
             28 │ engine_bandwidth = 27.2 GB/s  # [nki-dma]: theoretical bandwidth of one DMA engine
                ╰────
            error: bad.target:48:9: `1.1200005` is not a whole number of kHz
                ╭─[bad.target:48:9]
             47 │ [vector]
             48 │ clock = 1.1200005 GHz              # [nki-arch]: engine frequency table
                ·         ────┬────
                ·             ╰── egfuse keeps a frequency in whole kHz
             49 │ elements_per_cycle = 128 elem/cycle  # [nki-arch]: 128 lanes, one element per lane per cycle
                ╰────
            error: bad.target:65:1: unknown section [asume]
                ╭─[bad.target:65:1]
             64 │ 
             65 │ [asume]
                · ───┬───
                ·    ╰── not a section of a target file
             66 │ dynamic_dim = 1024            # estimate: the extent at which a `?` dimension is costed
                ╰────
              help: the sections are `target`, `core`, `hbm`, `dma`, `kernel`, `tensor`, `vector`, `scalar`,
                    `gpsimd` and `assume`
            error: bad.target:67:1: missing section [assume]
                ╭─[bad.target:67:1]
             66 │ dynamic_dim = 1024            # estimate: the extent at which a `?` dimension is costed
                ╰────
              help: add [assume] with `dynamic_dim`
        "#]],
    );
}

#[test]
fn a_file_without_sections_is_every_section_missing() {
    check(
        "# nothing but a comment\nclock = 1 GHz\n",
        expect![[r#"
            error: bad.target:2:1: an entry before any section
               ╭─[bad.target:2:1]
             1 │ # nothing but a comment
             2 │ clock = 1 GHz
               · ──┬──
               ·   ╰── not inside a [section]
               ╰────
              help: start the file with a section header such as `[core]`
            error: bad.target:3:1: missing sections [target], [core], [hbm], [dma], [kernel], [tensor], [vector], [scalar], [gpsimd] and [assume]
               ╭─[bad.target:3:1]
             2 │ clock = 1 GHz
               ╰────
              help: docs/target.md lists every section and its keys
        "#]],
    );
}

#[test]
fn syntax_errors_name_the_line() {
    check(
        &mutate(&[
            ("[core]", "[core"),
            ("sbuf = 24 MiB", "sbuf 24 MiB"),
            ("name = neuroncore-v2", "name = neuron core"),
        ]),
        expect![[r#"
            error: bad.target:13:15: the name is one word
                ╭─[bad.target:13:15]
             12 │ [target]
             13 │ name = neuron core
                ·               ──┬─
                ·                 ╰── unexpected text after the name
             14 │ 
                ╰────
            error: bad.target:15:1: a section header is `[name]`
                ╭─[bad.target:15:1]
             14 │ 
             15 │ [core
                · ──┬──
                ·   ╰── no closing `]`
             16 │ generation = 2                # [nki-arch]: Trn1 and Inf2 are NeuronCore-v2; the opcode table's
                ╰────
            error: bad.target:19:1: expected `key = value`
                ╭─[bad.target:19:1]
             18 │ partitions = 128              # [nki-arch]: SBUF and PSUM have 128 partitions each
             19 │ sbuf 24 MiB                 # [nki-arch]: 192 KiB per partition
                · ─────┬─────
                ·      ╰── no `=` on this line
             20 │ psum = 2 MiB                  # [nki-arch]: 16 KiB per partition
                ╰────
        "#]],
    );
}
