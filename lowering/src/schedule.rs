//! Schedules, Halide's idea: the tile sizes a kernel is lowered with, recorded per kernel, and
//! the overrides `egfuse lower --schedule` gives. Only the `columns` layout has a free choice
//! today (its rows per tile); the `rows` layout takes 128 rows a tile and a matmul the PE's
//! maxima (M 128, N 512, K 128), so a schedule for them is refused by name.

use std::fmt;

/// The tiles a kernel was lowered with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tiles {
    /// 128 rows on the partitions, whole rows on the free axis.
    Rows,
    /// 128 rows on the partitions, `cols` columns of them at a time on the free axis.
    Chunks { cols: u64 },
    /// The columns on the partitions, `tile` rows on the free axis.
    Columns { tile: u64 },
    /// Matmul tiles of at most M 128 x N 512 x K 128.
    Matmul,
    /// DMAs only: no tiles.
    Dma,
}

impl fmt::Display for Tiles {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Tiles::Rows => write!(f, "rows, 128 a tile"),
            Tiles::Chunks { cols } => write!(f, "rows, 128 a tile, {cols} columns a chunk"),
            Tiles::Columns { tile } => write!(f, "columns, {tile} rows a tile"),
            Tiles::Matmul => write!(f, "matmul, M 128 x N 512 x K 128 a tile"),
            Tiles::Dma => write!(f, "dma"),
        }
    }
}

/// One `--schedule` override: the kernels it names (a kernel's name, `k3`, or a kind,
/// `RmsNorm`) and the rows per tile it asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Override {
    pub kernels: String,
    pub tile: u64,
}

impl Override {
    /// `KERNEL:tile=N`, N from 1 to 512 (one PSUM bank of fp32 row sums).
    pub fn parse(text: &str) -> Result<Override, String> {
        let bad = || format!("`{text}`: a schedule is KERNEL:tile=N (a kernel's name or kind)");
        let (kernels, rest) = text.split_once(':').ok_or_else(bad)?;
        let n = rest.strip_prefix("tile=").ok_or_else(bad)?;
        let tile: u64 = n.parse().map_err(|_| bad())?;
        if kernels.is_empty() || !(1..=512).contains(&tile) {
            return Err(format!(
                "`{text}`: the tile is 1 to 512 rows of a named kernel"
            ));
        }
        Ok(Override {
            kernels: kernels.to_string(),
            tile,
        })
    }

    /// Whether this override names the kernel `name` of kind `kind`.
    pub fn names(&self, name: &str, kind: &str) -> bool {
        self.kernels == name || self.kernels == kind
    }
}

#[cfg(test)]
mod tests {
    use super::Override;

    #[test]
    fn overrides_parse_or_say_why_not() {
        assert_eq!(
            Override::parse("RmsNorm:tile=256"),
            Ok(Override {
                kernels: "RmsNorm".into(),
                tile: 256
            })
        );
        assert!(Override::parse("RmsNorm").is_err());
        assert!(Override::parse("k3:tile=0").is_err());
        assert!(Override::parse("k3:tile=1024").is_err());
        assert!(Override::parse(":tile=8").is_err());
    }
}
