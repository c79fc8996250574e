//! `roll_off`: R08: both players' d10s, ties re-rolled (every pair kept),
//! and the side the winner chose to start.

use crate::dice::Roller;
use crate::game::act::RollOff;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::{GameError, Refusal};
use crate::game::guard::{Ctx, require_no_pending, require_rounds};
use crate::game::offers::names::*;
use crate::game::prepare::Dice;
use crate::game::slot::Typed;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::game::{DiceSlot, Side, TableDie};
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for RollOff {
    /// R08: both sides roll 1d10, ties re-rolled; the winner picks who starts.
    fn apply(&self, st: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let RollOff { ref rolls, starts } = *self;
        require_rounds(st)?;
        require_no_pending(st)?;
        let Some(round) = st.current_round() else {
            return Err(Refusal::NoRoundLeft.into());
        };
        if st.active.is_some() || st.picker(round).is_some() || st.rolloff_winner(round).is_some() {
            return Err(Refusal::NoRollOffNow.into());
        }
        if starts.is_some_and(|s| !s.is_warband()) {
            return Err(Refusal::WarbandStarts.into());
        }
        let Some((last, ties)) = rolls.split_last() else {
            return Err(Refusal::RollOffMissing.into());
        };
        if let Some(bad) = rolls.iter().flatten().find(|d| !(1..=10).contains(*d)) {
            return Err(Refusal::DieOutOfRange {
                sides: 10,
                value: *bad,
            }
            .into());
        }
        if ties.iter().any(|p| p[0] != p[1]) || last[0] == last[1] {
            return Err(Refusal::TiesRerolled.into());
        }
        if let Some(rs) = st.round.as_mut() {
            rs.rolloff = rolls.to_vec();
            rs.starts = starts;
            rs.next = starts;
        }
        Ok(())
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::Either
    }
}

// ── Words: the history's line ────────────────────────────────────────

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

impl super::Offered for RollOff {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "roll_off")
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "roll_off", l)
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for RollOff {
    fn dice(&self) -> Option<&dyn Dice> {
        Some(self)
    }

    fn dice_mut(&mut self) -> Option<&mut dyn Dice> {
        Some(self)
    }
}

impl Dice for RollOff {
    /// R08: ties are rolled again; every pair is kept.
    fn fill_dice(
        &mut self,
        _: &GameState,
        _: Ctx<'_>,
        roller: &mut Roller,
    ) -> Result<(), GameError> {
        if self.rolls.is_empty() {
            loop {
                let pair = [roller.die(10), roller.die(10)];
                self.rolls.push(pair);
                if pair[0] != pair[1] || self.rolls.len() >= 1000 {
                    break;
                }
            }
        }
        Ok(())
    }

    /// R08: each warband's d10, typed from the table (a tie is rolled
    /// again: typed as a new roll-off).
    fn dice_slots(&self, _: &GameState, _: Ctx<'_>) -> Result<Vec<DiceSlot>, GameError> {
        Ok(vec![
            DiceSlot::table(TableDie::RollOff(Side::A)),
            DiceSlot::table(TableDie::RollOff(Side::B)),
        ])
    }

    fn put_typed_dice(
        &mut self,
        _: &GameState,
        _: Ctx<'_>,
        typed: &Typed<'_>,
    ) -> Result<(), GameError> {
        if let Some(faces) = typed.table_faces()?
            && let [a, b] = faces[..]
        {
            self.rolls = vec![[a, b]];
        }
        Ok(())
    }
}
