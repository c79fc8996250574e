//! Issue 22: a `--tables` folder is read once, for the rule tables and the
//! packs both: after it is read, the files may go and both still load.

use impia::core::packs::PackSet;
use impia::core::tables::{RuleSet, read_folder};

const OMENS: &str = "id: omens\nname: {es: Augurios, en: Omens}\nrule: house\ndice: 1d6\nrows:\n  - range: \"1-3\"\n    text: {es: malo, en: bad}\n  - range: \"4-6\"\n    text: {es: bueno, en: good}\n";
const MINE: &str = "pack: mine\nname: Mine\ntables:\n  - {id: a, name: A, dice: 1d2, rows: [{range: 1-2, text: x}]}\n";

#[test]
fn the_tables_folder_is_read_once_for_the_rules_and_the_packs() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("omens.yaml"), OMENS).expect("write");
    std::fs::write(dir.path().join("mine.yaml"), MINE).expect("write");
    let folder = read_folder(dir.path()).expect("the folder reads");
    assert_eq!(folder.files.len(), 2);
    // Gone from the disk: whatever still loads was read once, above.
    std::fs::remove_file(dir.path().join("omens.yaml")).expect("remove");
    std::fs::remove_file(dir.path().join("mine.yaml")).expect("remove");
    let rules = RuleSet::load_folder(&folder).expect("the table file loads");
    assert!(rules.roll_table("omens").is_some(), "the user's table");
    let set = PackSet::with_folder(&rules, Some(&folder));
    assert!(set.problems.is_empty(), "{:?}", set.problems);
    assert!(set.pack("mine").is_some(), "the user's pack");
    // The same as reading the folder twice would give (the files back).
    std::fs::write(dir.path().join("omens.yaml"), OMENS).expect("write");
    std::fs::write(dir.path().join("mine.yaml"), MINE).expect("write");
    let twice = PackSet::load(&rules, Some(dir.path()));
    let ids = |s: &PackSet| s.packs.iter().map(|p| p.id.clone()).collect::<Vec<_>>();
    assert_eq!(ids(&set), ids(&twice));
}
