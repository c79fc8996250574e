//! Where a model stands: on its feet, Prone, Down, fled or removed.

use serde::{Deserialize, Serialize};

use crate::text::Lang;

/// Where a model stands (glossary: Abatida, Tumbada, Huye, Retirada).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// On its feet and able to act.
    #[default]
    Standing,
    /// R18: on the ground; its next action is standing up.
    Prone,
    /// R27: put Down; it gives no DP from the next turn on (R10, R12).
    Down,
    /// R31: fled the battle.
    Fled,
    /// R38: removed from the table.
    Removed,
}

impl Status {
    pub const ALL: [Status; 5] = [
        Status::Standing,
        Status::Prone,
        Status::Down,
        Status::Fled,
        Status::Removed,
    ];

    /// On the table and able to act: standing or prone.
    pub fn in_play(self) -> bool {
        matches!(self, Status::Standing | Status::Prone)
    }

    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            Status::Standing => lang.pick("En pie", "Standing"),
            Status::Prone => lang.pick("Tumbada", "Prone"),
            Status::Down => lang.pick("Abatida", "Down"),
            Status::Fled => lang.pick("Huida", "Fled"),
            Status::Removed => lang.pick("Retirada", "Removed"),
        }
    }
}
