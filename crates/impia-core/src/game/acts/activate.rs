//! `activate`: R07: this model starts its activation.

use crate::game::act::Activate;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::{GameError, Refusal};
use crate::game::guard::{Ctx, in_play, require_no_pending, require_rounds};
use crate::game::offers::names::*;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Activate {
    /// R07, R08: the side whose pick it is activates one of its models in the round.
    fn apply(&self, st: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let m = self.model;
        require_rounds(st)?;
        require_no_pending(st)?;
        if let Some(a) = st.active {
            return Err(Refusal::FinishActivationFirst { active: a }.into());
        }
        let x = in_play(st, m)?;
        let Some(round) = st.current_round() else {
            return Err(Refusal::NoOneLeft.into());
        };
        let Some(side) = st.picker(round) else {
            return Err(Refusal::RollOrderFirst { round }.into());
        };
        if x.acted {
            return Err(Refusal::AlreadyActed { model: m }.into());
        }
        if x.round != round {
            return Err(Refusal::WrongRound {
                model: m,
                round: x.round,
                now: round,
            }
            .into());
        }
        if m.side != side {
            return Err(Refusal::NotYourPick { side }.into());
        }
        st.active = Some(m);
        st.touched.clear();
        st.moved = 0;
        st.dread.clear();
        st.reacted.clear();
        Ok(())
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.model)
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Activate {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!("{} {}", d.n(self.model), l.pick("se activa", "activates"))
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Activate {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "activate")
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "activate", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Activate {}
