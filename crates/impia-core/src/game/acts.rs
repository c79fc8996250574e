//! Every action's rules, one file per action (issue 23): `acts/<id>.rs`,
//! named by the action's id in `action_list!`. The files are declared
//! below as plain `mod` lines, so that rustfmt (which does not follow a
//! macro's `mod`) formats them; a test checks that the list, the files and
//! the ids agree.
//! Each file implements the four families of an action for its struct:
//!
//! - [`Rules`] (`engine.rs`): what it does to the state, who may take it,
//!   the numbers it carries;
//! - [`Words`] (`describe.rs`): its line in the history;
//! - [`Offered`] (`offers.rs`): its cost, its offers and what the players
//!   may declare;
//! - [`Rolls`] (`prepare.rs`): its dice, or that it carries none; with
//!   dice, its `Dice` (filling, typing, resolution) and, for a check,
//!   `Checked` (the check, re-rolls, the report's luck).
//!
//! The traits live beside the code that dispatches to them, and this file
//! imports them, never the reverse: a dispatcher reaches an action's rules
//! through [`Action::act`], an inherent method, so the files import one
//! another without a circle (`tests/import_graph.rs`). What every action
//! must say (`apply`, `taker`, `describe`, `cost`, `label`, its offers)
//! has no default body; the rest defaults to the answer of an action that
//! neither rolls nor declares (issue 34: 577 of ~1,005 functions here were
//! that one-token answer), so a rolling or declaring action overrides
//! `is_roll`, `dice`, `declares` and their kin.

use super::action::{Action, ActionKind, act, each_action};
use super::describe::Words;
use super::engine::Rules;
use super::offers::Offered;
use super::prepare::Rolls;

mod accept;
mod activate;
mod adjust_fear;
mod adjust_own_dp;
mod adjust_pool;
mod adjust_toughness;
mod assault;
mod beast_appears;
mod breath;
mod cast_spell;
mod change_round;
mod check;
mod choose_start;
mod disengage;
mod end_activation;
mod end_change_round;
mod end_game;
mod end_turn;
mod fall;
mod fight;
mod headstrong_reroll;
mod leader_order;
mod leader_rally;
mod loot;
mod r#move;
mod note;
mod pass_reroll;
mod resolve_hit;
mod roll_off;
mod scenario_points;
mod set_engaged;
mod set_round;
mod set_status;
mod shoot;
mod stand_up;
mod start_turn;
mod totem_enemy;
mod totem_own;
mod totem_reroll;
mod touch_terrain;
mod use_herb;

/// Everything an action is; implemented by every action's struct.
pub(crate) trait Act: Rules + Words + Offered + Rolls {}

impl<T: Rules + Words + Offered + Rolls> Act for T {}

/// The dispatch to each action's file.
macro_rules! dispatch {
    ($($module:ident $variant:ident,)*) => {
        /// Each action's module name (as written in `action_list!`) and
        /// kind, for the test that they agree with the files.
        #[cfg(test)]
        const MODULES: &[(&str, ActionKind)] = &[$((stringify!($module), ActionKind::$variant),)*];

        impl Action {
            /// This action's rules: the struct of its file `acts/<id>.rs`.
            pub(crate) fn act(&self) -> &dyn Act {
                match self {
                    $(Action::$variant(a) => a,)*
                }
            }

            /// This action's rules, able to change its fields (its dice).
            pub(crate) fn act_mut(&mut self) -> &mut dyn Act {
                match self {
                    $(Action::$variant(a) => a,)*
                }
            }
        }

        impl ActionKind {
            /// R10–R12: the row of `tables/actions.yaml` a model pays for
            /// this action, whose id is the action's ([`Rules::paid`]).
            pub fn row(self) -> Option<&'static str> {
                let paid = match self {
                    $(ActionKind::$variant => <act::$variant as Rules>::paid(),)*
                };
                paid.then(|| self.id())
            }

            /// The rows of `tables/actions.yaml` for a declared form of
            /// this action ([`Rules::form_rows`]).
            pub fn form_rows(self) -> &'static [&'static str] {
                match self {
                    $(ActionKind::$variant => <act::$variant as Rules>::form_rows(),)*
                }
            }
        }
    };
}

each_action!(dispatch);

#[cfg(test)]
mod tests {
    use super::{ActionKind, MODULES};
    use std::collections::BTreeSet;
    use std::path::Path;

    fn dir() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("src/game/acts")
    }

    /// The files in `acts/`, by name without `.rs`.
    fn files() -> BTreeSet<String> {
        let entries = std::fs::read_dir(dir()).expect("acts/ is readable");
        entries
            .map(|e| e.expect("an entry of acts/").file_name())
            .filter_map(|n| n.to_str()?.strip_suffix(".rs").map(str::to_owned))
            .collect()
    }

    #[test]
    fn each_actions_module_is_named_by_its_serde_tag() {
        assert_eq!(MODULES.len(), ActionKind::ALL.len());
        for &(module, kind) in MODULES {
            assert_eq!(module.trim_start_matches("r#"), kind.id(), "{kind:?}");
        }
    }

    #[test]
    fn every_file_in_acts_is_an_action_and_every_action_has_its_file() {
        let ids: BTreeSet<String> = ActionKind::ALL.iter().map(|k| k.id().to_owned()).collect();
        assert_eq!(files(), ids);
    }

    #[test]
    fn every_file_in_acts_is_declared_by_a_plain_mod_line_and_holds_its_actions_rules() {
        let source = include_str!("acts.rs");
        for &(module, kind) in MODULES {
            assert!(
                source.lines().any(|l| l == format!("mod {module};")),
                "acts.rs lacks `mod {module};`"
            );
            let file = dir().join(format!("{}.rs", kind.id()));
            let text = std::fs::read_to_string(&file).expect("the action's file");
            let variant = format!("{kind:?}");
            assert!(
                text.contains(&format!("impl super::Rules for {variant} {{")),
                "{} does not implement Rules for {variant}",
                file.display()
            );
        }
    }
}
