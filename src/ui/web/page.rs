//! What a page does that a window does not (issue 37): the browser's
//! language, the tab's title, downloads, the unsaved-work flag, and no
//! blocking file dialog. A leaf: it knows nothing of the app.

use wasm_bindgen::JsCast as _;

use crate::core::text::Lang;

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
