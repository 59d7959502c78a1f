//! Helpers the benchmarks share: medians, synthesized Llama models of any depth, and jaxlib's
//! time for the same file (the reference every speed figure is quoted against), as medians of
//! its own runs or run by run beside ours ([`Jaxlib`]).

#![allow(dead_code)]

use std::path::Path;

pub fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// A jaxlib process that parses and prints one file on demand (tools/mlir_roundtrip.py
/// --serve), so a benchmark can alternate its runs with ours and compare each pair under the
/// same load.
pub struct Jaxlib {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: std::io::BufReader<std::process::ChildStdout>,
}

impl Jaxlib {
    /// Starts the process on `file` and waits until it has parsed it once; `None`, said,
    /// without jaxlib.
    pub fn start(root: &Path, file: &Path) -> Option<Jaxlib> {
        use std::io::BufRead;
        use std::process::{Command, Stdio};
        let python = std::env::var("EGFUSE_PYTHON")
            .unwrap_or_else(|_| root.join(".venv/bin/python").display().to_string());
        let child = Command::new(&python)
            .arg(root.join("tools/mlir_roundtrip.py"))
            .args(["--serve", &file.display().to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn();
        let Ok(mut child) = child else {
            println!("(no jaxlib at {python}: run tools/setup_venv.sh for the side-by-side ratio)");
            return None;
        };
        let input = child.stdin.take()?;
        let mut output = std::io::BufReader::new(child.stdout.take()?);
        let mut line = String::new();
        if output.read_line(&mut line).ok()? == 0 || line.trim() != "ready" {
            println!("(jaxlib at {python} could not parse {})", file.display());
            return None;
        }
        Some(Jaxlib {
            child,
            input,
            output,
        })
    }

    /// One parse + verify and print, in milliseconds.
    pub fn once(&mut self) -> Option<f64> {
        use std::io::{BufRead, Write};
        writeln!(self.input).ok()?;
        self.input.flush().ok()?;
        let mut line = String::new();
        self.output.read_line(&mut line).ok()?;
        line.split_whitespace()
            .map(|t| t.parse::<f64>().ok())
            .sum::<Option<f64>>()
    }
}

impl Drop for Jaxlib {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs tools/mlir_roundtrip.py --bench on `file`, prints jaxlib's parse + verify and print
/// medians, and returns their total in milliseconds (`None`, said, without jaxlib).
pub fn jaxlib_total_ms(root: &Path, file: &Path) -> Option<f64> {
    let python = std::env::var("EGFUSE_PYTHON")
        .unwrap_or_else(|_| root.join(".venv/bin/python").display().to_string());
    let out = std::process::Command::new(&python)
        .arg(root.join("tools/mlir_roundtrip.py"))
        .args(["--bench", &file.display().to_string(), "--repeat", "15"])
        .output();
    let Some(out) = out.ok().filter(|o| o.status.success()) else {
        println!("(no jaxlib at {python}: run tools/setup_venv.sh for the side-by-side ratio)");
        return None;
    };
    let json = String::from_utf8_lossy(&out.stdout);
    let field = |k: &str| -> Option<f64> {
        let rest = &json[json.find(&format!("\"{k}\""))? + k.len() + 3..];
        rest.trim_start()
            .split([',', '\n', '}'])
            .next()?
            .trim()
            .parse()
            .ok()
    };
    let (p, pr, total) = (
        field("parse_verify_ms")?,
        field("print_ms")?,
        field("total_ms")?,
    );
    println!("jaxlib parse+verify {p:.3} ms, print {pr:.3} ms, total {total:.3} ms (median of 15)");
    Some(total)
}

/// A module whose `main` runs the fixture's layer `n` times: each copy's values get a `L<k>_`
/// prefix, and its input `%arg0` is the previous copy's result.
pub fn synthesize(layer: &str, n: usize) -> String {
    let lines: Vec<&str> = layer.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.contains("func.func public @main"))
        .expect("main")
        + 1;
    let ret = start
        + lines[start..]
            .iter()
            .position(|l| l.trim_start().starts_with("return "))
            .expect("return");
    let result = lines[ret].trim_start()["return %".len()..]
        .split(' ')
        .next()
        .expect("result name")
        .to_string();
    let mut out: Vec<String> = lines[..start].iter().map(|s| s.to_string()).collect();
    let mut input = "arg0".to_string();
    for k in 0..n {
        for line in &lines[start..ret] {
            out.push(rename(line, k, &input));
        }
        input = format!("L{k}_{result}");
    }
    out.push(lines[ret].replace(&format!("%{result}"), &format!("%{input}")));
    out.extend(lines[ret + 1..].iter().map(|s| s.to_string()));
    out.join("\n") + "\n"
}

/// Prefixes every value name in `line` with `L<k>_`, except arguments; `%arg0` becomes `%input`.
fn rename(line: &str, k: usize, input: &str) -> String {
    let mut out = String::with_capacity(line.len() + 32);
    let mut rest = line;
    while let Some(i) = rest.find('%') {
        out.push_str(&rest[..=i]);
        rest = &rest[i + 1..];
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$'))
            .unwrap_or(rest.len());
        let name = &rest[..len];
        if name == "arg0" {
            out.push_str(input);
        } else if name.starts_with("arg") {
            out.push_str(name);
        } else {
            out.push_str(&format!("L{k}_{name}"));
        }
        rest = &rest[len..];
    }
    out.push_str(rest);
    out
}
