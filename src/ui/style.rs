//! The app's own colours and text sizes, in one place; everything else
//! comes from egui's visuals (`ui.visuals()`), so it follows light and dark.

use egui::Color32;

/// Narrower than this (points), a view's side panels stack in one column
/// and the top bar's views are one menu (issue 37: a phone, a tablet
/// upright).
pub const NARROW: f32 = 600.0;

/// Whether the screen is narrower than [`NARROW`] (the screen, not the
/// `ui`: a toolbar wider than the screen widens the `ui` it is drawn in).
pub fn narrow(ui: &egui::Ui) -> bool {
    ui.ctx().content_rect().width() < NARROW
}

/// A row of widgets; on a narrow screen, or where the row did not fit the
/// width it has (a tablet upright: a panel between two others), it wraps
/// rather than run off the screen (and widen every panel under it). The
/// row's width is measured when it is drawn in one line, and kept.
pub fn row<R>(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui) -> R) -> egui::InnerResponse<R> {
    let key = ui.next_auto_id().with("row_width");
    let need: Option<f32> = ui.data(|d| d.get_temp(key));
    if narrow(ui) || need.is_some_and(|w| w > ui.available_width() + 0.5) {
        return ui.horizontal_wrapped(add);
    }
    let r = ui.horizontal(add);
    let told: Option<f32> = ui.data(|d| d.get_temp(r.response.id.with(NEED)));
    let width = r.response.rect.width().max(told.unwrap_or(0.0));
    ui.data_mut(|d| d.insert_temp(key, width));
    r
}

const NEED: &str = "row_need";

/// Inside a [`row`] drawn in one line: the width the row needs, where its
/// own width does not say it (a part aligned to the right takes all that
/// is left).
pub fn row_needs(ui: &egui::Ui, width: f32) {
    ui.data_mut(|d| d.insert_temp(ui.unique_id().with(NEED), width));
}

/// The figure that matters most: the points total of the warband.
pub const SIZE_BIG: f32 = 22.0;
/// A roll button's label.
pub const SIZE_BUTTON: f32 = 20.0;
/// A result, a chance, a cost: read at a glance.
pub const SIZE_RESULT: f32 = 18.0;

/// Bars of totals that pass a check.
pub const PASS: Color32 = Color32::from_rgb(70, 160, 90);
/// Bars of totals that fail it.
pub const FAIL: Color32 = Color32::from_rgb(170, 70, 70);
/// The active side of an opposed check.
pub const ACTIVE_SIDE: Color32 = Color32::from_rgb(80, 140, 220);
/// The passive side of an opposed check.
pub const PASSIVE_SIDE: Color32 = Color32::from_rgb(220, 140, 60);
/// A rule's heading in the reference (its ids after the name).
pub const RULE_HEADING: Color32 = Color32::from_rgb(200, 160, 60);
/// The star before the Leader's name.
pub const LEADER_STAR: Color32 = Color32::GOLD;

// The Game view at the table.
/// The players' names and who acts now.
pub const GOLD: Color32 = Color32::from_rgb(230, 190, 80);
/// The destiny pools.
pub const POOL_BLUE: Color32 = Color32::from_rgb(110, 170, 240);
/// Fear at Courage, engagement: take care.
pub const AMBER: Color32 = Color32::from_rgb(230, 170, 60);
/// Fear at twice Courage, a model about to fall.
pub const RED: Color32 = Color32::from_rgb(235, 95, 95);
/// Fear pips below Courage.
pub const CALM: Color32 = Color32::from_rgb(150, 150, 170);

/// The Game view's colours for one theme: the constants above are the dark
/// theme's; the light theme gets darker tones, so that every coloured text
/// keeps a contrast of at least 4.5:1 (WCAG AA) on its panel.
#[derive(Clone, Copy, Debug)]
pub struct Palette {
    pub gold: Color32,
    pub pool_blue: Color32,
    pub amber: Color32,
    pub red: Color32,
    pub calm: Color32,
}

