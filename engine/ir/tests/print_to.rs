//! `print_to` (`engine::ir::print`): the text it writes, a piece at a time, is the text `print`
//! returns, whether the module's ops are many and small or one is a hex constant longer than a
//! piece; and it stops at the sink's first error.

use egfuse_ir::parse::parse;
use egfuse_ir::print::{print, print_to, PrintOptions, SPILL};

/// A function of `n` negates and, when `hex_bytes` > 0, a constant of that many bytes in hex.
fn module(n: usize, hex_bytes: usize) -> String {
    let mut text = String::from("func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n");
    let mut last = "%arg0".to_string();
    for i in 0..n {
        text += &format!("  %{i} = stablehlo.negate {last} : tensor<4xf32>\n");
        last = format!("%{i}");
    }
    if hex_bytes > 0 {
        let hex: String = (0..hex_bytes).map(|i| format!("{:02X}", i % 251)).collect();
        let elems = hex_bytes / 4;
        text += &format!("  %c = stablehlo.constant dense<\"0x{hex}\"> : tensor<{elems}xf32>\n");
    }
    text + &format!("  return {last} : tensor<4xf32>\n}}\n")
}

#[test]
fn the_pieces_are_the_text_print_returns() {
    for (n, hex_bytes) in [(0, 0), (3, 0), (5_000, 0), (2, SPILL), (2_000, 3 * SPILL)] {
        let m = parse(&module(n, hex_bytes)).expect("the module parses");
        for opts in [PrintOptions::default(), PrintOptions { generic: true }] {
            let mut streamed = Vec::new();
            print_to(&m, opts, &mut streamed).expect("a vector takes every write");
            let whole = print(&m, opts);
            assert!(
                streamed == whole.as_bytes(),
                "{n} ops, {hex_bytes} hex bytes, {opts:?}"
            );
        }
    }
}

/// A sink that takes `room` bytes, then fails every write.
struct Full {
    taken: Vec<u8>,
    room: usize,
    writes_after_full: usize,
}

impl std::io::Write for Full {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.taken.len() >= self.room {
            self.writes_after_full += 1;
            return Err(std::io::Error::other("the disk is full"));
        }
        let n = buf.len().min(self.room - self.taken.len());
        self.taken.extend_from_slice(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn it_stops_at_the_sink_s_first_error() {
    let m = parse(&module(5_000, 2 * SPILL)).expect("the module parses");
    let mut sink = Full {
        taken: Vec::new(),
        room: SPILL / 2,
        writes_after_full: 0,
    };
    let err = print_to(&m, PrintOptions::default(), &mut sink).expect_err("the sink is full");
    assert_eq!(err.to_string(), "the disk is full");
    assert_eq!(sink.taken.len(), SPILL / 2);
    assert_eq!(
        sink.writes_after_full, 1,
        "no write is tried after the first error"
    );
}
