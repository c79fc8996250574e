//! `set_engaged`.

use crate::game::act::SetEngaged;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::{GameError, Refusal};
use crate::game::guard::{Ctx, engage, model};
use crate::game::offers::names::*;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for SetEngaged {
    /// A hand correction of who is engaged.
    fn apply(&self, st: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let SetEngaged { a, b, engaged: on } = *self;
        model(st, a)?;
        model(st, b)?;
        if a.side == b.side {
            return Err(Refusal::EngageEnemiesOnly.into());
        }
        if on {
            engage(st, a, b);
        } else {
            for (x, y) in [(a, b), (b, a)] {
                if let Some(m) = st.model_mut(x) {
                    m.engaged.retain(|e| *e != y);
                }
            }
        }
        Ok(())
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::Either
    }

    /// Issue 33: an engagement set by hand is each model's side's to agree.
    fn owners(&self, _: &GameState, o: &mut crate::game::owners::Owners) {
        o.listed(crate::game::owners::Field::Engagement, &[self.a, self.b]);
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for SetEngaged {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{}: {} {} {}",
            l.pick("Ajuste", "Adjustment"),
            d.n(self.a),
            if self.engaged {
                l.pick("trabada con", "engaged with")
            } else {
                l.pick("ya no trabada con", "no longer engaged with")
            },
            d.n(self.b)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for SetEngaged {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "set_engaged")
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "set_engaged", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for SetEngaged {}
