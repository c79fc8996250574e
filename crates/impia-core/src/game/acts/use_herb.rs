//! `use_herb`: R37 (rules 3): the model burns one mystic herb: its DP
//! becomes the model's own DP of this turn, spent first.

use crate::game::act::UseHerb;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::{GameError, Refusal};
use crate::game::guard::{Ctx, in_play, model_mut};
use crate::game::offers::names::*;
use crate::game::state::{GameState, Phase};
use crate::game::taker::Taker;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for UseHerb {
    /// R37 (rules 3): `m` burns one mystic herb by the player's choice: its DP
    /// becomes the model's own DP of this turn, spent before the pool (see
    /// [`pay`]) and lost at the next turn like the Leader's. Any time in a turn
    /// (a hit model may burn one for Iron defence in the enemy's activation);
    /// it is no action of the model.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let m = self.model;
        if !ctx.setup.all_rules() {
            return Err(Refusal::Rules3Only { action: "use_herb" }.into());
        }
        if !matches!(st.phase, Phase::ChangeRound | Phase::Rounds) {
            return Err(Refusal::NotRounds.into());
        }
        let x = in_play(st, m)?;
        if x.herbs <= 0 {
            return Err(Refusal::NoHerbs { model: m }.into());
        }
        let x = model_mut(st, m)?;
        x.herbs -= 1;
        x.own_dp += 1;
        Ok(())
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.model)
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for UseHerb {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{} {}",
            d.n(self.model),
            l.pick(
                "quema una Hierba mística (+1 PD propio)",
                "burns a mystic herb (+1 own DP)"
            )
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for UseHerb {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "use_herb")
    }

    fn offer_acting(b: &mut Builder<'_>, on: &Actor<'_>) {
        herb_offer(b, on.model);
    }

    fn acting_place() -> u8 {
        150
    }

    fn label(&self, _st: &GameState, _rules: &RuleSet, l: Lang) -> String {
        l.pick(
            "🌿 Quemar Hierba mística (+1 PD propio)",
            "🌿 Burn a mystic herb (+1 own DP)",
        )
        .to_string()
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for UseHerb {}
