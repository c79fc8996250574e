//! `loot`: R19: take something from a Down model in contact.

use crate::core::game::act::Loot;

// ── Rules: the state, the taker, the numbers ─────────────────────────

use crate::core::game::action::Action;
use crate::core::game::error::{GameError, Refusal};
use crate::core::game::guard::{Ctx, action_done, action_row, model, pay, require_actor, require_free, require_standing};
use crate::core::game::state::GameState;
use crate::core::game::status::Status;
use crate::core::game::taker::Taker;
use crate::core::text::Text;

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
        if x.has(crate::core::tables::Keyword::CannotLoot) {
            return Err(Refusal::CannotLoot { model: m }.into());
        }
        let b = model(st, body)?;
        if b.status != Status::Down {
            return Err(Refusal::NotDownToLoot { model: body }.into());
        }
        // R19 (rules 3): the item named must be on the body; it changes hands.
        crate::core::game::loot::check(st, ctx, body, item)?;
        let row = action_row(ctx, "loot")?;
        let name: Text = row.name.clone();
        pay(st, m, row.dp.unwrap_or(0) as i32, &name)?;
        crate::core::game::loot::take(st, ctx, m, body, item)?;
        action_done(st, m);
        Ok(())
    }

    fn while_roll_waits(
        &self,
        _: &mut GameState,
        _: Ctx<'_>,
    ) -> Option<Result<(), GameError>> {
        None
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.model)
    }

    fn taker_reads_the_state(&self) -> bool {
        false
    }

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

impl super::Words for Loot {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Loot {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Loot {}
