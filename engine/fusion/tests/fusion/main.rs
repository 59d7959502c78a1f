//! The fusion crate's tests in one binary: [`cluster`] (the shared region builder against the
//! seed's `FusionCluster` contract) and [`inline`] (the inlining pass).

mod cluster;
mod inline;
