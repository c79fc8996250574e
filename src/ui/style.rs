//! The app's own colours and text sizes, in one place; everything else
//! comes from egui's visuals (`ui.visuals()`), so it follows light and dark.

use egui::Color32;

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
pub const RED: Color32 = Color32::from_rgb(220, 80, 80);
/// Fear pips below Courage.
pub const CALM: Color32 = Color32::from_rgb(150, 150, 170);
