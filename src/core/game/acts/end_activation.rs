//! `end_activation`: The activation ends; terrain it ends on (R14) and
//! whether it ends within 15 cm of the enemy totem (R33); then the flee
//! check (R31).

use crate::core::game::act::EndActivation;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for EndActivation {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for EndActivation {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let mut s = format!(
            "{} {}",
            d.n(self.model),
            l.pick("termina su activación", "ends its activation")
        );
        if !self.terrain.is_empty() {
            let names: Vec<String> = self
                .terrain
                .iter()
                .map(|t| {
                    d.rules
                        .warband
                        .terrain
                        .iter()
                        .find(|x| x.id == *t)
                        .map_or_else(|| t.clone(), |x| x.name.get(l).to_string())
                })
                .collect();
            s.push_str(&format!(" {} {}", l.pick("sobre", "on"), names.join(", ")));
        }
        if self.near_enemy_totem {
            s.push_str(&format!(
                " {}",
                l.pick("cerca del Tótem enemigo", "near the enemy totem")
            ));
        }
        s
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for EndActivation {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for EndActivation {}
