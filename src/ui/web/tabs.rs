//! One game per tab (issue 37). Two tabs saving the same game after each
//! action would each overwrite the other's actions, so a tab holds a game
//! with a lock record in localStorage (`impia/lock/NAME`: the tab's id and
//! the time of its last beat, renewed every `BEAT_MS` while the tab runs).
//! A second tab finds the record fresh and opens the game read-only; a
//! record older than `STALE_MS` (its tab closed, crashed or asleep) is
//! taken over, and the tab that lost it sees that before its next save and
//! stops writing. index.html takes the record away when the tab closes.

use std::cell::RefCell;

const BEAT_MS: f64 = 2000.0;
const STALE_MS: f64 = 8000.0;

thread_local! {
    /// This tab's id (random, for this page's life).
    static TAB: String = format!("{:016x}", (js_sys::Math::random() * 2f64.powi(53)) as u64);
    /// The game this tab holds and the time of its last beat.
    static HELD: RefCell<Option<(String, f64)>> = const { RefCell::new(None) };
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn key(name: &str) -> String {
    format!("impia/lock/{name}")
}

/// The record's tab and beat, when it reads.
fn record(s: &web_sys::Storage, name: &str) -> Option<(String, f64)> {
    let text = s.get_item(&key(name)).ok()??;
    let (tab, at) = text.split_once(' ')?;
    Some((tab.to_string(), at.parse().ok()?))
}

fn write(s: &web_sys::Storage, name: &str, now: f64) {
    let tab = TAB.with(Clone::clone);
    let _ = s.set_item(&key(name), &format!("{tab} {now}"));
    // index.html's pagehide handler takes the record away with the tab.
    if let Some(w) = web_sys::window() {
        let pair = js_sys::Array::of2(&key(name).into(), &format!("{tab} ").into());
        let _ = js_sys::Reflect::set(&w, &"impiaLock".into(), &pair);
    }
    HELD.with(|h| *h.borrow_mut() = Some((name.to_string(), now)));
}

/// Hold game `name` for this tab; false when another tab holds it now
/// (then the game is to be viewed only). Holding a game lets go of the
/// one held before. A page without storage holds everything.
pub fn claim(name: &str) -> bool {
    let Some(s) = storage() else {
        return true;
    };
    let now = js_sys::Date::now();
    let mine = TAB.with(Clone::clone);
    if let Some((tab, at)) = record(&s, name)
        && tab != mine
        && now - at < STALE_MS
    {
        return false;
    }
    release();
    write(&s, name, now);
    true
}

/// Whether this tab still holds `name` (checked before each save: a tab
/// asleep for a while may have lost it to another).
pub fn still_mine(name: &str) -> bool {
    let Some(s) = storage() else {
        return true;
    };
    let mine = TAB.with(Clone::clone);
    match record(&s, name) {
        Some((tab, _)) => tab == mine,
        // Taken away (the other tab closed): hold it again.
        None => {
            write(&s, name, js_sys::Date::now());
            true
        }
    }
}

/// Every frame: the held game's record renewed when due, and a frame
/// asked for at the next beat (an idle page draws no frames otherwise).
pub fn beat(ctx: &egui::Context) {
    let Some((name, last)) = HELD.with(|h| h.borrow().clone()) else {
        return;
    };
    let now = js_sys::Date::now();
    if now - last >= BEAT_MS
        && let Some(s) = storage()
        && record(&s, &name).is_some_and(|(tab, _)| TAB.with(|t| *t == tab))
    {
        write(&s, &name, now);
    }
    ctx.request_repaint_after(std::time::Duration::from_millis(BEAT_MS as u64));
}

/// Let go of the held game (its record taken away if it is still ours).
pub fn release() {
    let Some((name, _)) = HELD.with(|h| h.borrow_mut().take()) else {
        return;
    };
    if let Some(s) = storage()
        && record(&s, &name).is_some_and(|(tab, _)| TAB.with(|t| *t == tab))
    {
        let _ = s.remove_item(&key(name.as_str()));
    }
}

/// Why a game is only shown in this tab (issue 37: one game per tab).
pub fn other_tab_words() -> crate::core::text::Text {
    crate::core::text::Text::new(
        "Esta partida está abierta en otra pestaña de este navegador: aquí solo se puede ver \
         (dos pestañas que guardan la misma partida borrarían las acciones de la otra). \
         Ciérrala allí y vuelve a abrirla aquí para jugar.",
        "This game is open in another tab of this browser: here it can only be viewed \
         (two tabs saving the same game would erase each other's actions). Close it there \
         and open it again here to play.",
    )
}
