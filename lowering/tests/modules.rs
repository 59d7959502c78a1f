//! The lowering's modules import each other in no circle: what several passes share lives in
//! a module below them (`tensor`, `edge`, `pass`), never in one pass that another pass's module
//! reaches back into. A module's imports are every `crate::NAME` its files name (in `use`
//! lines and in paths alike), NAME its top-level module; the test finds the strongly connected
//! components of that graph, as Tarjan's algorithm does, and fails on any with two modules.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Each top-level module of the crate at `src` and the other top-level modules it names.
fn imports(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|x| x != "rs") {
                continue;
            }
            let rel = path
                .strip_prefix(src)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            let module = rel
                .split('/')
                .next()
                .unwrap()
                .trim_end_matches(".rs")
                .to_string();
            let text = std::fs::read_to_string(&path).unwrap();
            let named = graph.entry(module.clone()).or_default();
            for (i, _) in text.match_indices("crate::") {
                let rest = &text[i + "crate::".len()..];
                let end = rest.find(|c: char| !c.is_alphanumeric() && c != '_');
                let target = &rest[..end.unwrap_or(rest.len())];
                if !target.is_empty() && target != module {
                    named.insert(target.to_string());
                }
            }
        }
    }
    graph
}

/// The circles of `graph`: its strongly connected components of more than one module.
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'g> {
        graph: &'g BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        out: Vec<Vec<String>>,
    }
    impl<'g> Walk<'g> {
        fn visit(&mut self, v: &'g str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            for w in self.graph.get(v).into_iter().flatten() {
                if !self.index.contains_key(w.as_str()) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w.as_str()]);
                    self.low.insert(v, low);
                } else if self.stack.contains(&w.as_str()) {
                    let low = self.low[v].min(self.index[w.as_str()]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let at = self.stack.iter().rposition(|x| *x == v).unwrap();
                let mut component: Vec<String> = self.stack.drain(at..).map(String::from).collect();
                component.sort();
                if component.len() > 1 {
                    self.out.push(component);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.out
}

fn check(crate_dir: &str) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join(crate_dir);
    let graph = imports(&src);
    let edges: usize = graph.values().map(BTreeSet::len).sum();
    let found = circles(&graph);
    assert!(
        found.is_empty(),
        "modules of {} that import each other in a circle: {found:?}",
        src.display()
    );
    println!(
        "{crate_dir}: {} modules, {edges} imports between them, no circle",
        graph.len()
    );
}

#[test]
fn the_lowering_modules_import_each_other_in_no_circle() {
    check("src");
}

#[test]
fn the_nisa_modules_import_each_other_in_no_circle() {
    check("nisa/src");
}

/// The check finds a circle where there is one.
#[test]
fn a_circle_of_two_modules_is_found() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("tile", vec!["movement", "tensor"]),
        ("movement", vec!["tile"]),
        ("tensor", vec![]),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.into_iter().map(String::from).collect()))
    .collect();
    let found = circles(&graph);
    assert_eq!(
        found,
        vec![vec!["movement".to_string(), "tile".to_string()]]
    );
}
