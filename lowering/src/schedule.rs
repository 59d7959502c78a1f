//! Schedules, Halide's idea: the tile sizes a kernel is lowered with, recorded per kernel, and
//! the overrides `egfuse lower --schedule` gives. The `columns` layout chooses its rows per tile
//! (`tile=N`) and the `rows` layout its columns per chunk (`chunk=N`, for rows wider than SBUF);
//! the `rows` layout's rows a tile (128, or fewer to hold whole runs of rows in HBM) and a
//! matmul's tiles (the PE's maxima, M 128, N 512, K 128) are fixed by the layout, so a schedule
//! for them is refused by name.

use std::fmt;

/// The tiles a kernel was lowered with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tiles {
    /// `tile` rows on the partitions (128, or fewer to hold whole runs of rows in HBM), whole
    /// rows on the free axis.
    Rows { tile: u64 },
    /// 128 rows on the partitions, `cols` columns of them at a time on the free axis.
    Chunks { cols: u64 },
    /// The columns on the partitions, `tile` rows on the free axis.
    Columns { tile: u64 },
    /// Matmul tiles of at most M 128 x N 512 x K 128.
    Matmul,
    /// MX matmul tiles of at most M 128 x N 512 x K 512 (128 partitions of 4 lanes).
    MxMatmul,
    /// The MX gate/up kernel's tiles: 512 columns (128 partitions of 4 lanes) by 128 tokens,
    /// K 512 a matmul.
    GateUp,
    /// DMAs only: no tiles.
    Dma,
}

impl fmt::Display for Tiles {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Tiles::Rows { tile } => write!(f, "rows, {tile} a tile"),
            Tiles::Chunks { cols } => write!(f, "rows, 128 a tile, {cols} columns a chunk"),
            Tiles::Columns { tile } => write!(f, "columns, {tile} rows a tile"),
            Tiles::Matmul => write!(f, "matmul, M 128 x N 512 x K 128 a tile"),
            Tiles::MxMatmul => write!(f, "MX matmul, M 128 x N 512 x K 512 a tile"),
            Tiles::GateUp => write!(f, "MX gate/up, 512 columns x 128 tokens x K 512 a tile"),
            Tiles::Dma => write!(f, "dma"),
        }
    }
}

/// One `--schedule` override: the kernels it names (a kernel's name, `k3`, or a kind,
/// `RmsNorm`) and the size it sets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Override {
    pub kernels: String,
    pub set: Setting,
}

/// What an override sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// Rows per tile of a `columns` kernel, 1 to 512 (one PSUM bank of fp32 row sums).
    Tile(u64),
    /// Columns per chunk of a `rows` kernel, at least 1.
    Chunk(u64),
}

impl fmt::Display for Setting {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Setting::Tile(n) => write!(f, "tile={n}"),
            Setting::Chunk(n) => write!(f, "chunk={n}"),
        }
    }
}

impl Override {
    /// `KERNEL:tile=N` (N from 1 to 512) or `KERNEL:chunk=N` (N at least 1).
    pub fn parse(text: &str) -> Result<Override, String> {
        let bad = || {
            format!(
                "`{text}`: a schedule is KERNEL:tile=N or KERNEL:chunk=N (a kernel's name or kind)"
            )
        };
        let (kernels, rest) = text.split_once(':').ok_or_else(bad)?;
        let (key, n) = rest.split_once('=').ok_or_else(bad)?;
        let n: u64 = n.parse().map_err(|_| bad())?;
        let set = match key {
            "tile" => Setting::Tile(n),
            "chunk" => Setting::Chunk(n),
            _ => return Err(bad()),
        };
        let fits = match set {
            Setting::Tile(n) => (1..=512).contains(&n),
            Setting::Chunk(n) => n >= 1,
        };
        if kernels.is_empty() || !fits {
            return Err(format!(
                "`{text}`: a tile is 1 to 512 rows and a chunk at least 1 column, of a named kernel"
            ));
        }
        Ok(Override {
            kernels: kernels.to_string(),
            set,
        })
    }

    /// Whether this override names the kernel `name` of kind `kind`.
    pub fn names(&self, name: &str, kind: &str) -> bool {
        self.kernels == name || self.kernels == kind
    }
}

/// Why the first override of `schedule` that names none of the kernels `named` (each a name
/// and a kind, as `Outcome::named` lists them) is an error; `None` when every
/// override names some kernel.
pub fn unmatched(schedule: &[Override], named: &[(String, String)]) -> Option<String> {
    let o = (schedule.iter()).find(|o| !named.iter().any(|(n, k)| o.names(n, k)))?;
    let mut kinds: Vec<&str> = named.iter().map(|(_, k)| k.as_str()).collect();
    kinds.sort_unstable();
    kinds.dedup();
    let have = match named.len() {
        0 => "the module has no kernel".to_string(),
        1 => format!("its one kernel is k0, of kind {}", kinds.join(", ")),
        n => format!(
            "its kernels are k0 to k{}, of kinds {}",
            n - 1,
            kinds.join(", ")
        ),
    };
    Some(format!(
        "`{}:{}` names no kernel of this module: {have}",
        o.kernels, o.set
    ))
}

#[cfg(test)]
mod tests {
    use super::{Override, Setting};

    #[test]
    fn overrides_parse_or_say_why_not() {
        assert_eq!(
            Override::parse("RmsNorm:tile=256"),
            Ok(Override {
                kernels: "RmsNorm".into(),
                set: Setting::Tile(256)
            })
        );
        assert_eq!(
            Override::parse("k3:chunk=8000").map(|o| o.set),
            Ok(Setting::Chunk(8000))
        );
        assert!(Override::parse("k3:chunk=0").is_err());
        assert!(Override::parse("k3:rows=8").is_err());
        assert!(Override::parse("RmsNorm").is_err());
        assert!(Override::parse("k3:tile=0").is_err());
        assert!(Override::parse("k3:tile=1024").is_err());
        assert!(Override::parse(":tile=8").is_err());
    }
}
