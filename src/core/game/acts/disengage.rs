//! `disengage`: R25: one opposed Agility roll per engaged opponent.

use crate::core::game::act::Disengage;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Disengage {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::dice::OpposedOutcome;
use crate::core::text::Lang;

impl super::Words for Disengage {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let parts: Vec<String> = self
            .rolls
            .iter()
            .map(|r| {
                format!(
                    "{} ({})",
                    d.opposed_named(&Some(r.roll.clone()), self.model, r.opponent, l),
                    d.n(r.opponent)
                )
            })
            .collect();
        let free = self
            .rolls
            .iter()
            .all(|r| r.roll.outcome() != OpposedOutcome::PassiveWins);
        format!(
            "{} {}: {} — {}",
            d.n(self.model),
            l.pick("intenta separarse del combate", "tries to disengage"),
            parts.join("; "),
            if free {
                // R25: the move away is part of the Disengage.
                l.pick(
                    "lo consigue y se aleja (el movimiento va incluido, R25)",
                    "gets away and moves off (the move is included, R25)",
                )
            } else {
                l.pick("sigue trabada e impactada", "stays engaged and is hit")
            }
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Disengage {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Disengage {}
