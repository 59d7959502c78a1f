//! The instruction word and the binary: the header's bytes for every opcode at its fields'
//! extremes (pinned, as Cranelift's emit tests pin each encoding), programs that come back
//! from their bytes as they went in, and the decoder's diagnostics for bytes that are not a
//! binary.

use egfuse_cost::Target;
use egfuse_encoder::binary::{read, write, Binary};
use egfuse_encoder::opcodes::Opcodes;
use egfuse_encoder::streams::{self, parse, print};
use egfuse_encoder::word::{Header, FIELDS, HEADER_BYTES};
use egfuse_nisa::spec::{Opcode, OPS};
use egfuse_nisa::{Engine, ENGINES};
use expect_test::{expect, Expect};
use std::fmt::Write as _;

fn target() -> Target {
    let src = egfuse_rules::target(egfuse_rules::DEFAULT_TARGET).expect("embedded");
    Target::parse(src).expect("the default target parses")
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn the_fields_fill_the_header() {
    let bits: u32 = FIELDS.iter().map(|f| f.bits).sum();
    assert_eq!(bits as usize, HEADER_BYTES * 8);
}

#[test]
fn every_opcode_encodes_at_its_fields_extremes() {
    let mut out = String::new();
    let mut seen = std::collections::BTreeSet::new();
    for row in Opcodes::embedded().rows() {
        for &opcode in &row.bytes {
            if !seen.insert(opcode) {
                continue;
            }
            let low = Header {
                opcode,
                engine: Engine::Pe,
                queue: 0,
                variant: 0,
                operands: 0,
                waits: 0,
                signals: 0,
                loc: 0,
                seq: 0,
            };
            let high = Header {
                engine: ENGINES[ENGINES.len() - 1].0,
                queue: 15,
                variant: 255,
                operands: 255,
                waits: 255,
                signals: 255,
                loc: u32::MAX,
                seq: u32::MAX,
                ..low
            };
            let (a, b) = (low.encode().unwrap(), high.encode().unwrap());
            assert_eq!(Header::decode(a), Ok(low));
            assert_eq!(Header::decode(b), Ok(high));
            let _ = writeln!(
                out,
                "{opcode:#04x} {:<22} {} {}",
                row.class,
                hex(&a),
                hex(&b)
            );
        }
    }
    expect![[r#"
        0x21 ACTIVATE               21000000000000000000000000000000 21f5ffffffff0000ffffffffffffffff
        0x42 TENSOR_REDUCE_ARITH    42000000000000000000000000000000 42f5ffffffff0000ffffffffffffffff
        0x41 TENSOR_TENSOR_ARITH    41000000000000000000000000000000 41f5ffffffff0000ffffffffffffffff
        0x43 TENSOR_SCALAR_ARITH    43000000000000000000000000000000 43f5ffffffff0000ffffffffffffffff
        0x01 MATMULT                01000000000000000000000000000000 01f5ffffffff0000ffffffffffffffff
        0x02 MATMULT                02000000000000000000000000000000 02f5ffffffff0000ffffffffffffffff
        0xb8 DMA_COPY               b8000000000000000000000000000000 b8f5ffffffff0000ffffffffffffffff
        0xbd DMA_TRANSPOSE          bd000000000000000000000000000000 bdf5ffffffff0000ffffffffffffffff
        0x60 RECIPROCAL             60000000000000000000000000000000 60f5ffffffff0000ffffffffffffffff
        0x61 BN_STATS               61000000000000000000000000000000 61f5ffffffff0000ffffffffffffffff
        0x62 BN_AGGR                62000000000000000000000000000000 62f5ffffffff0000ffffffffffffffff
        0x63 TENSOR_COPY            63000000000000000000000000000000 63f5ffffffff0000ffffffffffffffff
        0x64 TENSOR_COPY_PREDICATED 64000000000000000000000000000000 64f5ffffffff0000ffffffffffffffff
        0x65 MEMSET                 65000000000000000000000000000000 65f5ffffffff0000ffffffffffffffff
        0x66 IOTA                   66000000000000000000000000000000 66f5ffffffff0000ffffffffffffffff
        0xe3 QUANTIZE_MX            e3000000000000000000000000000000 e3f5ffffffff0000ffffffffffffffff
        0x09 MATMULT_MX             09000000000000000000000000000000 09f5ffffffff0000ffffffffffffffff
        0x0a MATMULT_MX             0a000000000000000000000000000000 0af5ffffffff0000ffffffffffffffff
    "#]]
    .assert_eq(&out);
}

#[test]
fn a_field_too_narrow_for_its_value_is_an_error() {
    let h = Header {
        opcode: 0x21,
        engine: Engine::Act,
        queue: 16,
        variant: 0,
        operands: 0,
        waits: 0,
        signals: 0,
        loc: 0,
        seq: 0,
    };
    assert_eq!(
        h.encode(),
        Err("queue = 16 does not fit 4 bits".to_string())
    );
}

/// A tile pipeline in a loop: loads, an activation, a reduce, stores.
const LOOP: &str = "kernel @k kind Exp loc(\"x.mlir\":3:5) {
  hbm %x : f32[512, 64] input
  hbm %y : f32[512, 64] output
  hbm %s : f32[512] output
  sbuf %a : f32[128, 64] at 0
  sbuf %b : f32[128, 64] at 256
  sbuf %r : f32[128, 1] at 512
  for %i in 0..4 {
    dma_copy(dst=%a, src=%x.ap([[64, 128], [1, 64]], offset=8192*%i), engine=DMA) loc(\"x.mlir\":4:5)
    activation(dst=%b, op=exp, data=%a, scale=0.5, engine=ACT)
    tensor_reduce(dst=%r, op=add, data=%b, axis=[1], engine=DVE)
    dma_copy(dst=%y.ap([[64, 128], [1, 64]], offset=8192*%i), src=%b, engine=DMA)
    dma_copy(dst=%s.ap([[1, 128], [1, 1]], offset=128*%i), src=%r, engine=DMA)
  }
}
";

fn binary_of(src: &str) -> (String, Vec<u8>) {
    let p = egfuse_nisa::parse::program(src).expect("parses");
    let s = streams::build(&target(), &p.kernels[0]);
    let mut text = String::new();
    print::streams(&mut text, &s);
    let b = Binary {
        generation: 2,
        kernels: vec![s],
        device: None,
    };
    (
        text,
        write::binary(&b, &Opcodes::embedded()).expect("encodes"),
    )
}

#[test]
fn a_program_comes_back_from_its_bytes_and_its_text() {
    let (text, bytes) = binary_of(LOOP);
    let back = read::binary(&bytes, &Opcodes::embedded()).expect("decodes");
    let mut again = String::new();
    print::streams(&mut again, &back.kernels[0]);
    assert_eq!(again, text);
    assert_eq!(write::binary(&back, &Opcodes::embedded()).unwrap(), bytes);
    let asm = parse::asm(&text).expect("the text parses");
    let b = Binary {
        generation: 2,
        kernels: asm.kernels,
        device: None,
    };
    assert_eq!(write::binary(&b, &Opcodes::embedded()).unwrap(), bytes);
}

/// The decoder's diagnostic for `bytes`, with the byte range it names.
fn check(bytes: &[u8], expect: Expect) {
    let out = match read::binary(bytes, &Opcodes::embedded()) {
        Ok(_) => "decodes".to_string(),
        Err(d) => format!("bytes {}..{}: {}", d.span.start, d.span.end, d.message),
    };
    expect.assert_eq(&out);
}

/// Where the first instruction word's header starts: after the first record tag 0 that a
/// DMA load's opcode 0xB8 follows.
fn first_word(bytes: &[u8]) -> usize {
    (0..bytes.len() - 2)
        .find(|&i| bytes[i] == 0 && bytes[i + 1] == 0xB8)
        .expect("a dma_copy word")
        + 1
}

/// `bytes` cut at `end`, inside the first kernel's section, whose length is made to agree.
fn cut(bytes: &[u8], end: usize) -> Vec<u8> {
    let mut v = bytes[..end].to_vec();
    // The file's header is 8 bytes; the source map's section follows, then the kernel's.
    let map = u32::from_le_bytes(v[9..13].try_into().unwrap()) as usize;
    let k = 13 + map;
    v[k + 1..k + 5].copy_from_slice(&((end - (k + 5)) as u32).to_le_bytes());
    v
}

#[test]
fn bytes_that_are_not_a_binary_are_diagnostics_at_their_bytes() {
    let (_, good) = binary_of(LOOP);
    check(&good, expect![[r#"decodes"#]]);
    check(
        b"ELF\x7f",
        expect!["bytes 0..4: not an egfuse binary: it does not start with `EGFB`"],
    );
    check(
        &good[..6],
        expect!["bytes 6..6: the binary ends inside the core generation"],
    );
    let mut v = good.clone();
    v[4] = 9;
    check(
        &v,
        expect!["bytes 4..6: version 9; this egfuse reads version 2"],
    );
    let at = first_word(&good);
    check(
        &good[..at + 7],
        expect!["bytes 54..682: the binary ends inside a section's payload"],
    );
    check(
        &cut(&good, at + 7),
        expect!["bytes 675..682: the binary ends inside an instruction word"],
    );
    let mut unknown = good.clone();
    unknown[at] = 0x99;
    check(&unknown, expect!["bytes 675..676: unknown opcode 0x99"]);
    let mut pseudo = good.clone();
    pseudo[at] = 0xC7;
    check(&pseudo, expect!["bytes 675..676: opcode 0xc7 is a pseudo opcode (0xC0 to 0xDF), which the hardware never decodes, in the DMA0 stream"]);
    let mut other = good.clone();
    other[at] = 0x21;
    check(
        &other,
        expect!["bytes 675..676: opcode 0x21 is not word 0 of `dma_copy` (0xb8 on v2)"],
    );
}

/// A matmul between two loads and a copy out of PSUM.
const MATMUL: &str = "kernel @m kind Dot {
  hbm %a : f32[128, 64] input
  hbm %b : f32[128, 32] input
  hbm %c : f32[64, 32] output
  sbuf %sa : f32[128, 64] at 0
  sbuf %sb : f32[128, 32] at 256
  sbuf %o : f32[64, 32] at 384
  psum %p : f32[64, 32] at 0
  dma_copy(dst=%sa, src=%a, engine=DMA)
  dma_copy(dst=%sb, src=%b, engine=DMA)
  nc_matmul(dst=%p, stationary=%sa, moving=%sb, engine=PE)
  tensor_copy(dst=%o, src=%p, engine=DVE)
  dma_copy(dst=%c, src=%o, engine=DMA)
}
";

/// Where the matmul's record starts: the record tag 0 before a word of 0x01 on PE whose
/// variant is `nc_matmul`.
fn matmul_record(bytes: &[u8]) -> usize {
    let variant = OPS.iter().position(|o| o.op == Opcode::NcMatmul).unwrap() as u8;
    (0..bytes.len() - 4)
        .find(|&i| bytes[i..i + 4] == [0, 0x01, 0, variant])
        .expect("a nc_matmul word")
}

/// 003 §1.2 row 4: a matmul is two instructions on PE, 0x01 loading the stationary operand
/// and 0x02 streaming the moving one through it. Its record is two words: the first carries
/// the stationary view and the waits, the second the destination, the moving view, the
/// accumulate flag and the signals.
#[test]
fn a_matmul_is_two_words_0x01_then_0x02() {
    let (text, bytes) = binary_of(MATMUL);
    let at = matmul_record(&bytes) + 1;
    let first = Header::decode(bytes[at..at + 16].try_into().unwrap()).unwrap();
    assert_eq!((first.opcode, first.operands, first.signals), (0x01, 1, 0));
    assert_eq!(first.waits, 1, "the loads' semaphore: {text}");
    // The stationary view: tag 1, buffer 3 (%sa), an affine of base 0 and no terms, rank 2.
    let view = 1 + 2 + 9 + 1 + 2 * 16;
    let second = at + 16 + view + 2 + 9;
    let h = Header::decode(bytes[second..second + 16].try_into().unwrap()).unwrap();
    assert_eq!((h.opcode, h.operands, h.waits, h.signals), (0x02, 3, 0, 1));
    assert_eq!(
        (h.seq, h.variant, h.loc),
        (first.seq, first.variant, first.loc)
    );
    let back = read::binary(&bytes, &Opcodes::embedded()).expect("decodes");
    let mut again = String::new();
    print::streams(&mut again, &back.kernels[0]);
    assert_eq!(again, text);
    assert_eq!(write::binary(&back, &Opcodes::embedded()).unwrap(), bytes);

    let mut swapped = bytes.clone();
    swapped[at] = 0x02;
    check(
        &swapped,
        expect!["bytes 290..291: opcode 0x02 is not word 0 of `nc_matmul` (0x01 then 0x02 on v2)"],
    );
    let mut twice = bytes.clone();
    twice[second] = 0x01;
    check(
        &twice,
        expect!["bytes 362..363: opcode 0x01 is not word 1 of `nc_matmul` (0x01 then 0x02 on v2)"],
    );
    let mut elsewhere = bytes.clone();
    elsewhere[second + 12] ^= 1;
    check(
        &elsewhere,
        expect!["bytes 362..378: the word's engine, queue, variant, place or location is not its stream's or its instruction's"],
    );
    let mut signals_early = bytes.clone();
    signals_early[at + 5] = 1;
    check(
        &signals_early,
        expect!["bytes 290..306: word 0 of `nc_matmul` holds operands, waits or signals it does not carry"],
    );
}

/// The MX tile of the nisa tests (003 §4) as a binary: on v4 its matmul is the two words 0x09
/// and 0x0A, on v5 0x01 and 0x02, its quantizes 0xE3 on both; it comes back from its bytes as
/// it went in. On v2, which has no MX ops, writing it is an error that names the op.
#[test]
fn the_mx_tile_encodes_with_its_generations_opcodes() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../lowering/nisa/tests/nisa/v4/mx_matmul_tile.nisa"
    );
    let src = std::fs::read_to_string(path).expect("the MX fixture");
    let p = egfuse_nisa::parse::program(&src).expect("parses");
    let v4 = egfuse_rules::target("neuroncore-v4.target").expect("embedded");
    let s = streams::build(&Target::parse(v4).unwrap(), &p.kernels[0]);
    let table = Opcodes::embedded();
    let opcodes = |generation: u8| -> Vec<u8> {
        let b = Binary {
            generation,
            kernels: vec![s.clone()],
            device: None,
        };
        let bytes = write::binary(&b, &table).expect("encodes");
        let back = read::binary(&bytes, &table).expect("decodes");
        assert_eq!(write::binary(&back, &table).unwrap(), bytes);
        // The decoder checked each word's byte against its op's row of this generation.
        let mut out: Vec<u8> = (back.kernels[0].kernel.insts().into_iter())
            .flat_map(|i| table.of(i.op, generation).unwrap().bytes.clone())
            .collect();
        out.sort();
        out.dedup();
        out
    };
    assert_eq!(opcodes(4), [0x09, 0x0A, 0xB8, 0xE3]);
    assert_eq!(opcodes(5), [0x01, 0x02, 0xB8, 0xE3]);
    let b = Binary {
        generation: 2,
        kernels: vec![s],
        device: None,
    };
    let err = write::binary(&b, &table).expect_err("v2 has no MX ops");
    assert_eq!(
        err,
        "`nc_matmul_mx` has no opcode on v2 (it exists from v4)"
    );
}
