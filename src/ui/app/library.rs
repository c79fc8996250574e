//! The library in the app (issue 36): the folder of the player's rosters,
//! games, records and PDFs, shown and changed in its window (*Files* in the
//! top bar), and the one offer to copy an older version's files in.

use std::path::{Path, PathBuf};

use super::ImpiaApp;
use crate::core::library::{self, Library, LibraryError, Source};
use crate::core::text::Text;
#[cfg(not(target_arch = "wasm32"))]
use crate::ui::files::Picked;

/// The library window's state.
#[derive(Clone, Debug, Default)]
pub struct LibraryPanel {
    pub open: bool,
    /// The folder typed in the window (where no folder dialog exists).
    pub typed: String,
    /// Where the library's location came from.
    pub source: Option<Source>,
    /// Files an older version left in the working folder, offered once:
    /// the folder and each file with where its copy would go.
    pub offer: Option<(PathBuf, Vec<(PathBuf, PathBuf)>)>,
}

/// The app's file layer at start: the library located (`--home`,
/// `IMPIA_HOME`, the remembered choice, the default) and made ready, with
/// the examples on first run; the examples written.
pub fn open_library(home: Option<&Path>) -> Result<(Library, Source, Vec<PathBuf>), LibraryError> {
    let (lib, source) = Library::locate(home)?;
    let written = lib.prepare()?;
    Ok((lib, source, written))
}

#[cfg(not(target_arch = "wasm32"))]
fn source_words(s: Option<Source>, l: crate::core::text::Lang) -> &'static str {
    match s {
        Some(Source::Flag) => l.pick("elegida con --home", "chosen with --home"),
        Some(Source::Env) => l.pick("elegida con IMPIA_HOME", "chosen with IMPIA_HOME"),
        Some(Source::Remembered) => l.pick("elegida en este panel", "chosen in this panel"),
        Some(Source::Default) => l.pick(
            "la carpeta de siempre, en tus documentos",
            "the usual folder, in your documents",
        ),
        None => l.pick("la carpeta de trabajo", "the working folder"),
    }
}

impl ImpiaApp {
    /// Point every view at `lib`: the Open list, the new games, the
    /// records, the PDFs.
    pub fn use_library(&mut self, lib: Library, source: Option<Source>) {
        self.rosters_dir = lib.rosters();
        self.warband.set_records_dir(lib.records());
        self.library_panel.typed = lib.root().display().to_string();
        self.library_panel.source = source;
        self.game.library = lib.clone();
        self.library = lib;
    }

    /// At start: the library, or the working folder with the reason in the
    /// status line when none can be made.
    pub(super) fn start_library(&mut self, home: Option<&Path>) {
        // Issue 37: a page has no folders; its library is the browser's
        // storage, with the examples on the first visit.
        #[cfg(target_arch = "wasm32")]
        {
            let _ = home;
            self.start_browser_library();
        }
        #[cfg(not(target_arch = "wasm32"))]
        match open_library(home) {
            Ok((lib, source, written)) => {
                if !written.is_empty() {
                    let root = lib.root().display().to_string();
                    self.set_status(
                        Text::each(|l| {
                            format!(
                                "{} {root} {}",
                                l.pick("Tus archivos van en", "Your files go in"),
                                l.pick(
                                    "(con tres bandas de ejemplo).",
                                    "(with three example warbands)."
                                )
                            )
                        }),
                        false,
                    );
                }
                self.use_library(lib, Some(source));
            }
            Err(e) => {
                let e = e.to_string();
                self.set_status(
                    Text::each(|l| {
                        format!(
                            "{e} — {}",
                            l.pick("se usa la carpeta de trabajo", "using the working folder")
                        )
                    }),
                    true,
                );
            }
        }
    }

    /// Offer, once per folder, to copy an older version's files from the
    /// working folder into the library. `offered`: folders asked before.
    pub(super) fn look_for_old_files(&mut self, offered: &[PathBuf]) {
        let Ok(cwd) = std::env::current_dir() else {
            return;
        };
        if offered.iter().any(|p| p == &cwd) {
            return;
        }
        let found = library::old_files(&cwd, &self.library);
        if !found.is_empty() {
            self.library_panel.offer = Some((cwd, found));
        }
    }

    /// Make `root` the library, remembered for the next start (and for the
    /// commands); `None`: back to the default.
    #[cfg(not(target_arch = "wasm32"))]
    fn change_library(&mut self, root: Option<PathBuf>) {
        let lib = match root.clone().or_else(library::default_root) {
            Some(r) => Library::at(&r),
            None => {
                let e = LibraryError::NoHome.to_string();
                self.set_status_plain(e, true);
                return;
            }
        };
        let result = lib
            .prepare()
            .map_err(|e| e.to_string())
            .and_then(|_| library::remember(root.as_deref()).map_err(|e| e.to_string()));
        match result {
            Ok(()) => {
                let source = if root.is_some() {
                    Source::Remembered
                } else {
                    Source::Default
                };
                let shown = lib.root().display().to_string();
                self.use_library(lib, Some(source));
                self.set_status(
                    Text::each(|l| {
                        format!(
                            "{} {shown}",
                            l.pick("Tus archivos van ahora en", "Your files now go in")
                        )
                    }),
                    false,
                );
            }
            Err(e) => self.set_status_plain(e, true),
        }
    }

