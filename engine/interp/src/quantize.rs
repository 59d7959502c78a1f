//! `uniform_quantize` (float to quantized, and quantized to quantized as a re-quantization
//! through the expressed type) and `uniform_dequantize`, with the arithmetic of
//! [`super::quant`].

use super::dispatch::Claim;
use super::quant;
use super::tensor::{Elem, Tensor};
use super::Interpreter;
use egfuse_ir::OpId;

pub fn eval(cx: &mut Interpreter, op: OpId, stem: &str, args: &[&Tensor]) -> Claim {
    if stem != "uniform_quantize" && stem != "uniform_dequantize" {
        return None;
    }
    let [a] = args else {
        return Some(Err(format!("{stem} takes one operand")));
    };
    Some(cx.result_elem(op, 0).and_then(|out| {
        let t = match (stem, &a.elem, &out) {
            ("uniform_quantize", Elem::Float(_), Elem::Quant(_)) => {
                quant::quantize((*a).clone(), &out)?
            }
            ("uniform_quantize", Elem::Quant(_), Elem::Quant(_)) => quant::requantize(a, &out)?,
            ("uniform_dequantize", Elem::Quant(_), Elem::Float(_)) => {
                quant::dequantize(a).into_owned()
            }
            _ => {
                return Err(format!(
                    "{stem} cannot convert {} to {}",
                    a.elem.name(),
                    out.name()
                ))
            }
        };
        Ok(vec![t])
    }))
}
