//! `roll_off`: R08: both players' d10s, ties re-rolled (every pair kept),
//! and the side the winner chose to start.

use crate::core::game::act::RollOff;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for RollOff {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::game::Side;
use crate::core::text::Lang;

impl super::Words for RollOff {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let dice = self
            .rolls
            .iter()
            .map(|r| format!("{}–{}", r[0], r[1]))
            .collect::<Vec<_>>()
            .join(", ");
        match (self.starts, self.rolls.last()) {
            (Some(s), _) => format!(
                "{}: {dice}; {} {}",
                l.pick("Tirada por el orden", "Roll-off"),
                l.pick("empieza", "starts:"),
                d.warband(s, l)
            ),
            (None, Some(last)) => format!(
                "{}: {dice}; {} {}",
                l.pick("Tirada por el orden", "Roll-off"),
                l.pick("gana", "won by"),
                d.warband(if last[0] > last[1] { Side::A } else { Side::B }, l)
            ),
            (None, None) => l.pick("Tirada por el orden", "Roll-off").into(),
        }
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

use crate::core::game::offers::names::*;

impl super::Offered for RollOff {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "roll_off")
    }

    fn offer_acting(_b: &mut Builder<'_>, _on: &Actor<'_>) {
        // The turn's steps are offered by the step the game is at (`offers`), not in an activation.
    }

    fn acting_place() -> u8 {
        NOT_ACTING
    }

    fn offers_rolled(&self, _b: &mut Builder<'_>) {
        // It rolls nothing: no roll of it waits.
    }

    fn declarations(&self, _st: &GameState, _ctx: Ctx<'_>) -> Vec<Declaration> {
        Vec::new()
    }

    fn declared(&self, _key: &DeclKey) -> Option<Declared> {
        None
    }

    fn declare(&mut self, _key: &DeclKey, _v: &Declared) -> bool {
        false
    }

    fn fill_draft(&mut self, _ctx: Ctx<'_>, _facts: Facts) {
        // Nothing the tracker knows is left to fill in.
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "roll_off", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for RollOff {}
