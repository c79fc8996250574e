//! The dice a player types for a roll (issue 26): who rolls them, which
//! side of the check, and a label in words.

use serde::Serialize;

use crate::game::{DiceSlot, Game, ModelRef, Role, TableDie, Taker};
use crate::text::Lang;

/// One set of dice to type (issue 26): who rolls it, which side of the
/// check (`active`, `passive`, or `check` for a plain check), one d10 and
/// `d3` d3 (R04), and a label in words.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TypeDiceView {
    pub model: Option<ModelRef>,
    /// Issue 33: the seat that types it (`a`, `b`; `either` for a beast's
    /// or a set of no model).
    pub by: Taker,
    pub role: &'static str,
    pub d10: u32,
    pub d3: u32,
    pub label: String,
}

impl TypeDiceView {
    pub(super) fn of(g: &Game, s: &DiceSlot, l: Lang) -> TypeDiceView {
        let role = match s.role {
            None => "check",
            Some(Role::Active) => "active",
            Some(Role::Passive) => "passive",
        };
        let who = s.model.map(|m| g.state().name(m)).unwrap_or_default();
        let side = match s.role {
            None => None,
            Some(Role::Active) => Some(l.pick("activa", "active")),
            Some(Role::Passive) => Some(l.pick("pasiva", "passive")),
        };
        TypeDiceView {
            model: s.model,
            by: s.model.map_or(Taker::Either, Taker::of_model),
            role,
            d10: 1,
            d3: s.d3(),
            label: match (s.table, side) {
                (Some(t), _) => table_die_label(g, t, l),
                (None, Some(w)) => format!("{who} ({w})"),
                (None, None) => who,
            },
        }
    }
}

/// The words of a die rolled on no check: its table's name, or the
/// warband whose roll-off die it is.
fn table_die_label(g: &Game, t: TableDie, l: Lang) -> String {
    let table = |id: &str| {
        g.rules()
            .roll_table(id)
            .map_or_else(|| id.to_string(), |x| x.name.get(l).to_string())
    };
    match t {
        TableDie::DarkForces => table("dark_forces"),
        TableDie::Backlash => table("spell_backlash"),
        TableDie::RollOff(side) => g
            .state()
            .side(side)
            .map_or_else(String::new, |s| s.warband.to_string()),
    }
}
