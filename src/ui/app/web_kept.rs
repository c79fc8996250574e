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

/// The tag of a file picked to be opened (a roster or a game).
pub(super) const OPEN_TAG: &str = "open";
/// The tag of a library zip picked to be imported.
const IMPORT_TAG: &str = "import";

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
                    if host.read_only() {
                        self.set_status(crate::ui::web::tabs::other_tab_words(), true);
                    }
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
                    n.ends_with(".yaml") || n.ends_with(".yml") || n.ends_with(".zip")
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
        let mut arrived = ARRIVED.with(|a| std::mem::take(&mut *a.borrow_mut()));
        // A file chosen with Open's "Other file…" arrives the same way.
        if let Some((name, bytes)) = crate::ui::web::pick::take(OPEN_TAG) {
            arrived.push((name, Ok(bytes)));
        }
        if let Some((name, bytes)) = crate::ui::web::pick::take(IMPORT_TAG) {
            arrived.push((name, Ok(bytes)));
        }
        for (name, read) in &arrived {
            if name.to_ascii_lowercase().ends_with(".zip") {
                self.import_library(name, read);
                continue;
            }
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
    pub(super) fn keep_game(&mut self, ctx: &egui::Context) {
        crate::ui::web::page::set_unsaved(self.warband.doc.dirty());
        crate::ui::web::tabs::beat(ctx);
        let kept = storage::keep_game(self.game.last_game.as_deref(), self.game.game.as_ref());
        if let Err(e) = &kept
            && e == storage::LOST_TO_ANOTHER_TAB
        {
            // Asleep too long, the tab lost the game to another: from now
            // on it only shows it (the other tab's actions are the game's).
            self.game.game = self.game.game.take().map(|h| {
                crate::core::game::Host::detached(
                    h.into_game()
                        .viewed_only(crate::core::game::ReadOnly::OtherTab),
                )
            });
            self.set_status(crate::ui::web::tabs::other_tab_words(), true);
            return;
        }
        if let Err(e) = kept {
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

    /// A library zip (picked or dropped) kept in the browser; what it did
    /// said in the status line.
    fn import_library(&mut self, name: &str, read: &Result<Vec<u8>, String>) {
        let done = match read.clone().and_then(|b| storage::import_zip(&b)) {
            Ok(d) => d,
            Err(e) => {
                let text = Text::each(|l| {
                    format!(
                        "{} {name}: {e}",
                        l.pick("No se pudo importar", "Could not import")
                    )
                });
                return self.set_status(text, true);
            }
        };
        let renamed: Vec<String> = done
            .renamed
            .iter()
            .map(|(from, to)| format!("{from} → {to}"))
            .collect();
        let (renamed, skipped) = (renamed.join(", "), done.skipped.join("; "));
        let text = Text::each(|l| {
            let mut t = format!(
                "{name}: {} {}, {} {}",
                done.added,
                l.pick("documentos nuevos", "new documents"),
                done.same,
                l.pick("ya estaban", "already here"),
            );
            if !renamed.is_empty() {
                t += &format!(
                    "; {} {renamed}",
                    l.pick(
                        "distintos, con otro nombre:",
                        "different, under a new name:"
                    )
                );
            }
            if !skipped.is_empty() {
                t += &format!("; {} {skipped}", l.pick("fuera:", "left out:"));
            }
            t
        });
        self.set_status(text, !done.skipped.is_empty());
    }

    /// The library window in a page: what the browser keeps, the whole of
    /// it as a zip to download, and a zip to bring in.
    pub(super) fn browser_library_window(&mut self, ctx: &egui::Context) {
        let l = self.l();
        let [rosters, games, records] = storage::counts();
        let mut open = true;
        let (mut export, mut import) = (false, false);
        egui::Window::new(l.pick("Tus archivos", "Your files"))
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                ui.set_max_width(520.0);
                ui.label(format!(
                    "{} {rosters} {}, {games} {}, {records} {}.",
                    l.pick(
                        "Este navegador guarda, solo en este dispositivo:",
                        "This browser keeps, on this device only:"
                    ),
                    l.pick("bandas", "warbands"),
                    l.pick("partidas", "games"),
                    l.pick("historiales", "records"),
                ));
                ui.weak(l.pick(
                    "Borrar los datos de este sitio en el navegador los borra: descarga una copia de vez en cuando. La copia (un .zip de archivos YAML) se abre también en la aplicación de escritorio y en otro navegador.",
                    "Clearing this site's data in the browser deletes them: download a copy now and then. The copy (a .zip of YAML files) also opens in the desktop app and in another browser.",
                ));
                ui.horizontal(|ui| {
                    export = ui
                        .button(l.pick("Descargar todo (.zip)", "Download all (.zip)"))
                        .clicked();
                    import = ui
                        .button(l.pick("Traer un .zip…", "Bring in a .zip…"))
                        .on_hover_text(l.pick(
                            "Nada de lo que ya está aquí se sustituye: lo distinto entra con otro nombre.",
                            "Nothing already here is replaced: what differs comes in under a new name.",
                        ))
                        .clicked();
                });
            });
        self.library_panel.open = open;
        if import {
            crate::ui::web::pick::start(ctx, IMPORT_TAG, "zip", &["zip"]);
        }
        if export {
            let name = format!("impia-{}.zip", crate::core::date::today());
            match storage::export_zip().and_then(|(zip, n)| {
                crate::ui::web::page::download(&name, "application/zip", &zip).map(|()| n)
            }) {
                Ok(n) => self.set_status(
                    Text::each(|l| {
                        format!(
                            "{name}: {n} {}",
                            l.pick("documentos descargados", "documents downloaded")
                        )
                    }),
                    false,
                ),
                Err(e) => self.set_status_plain(e, true),
            }
        }
    }
}
