//! `fight`: R23, R24.

use crate::core::game::act::Fight;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Fight {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for Fight {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{} {} {}: {} — {}",
            d.n(self.attacker),
            l.pick("combate con", "fights"),
            d.n(self.defender),
            d.opposed_named(&self.roll, self.attacker, self.defender, l),
            d.fight_result(self.attacker, self.defender, &self.roll, l)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Fight {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Fight {}
