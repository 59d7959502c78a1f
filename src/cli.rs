//! Command-line parsing and the subcommand drivers. Exit codes: 0 success, 1 a check failed,
//! 2 bad input (a diagnostic was printed and nothing was written).

use clap::{Parser, Subcommand};
use egfuse_diag::Diag;
use egfuse_ir::parse::sniff;
use egfuse_ir::print::PrintOptions;
use egfuse_ir::Module;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "egfuse",
    version,
    about = "A declarative rewrite-rule fusion compiler for Neuron-style accelerators"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Parse and verify an MLIR module (StableHLO, CHLO, MHLO) and print it back.
    Parse {
        /// The input file, or `-` for standard input.
        input: PathBuf,
        /// Where to write the module (default: standard output). Written atomically.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Print every op in MLIR's generic form.
        #[arg(long)]
        generic: bool,
    },
    /// Run a function of a module on concrete inputs with the reference interpreter.
    ///
    /// Without --func it runs `@main`, or, in a module without one, every public function that
    /// takes no arguments (the self-checking StableHLO test-suite layout). Exit 0 when every
    /// `check.*` op holds, 1 when one fails, 2 when the module cannot be read or run.
    Eval(crate::eval_cmd::EvalArgs),
    /// Run two modules on the same random inputs and compare every output.
    ///
    /// An output agrees when it is within its element type's tolerance of the first module's,
    /// or when its error against the first module run in f64 is no worse than that module's
    /// own, by --factor (rounding, not a miscompile). Exit 0 when all agree, 1 when one differs.
    Verify(crate::verify_cmd::VerifyArgs),
    /// Fuse a module: run the fusion rules and write the fused module (or its Penguin text).
    Fuse(crate::fuse_cmd::FuseArgs),
    /// Report what each fusion rule did over many modules: anchors examined, matches,
    /// fusions applied, rejections by predicate, and per file the share of ops fused.
    ///
    /// Exit 0 when every file fused, 2 when one could not be read (the others are reported).
    Coverage(crate::coverage_cmd::CoverageArgs),
    /// Explain one fusion rule on a module: for each candidate anchor, what matched and the
    /// pattern node or predicate that said no; in egraph mode, the matches extraction did not
    /// choose and their costs.
    Explain(crate::explain_cmd::ExplainArgs),
    /// Compare fusion plans (none, compat, egraph) on a module under the target's cost model.
    Compare(crate::compare_cmd::CompareArgs),
    /// Lower every fused kernel and every op left unfused to a nisa program (NKI ISA
    /// instructions, tiled, placed in SBUF/PSUM and assigned to engines) and write its text.
    ///
    /// An unfused module is fused first. Exit 0 when every kernel lowers (and, with --check,
    /// agrees with the ops it lowers), 1 when one does not, 2 when the input cannot be read.
    Lower(crate::lower_cmd::LowerArgs),
    /// Assemble per-engine streams (the text `lower --emit asm` writes) into a binary, once
    /// they verify and replay deadlock-free and race-free; exit 2 names what does not.
    Asm(crate::asm_cmd::AsmArgs),
    /// Print a binary (`egfuse asm`, `lower --emit bin`) as the streams' text; exit 2 names
    /// the bytes that are not a binary.
    Disasm(crate::asm_cmd::DisasmArgs),
    /// Check or list the fusion and rewrite rules.
    Rules {
        #[command(subcommand)]
        command: crate::rules_cmd::RulesCommand,
    },
    /// Check a target description for the cost model and print it in canonical form.
    Target(crate::target_cmd::TargetChoice),
}

