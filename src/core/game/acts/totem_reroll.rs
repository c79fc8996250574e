//! `totem_reroll`: R33: a model taking part in the roll waiting to be
//! accepted re-rolls its own dice with its warband's totem (once per turn
//! per warband).

use crate::core::game::act::TotemReroll;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for TotemReroll {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for TotemReroll {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        // R33: the totem's re-roll, and the roll it makes of the one waiting.
        d.reroll(
            self.by,
            self.roll,
            self.dice.as_ref(),
            l.pick("repite con el Tótem", "re-rolls with the totem"),
            "R33",
            l,
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for TotemReroll {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for TotemReroll {}
