//! Files without surprises: the `rosters/` folder, the system file dialog
//! when there is one, and in-app dialogs when there is none (a bare X server
//! has no XDG portal: rfd then returns `None` at once, as if cancelled).
//!
//! - Open lists the `rosters/` files with the warband's name, points and
//!   validity; "Other file…" asks the system dialog, which starts in `rosters/`.
//! - Save of a new warband writes `rosters/NAME.yaml` (NAME from the
//!   warband's name) when no dialog can ask, and says so; an existing file
//!   with other content is never replaced without asking.
//! - Paths are absolute, so a remembered file is the same file from any
//!   working folder.

#[cfg(target_arch = "wasm32")]
use crate::ui::web::page::no_dialog as rfd;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::core::roster::{self, Roster};
use crate::core::tables::RuleSet;
use crate::core::text::Lang;

/// A dialog that returns faster than this was never shown to a person: no
/// one cancels a file dialog within a quarter of a second.
const NOT_SHOWN: Duration = Duration::from_millis(250);

/// `path` made absolute against the current folder (a path that cannot be,
/// stays as it is).
pub fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// What a system file dialog gave.
#[derive(Clone, Debug, PartialEq)]
pub enum Picked {
    File(PathBuf),
    Cancelled,
    /// No dialog could be shown (no portal, no zenity, or dialogs are off).
    Unavailable,
}

/// The system file dialogs, and whether they work here.
#[derive(Clone, Debug)]
pub struct Dialogs {
    /// Off in tests and with `IMPIA_NO_DIALOG=1`; turned off for the session
    /// when a dialog returns without being shown.
    pub enabled: bool,
}

impl Dialogs {
    pub fn system() -> Dialogs {
        Dialogs {
            enabled: std::env::var_os("IMPIA_NO_DIALOG").is_none(),
        }
    }

    fn run(&mut self, f: impl FnOnce() -> Option<PathBuf>) -> Picked {
        if !self.enabled {
            return Picked::Unavailable;
        }
        let start = crate::core::platform::now();
        match f() {
            Some(p) => Picked::File(absolute(&p)),
            None if start.elapsed() < NOT_SHOWN => {
                self.enabled = false;
                Picked::Unavailable
            }
            None => Picked::Cancelled,
        }
    }

    pub fn save(&mut self, dir: &Path, file_name: &str) -> Picked {
        self.run(|| {
            rfd::FileDialog::new()
                .add_filter("YAML", &["yaml", "yml"])
                .set_directory(start_dir(dir))
                .set_file_name(file_name)
                .save_file()
        })
    }

    /// A folder (the library's place, issue 36).
    pub fn folder(&mut self, dir: &Path) -> Picked {
        self.run(|| {
            rfd::FileDialog::new()
                .set_directory(start_dir(dir))
                .pick_folder()
        })
    }

    pub fn open(&mut self, dir: &Path) -> Picked {
        self.run(|| {
            rfd::FileDialog::new()
                .add_filter("YAML", &["yaml", "yml"])
                .set_directory(start_dir(dir))
                .pick_file()
        })
    }
}

/// A file from the system's dialog when `clicked`. Issue 37: a page's
/// picker answers at a later frame, so the button asks for its file by
/// `tag` every frame; the file is kept in the browser and its path given.
#[cfg(not(target_arch = "wasm32"))]
pub fn pick_yaml(
    _ui: &egui::Ui,
    clicked: bool,
    (dir, _rules): (&Path, &RuleSet),
    _tag: &str,
) -> Option<Result<PathBuf, String>> {
    if !clicked {
        return None;
    }
    ::rfd::FileDialog::new()
        .add_filter("YAML", &["yaml", "yml"])
        .set_directory(dir)
        .pick_file()
        .map(Ok)
}

#[cfg(target_arch = "wasm32")]
pub fn pick_yaml(
    ui: &egui::Ui,
    clicked: bool,
    (_dir, rules): (&Path, &RuleSet),
    tag: &str,
) -> Option<Result<PathBuf, String>> {
    use crate::ui::web::{pick, storage};
    if clicked {
        pick::start(ui.ctx(), tag, "YAML", &["yaml", "yml"]);
    }
    let (name, bytes) = pick::take(tag)?;
    Some(storage::keep_dropped(&name, &bytes, rules))
}

/// Where a file goes or comes from, as the player sees it: its path, or
/// in a page (issue 37), the browser and the file's name.
fn shown_place(path: &Path, l: Lang) -> String {
    if cfg!(target_arch = "wasm32") {
        let name = path.file_name().map(|n| n.to_string_lossy().to_string());
        let place = l.pick("En este navegador", "In this browser");
        match name.filter(|n| n.ends_with(".yaml")) {
            Some(n) => format!("{place}: {n}"),
            None => place.to_string(),
        }
    } else {
        path.display().to_string()
    }
}

/// `dir` if it exists, else the folder it would be made in.
fn start_dir(dir: &Path) -> PathBuf {
    if dir.is_dir() {
        dir.to_path_buf()
    } else {
        dir.parent()
            .map_or_else(|| dir.to_path_buf(), Path::to_path_buf)
    }
}