pub fn palette(dark: bool) -> Palette {
    if dark {
        Palette {
            gold: GOLD,
            pool_blue: POOL_BLUE,
            amber: AMBER,
            red: RED,
            calm: CALM,
        }
    } else {
        Palette {
            gold: Color32::from_rgb(130, 90, 0),
            pool_blue: Color32::from_rgb(20, 90, 180),
            amber: Color32::from_rgb(160, 90, 0),
            red: Color32::from_rgb(190, 30, 30),
            calm: Color32::from_rgb(100, 100, 120),
        }
    }
}

/// The Game view's text sizes, which grow with the window: at 1280 points
/// wide (1280×800 at 100 %) they are the base sizes below, and a wider
/// window (or a smaller zoom) makes them up to half as large again, so the
/// extra width goes to the cards and the figures, not to an empty centre.
#[derive(Clone, Copy, Debug)]
pub struct GameSizes {
    /// Turn and round in the header.
    pub header: f32,
    /// A warband's pool and VP.
    pub pool: f32,
    /// The player's name over a column.
    pub player: f32,
    /// A model's name on its card.
    pub card_name: f32,
    /// A card's status, stats and notes (at least 16 px at 1280×800).
    pub card_text: f32,
    /// Fear pips' diameter.
    pub pip: f32,
    /// A line of the log.
    pub log: f32,
}

/// The sizes for a window `width` points wide.
pub fn game_sizes(width: f32) -> GameSizes {
    let k = (width / 1280.0).clamp(1.0, 1.5);
    GameSizes {
        header: 26.0 * k,
        pool: 32.0 * k,
        player: 22.0 * k,
        card_name: 20.0 * k,
        card_text: 16.0 * k,
        pip: 14.0 * k,
        log: 15.0 * k,
    }
}

/// Turn and round in the header at 1280×800.
pub const SIZE_HEADER: f32 = 26.0;
/// The header's buttons (Undo, Redo, Close, Report, Replay).
pub const SIZE_HEADER_BUTTON: f32 = 17.0;
/// Who leads on VP, in the header.
pub const SIZE_HEADER_SCORE: f32 = 22.0;

/// WCAG contrast ratio of two colours (1 to 21).
pub fn contrast(a: Color32, b: Color32) -> f32 {
    fn lum(c: Color32) -> f32 {
        let ch = |v: u8| {
            let v = f32::from(v) / 255.0;
            if v <= 0.039_28 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * ch(c.r()) + 0.7152 * ch(c.g()) + 0.0722 * ch(c.b())
    }
    let (x, y) = (lum(a), lum(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 27: every coloured text of the Game view reads at AA (4.5:1)
    /// on the panels and cards of both themes.
    #[test]
    fn game_colours_should_reach_aa_contrast_in_both_themes() {
        for dark in [true, false] {
            let v = if dark {
                egui::Visuals::dark()
            } else {
                egui::Visuals::light()
            };
            let p = palette(dark);
            for bg in [v.panel_fill, v.window_fill, v.extreme_bg_color] {
                for (name, c) in [
                    ("gold", p.gold),
                    ("pool blue", p.pool_blue),
                    ("amber", p.amber),
                    ("red", p.red),
                    ("calm", p.calm),
                ] {
                    let r = contrast(c, bg);
                    assert!(r >= 4.5, "{name} on {bg:?} (dark {dark}): {r:.2}:1");
                }
            }
        }
    }

    #[test]
    fn contrast_of_black_on_white_is_21() {
        let r = contrast(Color32::BLACK, Color32::WHITE);
        assert!((r - 21.0).abs() < 0.01, "{r}");
        assert!((contrast(GOLD, GOLD) - 1.0).abs() < 1e-6);
    }

    #[test]
    fn sizes_should_meet_the_floor_at_1280_and_grow_wider() {
        let s = game_sizes(1280.0);
        assert!(s.card_text >= 16.0 && s.pool >= 32.0);
        let w = game_sizes(1920.0);
        assert!(w.card_text > s.card_text && w.pool > s.pool);
        // A zoomed-in window (fewer points) never goes under the floor.
        assert!(game_sizes(853.0).card_text >= 16.0);
    }
}
