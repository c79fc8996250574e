//! The shell's file actions: open (a roster or a game), save, save as, new,
//! export PDF, and the in-app Open and Save dialogs. None is silent: each
//! ends with a line in the status bar, success or not.

use std::path::{Path, PathBuf};

use super::{ImpiaApp, View};
use crate::core::roster::{self, Roster, RosterDoc};
use crate::core::text::Text;
use crate::ui::files::{self, FormChoice, OpenList, Picked, SaveForm, Target, absolute};

impl ImpiaApp {
    /// Open a roster or game file; a broken one leaves what is open untouched.
    pub fn open_path(&mut self, path: &Path) {
        let path = absolute(path);
        #[cfg(target_arch = "wasm32")]
        if self.open_kept(&path) {
            return;
        }
        if !path.is_file() {
            self.set_status(
                Text::each(|l| {
                    format!(
                        "{} {}: {}",
                        l.pick("No se pudo abrir", "Could not open"),
                        path.display(),
                        l.pick("no es un archivo normal", "not a regular file")
                    )
                }),
                true,
            );
            return;
        }
        // A game file carries the rosters it started from.
        if looks_like_game(&path) {
            if self.game.open(&path, &self.rules) {
                self.prefs.last_game = Some(path.clone());
                self.prefs.view = View::Game;
            }
            if let Some((text, error)) = self.game.message.clone() {
                self.set_status(text, error);
            }
            return;
        }
        // Issue 38: a campaign opens at its current version, as a new roster
        // (a save never writes a roster over the campaign's log).
        match crate::core::campaign::load_warband(&path, &self.rules) {
            Ok(crate::core::campaign::Warband {
                roster,
                campaign: Some(v),
            }) => {
                self.warband.replace(RosterDoc::new(roster, None));
                self.prefs.view = View::Warband;
                self.set_status(
                    Text::each(|l| {
                        format!(
                            "{} {} ({} {}, {} {}) — {}",
                            l.pick("Campaña abierta:", "Campaign opened:"),
                            path.display(),
                            l.pick("versión", "version"),
                            v.steps,
                            v.games,
                            l.pick("partidas", "games"),
                            l.pick(
                                "reglas de la casa; guardar escribe una lista nueva",
                                "house rules; saving writes a new roster"
                            )
                        )
                    }),
                    false,
                );
            }
            Ok(w) => {
                let r = w.roster;
                self.warband.replace(RosterDoc::new(r, Some(path.clone())));
                self.prefs.last_roster = Some(path.clone());
                self.prefs.view = View::Warband;
                self.set_status(
                    Text::each(|l| format!("{} {}", l.pick("Abierto", "Opened"), path.display())),
                    false,
                );
            }
            Err(e) => {
                self.set_status(
                    Text::each(|l| {
                        format!(
                            "{} {e}",
                            l.pick(
                                "No se pudo abrir (tu banda sigue abierta):",
                                "Could not open (your warband is still open):"
                            )
                        )
                    }),
                    true,
                );
            }
        }
    }

