//! The interpreter's hand-checked cases in one binary: [`shape`] (data movement, dynamic shapes,
//! gather/scatter, reductions, windows, sort) and [`linalg_ops`] (contractions, convolutions,
//! linear algebra, FFT, RNG, normalization, quantization, CHLO) and [`numerics`] (declared
//! against exact rounding).

mod linalg_ops;
mod numerics;
mod shape;
