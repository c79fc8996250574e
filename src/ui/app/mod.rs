//! The app shell: top bar with the views, language and theme, a status line,
//! keyboard shortcuts, drag and drop, persistence of preferences, and the
//! unsaved-changes question on close. File actions are in `file_actions.rs`.

mod close;
mod file_actions;
mod library;
mod narrow;
mod scale;
#[cfg(target_arch = "wasm32")]
mod web_kept;

pub use library::{LibraryPanel, open_library};

use std::path::PathBuf;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::dice::DiceView;
use super::files::{self, Dialogs, OpenList, SaveForm, absolute};
use super::game::GameView;
use super::reference::ReferenceView;
use super::tables::TablesView;
use super::warband::{WarbandIntent, WarbandView};
use crate::core::fsutil::YamlFolder;
use crate::core::roster::{Roster, RosterDoc};
use crate::core::tables::RuleSet;
use crate::core::text::{Lang, Text};

const PREFS_KEY: &str = "impia_prefs";
/// The address last chosen to share the table on (issue 25).
const SHARE_KEY: &str = "impia_share_ip";
/// Issue 35: the port shared on last, beside the address.
const SHARE_PORT_KEY: &str = "impia_share_port";
/// The working folders whose older files were offered (issue 36).
const OLD_FILES_KEY: &str = "impia_old_files_asked";
const SCALE_STEP: f32 = 0.1;
const SCALE_MIN: f32 = 0.6;
const SCALE_MAX: f32 = 2.5;

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
            // The first screen names both things the app is for: building
            // a warband and playing a game with it (the game tracker).
            View::Warband => l.pick("Crear una banda", "Build a warband"),
            View::Game => l.pick("Jugar una partida", "Play a game"),
            View::Dice => l.pick("Dados", "Dice"),
            View::Reference => l.pick("Reglas", "Reference"),
            View::Tables => l.pick("Tablas", "Tables"),
        }
    }

    /// What the view is for, on hover over its tab.
    pub fn hint(self, l: Lang) -> &'static str {
        match self {
            View::Warband => l.pick(
                "Crea, revisa e imprime tu banda con sus puntos y reglas",
                "Build, check and print your warband with its points and rules",
            ),
            View::Game => l.pick(
                "Lleva una partida en la mesa: turnos, tiradas con sus probabilidades y marcador",
                "Track a game at the table: turns, rolls with their odds and the score",
            ),
            View::Dice => l.pick(
                "Tiradas sueltas con probabilidades exactas",
                "Single rolls with exact odds",
            ),
            View::Reference => l.pick("Las reglas, con búsqueda", "The rules, searchable"),
            View::Tables => l.pick(
                "Las tablas del juego y sus paquetes",
                "The game's tables and their packs",
            ),
        }
    }
}

/// What survives a restart (window size is kept by eframe itself).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    pub lang: Lang,
    pub dark: bool,
    /// The roster last opened or saved, absolute (relative values of older
    /// versions are resolved against the working folder once, at start).
    pub last_roster: Option<PathBuf>,
    /// The game file last played, offered to continue; absolute too.
    pub last_game: Option<PathBuf>,
    pub view: View,
    /// The UI's zoom factor (the scale control, Ctrl + and Ctrl −).
    pub ui_scale: f32,
}

impl Prefs {
    /// Remembered paths as absolute paths: a relative one (written by an
    /// older impia) is resolved against the current folder, once.
    pub fn make_paths_absolute(&mut self) {
        for p in [&mut self.last_roster, &mut self.last_game]
            .into_iter()
            .flatten()
        {
            *p = absolute(p);
        }
    }
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            lang: super::system_lang(),
            dark: true,
            last_roster: None,
            last_game: None,
            view: View::Warband,
            ui_scale: 1.0,
        }
    }
}

/// A message in the status line, in both languages: a change of language
/// changes it too (one language per screen).
#[derive(Clone, Debug, Default)]
pub struct Status {
    pub text: Text,
    pub error: bool,
}

impl Status {
    pub fn is_empty(&self) -> bool {
        self.text.es.is_empty() && self.text.en.is_empty()
    }
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
    /// The system file dialogs (off in tests and when none can be shown).
    pub dialogs: Dialogs,
    /// Where Open lists rosters and a save without a dialog writes: the
    /// library's `rosters/`.
    pub rosters_dir: PathBuf,
    /// The player's library (issue 36); the working folder in tests.
    pub library: crate::core::library::Library,
    pub library_panel: LibraryPanel,
    /// Working folders whose older files were offered: not asked again.
    old_files_asked: Vec<PathBuf>,
    /// The in-app Save dialog, when open.
    pub save_form: Option<SaveForm>,
    /// The in-app Open list, when open.
    pub open_list: Option<OpenList>,
    /// The view shown last frame: leaving it clears an error.
    shown_view: View,
    /// The close button was pressed with unsaved changes.
    confirm_close: bool,
    allow_close: bool,
    /// A PDF just written, offered to open.
    last_pdf: Option<PathBuf>,
    fonts_installed: bool,
    /// What was last sent to the window, to send only changes (each send repaints).
    shown_title: String,
    shown_dark: Option<bool>,
    /// The zoom factor last set on the context.
    shown_scale: Option<f32>,
}

