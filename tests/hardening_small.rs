//! Issue 32, the small defects: one records folder per game whatever the
//! spelling of its path, a broken pack that no longer stops the others,
//! `roster text` escaped, a game of newer rules refused, echoed values cut,
//! a folder named like a game called a folder.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::cli_support::{impia, impia_in};

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn shipped_roster(name: &str) -> String {
    format!("{}/rosters/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A new game at `path` between two shipped warbands.
fn new_game(path: &Path) {
    let p = path.display().to_string();
    let a = shipped_roster("circulo-de-la-ceniza.yaml");
    let b = shipped_roster("guardia-del-paso.yaml");
    let o = impia(&["game", "new", "--a", &a, "--b", &b, "--seed", "3", "-o", &p]);
    assert!(o.status.success(), "{}", err(&o));
}

/// Every file under `dir`, relative to it, sorted.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).expect("read a folder").flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(root, &p, out);
            } else if let Ok(rel) = p.strip_prefix(root) {
                out.push(rel.to_path_buf());
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

#[test]
fn records_of_one_game_go_to_one_folder_from_any_working_folder() {
    let dir = tempfile::tempdir().expect("tempdir");
    let games = dir.path().join("games");
    std::fs::create_dir_all(&games).expect("games folder");
    new_game(&games.join("g.yaml"));
    // Ended from inside games/, spelt `g.yaml`: the records still go beside
    // games/ (before the fix: games/records/).
    let end = r#"{"action":"end_game"}"#;
    let o = impia_in(&games, &["game", "act", "g.yaml", "--action", end]);
    assert!(o.status.success(), "{}", err(&o));
    let records: Vec<PathBuf> = files_under(dir.path())
        .into_iter()
        .filter(|p| p.extension().is_some_and(|x| x == "yaml") && !p.starts_with("games/g.yaml"))
        .collect();
    assert_eq!(records.len(), 1, "{records:?}");
    assert!(
        records[0].starts_with("records/results/"),
        "one result file, beside games/: {records:?}"
    );
    let rec = dir.path().join(&records[0]);
    assert!(
        std::fs::read_to_string(&rec)
            .expect("record")
            .contains("game_file: g.yaml")
    );
    // Undone from the folder above, spelt `games/g.yaml`: its entry is
    // marked withdrawn (issue 33) in the one records folder (before the
    // fix, the entry in games/records/ stayed as it was).
    let o = impia_in(dir.path(), &["game", "undo", "games/g.yaml", "--withdraw"]);
    assert!(o.status.success(), "{}", err(&o));
    let withdrawal = rec.with_file_name(
        rec.file_name()
            .map(|n| n.to_string_lossy().replace(".1.yaml", ".2.yaml"))
            .unwrap_or_default(),
    );
    let text = std::fs::read_to_string(&withdrawal).expect("a withdrawal");
    assert!(text.contains("withdrawn: true"), "{text}");
    assert!(!games.join("records").exists(), "no records inside games/");
}

const GOOD_PACK: &str = "pack: casa\nname: Casa\ntables:\n  - {id: a, name: A, dice: 1d2, rows: [{range: 1-2, text: x}]}\n";

/// A pack with a gap: 1d6 and rows for 1–2 only.
const BROKEN_PACK: &str = "pack: rota\nname: Rota\ntables:\n  - id: b\n    name: B\n    dice: 1d6\n    rows:\n      - {range: 1-2, text: x}\n";

#[test]
fn a_broken_pack_is_reported_and_the_other_packs_still_load() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("casa.yaml"), GOOD_PACK).expect("write");
    std::fs::write(dir.path().join("rota.yaml"), BROKEN_PACK).expect("write");
    let t = dir.path().display().to_string();
    let broken = format!("{}:", dir.path().join("rota.yaml").display());

    // A shipped table and the good pack's table: found, with a warning
    // naming the broken pack's file, line and column; exit 0.
    for table in ["crisis/events", "casa/a", "dark_forces"] {
        let o = impia(&[
            "table", "roll", table, "--tables", &t, "--seed", "1", "--lang", "en",
        ]);
        assert!(o.status.success(), "{table}: {}", err(&o));
        assert!(!out(&o).is_empty(), "{table}: rolled");
        let e = err(&o);
        let at = e.find(&broken).expect("the broken file is named");
        let place: Vec<&str> = e[at + broken.len()..].splitn(3, ':').collect();
        assert!(
            place.len() == 3 && place[0].parse::<u32>().is_ok() && place[1].parse::<u32>().is_ok(),
            "line and column: {e}"
        );
        assert!(e.contains("warning") && e.contains("gap"), "{e}");
    }
    let o = impia(&["table", "list", "--tables", &t]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).contains("casa/a") && out(&o).contains("crisis/events"));
    assert!(!out(&o).contains("rota/"));

    // The table asked for is in the broken pack: refused, and told why.
    let o = impia(&["table", "show", "rota/b", "--tables", &t]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    let e = err(&o);
    assert!(
        e.contains(&broken) && e.contains("no table 'rota/b'"),
        "{e}"
    );
    assert!(e.contains("from loading"), "{e}");
}

