//! `roll_off`: R08: both players' d10s, ties re-rolled (every pair kept),
//! and the side the winner chose to start.

use crate::core::game::act::RollOff;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for RollOff {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::game::Side;
use crate::core::text::Lang;

impl super::Words for RollOff {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let dice = self
            .rolls
            .iter()
            .map(|r| format!("{}–{}", r[0], r[1]))
            .collect::<Vec<_>>()
            .join(", ");
        match (self.starts, self.rolls.last()) {
            (Some(s), _) => format!(
                "{}: {dice}; {} {}",
                l.pick("Tirada por el orden", "Roll-off"),
                l.pick("empieza", "starts:"),
                d.warband(s, l)
            ),
            (None, Some(last)) => format!(
                "{}: {dice}; {} {}",
                l.pick("Tirada por el orden", "Roll-off"),
                l.pick("gana", "won by"),
                d.warband(if last[0] > last[1] { Side::A } else { Side::B }, l)
            ),
            (None, None) => l.pick("Tirada por el orden", "Roll-off").into(),
        }
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for RollOff {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for RollOff {}
