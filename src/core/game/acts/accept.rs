//! `accept`: The roll waiting is accepted: its result takes effect.

use crate::core::game::act::Accept;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Accept {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::game::{guard, shooting};
use crate::core::text::Lang;

impl super::Words for Accept {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let mut s = match d.state.pending.as_ref() {
            Some(pending) => format!(
                "{}: {}",
                l.pick("Se acepta", "Accepted"),
                d.describe(&pending.action, l)
            ),
            None => l.pick("Se acepta la tirada", "Roll accepted").into(),
        };
        if let Some(ws) = self.witnesses.as_ref().filter(|w| !w.is_empty()) {
            s.push_str(&format!(
                "; {}: {}",
                l.pick("Pavor a", "fear to"),
                d.names(ws)
            ));
        }
        // R26 (rules 4): the one friend engaged with the target is
        // hit with no one naming it; the history says so.
        let auto = d.state.pending.as_ref().and_then(|p| {
            let ctx = guard::Ctx {
                rules: d.rules,
                setup: d.setup,
            };
            shooting::auto_stray(d.state, ctx, &p.action)
        });
        if let Some(f) = self.stray.or(auto) {
            s.push_str(&format!(
                "; {} {}",
                l.pick("impacta a la amiga", "hits its friend"),
                d.n(f)
            ));
        }
        s
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Accept {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Accept {}
