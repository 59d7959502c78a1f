//! Rule coverage over many files: each file's ops on one basis ([`op_basis`]) with the share
//! fusion took, and the rules' [`Trace`](egfuse_fusion::trace::Trace)s added up into one
//! [`Coverage`], and its renderings as a table, JSON and one HTML page.

mod html;
mod report;
mod table;

pub use html::html;
pub use report::{
    op_basis, Coverage, FileCensus, FileCoverage, RuleCoverage, SiteReport, Totals, FUSED_BASIS,
};
pub use table::table;
