//! The shape relations the solver needs beyond "the same type": a matmul's operands and
//! result, and the dimensions a broadcast maps its operand to.

use super::INNER;

/// A matmul's dimension numbers.
pub(super) struct DotDims {
    pub lb: Vec<i64>,
    pub rb: Vec<i64>,
    pub lc: Vec<i64>,
    pub rc: Vec<i64>,
}

impl DotDims {
    /// The result shape: batch dimensions, then the lhs's free ones, then the rhs's.
    pub fn result(&self, x: &[i64], y: &[i64]) -> Result<Vec<i64>, String> {
        let free = |s: &[i64], b: &[i64], c: &[i64]| -> Vec<i64> {
            (0..s.len() as i64)
                .filter(|i| !b.contains(i) && !c.contains(i))
                .map(|i| s[i as usize])
                .collect()
        };
        let mut r: Vec<i64> = Vec::new();
        for &d in &self.lb {
            let size = usize::try_from(d).ok().and_then(|d| x.get(d));
            r.push(*size.ok_or("a batching dimension beyond the operand's rank")?);
        }
        r.extend(free(x, &self.lb, &self.lc));
        r.extend(free(y, &self.rb, &self.rc));
        Ok(r)
    }

    /// The size of the first contracting dimension of a known operand.
    pub fn contracted(&self, s: &[i64], c: &[i64]) -> i64 {
        c.first()
            .and_then(|&d| usize::try_from(d).ok())
            .and_then(|d| s.get(d).copied())
            .unwrap_or(INNER)
    }

    /// An operand's shape from the result `r` (a matmul: one free dimension per side, the
    /// `which`th after the batch), contracting dimensions of size `k`.
    pub fn side(
        &self,
        r: &[i64],
        b: &[i64],
        c: &[i64],
        which: usize,
        k: i64,
    ) -> Result<Vec<i64>, String> {
        let nb = b.len();
        if r.len() != nb + 2 {
            return Err(format!(
                "a dot result of shape {r:?} is not a matmul's (batch, rows, columns)"
            ));
        }
        let rank = nb + c.len() + 1;
        let mut s = vec![None; rank];
        for (i, &d) in b.iter().enumerate() {
            *s.get_mut(d as usize)
                .ok_or("a batching dimension out of range")? = Some(r[i]);
        }
        for &d in c {
            *s.get_mut(d as usize)
                .ok_or("a contracting dimension out of range")? = Some(k);
        }
        let free = s
            .iter()
            .position(Option::is_none)
            .ok_or("a dot operand with no free dimension")?;
        s[free] = Some(r[nb + which]);
        Ok(s.into_iter().map(|x| x.unwrap_or(INNER)).collect())
    }
}

/// The broadcast dimensions that take `xs` to `rs`, each operand dimension to the first later
/// result dimension of its size (or any, for size 1).
pub(super) fn greedy_dims(xs: &[i64], rs: &[i64]) -> Option<Vec<i64>> {
    let mut out = Vec::new();
    let mut next = 0;
    for &x in xs {
        let j = (next..rs.len()).find(|&j| rs[j] == x || x == 1)?;
        out.push(j as i64);
        next = j + 1;
    }
    Some(out)
}
