//! Files picked in a page (issue 37): rfd's `AsyncFileDialog`, whose web
//! side is an `<input type=file>` (shown at once inside the click's user
//! gesture, else behind a small "Ok" card). The browser reads the file
//! later, so a pick answers at a later frame, by the tag it was asked
//! under: the button that asked looks for its file every frame.

use std::cell::RefCell;

/// A picked file's name and bytes.
pub type File = (String, Vec<u8>);

thread_local! {
    /// Files read by the browser, by the tag they were asked for.
    static ARRIVED: RefCell<Vec<(String, File)>> = const { RefCell::new(Vec::new()) };
}

/// Ask the browser for one file (`ext`: the names offered, without dot),
/// for `tag`; a cancelled pick answers nothing.
pub fn start(ctx: &egui::Context, tag: &str, what: &str, ext: &[&str]) {
    let dialog = rfd::AsyncFileDialog::new().add_filter(what, ext);
    let (ctx, tag) = (ctx.clone(), tag.to_string());
    wasm_bindgen_futures::spawn_local(async move {
        if let Some(h) = dialog.pick_file().await {
            let name = h.file_name();
            let bytes = h.read().await;
            ARRIVED.with(|a| a.borrow_mut().push((tag, (name, bytes))));
            ctx.request_repaint();
        }
    });
}

/// The file picked for `tag`, once, when it has arrived.
pub fn take(tag: &str) -> Option<File> {
    ARRIVED.with(|a| {
        let mut a = a.borrow_mut();
        let i = a.iter().position(|(t, _)| t == tag)?;
        Some(a.remove(i).1)
    })
}
