//! Taking back (issue 33, "a roll once made stays made"): who asked to take
//! an action back and who allowed it, as the game file keeps it beside the
//! undone action (`undone: - {at, action, leave}`). Plain data and its
//! words; the rule itself is [`Game::may_take_back_alone`](super::Game).

use serde::{Deserialize, Serialize};

use super::refs::Side;
use super::state::GameState;
use crate::text::Lang;

/// Who asked or allowed: a warband's player (their phone) or the laptop,
/// the referee.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum By {
    A,
    B,
    Laptop,
}

impl By {
    /// A warband's player; beasts have none, so the laptop answers for them.
    pub fn of_side(side: Side) -> By {
        match side {
            Side::A => By::A,
            Side::B => By::B,
            Side::Beast => By::Laptop,
        }
    }

    /// The player's name, or the laptop's.
    pub fn name(self, st: &GameState, l: Lang) -> String {
        match self {
            By::A => st.player_name(Side::A, l),
            By::B => st.player_name(Side::B, l),
            By::Laptop => l.pick("el ordenador", "the laptop").to_string(),
        }
    }
}

/// An action taken back: who asked, and by whose leave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Leave {
    pub asked: By,
    pub allowed: By,
}

impl Leave {
    /// "taken back with Bea's leave" (or "by the laptop"), for the history
    /// and the report.
    pub fn words(&self, st: &GameState, l: Lang) -> String {
        let allowed = self.allowed.name(st, l);
        match (self.allowed, l) {
            (By::Laptop, Lang::Es) => "retirada por el ordenador".to_string(),
            (By::Laptop, Lang::En) => "taken back by the laptop".to_string(),
            (_, Lang::Es) => format!("retirada con permiso de {allowed}"),
            (_, Lang::En) => format!("taken back with {allowed}'s leave"),
        }
    }
}

/// The words of an undone action that carries no leave (undone at the
/// laptop and dropped by a new action, or a file from before issue 33).
pub fn undone_words(l: Lang) -> &'static str {
    l.pick("deshecha", "undone")
}
