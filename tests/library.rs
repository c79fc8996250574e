//! Issue 36: the player's library. impia keeps what it names itself
//! (new games, new rosters, PDFs, the records it reads by default) in one
//! folder, never in the folder it was started from; a fresh library gets
//! the example warbands. Every test names its library (and a fake home):
//! none writes into the real one.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use impia::core::library::{EXAMPLES, Library};
use impia::core::tables::RuleSet;
use impia::ui::{ImpiaApp, Prefs, files};

/// Every file and folder under `dir`, relative, sorted.
fn listing(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("read dir").flatten() {
            let p = e.path();
            out.push(p.strip_prefix(dir).expect("under").to_path_buf());
            if e.file_type().is_ok_and(|t| t.is_dir()) {
                stack.push(p);
            }
        }
    }
    out.sort();
    out
}

/// `impia ARGS` from `cwd`, with `home` as the user's home folder (its
/// config and documents) and `IMPIA_HOME` as given.
fn run(cwd: &Path, home: &Path, impia_home: Option<&Path>, args: &[&str]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_impia"));
    c.current_dir(cwd)
        .args(args)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env_remove("XDG_DOCUMENTS_DIR");
    match impia_home {
        Some(h) => c.env("IMPIA_HOME", h),
        None => c.env_remove("IMPIA_HOME"),
    };
    c.output().expect("run impia")
}

fn ok(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

struct Folders {
    _tmp: tempfile::TempDir,
    work: PathBuf,
    home: PathBuf,
    lib: PathBuf,
}

fn folders() -> Folders {
    let tmp = tempfile::tempdir().expect("temp");
    let work = tmp.path().join("work");
    let home = tmp.path().join("home");
    std::fs::create_dir_all(&work).expect("work");
    std::fs::create_dir_all(&home).expect("home");
    let lib = tmp.path().join("library");
    Folders {
        work,
        home,
        lib,
        _tmp: tmp,
    }
}

#[test]
fn the_commands_write_only_under_the_library() {
    let f = folders();
    let before = listing(&f.work);
    let lib = Some(f.lib.as_path());
    let out = ok(&run(&f.work, &f.home, lib, &["library"]));
    assert_eq!(out.trim(), f.lib.display().to_string());
    // The examples, as shipped.
    for (name, text) in EXAMPLES {
        let p = f.lib.join("rosters").join(name);
        assert_eq!(std::fs::read_to_string(&p).expect("example"), text);
    }
    let a = f.lib.join("rosters").join(EXAMPLES[0].0);
    let b = f.lib.join("rosters").join(EXAMPLES[1].0);
    let (a, b) = (a.display().to_string(), b.display().to_string());
    ok(&run(
        &f.work,
        &f.home,
        lib,
        &["game", "new", "--a", &a, "--b", &b, "--seed", "3"],
    ));
    ok(&run(&f.work, &f.home, lib, &["roster", "new", "Lobos"]));
    ok(&run(&f.work, &f.home, lib, &["roster", "pdf", &a]));
    ok(&run(&f.work, &f.home, lib, &["record"]));
    assert_eq!(listing(&f.lib.join("games")).len(), 1);
    assert!(f.lib.join("rosters/lobos.yaml").is_file());
    assert_eq!(listing(&f.lib.join("exports")).len(), 1);
    // Nothing in the working folder, nothing in the home.
    assert_eq!(listing(&f.work), before);
    assert!(listing(&f.home).is_empty(), "{:?}", listing(&f.home));
}

#[test]
fn the_home_flag_wins_over_the_environment() {
    let f = folders();
    let other = f.home.join("other");
    let flag = f.lib.display().to_string();
    let out = ok(&run(
        &f.work,
        &f.home,
        Some(&other),
        &["--home", &flag, "library", "--json"],
    ));
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["root"], flag.as_str());
    assert!(!other.exists());
}

#[test]
fn paths_given_to_a_command_are_used_as_they_are() {
    let f = folders();
    let lib = Some(f.lib.as_path());
    ok(&run(
        &f.work,
        &f.home,
        lib,
        &["roster", "new", "Lobos", "--dir", "mine"],
    ));
    assert!(f.work.join("mine/lobos.yaml").is_file());
    assert!(!f.lib.exists(), "the library is not made for nothing");
}

/// On Linux the default is `impia` in the documents folder (XDG's, else
/// `~/Documents`), and a folder chosen in the app is remembered in the
/// config folder, for the commands too.
#[cfg(target_os = "linux")]
#[test]
fn the_default_library_is_in_the_documents_folder_and_a_choice_is_remembered() {
    let f = folders();
    std::fs::create_dir_all(f.home.join("Documents")).expect("docs");
    let out = ok(&run(&f.work, &f.home, None, &["library"]));
    let docs = f.home.join("Documents").join("impia");
    assert_eq!(out.trim(), docs.display().to_string());
    assert!(docs.join("rosters").join(EXAMPLES[2].0).is_file());
    let chosen = f.home.join("elsewhere");
    std::fs::create_dir_all(f.home.join(".config/impia")).expect("config");
    std::fs::write(
        f.home.join(".config/impia/library.txt"),
        format!("{}\n", chosen.display()),
    )
    .expect("remember");
    let out = ok(&run(&f.work, &f.home, None, &["library"]));
    assert_eq!(out.trim(), chosen.display().to_string());
    assert!(listing(&f.work).is_empty());
}

#[test]
fn the_apps_file_layer_starts_a_fresh_library_with_the_examples() {
    let f = folders();
    let (lib, _, written) = impia::ui::open_library(Some(&f.lib)).expect("library");
    assert_eq!(written.len(), EXAMPLES.len());
    let rules = RuleSet::builtin().expect("tables");
    let mut app = ImpiaApp::with_rules(Prefs::default(), rules.clone());
    app.use_library(lib.clone(), None);
    // The Open list shows the examples, each valid.
    let entries = files::list_rosters(&app.rosters_dir, &rules);
    assert_eq!(entries.len(), EXAMPLES.len());
    assert!(
        entries
            .iter()
            .all(|e| e.summary.as_ref().is_ok_and(|s| s.problems == 0)),
        "{entries:?}"
    );
    // What the app writes by itself goes in the library.
    let pdf = app.export_pdf().expect("pdf");
    assert!(pdf.starts_with(lib.exports()), "{}", pdf.display());
    let a = impia::core::roster::load_roster(&entries[0].path, &rules).expect("a");
    let b = impia::core::roster::load_roster(&entries[1].path, &rules).expect("b");
    let game = app
        .game
        .start(impia::core::game::GameSetup::new(a, b), &rules)
        .expect("game");
    assert!(game.starts_with(lib.games()), "{}", game.display());
    // A second start copies nothing: the player's folder is theirs.
    assert!(lib.prepare().expect("again").is_empty());
    assert_eq!(Library::at(&f.lib), lib);
    assert!(listing(&f.work).is_empty());
}
