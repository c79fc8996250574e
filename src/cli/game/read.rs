//! What the `game` subcommands share: opening a game to read it and
//! printing where it stands. At the bottom of `cli/game/`: the commands
//! (`mod.rs`, `play.rs`, `report.rs`, `serve.rs`) import it, it imports none.

use std::path::Path;

use crate::core::game::{Game, GameFileError, GameStatus, Host};
use crate::core::glossary;
use crate::core::tables::RuleSet;
use crate::core::text::Lang;

use super::super::CliError;

/// Exit code of `game replay` (and `status`) when the log does not replay.
pub const EXIT_INCONSISTENT: u8 = 1;

/// Open a game to read it (no lock, nothing written: issue 21): `Err` for
/// an unreadable file (exit 2), `Ok(Err)` for a log that does not replay
/// (exit 1).
pub(crate) fn open(path: &Path, rules: &RuleSet) -> Result<Result<Game, String>, CliError> {
    match Host::view(path, rules) {
        Ok(g) => Ok(Ok(g)),
        Err(e @ GameFileError::Inconsistent { .. }) => Ok(Err(e.to_string())),
        Err(GameFileError::Data(d)) => Err(d.into()),
    }
}

pub(crate) fn print_status(s: &GameStatus, l: Lang) {
    outln!(
        "{}{} {} — {}",
        if s.scenario.is_empty() {
            String::new()
        } else {
            format!("{} — ", s.scenario)
        },
        glossary::TURN.get(l),
        s.turn,
        s.now
    );
    for side in s.sides.iter().map(Some).chain(std::iter::once(None)) {
        let (title, models) = match side {
            Some(x) => (
                format!(
                    "{} ({}{}) — {} {} — {} {}{}",
                    x.warband,
                    x.side.label(l),
                    if x.player.is_empty() {
                        String::new()
                    } else {
                        format!(", {}", x.player)
                    },
                    glossary::POOL.get(l).to_lowercase(),
                    x.pool,
                    glossary::VP.get(l),
                    x.vp.total,
                    x.totem_text
                        .as_deref()
                        .map(|t| format!(" — {t}"))
                        .unwrap_or_default()
                ),
                &x.models,
            ),
            None if !s.beasts.is_empty() => {
                (crate::core::glossary::BEASTS.get(l).to_string(), &s.beasts)
            }
            None => continue,
        };
        outln!("{title}");
        for m in models {
            outln!(
                "  {} {}{}: {}{} — {} {}/{} — {} {} (+{}) — {} {}{}",
                m.model,
                m.name,
                if m.leader { " ★" } else { "" },
                m.status.label(l),
                m.pending_fall
                    .map(|f| format!(" ({f})"))
                    .unwrap_or_default(),
                glossary::FEAR.get(l).to_lowercase(),
                m.fear,
                m.courage,
                glossary::DP.get(l),
                m.dp,
                m.own_total,
                glossary::ROUND.get(l).to_lowercase(),
                m.round,
                // The core's word, lower case inside the line's brackets.
                m.acted_text
                    .as_deref()
                    .map(|t| format!(" ({})", t.to_lowercase()))
                    .unwrap_or_default()
            );
        }
    }
    for h in &s.pending_hits {
        outln!(
            "  {}: {} → {} (F {}, Pen {})",
            l.pick("Impacto pendiente", "Pending hit"),
            h.attacker,
            h.target,
            h.strength,
            h.penetration
        );
    }
}
