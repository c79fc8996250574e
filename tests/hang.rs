//! The one time bound the tests keep: a generous timeout that only catches
//! a hang (the quadratic and exponential blow-ups these tests guard against
//! took minutes, or never ended). How fast a case runs on a loaded machine
//! is not asserted.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

/// Far above what any case takes on a loaded debug build.
pub const HANG: Duration = Duration::from_secs(120);

/// Runs `f`; if it is still running after [`HANG`], says so and ends the
/// test binary (a hung call cannot be stopped from another thread).
pub fn no_hang<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let (done, wait) = mpsc::channel::<()>();
    let what = what.to_owned();
    let watchdog = std::thread::spawn(move || {
        if let Err(RecvTimeoutError::Timeout) = wait.recv_timeout(HANG) {
            eprintln!("{what}: still running after {HANG:?}, a hang");
            std::process::exit(1);
        }
    });
    let out = f();
    drop(done);
    watchdog.join().expect("the watchdog");
    out
}
