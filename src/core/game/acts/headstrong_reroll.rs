//! `headstrong_reroll`: R42 Headstrong (rules 3): a Headstrong model that
//! rolled a 1 in the Combat roll waiting re-rolls its own dice, once per
//! roll, apart from the totem's re-roll.

use crate::core::game::act::HeadstrongReroll;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for HeadstrongReroll {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for HeadstrongReroll {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        // R42: Headstrong's re-roll of a 1, and the roll it makes of the one waiting.
        d.reroll(
            self.by,
            self.roll,
            self.dice.as_ref(),
            l.pick("repite su 1 por Testaruda", "re-rolls its 1, Headstrong"),
            "R42",
            l,
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for HeadstrongReroll {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for HeadstrongReroll {}
