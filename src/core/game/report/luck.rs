//! The luck of the dice, exactly: for every roll that took effect, the exact
//! chance (from the check stored with its dice) of the outcome each player
//! wanted, and whether it happened.

use super::super::action::Action;
use super::super::refs::{ModelRef, Side};
use super::super::roll::{CheckDice, OpposedDice};
use super::super::state::GameState;
use crate::core::dice::OpposedOutcome;
use crate::core::odds::{Odds, Prob, check_success, opposed};
use crate::core::text::Lang;

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
        let pct = Odds(self.chance).percent();
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
// issue 22: split by what it does (left for want of time)
#[allow(clippy::too_many_lines)]
pub(super) fn wishes(before: &GameState, action: &Action, l: Lang) -> Vec<Wish> {
    let n = |m: ModelRef| before.name(m);
    let turn = before.turn;
    let mut out = Vec::new();
    let mut wish = |side: Side, wanted: String, chance: Prob, happened: bool| {
        if side.is_warband() {
            out.push(Wish {
                side,
                turn,
                wanted,
                chance,
                happened,
            });
        }
    };
    match action {
        Action::Check {
            model,
            roll: Some(r),
            ..
        } => {
            let (p, ok) = check(r);
            wish(
                model.side,
                l.pick(
                    &format!("{} supera su tirada", n(*model)),
                    &format!("{} passes its check", n(*model)),
                )
                .to_string(),
                p,
                ok,
            );
        }
        Action::Shoot {
            shooter,
            target,
            roll: Some(r),
            ..
        } => {
            let (p, ok) = check(r);
            wish(
                shooter.side,
                match l {
                    Lang::Es => format!("{} acierta a {}", n(*shooter), n(*target)),
                    Lang::En => format!("{} hits {}", n(*shooter), n(*target)),
                },
                p,
                ok,
            );
        }
        Action::Assault {
            attacker,
            defender,
            roll: Some(r),
            ..
        }
        | Action::Fight {
            attacker,
            defender,
            roll: Some(r),
            ..
        } => {
            let o = opposed(&r.spec);
            let out_ = r.outcome();
            let both = out_ == OpposedOutcome::BothHit;
            let tie = o.equal.0;
            for (who, whom, p, ok) in [
                (
                    *attacker,
                    *defender,
                    o.active_higher.0 + tie,
                    out_ == OpposedOutcome::ActiveWins || both,
                ),
                (
                    *defender,
                    *attacker,
                    o.passive_higher.0 + tie,
                    out_ == OpposedOutcome::PassiveWins || both,
                ),
            ] {
                wish(who.side, hits_text(&n(who), &n(whom), l), p, ok);
            }
        }
        Action::ResolveHit {
            attacker,
            target,
            roll: Some(r),
            ..
        } => {
            let acting = before
                .pending_hits
                .iter()
                .find(|h| h.attacker == *attacker && h.target == *target)
                .map_or(attacker.side, |h| h.acting_side);
            let (p_down, down) = hitter_wins(r, acting == attacker.side);
            let one = Prob::new(1, 1);
            wish(
                attacker.side,
                match l {
                    Lang::Es => format!("{} abate a {}", n(*attacker), n(*target)),
                    Lang::En => format!("{} puts {} Down", n(*attacker), n(*target)),
                },
                p_down,
                down,
            );
            wish(
                target.side,
                match l {
                    Lang::Es => format!("{} resiste el impacto", n(*target)),
                    Lang::En => format!("{} withstands the hit", n(*target)),
                },
                one - p_down,
                !down,
            );
        }
        Action::Disengage { model, rolls } => {
            for d in rolls {
                let (p, won) = hitter_wins(&d.roll, true);
                let one = Prob::new(1, 1);
                wish(
                    model.side,
                    match l {
                        Lang::Es => format!("{} se separa de {}", n(*model), n(d.opponent)),
                        Lang::En => format!("{} breaks away from {}", n(*model), n(d.opponent)),
                    },
                    p,
                    won,
                );
                wish(
                    d.opponent.side,
                    match l {
                        Lang::Es => format!("{} retiene a {}", n(d.opponent), n(*model)),
                        Lang::En => format!("{} holds {}", n(d.opponent), n(*model)),
                    },
                    one - p,
                    !won,
                );
            }
        }
        _ => {}
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
fn check(r: &CheckDice) -> (Prob, bool) {
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
