//! `touch_terrain`: R14: the model touched terrain during an action
//! (cursed: +1 fear, once per activation).

use crate::core::game::act::TouchTerrain;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for TouchTerrain {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for TouchTerrain {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{} {} {}",
            d.n(self.model),
            l.pick("toca", "touches"),
            self.terrain
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for TouchTerrain {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for TouchTerrain {}
