//! Reads a device program's text (`device::print`): its `hbm` tensors, then its steps, then
//! `return`. A tensor is named before it is used, and an alias names a tensor declared above
//! it, so no alias is its own base; what the syntax cannot tell is `device::verify`'s.

use super::lex::Tok;
use super::{Parser, MAX_DEPTH, R};
use crate::device::{Device, Origin, Step, Tensor, TensorId};
use crate::Memory;
use egfuse_diag::{Diag, Span};
use std::collections::HashMap;

impl Parser<'_> {
    pub(super) fn device(&mut self) -> R<Device> {
        let start = self.span();
        self.at += 1;
        let name = match self.peek().clone() {
            Tok::Symbol(s) => {
                self.at += 1;
                s
            }
            _ => return Err(self.error("the device program's name `@name`")),
        };
        self.expect("{")?;
        let mut names = HashMap::new();
        let mut tensors = Vec::new();
        while self.eat_word(Memory::Hbm.name()) {
            let t = self.hbm_tensor(&names, &tensors)?;
            names.insert(t.name.clone(), TensorId(tensors.len() as u32));
            tensors.push(t);
        }
        let mut body = Vec::new();
        while !self.eat_word("return") {
            body.push(self.step(&names, 0)?);
        }
        let mut results = Vec::new();
        while !self.eat("}") {
            if !results.is_empty() {
                self.expect(",")?;
            }
            results.push(self.tensor_use(&names)?);
        }
        Ok(Device {
            name,
            tensors,
            body,
            results,
            span: start.to(self.prev_span()),
        })
    }

    /// `%name : dtype[dims]`, then `input N`, `const` or `alias %base`, then `at OFFSET`.
    fn hbm_tensor(&mut self, names: &HashMap<String, TensorId>, ts: &[Tensor]) -> R<Tensor> {
        let start = self.prev_span();
        let (name, name_span) = self.value("the tensor's name `%name`")?;
        if names.contains_key(&name) {
            return Err(Diag::new(
                "nisa::redefined",
                name_span,
                format!("tensor `%{name}` is declared twice"),
            )
            .with_label("a second declaration"));
        }
        self.expect(":")?;
        let dtype = self.dtype()?;
        let shape = self.dims()?;
        let origin = if self.eat_word("input") {
            let n = self.uint("the input's position")?;
            Origin::Input(u32::try_from(n).map_err(|_| self.error("a smaller position"))?)
        } else if self.eat_word("const") {
            Origin::Const
        } else if self.eat_word("alias") {
            let base = self.tensor_use(names)?;
            if let Origin::Alias(_) = ts[base.0 as usize].origin {
                return Err(
                    Diag::new("nisa::alias", self.prev_span(), "an alias of an alias")
                        .with_label("name the tensor that holds the bytes"),
                );
            }
            Origin::Alias(base)
        } else {
            Origin::Temp
        };
        let offset = if self.eat_word("at") {
            Some(self.uint("a byte offset")?)
        } else {
            None
        };
        Ok(Tensor {
            name,
            dtype,
            shape,
            origin,
            offset,
            span: start.to(self.prev_span()),
        })
    }

    fn tensor_use(&mut self, names: &HashMap<String, TensorId>) -> R<TensorId> {
        let (name, span) = self.value("a tensor `%name`")?;
        names.get(&name).copied().ok_or_else(|| {
            Diag::new(
                "nisa::undeclared",
                span,
                format!("tensor `%{name}` is not declared"),
            )
            .with_label("declare it with an `hbm` line first")
        })
    }

    fn tensor_list(&mut self, names: &HashMap<String, TensorId>) -> R<Vec<TensorId>> {
        self.expect("(")?;
        let mut out = Vec::new();
        while !self.eat(")") {
            if !out.is_empty() {
                self.expect(",")?;
            }
            out.push(self.tensor_use(names)?);
        }
        Ok(out)
    }

    fn step(&mut self, names: &HashMap<String, TensorId>, depth: usize) -> R<Step> {
        if depth > MAX_DEPTH {
            return Err(
                Diag::new("nisa::syntax", self.span(), "steps nested too deeply").with_label(
                    format!("more than {MAX_DEPTH} levels of `loop` and `switch`"),
                ),
            );
        }
        let (word, start) =
            self.word("a step (`call`, `copy`, `loop`, `exit`, `switch`) or `return`")?;
        let step = match word.as_str() {
            "call" => self.call(names, start)?,
            "copy" => {
                let src = self.tensor_use(names)?;
                self.expect("->")?;
                let dst = self.tensor_use(names)?;
                Step::Copy {
                    src,
                    dst,
                    span: start.to(self.prev_span()),
                }
            }
            "loop" => {
                self.expect("{")?;
                let body = self.steps(names, depth)?;
                Step::Loop {
                    body,
                    span: start.to(self.prev_span()),
                }
            }
            "exit" => {
                if !self.eat_word("unless") {
                    return Err(self.error("`unless`"));
                }
                let unless = self.tensor_use(names)?;
                Step::Exit {
                    unless,
                    span: start.to(self.prev_span()),
                }
            }
            "switch" => self.switch(names, start, depth)?,
            _ => {
                return Err(
                    Diag::new("nisa::syntax", start, format!("unknown step `{word}`"))
                        .with_label("the steps are call, copy, loop, exit and switch"),
                )
            }
        };
        Ok(step)
    }

    /// `call @kernel(%a, ...) -> (%r, ...)` after its first word, at `start`.
    fn call(&mut self, names: &HashMap<String, TensorId>, start: Span) -> R<Step> {
        let kernel = match self.peek().clone() {
            Tok::Symbol(s) => {
                self.at += 1;
                s
            }
            _ => return Err(self.error("the kernel's name `@name`")),
        };
        let args = self.tensor_list(names)?;
        self.expect("->")?;
        let results = self.tensor_list(names)?;
        Ok(Step::Call {
            kernel,
            args,
            results,
            span: start.to(self.prev_span()),
        })
    }

    /// `switch %i { case { ... } ... }` after its first word, at `start`.
    fn switch(&mut self, names: &HashMap<String, TensorId>, start: Span, depth: usize) -> R<Step> {
        let on = self.tensor_use(names)?;
        self.expect("{")?;
        let mut arms = Vec::new();
        while !self.eat("}") {
            if !self.eat_word("case") {
                return Err(self.error("`case` or `}`"));
            }
            self.expect("{")?;
            arms.push(self.steps(names, depth)?);
        }
        Ok(Step::Switch {
            on,
            arms,
            span: start.to(self.prev_span()),
        })
    }

    /// Steps up to the closing `}`.
    fn steps(&mut self, names: &HashMap<String, TensorId>, depth: usize) -> R<Vec<Step>> {
        let mut out = Vec::new();
        while !self.eat("}") {
            out.push(self.step(names, depth + 1)?);
        }
        Ok(out)
    }
}