/// The default `rosters/` folder: under the current folder, absolute.
pub fn default_rosters_dir() -> PathBuf {
    absolute(Path::new("rosters"))
}

/// One file of the `rosters/` folder as the Open list shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct RosterEntry {
    pub path: PathBuf,
    /// The warband's name, points, limit and problem count; or why the file
    /// does not load.
    pub summary: Result<EntrySummary, String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EntrySummary {
    pub name: String,
    pub total: u32,
    pub limit: u32,
    pub problems: usize,
}

/// The roster files of `dir`, sorted by file name. Only regular files are
/// read (a FIFO would block the window).
#[cfg(not(target_arch = "wasm32"))]
pub fn list_rosters(dir: &Path, rules: &RuleSet) -> Vec<RosterEntry> {
    list_files(dir, rules)
}

/// Issue 37: a page lists the rosters kept in the browser.
#[cfg(target_arch = "wasm32")]
pub fn list_rosters(dir: &Path, rules: &RuleSet) -> Vec<RosterEntry> {
    crate::ui::web::storage::roster_paths(dir)
        .into_iter()
        .map(|path| {
            let summary = match crate::ui::web::storage::read_roster(&path, rules) {
                Some(Ok(r)) => Ok(summary_of(r, rules)),
                Some(Err(e)) => Err(e),
                None => Err("gone".to_string()),
            };
            RosterEntry { path, summary }
        })
        .collect()
}

#[cfg(not(target_arch = "wasm32"))]
fn list_files(dir: &Path, rules: &RuleSet) -> Vec<RosterEntry> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = read
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| e.path())
        .filter(|p| {
            p.extension()
                .is_some_and(|x| x.eq_ignore_ascii_case("yaml") || x.eq_ignore_ascii_case("yml"))
        })
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let summary = roster::load_roster(&path, rules)
                .map(|r| summary_of(r, rules))
                .map_err(|e| e.to_string());
            RosterEntry { path, summary }
        })
        .collect()
}

fn summary_of(r: roster::Roster, rules: &RuleSet) -> EntrySummary {
    let report = roster::check(&r, rules);
    EntrySummary {
        name: r.name,
        total: report.total,
        limit: report.points_limit,
        problems: report.problems.len(),
    }
}

/// What is at a path a save would write to.
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    Free,
    /// The file holds exactly what would be written.
    Same,
    /// Another file: its warband's name, if it is a roster.
    Other(Option<String>),
}

#[cfg(not(target_arch = "wasm32"))]
pub fn target(path: &Path, roster: &Roster, rules: &RuleSet) -> Target {
    if !path.exists() {
        return Target::Free;
    }
    let ours = roster::roster_to_yaml(roster).ok();
    let theirs = crate::core::tables::read_text(path, crate::core::tables::MAX_FILE_BYTES).ok();
    if ours.is_some() && ours == theirs {
        return Target::Same;
    }
    Target::Other(roster::load_roster(path, rules).ok().map(|r| r.name))
}

/// Issue 37: what the browser keeps under the name a save would use.
#[cfg(target_arch = "wasm32")]
pub fn target(path: &Path, roster: &Roster, rules: &RuleSet) -> Target {
    let Some(theirs) = crate::ui::web::storage::roster_text(path) else {
        return Target::Free;
    };
    if roster::roster_to_yaml(roster).is_ok_and(|ours| ours == theirs) {
        return Target::Same;
    }
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    Target::Other(
        roster::parse_roster(&name, &theirs, rules)
            .ok()
            .map(|r| r.name),
    )
}

/// The in-app save dialog: a file name in `rosters/`, with a warning and a
/// "Replace" button when the file exists.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveForm {
    pub stem: String,
}

/// What the user chose in an in-app dialog.
#[derive(Clone, Debug, PartialEq)]
pub enum FormChoice {
    Save(PathBuf),
    Open(PathBuf),
    SystemDialog,
    Cancel,
}

impl SaveForm {
    pub fn path(&self, dir: &Path) -> PathBuf {
        let stem = self.stem.trim().trim_end_matches(".yaml");
        dir.join(format!("{}.yaml", roster::slug(stem)))
    }

