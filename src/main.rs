#[cfg(not(target_arch = "wasm32"))]
use std::io::Write;
#[cfg(not(target_arch = "wasm32"))]
use std::process::ExitCode;

#[cfg(not(target_arch = "wasm32"))]
/// Exit code when the reader of our output went away (`impia … | head`),
/// as a shell reports a process ended by SIGPIPE.
const EXIT_BROKEN_PIPE: u8 = 141;

#[cfg(not(target_arch = "wasm32"))]
/// Exit code when stdout cannot be written (`impia … > /dev/full`):
/// sysexits' EX_IOERR.
const EXIT_OUTPUT_ERROR: u8 = 74;

#[cfg(not(target_arch = "wasm32"))]
/// The stdout failure a command ended with, if this panic is one.
fn output_failure(payload: &(dyn std::any::Any + Send)) -> Option<&std::io::Error> {
    payload
        .downcast_ref::<impia::cli::OutputFailed>()
        .map(|f| &f.0)
}

#[cfg(not(target_arch = "wasm32"))]
/// One line on stderr; a stderr that cannot be written is no panic.
fn say(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

#[cfg(not(target_arch = "wasm32"))]
/// stdout failed: a command that already saved its change still succeeds
/// (a script must not retry it); otherwise the code for its kind.
fn output_failed(e: &std::io::Error) -> ExitCode {
    if impia::cli::saved() {
        say(&format!(
            "impia: saved, but the output could not be written: {e}"
        ));
        return ExitCode::SUCCESS;
    }
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        return ExitCode::from(EXIT_BROKEN_PIPE);
    }
    say(&format!("impia: cannot write the output: {e}"));
    ExitCode::from(EXIT_OUTPUT_ERROR)
}

#[cfg(not(target_arch = "wasm32"))]
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
        home: cli.home.clone(),
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

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    // Set once, here, first thing: it cannot be set already.
    let _ = impia::ui::STARTED.set(web_time::Instant::now());
    let cli = match impia::cli::parse_args(std::env::args_os()) {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    // A command's write to stdout that fails (a closed pipe, a full disk)
    // ends it with a panic; that is not a crash to report with a backtrace,
    // just the end of the output, told in one line below.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if output_failure(info.payload()).is_none() {
            default_hook(info);
        }
    }));
    // main decides: the app, or a command of the CLI (neither imports the other).
    if cli.command.is_none() {
        return open_app(&cli);
    }
    let code = match std::panic::catch_unwind(|| impia::cli::run(&cli)) {
        Ok(code) => code,
        Err(payload) => match output_failure(payload.as_ref()) {
            Some(e) => return output_failed(e),
            None => std::panic::resume_unwind(payload),
        },
    };
    // What is still buffered is written at exit, where an error would be lost.
    if let Err(e) = std::io::stdout().flush()
        && !impia::cli::output_dropped()
    {
        return output_failed(&e);
    }
    code
}

/// The web build (issue 37, scripts/build-web): the app on the page's
/// canvas, as eframe_template starts it; there is no command line in a
/// browser.
#[cfg(target_arch = "wasm32")]
fn main() {
    web::start();
}

#[cfg(target_arch = "wasm32")]
mod web {
    /// The canvas index.html holds (assets/web/index.html).
    const CANVAS_ID: &str = "impia_canvas";

    /// Start the app on the page's canvas; a failure replaces the loading
    /// line with what went wrong (a blank page tells the player nothing).
    pub fn start() {
        use wasm_bindgen::JsCast as _;
        // Panics and log lines go to the browser's console.
        eframe::WebLogger::init(log::LevelFilter::Warn).ok();
        let _ = impia::ui::STARTED.set(web_time::Instant::now());
        if let Some(w) = web_sys::window() {
            // Ask the browser to keep this page's storage under pressure.
            if let Ok(s) = w.navigator().storage().persist() {
                drop(s);
            }
            if w.location().search().is_ok_and(|q| q.contains("selftest")) {
                self_test();
            }
        }
        wasm_bindgen_futures::spawn_local(async {
            let Some(document) = web_sys::window().and_then(|w| w.document()) else {
                return;
            };
            let Some(canvas) = document
                .get_element_by_id(CANVAS_ID)
                .and_then(|e| e.dyn_into::<web_sys::HtmlCanvasElement>().ok())
            else {
                log::error!("impia: no canvas #{CANVAS_ID} in the page");
                return;
            };
            let result = eframe::WebRunner::new()
                .start(
                    canvas,
                    eframe::WebOptions::default(),
                    Box::new(|cc| {
                        let rules =
                            impia::core::tables::RuleSet::builtin().map_err(|e| e.to_string())?;
                        let opts = impia::ui::StartOptions::default();
                        let mut app = impia::ui::ImpiaApp::new(cc, opts, (rules, None), None);
                        app.restore_kept();
                        Ok(Box::new(app))
                    }),
                )
                .await;
            let loading = document.get_element_by_id("loading");
            match (result, loading) {
                (Ok(()), Some(l)) => l.remove(),
                (Err(e), Some(l)) => {
                    l.set_text_content(Some(&format!("impia could not start: {e:?}")));
                }
                _ => {}
            }
        });
    }

    /// `?selftest`: the store's cases against this browser's storage, their
    /// lines in `<pre id="selftest">` for the browser test to read.
    fn self_test() {
        let lines = impia::ui::web::storage::self_test().join("\n");
        let Some(d) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        if let (Ok(pre), Some(body)) = (d.create_element("pre"), d.body()) {
            pre.set_id("selftest");
            pre.set_text_content(Some(&lines));
            let _ = body.append_child(&pre);
        }
    }
}