pub fn run() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Parse {
            input,
            output,
            generic,
        } => parse_cmd(&input, output.as_deref(), PrintOptions { generic }),
        Command::Eval(args) => crate::eval_cmd::eval(&args),
        Command::Verify(args) => crate::verify_cmd::verify(&args),
        Command::Fuse(args) => crate::fuse_cmd::fuse(&args),
        Command::Coverage(args) => crate::coverage_cmd::coverage(&args),
        Command::Explain(args) => crate::explain_cmd::explain(&args),
        Command::Compare(args) => crate::compare_cmd::compare(&args),
        Command::Lower(args) => crate::lower_cmd::run(&args),
        Command::Asm(args) => crate::asm_cmd::asm(&args),
        Command::Disasm(args) => crate::asm_cmd::disasm(&args),
        Command::Rules { command } => crate::rules_cmd::run(command),
        Command::Target(choice) => crate::target_cmd::run(&choice),
    }
}

/// A failure that has already been rendered for the user.
pub struct Reported;

/// A module read from a file, with the text its diagnostics point into.
pub struct Loaded {
    pub name: String,
    pub src: String,
    pub module: Module,
}

impl Loaded {
    /// Renders `diags` against this module's source.
    pub fn fail(&self, diags: &[Diag]) -> Reported {
        fail(&self.name, &self.src, diags)
    }
}

/// Reads, parses and verifies a module; any problem is rendered and reported. A file that is
/// not MLIR text at all (empty, binary, HLO text, prose) is said to be so before parsing.
pub fn load(input: &Path) -> Result<Loaded, Reported> {
    let (name, bytes) = read_bytes(input)?;
    let src = mlir_text(bytes).map_err(|found| fail(&name, &found.1, &[found.0]))?;
    let module = egfuse_ir::parse::parse(&src).map_err(|d| fail(&name, &src, &[d]))?;
    let errors = egfuse_ir::verify::verify(&module);
    if !errors.is_empty() {
        return Err(fail(&name, &src, &errors));
    }
    Ok(Loaded { name, src, module })
}

fn parse_cmd(input: &Path, output: Option<&Path>, opts: PrintOptions) -> ExitCode {
    let run = || -> Result<(), Reported> {
        let loaded = load(input)?;
        write_output_with(output, |w| {
            egfuse_ir::print::print_to(&loaded.module, opts, w)
        })
    };
    exit_code(run())
}

/// The exit code of a command that either finished (0) or reported bad input (2).
pub fn exit_code(result: Result<(), Reported>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Reported) => ExitCode::from(2),
    }
}

/// Leaves what a command built to the process's exit rather than dropping it: a command is the
/// process's last work, and the kernel takes its memory back whole at exit, where dropping a
/// large module and e-graph report frees them piece by piece (about 0.7 ms of a 35 ms `fuse`;
/// clang's `-disable-free` is the same choice). Only for a command's own result, at its end.
pub fn keep_until_exit<T>(value: T) {
    std::mem::forget(value);
}

pub fn fail(name: &str, src: &str, diags: &[Diag]) -> Reported {
    eprint!("{}", egfuse_diag::render(name, src, diags));
    Reported
}

/// Reads a file (or stdin for `-`) as UTF-8 text.
pub fn read_input(input: &Path) -> Result<(String, String), Reported> {
    let (name, bytes) = read_bytes(input)?;
    let src = utf8(&name, bytes)?;
    Ok((name, src))
}

/// The name a file is reported under, and its bytes (stdin for `-`).
fn read_bytes(input: &Path) -> Result<(String, Vec<u8>), Reported> {
    let name = input.display().to_string();
    let mut bytes = Vec::new();
    let read = if input == Path::new("-") {
        std::io::stdin().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::read(input).map(|b| bytes = b)
    };
    match read {
        Ok(()) => Ok((name, bytes)),
        Err(e) => {
            eprintln!("error: cannot read {name}: {e}");
            Err(Reported)
        }
    }
}

/// `bytes` as text, or a diagnostic at the first byte that is not UTF-8.
fn utf8(name: &str, bytes: Vec<u8>) -> Result<String, Reported> {
    String::from_utf8(bytes).map_err(|e| {
        let (d, text) = not_utf8(e);
        fail(name, &text, &[d])
    })
}

