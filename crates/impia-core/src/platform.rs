//! What a page lacks (issue 37): on wasm32-unknown-unknown
//! `std::process::id` and `std::thread::sleep` trap, and the compiler does
//! not say so. The core asks here; clippy's `disallowed-methods`
//! (clippy.toml) keeps every other call out of the code the web reaches.

/// This process's id (a temp file's name carries it).
#[cfg(not(target_arch = "wasm32"))]
#[allow(clippy::disallowed_methods)] // the one native call, kept here
pub fn pid() -> u32 {
    std::process::id()
}

/// A page has no process (`std::process::id` traps on wasm32): 0.
#[cfg(target_arch = "wasm32")]
pub fn pid() -> u32 {
    0
}

/// Wait a moment before trying a lock again.
#[cfg(not(target_arch = "wasm32"))]
#[allow(clippy::disallowed_methods)] // the one native sleep, kept here
pub fn pause(d: std::time::Duration) {
    std::thread::sleep(d);
}

/// A page has one thread and no other writer to wait for
/// (`thread::sleep` traps on wasm32): no wait.
#[cfg(target_arch = "wasm32")]
pub fn pause(_d: std::time::Duration) {}

/// Now, on a clock that also runs in a page: `web_time::Instant` is std's
/// on native (which the lint names, hence the one allow here) and the
/// browser's `performance.now()` on the web, where std's panics.
#[allow(clippy::disallowed_methods)]
pub fn now() -> web_time::Instant {
    web_time::Instant::now()
}
