//! `beast_appears`: A beast comes onto the table (R39 8–9, or the
//! scenario).

use crate::core::game::act::BeastAppears;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for BeastAppears {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::game::BeastChoice;
use crate::core::text::Lang;

impl super::Words for BeastAppears {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let name = match &self.beast {
            BeastChoice::Bestiary { index } => d
                .setup
                .bestiary
                .get(*index)
                .map(|b| b.name.clone())
                .unwrap_or_default(),
            BeastChoice::New(b) => b.name.clone(),
        };
        format!("{} {name}", l.pick("Aparece la bestia", "A beast appears:"))
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for BeastAppears {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for BeastAppears {}