    pub fn ui(
        &mut self,
        ctx: &egui::Context,
        l: Lang,
        dir: &Path,
        roster: &Roster,
        rules: &RuleSet,
    ) -> Option<FormChoice> {
        let mut choice = None;
        let path = self.path(dir);
        let target = target(&path, roster, rules);
        let modal = egui::Modal::new(egui::Id::unique("save_form")).show(ctx, |ui| {
            ui.set_max_width(560.0);
            ui.heading(l.pick("Guardar banda", "Save warband"));
            ui.horizontal(|ui| {
                let lbl = ui.label(l.pick("Nombre del archivo:", "File name:"));
                ui.add(egui::TextEdit::singleline(&mut self.stem).desired_width(260.0))
                    .labelled_by(lbl.id);
                ui.label(".yaml");
            });
            ui.add(egui::Label::new(egui::RichText::new(shown_place(&path, l)).weak()).wrap());
            let replace = matches!(target, Target::Other(_));
            if let Target::Other(name) = &target {
                let what = match name {
                    Some(n) => format!(
                        "{} «{n}».",
                        l.pick(
                            "Ya existe y guarda la banda",
                            "It exists and holds the warband"
                        )
                    ),
                    None => l
                        .pick(
                            "Ya existe un archivo con ese nombre.",
                            "A file with that name exists.",
                        )
                        .to_string(),
                };
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(format!(
                            "⚠ {what} {}",
                            l.pick(
                                "Cambia el nombre o sustitúyelo.",
                                "Change the name or replace it."
                            )
                        ))
                        .color(ui.visuals().warn_fg_color),
                    )
                    .wrap(),
                );
            }
            ui.horizontal(|ui| {
                let label = if replace {
                    l.pick("Sustituir", "Replace")
                } else {
                    l.pick("Guardar", "Save")
                };
                if ui.button(label).clicked() {
                    choice = Some(FormChoice::Save(path.clone()));
                }
                if ui.button(l.pick("Cancelar", "Cancel")).clicked() {
                    choice = Some(FormChoice::Cancel);
                }
            });
        });
        if modal.should_close() && choice.is_none() {
            choice = Some(FormChoice::Cancel);
        }
        choice
    }
}

/// The in-app Open dialog: the `rosters/` files to pick from.
#[derive(Clone, Debug, PartialEq)]
pub struct OpenList {
    pub entries: Vec<RosterEntry>,
    /// The system dialog can be offered.
    pub system: bool,
}

impl OpenList {
    pub fn ui(&mut self, ctx: &egui::Context, l: Lang, dir: &Path) -> Option<FormChoice> {
        let mut choice = None;
        let modal = egui::Modal::new(egui::Id::unique("open_list")).show(ctx, |ui| {
            ui.set_width(620.0);
            ui.heading(l.pick("Abrir banda", "Open warband"));
            ui.add(egui::Label::new(egui::RichText::new(shown_place(dir, l)).weak()).wrap());
            ui.separator();
            if self.entries.is_empty() && cfg!(target_arch = "wasm32") {
                ui.label(l.pick(
                    "Este navegador no guarda bandas todavía. También puedes arrastrar un archivo a la página.",
                    "This browser keeps no warbands yet. You can also drop a file onto the page.",
                ));
            } else if self.entries.is_empty() {
                ui.label(l.pick(
                    "No hay bandas en esta carpeta. También puedes arrastrar un archivo a la ventana.",
                    "There are no warbands in this folder. You can also drop a file onto the window.",
                ));
            }
            egui::ScrollArea::vertical().max_height(420.0).show(ui, |ui| {
                for e in &self.entries {
                    if entry_ui(ui, l, e) {
                        choice = Some(FormChoice::Open(e.path.clone()));
                    }
                }
            });
            ui.separator();
            ui.horizontal(|ui| {
                if self.system
                    && ui
                        .button(l.pick("Otro archivo…", "Other file…"))
                        .clicked()
                {
                    choice = Some(FormChoice::SystemDialog);
                }
                if ui.button(l.pick("Cancelar", "Cancel")).clicked() {
                    choice = Some(FormChoice::Cancel);
                }
            });
        });
        if modal.should_close() && choice.is_none() {
            choice = Some(FormChoice::Cancel);
        }
        choice
    }
}

/// One row of the Open list; true when clicked.
fn entry_ui(ui: &mut egui::Ui, l: Lang, e: &RosterEntry) -> bool {
    let file = e
        .path
        .file_name()
        .map(|f| f.to_string_lossy().to_string())
        .unwrap_or_default();
    let (title, detail, bad) = match &e.summary {
        Ok(s) => {
            let validity = if s.problems == 0 {
                format!("✔ {}", l.pick("válida", "valid"))
            } else {
                format!("⚠ {} {}", s.problems, l.pick("problema(s)", "problem(s)"))
            };
            (
                s.name.clone(),
                format!("{} / {} pts · {validity} · {file}", s.total, s.limit),
                s.problems > 0 || s.total > s.limit,
            )
        }
        Err(err) => (
            file.clone(),
            format!("{} {err}", l.pick("No se puede abrir:", "Cannot open:")),
            true,
        ),
    };
    let mut job = egui::text::LayoutJob::default();
    let body = egui::TextStyle::Body.resolve(ui.style());
    job.append(
        &title,
        0.0,
        egui::TextFormat::simple(body.clone(), ui.visuals().strong_text_color()),
    );
    let detail_color = if bad {
        ui.visuals().warn_fg_color
    } else {
        ui.visuals().weak_text_color()
    };
    job.append(
        &format!("\n{detail}"),
        0.0,
        egui::TextFormat::simple(body, detail_color),
    );
    job.wrap.max_rows = 2;
    job.wrap.max_width = ui.available_width();
    ui.add_sized(
        [ui.available_width(), 40.0],
        egui::Button::new(job).right_text(""),
    )
    .clicked()
}
