//! `resolve_hit`: R27–R30: roll the pending hit of `attacker` on `target`.

use crate::core::game::act::ResolveHit;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for ResolveHit {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for ResolveHit {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let (attacker, target) = (self.attacker, self.target);
        let down = d.hit_downs(attacker, target, &self.roll);
        // R02: the side whose activation it is rolls as the active
        // side; each total is printed next to its own name.
        let (act, pas) = if d.target_active(attacker, target) {
            (target, attacker)
        } else {
            (attacker, target)
        };
        let mut s = format!(
            "{} {} {}: {} — {}",
            l.pick("Impacto de", "Hit by"),
            d.n(attacker),
            format_args!("{} {}", l.pick("sobre", "on"), d.n(target)),
            d.opposed_named(&self.roll, act, pas, l),
            if down {
                format!("{} {}", d.n(target), l.pick("Abatida", "is Down"))
            } else {
                format!("{} {}", d.n(target), l.pick("resiste", "withstands it"))
            }
        );
        if self.options.iron_defence {
            s.push_str(&format!(" ({})", l.pick("Defensa férrea", "Iron defence")));
        }
        // R31: witnesses gain fear only when the target is put
        // Down; a withstood hit frightens no one.
        if down && !self.witnesses.is_empty() {
            s.push_str(&format!(
                "; {}: {}",
                l.pick("Pavor a", "fear to"),
                d.names(&self.witnesses)
            ));
        }
        s
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for ResolveHit {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for ResolveHit {}
