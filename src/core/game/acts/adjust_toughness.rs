//! `adjust_toughness`.

use crate::core::game::act::AdjustToughness;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for AdjustToughness {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::game::describe::signed;
use crate::core::glossary;
use crate::core::tables::Stat;
use crate::core::text::Lang;

impl super::Words for AdjustToughness {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{}: {} {} {}",
            l.pick("Ajuste", "Adjustment"),
            d.n(self.model),
            glossary::stat(Stat::Toughness).get(l),
            signed(self.delta)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for AdjustToughness {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for AdjustToughness {}