impl ImpiaApp {
    pub fn new(
        cc: &eframe::CreationContext<'_>,
        opts: super::StartOptions,
        (rules, folder): (RuleSet, Option<Arc<YamlFolder>>),
        warning: Option<String>,
    ) -> Self {
        // The fonts before the first frame (egui has none of its own).
        super::install_fonts(&cc.egui_ctx);
        // Preferences that do not read (hand-edited, or another version's)
        // fall back to the defaults: nothing the player made is lost.
        let mut prefs: Prefs = cc
            .storage
            .and_then(|s| eframe::get_value(s, PREFS_KEY))
            .unwrap_or_default();
        if let Some(l) = opts.lang {
            prefs.lang = l;
        }
        prefs.make_paths_absolute();
        let file = opts.file;
        let mut app = Self::with_rules(prefs, rules);
        // The address the table was last shared on (issue 25).
        app.game.share.remembered = cc.storage.and_then(|s| eframe::get_value(s, SHARE_KEY));
        app.game.share.remembered_port = cc
            .storage
            .and_then(|s| eframe::get_value(s, SHARE_PORT_KEY));
        app.dialogs = Dialogs::system();
        app.tables.user_folder = folder;
        app.start_library(opts.home.as_deref());
        app.old_files_asked = cc
            .storage
            .and_then(|s| eframe::get_value(s, OLD_FILES_KEY))
            .unwrap_or_default();
        let asked = app.old_files_asked.clone();
        app.look_for_old_files(&asked);
        if let Some(w) = warning {
            app.set_status(Text::new(w.clone(), w), true);
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
            && app.status.is_empty()
            && let Some(g) = app.prefs.last_game.clone().filter(|p| p.exists())
        {
            app.set_status(
                Text::each(|l| {
                    format!(
                        "{} {} — {}",
                        l.pick("Hay una partida en curso:", "There is a game in progress:"),
                        g.display(),
                        l.pick("Jugar una partida → Continuar", "Play a game → Continue")
                    )
                }),
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
                Roster::starter_in(lang.pick("Nueva banda", "New warband"), lang),
                None,
            )),
            dice: DiceView::default(),
            game: GameView {
                last_game: prefs.last_game.clone(),
                ..Default::default()
            },
            reference: ReferenceView::default(),
            tables: TablesView::default(),
            shown_view: prefs.view,
            prefs,
            rules,
            status: Status::default(),
            dialogs: Dialogs { enabled: false },
            rosters_dir: files::default_rosters_dir(),
            library: Default::default(),
            library_panel: Default::default(),
            old_files_asked: Vec::new(),
            save_form: None,
            open_list: None,
            confirm_close: false,
            allow_close: false,
            last_pdf: None,
            fonts_installed: false,
            shown_title: String::new(),
            shown_dark: None,
            shown_scale: None,
        }
    }

    fn l(&self) -> Lang {
        self.prefs.lang
    }

    fn set_status(&mut self, text: Text, error: bool) {
        self.status = Status { text, error };
    }

    /// A message that reads the same in both languages (a path, a system
    /// error).
    fn set_status_plain(&mut self, text: String, error: bool) {
        self.set_status(Text::new(text.clone(), text), error);
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
        // Issue 37: a page gets the dropped file's bytes, not a path.
        #[cfg(target_arch = "wasm32")]
        if self.open_dropped(ctx) {
            return;
        }
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
        // The controls on the right first; the views take what is left on
        // the left and wrap to a second row when it is short (a zoomed
        // window), so no tab ever lies under a control. A phone's bar is a
        // menu (issue 37).
        if self.top_bar_narrow(ui, l) {
            return;
        }
        ui.horizontal(|ui| self.top_bar_row(ui, l));
    }

