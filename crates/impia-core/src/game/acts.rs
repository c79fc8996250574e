//! Every action's rules, one file per action (issue 23): `acts/<id>.rs`,
//! named by the action's id in `action_list!`, which declares it here.
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
//! another without a circle (`tests/import_graph.rs`). A family's methods
//! have no default body (but where one behaviour is right for any new
//! action: its trait says which), so a new action's file is complete when
//! it compiles.

use super::action::{Action, ActionKind, act, each_action};
use super::describe::Words;
use super::engine::Rules;
use super::offers::Offered;
use super::prepare::Rolls;

/// Everything an action is; implemented by every action's struct.
pub(crate) trait Act: Rules + Words + Offered + Rolls {}

impl<T: Rules + Words + Offered + Rolls> Act for T {}

/// Declares each action's file and the dispatch to it.
macro_rules! dispatch {
    ($($module:ident $variant:ident,)*) => {
        $(mod $module;)*

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