    pub(super) fn save_to(&mut self, path: PathBuf) {
        let path = absolute(&path);
        // Issue 37: a page keeps the roster in the browser's storage.
        #[cfg(target_arch = "wasm32")]
        let written = crate::ui::web::storage::write_roster(&path, &self.warband.doc.roster)
            .and_then(|yaml| {
                let name = path.file_name().unwrap_or_default().to_string_lossy();
                crate::ui::web::page::download(&name, "application/yaml", yaml.as_bytes())
            });
        #[cfg(not(target_arch = "wasm32"))]
        let written = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => std::fs::create_dir_all(dir),
            _ => Ok(()),
        }
        .map_err(|e| e.to_string())
        .and_then(|()| {
            roster::save_roster(&path, &self.warband.doc.roster).map_err(|e| e.to_string())
        });
        match written {
            Ok(()) => {
                self.warband.doc.mark_saved(path.clone());
                self.prefs.last_roster = Some(path.clone());
                // Issue 37: a page keeps the roster and offers it as a file.
                let web = cfg!(target_arch = "wasm32");
                let name = path
                    .file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .to_string();
                self.set_status(
                    Text::each(|l| match web {
                        true => format!(
                            "{} {name} {}",
                            l.pick("Guardada en este navegador como", "Kept in this browser as"),
                            l.pick("(y descargada)", "(and downloaded)")
                        ),
                        false => {
                            format!("{} {}", l.pick("Guardado en", "Saved to"), path.display())
                        }
                    }),
                    false,
                );
            }
            Err(e) => self.set_status(
                Text::each(|l| {
                    format!(
                        "{} {e}",
                        l.pick(
                            "No se pudo guardar (los cambios siguen aquí):",
                            "Could not save (your changes are kept):"
                        )
                    )
                }),
                true,
            ),
        }
    }

    /// The file name a new warband is offered: its name, slugged.
    fn proposed_stem(&self) -> String {
        roster::slug(&self.warband.doc.roster.name)
    }

    pub(super) fn save(&mut self) {
        match self.warband.doc.path.clone() {
            Some(p) => self.save_to(p),
            None => self.save_new(),
        }
    }

    /// A first save: the system dialog, or `rosters/NAME.yaml` without one.
    fn save_new(&mut self) {
        let name = format!("{}.yaml", self.proposed_stem());
        match self.dialogs.save(&self.rosters_dir, &name) {
            Picked::File(p) => self.save_to(p),
            Picked::Cancelled => self.not_saved(),
            Picked::Unavailable => self.save_without_dialog(),
        }
    }

    /// Write `rosters/NAME.yaml` unless another file is there; then ask.
    fn save_without_dialog(&mut self) {
        let form = SaveForm {
            stem: self.proposed_stem(),
        };
        let path = form.path(&self.rosters_dir);
        match files::target(&path, &self.warband.doc.roster, &self.rules) {
            Target::Free | Target::Same => {
                self.save_to(path);
                if !self.status.error && !cfg!(target_arch = "wasm32") {
                    let saved = self.status.text.clone();
                    let text = Text::each(|l| {
                        format!(
                            "{} ({})",
                            saved.get(l),
                            l.pick(
                                "no hay diálogo de archivos del sistema: se guarda en la carpeta de bandas",
                                "no system file dialog: saved in the rosters folder"
                            )
                        )
                    });
                    self.set_status(text, false);
                }
            }
            Target::Other(_) => {
                self.set_status(
                    Text::each(|l| {
                        format!(
                            "{} {}",
                            path.display(),
                            l.pick(
                                "ya existe: elige otro nombre o sustitúyelo.",
                                "already exists: choose another name or replace it."
                            )
                        )
                    }),
                    false,
                );
                self.save_form = Some(form);
            }
        }
    }

    pub(super) fn save_as(&mut self) {
        let name = format!("{}.yaml", self.proposed_stem());
        let dir = self
            .warband
            .doc
            .path
            .as_ref()
            .and_then(|p| p.parent().map(Path::to_path_buf))
            .unwrap_or_else(|| self.rosters_dir.clone());
        match self.dialogs.save(&dir, &name) {
            Picked::File(p) => self.save_to(p),
            Picked::Cancelled => self.not_saved(),
            Picked::Unavailable => {
                self.save_form = Some(SaveForm {
                    stem: self.proposed_stem(),
                });
            }
        }
    }

    fn not_saved(&mut self) {
        self.set_status(
            Text::each(|l| {
                l.pick(
                    "No se ha guardado: cancelado (los cambios siguen aquí).",
                    "Not saved: cancelled (your changes are kept).",
                )
            }),
            false,
        );
    }

    /// Open: the in-app list of `rosters/`, which offers the system dialog.
    pub(super) fn open_dialog(&mut self) {
        self.open_list = Some(OpenList {
            entries: files::list_rosters(&self.rosters_dir, &self.rules),
            system: self.dialogs.enabled,
        });
    }

    /// The in-app dialogs, when one is open.
    pub(super) fn file_forms(&mut self, ctx: &egui::Context) {
        let l = self.l();
        if let Some(form) = &mut self.save_form {
            let choice = form.ui(
                ctx,
                l,
                &self.rosters_dir,
                &self.warband.doc.roster,
                &self.rules,
            );
            match choice {
                Some(FormChoice::Save(p)) => {
                    self.save_form = None;
                    self.save_to(p);
                }
                Some(_) => {
                    self.save_form = None;
                    self.not_saved();
                }
                None => {}
            }
        }
        let Some(list) = &mut self.open_list else {
            return;
        };
        match list.ui(ctx, l, &self.rosters_dir) {
            Some(FormChoice::Open(p)) => {
                self.open_list = None;
                self.open_path(&p);
            }
            // Issue 37: a page's picker answers at a later frame
            // (web_kept.rs opens the file when it arrives).
            #[cfg(target_arch = "wasm32")]
            Some(FormChoice::SystemDialog) => {
                self.open_list = None;
                crate::ui::web::pick::start(
                    ctx,
                    super::web_kept::OPEN_TAG,
                    "YAML",
                    &["yaml", "yml"],
                );
            }
            #[cfg(not(target_arch = "wasm32"))]
            Some(FormChoice::SystemDialog) => match self.dialogs.open(&self.rosters_dir) {
                Picked::File(p) => {
                    self.open_list = None;
                    self.open_path(&p);
                }
                Picked::Cancelled => {}
                Picked::Unavailable => {
                    list.system = false;
                    self.set_status(
                        Text::each(|l| l.pick(
                            "No hay diálogo de archivos del sistema: elige de la lista o arrastra un archivo a la ventana.",
                            "No system file dialog: pick from the list or drop a file onto the window.",
                        )),
                        false,
                    );
                }
            },
            Some(_) => self.open_list = None,
            None => {}
        }
    }

    pub(super) fn new_roster(&mut self) {
        let l = self.l();
        let starter = Roster::starter_in(l.pick("Nueva banda", "New warband"), l);
        if self.warband.doc.dirty() {
            // Keep the user's work one undo away rather than asking.
            self.set_status(
                Text::each(|l| {
                    l.pick(
                        "Banda nueva. La anterior tenía cambios sin guardar: Ctrl+Z la recupera.",
                        "New warband. The previous one had unsaved changes: Ctrl+Z brings it back.",
                    )
                }),
                false,
            );
            self.warband.doc.edit(|r| *r = starter);
            self.warband.doc.path = None;
        } else {
            self.warband.replace(RosterDoc::new(starter, None));
            self.set_status(
                Text::each(|l| l.pick("Banda nueva.", "New warband.")),
                false,
            );
        }
        self.prefs.view = View::Warband;
    }

    /// Export to the library's `exports/<name>.<lang>.pdf`: the English
    /// sheet never overwrites the Spanish one (issue 27).
    pub fn export_pdf(&mut self) -> Option<PathBuf> {
        let l = self.l();
        let doc = &self.warband.doc;
        let report = roster::check(&doc.roster, &self.rules);
        let stem = doc
            .path
            .as_ref()
            .and_then(|p| p.file_stem())
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_else(|| roster::slug(&doc.roster.name));
        let out = self
            .library
            .exports()
            .join(format!("{stem}.{}.pdf", l.code()));
        let result =
            crate::pdf::roster_pdf(&doc.roster, &report, &self.rules, l, crate::pdf::Paper::A4)
                .map_err(|e| e.to_string())
                .and_then(|bytes| write_pdf(&out, &bytes));
        match result {
            Ok(()) => {
                // Issue 37: a page's PDF is a download, opened by the browser.
                let web = cfg!(target_arch = "wasm32");
                let name = out
                    .file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .to_string();
                self.set_status(
                    Text::each(|l| match web {
                        true => format!("{} {name}", l.pick("PDF descargado:", "PDF downloaded:")),
                        false => format!(
                            "{} {}",
                            l.pick("PDF escrito en", "PDF written to"),
                            out.display()
                        ),
                    }),
                    false,
                );
                if !web {
                    self.last_pdf = Some(out.clone());
                }
                Some(out)
            }
            Err(e) => {
                self.set_status(
                    Text::each(|l| {
                        format!(
                            "{} {e}",
                            l.pick("No se pudo exportar el PDF:", "Could not export the PDF:")
                        )
                    }),
                    true,
                );
                None
            }
        }
    }
}