    /// The library window, and the offer of old files when there is one.
    pub(super) fn library_window(&mut self, ctx: &egui::Context) {
        self.old_files_offer(ctx);
        if !self.library_panel.open {
            return;
        }
        // Issue 37: a page's library is the browser's storage, not a folder.
        #[cfg(target_arch = "wasm32")]
        self.browser_library_window(ctx);
        #[cfg(not(target_arch = "wasm32"))]
        self.folder_window(ctx);
    }

    /// The library's folder: shown, opened, changed.
    #[cfg(not(target_arch = "wasm32"))]
    fn folder_window(&mut self, ctx: &egui::Context) {
        let l = self.l();
        let mut open = true;
        let mut change = None;
        egui::Window::new(l.pick("Tus archivos", "Your files"))
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                ui.set_max_width(560.0);
                ui.label(l.pick(
                    "Bandas, partidas, historiales y PDF se guardan en:",
                    "Warbands, games, records and PDFs are kept in:",
                ));
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(self.library.root().display().to_string()).strong(),
                    )
                    .wrap(),
                );
                ui.weak(source_words(self.library_panel.source, l));
                ui.horizontal(|ui| {
                    if ui
                        .button(l.pick("Abrir la carpeta", "Open the folder"))
                        .clicked()
                        && let Err(e) = super::file_actions::open_with_system(self.library.root())
                    {
                        self.set_status_plain(e, true);
                    }
                    if self.dialogs.enabled && ui.button(l.pick("Cambiar…", "Change…")).clicked()
                    {
                        match self.dialogs.folder(self.library.root()) {
                            Picked::File(p) => change = Some(Some(p)),
                            Picked::Cancelled | Picked::Unavailable => {}
                        }
                    }
                });
                ui.separator();
                ui.horizontal(|ui| {
                    let lbl = ui.label(l.pick("Otra carpeta:", "Another folder:"));
                    ui.add(
                        egui::TextEdit::singleline(&mut self.library_panel.typed)
                            .desired_width(340.0),
                    )
                    .labelled_by(lbl.id);
                    let typed = self.library_panel.typed.trim();
                    if ui
                        .add_enabled(!typed.is_empty(), egui::Button::new(l.pick("Usar", "Use")))
                        .clicked()
                    {
                        change = Some(Some(PathBuf::from(typed)));
                    }
                });
                if ui
                    .button(l.pick("Volver a la carpeta de siempre", "Back to the usual folder"))
                    .clicked()
                {
                    change = Some(None);
                }
            });
        self.library_panel.open = open;
        if let Some(root) = change {
            self.change_library(root);
        }
    }

    /// Files of an older impia in the working folder: copy them into the
    /// library (originals kept), or leave them; asked once either way.
    fn old_files_offer(&mut self, ctx: &egui::Context) {
        let Some((dir, files)) = self.library_panel.offer.clone() else {
            return;
        };
        let l = self.l();
        let mut choice = None;
        egui::Modal::new(egui::Id::unique("old_files_offer")).show(ctx, |ui| {
            ui.set_max_width(560.0);
            ui.heading(l.pick("Archivos de antes", "Earlier files"));
            ui.add(
                egui::Label::new(format!(
                    "{} {} {} {}",
                    files.len(),
                    l.pick(
                        "archivos de una versión anterior están en",
                        "files of an earlier version are in"
                    ),
                    dir.display(),
                    l.pick(
                        "y no en tu biblioteca. ¿Copiarlos allí? Los originales se quedan donde están.",
                        "and not in your library. Copy them there? The originals stay where they are.",
                    )
                ))
                .wrap(),
            );
            ui.horizontal(|ui| {
                if ui.button(l.pick("Copiar", "Copy")).clicked() {
                    choice = Some(true);
                }
                if ui.button(l.pick("Ahora no", "Not now")).clicked() {
                    choice = Some(false);
                }
            });
        });
        let Some(copy) = choice else {
            return;
        };
        self.library_panel.offer = None;
        self.old_files_asked.push(dir);
        if !copy {
            return;
        }
        let (n, errors) = library::copy_in(&files);
        let root = self.library.root().display().to_string();
        let errors = errors.join("; ");
        self.set_status(
            Text::each(|l| {
                let mut t = format!(
                    "{n} {} {root}",
                    l.pick("archivos copiados en", "files copied into")
                );
                if !errors.is_empty() {
                    t.push_str(&format!(
                        " — {}: {errors}",
                        l.pick("sin copiar", "not copied")
                    ));
                }
                t
            }),
            !errors.is_empty(),
        );
    }
}
