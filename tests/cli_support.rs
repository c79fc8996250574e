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
