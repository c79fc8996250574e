//! The one list of actions (issue 23). `action_list!` takes the `Action`
//! enum written as `"tag" => Variant { fields }` and makes, from that one
//! line per action:
//!
//! - the enum itself, each variant's serde tag (its name in the game file
//!   and in `game act` JSON) being exactly `"tag"`;
//! - [`ActionKind`], the action without its fields, with [`ActionKind::ALL`]
//!   and [`ActionKind::id`] returning the same `"tag"`;
//! - [`Action::kind`].
//!
//! So the id, the serde tag and the list every test walks cannot disagree.
//! A macro rather than a trait per action: the variants are the game
//! file's format, and one list keeps the whole format readable in one
//! place; the rest of the work per action is found by the compiler, since
//! no dispatch over actions ends in `_ =>` (`tests/actions_list.rs`).

/// Write the `Action` enum once and derive its list; see the module doc.
macro_rules! action_list {
    (
        $(#[$meta:meta])*
        pub enum Action {
            $( $tag:literal => $module:ident :: $variant:ident ),* $(,)?
        }
    ) => {
        $(pub mod $module;)*

        $(#[$meta])*
        pub enum Action {
            $(
                #[doc = concat!("See [`", stringify!($variant), "`](act::", stringify!($variant), ").")]
                #[serde(rename = $tag)]
                $variant($module::$variant),
            )*
        }

        /// Each action's fields, one struct per action, in its own file
        /// under `action/` named by its id.
        pub mod act {
            $(pub use super::$module::$variant;)*
        }

        $(
            impl From<$module::$variant> for Action {
                fn from(a: $module::$variant) -> Action {
                    Action::$variant(a)
                }
            }
        )*

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
