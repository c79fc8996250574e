//! The desktop app: a shell with four views over the core. Views draw state
//! and change it through the core's own types; nothing here computes a rule.

mod app;
pub mod dice;
pub mod files;
mod fonts;
pub mod game;
pub mod reference;
pub mod roster_text;
pub mod style;
pub mod tables;
pub mod warband;
#[cfg(target_arch = "wasm32")]
pub mod web;
pub mod widgets;

pub use app::{ImpiaApp, LibraryPanel, Prefs, View, open_library};
pub use fonts::install_fonts;

use std::path::PathBuf;
#[cfg(not(target_arch = "wasm32"))]
use std::sync::Arc;

#[cfg(not(target_arch = "wasm32"))]
use crate::core::fsutil::YamlFolder;
#[cfg(not(target_arch = "wasm32"))]
use crate::core::tables::{RuleSet, read_folder};
use crate::core::text::Lang;

/// The language to start in: English when the system locale is English,
/// Spanish otherwise (the summary's own language).
#[cfg(not(target_arch = "wasm32"))]
pub fn system_lang() -> Lang {
    for var in ["LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"] {
        if let Ok(v) = std::env::var(var)
            && !v.is_empty()
        {
            return if v.to_ascii_lowercase().starts_with("en") {
                Lang::En
            } else {
                Lang::Es
            };
        }
    }
    Lang::Es
}

/// Issue 37: a page follows the browser's language on first visit.
#[cfg(target_arch = "wasm32")]
pub fn system_lang() -> Lang {
    web::page::browser_lang()
}

/// When the process started, for `IMPIA_TIMING=1` (start to first frame).
pub static STARTED: std::sync::OnceLock<web_time::Instant> = std::sync::OnceLock::new();

/// What the command line asks of the app.
#[derive(Clone, Debug, Default)]
pub struct StartOptions {
    /// A roster to open at start (`impia rosters/x.yaml`).
    pub file: Option<PathBuf>,
    /// A user tables folder (`--tables DIR`).
    pub tables: Option<PathBuf>,
    /// Overrides the remembered language.
    pub lang: Option<Lang>,
    /// Overrides the remembered view.
    pub view: Option<View>,
    /// The library for this run (`--home`); else `IMPIA_HOME`, the
    /// remembered choice or the default.
    pub home: Option<PathBuf>,
}

/// Open the window.
#[cfg(not(target_arch = "wasm32"))]
pub fn run(opts: StartOptions) -> Result<(), String> {
    // A broken user tables folder must not lock the user out: say what is
    // wrong in the status line and carry on with the shipped tables. The
    // folder is read once, here, for the rule tables and the packs.
    let folder = match opts.tables.as_deref().map(read_folder).transpose() {
        Ok(f) => f.map(Arc::new),
        Err(e) => return run_with(opts, None, Some(e.to_string())),
    };
    let rules = match folder.as_deref().map(RuleSet::load_folder).transpose() {
        Ok(r) => r,
        Err(e) => return run_with(opts, folder, Some(e.to_string())),
    };
    match rules {
        Some(r) => open(opts, (r, folder), None),
        None => run_with(opts, folder, None),
    }
}

/// Open the window with the shipped tables (and a warning, if the user's
/// did not load).
#[cfg(not(target_arch = "wasm32"))]
fn run_with(
    opts: StartOptions,
    folder: Option<Arc<YamlFolder>>,
    warning: Option<String>,
) -> Result<(), String> {
    let rules = RuleSet::builtin().map_err(|e| e.to_string())?;
    open(opts, (rules, folder), warning)
}

#[cfg(not(target_arch = "wasm32"))]
fn open(
    opts: StartOptions,
    rules: (RuleSet, Option<Arc<YamlFolder>>),
    warning: Option<String>,
) -> Result<(), String> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("impia")
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([800.0, 560.0])
            .with_drag_and_drop(true),
        renderer: eframe::Renderer::Glow,
        ..Default::default()
    };
    eframe::run_native(
        "impia",
        options,
        Box::new(move |cc| Ok(Box::new(ImpiaApp::new(cc, opts, rules, warning)))),
    )
    .map_err(|e| e.to_string())
}
