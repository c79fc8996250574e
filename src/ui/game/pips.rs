//! A card's fear markers as pips (R31), each coloured by its level; on a
//! card narrower than its pips they wrap by level (issue 37).

use crate::ui::style::Palette;

/// Fear markers as pips, each coloured by the level the core gives it
/// (R31): filled up to the fear, a gap before the first pip of each level
/// (fear at Courage: one complication; at twice Courage: the model flees).
pub(super) fn fear_pips(
    ui: &mut egui::Ui,
    fear: i32,
    pips: &[&'static str],
    size: f32,
    pal: Palette,
) {
    let step = size + 3.0;
    let gap = size * 0.6;
    if pips.len() as f32 * step + 2.0 * gap <= ui.available_width() {
        pips_run(ui, fear, pips, size, 2.0 * gap, pal);
        return;
    }
    // Issue 37: a card narrower than its pips (a tablet upright) cut the
    // last ones; each level is then a run of its own, so the row wraps
    // between levels, smaller only when one level alone is too wide.
    let mut start = 0;
    while start < pips.len() {
        let len = pips[start..]
            .iter()
            .take_while(|p| **p == pips[start])
            .count();
        let fit = (ui.max_rect().width().max(step) / (len as f32 * step)).min(1.0);
        let run = &pips[start..start + len];
        pips_run(ui, fear - start as i32, run, size * fit, 0.0, pal);
        start += len;
    }
}

/// Pips in one allocated row, `gaps` wide besides them (a gap of
/// `size * 0.6` before each new level); `fear` counts from the first.
fn pips_run(
    ui: &mut egui::Ui,
    fear: i32,
    pips: &[&'static str],
    size: f32,
    gaps: f32,
    pal: Palette,
) {
    let step = size + 3.0;
    let gap = size * 0.6;
    let (rect, _) = ui.allocate_exact_size(
        egui::vec2(pips.len() as f32 * step + gaps, size + 4.0),
        egui::Sense::hover(),
    );
    let painter = ui.painter_at(rect);
    let mut shift = 0.0;
    for (i, level) in pips.iter().enumerate() {
        if i > 0 && pips[i - 1] != *level {
            shift += gap;
        }
        let c = egui::pos2(
            rect.left() + i as f32 * step + size / 2.0 + shift,
            rect.center().y,
        );
        let color = match *level {
            "flees" => pal.red,
            "frightened" => pal.amber,
            _ => pal.calm,
        };
        if (i as i32) < fear {
            painter.circle_filled(c, size / 2.0, color);
        } else {
            painter.circle_stroke(c, size / 2.0 - 0.5, egui::Stroke::new(1.5, color));
        }
    }
}

#[cfg(test)]
mod tests {
    use egui_kittest::Harness;
    use std::cell::Cell;
    use std::rc::Rc;

    /// Issue 37: a card 150 points wide (a tablet upright's two columns of
    /// cards) cut the last of ten pips (Courage 5: four calm, five
    /// frightened, one flees); they now wrap by level inside it, every pip
    /// drawn, and a wide card keeps them in one row.
    #[test]
    fn ten_pips_should_wrap_inside_a_narrow_card() {
        let pips: Vec<&'static str> =
            [["calm"; 4].as_slice(), &["frightened"; 5], &["flees"]].concat();
        for (width, rows) in [(150.0, 2), (400.0, 1)] {
            let used = Rc::new(Cell::new(egui::Rect::NOTHING));
            let seen = used.clone();
            let pips = pips.clone();
            let mut h = Harness::builder()
                .with_size([width, 200.0])
                .build_ui(move |ui| {
                    let r = ui.horizontal_wrapped(|ui| {
                        super::fear_pips(ui, 3, &pips, 16.0, crate::ui::style::palette(true));
                    });
                    seen.set(r.response.rect);
                });
            h.run();
            let r = used.get();
            assert!(r.right() <= width, "{width}: {r:?} off the card");
            let one_row = 16.0 + 4.0;
            assert_eq!(
                (r.height() / one_row).round() as i32,
                rows,
                "{width}: {r:?}"
            );
        }
    }
}
