//! Issue 38, results that travel: two folders stand for two laptops that
//! share `records/` through a sync tool. Each plays 20 seeded games to the
//! end; the result files go across by plain copy (conflict copies and a
//! renamed duplicate included), and both league tables come out the same,
//! every game counted once. Old records keep opening and counting.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::cli_support::impia;
use crate::game_support::*;
use impia::core::dice::Roller;
use impia::core::game::{Action, Game, GameSetup, Host, Records, act, sim};
use impia::core::records::{self, Confirmed, Ledger, RESULTS_DIR, SkipKind, Standing, read_result};

const WARBANDS: [&str; 4] = [
    "Hijos del Lobo",
    "Culto del Cuervo",
    "Círculo de la Ceniza",
    "Guardia del Paso",
];

/// Game `i` of a laptop: two of the four warbands, a seeded random game.
fn setup_of(laptop: &str, i: u64) -> GameSetup {
    let (x, y) = ((i % 4) as usize, ((i + 1 + (i / 4) % 3) % 4) as usize);
    let mut ra = roster_a();
    ra.name = WARBANDS[x].into();
    let mut rb = roster_b();
    rb.name = WARBANDS[y].into();
    let mut s = GameSetup::new(ra, rb).with_seed(i);
    s.id = format!("{laptop}{i:015x}");
    s
}

/// Play game `i` to its end in memory (random legal play, seeded; ended by
/// the players if it runs long), then through the door into `root/games/`,
/// so its end writes its result file. Returns its host, still open.
fn play(root: &Path, laptop: &str, i: u64) -> (Host, PathBuf) {
    let setup = setup_of(laptop, i);
    let mut g = Game::new(setup.clone(), &rules());
    let mut rng = Roller::seeded(1000 + i);
    for _ in 0..300 {
        if g.state().ended.is_some() {
            break;
        }
        sim::step_ending(&mut g, &mut rng, 40).expect("a random step");
    }
    if g.state().ended.is_none() {
        ok(&mut g, Action::EndGame(act::EndGame {}));
    }
    let games = root.join("games");
    std::fs::create_dir_all(&games).expect("games folder");
    let path = games.join(format!("g{i}.yaml"));
    let mut host = Host::create(&path, setup, &rules(), false).expect("a new game");
    let mut batch = host.batch().expect("a batch");
    for a in g.actions() {
        batch.apply(a.clone()).expect("replays");
    }
    let told = batch.commit().expect("saved");
    assert_eq!(told.records, Records::Written, "the result is written");
    (host, path)
}

/// A laptop plays games `from..to`. Every fifth game's end is withdrawn
/// and made again (three files of one game), game 7 stays withdrawn.
fn play_games(root: &Path, laptop: &str, from: u64, to: u64) {
    for i in from..to {
        let (mut host, _) = play(root, laptop, i);
        if i % 5 == 0 || i == 7 {
            let told = host.undo().expect("undo the end").expect("undone");
            assert_eq!(told.records, Records::Left, "withdrawn");
            if i != 7 {
                let told = host.redo().expect("end again").expect("redone");
                assert_eq!(told.records, Records::Written, "ended again");
            }
        }
    }
}

fn results(root: &Path) -> PathBuf {
    root.join("records").join(RESULTS_DIR)
}

/// What a sync tool does: every file of one side's results folder that
/// the other lacks is copied across, byte for byte.
fn sync(from: &Path, to: &Path) {
    std::fs::create_dir_all(results(to)).expect("results folder");
    for e in std::fs::read_dir(results(from)).expect("results").flatten() {
        let there = results(to).join(e.file_name());
        if !there.exists() {
            std::fs::copy(e.path(), there).expect("copy");
        }
    }
}

/// The league as a map, by warband.
fn table(root: &Path) -> (Vec<Standing>, Ledger) {
    let ledger = Ledger::read(&root.join("records")).expect("the records");
    (ledger.league(), ledger)
}

