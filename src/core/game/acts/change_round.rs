//! `change_round`: R09: move a model `steps` agility rounds up (+) or down
//! (−), 1 DP each.

use crate::core::game::act::ChangeRound;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for ChangeRound {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::game::describe::signed;
use crate::core::text::Lang;

impl super::Words for ChangeRound {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{}: {} {} {}",
            d.n(self.model),
            l.pick("cambia", "changes"),
            signed(self.steps),
            l.pick("ronda(s) (R09)", "round(s) (R09)")
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for ChangeRound {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for ChangeRound {}
