//! `start_turn`: Start the next turn: the dark forces dice (R39), then the
//! pools are rebuilt (R10–R12).

use crate::dice::Roller;
use crate::game::act::StartTurn;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::{GameError, Refusal};
use crate::game::guard::Ctx;
use crate::game::kit::{table, table_total};
use crate::game::offers::names::*;
use crate::game::prepare::{Dice, table_dice, table_slots};
use crate::game::slot::Typed;
use crate::game::state::{ChangeRoundState, DarkForces, GameState, Phase};
use crate::game::taker::Taker;
use crate::game::{DiceSlot, TableDie, fear};
use crate::glossary;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for StartTurn {
    /// R39 then R10–R12: the next turn starts with the dark forces, applied from
    /// the row's `effect`; then every model not Down gives its DP to the pool.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let dice = &self.dark_forces;
        let open = match st.phase {
            Phase::Setup | Phase::TurnOver => true,
            Phase::Rounds => {
                st.current_round().is_none() && st.active.is_none() && st.pending_hits.is_empty()
            }
            Phase::ChangeRound => false,
        };
        if !open {
            return Err(Refusal::TurnNotOver.into());
        }
        let t = table(ctx.rules, "dark_forces")?;
        let total = table_total(t, dice)?;
        let row = t.row_for(total);
        let effect = t
            .rows
            .get(row)
            .map(|r| r.effect.clone())
            .unwrap_or_default();

        st.turn += 1;
        st.phase = Phase::ChangeRound;
        st.change_round = ChangeRoundState::default();
        st.round = None;
        st.active = None;
        st.ordered = None;
        st.touched.clear();
        st.moved = 0;
        st.dread.clear();
        st.reacted.clear();
        st.dark_forces = Some(DarkForces { total, row });
        st.dp_per_model = effect.dp_per_model;
        st.beast_due = effect.beast;
        for s in [&mut st.sides.a, &mut st.sides.b] {
            s.rerolls_used = 0;
        }
        for r in st.refs() {
            if let Some(m) = st.model_mut(r) {
                m.acted = false;
                m.round = m.agility();
                m.own_dp = if m.status.in_play() { m.leader_dp } else { 0 };
            }
            // R39 1 and 6–7: every model on the table.
            if effect.fear_all != 0 && st.model(r).is_some_and(|m| m.status.in_play()) {
                fear::add(st, r, effect.fear_all);
            }
        }
        // R10: 2 DP per model not Down (Warriors 1: the troop's `dp`), less the
        // dark forces' change (R39 10); R12: a model Down last turn gives none now.
        for s in [&mut st.sides.a, &mut st.sides.b] {
            s.pool = s
                .models
                .iter()
                .filter(|m| m.status.in_play() && !m.savage_fall)
                .map(|m| (m.profile.dp + effect.dp_per_model).max(0))
                .sum();
        }
        Ok(())
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::Either
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for StartTurn {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let total: i32 = self.dark_forces.iter().map(|v| *v as i32).sum();
        format!(
            "{} {} — {} {total}: {}",
            glossary::TURN.get(l),
            d.state.turn + 1,
            glossary::DARK_FORCES.get(l),
            d.row_text("dark_forces", total, l)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for StartTurn {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "start_turn")
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "start_turn", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for StartTurn {
    fn dice(&self) -> Option<&dyn Dice> {
        Some(self)
    }

    fn dice_mut(&mut self) -> Option<&mut dyn Dice> {
        Some(self)
    }

    /// R10–R12: the pools are rebuilt, not spent.
    fn spends_dp(&self) -> bool {
        false
    }
}

impl Dice for StartTurn {
    /// R39: the dark forces dice.
    fn fill_dice(
        &mut self,
        _: &GameState,
        ctx: Ctx<'_>,
        roller: &mut Roller,
    ) -> Result<(), GameError> {
        if self.dark_forces.is_empty() {
            self.dark_forces = table_dice(ctx, "dark_forces", roller)?;
        }
        Ok(())
    }

    /// R39: the dark forces' d10, typed from the table.
    fn dice_slots(&self, _: &GameState, ctx: Ctx<'_>) -> Result<Vec<DiceSlot>, GameError> {
        table_slots(ctx, "dark_forces", TableDie::DarkForces)
    }

    fn put_typed_dice(
        &mut self,
        _: &GameState,
        _: Ctx<'_>,
        typed: &Typed<'_>,
    ) -> Result<(), GameError> {
        if let Some(faces) = typed.table_faces()? {
            self.dark_forces = faces;
        }
        Ok(())
    }
}
