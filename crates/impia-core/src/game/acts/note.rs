//! `note`.

use crate::game::act::Note;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::GameError;
use crate::game::guard::Ctx;
use crate::game::offers::names::*;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Note {
    /// A note changes nothing.
    fn apply(&self, _: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        Ok(())
    }

    fn while_roll_waits(&self, _: &mut GameState, _: Ctx<'_>) -> Option<Result<(), GameError>> {
        Some(Ok(()))
    }

    fn taken_after_the_end(&self) -> bool {
        true
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::Either
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Note {
    fn describe(&self, _: &Describer<'_>, l: Lang) -> String {
        format!("{}: {}", l.pick("Nota", "Note"), self.text)
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Note {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "note")
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "note", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Note {}
