//! The game view on a narrow screen (issue 37: a phone, a tablet
//! upright): below `style::NARROW` points the three columns (the two
//! warbands, the centre, the log) would be cut, so they stand in one
//! column with one scroll, as the warband, dice and tables views do: the
//! centre first (what to do now), then each warband's cards, then the
//! log. The header stays on top.

use super::GameView;
use crate::core::game::Side;
use crate::core::tables::RuleSet;
use crate::core::text::Lang;

/// The log's height in a column: it keeps its own scroll (a long game
/// has thousands of rows, drawn only where they are seen).
const LOG_HEIGHT: f32 = 320.0;

/// A screen narrower than this (points at 100 %) has the log under the
/// centre, not beside it: at 800 the three columns left the centre 190
/// points, too few for its forms (a tablet upright).
pub(super) const LOG_BESIDE: f32 = 1000.0;

impl GameView {
    /// The centre's content, beside the cards or on top of one column:
    /// the replay, or what now with the beasts and the hand adjustments.
    pub(super) fn centre_ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, l: Lang) {
        if self.replay.is_some() {
            self.replay_ui(ui, l);
            return;
        }
        // Issue 37: a game only viewed here draws its actions disabled,
        // with the core's reason, rather than live and refused when pressed.
        let locked = self.locked();
        let r = ui.add_enabled_ui(locked.is_none(), |ui| {
            self.now_ui(ui, rules, l);
            ui.separator();
            self.beasts_ui(ui, l);
            self.adjust_ui(ui, l);
        });
        if let Some(e) = locked {
            r.response.on_disabled_hover_text(e.message(l));
        }
    }

    pub(super) fn narrow_ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, l: Lang) {
        // Back on a wide screen, the columns are set again to its proportions.
        self.last_width = Some(ui.available_width());
        // The acting model's card is not scrolled to: in one column that
        // would carry the player away from the centre's forms.
        self.focus = None;
        let gid = self.game.as_ref().map(|g| g.setup().game_id());
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt(("game_column", gid))
                .show(ui, |ui| {
                    self.centre_ui(ui, rules, l);
                    for side in [Side::A, Side::B] {
                        ui.separator();
                        self.side_ui(ui, side, l);
                    }
                    ui.separator();
                    self.log_below(ui, l);
                });
        });
    }

    /// The log in a column, at a fixed height with its own scroll.
    pub(super) fn log_below(&mut self, ui: &mut egui::Ui, l: Lang) {
        let size = egui::vec2(ui.available_width(), LOG_HEIGHT);
        ui.allocate_ui(size, |ui| self.log_ui(ui, l));
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;
    use crate::core::text::Lang;
    use crate::ui::ImpiaApp;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable as _;

    /// Issue 37: on a phone (390 points across) the centre, both
    /// warbands' cards and the log are one column, each below the other
    /// and inside the screen; a 1280-point window keeps the columns side
    /// by side.
    #[test]
    fn a_phone_screen_should_stack_the_game_in_one_column() {
        let mut h = Harness::builder().with_size([390.0, 844.0]).build_ui_state(
            |ui, app: &mut ImpiaApp| app.show(ui),
            app(game_under_way(), Lang::En),
        );
        h.run();
        // Each player is named in the centre too; the lowest is the warband's.
        let lowest = |name: &str| {
            h.get_all_by_label(name)
                .map(|n| n.rect())
                .max_by(|x, y| x.top().total_cmp(&y.top()))
                .expect("the player's name")
        };
        let (a, b) = (lowest("Ana"), lowest("Bea"));
        let log = h.get_by_label("Log").rect();
        assert!(b.top() > a.bottom(), "{a:?} {b:?}");
        assert!(log.top() > b.bottom(), "{b:?} {log:?}");
        for r in [a, b, log] {
            assert!(
                r.left() >= 0.0 && r.right() <= 391.0,
                "{r:?} off the screen"
            );
        }
        let mut wide = harness(app(game_under_way(), Lang::En));
        wide.run();
        let a = wide.get_all_by_label("Ana").last().expect("A").rect();
        let b = wide.get_all_by_label("Bea").last().expect("B").rect();
        assert!(b.left() > a.right(), "{a:?} {b:?}: side by side");
    }

    /// Issue 37: a tablet upright (800 points across) has the log under
    /// the centre, so the change of round's two warbands fit side by side
    /// without running into each other; on a phone they stand one under
    /// the other. 1280 keeps the log beside the centre.
    #[test]
    fn a_tablet_upright_should_keep_the_centre_wide_enough_for_its_forms() {
        let done = |h: &Harness<'static, ImpiaApp>, p: &str| {
            h.get_by_label(&format!("Done changing for {p}")).rect()
        };
        for (size, stacked) in [([800.0, 1280.0], false), ([390.0, 844.0], true)] {
            let mut h = Harness::builder().with_size(size).build_ui_state(
                |ui, app: &mut ImpiaApp| app.show(ui),
                app(new_game(), Lang::En),
            );
            h.run();
            h.get_by_label("Use this die").click();
            h.run();
            let (a, b) = (done(&h, "Ana"), done(&h, "Bea"));
            let apart = if stacked {
                b.top() > a.bottom()
            } else {
                b.left() >= a.right() && b.right() <= size[0]
            };
            assert!(apart, "{size:?}: {a:?} {b:?}");
            let log = h.get_by_label("Log").rect();
            assert!(log.top() > b.bottom(), "{size:?}: {log:?} under {b:?}");
        }
        let mut wide = harness(app(new_game(), Lang::En));
        wide.run();
        wide.get_by_label("Use this die").click();
        wide.run();
        let (a, b) = (done(&wide, "Ana"), done(&wide, "Bea"));
        assert!(b.left() > a.right(), "{a:?} {b:?}: side by side");
        assert!(wide.get_by_label("Log").rect().left() > b.right());
    }
}