/// `bytes` as MLIR text, or the diagnostic that says what else they are (binary, not UTF-8,
/// empty, HLO text, prose) with the text it points into.
pub fn mlir_text(bytes: Vec<u8>) -> Result<String, Box<(Diag, String)>> {
    if let Some(found) = sniff::binary(&bytes) {
        return Err(Box::new(found));
    }
    let src = String::from_utf8(bytes).map_err(|e| Box::new(not_utf8(e)))?;
    match sniff::sniff(&src) {
        Some(d) => Err(Box::new((d, src))),
        None => Ok(src),
    }
}

/// The diagnostic of bytes that are not UTF-8, at the first bad byte, and their text.
fn not_utf8(e: std::string::FromUtf8Error) -> (Diag, String) {
    let at = e.utf8_error().valid_up_to();
    let d = Diag::new(
        "parse::utf8",
        egfuse_diag::Span::new(at, at + 1),
        "input is not valid UTF-8: egfuse reads MLIR text",
    )
    .with_label("this byte does not start a UTF-8 character");
    (d, String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Writes `text` to `output` ([`write_output_with`]).
pub fn write_output(output: Option<&Path>, text: &[u8]) -> Result<(), Reported> {
    write_output_with(output, |w| w.write_all(text))
}

/// Writes what `write` writes to `output` through a temporary file and a rename, or to stdout
/// (no output, or `-`). A destination that exists and is not a regular file (`/dev/null`, a
/// FIFO) is written in place: renaming over it would replace the device with a file.
pub fn write_output_with(
    output: Option<&Path>,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), Reported> {
    let Some(path) = output.filter(|p| *p != Path::new("-")) else {
        let mut stdout = std::io::stdout().lock();
        return write(&mut stdout).map_err(|e| {
            eprintln!("error: cannot write to standard output: {e}");
            Reported
        });
    };
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        return std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|mut f| write(&mut f))
            .map_err(|e| {
                eprintln!("error: cannot write {}: {e}", path.display());
                Reported
            });
    }
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let result = temporary_in(dir).and_then(|mut tmp| {
        write(&mut tmp)?;
        replace(tmp, path)
    });
    result.map_err(|e| {
        eprintln!("error: cannot write {}: {}", path.display(), os_error(&e));
        Reported
    })
}

/// Puts the written temporary file `tmp` at `path`, in one step: a reader sees the old file or
/// the new one. Over an existing regular file, Linux swaps the two names (`renameat2` with
/// `RENAME_EXCHANGE`) and dropping `tmp` then removes the old file under the temporary name. A
/// rename over a file would make ext4 start writing the new file's blocks before it returns
/// (`auto_da_alloc`, its guard for files replaced without `fsync`): 0.4 to 1 ms for 600 KB here,
/// a tenth of fusing a small model. egfuse syncs no output, so it never promised one survives a
/// power loss. Anywhere else, and when the swap is refused, a plain rename.
fn replace(tmp: tempfile::NamedTempFile, path: &Path) -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file()) {
        use rustix::fs::{renameat_with, RenameFlags, CWD};
        if renameat_with(CWD, tmp.path(), CWD, path, RenameFlags::EXCHANGE).is_ok() {
            return Ok(());
        }
    }
    tmp.persist(path).map(|_| ()).map_err(|e| e.error)
}

/// A temporary file in `dir` created with mode 0666 less the umask, as `open` creates any
/// file: the rename keeps the mode, and tempfile's own 0600 would make every output private.
fn temporary_in(dir: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    let mut builder = tempfile::Builder::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(dir)
}

/// The operating system's error under `e`: tempfile's errors end with ` at path "..."`, the
/// temporary file's path, which means nothing to the user, who asked for the destination.
fn os_error(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.rsplit_once(" at path \"") {
        Some((reason, _)) => reason.to_string(),
        None => text,
    }
}
