use std::process::ExitCode;

fn main() -> ExitCode {
    let _ = impia::ui::STARTED.set(std::time::Instant::now());
    let cli = match impia::cli::parse_args(std::env::args_os()) {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    impia::cli::run(&cli)
}
