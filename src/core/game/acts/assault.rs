//! `assault`: R20, R22: move into contact and the free Fight.

use crate::core::game::act::Assault;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Assault {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for Assault {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{} {} {}: {} — {}",
            d.n(self.attacker),
            if self.brutal {
                l.pick("asalta brutalmente a", "brutally assaults")
            } else {
                l.pick("asalta a", "assaults")
            },
            d.n(self.defender),
            d.opposed_named(&self.roll, self.attacker, self.defender, l),
            d.fight_result(self.attacker, self.defender, &self.roll, l)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Assault {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Assault {}
