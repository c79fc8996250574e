//! `change_round`: R09: move a model `steps` agility rounds up (+) or down
//! (−), 1 DP each.

use crate::game::act::ChangeRound;
use crate::game::action::{Action, check_number};
use crate::game::describe::{Describer, signed};
use crate::game::error::{GameError, Refusal};
use crate::game::guard::{Ctx, action_row, in_play, pay};
use crate::game::offers::names::*;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::game::turn::{change_turn_ok, round_change_cost};
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for ChangeRound {
    /// R09: 1 DP per agility round up or down.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let ChangeRound { model: m, steps } = *self;
        change_turn_ok(st, m.side)?;
        let x = in_play(st, m)?;
        if steps == 0 {
            return Err(Refusal::ZeroRounds.into());
        }
        let to = x.round + steps;
        if to < 1 {
            return Err(Refusal::RoundTooLow { model: m, to }.into());
        }
        let row = action_row(ctx, "change_round")?;
        let per_step = row.dp.unwrap_or(0) as i32;
        if ctx.setup.all_rules() {
            // R09 (rules 3): the steps are counted from the model's Agility, so
            // +2 then −1 costs 1 DP, and coming back refunds the pool.
            let net = round_change_cost(x.agility(), x.round, to, per_step);
            if net < 0 {
                if let Some(s) = st.side_mut(m.side) {
                    s.pool -= net;
                }
            } else {
                pay(st, m, net, &row.name)?;
            }
        } else {
            pay(st, m, per_step * steps.abs(), &row.name)?;
        }
        st.change_round.first.get_or_insert(m.side);
        if let Some(x) = st.model_mut(m) {
            x.round = to;
        }
        Ok(())
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.model)
    }

    fn check_numbers(&self) -> Result<(), GameError> {
        check_number("steps", self.steps)
    }

    fn paid() -> bool {
        true
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for ChangeRound {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        format!(
            "{}: {} {} {}",
            d.n(self.model),
            l.pick("cambia", "changes"),
            signed(self.steps),
            l.pick("ronda(s) (R09)", "round(s) (R09)")
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for ChangeRound {
    fn cost(&self, st: &GameState, ctx: Ctx<'_>) -> i32 {
        let row = row_dp(ctx, "change_round");
        if !ctx.setup.all_rules() {
            return row * self.steps.abs();
        }
        // R09 (rules 3): the price of each round crossed, from the model's
        // Agility.
        st.model(self.model)
            .map_or(0, |x| {
                crate::game::turn::round_change_cost(
                    x.agility(),
                    x.round,
                    x.round + self.steps,
                    row,
                )
            })
            .max(0)
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "change_round", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for ChangeRound {}