    fn top_bar_row(&mut self, ui: &mut egui::Ui, l: Lang) {
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            // Issue 35: the controls a player clicks twice stand at the
            // right edge, the zoom's of a fixed width, the words that change
            // with the language left of them: a click on A+ or on a language
            // never moves the next click's target.
            self.scale_control(ui);
            ui.separator();
            // Their words are the same in both languages.
            ui.selectable_value(&mut self.prefs.lang, Lang::En, "English");
            ui.selectable_value(&mut self.prefs.lang, Lang::Es, "Español");
            let theme = if self.prefs.dark { "☀" } else { "🌙" };
            if ui
                .button(theme)
                .on_hover_text(l.pick("Tema claro/oscuro", "Light/dark theme"))
                .clicked()
            {
                self.prefs.dark = !self.prefs.dark;
            }
            if ui
                .button(l.pick("Archivos", "Files"))
                .on_hover_text(l.pick("Dónde se guardan tus archivos", "Where your files are kept"))
                .clicked()
            {
                self.library_panel.open = !self.library_panel.open;
            }
            ui.separator();
            let views = egui::Layout::left_to_right(egui::Align::Center).with_main_wrap(true);
            ui.with_layout(views, |ui| {
                // The name gives way to the views when the bar is short of
                // room (it is in the window's title too).
                if ui.available_width() > 620.0 {
                    ui.heading("impia");
                    ui.separator();
                }
                for v in [
                    View::Warband,
                    View::Game,
                    View::Dice,
                    View::Tables,
                    View::Reference,
                ] {
                    let label = egui::RichText::new(v.label(l)).size(16.0);
                    ui.selectable_value(&mut self.prefs.view, v, label)
                        .on_hover_text(v.hint(l));
                }
            });
        });
    }

    /// The status line: the last message, wrapped (at most three lines, the
    /// whole text on hover), or the keyboard shortcuts when there is none.
    fn status_line(&mut self, ui: &mut egui::Ui) {
        let l = self.l();
        ui.horizontal(|ui| {
            if let Some(pdf) = self.last_pdf.clone()
                && ui.small_button(l.pick("Abrir PDF", "Open PDF")).clicked()
            {
                if let Err(e) = file_actions::open_with_system(&pdf) {
                    self.set_status_plain(e, true);
                }
                self.last_pdf = None;
            }
            let shown = self.status.text.get(l).to_owned();
            let text = if self.status.is_empty() {
                egui::RichText::new(l.pick(
                    "Ctrl+N nueva · Ctrl+O abrir · Ctrl+S guardar · Ctrl+P PDF · Ctrl+Z deshacer · F1 reglas",
                    "Ctrl+N new · Ctrl+O open · Ctrl+S save · Ctrl+P PDF · Ctrl+Z undo · F1 rules",
                ))
                .weak()
            } else if self.status.error {
                egui::RichText::new(format!("⚠ {shown}"))
                    .color(ui.visuals().error_fg_color)
            } else {
                egui::RichText::new(&shown)
            };
            let mut job = egui::text::LayoutJob::default();
            text.append_to(
                &mut job,
                ui.style(),
                egui::FontSelection::Default,
                egui::Align::Min,
            );
            job.wrap.max_rows = 3;
            job.wrap.max_width = ui.available_width();
            let resp = ui.add(egui::Label::new(job).wrap());
            if !self.status.is_empty() {
                resp.on_hover_text(&shown);
            }
        });
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
        self.sync_scale(&ctx);
        self.handle_shortcuts(&ctx);
        self.handle_dropped_files(&ctx);
        // An error belongs to where it happened: moving to another view clears it.
        if self.prefs.view != self.shown_view {
            if self.status.error {
                self.status = Status::default();
            }
            self.shown_view = self.prefs.view;
        }

        let title = format!(
            "impia — {}{}",
            self.warband.doc.title(),
            if self.warband.doc.dirty() { " •" } else { "" }
        );
        // Issue 37: a tab's title also names the view (tabs look alike).
        #[cfg(target_arch = "wasm32")]
        let title = format!("{title} — {}", self.prefs.view.label(self.l()));
        if title != self.shown_title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            #[cfg(target_arch = "wasm32")]
            super::web::page::set_title(&title);
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
                self.prefs.last_game = self.game.last_game.as_deref().map(absolute);
            }
            View::Dice => self.dice.ui(ui, &self.rules, &self.warband.doc.roster, l),
            View::Reference => self.reference.ui(ui, &self.rules, l),
            View::Tables => self.tables.ui(ui, &self.rules, l),
        });
        self.file_forms(&ctx);
        self.library_window(&ctx);
        self.close_dialog(&ctx);
    }
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
        #[cfg(target_arch = "wasm32")]
        {
            self.keep_game(ui.ctx());
            self.keep_prefs(_frame);
        }
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
        // Beside the preferences, under its own key: older settings still read.
        eframe::set_value(storage, SHARE_KEY, &self.game.share.remembered);
        eframe::set_value(storage, SHARE_PORT_KEY, &self.game.share.remembered_port);
        eframe::set_value(storage, OLD_FILES_KEY, &self.old_files_asked);
    }
}
