//! The soundness report as text: one line per rule (`ok`, `UNSOUND`, `not checked`), the
//! witness under an unsound rule, and a summary line.

use super::{Coverage, Failure, Problem, Report, RuleReport, Verdict, Witness, DRAWS};
use egfuse_interp::{Data, Tensor};
use std::fmt::{self, Write as _};

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in &self.rules {
            write!(f, "{}", rule(r))?;
        }
        let ok = (self.rules.iter())
            .filter(|r| matches!(r.verdict, Verdict::Ok(_)))
            .count();
        let unsound = self.unsound();
        writeln!(
            f,
            "soundness: {}: {ok} ok, {unsound} unsound, {} not checked",
            egfuse_diag::plural(self.rules.len(), "rule"),
            self.rules.len() - ok - unsound
        )
    }
}

fn rule(r: &RuleReport) -> String {
    let what = if r.fusion { "fusion" } else { "rewrite" };
    let head = format!("{what} {} ({})", r.name, r.file);
    match &r.verdict {
        Verdict::Ok(c) => ok(&head, c),
        Verdict::Unsound(fail) => unsound(&head, fail),
        Verdict::NotChecked(why) => format!("not checked: {head}: {why}\n"),
    }
}

fn ok(head: &str, c: &Coverage) -> String {
    let dtypes: Vec<&str> = c.dtypes.iter().map(|d| d.name()).collect();
    let mut out = format!(
        "ok: {head}: {} runs, {}, {}\n",
        c.instances,
        dtypes.join(" "),
        c.ways.join(", ")
    );
    for g in &c.gaps {
        let _ = writeln!(out, "  not covered: {g}");
    }
    out
}

fn unsound(head: &str, fail: &Failure) -> String {
    let mut out = format!("UNSOUND: {head}: {}, {}\n", fail.way, fail.dtype.name());
    match &fail.problem {
        Problem::Invalid(why) => {
            let _ = writeln!(out, "  {why}");
        }
        Problem::Differs(w) => out.push_str(&witness(w)),
    }
    out.push_str("  instance:\n");
    for line in fail.instance.lines() {
        let _ = writeln!(out, "    {line}");
    }
    if !fail.after.is_empty() {
        out.push_str("  after the rule:\n");
        for line in fail.after.lines() {
            let _ = writeln!(out, "    {line}");
        }
    }
    out
}

fn witness(w: &Witness) -> String {
    let range = ["positive", "signed", "small signed"][w.draw.min(2) as usize];
    let mut out = format!("  draw {} of {DRAWS} ({range} inputs):\n", w.draw + 1);
    for (name, t) in &w.inputs {
        let _ = writeln!(out, "    %{name} = {}", tensor(t));
    }
    if let Some(r) = &w.reference {
        return out + &against_reference(w, r);
    }
    let _ = writeln!(out, "    before = {}", tensor(&w.before));
    let _ = writeln!(out, "    after  = {}", tensor(&w.after));
    let tol = if w.tolerance.rtol == 0.0 && w.tolerance.atol == 0.0 {
        "exact".to_string()
    } else {
        format!("relative tolerance {:.3e}", w.tolerance.rtol)
    };
    let _ = writeln!(
        out,
        "    element {:?}: before {}, after {} ({tol})",
        multi_index(w.index, &w.before.shape),
        value(&w.before, w.index),
        value(&w.after, w.index),
    );
    out
}

/// The witness's runs with narrow floats held in f32, against the f64 reference `r`.
fn against_reference(w: &Witness, r: &Tensor) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "    reference = {}", tensor(r));
    let _ = writeln!(out, "    before    = {}", tensor(&w.before));
    let _ = writeln!(out, "    after     = {}", tensor(&w.after));
    let at = |t: &Tensor| match &t.data {
        Data::Float(v) => v[w.index],
        _ => f64::NAN,
    };
    let (r0, b, a) = (at(r), at(&w.before), at(&w.after));
    let _ = writeln!(
        out,
        "    element {:?}: reference {r0}, before {} (error {:.3e}), after {} (error {:.3e}), \
         further than before by more than the relative tolerance {:.3e} (narrow floats held in f32)",
        multi_index(w.index, &w.before.shape),
        value(&w.before, w.index),
        (b - r0).abs(),
        value(&w.after, w.index),
        (a - r0).abs(),
        w.tolerance.rtol,
    );
    out
}

/// `tensor<2x3xf32> [1, 2, 3, 4, 5, 6]`.
fn tensor(t: &Tensor) -> String {
    let dims: String = t.shape.iter().map(|d| format!("{d}x")).collect();
    let values: Vec<String> = (0..t.len()).map(|i| value(t, i)).collect();
    format!("tensor<{dims}{}> [{}]", t.elem.name(), values.join(", "))
}

/// Element `i` in the shortest spelling that reads back to it in its type.
fn value(t: &Tensor, i: usize) -> String {
    match &t.data {
        Data::Float(v) if t.elem.name() == "f64" => format!("{}", v[i]),
        Data::Float(v) => format!("{}", v[i] as f32),
        Data::Int(v) => v[i].to_string(),
        Data::Complex(v) => format!("({}, {})", v[i].re, v[i].im),
    }
}

fn multi_index(mut flat: usize, shape: &[usize]) -> Vec<usize> {
    let mut out = vec![0; shape.len()];
    for (k, &d) in shape.iter().enumerate().rev() {
        if d > 0 {
            out[k] = flat % d;
            flat /= d;
        }
    }
    out
}
