//! Who chooses (issue 26): each action names the player who may take it,
//! so that a phone acts only for its own warband. The core decides it from
//! the action and the state, never the server.

use crate::core::game::act;
use serde::{Deserialize, Serialize};

use super::action::Action;
use super::refs::{ModelRef, Side};
use super::state::{GameState, Now};

/// The player who may take an action now: one warband's, or either.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Taker {
    A,
    B,
    /// Either player (the table's steps, beasts, hand adjustments).
    Either,
}

impl Taker {
    /// A warband's player; beasts belong to neither, so either player
    /// moves them (RULES.md §3).
    pub fn of_side(side: Side) -> Taker {
        match side {
            Side::A => Taker::A,
            Side::B => Taker::B,
            Side::Beast => Taker::Either,
        }
    }

    fn of_model(m: ModelRef) -> Taker {
        Taker::of_side(m.side)
    }

    /// May the player of `side` take it?
    pub fn allows(self, side: Side) -> bool {
        self == Taker::Either || self == Taker::of_side(side)
    }
}

/// Who may take `action` in state `st` (the state before it):
/// - a model's own actions in its activation, its round change (R09), its
///   activation (R07), its re-rolls (R33 totem, R42 Headstrong): the
///   model's side;
/// - R27–R30 a hit: the side of the model hit, whose choices it makes
///   (R29 Iron defence, R42 Survival instinct, cover); a herb burnt then
///   (R37) is its owner's;
/// - R09 the end of the round changes: that side; R08 who starts: the
///   roll-off's winner;
/// - a hand correction of a model, a pool or scenario points: the side
///   it corrects;
/// - R39 the dark forces, R08 the roll-off, accepting a roll, the end of
///   the turn and of the game, a beast appearing, an engagement set by
///   hand, a note: either.
pub(crate) fn taker(st: &GameState, action: &Action) -> Taker {
    use Action as A;
    match action {
        A::Move(act::Move { model })
        | A::StandUp(act::StandUp { model })
        | A::Loot(act::Loot { model, .. })
        | A::TouchTerrain(act::TouchTerrain { model, .. })
        | A::Breath(act::Breath { model, .. })
        | A::TotemOwn(act::TotemOwn { model })
        | A::TotemEnemy(act::TotemEnemy { model })
        | A::UseHerb(act::UseHerb { model })
        | A::Disengage(act::Disengage { model, .. })
        | A::Fall(act::Fall { model, .. })
        | A::Check(act::Check { model, .. })
        | A::ChangeRound(act::ChangeRound { model, .. })
        | A::Activate(act::Activate { model })
        | A::EndActivation(act::EndActivation { model, .. }) => Taker::of_model(*model),
        A::LeaderOrder(act::LeaderOrder { leader, .. })
        | A::LeaderRally(act::LeaderRally { leader, .. }) => Taker::of_model(*leader),
        A::Assault(act::Assault { attacker, .. }) | A::Fight(act::Fight { attacker, .. }) => {
            Taker::of_model(*attacker)
        }
        A::Shoot(act::Shoot { shooter, .. }) => Taker::of_model(*shooter),
        A::CastSpell(act::CastSpell { caster, .. }) => Taker::of_model(*caster),
        A::ResolveHit(act::ResolveHit { target, .. }) => Taker::of_model(*target),
        A::TotemReroll(act::TotemReroll { by, .. })
        | A::HeadstrongReroll(act::HeadstrongReroll { by, .. }) => Taker::of_model(*by),
        A::EndChangeRound(act::EndChangeRound { side }) => Taker::of_side(*side),
        // A hand correction is made by the side it corrects: a phone may
        // not set the other warband's pool, fear or status.
        A::AdjustFear(act::AdjustFear { model, .. })
        | A::AdjustOwnDp(act::AdjustOwnDp { model, .. })
        | A::AdjustToughness(act::AdjustToughness { model, .. })
        | A::SetStatus(act::SetStatus { model, .. })
        | A::SetRound(act::SetRound { model, .. }) => Taker::of_model(*model),
        A::AdjustPool(act::AdjustPool { side, .. })
        | A::ScenarioPoints(act::ScenarioPoints { side, .. }) => Taker::of_side(*side),
        // Not its step: the rules refuse it whoever sends it.
        A::ChooseStart(_) => {
            if let Now::ChooseStart { winner, .. } = st.now() {
                Taker::of_side(winner)
            } else {
                Taker::Either
            }
        }
        A::StartTurn(_)
        | A::RollOff(_)
        | A::Accept(_)
        | A::EndTurn(act::EndTurn {})
        | A::EndGame(act::EndGame {})
        | A::Note(_)
        | A::BeastAppears(_)
        | A::SetEngaged(_) => Taker::Either,
    }
}
