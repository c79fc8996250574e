//! `loot`: R19: take something from a Down model in contact.

use crate::game::act::Loot;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::{GameError, Refusal};
use crate::game::guard::{
    Ctx, action_done, action_row, model, pay, require_actor, require_free, require_standing,
};
use crate::game::offers::Declares;
use crate::game::offers::names::*;
use crate::game::state::GameState;
use crate::game::status::Status;
use crate::game::taker::Taker;
use crate::text::{Lang, Text};

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Loot {
    /// R19: search a Down model in contact (creatures and mounted heroes cannot).
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let Loot {
            model: m,
            body,
            ref item,
        } = *self;
        let x = require_actor(st, m)?;
        require_standing(x, m)?;
        require_free(x, m)?;
        if x.has(crate::tables::Keyword::CannotLoot) {
            return Err(Refusal::CannotLoot { model: m }.into());
        }
        let b = model(st, body)?;
        if b.status != Status::Down {
            return Err(Refusal::NotDownToLoot { model: body }.into());
        }
        // R19 (rules 3): the item named must be on the body; it changes hands.
        crate::game::loot::check(st, ctx, body, item)?;
        let row = action_row(ctx, "loot")?;
        let name: Text = row.name.clone();
        pay(st, m, row.dp.unwrap_or(0) as i32, &name)?;
        crate::game::loot::take(st, ctx, m, body, item)?;
        action_done(st, m);
        Ok(())
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.model)
    }

    fn paid() -> bool {
        true
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Loot {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let mut s = format!(
            "{} {} {}",
            d.n(self.model),
            l.pick("rapiña a", "loots"),
            d.n(self.body)
        );
        if !self.item.is_empty() {
            s.push_str(&format!(": {}", self.item));
        }
        s
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Loot {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "loot")
    }

    fn offer_acting(b: &mut Builder<'_>, on: &Actor<'_>) {
        // R19: each body Down.
        let a = on.model;
        let bodies: Vec<ModelRef> =
            b.st.models()
                .filter(|(r, m)| m.status == Status::Down && *r != a)
                .map(|(r, _)| r)
                .collect();
        b.targeted(a, &bodies, |body| {
            Action::Loot(Loot {
                model: a,
                body,
                item: String::new(),
            })
        });
    }

    fn acting_place() -> u8 {
        130
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "loot", l)
    }

    fn declares(&self) -> Option<&dyn Declares> {
        Some(self)
    }

    fn declares_mut(&mut self) -> Option<&mut dyn Declares> {
        Some(self)
    }
}

impl Declares for Loot {
    fn declarations(&self, st: &GameState, ctx: Ctx<'_>) -> Vec<Declaration> {
        draft::loot_declarations(st, ctx, self.body)
    }

    fn declared(&self, key: &DeclKey) -> Option<Declared> {
        (*key == DeclKey::Item).then(|| {
            Declared::Picks(if self.item.is_empty() {
                Vec::new()
            } else {
                vec![self.item.clone()]
            })
        })
    }

    fn declare(&mut self, key: &DeclKey, v: &Declared) -> bool {
        let (DeclKey::Item, Declared::Picks(p)) = (key, v) else {
            return false;
        };
        self.item = p.first().cloned().unwrap_or_default();
        true
    }

    fn fill_draft(&mut self, _ctx: Ctx<'_>, _facts: Facts) {
        // Nothing the tracker knows is left to fill in.
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Loot {}
