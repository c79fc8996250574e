//! `impia game report FILE [--json] [-o FILE.pdf]` (issue 15): the game's
//! story, each warband's VP and losses, and the luck of the dice.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::super::{CliError, print_json};
use super::read::{EXIT_INCONSISTENT, open};
use crate::core::game::report::{Report, report};
use crate::core::glossary;
use crate::core::tables::RuleSet;
use crate::core::text::Lang;

pub(crate) fn run(
    path: &Path,
    rules: &RuleSet,
    json: bool,
    output: Option<&PathBuf>,
    force: bool,
    l: Lang,
) -> Result<ExitCode, CliError> {
    let g = match open(path, rules)? {
        Ok(g) => g,
        Err(msg) => {
            errln!("impia: {msg}");
            return Ok(ExitCode::from(EXIT_INCONSISTENT));
        }
    };
    let r = report(&g, l).map_err(|e| CliError(format!("{}: {}", path.display(), e.message(l))))?;
    if let Some(out) = output {
        super::super::roster::check_output(path, out, force, l)?;
        let bytes = crate::pdf::report_pdf(&r, l, crate::pdf::Paper::A4)
            .map_err(|e| CliError(format!("{}: {e}", path.display())))?;
        crate::core::fsutil::write_atomic(out, &bytes)
            .map_err(|e| CliError(format!("{}: cannot write: {e}", out.display())))?;
        outln!(
            "{} {} ({} bytes)",
            l.pick("Escrito", "Wrote"),
            out.display(),
            bytes.len()
        );
        return Ok(ExitCode::SUCCESS);
    }
    if json {
        print_json(&r)?;
    } else {
        print_text(&r, l);
    }
    Ok(ExitCode::SUCCESS)
}

fn print_text(r: &Report, l: Lang) {
    let p = |es: &'static str, en: &'static str| l.pick(es, en);
    match (r.result, &r.winner) {
        ("playing", _) => outln!("{}", p("Partida en curso", "Game in progress")),
        (_, Some(w)) => outln!("{} {w}", p("Gana", "Won by")),
        _ => outln!("{}", p("Empate", "A draw")),
    }
    for s in &r.sides {
        outln!(
            "{} ({}): {} {} ({} {}, {} {}, {} {}); {} {}, {} {}, {} {}, {} {}; {} {}{}",
            s.warband,
            s.player,
            s.vp.total,
            glossary::VP.get(l),
            s.vp.kills,
            p("bajas", "kills"),
            s.vp.totem,
            p("tótem", "totem"),
            s.vp.scenario,
            p("escenario", "scenario"),
            s.standing,
            p("en pie", "standing"),
            s.down,
            p("Abatidas", "Down"),
            s.fled,
            p("huidas", "fled"),
            s.removed,
            p("retiradas", "removed"),
            s.dp_spent,
            p("PD gastados", "DP spent"),
            s.downs_by
                .first()
                .map(|(n, k)| format!("; {} {n} ({k})", p("más bajas:", "most Down:")))
                .unwrap_or_default()
        );
    }
    for k in &r.luck {
        outln!(
            "{} {}: {} {}, {} {:.2}, {} {}",
            p("Suerte de", "Luck of"),
            if k.player.is_empty() {
                k.side
            } else {
                &k.player
            },
            k.rolls,
            p("tiradas", "rolls"),
            p("esperados", "expected"),
            k.expected,
            p("reales", "actual"),
            k.actual
        );
        for x in [&k.luckiest, &k.unluckiest].into_iter().flatten() {
            outln!("  {} {}: {}", p("turno", "turn"), x.turn, x.text);
        }
    }
    for t in &r.turns {
        let parts = t.story(l);
        outln!("{} {}: {}", glossary::TURN.get(l), t.turn, parts.join("; "));
    }
}
