//! Issue 33: who decides what between two seats. The owner of each field
//! of a draft is `owners`; here, what a seat's request leads to
//! ([`Game::ask`](super::Game::ask)): refused when it sets a field the
//! seat does not own, applied, or waiting for the other seat's dice,
//! choices or leave; and its words. The laptop, the referee, is never
//! asked.

mod ask;
mod words;
pub use super::owners::{Denied, Field, Owned};
pub use ask::{Asked, Refused, Waiting};
