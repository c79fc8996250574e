use std::io::Write;
use std::process::ExitCode;

/// Exit code when the reader of our output went away (`impia … | head`),
/// as a shell reports a process ended by SIGPIPE.
const EXIT_BROKEN_PIPE: u8 = 141;

/// Exit code when stdout cannot be written (`impia … > /dev/full`):
/// sysexits' EX_IOERR.
const EXIT_OUTPUT_ERROR: u8 = 74;

/// The panic message of `println!` when stdout fails, if this is one.
fn stdout_failure(payload: &(dyn std::any::Any + Send)) -> Option<&str> {
    let text = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())?;
    text.strip_prefix("failed printing to stdout: ")
}

/// One line on stderr; a stderr that cannot be written is no panic.
fn say(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// stdout failed: a command that already saved its change still succeeds
/// (a script must not retry it); otherwise `code`.
fn output_failed(why: &str, code: u8) -> ExitCode {
    if impia::cli::saved() {
        say(&format!(
            "impia: saved, but the output could not be written: {why}"
        ));
        return ExitCode::SUCCESS;
    }
    if code != EXIT_BROKEN_PIPE {
        say(&format!("impia: cannot write the output: {why}"));
    }
    ExitCode::from(code)
}

fn is_broken_pipe(why: &str) -> bool {
    why.contains("Broken pipe")
}

/// No command: open the window on the roster, tables, language and view
/// the command line names.
fn open_app(cli: &impia::cli::Cli) -> ExitCode {
    use impia::cli::StartView;
    use impia::ui::View;
    let view = cli.view.map(|v| match v {
        StartView::Warband => View::Warband,
        StartView::Game => View::Game,
        StartView::Dice => View::Dice,
        StartView::Reference => View::Reference,
        StartView::Tables => View::Tables,
    });
    match impia::ui::run(impia::ui::StartOptions {
        file: cli.file.clone(),
        tables: cli.tables.clone(),
        lang: cli.lang,
        view,
    }) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            say(&format!(
                "impia: cannot open the window ({e}); the commands still work: try 'impia --help'"
            ));
            ExitCode::from(impia::cli::EXIT_BAD_INPUT)
        }
    }
}

fn main() -> ExitCode {
    // Set once, here, first thing: it cannot be set already.
    let _ = impia::ui::STARTED.set(std::time::Instant::now());
    let cli = match impia::cli::parse_args(std::env::args_os()) {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    // `println!` panics when stdout cannot be written (a closed pipe, a full
    // disk); that is not a crash to report with a backtrace, just the end of
    // the output, told in one line below.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if stdout_failure(info.payload()).is_none() {
            default_hook(info);
        }
    }));
    // main decides: the app, or a command of the CLI (neither imports the other).
    if cli.command.is_none() {
        return open_app(&cli);
    }
    let code = match std::panic::catch_unwind(|| impia::cli::run(&cli)) {
        Ok(code) => code,
        Err(payload) => match stdout_failure(payload.as_ref()) {
            Some(why) if is_broken_pipe(why) => return output_failed(why, EXIT_BROKEN_PIPE),
            Some(why) => return output_failed(why, EXIT_OUTPUT_ERROR),
            None => std::panic::resume_unwind(payload),
        },
    };
    // What is still buffered is written at exit, where an error would be lost.
    if let Err(e) = std::io::stdout().flush() {
        let code = if e.kind() == std::io::ErrorKind::BrokenPipe {
            EXIT_BROKEN_PIPE
        } else {
            EXIT_OUTPUT_ERROR
        };
        return output_failed(&e.to_string(), code);
    }
    code
}
