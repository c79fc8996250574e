//! The warband's record (issue 15): the games it ended, computed from the
//! library's `records/` (beside its `games/`: its result files and older
//! records, issue 38), refreshed every few seconds.

use std::path::PathBuf;
use std::time::Duration;
use web_time::Instant;

use eframe::egui;

use crate::core::glossary;
use crate::core::records::{GameResult, Record, record_of, standing};
use crate::core::text::Lang;

/// The record last read, and for which warband and when.
#[derive(Default)]
pub struct RecordCache {
    /// The records folder: the library's (issue 36); empty, the working
    /// folder's `records/` (tests, older layout).
    pub dir: PathBuf,
    name: String,
    read_at: Option<Instant>,
    record: Option<Result<Record, String>>,
}

impl RecordCache {
    /// Records read from `dir`, nothing read yet.
    pub fn in_dir(dir: PathBuf) -> RecordCache {
        RecordCache {
            dir,
            ..Default::default()
        }
    }

    fn get(&mut self, warband: &str) -> Option<&Result<Record, String>> {
        let stale = self
            .read_at
            .is_none_or(|t| t.elapsed() > Duration::from_secs(3));
        if self.name != warband || stale {
            let dir = if self.dir.as_os_str().is_empty() {
                PathBuf::from("records")
            } else {
                self.dir.clone()
            };
            // No records folder yet: no games, not an error.
            self.record = if dir.is_dir() {
                record_of(&dir, warband)
                    .map_err(|e| e.to_string())
                    .transpose()
            } else {
                None
            };
            self.name = warband.to_string();
            self.read_at = Some(crate::core::platform::now());
        }
        self.record.as_ref()
    }
}

pub fn record_ui(ui: &mut egui::Ui, l: Lang, cache: &mut RecordCache, warband: &str) {
    ui.heading(l.pick("Historial", "Record"));
    match cache.get(warband) {
        None => {
            ui.weak(l.pick("Sin partidas terminadas todavía.", "No finished games yet."));
        }
        Some(Err(e)) => {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        Some(Ok(r)) => {
            let s = standing(r);
            ui.label(
                egui::RichText::new(format!(
                    "{} {} · {}–{}–{} · {} {}–{}",
                    s.games,
                    l.pick("partidas", "games"),
                    s.wins,
                    s.draws,
                    s.losses,
                    glossary::VP.get(l),
                    s.vp_for,
                    s.vp_against
                ))
                .strong(),
            );
            for g in r.games.iter().rev().take(10) {
                let result = match g.result {
                    GameResult::Win => l.pick("victoria", "win"),
                    GameResult::Draw => l.pick("empate", "draw"),
                    GameResult::Loss => l.pick("derrota", "loss"),
                };
                ui.add(
                    egui::Label::new(format!(
                        "{} · {} {} · {result} {}–{}",
                        g.date,
                        l.pick("contra", "vs"),
                        g.opponent,
                        g.vp_for,
                        g.vp_against
                    ))
                    .wrap(),
                );
            }
        }
    }
}
