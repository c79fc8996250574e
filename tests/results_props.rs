//! Issue 38, a property: result files arriving in any order, split between
//! two laptops in any way, each laptop's league read at any moment between
//! copies, end in the same league on both, equal to the league of all the
//! files together: the table is a function of the set of files.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::game_support::*;
use impia::core::game::{Action, Game, GameSetup, Side, act};
use impia::core::records::{Ledger, RESULTS_DIR, Standing, sync};
use proptest::prelude::*;

const WARBANDS: [&str; 3] = ["Hijos del Lobo", "Culto del Cuervo", "Círculo de la Ceniza"];

/// A game `i` with its VP, ended.
fn ended(i: usize) -> Game {
    let mut ra = roster_a();
    ra.name = WARBANDS[i % 3].into();
    let mut rb = roster_b();
    rb.name = WARBANDS[(i + 1) % 3].into();
    let mut s = GameSetup::new(ra, rb).with_seed(i as u64);
    s.id = format!("p{i:015x}");
    let mut g = Game::new(s, &rules());
    for (side, points) in [(Side::A, (i % 4) as i32), (Side::B, (i % 3) as i32)] {
        ok(
            &mut g,
            Action::ScenarioPoints(act::ScenarioPoints {
                side,
                points,
                note: String::new(),
            }),
        );
    }
    ok(&mut g, Action::EndGame(act::EndGame {}));
    g
}

/// The source: 12 games' result files (two withdrawn and ended again, one
/// left withdrawn) and a conflict copy, written once; their names and bytes.
/// The source folder and its files (name, bytes).
type Source = (tempfile::TempDir, Vec<(String, Vec<u8>)>);

fn source() -> &'static Source {
    static SOURCE: OnceLock<Source> = OnceLock::new();
    SOURCE.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let games = dir.path().join("games");
        for i in 0..12 {
            let g = ended(i);
            let path = games.join(format!("g{i}.yaml"));
            sync(&g, &path, false).expect("a result");
            if i % 5 == 1 {
                let open = Game::new(g.setup().clone(), &rules());
                sync(&open, &path, true).expect("withdrawn");
                if i != 6 {
                    sync(&g, &path, true).expect("ended again");
                }
            }
        }
        let results = dir.path().join("records").join(RESULTS_DIR);
        let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&results)
            .expect("results")
            .flatten()
            .map(|e| {
                (
                    e.file_name().to_string_lossy().into_owned(),
                    std::fs::read(e.path()).expect("bytes"),
                )
            })
            .collect();
        files.sort();
        let (name, bytes) = files[0].clone();
        let conflict = name.replace(".yaml", ".sync-conflict-20261127-101500-ABCDEFG.yaml");
        files.push((conflict, bytes.replace_vp()));
        (dir, files)
    })
}

trait ReplaceVp {
    fn replace_vp(self) -> Vec<u8>;
}

impl ReplaceVp for Vec<u8> {
    fn replace_vp(self) -> Vec<u8> {
        String::from_utf8_lossy(&self)
            .replace("vp: ", "vp: 7")
            .into_bytes()
    }
}

fn league(records: &Path) -> Vec<Standing> {
    Ledger::read(records).expect("the records").league()
}

fn copy_all(from: &Path, to: &Path) {
    for e in std::fs::read_dir(from).expect("results").flatten() {
        let there = to.join(e.file_name());
        if !there.exists() {
            std::fs::copy(e.path(), there).expect("copy");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn result_files_copied_in_any_order_give_one_league(
        order in Just((0..source().1.len()).collect::<Vec<usize>>()).prop_shuffle(),
        to_a in proptest::collection::vec(any::<bool>(), source().1.len()),
        look_at in 0..source().1.len(),
    ) {
        let (src, files) = source();
        let want = league(&src.path().join("records"));
        let root = tempfile::tempdir().expect("temp dir");
        let recs: Vec<PathBuf> = ["a", "b"].iter().map(|l| root.path().join(l).join("records")).collect();
        for r in &recs {
            std::fs::create_dir_all(r.join(RESULTS_DIR)).expect("folders");
        }
        for (k, &i) in order.iter().enumerate() {
            let (name, bytes) = &files[i];
            let to = &recs[usize::from(!to_a[i])];
            std::fs::write(to.join(RESULTS_DIR).join(name), bytes).expect("write");
            if k == look_at {
                // A league read half-way is some league, never an error.
                prop_assert!(Ledger::read(to).is_ok());
            }
        }
        copy_all(&recs[0].join(RESULTS_DIR), &recs[1].join(RESULTS_DIR));
        copy_all(&recs[1].join(RESULTS_DIR), &recs[0].join(RESULTS_DIR));
        let a = league(&recs[0]);
        prop_assert_eq!(&a, &league(&recs[1]));
        prop_assert_eq!(&a, &want);
        prop_assert_eq!(a.iter().map(|s| s.games).sum::<usize>(), 2 * 11);
    }
}
