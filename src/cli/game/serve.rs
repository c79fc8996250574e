//! `impia game serve FILE`: the table on every phone (issues 25, 26). The
//! command holds the game as its one writer (the same door as `game act`),
//! serves its page on the local network, prints the three links and their
//! QR codes, applies action JSON lines read on stdin, and answers the
//! phones' actions through [`Seats`]: the first action of a phone asks on
//! the terminal ("allow? [y/N]") unless `--allow-all`; each phone's action
//! is printed as the log line it made. A shared game's end enters the
//! records when both phones confirm it, the line `confirm` confirms it for
//! both, or the command ends.

use std::collections::VecDeque;
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::Path;
use std::process::ExitCode;

use std::time::Duration;

use super::super::CliError;
use super::play::{
    MAX_STDIN_LINE, MAX_STDIN_LINES, load_writable, not_saved_end, parse_action, read_line_bounded,
    tell_happened,
};
use crate::core::game::{ErrorKind, Game, Happened, Host, Side};
use crate::core::tables::RuleSet;
use crate::core::text::{Lang, escape_controls};
use crate::server::{Done, Links, Seat, Seats, Share, net, qr};

/// The address to listen on: the one given, else this machine's address on
/// the local network (the default route's). Every interface (0.0.0.0) only
/// when asked for by name.
fn bind_addr(bind: Option<IpAddr>, port: u16, l: Lang) -> Result<SocketAddr, CliError> {
    let ip = match bind {
        Some(ip) => ip,
        None => IpAddr::V4(net::default_ipv4().ok_or_else(|| {
            CliError(
                l.pick(
                    "no hay dirección de red local; pasa --bind 127.0.0.1 para probar en esta máquina",
                    "no local network address; pass --bind 127.0.0.1 to try it on this machine",
                )
                .to_string(),
            )
        })?),
    };
    Ok(SocketAddr::new(ip, port))
}

/// The name shown beside a link: the player's, or the table's.
fn who(g: &Game, seat: Seat, l: Lang) -> String {
    match seat {
        Seat::A => g.state().player_name(Side::A, l),
        Seat::B => g.state().player_name(Side::B, l),
        Seat::Table => l.pick("mesa", "table").to_string(),
    }
}

/// One line of stdin, read on its own thread so that the phones' requests
/// are answered while the terminal waits.
enum Line {
    Text(usize, String),
    NotUtf8(usize),
    Failed(usize, String),
    End,
}

