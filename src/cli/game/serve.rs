//! `impia game serve FILE`: the table on every phone (issue 25). The
//! command holds the game as its one writer (the same door as `game act`),
//! serves a read-only page of it on the local network, prints the three
//! links and their QR codes, and applies action JSON lines read on stdin,
//! publishing the new state after each.

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::Path;
use std::process::ExitCode;

use super::super::CliError;
use super::play::{
    MAX_STDIN_LINE, MAX_STDIN_LINES, load_writable, parse_action, read_line_bounded, records_error,
};
use crate::core::game::{ErrorKind, Game, Side};
use crate::core::tables::RuleSet;
use crate::core::text::{Lang, escape_controls};
use crate::server::{Seat, Share, net, qr, view};

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

pub(crate) fn serve(
    path: &Path,
    rules: &RuleSet,
    bind: Option<IpAddr>,
    port: u16,
    stay: bool,
    l: Lang,
) -> Result<ExitCode, CliError> {
    let mut g = match load_writable(path, rules)? {
        Ok(g) => g,
        Err(code) => return Ok(code),
    };
    let addr = bind_addr(bind, port, l)?;
    let mut index = 1u64;
    let share =
        Share::start(addr, view::state(&g, index), l).map_err(|e| CliError(e.to_string()))?;
    let links = share.links().clone();
    let mut out = std::io::stdout().lock();
    for seat in Seat::ALL {
        writeln!(out, "{} {}", label(seat), links.get(seat)).map_err(io)?;
    }
    for seat in Seat::ALL {
        let name = who(&g, seat, l);
        let name = escape_controls(&name);
        writeln!(out, "\n{} — {name}", label(seat)).map_err(io)?;
        if let Some(m) = qr::Modules::of(links.get(seat)) {
            write!(out, "{}", m.to_blocks()).map_err(io)?;
        }
    }
    out.flush().map_err(io)?;
    drop(out);
    if addr.ip() == IpAddr::V4(Ipv4Addr::UNSPECIFIED) {
        errln!(
            "impia: {}",
            l.pick(
                "escuchando en todas las interfaces (0.0.0.0)",
                "listening on every interface (0.0.0.0)"
            )
        );
    }

    // Line by line, each bounded like `game act`'s (issue 21): a stream of
    // zeros or a runaway script cannot fill the memory.
    let mut stdin = std::io::stdin().lock();
    let mut buf = Vec::new();
    for n in 1..=MAX_STDIN_LINES {
        match read_line_bounded(&mut stdin, &mut buf, MAX_STDIN_LINE) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => return Err(CliError(format!("stdin, line {n}: {e}"))),
        }
        let Ok(line) = std::str::from_utf8(&buf) else {
            errln!("impia: line {n}: not UTF-8");
            continue;
        };
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        // The host applies, saves and keeps the records (one door).
        let done = match line {
            "undo" => g.undo().map(|_| ()),
            "redo" => g.redo().map(|_| ()),
            _ => match parse_action(line) {
                Ok(a) => g.act(a),
                Err(e) => {
                    errln!("impia: line {n}: not an action: {e}");
                    continue;
                }
            },
        };
        if let Err(e) = done {
            if e.is_applied() || e.kind == ErrorKind::Unknown {
                return Err(CliError(format!("line {n}: {}", e.message(l))));
            }
            // Refused by the rules: nothing changed; say why and go on.
            errln!("{}", e.message(l));
            continue;
        }
        records_error(&mut g, l);
        index += 1;
        share.publish(view::state(&g, index));
        outln!("{index}: {}", g.now_text(l));
    }
    if stay {
        // Until Ctrl+C: the page stays up after the script ends.
        loop {
            std::thread::park();
        }
    }
    share.stop();
    Ok(ExitCode::SUCCESS)
}

/// The word before each link: `A`, `B`, `table`.
fn label(seat: Seat) -> &'static str {
    match seat {
        Seat::A => "A",
        Seat::B => "B",
        Seat::Table => "table",
    }
}

fn io(e: std::io::Error) -> CliError {
    CliError(format!("stdout: {e}"))
}