#[test]
fn two_laptops_sharing_results_by_copy_get_the_same_league_and_count_each_game_once() {
    let a = tempfile::tempdir().expect("laptop a");
    let b = tempfile::tempdir().expect("laptop b");
    // Ten games each, a sync, ten more each, a sync both ways.
    play_games(a.path(), "a", 0, 10);
    play_games(b.path(), "b", 0, 10);
    sync(a.path(), b.path());
    sync(b.path(), a.path());
    play_games(a.path(), "a", 10, 20);
    play_games(b.path(), "b", 10, 20);

    // The sync tools' leftovers: a Syncthing conflict copy with other VP,
    // Dropbox's and a cloud drive's copies, and a user's renamed copy.
    let one = results(a.path()).join("a000000000000003.1.yaml");
    let text = std::fs::read_to_string(&one).expect("a result file");
    let forged = text.replace("vp: ", "vp: 9");
    std::fs::write(
        results(a.path()).join("a000000000000003.1.sync-conflict-20261127-101500-ABCDEFG.yaml"),
        &forged,
    )
    .expect("conflict copy");
    std::fs::write(
        results(b.path()).join("a000000000000003.1 (Ana's conflicted copy 2026-11-27).yaml"),
        &forged,
    )
    .expect("dropbox copy");
    std::fs::write(
        results(b.path()).join("b000000000000004.1 (1).yaml"),
        &forged,
    )
    .expect("drive copy");
    std::fs::copy(&one, results(a.path()).join("copia de la partida.yaml")).expect("a copy");
    sync(a.path(), b.path());
    sync(b.path(), a.path());

    let (left, ledger_a) = table(a.path());
    let (right, ledger_b) = table(b.path());
    assert_eq!(left, right, "the same league on both laptops");

    // Every game counted once: 40 played, game 7 of each withdrawn.
    let rows = ledger_a.games();
    assert_eq!(rows.len(), 38, "{rows:#?}");
    let mut ids: Vec<&str> = rows.iter().map(|r| r.game_id.as_str()).collect();
    ids.dedup();
    assert_eq!(ids.len(), 38, "no game twice");
    assert!(!ids.contains(&"a000000000000007") && !ids.contains(&"b000000000000007"));
    assert_eq!(rows, ledger_b.games(), "the same games, in the same order");
    let played: usize = left.iter().map(|s| s.games).sum();
    assert_eq!(played, 2 * 38, "each game in two warbands' lines");

    // The table is the games' own: summed from what each game gave.
    let mut want: BTreeMap<String, Standing> = BTreeMap::new();
    for laptop in ["a", "b"] {
        for i in 0..20u64 {
            if i == 7 {
                continue;
            }
            let r = read_result(&results(a.path()).join(records::result_file_name(
                &format!("{laptop}{i:015x}"),
                if i % 5 == 0 { 3 } else { 1 },
            )))
            .expect("its result");
            for (me, them) in [(&r.a, &r.b), (&r.b, &r.a)] {
                let s = want.entry(me.warband.clone()).or_default();
                s.warband = me.warband.clone();
                s.games += 1;
                match me.vp.cmp(&them.vp) {
                    std::cmp::Ordering::Greater => s.wins += 1,
                    std::cmp::Ordering::Equal => s.draws += 1,
                    std::cmp::Ordering::Less => s.losses += 1,
                }
                s.vp_for += i64::from(me.vp);
                s.vp_against += i64::from(them.vp);
            }
        }
    }
    let got: BTreeMap<String, Standing> = left
        .iter()
        .map(|s| (s.warband.clone(), s.clone()))
        .collect();
    assert_eq!(got, want);

    // The leftovers are reported, never counted.
    let kinds = |l: &Ledger, k: SkipKind| l.skipped.iter().filter(|s| s.kind == k).count();
    assert_eq!(
        kinds(&ledger_a, SkipKind::ConflictCopy),
        3,
        "{:#?}",
        ledger_a.skipped
    );
    assert_eq!(
        kinds(&ledger_a, SkipKind::Duplicate),
        1,
        "{:#?}",
        ledger_a.skipped
    );
    assert_eq!(
        kinds(&ledger_a, SkipKind::Damaged),
        0,
        "{:#?}",
        ledger_a.skipped
    );
}

