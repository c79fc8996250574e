//! The app's folders, relative to its working folder: where the host puts
//! games and where the records of their warbands go. Named here, below
//! both `game::host` and `records`, so that each can use the names without
//! importing the other (the host writes the records: issue 34 cut the
//! records ↔ host circle).

/// The app's games folder (`game::host::Host::save_in` names the files).
pub const GAMES_DIR: &str = "games";

/// The warbands' records: beside [`GAMES_DIR`] (`records::records_dir`).
pub const RECORDS_DIR: &str = "records";
