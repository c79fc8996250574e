//! `end_activation`: The activation ends; terrain it ends on (R14) and
//! whether it ends within 15 cm of the enemy totem (R33); then the flee
//! check (R31).

use crate::game::act::EndActivation;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::{GameError, Refusal};
use crate::game::fear;
use crate::game::guard::{Ctx, finish_activation, require_no_pending, require_rounds};
use crate::game::offers::Declares;
use crate::game::offers::names::*;
use crate::game::state::GameState;
use crate::game::status::Status;
use crate::game::taker::Taker;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for EndActivation {
    /// The activation ends: terrain it ends on (R14), the enemy totem (R33),
    /// then R31: a model with fear at twice its Courage flees (not if Fearless).
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let EndActivation {
            model: m,
            ref terrain,
            near_enemy_totem,
        } = *self;
        require_rounds(st)?;
        require_no_pending(st)?;
        if st.active != Some(m) {
            return Err(Refusal::NotInActivation { model: m }.into());
        }
        for id in terrain {
            fear::end_on_terrain(st, ctx, m, id)?;
        }
        if near_enemy_totem {
            fear::near_enemy_totem(st, ctx, m)?;
        }
        fear::flee_check(st, ctx, m);
        if let Some(x) = st.model_mut(m) {
            x.acted = true;
            // R42 Savage: its one more activation is over: it falls now.
            if x.savage_fall {
                x.savage_fall = false;
                if x.status.in_play() {
                    x.status = Status::Down;
                }
            }
        }
        finish_activation(st, m);
        Ok(())
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.model)
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for EndActivation {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let mut s = format!(
            "{} {}",
            d.n(self.model),
            l.pick("termina su activación", "ends its activation")
        );
        if !self.terrain.is_empty() {
            let names: Vec<String> = self
                .terrain
                .iter()
                .map(|t| {
                    d.rules
                        .warband
                        .terrain
                        .iter()
                        .find(|x| x.id == *t)
                        .map_or_else(|| t.clone(), |x| x.name.get(l).to_string())
                })
                .collect();
            s.push_str(&format!(" {} {}", l.pick("sobre", "on"), names.join(", ")));
        }
        if self.near_enemy_totem {
            s.push_str(&format!(
                " {}",
                l.pick("cerca del Tótem enemigo", "near the enemy totem")
            ));
        }
        s
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for EndActivation {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "end_activation")
    }

    fn offer_acting(b: &mut Builder<'_>, on: &Actor<'_>) {
        b.offer(
            Some(on.active),
            Action::EndActivation(EndActivation {
                model: on.active,
                terrain: Vec::new(),
                near_enemy_totem: false,
            }),
        );
    }

    fn acting_place() -> u8 {
        250
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "end_activation", l)
    }

    /// R14, R33: what it ends touching.
    fn declares(&self) -> Option<&dyn Declares> {
        Some(self)
    }

    fn declares_mut(&mut self) -> Option<&mut dyn Declares> {
        Some(self)
    }
}

impl Declares for EndActivation {
    fn declarations(&self, st: &GameState, ctx: Ctx<'_>) -> Vec<Declaration> {
        draft::end_declarations(st, ctx, self.model)
    }

    fn declared(&self, key: &DeclKey) -> Option<Declared> {
        match key {
            DeclKey::Terrain => Some(Declared::Picks(self.terrain.clone())),
            DeclKey::EnemyTotem => Some(Declared::Count(u32::from(self.near_enemy_totem))),
            _ => None,
        }
    }

    fn declare(&mut self, key: &DeclKey, v: &Declared) -> bool {
        match (key, v) {
            (DeclKey::Terrain, Declared::Picks(ids)) => {
                // Each terrain counts once, in the order first named.
                let mut kept: Vec<String> = Vec::new();
                for id in ids {
                    if !kept.contains(id) {
                        kept.push(id.clone());
                    }
                }
                self.terrain = kept;
            }
            (DeclKey::EnemyTotem, Declared::Count(n)) => self.near_enemy_totem = *n > 0,
            _ => return false,
        }
        true
    }

    fn fill_draft(&mut self, _ctx: Ctx<'_>, _facts: Facts) {
        // The tracker knows nothing of where the model stands.
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for EndActivation {}
