//! What a page lacks (issue 37): on wasm32-unknown-unknown
//! `std::process::id` and `std::thread::sleep` trap, and the compiler does
//! not say so. The core asks here; clippy's `disallowed-methods`
//! (clippy.toml) keeps every other call out of the code the web reaches.

/// This process's id (a temp file's name carries it). A page has no
/// process: `std::process::id` traps on wasm32, so the web says 0.
pub fn pid() -> u32 {
    #[cfg(not(target_arch = "wasm32"))]
    #[allow(clippy::disallowed_methods)] // the one native call, kept here
    return std::process::id();
    #[cfg(target_arch = "wasm32")]
    return 0;
}

/// Wait a moment before trying a lock again. A page has one thread and
/// no other writer to wait for (`thread::sleep` traps on wasm32).
pub fn pause(d: std::time::Duration) {
    #[cfg(not(target_arch = "wasm32"))]
    #[allow(clippy::disallowed_methods)] // the one native sleep, kept here
    std::thread::sleep(d);
    #[cfg(target_arch = "wasm32")]
    let _ = d;
}
