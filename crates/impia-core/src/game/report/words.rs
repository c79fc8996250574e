//! The report's figures in words (issue 34): the app, the CLI and the PDF
//! each wrote "PD gastados", "1 Abatidas" and the expected successes with
//! a decimal point of their own; the core words them once.

use super::{LuckLine, LuckReport, Report, SideReport};
use crate::glossary;
use crate::text::{Lang, decimal};

impl Report {
    /// "Gana Guardia del Paso", "Empate" or "Partida en curso".
    pub fn result_text(&self, l: Lang) -> String {
        match (self.result, &self.winner) {
            ("playing", _) => l.pick("Partida en curso", "Game in progress").to_string(),
            (_, Some(w)) => format!("{} {w}", l.pick("Gana", "Won by")),
            _ => l.pick("Empate", "A draw").to_string(),
        }
    }

    /// The whole report as plain lines, as `impia game report` prints it
    /// and the phones' report link serves it: the result, each warband,
    /// each player's luck, then the story turn by turn.
    pub fn lines(&self, l: Lang) -> Vec<String> {
        let mut lines = vec![self.result_text(l)];
        for s in &self.sides {
            let most = s
                .most_down_text(l)
                .map(|m| format!("; {m}"))
                .unwrap_or_default();
            lines.push(format!(
                "{}: {} ({}); {}; {}{most}",
                s.who(),
                s.vp_text(l),
                s.vp_parts_text(l),
                s.models_text(l),
                s.dp_spent_text(l),
            ));
        }
        for k in &self.luck {
            lines.push(format!(
                "{} {}",
                l.pick("Suerte de", "Luck of"),
                k.summary_text(l)
            ));
            lines.extend(k.extremes(l).map(|x| format!("  {x}")));
        }
        for t in &self.turns {
            lines.push(format!(
                "{} {}: {}",
                glossary::TURN.get(l),
                t.turn,
                t.story(l).join("; ")
            ));
        }
        lines
    }
}

/// "1 abatida" / "2 abatidas": Spanish agrees in number; English's
/// words here do not change.
fn count(n: usize, es: (&str, &str), en: &str, l: Lang) -> String {
    let word = match l {
        Lang::Es if n == 1 => es.0,
        Lang::Es => es.1,
        Lang::En => en,
    };
    format!("{n}\u{a0}{word}")
}

impl SideReport {
    /// "Guardia del Paso (Ana)", or the warband alone.
    pub fn who(&self) -> String {
        if self.player.is_empty() {
            self.warband.clone()
        } else {
            format!("{} ({})", self.warband, self.player)
        }
    }

    /// R36: "7 PV".
    pub fn vp_text(&self, l: Lang) -> String {
        format!("{} {}", self.vp.total, glossary::VP.get(l))
    }

    /// R36: where the VP came from, "3 por bajas · 0 por Tótem · 4 de
    /// escenario".
    pub fn vp_parts_text(&self, l: Lang) -> String {
        format!(
            "{} {} · {} {} · {} {}",
            self.vp.kills,
            l.pick("por bajas", "kills"),
            self.vp.totem,
            l.pick("por Tótem", "totem"),
            self.vp.scenario,
            l.pick("de escenario", "scenario")
        )
    }

    /// The models at the end: "4 en pie · 1 abatida · 0 huidas · 2
    /// retiradas".
    pub fn models_text(&self, l: Lang) -> String {
        [
            count(self.standing, ("en pie", "en pie"), "standing", l),
            count(self.down, ("abatida", "abatidas"), "Down", l),
            count(self.fled, ("huida", "huidas"), "fled", l),
            count(self.removed, ("retirada", "retiradas"), "removed", l),
        ]
        .join(" · ")
    }

    /// R10: "5 PD gastados".
    pub fn dp_spent_text(&self, l: Lang) -> String {
        format!(
            "{} {} {}",
            self.dp_spent,
            glossary::DP.get(l),
            l.pick("gastados", "spent")
        )
    }

    /// The model that put most enemies Down: "Más bajas: Ulrak (2)".
    pub fn most_down_text(&self, l: Lang) -> Option<String> {
        self.downs_by
            .first()
            .map(|(n, k)| format!("{} {n} ({k})", l.pick("Más bajas:", "Most Down:")))
    }
}

impl LuckReport {
    /// "Ana: 12 tiradas · 6,4 éxitos esperados · 7 reales".
    pub fn summary_text(&self, l: Lang) -> String {
        let who = if self.player.is_empty() {
            self.side
        } else {
            &self.player
        };
        format!(
            "{who}: {} {} · {} {} · {} {}",
            self.rolls,
            l.pick("tiradas", "rolls"),
            decimal(self.expected, l),
            l.pick("éxitos esperados", "expected successes"),
            self.actual,
            l.pick("reales", "actual")
        )
    }

    /// The luckiest and the unluckiest roll, each as "Turno 3: …".
    pub fn extremes(&self, l: Lang) -> impl Iterator<Item = String> {
        [&self.luckiest, &self.unluckiest]
            .into_iter()
            .flatten()
            .map(move |x: &LuckLine| format!("{} {}: {}", glossary::TURN.get(l), x.turn, x.text))
    }
}

#[cfg(test)]
mod tests {
    use super::super::VpLine;
    use super::*;

    fn side(down: usize, fled: usize) -> SideReport {
        SideReport {
            side: "a",
            warband: "Guardia".into(),
            player: "Ana".into(),
            vp: VpLine {
                kills: 3,
                totem: 0,
                scenario: 4,
                total: 7,
            },
            standing: 4,
            down,
            fled,
            removed: 1,
            lost: down + fled + 1,
            dp_spent: 5,
            downs_by: vec![("Ulrak".into(), 2)],
        }
    }

    #[test]
    fn r36_a_warbands_end_agrees_in_number_and_uses_the_glossary() {
        let s = side(1, 2);
        assert_eq!(
            s.models_text(Lang::Es),
            "4\u{a0}en pie · 1\u{a0}abatida · 2\u{a0}huidas · 1\u{a0}retirada"
        );
        assert_eq!(
            s.models_text(Lang::En),
            "4\u{a0}standing · 1\u{a0}Down · 2\u{a0}fled · 1\u{a0}removed"
        );
        assert_eq!(s.dp_spent_text(Lang::Es), "5 PD gastados");
        assert_eq!(s.vp_text(Lang::En), "7 VP");
        assert_eq!(
            s.most_down_text(Lang::Es).as_deref(),
            Some("Más bajas: Ulrak (2)")
        );
        assert_eq!(s.who(), "Guardia (Ana)");
    }

    #[test]
    fn the_expected_successes_take_the_languages_decimal_mark() {
        let k = LuckReport {
            side: "a",
            player: String::new(),
            rolls: 12,
            expected: 6.375,
            actual: 7,
            luckiest: None,
            unluckiest: None,
        };
        assert_eq!(
            k.summary_text(Lang::Es),
            "a: 12 tiradas · 6,4 éxitos esperados · 7 reales"
        );
        assert!(k.summary_text(Lang::En).contains("6.4 expected successes"));
        assert_eq!(k.extremes(Lang::En).count(), 0);
    }
}
