"""What tools/sweep_torch.py and tools/sweep_jax.py share: the shape points and the index files.

Both sweeps export every family at the same points, so that a verdict can be read across
frontends, and write the same two index files beside their exports: `EXPECT` (a line per file,
the clusters of each kind `egfuse fuse` must make) and `README.md` (a table row per file). This
module imports neither torch nor jax, so each sweep's venv can load it.
"""

import os

# Query heads of every attention family; hidden widths are HEADS x head dim.
HEADS = 4

# Shape point -> (batch, positions, head dim).
POINTS = {"b1": (1, 77, 64), "b2": (2, 200, 80), "b3": (3, 77, 128)}


def expect_line(name, expect):
    """`EXPECT`'s line for `name`: `NAME.mlir kind=count ...`, kinds sorted."""
    return f"{name}.mlir " + " ".join(f"{k}={n}" for k, n in sorted(expect.items()))


def write_index(out, rows, lines, readme):
    """Writes `EXPECT` from `lines` and `README.md` from the template `readme` with a table row
    per (name, bytes, what) of `rows`."""
    with open(os.path.join(out, "EXPECT"), "w") as f:
        f.write("".join(line + "\n" for line in lines))
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write(readme.format(table="\n".join(f"| `{n}.mlir` | {b} | {w} |" for n, b, w in rows)))