#[test]
fn a_result_file_is_written_once_with_the_game_its_sides_and_its_digest() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (host, path) = play(dir.path(), "c", 3);
    let file = results(dir.path()).join("c000000000000003.1.yaml");
    let r = read_result(&file).expect("its result file");
    assert_eq!(r.game_id, "c000000000000003");
    assert_eq!(r.game_file, "g3.yaml");
    assert_eq!(
        (r.a.warband.as_str(), r.b.warband.as_str()),
        (WARBANDS[3], WARBANDS[0])
    );
    assert_eq!(
        r.a.vp,
        host.state()
            .side(impia::core::game::Side::A)
            .expect("a")
            .score
            .total()
    );
    assert_eq!([r.a.confirmed, r.b.confirmed], [Confirmed::Table; 2]);
    assert_eq!(
        r.game_digest,
        records::digest_of(&path).expect("the game file")
    );
    // Touching the ended game again (a note) writes nothing new, and the
    // file is never rewritten.
    let before = std::fs::read(&file).expect("bytes");
    let mut host = host;
    let told = host
        .act(Action::Note(act::Note {
            text: "buena partida".into(),
        }))
        .expect("a note");
    assert!(told.records_error().is_none());
    assert_eq!(std::fs::read(&file).expect("bytes"), before);
    assert_eq!(
        std::fs::read_dir(results(dir.path()))
            .expect("folder")
            .count(),
        1
    );
}

#[test]
fn a_damaged_result_file_is_reported_with_its_line_and_skipped() {
    let dir = tempfile::tempdir().expect("temp dir");
    play(dir.path(), "d", 1);
    std::fs::write(
        results(dir.path()).join("roto.1.yaml"),
        "version: 1\ngame_id: x\nseq: [\n",
    )
    .expect("write");
    let (rows, ledger) = table(dir.path());
    assert_eq!(rows.iter().map(|s| s.games).sum::<usize>(), 2);
    let bad: Vec<String> = ledger.skipped.iter().map(ToString::to_string).collect();
    assert!(
        bad.len() == 1 && bad[0].contains("roto.1.yaml") && bad[0].contains(":3:"),
        "{bad:?}"
    );
    // The CLI says so on stderr and prints the table.
    let recs = dir.path().join("records").display().to_string();
    let o = impia(&["--lang", "en", "record", &recs]);
    assert!(o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("damaged, skipped") && err.contains("roto.1.yaml"),
        "{err}"
    );
}

/// Records of earlier impia (`tests/data/records-v1`, `records-v2`): read
/// and counted beside the result files, a game both tell counted once.
#[test]
fn old_records_keep_opening_and_count_beside_the_result_files_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let recs = dir.path().join("records");
    std::fs::create_dir_all(&recs).expect("records");
    for v in ["records-v1", "records-v2"] {
        let from = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(v);
        for e in std::fs::read_dir(from).expect("old records").flatten() {
            std::fs::copy(e.path(), recs.join(e.file_name())).expect("copy");
        }
    }
    let (before, ledger) = table(dir.path());
    assert!(ledger.skipped.is_empty(), "{:?}", ledger.skipped);
    let lobo = |rows: &[Standing]| {
        rows.iter()
            .find(|s| s.warband == "Hijos del Lobo")
            .cloned()
            .expect("Hijos del Lobo")
    };
    // v1: Lobo's two games (one without an id); v2: the Ceniza's one game
    // (one more withdrawn), each warband's own file telling its line.
    assert_eq!(lobo(&before).games, 2, "{before:?}");
    let ceniza = before
        .iter()
        .find(|s| s.warband == "Círculo de la Ceniza")
        .expect("the v2 record");
    assert_eq!((ceniza.games, ceniza.losses), (1, 1));
    // A game of theirs ended again today (its id: 00000000000000aa) has a
    // result file: the newer word, counted once.
    let mut ra = roster_a();
    ra.name = "Hijos del Lobo".into();
    let mut rb = roster_b();
    rb.name = "Culto del Cuervo".into();
    let mut s = GameSetup::new(ra, rb).with_seed(1);
    s.id = "00000000000000aa".into();
    let games = dir.path().join("games");
    std::fs::create_dir_all(&games).expect("games");
    let mut host = Host::create(&games.join("vieja.yaml"), s, &rules(), false).expect("new");
    host.act(Action::ScenarioPoints(act::ScenarioPoints {
        side: impia::core::game::Side::A,
        points: 5,
        note: String::new(),
    }))
    .expect("points");
    let told = host.act(Action::EndGame(act::EndGame {})).expect("the end");
    assert_eq!(told.records, Records::Written);
    let (after, _) = table(dir.path());
    assert_eq!(
        lobo(&after).games,
        2,
        "the same game, counted once: {after:?}"
    );
    assert_eq!(lobo(&after).vp_for, lobo(&before).vp_for - 2 + 5);
    // The old files are never rewritten.
    for v in ["records-v1", "records-v2"] {
        let from = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(v);
        for e in std::fs::read_dir(from).expect("old records").flatten() {
            assert_eq!(
                std::fs::read(e.path()).expect("old"),
                std::fs::read(recs.join(e.file_name())).expect("kept"),
            );
        }
    }
}

