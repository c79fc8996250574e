//! The luck of the dice, exactly: for every roll that took effect, the exact
//! chance (from the check stored with its dice) of the outcome each player
//! wanted, and whether it happened.

use super::super::action::{Action, DisengageRoll};
use super::super::prepare::RawWish;
use super::super::refs::{ModelRef, Side};
use super::super::roll::{CheckDice, OpposedDice};
use super::super::state::GameState;
use crate::dice::OpposedOutcome;
use crate::odds::{Odds, Prob, check_success, opposed};
use crate::text::Lang;

/// One player's wish on one roll.
#[derive(Clone, Debug, PartialEq)]
pub struct Wish {
    pub side: Side,
    pub turn: u32,
    /// What the player wanted, in words ("Nuño resiste el impacto").
    pub wanted: String,
    pub chance: Prob,
    pub happened: bool,
}

impl Wish {
    /// "Nuño resistió al 8 %" / "Nuño withstood it at 8 %".
    pub fn line(&self, l: Lang) -> String {
        let pct = Odds(self.chance).percent(l);
        match (self.happened, l) {
            (true, Lang::Es) => format!("{}: sí, al {pct}", self.wanted),
            (true, Lang::En) => format!("{}: yes, at {pct}", self.wanted),
            (false, Lang::Es) => format!("{}: no, al {pct}", self.wanted),
            (false, Lang::En) => format!("{}: no, at {pct}", self.wanted),
        }
    }
}

/// The wishes of the roll `action` takes effect with (`before`: the state
/// just before it). Attribute checks and shots: the roller's; opposed
/// checks: each side's; a hit: the hitter's (Down) and the target's
/// (withstand). Other rolls (dark forces, roll-offs, backlash, falls) carry
/// no wish of one player against the other.
pub(super) fn wishes(before: &GameState, action: &Action, l: Lang) -> Vec<Wish> {
    let raw = action
        .rolled_check()
        .map_or_else(Vec::new, |c| c.wishes(before, l));
    // Beasts have no player to wish.
    let turn = before.turn;
    raw.into_iter()
        .filter(|(side, ..)| side.is_warband())
        .map(|(side, wanted, chance, happened)| Wish {
            side,
            turn,
            wanted,
            chance,
            happened,
        })
        .collect()
}

/// R23: each side of a combat roll wishes to hit (a tie hits both).
pub(crate) fn combat_wishes(
    before: &GameState,
    attacker: ModelRef,
    defender: ModelRef,
    r: &OpposedDice,
    l: Lang,
) -> Vec<RawWish> {
    let n = |m: ModelRef| before.name(m);
    let o = opposed(&r.spec);
    let out = r.outcome();
    let both = out == OpposedOutcome::BothHit;
    let tie = o.equal.0;
    [
        (
            attacker,
            defender,
            o.active_higher.0 + tie,
            out == OpposedOutcome::ActiveWins || both,
        ),
        (
            defender,
            attacker,
            o.passive_higher.0 + tie,
            out == OpposedOutcome::PassiveWins || both,
        ),
    ]
    .into_iter()
    .map(|(who, whom, p, ok)| (who.side, hits_text(&n(who), &n(whom), l), p, ok))
    .collect()
}

/// A hit: the hitter wishes the target Down, the target to withstand it.
pub(crate) fn hit_wishes(
    before: &GameState,
    attacker: ModelRef,
    target: ModelRef,
    r: &OpposedDice,
    l: Lang,
) -> Vec<RawWish> {
    let n = |m: ModelRef| before.name(m);
    let acting = before
        .pending_hits
        .iter()
        .find(|h| h.attacker == attacker && h.target == target)
        .map_or(attacker.side, |h| h.acting_side);
    let (p_down, down) = hitter_wins(r, acting == attacker.side);
    let one = Prob::new(1, 1);
    let (downs, withstands) = match l {
        Lang::Es => (
            format!("{} abate a {}", n(attacker), n(target)),
            format!("{} resiste el impacto", n(target)),
        ),
        Lang::En => (
            format!("{} puts {} Down", n(attacker), n(target)),
            format!("{} withstands the hit", n(target)),
        ),
    };
    vec![
        (attacker.side, downs, p_down, down),
        (target.side, withstands, one - p_down, !down),
    ]
}

/// R25: against each opponent, the model wishes to break away, the
/// opponent to hold it.
pub(crate) fn disengage_wishes(
    before: &GameState,
    model: ModelRef,
    rolls: &[DisengageRoll],
    l: Lang,
) -> Vec<RawWish> {
    let n = |m: ModelRef| before.name(m);
    let one = Prob::new(1, 1);
    let mut out = Vec::new();
    for d in rolls {
        let (p, won) = hitter_wins(&d.roll, true);
        let (away, holds) = match l {
            Lang::Es => (
                format!("{} se separa de {}", n(model), n(d.opponent)),
                format!("{} retiene a {}", n(d.opponent), n(model)),
            ),
            Lang::En => (
                format!("{} breaks away from {}", n(model), n(d.opponent)),
                format!("{} holds {}", n(d.opponent), n(model)),
            ),
        };
        out.push((model.side, away, p, won));
        out.push((d.opponent.side, holds, one - p, !won));
    }
    out
}

fn hits_text(who: &str, whom: &str, l: Lang) -> String {
    match l {
        Lang::Es => format!("{who} impacta a {whom}"),
        Lang::En => format!("{who} hits {whom}"),
    }
}

/// R01: the chance of success and whether it succeeded.
pub(crate) fn check_chance(r: &CheckDice) -> (Prob, bool) {
    (check_success(&r.spec), r.success())
}

/// R02 outside Combat: the chance the side (active or not) wins, ties to
/// the active side, and whether it won.
fn hitter_wins(r: &OpposedDice, active: bool) -> (Prob, bool) {
    let o = opposed(&r.spec);
    let out = r.outcome();
    if active {
        (o.active_wins.0, out == OpposedOutcome::ActiveWins)
    } else {
        (o.passive_wins.0, out == OpposedOutcome::PassiveWins)
    }
}