#[test]
fn roster_text_escapes_bidi_controls() {
    let dir = tempfile::tempdir().expect("tempdir");
    let p = dir.path().join("banda.yaml");
    std::fs::write(
        &p,
        "name: \"Lobos\u{202e}odnum\"\nmodels:\n  - {name: \"Jefe\u{2066}x\", troop: hero, leader: true, weapons: [medium_blade]}\n",
    )
    .expect("write");
    let o = impia(&["roster", "text", &p.display().to_string()]);
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    assert!(text.contains("Lobos\\u{202e}odnum"), "{text}");
    assert!(text.contains("Jefe\\u{2066}x"), "{text}");
    assert!(!text.contains(['\u{202e}', '\u{2066}']), "{text:?}");
}

#[test]
fn a_game_of_newer_rules_is_refused_with_its_file_and_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("g.yaml");
    new_game(&path);
    let text = std::fs::read_to_string(&path).expect("read");
    let line = text
        .lines()
        .position(|l| l.starts_with("rules: "))
        .expect("a rules line")
        + 1;
    let newer = text.replacen("\nrules: 4\n", "\nrules: 4294967295\n", 1);
    assert_ne!(newer, text, "the game is of rules 4");
    std::fs::write(&path, &newer).expect("write");
    let p = path.display().to_string();
    let act = r#"{"action":"note","text":"x"}"#;
    for args in [
        vec!["game", "status", &p],
        vec!["game", "act", &p, "--action", act],
        vec!["game", "undo", &p],
    ] {
        let o = impia(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", err(&o));
        let e = err(&o);
        assert!(e.contains(&format!("{p}:{line}:1: ")), "{e}");
        assert!(
            e.contains("rules 4294967295") && e.contains("rules 1 to 4") && e.contains("newer"),
            "{e}"
        );
    }
    assert_eq!(std::fs::read_to_string(&path).expect("read"), newer);
}

/// At most this many bytes of stderr for an error that names one value.
const SHORT: usize = 2_000;

#[test]
fn a_huge_id_is_cut_in_its_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let huge = "x".repeat(1_500_000);
    // A roster's troop.
    let p = dir.path().join("banda.yaml");
    std::fs::write(
        &p,
        format!("name: B\nmodels:\n  - {{name: J, troop: {huge}, leader: true}}\n"),
    )
    .expect("write");
    let o = impia(&["roster", "check", &p.display().to_string()]);
    assert!(!o.status.success());
    let e = err(&o);
    assert!(
        e.len() < SHORT && e.contains("xxx…"),
        "{} bytes: {}",
        e.len(),
        &e[..200.min(e.len())]
    );

    // Arguments are at most 128 KiB each: a 100,000-char id.
    let big = "y".repeat(100_000);
    let o = impia(&["table", "show", &big]);
    assert_eq!(o.status.code(), Some(2));
    let e = err(&o);
    assert!(e.len() < SHORT && e.contains("yyy…"), "{} bytes", e.len());
    let o = impia(&["table", "list", "--pack", &big]);
    assert_eq!(o.status.code(), Some(2));
    let e = err(&o);
    assert!(e.len() < SHORT && e.contains("yyy…"), "{} bytes", e.len());

    // A game action's model, and an action no impia has.
    let g = dir.path().join("g.yaml");
    new_game(&g);
    for act in [
        format!(r#"{{"action":"activate","model":"{big}"}}"#),
        format!(r#"{{"action":"{big}"}}"#),
    ] {
        let o = impia(&["game", "act", &g.display().to_string(), "--action", &act]);
        assert!(!o.status.success());
        let e = err(&o);
        assert!(
            e.len() < SHORT && e.contains("yyy…"),
            "{} bytes: {}",
            e.len(),
            &e[..200.min(e.len())]
        );
    }
}

#[test]
fn a_folder_named_like_a_game_is_called_a_folder() {
    let dir = tempfile::tempdir().expect("tempdir");
    let x = dir.path().join("x.yaml");
    std::fs::create_dir(&x).expect("a folder");
    std::fs::create_dir(x.join("sub")).expect("a sub-folder: 3 links");
    let p = x.display().to_string();
    let act = r#"{"action":"note","text":"x"}"#;
    for args in [
        vec!["game", "act", &p, "--action", act],
        vec!["game", "undo", &p],
        vec!["game", "status", &p],
        vec!["roster", "check", &p],
    ] {
        let o = impia(&args);
        assert!(!o.status.success(), "{args:?}");
        let e = err(&o);
        assert!(
            e.contains("a folder") && !e.contains("hard link"),
            "{args:?}: {e}"
        );
    }
    assert_eq!(
        files_under(dir.path()),
        Vec::<PathBuf>::new(),
        "no lock file left"
    );
}