/// What the serve loop waits for: a line of stdin, a phone's request (the
/// share's waker), or a signal to stop (issue 32: it takes each as it comes).
enum Event {
    Line(Line),
    Wake,
    Stop(&'static str),
}

/// Read stdin line by line, each bounded like `game act`'s (issue 21): a
/// stream of zeros or a runaway script cannot fill the memory.
fn read_stdin(tx: std::sync::mpsc::Sender<Event>) {
    let mut stdin = std::io::stdin().lock();
    let mut buf = Vec::new();
    for n in 1..=MAX_STDIN_LINES {
        let line = match read_line_bounded(&mut stdin, &mut buf, MAX_STDIN_LINE) {
            Ok(true) => match std::str::from_utf8(&buf) {
                Ok(t) => Line::Text(n, t.trim().to_string()),
                Err(_) => Line::NotUtf8(n),
            },
            Ok(false) => break,
            Err(e) => Line::Failed(n, e.to_string()),
        };
        let failed = matches!(line, Line::Failed(..));
        if tx.send(Event::Line(line)).is_err() || failed {
            return;
        }
    }
    let _ = tx.send(Event::Line(Line::End));
}

/// SIGINT, SIGTERM and SIGHUP stop the command as the end of stdin does
/// (issue 32: the share closes, a shared ended game enters the records);
/// a second one ends it at once. Tokio's `signal` (tokio is already the
/// server's runtime) on a thread of its own, registered before the links
/// are printed so no signal falls between.
fn watch_signals(tx: std::sync::mpsc::Sender<Event>) -> Result<(), CliError> {
    let fail = |e: std::io::Error| CliError(format!("signals: {e}"));
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()
        .map_err(fail)?;
    #[cfg(unix)]
    let (mut int, mut term, mut hup) = {
        use tokio::signal::unix::{SignalKind, signal};
        let _in = rt.enter();
        (
            signal(SignalKind::interrupt()).map_err(fail)?,
            signal(SignalKind::terminate()).map_err(fail)?,
            signal(SignalKind::hangup()).map_err(fail)?,
        )
    };
    std::thread::Builder::new()
        .name("impia-signals".into())
        .spawn(move || {
            rt.block_on(async move {
                for n in 0.. {
                    #[cfg(unix)]
                    let name = tokio::select! {
                        r = int.recv() => r.map(|_| "SIGINT"),
                        r = term.recv() => r.map(|_| "SIGTERM"),
                        r = hup.recv() => r.map(|_| "SIGHUP"),
                    };
                    #[cfg(not(unix))]
                    let name = tokio::signal::ctrl_c().await.ok().map(|_| "Ctrl+C");
                    let Some(name) = name else { return };
                    if n > 0 {
                        // The clean stop did not end it: the user insists.
                        std::process::exit(130);
                    }
                    if tx.send(Event::Stop(name)).is_err() {
                        return;
                    }
                }
            });
        })
        .map_err(fail)?;
    Ok(())
}

/// The terminal's question for a seat asking to play (issue 26).
fn question(g: &Game, seat: Seat, l: Lang) -> String {
    let side = seat.side().unwrap_or(Side::A);
    let player = escape_controls(&g.state().player_name(side, l)).into_owned();
    let warband = g
        .state()
        .side(side)
        .map(|s| escape_controls(&s.warband).into_owned())
        .unwrap_or_default();
    match l {
        Lang::Es => {
            format!("El teléfono de {player} quiere jugar con {warband} — ¿permitir? [s/N]")
        }
        Lang::En => format!("{player}'s phone wants to play {warband} — allow? [y/N]"),
    }
}

fn is_answer(line: &str) -> bool {
    line.is_empty() || is_yes(line) || matches!(line.to_lowercase().as_str(), "n" | "no")
}

fn is_yes(line: &str) -> bool {
    matches!(
        line.to_lowercase().as_str(),
        "y" | "yes" | "s" | "si" | "sí"
    )
}

/// What a phone did, as the terminal tells it: the log line it made.
fn tell(g: &Game, done: Done, index: u64, l: Lang) {
    let (seat, what) = match done {
        Done::Acted(s) => (
            s,
            g.log()
                .last()
                .map(|e| e.describe(l).to_string())
                .unwrap_or_default(),
        ),
        Done::Undid(s) => (s, l.pick("deshace", "undoes").to_string()),
        // Issue 33: the terminal shows the request, and how it ended.
        Done::AskedUndo(s) => (
            s,
            format!(
                "{} ({})",
                seats_question(g, s, l),
                l.pick(
                    "`allow` o `refuse` contesta desde aquí",
                    "`allow` or `refuse` answers from here"
                )
            ),
        ),
        Done::AnsweredUndo(s, allow) => (
            s,
            if allow {
                l.pick("lo permite: retirada", "allows it: taken back")
            } else {
                l.pick("no lo permite: sigue en pie", "refuses: it stands")
            }
            .to_string(),
        ),
        Done::AnsweredProposal(s, allow) => (
            s,
            if allow {
                l.pick("acepta la propuesta: aplicada", "agrees: applied")
            } else {
                l.pick(
                    "no acepta la propuesta: no se aplica",
                    "refuses: not applied",
                )
            }
            .to_string(),
        ),
        Done::Confirmed(s) => (
            s,
            l.pick("confirma el final", "confirms the end").to_string(),
        ),
        Done::After(s) => (
            s,
            l.pick(
                "anota el final en su campaña",
                "writes the game into its campaign",
            )
            .to_string(),
        ),
    };
    outln!(
        "{index}: {}: {}",
        label(seat),
        escape_controls(&what).into_owned()
    );
}

/// The question of a request to take back, as the asking seat put it.
fn seats_question(g: &Game, seat: Seat, l: Lang) -> String {
    let by = match seat {
        Seat::B => crate::core::game::By::B,
        _ => crate::core::game::By::A,
    };
    g.take_back_question(by, l)
}

/// Issue 35: the share kept beside the game, resumed with its approvals
/// (`resume`, when there is one), else a fresh one on `addr`.
fn start_share(
    path: &Path,
    resume: bool,
    addr: std::net::SocketAddr,
    g: &crate::core::game::Host,
    seats: &mut Seats,
    l: Lang,
) -> Result<Share, CliError> {
    let kept = if resume {
        crate::server::resume::load(path)
    } else {
        None
    };
    if let Some(k) = &kept {
        seats.restore(k.allowed);
    }
    match &kept {
        Some(k) => Share::resume(k, seats.state(g, None, 1), l),
        None => Share::start(addr, seats.state(g, None, 1), l),
    }
    .map_err(|e| CliError(e.to_string()))
}

/// Issue 35: keep the share beside the game when its approvals change.
fn keep_share(path: &Path, share: &Share, seats: &Seats, kept: &mut Option<[bool; 2]>) {
    if *kept == Some(seats.allowed()) {
        return;
    }
    *kept = Some(seats.allowed());
    if let Err(e) = crate::server::resume::save(path, &share.saved(seats.allowed())) {
        errln!("impia: {}: {e}", path.display());
    }
}

/// Run the share until stdin ends (or, with `--stay`, until Ctrl+C).
pub(crate) fn serve(
    path: &Path,
    rules: &RuleSet,
    opts: ServeOptions,
    l: Lang,
) -> Result<ExitCode, CliError> {
    let mut g = match load_writable(path, rules)? {
        Ok(g) => g,
        Err(code) => return Ok(code),
    };
    let addr = bind_addr(opts.bind, opts.port, l)?;
    let mut seats = Seats::new(&mut g);
    if opts.allow_all {
        seats.allow_all();
    }
    let share = start_share(path, opts.resume, addr, &g, &mut seats, l)?;
    let mut kept_allowed = None;
    let (tx, events) = std::sync::mpsc::channel();
    watch_signals(tx.clone())?;
    // The links and the log beside the game: a stdout that closes (`| head
    // -3`) stops them, not the game (issue 32).
    crate::cli::output_optional();
    print_links(&g, share.links(), l);
    if addr.ip() == IpAddr::V4(Ipv4Addr::UNSPECIFIED) {
        errln!(
            "impia: {}",
            l.pick(
                "escuchando en todas las interfaces (0.0.0.0)",
                "listening on every interface (0.0.0.0)"
            )
        );
    }

    // One wake at a time: set when sent, cleared before the requests are
    // taken, so a flood of requests is one event, not a queue of them.
    let woken = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    {
        let (tx, woken) = (std::sync::Mutex::new(tx.clone()), woken.clone());
        share.set_waker(move || {
            if !woken.swap(true, std::sync::atomic::Ordering::SeqCst)
                && let Ok(tx) = tx.lock()
            {
                let _ = tx.send(Event::Wake);
            }
        });
    }
    // Never joined: it may sit in a blocking read when the command ends.
    std::thread::Builder::new()
        .name("impia-stdin".into())
        .spawn(move || read_stdin(tx))
        .map_err(|e| CliError(format!("stdin: {e}")))?;
    let mut served = Served {
        g,
        seats,
        share,
        questions: VecDeque::new(),
        l,
    };
    loop {
        // Whatever comes first; a quiet second refreshes the seats anyway.
        let event = events.recv_timeout(Duration::from_secs(1));
        woken.store(false, std::sync::atomic::Ordering::SeqCst);
        served.phones();
        if opts.resume {
            keep_share(path, &served.share, &served.seats, &mut kept_allowed);
        }
        let line = match event {
            Ok(Event::Line(line)) => line,
            Ok(Event::Wake) | Err(std::sync::mpsc::RecvTimeoutError::Timeout) => continue,
            Ok(Event::Stop(name)) => {
                errln!(
                    "impia: {name}: {}",
                    l.pick("se cierra la mesa compartida", "closing the shared table")
                );
                break;
            }
            // Every sender gone (cannot happen while the share lives).
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
        };
        let (n, line) = match line {
            Line::Text(n, t) => (n, t),
            Line::NotUtf8(n) => {
                errln!("impia: line {n}: not UTF-8");
                continue;
            }
            Line::Failed(n, e) => return Err(CliError(format!("stdin, line {n}: {e}"))),
            Line::End if opts.stay => {
                // Until Ctrl+C: the page and the phones go on.
                continue;
            }
            Line::End => break,
        };
        // A seat asking: a yes or no (or an empty line: no) answers it;
        // any other line is an action, as ever.
        let asking = served.questions.front().copied();
        if let Some(seat) = asking.filter(|_| is_answer(&line)) {
            served.answer(seat, &line);
            continue;
        }
        served.line(n, &line)?;
    }
    Ok(served.stop())
}

/// The three links, each with the name beside it and its QR code.
fn print_links(g: &Game, links: &Links, l: Lang) {
    let mut text = String::new();
    for seat in Seat::ALL {
        text += &format!("{} {}\n", label(seat), links.get(seat));
    }
    for seat in Seat::ALL {
        let name = who(g, seat, l);
        let name = escape_controls(&name);
        text += &format!("\n{} — {name}\n", label(seat));
        if let Some(m) = qr::Modules::of(links.get(seat)) {
            text += &m.to_blocks();
        }
    }
    crate::cli::out(format_args!("{text}"));
    // The links first, whole, even when stdout is a pipe.
    let _ = std::io::stdout().flush();
}

/// The game being served: its one writer, the phones' seats and the
/// share, with the terminal's questions.
struct Served {
    g: Host,
    seats: Seats,
    share: Share,
    /// Seats asked about on the terminal, the one waiting for an answer first.
    questions: VecDeque<Seat>,
    l: Lang,
}

impl Served {
    /// One short step for the phones: a request answered, the seats
    /// refreshed, a phone newly asking to play put to the terminal.
    fn phones(&mut self) {
        let Self {
            g,
            seats,
            share,
            questions,
            l,
        } = self;
        for req in share.take_requests() {
            if let Some(done) = seats.handle(g, share, req) {
                tell(g, done.done, share.index(), *l);
                tell_happened(&done.happened, *l);
                // Issue 32: a phone's change the file lacks, said here too.
                if let Some(e) = g.unsaved() {
                    errln!("impia: {}", escape_controls(&e.message(*l)));
                }
            }
        }
        seats.refresh(g, share);
        for seat in seats.asking() {
            if !questions.contains(&seat) {
                questions.push_back(seat);
                if questions.len() == 1 {
                    outln!("{}", question(g, seat, *l));
                }
            }
        }
    }

