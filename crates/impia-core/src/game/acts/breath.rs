//! `breath`: R41 Breath: every model under the template takes a hit.

use crate::dice::Roller;
use crate::game::act::Breath;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::{GameError, Refusal};
use crate::game::fear::check_listed;
use crate::game::guard::{
    Ctx, action_done, action_row, model_mut, pay, require_actor, require_free, require_standing,
};
use crate::game::hits::{breath_hit, hit_chance};
use crate::game::kit::push_hit;
use crate::game::offers::Declares;
use crate::game::offers::names::*;
use crate::game::pending::AcceptFacts;
use crate::game::prepare::{Checked, Dice};
use crate::game::slot::Typed;
use crate::game::state::{GameState, HitSource};
use crate::game::taker::Taker;
use crate::game::{Chances, DiceSlot};
use crate::tables::Keyword;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Breath {
    /// R41 Breath: a teardrop of hits at the tables' Strength and Penetration;
    /// then it recharges.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let Breath {
            model: m,
            ref targets,
        } = *self;
        let x = require_actor(st, m)?;
        require_standing(x, m)?;
        require_free(x, m)?;
        if !x.has(Keyword::Breath) {
            return Err(Refusal::NoBreath { model: m }.into());
        }
        let row = action_row(ctx, "breath")?;
        if let Some(t) = x.breath_turn
            && st.turn <= t + row.effect.recharge_turns
        {
            let ready = t + row.effect.recharge_turns + 1;
            return Err(Refusal::BreathRecharging { model: m, ready }.into());
        }
        check_listed(st, targets, None, m)?;
        pay(st, m, row.dp.unwrap_or(0) as i32, &row.name)?;
        let turn = st.turn;
        model_mut(st, m)?.breath_turn = Some(turn);
        let hm = breath_hit(ctx)?;
        for t in targets {
            push_hit(st, m, *t, &hm, HitSource::Breath);
        }
        action_done(st, m);
        Ok(())
    }

    fn while_roll_waits(&self, _: &mut GameState, _: Ctx<'_>) -> Option<Result<(), GameError>> {
        None
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.model)
    }

    fn taker_reads_the_state(&self) -> bool {
        false
    }

    /// Issue 33: every field of it is its taker's.
    fn owners(&self, _: &GameState, _: &mut crate::game::owners::Owners) {}

    fn take_owned(&mut self, _: &crate::game::action::Action, _: crate::game::Side) {}

    fn check_numbers(&self) -> Result<(), GameError> {
        Ok(())
    }

    fn is_roll(&self) -> bool {
        false
    }

    fn paid() -> bool {
        true
    }

    fn form_rows() -> &'static [&'static str] {
        &[]
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Breath {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{} {}: {}",
            d.n(self.model),
            l.pick("lanza su Aliento", "breathes"),
            if self.targets.is_empty() {
                l.pick("a nadie", "on no one").to_string()
            } else {
                d.names(&self.targets)
            }
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Breath {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "breath")
    }

    fn offer_acting(b: &mut Builder<'_>, on: &Actor<'_>) {
        // R41 Breath: the models under the template.
        let a = on.model;
        if on.x.has(Keyword::Breath) {
            b.offer_with(Some(a), breath(a, Vec::new()), on.enemies.clone());
            // Each enemy alone under the breath, with its chance to go Down.
            let targets = b.listed_targets(&on.enemies, |t| breath(a, vec![t]));
            if let Some(o) = b.out.last_mut() {
                o.targets = targets;
            }
        }
    }

    fn acting_place() -> u8 {
        70
    }

    fn offers_rolled(&self, _b: &mut Builder<'_>) {
        // It rolls nothing: no roll of it waits.
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "breath", l)
    }

    /// R41 (issue 34): the models under the template.
    fn declares(&self) -> Option<&dyn Declares> {
        Some(self)
    }

    fn declares_mut(&mut self) -> Option<&mut dyn Declares> {
        Some(self)
    }
}

impl Declares for Breath {
    fn declarations(&self, st: &GameState, _ctx: Ctx<'_>) -> Vec<Declaration> {
        let me = self.model;
        draft::struck(draft::under_template(), in_play(st, |m| m != me))
            .into_iter()
            .collect()
    }

    fn declared(&self, key: &DeclKey) -> Option<Declared> {
        (*key == DeclKey::Struck).then(|| Declared::Models(self.targets.clone()))
    }

    fn declare(&mut self, key: &DeclKey, v: &Declared) -> bool {
        let (DeclKey::Struck, Declared::Models(ms)) = (key, v) else {
            return false;
        };
        self.targets = ms.clone();
        true
    }

    fn fill_draft(&mut self, _ctx: Ctx<'_>, _facts: Facts) {
        // The tracker knows nothing of where the template falls.
    }
}

/// The breath of `model` over `targets`.
fn breath(model: ModelRef, targets: Vec<ModelRef>) -> Action {
    Action::Breath(Breath { model, targets })
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Breath {
    fn dice(&self) -> Option<&dyn Dice> {
        Some(self)
    }

    fn dice_mut(&mut self) -> Option<&mut dyn Dice> {
        Some(self)
    }

    fn accepted_roll<'a>(&self, _: &'a GameState) -> Option<&'a Action> {
        None
    }

    fn spends_dp(&self) -> bool {
        true
    }
}

impl Dice for Breath {
    fn rolled_check(&self) -> Option<&dyn Checked> {
        None
    }

    fn rolled_check_mut(&mut self) -> Option<&mut dyn Checked> {
        None
    }

    fn fill_dice(&mut self, _: &GameState, _: Ctx<'_>, _: &mut Roller) -> Result<(), GameError> {
        Ok(())
    }

    fn dice_slots(&self, _: &GameState, _: Ctx<'_>) -> Result<Vec<DiceSlot>, GameError> {
        Ok(Vec::new())
    }

    fn put_typed_dice(
        &mut self,
        _: &GameState,
        _: Ctx<'_>,
        _: &Typed<'_>,
    ) -> Result<(), GameError> {
        Ok(())
    }

    fn resolve_roll(
        &self,
        _: &mut GameState,
        _: Ctx<'_>,
        _: bool,
    ) -> Option<Result<(), GameError>> {
        None
    }

    /// R41: a breath hits every model under it, no roll to land it.
    fn attack_chances(&self, st: &GameState, ctx: Ctx<'_>) -> Option<Chances> {
        if self.targets.len() != 1 {
            return None;
        }
        let hit = breath_hit(ctx).ok()?;
        Some(Chances {
            down: hit_chance(st, ctx, self.model, self.targets[0], &hit).ok()?,
            attacker_down: None,
        })
    }

    fn take_accept_facts(&mut self, facts: &AcceptFacts<'_>) -> Result<(), GameError> {
        facts.refuse_others(None)
    }
}
