//! The web build's own parts (issue 37, wasm32 only): `page`, what a
//! page does that a window does not; `storage`, the core's `Store` on
//! the browser's storage; `pick`, files chosen in a page; `tabs`, one
//! game per tab. The runner's start is the binary's (main.rs).

pub mod page;
pub mod pick;
pub mod storage;
pub mod tabs;
