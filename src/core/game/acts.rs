//! Every action's rules, one file per action (issue 23): `acts/<id>.rs`,
//! named by the action's id in `action_list!`, which declares it here.
//! Each file implements the four families of an action for its struct:
//!
//! - [`Rules`] (`engine.rs`): what it does to the state, who may take it,
//!   the numbers it carries;
//! - [`Words`] (`describe.rs`): its line in the history;
//! - [`Offered`] (`offers.rs`): its cost, its offers and what the players
//!   may declare;
//! - [`Rolls`] (`prepare.rs`): the check it rolls, its dice, re-rolls and
//!   resolution, or that it rolls none.
//!
//! The traits live beside the code that dispatches to them, and this file
//! imports them, never the reverse: a dispatcher reaches an action's rules
//! through [`Action::act`], an inherent method, so the files import one
//! another without a circle (`tests/import_graph.rs`). A family's methods
//! have no default body, so a new action's file is complete when it
//! compiles.

use super::action::{Action, each_action};
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
    };
}

each_action!(dispatch);