#[test]
fn record_export_prints_every_game_as_csv_and_as_json_lines() {
    let dir = tempfile::tempdir().expect("temp dir");
    play(dir.path(), "e", 1);
    play(dir.path(), "e", 2);
    let recs = dir.path().join("records").display().to_string();
    let o = impia(&["record", "export", &recs]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let csv = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 3, "{csv}");
    assert!(lines[0].starts_with("game_id,date,scenario,warband_a,player_a,vp_a"));
    assert!(lines[1].starts_with("e000000000000001,") && lines[1].contains(",table,"));
    assert_eq!(lines[1].split(',').count(), 16, "{}", lines[1]);
    let o = impia(&["record", "export", &recs, "--json"]);
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    let games: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    assert_eq!(games.len(), 2);
    assert_eq!(games[1]["game_id"], "e000000000000002");
    assert!(
        games[0]["game_digest"]
            .as_str()
            .is_some_and(|d| d.starts_with("sha256:"))
    );
    // The league as before, from the same files.
    let o = impia(&["record", &recs, "--json"]);
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!(
        rows.iter()
            .map(|r| r["games"].as_u64().unwrap_or(0))
            .sum::<u64>(),
        4
    );
}

/// A fresh library has no records folder until its first game ends: its
/// league is empty (exit 0), while a folder the user names must exist.
#[test]
fn a_fresh_librarys_league_is_empty_and_a_missing_named_folder_is_an_error() {
    let home = tempfile::tempdir().expect("temp dir");
    let h = home.path().display().to_string();
    let o = impia(&["--home", &h, "record", "--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&o.stdout).expect("json");
    assert!(rows.is_empty(), "{rows:?}");
    let o = impia(&["--home", &h, "record", "export"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout).lines().count(),
        1,
        "the header only"
    );
    let missing = home.path().join("no-such-records").display().to_string();
    let o = impia(&["record", &missing]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("no-such-records"));
}

/// The app's Warband view shows the warband's computed record: its games
/// from the result files, a conflict copy not counted.
#[test]
fn the_warband_view_shows_the_record_computed_from_the_result_files() {
    use egui_kittest::kittest::Queryable as _;
    let dir = tempfile::tempdir().expect("temp dir");
    play(dir.path(), "f", 2);
    play(dir.path(), "f", 6);
    let recs = dir.path().join("records");
    let ledger = Ledger::read(&recs).expect("records");
    let file = ledger.results.values().next().expect("a result").0.clone();
    let copy = file.with_file_name("f000000000000002.1 (1).yaml");
    std::fs::copy(&file, copy).expect("a drive's copy");
    let prefs = impia::ui::Prefs {
        lang: impia::core::text::Lang::En,
        dark: true,
        last_roster: None,
        last_game: None,
        view: impia::ui::View::Warband,
        ui_scale: 1.0,
    };
    let mut app = impia::ui::ImpiaApp::with_rules(prefs, rules());
    // Games 2 and 6 are Círculo de la Ceniza's, against Guardia del Paso
    // and Hijos del Lobo.
    app.warband.doc.roster.name = WARBANDS[2].into();
    app.warband.set_records_dir(recs.clone());
    let mut h = egui_kittest::Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(|ui, app: &mut impia::ui::ImpiaApp| app.show(ui), app);
    h.run();
    let line = h.get_by_label_contains("2 games ·");
    let want = Ledger::read(&recs)
        .expect("records")
        .league()
        .into_iter()
        .find(|s| s.warband == WARBANDS[2])
        .expect("its line");
    let label = format!("{line:?}");
    assert!(
        label.contains(&format!("{}–{}–{}", want.wins, want.draws, want.losses)),
        "{label}"
    );
    assert!(h.query_by_label_contains("vs Hijos del Lobo").is_some());
    assert!(h.query_by_label_contains("vs Guardia del Paso").is_some());
}
