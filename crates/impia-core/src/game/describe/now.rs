//! The one sentence that says what the game waits for now.

use super::super::state::{GameState, Now};
use crate::glossary;
use crate::text::Lang;

/// "What now" in words, for the status line.
pub fn now_text(st: &GameState, now: &Now, l: Lang) -> String {
    match now {
        Now::Ended { winner } => {
            let (a, b) = (st.sides.a.score.total(), st.sides.b.score.total());
            let who = match winner {
                Some(w) => format!(
                    "{} {}",
                    l.pick("gana", "won by"),
                    st.side(*w)
                        .map_or_else(|| w.label(l).to_string(), |s| s.warband.to_string())
                ),
                None => l.pick("empate", "a draw").to_string(),
            };
            format!(
                "{}: {who} ({} {a}–{b})",
                l.pick("Partida terminada", "Game over"),
                glossary::VP.get(l)
            )
        }
        Now::StartTurn { turn } => format!(
            "{} {turn}: {} {}",
            glossary::TURN.get(l),
            l.pick("tirar", "roll the"),
            glossary::DARK_FORCES.get(l)
        ),
        Now::ChangeRound { side: None } => format!(
            "{}: {}",
            glossary::CHANGE_ROUND.get(l),
            l.pick("cualquier jugador empieza", "either player begins")
        ),
        Now::ChangeRound { side: Some(s) } => {
            format!(
                "{}: {}",
                glossary::CHANGE_ROUND.get(l),
                st.player_name(*s, l)
            )
        }
        Now::RollOff { round } => format!(
            "{} {round}: {}",
            glossary::ROUND.get(l),
            l.pick("tirada por el orden", "roll-off")
        ),
        Now::Pick {
            round,
            side,
            models,
        } => format!(
            "{} {round}: {} {} ({})",
            glossary::ROUND.get(l),
            st.player_name(*side, l),
            l.pick("elige", "picks"),
            models
                .iter()
                .map(|m| st.name(*m))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Now::Acting { model, ordered } => match ordered {
            Some(o) => format!(
                "{} {} {}",
                st.name(*o),
                l.pick("cumple la orden de", "carries out the order of"),
                st.name(*model)
            ),
            None => format!("{} {}", st.name(*model), l.pick("actúa", "is acting")),
        },
        Now::ChooseStart { round, winner } => format!(
            "{} {round}: {} {}",
            glossary::ROUND.get(l),
            st.player_name(*winner, l),
            l.pick(
                "gana la tirada y elige quién empieza",
                "wins the roll-off and chooses who starts"
            )
        ),
        Now::Rolled => l
            .pick(
                "Tirada hecha: repetir si se puede, o aceptar",
                "Roll made: re-roll if allowed, or accept",
            )
            .into(),
        Now::ResolveHits { hits } => format!(
            "{} {}",
            hits.len(),
            l.pick("impacto(s) por tirar", "hit(s) to roll")
        ),
    }
}
