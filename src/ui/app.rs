//! The app shell: top bar with the views, language and theme, a status line,
//! file handling (dialogs, drag and drop, command line), keyboard shortcuts,
//! persistence of preferences, and the unsaved-changes question on close.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::dice::DiceView;
use super::game::GameView;
use super::reference::ReferenceView;
use super::tables::TablesView;
use super::warband::{WarbandIntent, WarbandView};
use crate::core::roster::{self, Roster, RosterDoc};
use crate::core::tables::RuleSet;
use crate::core::text::Lang;

const PREFS_KEY: &str = "impia_prefs";

/// The views of the top bar.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum View {
    #[default]
    Warband,
    Game,
    Dice,
    Reference,
    Tables,
}

impl View {
    pub fn label(self, l: Lang) -> &'static str {
        match self {
            View::Warband => l.pick("Banda", "Warband"),
            View::Game => l.pick("Partida", "Game"),
            View::Dice => l.pick("Dados", "Dice"),
            View::Reference => l.pick("Reglas", "Reference"),
            View::Tables => l.pick("Tablas", "Tables"),
        }
    }
}

/// What survives a restart (window size is kept by eframe itself).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    pub lang: Lang,
    pub dark: bool,
    pub last_roster: Option<PathBuf>,
    /// The game file last played, offered to continue.
    pub last_game: Option<PathBuf>,
    pub view: View,
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            lang: super::system_lang(),
            dark: true,
            last_roster: None,
            last_game: None,
            view: View::Warband,
        }
    }
}

/// A message in the status line.
#[derive(Clone, Debug, Default)]
pub struct Status {
    pub text: String,
    pub error: bool,
}

pub struct ImpiaApp {
    pub prefs: Prefs,
    pub rules: RuleSet,
    pub warband: WarbandView,
    pub dice: DiceView,
    pub game: GameView,
    pub reference: ReferenceView,
    pub tables: TablesView,
    pub status: Status,
    /// The close button was pressed with unsaved changes.
    confirm_close: bool,
    allow_close: bool,
    /// A PDF just written, offered to open.
    last_pdf: Option<PathBuf>,
    fonts_installed: bool,
    /// What was last sent to the window, to send only changes (each send repaints).
    shown_title: String,
    shown_dark: Option<bool>,
}

impl ImpiaApp {
    pub fn new(
        cc: &eframe::CreationContext<'_>,
        opts: super::StartOptions,
        rules: RuleSet,
        warning: Option<String>,
    ) -> Self {
        let mut prefs: Prefs = cc
            .storage
            .and_then(|s| eframe::get_value(s, PREFS_KEY))
            .unwrap_or_default();
        if let Some(l) = opts.lang {
            prefs.lang = l;
        }
        let file = opts.file;
        let mut app = Self::with_rules(prefs, rules);
        app.tables.user_dir = opts.tables.clone();
        if let Some(w) = warning {
            app.set_status(w, true);
        }
        let to_open = file.or_else(|| app.prefs.last_roster.clone().filter(|p| p.exists()));
        if let Some(p) = to_open {
            app.open_path(&p);
        }
        if let Some(v) = opts.view {
            app.prefs.view = v;
        }
        // After a crash or a closed laptop: say that the game can go on.
        if app.game.game.is_none()
            && app.status.text.is_empty()
            && let Some(g) = app.prefs.last_game.clone().filter(|p| p.exists())
        {
            let l = app.l();
            app.set_status(
                format!(
                    "{} {} — {}",
                    l.pick("Hay una partida en curso:", "There is a game in progress:"),
                    g.display(),
                    l.pick("Partida → Continuar", "Game → Continue")
                ),
                false,
            );
        }
        app
    }

    /// The app without a window (tests, and `new` after reading prefs).
    pub fn with_rules(prefs: Prefs, rules: RuleSet) -> Self {
        let lang = prefs.lang;
        ImpiaApp {
            warband: WarbandView::new(RosterDoc::new(
                Roster::starter(lang.pick("Nueva banda", "New warband")),
                None,
            )),
            dice: DiceView::default(),
            game: GameView {
                last_game: prefs.last_game.clone(),
                ..Default::default()
            },
            reference: ReferenceView::default(),
            tables: TablesView::default(),
            prefs,
            rules,
            status: Status::default(),
            confirm_close: false,
            allow_close: false,
            last_pdf: None,
            fonts_installed: false,
            shown_title: String::new(),
            shown_dark: None,
        }
    }

