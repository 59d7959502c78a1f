//! Rule coverage over many files: each file's [`Census`](egfuse_ir::fused::Census) and the
//! rules' [`Trace`](egfuse_fusion::trace::Trace)s added up into one [`Coverage`], and its
//! renderings as a table, JSON and one HTML page.

mod html;
mod report;
mod table;

pub use html::html;
pub use report::{Coverage, FileCoverage, RuleCoverage, SiteReport};
pub use table::table;
