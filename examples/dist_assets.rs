//! The man page and shell completions of `impia`, generated from its clap
//! definitions (issue 36): `cargo run --example dist_assets -- OUT_DIR`
//! writes `impia.1` and `impia.bash`, `_impia` (zsh), `impia.fish`,
//! `_impia.ps1` (PowerShell). scripts/dist packs them.

use std::path::PathBuf;

use clap::CommandFactory;
use clap_complete::Shell;

fn main() -> std::io::Result<()> {
    let out = PathBuf::from(
        std::env::args_os()
            .nth(1)
            .unwrap_or_else(|| "target/dist-assets".into()),
    );
    std::fs::create_dir_all(&out)?;
    let cmd = impia::cli::Cli::command().version(impia::cli::VERSION);
    let mut page = Vec::new();
    clap_mangen::Man::new(cmd.clone()).render(&mut page)?;
    std::fs::write(out.join("impia.1"), page)?;
    for shell in [Shell::Bash, Shell::Zsh, Shell::Fish, Shell::PowerShell] {
        let mut c = cmd.clone();
        let path = clap_complete::generate_to(shell, &mut c, "impia", &out)?;
        println!("{}", path.display());
    }
    println!("{}", out.join("impia.1").display());
    Ok(())
}