    fn l(&self) -> Lang {
        self.prefs.lang
    }

    fn set_status(&mut self, text: impl Into<String>, error: bool) {
        self.status = Status {
            text: text.into(),
            error,
        };
    }

    /// Open a roster or game file; a broken one leaves what is open untouched.
    pub fn open_path(&mut self, path: &Path) {
        // A game file carries the rosters it started from.
        let is_game = looks_like_game(path);
        if is_game {
            let l = self.l();
            if self.game.open(path, &self.rules, l) {
                self.prefs.last_game = Some(path.to_path_buf());
                self.prefs.view = View::Game;
            }
            if let Some((text, error)) = self.game.message.clone() {
                self.set_status(text, error);
            }
            return;
        }
        match roster::load_roster(path, &self.rules) {
            Ok(r) => {
                self.warband
                    .replace(RosterDoc::new(r, Some(path.to_path_buf())));
                self.prefs.last_roster = Some(path.to_path_buf());
                self.prefs.view = View::Warband;
                let l = self.l();
                self.set_status(
                    format!("{} {}", l.pick("Abierto", "Opened"), path.display()),
                    false,
                );
            }
            Err(e) => {
                let l = self.l();
                self.set_status(
                    format!(
                        "{} {e}",
                        l.pick(
                            "No se pudo abrir (tu banda sigue abierta):",
                            "Could not open (your warband is still open):"
                        )
                    ),
                    true,
                );
            }
        }
    }

    fn save_to(&mut self, path: PathBuf) {
        let l = self.l();
        match roster::save_roster(&path, &self.warband.doc.roster) {
            Ok(()) => {
                self.warband.doc.mark_saved(path.clone());
                self.prefs.last_roster = Some(path.clone());
                self.set_status(
                    format!("{} {}", l.pick("Guardado", "Saved"), path.display()),
                    false,
                );
            }
            Err(e) => self.set_status(
                format!(
                    "{} {e}",
                    l.pick(
                        "No se pudo guardar (los cambios siguen aquí):",
                        "Could not save (your changes are kept):"
                    )
                ),
                true,
            ),
        }
    }

    fn save(&mut self) {
        match self.warband.doc.path.clone() {
            Some(p) => self.save_to(p),
            None => self.save_as(),
        }
    }

    fn save_as(&mut self) {
        let name = format!(
            "{}.yaml",
            crate::cli::roster::slug(&self.warband.doc.roster.name)
        );
        if let Some(p) = rfd::FileDialog::new()
            .add_filter("YAML", &["yaml", "yml"])
            .set_directory("rosters")
            .set_file_name(name)
            .save_file()
        {
            self.save_to(p);
        }
    }

    fn open_dialog(&mut self) {
        if let Some(p) = rfd::FileDialog::new()
            .add_filter("YAML", &["yaml", "yml"])
            .set_directory("rosters")
            .pick_file()
        {
            self.open_path(&p);
        }
    }

    fn new_roster(&mut self) {
        let l = self.l();
        if self.warband.doc.dirty() {
            // Keep the user's work one undo away rather than asking.
            self.set_status(
                l.pick(
                    "Banda nueva. La anterior tenía cambios sin guardar: Ctrl+Z la recupera.",
                    "New warband. The previous one had unsaved changes: Ctrl+Z brings it back.",
                ),
                false,
            );
            self.warband
                .doc
                .edit(|r| *r = Roster::starter(l.pick("Nueva banda", "New warband")));
            self.warband.doc.path = None;
        } else {
            self.warband.replace(RosterDoc::new(
                Roster::starter(l.pick("Nueva banda", "New warband")),
                None,
            ));
        }
        self.prefs.view = View::Warband;
    }

