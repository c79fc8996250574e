//! The integration tests, one binary (`cargo test --test main`): one module
//! per area, each a file beside this one. The slow property, fuzz and kill
//! tests are the other binary, `slow.rs`; both run with `cargo test`.
//! A new test file is declared here (or in `slow.rs`): `every_test_file_is_declared`
//! fails otherwise.

mod campaign_support;
mod cli_support;
mod game_support;
mod roster_support;
mod serve_support;

mod actions_list;
mod campaign;
mod campaign_after_app;
mod check_sources;
mod cli;
mod client_figures;
mod concurrent_writers;
mod declared_everywhere;
mod declared_free;
mod declared_spells;
mod fair_play;
mod fair_play_answers;
mod file_sizes;
mod file_under_writer;
mod game;
mod game_chances;
mod game_cli;
mod game_door;
mod game_history;
mod game_host;
mod game_report;
mod game_rolls;
mod game_rules3;
mod game_rules3_more;
mod game_rules4;
mod game_script;
mod game_take_back;
mod game_taker;
mod game_taker_undo;
mod game_words_withstood;
mod glossary_by_hand;
mod hang;
mod hardening_cli;
mod hardening_files;
mod hardening_packs;
mod hardening_small;
mod horde_support;
mod host_happened;
mod import_graph;
mod library;
mod links_and_temps;
mod offer_declared_forms;
mod offer_drafts;
mod offered_by_action;
mod packs;
mod pdf_bounded;
mod records;
mod records_copies;
mod records_safety;
mod refusal_names;
mod results_travel;
mod roster;
mod roster_check_large;
mod roster_pdf;
mod roster_text;
mod save_errors;
mod serve;
mod serve_act;
mod serve_act_cli;
mod serve_acting_words;
mod serve_bounds;
mod serve_browser;
mod serve_contrast;
mod serve_declared;
mod serve_declared_free;
mod serve_fair_answers;
mod serve_fair_play;
mod serve_glance_pips;
mod serve_lean;
mod serve_phones;
mod serve_phones_declared;
mod serve_report;
mod serve_resume_cli;
mod serve_seats;
mod serve_take_back;
mod shipped_spells;
mod snapshot_json;
mod tables;
mod tables_read_once;
mod terminal_escapes;
mod ui;
mod ui_files;
mod ui_game_acting_words;
mod ui_game_clicks;
mod ui_game_declarations;
mod ui_game_declared_forms;
mod ui_game_glance_words;
mod ui_game_priced_rolls;
mod ui_game_setup_words;
mod ui_game_waiting_on;
mod ui_roster_text;
mod ui_shell_words;
mod ui_tables;
mod ui_warband;
mod versions;

/// With `autotests = false` a test file nobody declares is never compiled:
/// every `tests/*.rs` must be a module of this binary or of `slow.rs`.
#[test]
fn every_test_file_is_declared() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).expect("a test root");
    let roots = format!("{}{}", read("main.rs"), read("slow.rs"));
    let mut missing: Vec<String> = std::fs::read_dir(&dir)
        .expect("the tests folder")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .filter_map(|p| Some(p.file_stem()?.to_str()?.to_owned()))
        .filter(|m| m != "main" && m != "slow")
        .filter(|m| !roots.lines().any(|l| l.trim() == format!("mod {m};")))
        .collect();
    missing.sort();
    assert!(
        missing.is_empty(),
        "declare in tests/main.rs or tests/slow.rs: {missing:?}"
    );
}
