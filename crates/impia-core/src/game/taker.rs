//! Who chooses (issue 26): each action names the player who may take it,
//! so that a phone acts only for its own warband. The core decides it from
//! the action and the state, never the server: each action's file says
//! who takes it.

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::refs::{ModelRef, Side};
use super::state::GameState;

/// The player who may take an action now: one warband's, or either.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Taker {
    A,
    B,
    /// Either player (the table's steps, beasts, hand adjustments).
    Either,
    /// No seat now (issue 33): both sides may still re-roll the roll
    /// waiting, and each passes first; the laptop still may.
    Neither,
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

    pub(crate) fn of_model(m: ModelRef) -> Taker {
        Taker::of_side(m.side)
    }

    /// May the player of `side` take it?
    pub fn allows(self, side: Side) -> bool {
        self != Taker::Neither && (self == Taker::Either || self == Taker::of_side(side))
    }
}

/// Who may take `action` in state `st` (the state before it): each
/// action says it in its file ([`Rules::taker`](super::engine::Rules::taker)).
pub(crate) fn taker(st: &GameState, action: &Action) -> Taker {
    action.act().taker(st)
}