    /// Export to `exports/<name>.pdf`.
    pub fn export_pdf(&mut self) -> Option<PathBuf> {
        let l = self.l();
        let doc = &self.warband.doc;
        let report = roster::check(&doc.roster, &self.rules);
        let stem = doc
            .path
            .as_ref()
            .and_then(|p| p.file_stem())
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_else(|| crate::cli::roster::slug(&doc.roster.name));
        let out = PathBuf::from("exports").join(format!("{stem}.pdf"));
        let result =
            crate::pdf::roster_pdf(&doc.roster, &report, &self.rules, l, crate::pdf::Paper::A4)
                .map_err(|e| e.to_string())
                .and_then(|bytes| {
                    std::fs::create_dir_all("exports").map_err(|e| e.to_string())?;
                    crate::core::fsutil::write_atomic(&out, &bytes).map_err(|e| e.to_string())
                });
        match result {
            Ok(()) => {
                self.set_status(
                    format!(
                        "{} {}",
                        l.pick("PDF escrito en", "PDF written to"),
                        out.display()
                    ),
                    false,
                );
                self.last_pdf = Some(out.clone());
                Some(out)
            }
            Err(e) => {
                self.set_status(
                    format!(
                        "{} {e}",
                        l.pick("No se pudo exportar el PDF:", "Could not export the PDF:")
                    ),
                    true,
                );
                None
            }
        }
    }

    fn handle_shortcuts(&mut self, ctx: &egui::Context) {
        use egui::{Key, KeyboardShortcut, Modifiers};
        let shortcut = |m, k| KeyboardShortcut::new(m, k);
        let cmd = Modifiers::COMMAND;
        let cmd_shift = Modifiers::COMMAND | Modifiers::SHIFT;
        // Longer combinations first, so Ctrl+Shift+S is not read as Ctrl+S.
        if ctx.input_mut(|i| i.consume_shortcut(&shortcut(cmd_shift, Key::S))) {
            self.save_as();
        }
        if ctx.input_mut(|i| i.consume_shortcut(&shortcut(cmd, Key::S))) {
            self.save();
        }
        if ctx.input_mut(|i| i.consume_shortcut(&shortcut(cmd, Key::N))) {
            self.new_roster();
        }
        if ctx.input_mut(|i| i.consume_shortcut(&shortcut(cmd, Key::O))) {
            self.open_dialog();
        }
        if ctx.input_mut(|i| i.consume_shortcut(&shortcut(cmd, Key::P))) {
            self.export_pdf();
        }
        if ctx.input_mut(|i| i.consume_shortcut(&shortcut(Modifiers::NONE, Key::F1))) {
            self.prefs.view = View::Reference;
        }
        // Undo/redo belong to the warband editor (the game view has its own log).
        if self.prefs.view == View::Warband {
            if ctx.input_mut(|i| {
                i.consume_shortcut(&shortcut(cmd_shift, Key::Z))
                    || i.consume_shortcut(&shortcut(cmd, Key::Y))
            }) {
                self.warband.doc.redo();
            }
            if ctx.input_mut(|i| i.consume_shortcut(&shortcut(cmd, Key::Z))) {
                self.warband.doc.undo();
            }
        }
    }

