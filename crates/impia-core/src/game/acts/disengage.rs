//! `disengage`: R25: one opposed Agility roll per engaged opponent.

use crate::dice::{CheckSpec, OpposedOutcome, Roller};
use crate::game::act::Disengage;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::engine::roll;
use crate::game::error::GameError;
use crate::game::guard::Ctx;
use crate::game::offers::names::*;
use crate::game::pending::{RollPart, opposed_side};
use crate::game::prepare::{Checked, Dice, Prepared, RawWish};
use crate::game::report::luck::disengage_wishes;
use crate::game::resolve::need;
use crate::game::roll::Role;
use crate::game::slot::Typed;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::game::{DisengageRoll, SideDice, melee};
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Disengage {
    /// R25: a roll (rules 2).
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, whole: &Action) -> Result<(), GameError> {
        roll(st, ctx, whole)
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.model)
    }

    fn is_roll(&self) -> bool {
        true
    }

    fn paid() -> bool {
        true
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Disengage {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let parts: Vec<String> = self
            .rolls
            .iter()
            .map(|r| {
                format!(
                    "{} ({})",
                    d.opposed_named(&Some(r.roll.clone()), self.model, r.opponent, l),
                    d.n(r.opponent)
                )
            })
            .collect();
        let free = self
            .rolls
            .iter()
            .all(|r| r.roll.outcome() != OpposedOutcome::PassiveWins);
        format!(
            "{} {}: {} — {}",
            d.n(self.model),
            l.pick("intenta separarse del combate", "tries to disengage"),
            parts.join("; "),
            if free {
                // R25: the move away is part of the Disengage.
                l.pick(
                    "lo consigue y se aleja (el movimiento va incluido, R25)",
                    "gets away and moves off (the move is included, R25)",
                )
            } else {
                l.pick("sigue trabada e impactada", "stays engaged and is hit")
            }
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Disengage {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "disengage")
    }

    fn offer_acting(b: &mut Builder<'_>, on: &Actor<'_>) {
        // R25: only an engaged model disengages.
        if !on.x.engaged.is_empty() {
            b.offer(
                Some(on.model),
                Action::Disengage(Disengage {
                    model: on.model,
                    rolls: Vec::new(),
                }),
            );
        }
    }

    fn acting_place() -> u8 {
        50
    }

    fn offers_rolled(&self, b: &mut Builder<'_>) {
        waiting_offers(
            b,
            Waiting {
                headstrong: false,
                witnessed: false,
            },
        );
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "disengage", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Disengage {
    fn dice(&self) -> Option<&dyn Dice> {
        Some(self)
    }

    fn dice_mut(&mut self) -> Option<&mut dyn Dice> {
        Some(self)
    }
}

impl Dice for Disengage {
    fn rolled_check(&self) -> Option<&dyn Checked> {
        Some(self)
    }

    fn rolled_check_mut(&mut self) -> Option<&mut dyn Checked> {
        Some(self)
    }

    fn fill_dice(
        &mut self,
        st: &GameState,
        ctx: Ctx<'_>,
        roller: &mut Roller,
    ) -> Result<(), GameError> {
        if self.rolls.is_empty()
            && let Prepared::Disengage(ps) = self.prepare(st, ctx)?
        {
            for p in ps {
                if let Some(opponent) = p.passive {
                    self.rolls.push(DisengageRoll {
                        opponent,
                        roll: p.roll(roller),
                    });
                }
            }
        }
        Ok(())
    }

    /// R25: one opposed roll per opponent, in turn.
    fn put_typed_dice(
        &mut self,
        st: &GameState,
        ctx: Ctx<'_>,
        typed: &Typed<'_>,
    ) -> Result<(), GameError> {
        let specs = if typed.slots.is_empty() {
            Vec::new()
        } else {
            self.prepare(st, ctx)?.opposed_specs()
        };
        let mut out = Vec::new();
        for k in 0..typed.slots.len() / 2 {
            let Some(opponent) = typed.slots.get(2 * k + 1).and_then(|s| s.model) else {
                continue;
            };
            out.push(DisengageRoll {
                opponent,
                roll: typed.opposed(&specs, k)?,
            });
        }
        self.rolls = out;
        Ok(())
    }

    fn resolve_roll(
        &self,
        st: &mut GameState,
        ctx: Ctx<'_>,
        _: bool,
    ) -> Option<Result<(), GameError>> {
        if self.rolls.is_empty() {
            return Some(need::<()>(None).map(|_| ()));
        }
        Some(melee::disengage(st, ctx, self.model, &self.rolls))
    }
}

impl Checked for Disengage {
    fn prepare(&self, st: &GameState, ctx: Ctx<'_>) -> Result<Prepared, GameError> {
        Ok(Prepared::Disengage(melee::disengage_checks(
            st, ctx, self.model,
        )?))
    }

    fn has_inner_reroll(&self) -> bool {
        self.rolls.iter().any(|r| r.roll.reroll.is_some())
    }

    /// R25: the model and each opponent, one roll per opponent.
    fn roll_parts(&self, _: &GameState) -> Vec<RollPart> {
        self.rolls
            .iter()
            .enumerate()
            .flat_map(|(i, r)| {
                [
                    RollPart {
                        roll: i,
                        model: self.model,
                        role: Some(Role::Active),
                    },
                    RollPart {
                        roll: i,
                        model: r.opponent,
                        role: Some(Role::Passive),
                    },
                ]
            })
            .collect()
    }

    fn dice_mut(&mut self, part: &RollPart) -> Option<(&mut SideDice, CheckSpec)> {
        opposed_side(&mut self.rolls.get_mut(part.roll)?.roll, part.role)
    }

    /// R25: the model wishes to break away, each opponent to hold it.
    fn wishes(&self, before: &GameState, l: Lang) -> Vec<RawWish> {
        disengage_wishes(before, self.model, &self.rolls, l)
    }
}