    /// The terminal's yes or no to `seat`; then the next question, if any.
    fn answer(&mut self, seat: Seat, line: &str) {
        let Self {
            g,
            seats,
            share,
            questions,
            l,
        } = self;
        questions.pop_front();
        if is_yes(line) {
            for done in seats.allow(seat, g, share) {
                tell(g, done.done, share.index(), *l);
                tell_happened(&done.happened, *l);
            }
        } else {
            seats.refuse(seat, share);
            seats.refresh(g, share);
        }
        if let Some(next) = questions.front() {
            outln!("{}", question(g, *next, *l));
        }
    }

    /// Terminal line `n`: `undo`, `redo`, `confirm` or an action. The host
    /// applies, saves and keeps the records (one door).
    fn line(&mut self, n: usize, line: &str) -> Result<(), CliError> {
        let Self {
            g, seats, share, l, ..
        } = self;
        let l = *l;
        if line.is_empty() {
            return Ok(());
        }
        let done = match line {
            // Issue 33: the laptop may always undo (both phones are told);
            // a result the records hold only with `withdraw`.
            "undo" | "withdraw" => {
                let withdraw = line == "withdraw";
                if g.undo_withdraws_result() && !withdraw {
                    errln!(
                        "{}",
                        match l {
                            Lang::Es => format!(
                                "deshacer el final retira un resultado confirmado: {}; escribe `withdraw` para retirarlo",
                                escape_controls(&g.result_words(l))
                            ),
                            Lang::En => format!(
                                "undoing the end withdraws a confirmed result: {}; type `withdraw` to withdraw it",
                                escape_controls(&g.result_words(l))
                            ),
                        }
                    );
                    return Ok(());
                }
                seats
                    .laptop_undo(g, share, withdraw)
                    .map(Option::unwrap_or_default)
            }
            // A request to take back first; else what waits for a seat
            // (issue 33: a proposal, or a roll waiting for its dice or
            // choices), which the laptop decides.
            "allow" | "refuse" if seats.take_back_request(g, l).is_none() => {
                seats.decide(line == "allow", g, share)
            }
            "allow" | "refuse" => seats.answer_as_laptop(g, share, line == "allow"),
            "redo" => g.redo().map(Option::unwrap_or_default),
            "confirm" => {
                // The laptop confirms the end for both players.
                let happened = seats.confirm_for_both(g, share);
                tell_happened(&happened, l);
                outln!("{}: {}", share.index(), g.now_text(l));
                return Ok(());
            }
            _ => match parse_action(line) {
                Ok(a) => g.act(a),
                Err(e) => {
                    errln!("impia: line {n}: not an action: {e}");
                    return Ok(());
                }
            },
        };
        let happened: Happened = match done {
            Ok(h) => h,
            Err(e) if e.is_applied() => {
                // Issue 32: kept in memory and in the recovery file; the
                // phones see it unsaved, and the end says so (exit 73).
                errln!("impia: line {n}: {}", escape_controls(&e.message(l)));
                if let Some(h) = e.happened() {
                    tell_happened(h, l);
                    seats.tell(h);
                }
                seats.publish(g, share);
                return Ok(());
            }
            Err(e) => {
                if e.kind == ErrorKind::Unknown {
                    return Err(CliError(format!("line {n}: {}", e.message(l))));
                }
                // Refused by the rules: nothing changed; say why and go on.
                errln!("{}", e.message(l));
                return Ok(());
            }
        };
        tell_happened(&happened, l);
        seats.tell(&happened);
        seats.publish(g, share);
        outln!("{}: {}", share.index(), g.now_text(l));
        Ok(())
    }

    /// Requests still waiting get 503 as the share stops; an ended game
    /// no longer waits for the phones' confirmation. Issue 32: changes the
    /// file lacks are said, kept in the recovery file, and the exit is 73.
    fn stop(self) -> ExitCode {
        let Self {
            mut g,
            seats,
            share,
            l,
            ..
        } = self;
        share.stop();
        let happened = seats.close(&mut g);
        tell_happened(&happened, l);
        not_saved_end(&mut g, l).unwrap_or(ExitCode::SUCCESS)
    }
}

/// `game serve`'s options.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ServeOptions {
    pub bind: Option<IpAddr>,
    pub port: u16,
    /// Keep serving after the end of stdin.
    pub stay: bool,
    /// Every phone may play without asking.
    pub allow_all: bool,
    /// Resume the share kept beside the game, and keep it (issue 35).
    pub resume: bool,
}

/// The word before each link: `A`, `B`, `table`.
fn label(seat: Seat) -> &'static str {
    match seat {
        Seat::A => "A",
        Seat::B => "B",
        Seat::Table => "table",
    }
}
