//! `totem_enemy`: R33: in contact with the enemy totem: fear, VP, the totem
//! destroyed.

use crate::core::game::act::TotemEnemy;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for TotemEnemy {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for TotemEnemy {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{} {}",
            d.n(self.model),
            l.pick("destruye el Tótem enemigo", "destroys the enemy totem")
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for TotemEnemy {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for TotemEnemy {}
