//! The store's promises, as cases any backend must pass (issue 37): the
//! native [`super::Folder`] in `cargo test`, the browser's storage in the
//! web build's own check (`?selftest` on the page, run by
//! scripts/web-test). Each case starts from an empty store.

use std::io::ErrorKind;

use super::{Shelf, Store};

/// One case's name and what it found: `Ok`, or what broke the promise.
pub type Outcome = (&'static str, Result<(), String>);

fn expect(ok: bool, what: &str) -> Result<(), String> {
    if ok { Ok(()) } else { Err(what.to_string()) }
}

fn written_text_reads_back(s: &mut dyn Store) -> Result<(), String> {
    let text = "name: Lobos de Ceniza\n# ñ → ✓\n";
    s.write(Shelf::Rosters, "lobos.yaml", text)
        .map_err(|e| e.to_string())?;
    let back = s
        .read(Shelf::Rosters, "lobos.yaml")
        .map_err(|e| e.to_string())?;
    expect(back == text, "the text read back differs")
}

fn a_second_write_replaces_the_first(s: &mut dyn Store) -> Result<(), String> {
    s.write(Shelf::Games, "g.yaml", "one\n")
        .map_err(|e| e.to_string())?;
    s.write(Shelf::Games, "g.yaml", "two\n")
        .map_err(|e| e.to_string())?;
    let back = s.read(Shelf::Games, "g.yaml").map_err(|e| e.to_string())?;
    expect(back == "two\n", "the old text is still there")
}

fn shelves_are_apart_and_listed_sorted(s: &mut dyn Store) -> Result<(), String> {
    for n in ["b.yaml", "a.yaml"] {
        s.write(Shelf::Records, n, "x\n")
            .map_err(|e| e.to_string())?;
    }
    let records = s.list(Shelf::Records).map_err(|e| e.to_string())?;
    let rosters = s.list(Shelf::Rosters).map_err(|e| e.to_string())?;
    expect(
        records == ["a.yaml", "b.yaml"],
        "records not listed, sorted",
    )?;
    expect(rosters.is_empty(), "a record shows on the rosters shelf")
}

fn a_missing_document_is_not_found(s: &mut dyn Store) -> Result<(), String> {
    let kind = s
        .read(Shelf::Games, "none.yaml")
        .map(|_| ())
        .map_err(|e| e.kind());
    expect(
        kind == Err(ErrorKind::NotFound),
        "a missing game did not say NotFound",
    )?;
    let kind = s.remove(Shelf::Games, "none.yaml").map_err(|e| e.kind());
    expect(
        kind == Err(ErrorKind::NotFound),
        "removing nothing did not say NotFound",
    )
}

fn a_removed_document_is_gone(s: &mut dyn Store) -> Result<(), String> {
    s.write(Shelf::Rosters, "r.yaml", "x\n")
        .map_err(|e| e.to_string())?;
    s.remove(Shelf::Rosters, "r.yaml")
        .map_err(|e| e.to_string())?;
    let listed = s.list(Shelf::Rosters).map_err(|e| e.to_string())?;
    expect(!listed.iter().any(|n| n == "r.yaml"), "still listed")?;
    expect(s.read(Shelf::Rosters, "r.yaml").is_err(), "still read")
}

fn a_name_cannot_leave_its_shelf(s: &mut dyn Store) -> Result<(), String> {
    for bad in [
        "../x.yaml",
        "a/b.yaml",
        ".hidden.yaml",
        "x.txt",
        "",
        "a\\b.yaml",
    ] {
        let r = s.write(Shelf::Rosters, bad, "x\n");
        expect(
            r.as_ref().map_err(io_kind) == Err(ErrorKind::InvalidInput),
            &format!("{bad:?} was taken"),
        )?;
    }
    let listed = s.list(Shelf::Rosters).map_err(|e| e.to_string())?;
    expect(listed.is_empty(), "a bad name left something behind")
}

fn export_then_import_brings_every_document_back(s: &mut dyn Store) -> Result<(), String> {
    let docs = [
        (Shelf::Rosters, "lobos.yaml", "name: Lobos\n# ñ\n"),
        (Shelf::Games, "g.yaml", "rosters: []\n"),
        (Shelf::Records, "lobos.yaml", "games: 3\n"),
    ];
    for (shelf, name, text) in docs {
        s.write(shelf, name, text).map_err(|e| e.to_string())?;
    }
    let zip = super::archive::export(s).map_err(|e| e.to_string())?;
    for (shelf, name, _) in docs {
        s.remove(shelf, name).map_err(|e| e.to_string())?;
    }
    let done = super::archive::import(s, &zip).map_err(|e| e.to_string())?;
    expect(done.added == 3, &format!("{done:?}: not 3 added"))?;
    for (shelf, name, text) in docs {
        let back = s.read(shelf, name).map_err(|e| e.to_string())?;
        expect(back == text, &format!("{name}: another text came back"))?;
    }
    let again = super::archive::import(s, &zip).map_err(|e| e.to_string())?;
    expect(
        again.same == 3 && again.added == 0,
        "a second import changed something",
    )
}

fn an_import_never_replaces_a_document(s: &mut dyn Store) -> Result<(), String> {
    let mut theirs = super::Memory::default();
    for shelf in [Shelf::Rosters, Shelf::Records] {
        theirs
            .write(shelf, "r.yaml", "theirs\n")
            .map_err(|e| e.to_string())?;
        s.write(shelf, "r.yaml", "mine\n")
            .map_err(|e| e.to_string())?;
    }
    let zip = super::archive::export(&theirs).map_err(|e| e.to_string())?;
    let done = super::archive::import(s, &zip).map_err(|e| e.to_string())?;
    for shelf in [Shelf::Rosters, Shelf::Records] {
        let kept = s.read(shelf, "r.yaml").map_err(|e| e.to_string())?;
        expect(kept == "mine\n", "a kept document was replaced")?;
    }
    let renamed = s
        .read(Shelf::Rosters, "r-2.yaml")
        .map_err(|e| e.to_string())?;
    expect(
        renamed == "theirs\n",
        "the other roster is not under r-2.yaml",
    )?;
    expect(
        done.renamed.len() == 1 && done.skipped.len() == 1,
        &format!("{done:?}: not one renamed and one left out"),
    )
}

fn io_kind(e: &std::io::Error) -> ErrorKind {
    e.kind()
}

/// Every case, by name. `fresh` gives each case an empty store.
pub fn run(mut fresh: impl FnMut() -> Box<dyn Store>) -> Vec<Outcome> {
    type Case = fn(&mut dyn Store) -> Result<(), String>;
    let cases: [(&'static str, Case); 8] = [
        ("written_text_reads_back", written_text_reads_back),
        (
            "a_second_write_replaces_the_first",
            a_second_write_replaces_the_first,
        ),
        (
            "shelves_are_apart_and_listed_sorted",
            shelves_are_apart_and_listed_sorted,
        ),
        (
            "a_missing_document_is_not_found",
            a_missing_document_is_not_found,
        ),
        ("a_removed_document_is_gone", a_removed_document_is_gone),
        (
            "a_name_cannot_leave_its_shelf",
            a_name_cannot_leave_its_shelf,
        ),
        (
            "export_then_import_brings_every_document_back",
            export_then_import_brings_every_document_back,
        ),
        (
            "an_import_never_replaces_a_document",
            an_import_never_replaces_a_document,
        ),
    ];
    cases
        .into_iter()
        .map(|(name, case)| (name, case(fresh().as_mut())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::{Folder, Memory};
    use super::*;

    fn all_pass(outcomes: Vec<Outcome>) {
        let failed: Vec<_> = outcomes.iter().filter(|(_, r)| r.is_err()).collect();
        assert!(failed.is_empty(), "{failed:?}");
        assert_eq!(outcomes.len(), 8);
    }

    #[test]
    fn the_folder_backend_keeps_the_store_promises() {
        let dirs: std::cell::RefCell<Vec<tempfile::TempDir>> = Default::default();
        all_pass(run(|| {
            let d = tempfile::tempdir().expect("temp dir");
            let s = Box::new(Folder::new(d.path()));
            dirs.borrow_mut().push(d);
            s
        }));
    }

    #[test]
    fn the_memory_backend_keeps_the_store_promises() {
        all_pass(run(|| Box::new(Memory::default())));
    }

    #[test]
    fn a_folder_game_is_written_under_its_lock() {
        let d = tempfile::tempdir().expect("temp dir");
        let mut s = Folder::new(d.path());
        let path = d.path().join(crate::layout::GAMES_DIR).join("g.yaml");
        std::fs::create_dir_all(path.parent().expect("parent")).expect("dir");
        let held = match crate::game::file::take_lock(&path).expect("lock") {
            crate::game::file::Locked::Held(l) => l,
            _ => panic!("lock not held"),
        };
        let r = s.write(Shelf::Games, "g.yaml", "x\n");
        assert_eq!(r.map_err(|e| e.kind()), Err(ErrorKind::WouldBlock));
        drop(held);
        s.write(Shelf::Games, "g.yaml", "x\n")
            .expect("written once free");
    }
}
