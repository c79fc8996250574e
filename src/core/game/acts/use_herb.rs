//! `use_herb`: R37 (rules 3): the model burns one mystic herb: its DP
//! becomes the model's own DP of this turn, spent first.

use crate::core::game::act::UseHerb;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for UseHerb {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for UseHerb {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{} {}",
            d.n(self.model),
            l.pick(
                "quema una Hierba mística (+1 PD propio)",
                "burns a mystic herb (+1 own DP)"
            )
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for UseHerb {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for UseHerb {}
