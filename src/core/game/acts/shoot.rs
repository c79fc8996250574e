//! `shoot`: R26.

use crate::core::game::act::Shoot;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Shoot {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::text::Lang;

impl super::Words for Shoot {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let mut s = format!(
            "{} {} {}{}: {}",
            d.n(self.shooter),
            l.pick("dispara a", "shoots at"),
            d.n(self.target),
            if self.options.aimed {
                l.pick(" apuntando", " (aimed)")
            } else {
                ""
            },
            d.check(&self.roll, l)
        );
        if let Some(f) = self.stray {
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

impl super::Offered for Shoot {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Shoot {}
