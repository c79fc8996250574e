//! Running the `impia` binary from the integration tests, as a user or a
//! script does.

use std::process::{Command, Output};

/// `impia ARGS`, its exit code, stdout and stderr.
pub fn impia(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_impia"))
        .args(args)
        .output()
        .expect("run the impia binary")
}

/// `impia ARGS` run from the working folder `dir` (relative paths in ARGS
/// are read from there).
pub fn impia_in(dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_impia"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run the impia binary")
}
