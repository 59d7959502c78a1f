//! Golden tests of the shared region builder (`egfuse_fusion::cluster`) against the seed's
//! `FusionCluster` contract (seeds/000_2a3b48bb609391fd.txt). Each test names the seed section
//! it pins; all go through [`harness::check`].

mod composite;
mod errors;
mod fusion;
mod harness;
