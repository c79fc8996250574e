//! The one list of actions (issue 23). `action_list!` takes the `Action`
//! enum written as `"tag" => Variant { fields }`, one line per action, and
//! makes from it:
//!
//! - [`act`]: one struct per action, holding its fields as the game file
//!   stores them (unknown fields refused);
//! - the enum, whose variant `Variant(act::Variant)` has the serde tag
//!   `"tag"` (internally tagged: the struct's fields sit beside
//!   `action: tag`, as they always did);
//! - [`ActionKind`], the action without its fields, with [`ActionKind::ALL`]
//!   and [`ActionKind::id`] returning the same `"tag"`; [`Action::kind`];
//! - `each_action!`, which hands every action's id and struct to another
//!   macro: `core/game/acts.rs` uses it to declare each action's file,
//!   `acts/<id>.rs`, and to dispatch to the rules written there.
//!
//! So the id, the serde tag, the struct and the action's file cannot
//! disagree, and adding an action is this one line plus its one file.
//! The fields stay here, in one list, because they *are* the game file's
//! format; the rules they carry live in `acts/`, below the state they
//! change (the struct cannot sit beside its rules: the state holds
//! actions, so the two files would import each other).

/// Write the `Action` enum once and derive its list; see the module doc.
/// `$d` is a `$` passed in by the caller, so that this macro can write the
/// `each_action!` macro (a nested macro cannot spell `$` itself).
macro_rules! action_list {
    (
        $d:tt
        $(#[$meta:meta])*
        pub enum Action {
            $(
                $(#[$vmeta:meta])*
                $tag:literal => $module:ident :: $variant:ident $({
                    $( $(#[$fmeta:meta])* $field:ident : $ty:ty ),* $(,)?
                })?
            ),* $(,)?
        }
    ) => {
        /// One struct per action: its fields, as the game file stores them.
        pub mod act {
            use super::*;
            $(
                $(#[$vmeta])*
                #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
                #[serde(deny_unknown_fields)]
                pub struct $variant {
                    $($( $(#[$fmeta])* pub $field: $ty, )*)?
                }
            )*
        }

        $(#[$meta])*
        pub enum Action {
            $(
                $(#[$vmeta])*
                #[serde(rename = $tag)]
                $variant(act::$variant),
            )*
        }

        $(
            impl From<act::$variant> for Action {
                fn from(a: act::$variant) -> Action {
                    Action::$variant(a)
                }
            }
        )*

        /// Calls `$callback! { id Struct, … }` with every action's file name
        /// (its id) and struct, in the order of the list.
        macro_rules! each_action {
            ($d callback:ident) => {
                $d callback! { $( $module $variant, )* }
            };
        }
        pub(crate) use each_action;

        /// Which action, without its fields: one per [`Action`] variant.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum ActionKind {
            $($variant,)*
        }

        impl ActionKind {
            /// Every action, in the order of the list.
            pub const ALL: &'static [ActionKind] = &[$(ActionKind::$variant,)*];

            /// The snake_case name the game file stores (`fight`, `accept`,
            /// …): the serde tag of the variant, by construction.
            pub fn id(self) -> &'static str {
                match self {
                    $(ActionKind::$variant => $tag,)*
                }
            }

            /// The kind whose id is `id`.
            pub fn from_id(id: &str) -> Option<ActionKind> {
                ActionKind::ALL.iter().copied().find(|k| k.id() == id)
            }
        }

        impl Action {
            /// Which action this is.
            pub fn kind(&self) -> ActionKind {
                match self {
                    $(Action::$variant(_) => ActionKind::$variant,)*
                }
            }
        }
    };
}