    fn handle_dropped_files(&mut self, ctx: &egui::Context) {
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        if let Some(p) = dropped.into_iter().find(|p| {
            p.extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("yaml") || e.eq_ignore_ascii_case("yml"))
        }) {
            self.open_path(&p);
        }
    }

    fn top_bar(&mut self, ui: &mut egui::Ui) {
        let l = self.l();
        ui.horizontal(|ui| {
            ui.heading("impia");
            ui.separator();
            for v in [
                View::Warband,
                View::Game,
                View::Dice,
                View::Tables,
                View::Reference,
            ] {
                let label = egui::RichText::new(v.label(l)).size(16.0);
                ui.selectable_value(&mut self.prefs.view, v, label);
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let theme = if self.prefs.dark { "☀" } else { "🌙" };
                if ui
                    .button(theme)
                    .on_hover_text(l.pick("Tema claro/oscuro", "Light/dark theme"))
                    .clicked()
                {
                    self.prefs.dark = !self.prefs.dark;
                }
                ui.selectable_value(&mut self.prefs.lang, Lang::En, "English");
                ui.selectable_value(&mut self.prefs.lang, Lang::Es, "Español");
            });
        });
    }

    fn status_line(&mut self, ui: &mut egui::Ui) {
        let l = self.l();
        ui.horizontal(|ui| {
            if self.status.text.is_empty() {
                ui.weak(l.pick(
                    "Ctrl+N nueva · Ctrl+O abrir · Ctrl+S guardar · Ctrl+P PDF · Ctrl+Z deshacer · F1 reglas",
                    "Ctrl+N new · Ctrl+O open · Ctrl+S save · Ctrl+P PDF · Ctrl+Z undo · F1 rules",
                ));
            } else if self.status.error {
                ui.colored_label(ui.visuals().error_fg_color, format!("⚠ {}", self.status.text));
            } else {
                ui.label(&self.status.text);
            }
            if let Some(pdf) = self.last_pdf.clone()
                && ui.small_button(l.pick("Abrir PDF", "Open PDF")).clicked()
            {
                if let Err(e) = open_with_system(&pdf) {
                    self.set_status(e, true);
                }
                self.last_pdf = None;
            }
        });
    }

    fn close_dialog(&mut self, ctx: &egui::Context) {
        if !self.confirm_close {
            return;
        }
        let l = self.l();
        let mut choice = None;
        egui::Modal::new(egui::Id::unique("confirm_close")).show(ctx, |ui| {
            ui.heading(l.pick("Cambios sin guardar", "Unsaved changes"));
            ui.label(format!(
                "{} «{}».",
                l.pick("Hay cambios sin guardar en", "There are unsaved changes in"),
                self.warband.doc.roster.name
            ));
            ui.horizontal(|ui| {
                if ui
                    .button(l.pick("Guardar y salir", "Save and quit"))
                    .clicked()
                {
                    choice = Some(0);
                }
                if ui
                    .button(l.pick("Salir sin guardar", "Quit without saving"))
                    .clicked()
                {
                    choice = Some(1);
                }
                if ui.button(l.pick("Cancelar", "Cancel")).clicked() {
                    choice = Some(2);
                }
            });
        });
        match choice {
            Some(0) => {
                self.save();
                if !self.warband.doc.dirty() {
                    self.allow_close = true;
                    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                }
                self.confirm_close = false;
            }
            Some(1) => {
                self.allow_close = true;
                self.confirm_close = false;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            Some(_) => self.confirm_close = false,
            None => {}
        }
    }

    /// The whole UI inside `ui` (the window's root, or a test harness).
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if !self.fonts_installed {
            super::install_fonts(&ctx);
            self.fonts_installed = true;
        }
        if self.shown_dark != Some(self.prefs.dark) {
            ctx.set_visuals(if self.prefs.dark {
                egui::Visuals::dark()
            } else {
                egui::Visuals::light()
            });
            self.shown_dark = Some(self.prefs.dark);
        }
        self.handle_shortcuts(&ctx);
        self.handle_dropped_files(&ctx);

        let title = format!(
            "impia — {}{}",
            self.warband.doc.title(),
            if self.warband.doc.dirty() { " •" } else { "" }
        );
        if title != self.shown_title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.shown_title = title;
        }

        egui::Panel::top("top_bar").show(ui, |ui| self.top_bar(ui));
        egui::Panel::bottom("status_line").show(ui, |ui| self.status_line(ui));
        let l = self.l();
        egui::CentralPanel::default().show(ui, |ui| match self.prefs.view {
            View::Warband => {
                let intents = self.warband.ui(ui, &self.rules, l);
                for i in intents {
                    match i {
                        WarbandIntent::New => self.new_roster(),
                        WarbandIntent::Open => self.open_dialog(),
                        WarbandIntent::Save => self.save(),
                        WarbandIntent::SaveAs => self.save_as(),
                        WarbandIntent::ExportPdf => {
                            self.export_pdf();
                        }
                    }
                }
            }
            View::Game => {
                self.game.ui(ui, &self.rules, &self.warband.doc.roster, l);
                self.prefs.last_game = self.game.last_game.clone();
            }
            View::Dice => self.dice.ui(ui, &self.rules, &self.warband.doc.roster, l),
            View::Reference => self.reference.ui(ui, &self.rules, l),
            View::Tables => self.tables.ui(ui, &self.rules, l),
        });
        self.close_dialog(&ctx);
    }
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
fn open_with_system(path: &Path) -> Result<(), String> {
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

impl eframe::App for ImpiaApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        if ctx.input(|i| i.viewport().close_requested())
            && self.warband.doc.dirty()
            && !self.allow_close
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.confirm_close = true;
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let first = !self.fonts_installed;
        self.show(ui);
        // `IMPIA_TIMING=1 impia` reports start to first frame (a performance goal).
        if first
            && std::env::var_os("IMPIA_TIMING").is_some()
            && let Some(t) = super::STARTED.get()
        {
            eprintln!(
                "impia: first frame {:.1} ms after start",
                t.elapsed().as_secs_f64() * 1000.0
            );
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, PREFS_KEY, &self.prefs);
    }
}
