//! The slow integration tests, one binary (`cargo test --test slow`):
//! properties over long random games and rosters, the loaders' fuzzing and
//! the kill -9 tests, the server's floods. `cargo test` runs them after `main.rs`'s.

mod campaign_support;
#[path = "game_support/fixtures.rs"]
mod game_support;
mod roster_support;
mod serve_support;

mod campaign_props;
mod client_figures_walk;
mod crash_roster;
mod fair_play_props;
mod fuzz_file_under_server;
mod fuzz_game_concurrent;
mod fuzz_loaders;
mod game_kill;
mod game_props;
mod hang;
mod kill_support;
mod odds_props;
mod offer_declarations_props;
mod props_game;
mod props_roster;
mod report_props;
mod results_props;
mod serve_flood;
mod sim_walks_offers;
