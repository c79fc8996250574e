//! The app in a browser tab (issue 37): eframe's web runner on the page's
//! canvas, as eframe_template starts it. The same `ImpiaApp` as the
//! desktop; what a page does differently is here: its language, its
//! title, and its downloads.

use wasm_bindgen::JsCast as _;

pub mod storage;

use crate::core::tables::RuleSet;
use crate::core::text::Lang;

use super::{ImpiaApp, StartOptions};

/// The canvas index.html holds (assets/web/index.html).
const CANVAS_ID: &str = "impia_canvas";

/// Start the app on the page's canvas; a failure replaces the loading
/// line with what went wrong (a blank page tells the player nothing).
pub fn start() {
    // Panics and log lines go to the browser's console.
    eframe::WebLogger::init(log::LevelFilter::Warn).ok();
    let _ = super::STARTED.set(web_time::Instant::now());
    if let Some(w) = web_sys::window() {
        // Ask the browser to keep this page's storage under pressure.
        if let Ok(s) = w.navigator().storage().persist() {
            drop(s);
        }
        if w.location().search().is_ok_and(|q| q.contains("selftest")) {
            self_test();
        }
    }
    wasm_bindgen_futures::spawn_local(async {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let Some(canvas) = document
            .get_element_by_id(CANVAS_ID)
            .and_then(|e| e.dyn_into::<web_sys::HtmlCanvasElement>().ok())
        else {
            log::error!("impia: no canvas #{CANVAS_ID} in the page");
            return;
        };
        let result = eframe::WebRunner::new()
            .start(
                canvas,
                eframe::WebOptions::default(),
                Box::new(|cc| {
                    let rules = RuleSet::builtin().map_err(|e| e.to_string())?;
                    let opts = StartOptions::default();
                    let mut app = ImpiaApp::new(cc, opts, (rules, None), None);
                    app.restore_kept();
                    Ok(Box::new(app))
                }),
            )
            .await;
        let loading = document.get_element_by_id("loading");
        match (result, loading) {
            (Ok(()), Some(l)) => l.remove(),
            (Err(e), Some(l)) => {
                l.set_text_content(Some(&format!("impia could not start: {e:?}")));
            }
            _ => {}
        }
    });
}

/// `?selftest`: the store's cases against this browser's storage, their
/// lines in `<pre id="selftest">` for the browser test to read.
fn self_test() {
    let lines = storage::self_test().join("\n");
    let Some(d) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let (Ok(pre), Some(body)) = (d.create_element("pre"), d.body()) {
        pre.set_id("selftest");
        pre.set_text_content(Some(&lines));
        let _ = body.append_child(&pre);
    }
}

/// Whether the page should ask before closing (`window.impiaUnsaved`,
/// read by index.html's `beforeunload`): a warband with unsaved changes.
pub fn set_unsaved(unsaved: bool) {
    if let Some(w) = web_sys::window() {
        let _ = js_sys::Reflect::set(&w, &"impiaUnsaved".into(), &unsaved.into());
    }
}

/// The browser's language (`navigator.language`): English for `en-*`,
/// Spanish otherwise, as the desktop reads the system locale.
pub fn browser_lang() -> Lang {
    let lang = web_sys::window()
        .and_then(|w| w.navigator().language())
        .unwrap_or_default();
    if lang.to_ascii_lowercase().starts_with("en") {
        Lang::En
    } else {
        Lang::Es
    }
}

/// The tab's title (eframe's web runner ignores the viewport's title).
pub fn set_title(title: &str) {
    if let Some(d) = web_sys::window().and_then(|w| w.document()) {
        d.set_title(title);
    }
}

/// Offer `bytes` as a download named `name` (a blob URL clicked once).
pub fn download(name: &str, mime: &str, bytes: &[u8]) -> Result<(), String> {
    let err = |e: wasm_bindgen::JsValue| format!("{e:?}");
    let array = js_sys::Uint8Array::from(bytes);
    let parts = js_sys::Array::of1(&array);
    let props = web_sys::BlobPropertyBag::new();
    props.set_type(mime);
    let blob =
        web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &props).map_err(err)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(err)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let a = document
        .create_element("a")
        .map_err(err)?
        .dyn_into::<web_sys::HtmlAnchorElement>()
        .map_err(|_| "no anchor".to_string())?;
    a.set_href(&url);
    a.set_download(name);
    a.click();
    // The click has started the download; the URL is not needed after it.
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// A page has no blocking file dialog (rfd's is native-only): this one is
/// never shown, so the app's in-app Open list and Save form answer, as
/// they do where no system dialog can be shown.
pub mod no_dialog {
    use std::path::{Path, PathBuf};

    #[derive(Default)]
    pub struct FileDialog;

    impl FileDialog {
        pub fn new() -> Self {
            FileDialog
        }
        pub fn add_filter(self, _name: &str, _ext: &[&str]) -> Self {
            self
        }
        pub fn set_directory(self, _dir: impl AsRef<Path>) -> Self {
            self
        }
        pub fn set_file_name(self, _name: &str) -> Self {
            self
        }
        pub fn pick_file(self) -> Option<PathBuf> {
            None
        }
        pub fn save_file(self) -> Option<PathBuf> {
            None
        }
        pub fn pick_folder(self) -> Option<PathBuf> {
            None
        }
    }
}