/// The PDF written to `out` (its folder made first).
#[cfg(not(target_arch = "wasm32"))]
fn write_pdf(out: &Path, bytes: &[u8]) -> Result<(), String> {
    if let Some(dir) = out.parent() {
        std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    }
    crate::core::fsutil::write_atomic(out, bytes).map_err(|e| e.to_string())
}

/// Issue 37: a page's PDF is a download named as the desktop's file.
#[cfg(target_arch = "wasm32")]
fn write_pdf(out: &Path, bytes: &[u8]) -> Result<(), String> {
    let name = out.file_name().unwrap_or_default().to_string_lossy();
    crate::ui::web::page::download(&name, "application/pdf", bytes)
}

/// A game file starts with its setup, which names the rosters: look at the
/// head of the file only (a game file can be far larger than a roster).
fn looks_like_game(path: &Path) -> bool {
    use std::io::Read;
    let Ok(f) = std::fs::File::open(path) else {
        return false;
    };
    let mut head = Vec::new();
    if f.take(2 * 1024 * 1024).read_to_end(&mut head).is_err() {
        return false;
    }
    String::from_utf8_lossy(&head)
        .lines()
        .any(|l| l.starts_with("rosters:"))
}

/// Open a file with the system's viewer.
pub(super) fn open_with_system(path: &Path) -> Result<(), String> {
    #[cfg(target_os = "windows")]
    let cmd = (
        "cmd",
        vec![
            "/C".to_string(),
            "start".into(),
            String::new(),
            path.display().to_string(),
        ],
    );
    #[cfg(target_os = "macos")]
    let cmd = ("open", vec![path.display().to_string()]);
    #[cfg(not(any(target_os = "windows", target_os = "macos")))]
    let cmd = ("xdg-open", vec![path.display().to_string()]);
    std::process::Command::new(cmd.0)
        .args(&cmd.1)
        .spawn()
        .map(|_| ())
        .map_err(|e| format!("{}: {e}", path.display()))
}
