//! Kernel counts that egfuse and XLA can be compared by, counted the same way on both sides.
//!
//! egfuse: the ops of every function body and of every loop body and branch, after fusion,
//! except constants, returns and calls; a fused op is one, and so is the `while`, `case` or
//! `if` that holds a body. XLA: the instructions of the optimized HLO module's entry
//! computation and of the bodies of its `while` loops and the branches of its `conditional`s,
//! nested to any depth, except `parameter`, `constant`, `tuple`, `get-tuple-element` and
//! `bitcast`. A `fusion` is one; a while loop's condition is not counted on either side.

use egfuse_ir::blocks::bodies;
use egfuse_ir::Module;
use rustc_hash::FxHashMap;

/// The ops egfuse launches as kernels: those that are not free on either side.
pub fn count(m: &Module) -> u64 {
    let skip = |name: &str| {
        matches!(
            name,
            "stablehlo.constant" | "func.return" | "stablehlo.return" | "mhlo.return" | "func.call"
        )
    };
    let blocks = bodies(m).into_iter().filter(|b| !b.name.ends_with(" cond"));
    let ops = blocks.flat_map(|b| m.block(b.block).ops.clone());
    ops.filter(|&o| !skip(&m.op(o).name)).count() as u64
}

/// Why optimized HLO text could not be counted: the 1-based line and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HloError {
    pub line: usize,
    pub message: String,
}

/// The instructions XLA launches as kernels in the optimized HLO module `text` (the text of
/// `jax.jit(f).lower(...).compile().as_text()`, or `tools/xla_kernels.py`'s files).
pub fn xla_count(text: &str) -> Result<u64, HloError> {
    let module = computations(text)?;
    let entry = module.entry.ok_or(HloError {
        line: 1,
        message: "no ENTRY computation".into(),
    })?;
    let mut total = 0;
    let mut todo = vec![entry];
    let mut seen = Vec::new();
    while let Some(name) = todo.pop() {
        if seen.contains(&name) {
            continue;
        }
        let Some(insts) = module.bodies.get(&name) else {
            let message = format!("no computation named `{name}`");
            return Err(HloError { line: 1, message });
        };
        seen.push(name);
        for inst in insts {
            if !FREE.contains(&inst.opcode.as_str()) {
                total += 1;
            }
            todo.extend(inst.bodies.iter().cloned());
        }
    }
    Ok(total)
}

/// The HLO opcodes neither side counts as a kernel.
const FREE: [&str; 5] = [
    "parameter",
    "constant",
    "tuple",
    "get-tuple-element",
    "bitcast",
];

/// The tables of source locations between the module's header and its computations.
const TABLES: [&str; 4] = ["FileNames", "FunctionNames", "FileLocations", "StackFrames"];

/// One instruction: its opcode and the computations it runs as loop bodies or branches.
struct Inst {
    opcode: String,
    bodies: Vec<String>,
}

struct Hlo {
    entry: Option<String>,
    bodies: FxHashMap<String, Vec<Inst>>,
}

/// The computations of `text` by name, and which one is the entry.
fn computations(text: &str) -> Result<Hlo, HloError> {
    let mut out = Hlo {
        entry: None,
        bodies: FxHashMap::default(),
    };
    let mut current: Option<String> = None;
    // The stack-frame tables newer XLA prints after the header, each up to a blank line.
    let mut table = false;
    for (n, line) in text.lines().enumerate() {
        let bad = |message: String| HloError {
            line: n + 1,
            message,
        };
        let trimmed = line.trim();
        if trimmed.is_empty() {
            table = false;
            continue;
        }
        if current.is_none() && TABLES.contains(&trimmed) {
            table = true;
        }
        if table || trimmed.starts_with("HloModule") || trimmed.starts_with("//") {
            continue;
        }
        if trimmed == "}" {
            current = None;
            continue;
        }
        if !line.starts_with(' ') && trimmed.ends_with('{') {
            let head = trimmed.strip_prefix("ENTRY ").unwrap_or(trimmed);
            let name = head.split([' ', '(']).next().unwrap_or("");
            let name = name.trim_start_matches('%').to_string();
            if trimmed.starts_with("ENTRY ") {
                out.entry = Some(name.clone());
            }
            out.bodies.insert(name.clone(), Vec::new());
            current = Some(name);
            continue;
        }
        let Some(comp) = &current else {
            return Err(bad(format!("`{trimmed}` is outside any computation")));
        };
        let inst =
            instruction(trimmed).ok_or_else(|| bad(format!("not an instruction: `{trimmed}`")))?;
        out.bodies.get_mut(comp).expect("opened above").push(inst);
    }
    Ok(out)
}

