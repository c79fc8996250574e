use std::process::ExitCode;

/// Exit code when the reader of our output went away (`impia … | head`),
/// as a shell reports a process ended by SIGPIPE.
const EXIT_BROKEN_PIPE: u8 = 141;

fn is_broken_pipe(payload: &(dyn std::any::Any + Send)) -> bool {
    let text = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
        .unwrap_or("");
    text.contains("Broken pipe")
}

fn main() -> ExitCode {
    let _ = impia::ui::STARTED.set(std::time::Instant::now());
    let cli = match impia::cli::parse_args(std::env::args_os()) {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    // `println!` panics when stdout is a closed pipe; that is not a crash to
    // report, just the end of the output.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !is_broken_pipe(info.payload()) {
            default_hook(info);
        }
    }));
    match std::panic::catch_unwind(|| impia::cli::run(&cli)) {
        Ok(code) => code,
        Err(payload) if is_broken_pipe(payload.as_ref()) => ExitCode::from(EXIT_BROKEN_PIPE),
        Err(payload) => std::panic::resume_unwind(payload),
    }
}
