//! The app's documents in a browser tab (issue 37): what it opens at the
//! start, what it opens by name, and the game written again after every
//! action, all through the browser's store (`ui::web::storage`).

use std::path::Path;

use super::{ImpiaApp, View};
use crate::core::roster::RosterDoc;
use crate::core::text::Text;
use crate::ui::web::storage;

/// A dropped file's name and its bytes (or why the browser could not read it).
type Arrived = (String, Result<Vec<u8>, String>);

thread_local! {
    /// Dropped files read by the browser, waiting for the next frame.
    static ARRIVED: std::cell::RefCell<Vec<Arrived>> = Default::default();
    /// The preferences as last written to the page's storage.
    static PREFS_KEPT: std::cell::RefCell<Option<super::Prefs>> = Default::default();
}

impl ImpiaApp {
    /// A roster or game kept in the browser under `path`'s name, opened;
    /// false when the browser keeps none by that name.
    pub(super) fn open_kept(&mut self, path: &Path) -> bool {
        let game_shelf = path
            .parent()
            .and_then(|p| p.file_name())
            .is_some_and(|d| d == crate::core::store::Shelf::Games.dir());
        if game_shelf && let Some(read) = storage::read_game(path, &self.rules) {
            match read {
                Ok(host) => {
                    self.game.game = Some(host);
                    self.game.last_game = Some(path.to_path_buf());
                    self.prefs.last_game = Some(path.to_path_buf());
                    self.prefs.view = View::Game;
                }
                Err(e) => self.set_status_plain(e, true),
            }
            return true;
        }
        let Some(read) = storage::read_roster(path, &self.rules) else {
            return false;
        };
        match read {
            Ok(r) => {
                self.warband
                    .replace(RosterDoc::new(r, Some(path.to_path_buf())));
                self.prefs.last_roster = Some(path.to_path_buf());
                self.prefs.view = View::Warband;
                self.set_status(
                    Text::each(|l| format!("{} {}", l.pick("Abierto", "Opened"), path.display())),
                    false,
                );
            }
            Err(e) => self.set_status_plain(e, true),
        }
        true
    }

    /// Files dropped on the page: each YAML one read (a browser reads a
    /// file only later, so its bytes arrive at a later frame), kept in the
    /// browser and opened. True when one was dropped or has arrived.
    pub(super) fn open_dropped(&mut self, ctx: &egui::Context) -> bool {
        let dropped: Vec<egui::DroppedFileHandle> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .filter(|f| {
                    let n = f.path().to_string_lossy().to_ascii_lowercase();
                    n.ends_with(".yaml") || n.ends_with(".yml")
                })
                .cloned()
                .collect()
        });
        let any = !dropped.is_empty();
        for f in dropped {
            let ctx = ctx.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let name = f.path().to_string_lossy().to_string();
                let read = f.bytes_async().await;
                ARRIVED.with(|a| a.borrow_mut().push((name, read)));
                ctx.request_repaint();
            });
        }
        let arrived = ARRIVED.with(|a| std::mem::take(&mut *a.borrow_mut()));
        for (name, read) in &arrived {
            match read
                .as_ref()
                .map_err(|e| format!("{name}: {e}"))
                .and_then(|bytes| storage::keep_dropped(name, bytes, &self.rules))
            {
                Ok(path) => {
                    self.open_kept(&path);
                }
                Err(e) => self.set_status_plain(e, true),
            }
        }
        any || !arrived.is_empty()
    }

    /// The page's library: the browser's storage, which gets the example
    /// warbands on the first visit (as a new library folder does).
    pub(super) fn start_browser_library(&mut self) {
        match storage::keep_examples() {
            Ok(0) => {}
            Ok(_) => self.set_status(
                Text::each(|l| {
                    l.pick(
                        "Tus bandas y partidas se guardan en este navegador (con tres bandas de ejemplo).",
                        "Your warbands and games are kept in this browser (with three example warbands).",
                    )
                }),
                false,
            ),
            Err(e) => self.set_status_plain(e, true),
        }
    }

    /// At the page's start: the last roster and the last game, as the
    /// player left them (the view the preferences remember stays).
    pub fn restore_kept(&mut self) {
        let view = self.prefs.view;
        if let Some(p) = self.prefs.last_roster.clone() {
            self.open_kept(&p);
        }
        if let Some(p) = self.prefs.last_game.clone() {
            self.open_kept(&p);
        }
        self.prefs.view = view;
    }

    /// Every frame: the preferences (the last roster and game, the view,
    /// the language) written as soon as they change. eframe 0.37's web
    /// runner saves only every 30 s and on losing focus (its unload hook
    /// listens for "onbeforeunload", an event that never fires), so a
    /// reload right after a save would forget which warband was open.
    pub(super) fn keep_prefs(&mut self, frame: &mut eframe::Frame) {
        let changed = PREFS_KEPT.with(|k| k.borrow().as_ref() != Some(&self.prefs));
        if !changed {
            return;
        }
        if let Some(storage) = frame.storage_mut() {
            eframe::App::save(self, storage);
            PREFS_KEPT.with(|k| *k.borrow_mut() = Some(self.prefs.clone()));
        }
    }

    /// Every frame: the open game in storage as it is now (written only
    /// when it changed). A failure is said, and said again if it changes.
    pub(super) fn keep_game(&mut self) {
        crate::ui::web::page::set_unsaved(self.warband.doc.dirty());
        if let Err(e) = storage::keep_game(self.game.last_game.as_deref(), self.game.game.as_ref())
        {
            let text = Text::each(|l| {
                format!(
                    "{} {e}",
                    l.pick(
                        "La partida sigue, pero no se puede guardar en el navegador:",
                        "The game goes on, but the browser cannot save it:"
                    )
                )
            });
            if self.status.text != text {
                self.set_status(text, true);
            }
        }
    }
}