/// `[ROOT] %name = SHAPE opcode(operands), attributes`.
fn instruction(line: &str) -> Option<Inst> {
    let (_, rest) = line.split_once(" = ")?;
    let rest = rest.trim_start();
    let after_shape = if rest.starts_with('(') {
        let mut depth = 0usize;
        let end = rest.char_indices().find_map(|(i, c)| {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            (depth == 0).then_some(i + 1)
        })?;
        &rest[end..]
    } else {
        rest.split_once(' ').map(|(_, r)| r)?
    };
    let opcode = after_shape
        .trim_start()
        .split('(')
        .next()?
        .trim()
        .to_string();
    let mut bodies = Vec::new();
    match opcode.as_str() {
        "while" => bodies.extend(attr(line, "body=")),
        "conditional" => {
            bodies.extend(attr(line, "true_computation="));
            bodies.extend(attr(line, "false_computation="));
            if let Some(list) = line.split_once("branch_computations={") {
                let names = list.1.split('}').next().unwrap_or("");
                bodies.extend(
                    names
                        .split(',')
                        .map(|s| s.trim().trim_start_matches('%').to_string()),
                );
            }
        }
        _ => {}
    }
    Some(Inst { opcode, bodies })
}

/// The computation named by attribute `key` (`body=%region_1`), if the line has it.
fn attr(line: &str, key: &str) -> Option<String> {
    let (_, rest) = line.split_once(key)?;
    let name = rest.split([',', ' ', '}']).next()?;
    Some(name.trim_start_matches('%').to_string())
}

#[cfg(test)]
mod tests {
    use super::xla_count;

    #[test]
    fn entry_and_loop_bodies_count_and_free_instructions_do_not() {
        let hlo = "HloModule m\n\n\
            %body (p: (s32[], f32[4])) -> (s32[], f32[4]) {\n  \
              %p = (s32[], f32[4]{0}) parameter(0)\n  \
              %i = s32[] get-tuple-element(%p), index=0\n  \
              %x = f32[4]{0} get-tuple-element(%p), index=1\n  \
              %e = f32[4]{0} exponential(%x)\n  \
              ROOT %t = (s32[], f32[4]{0}) tuple(%i, %e)\n\
            }\n\n\
            %cond (p: (s32[], f32[4])) -> pred[] {\n  \
              %p = (s32[], f32[4]{0}) parameter(0)\n  \
              ROOT %c = pred[] constant(true)\n\
            }\n\n\
            ENTRY %main (a: f32[4]) -> f32[4] {\n  \
              %a = f32[4]{0} parameter(0)\n  \
              %z = s32[] constant(0)\n  \
              %t = (s32[], f32[4]{0}) tuple(%z, %a)\n  \
              %w = (s32[], f32[4]{0}) while(%t), condition=%cond, body=%body\n  \
              %r = f32[4]{0} get-tuple-element(%w), index=1\n  \
              ROOT %f = f32[4]{0} fusion(%r), kind=kLoop, calls=%fused\n\
            }\n";
        // The while, the fusion, and the body's exponential.
        assert_eq!(xla_count(hlo), Ok(3));
        let err = xla_count("HloModule m\n\n%c () -> f32[] {\n  garbage\n}\n").unwrap_err();
        assert_eq!(err.line, 4);
        assert!(xla_count("HloModule m\n").is_err(), "no entry");
    }
}
