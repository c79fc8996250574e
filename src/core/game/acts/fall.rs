//! `fall`: R18: a fall; no roll up to the harmless height.

use crate::core::game::act::Fall;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Fall {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::dice::OpposedOutcome;
use crate::core::text::Lang;

impl super::Words for Fall {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let down = self
            .roll
            .as_ref()
            .is_some_and(|r| r.outcome() == OpposedOutcome::PassiveWins);
        format!(
            "{} {} {} cm{} — {}",
            d.n(self.model),
            l.pick("cae", "falls"),
            self.height_cm,
            self.roll
                .as_ref()
                .map(|r| format!(": {}", d.opposed(&Some(r.clone()), l)))
                .unwrap_or_default(),
            if down {
                l.pick("Abatida", "Down")
            } else {
                l.pick("Tumbada", "Prone")
            }
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Fall {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Fall {}
