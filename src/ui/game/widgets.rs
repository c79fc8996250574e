//! Small pieces the parts of the Game view share: big buttons, single-key
//! shortcuts, model pickers, an action's options, odds lines, colours.

use crate::core::game::{Game, GameState, ModelRef, ModelState, Offer, Side};
use crate::core::odds::Odds;
use crate::core::text::Lang;

pub use crate::ui::style::{GOLD, POOL_BLUE, RED};

/// The player's name for a side (from the setup), or its letter when none
/// was given.
pub fn player(st: &GameState, side: Side, l: Lang) -> String {
    st.player_name(side, l)
}

pub fn big_button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    ui.add(
        egui::Button::new(egui::RichText::new(text).size(18.0))
            .min_size(egui::vec2(0.0, super::TARGET_HEIGHT)),
    )
}

/// A text size of the 1280-wide window grown with a wider one, as the
/// cards' text grows (issue 27). The targets' buttons and figures keep
/// their size: grown, the two columns of a target row no longer fit the
/// centre at 1920 wide.
pub fn grown(ui: &egui::Ui, size: f32) -> f32 {
    let sizes = crate::ui::style::game_sizes;
    size * sizes(ui.ctx().content_rect().width()).card_text / sizes(0.0).card_text
}

/// A button with its key shown on it: "Move (1 DP)  [M]".
pub fn keyed(text: &str, key: Option<egui::Key>) -> String {
    match key {
        Some(k) => format!("{text}  [{}]", k.name()),
        None => text.to_string(),
    }
}

/// An offer's button: live when the rules allow it, else disabled with the
/// refusal on hover, in the same place either way (nothing moves).
pub fn offer_button(
    ui: &mut egui::Ui,
    offer: &Offer,
    text: &str,
    key_: Option<egui::Key>,
    l: Lang,
) -> bool {
    let b = ui.add_enabled(
        offer.allowed,
        // A button never breaks its words over two lines: the row wraps.
        egui::Button::new(egui::RichText::new(keyed(text, key_)).size(16.0))
            .wrap_mode(egui::TextWrapMode::Extend),
    );
    let b = match &offer.why_not {
        Some(e) => b.on_disabled_hover_text(e.message(l)),
        None => b,
    };
    b.clicked() || (offer.allowed && key_.is_some_and(|k| key(ui, k)))
}

/// A single-key shortcut, only while no text field has the focus and the
/// `ui` takes input (issue 37: a read-only game's disabled centre).
pub fn key(ui: &egui::Ui, k: egui::Key) -> bool {
    ui.is_enabled()
        && ui.ctx().memory(|m| m.focused().is_none())
        && ui
            .ctx()
            .input_mut(|i| i.consume_key(egui::Modifiers::NONE, k))
}

pub fn toggle<T: PartialEq>(list: &mut Vec<T>, item: T, on: bool) {
    let has = list.contains(&item);
    if on && !has {
        list.push(item);
    } else if !on && has {
        list.retain(|x| *x != item);
    }
}

/// Pick any number of models among those `keep` allows (the players say
/// which were within a distance).
pub fn models_multi(
    ui: &mut egui::Ui,
    g: &Game,
    value: &mut Vec<ModelRef>,
    keep: impl Fn(ModelRef, &ModelState) -> bool,
) {
    ui.horizontal_wrapped(|ui| {
        for (m, ms) in g.state().models().filter(|(m, ms)| keep(*m, ms)) {
            let mut on = value.contains(&m);
            if ui.checkbox(&mut on, ms.name.as_ref()).changed() {
                toggle(value, m, on);
            }
        }
    });
}

/// Pick any number of the models an offer lists as its choices.
pub fn choices_multi(ui: &mut egui::Ui, g: &Game, choices: &[ModelRef], value: &mut Vec<ModelRef>) {
    ui.horizontal_wrapped(|ui| {
        for m in choices {
            let mut on = value.contains(m);
            if ui.checkbox(&mut on, g.state().name(*m)).changed() {
                toggle(value, *m, on);
            }
        }
    });
}

/// A check's sources, each in the core's words.
pub fn sources_ui(ui: &mut egui::Ui, sources: &[String]) {
    for s in sources {
        ui.label(format!("• {s}"));
    }
}

pub fn odds_line(ui: &mut egui::Ui, label: &str, o: Odds, l: Lang) {
    ui.label(
        egui::RichText::new(format!("{label}: {} ({})", o.exact(), o.percent(l)))
            .size(17.0)
            .strong(),
    );
}

/// An error shown inside a form, where its button would be.
pub fn error_label(ui: &mut egui::Ui, text: &str) {
    ui.add(
        egui::Label::new(
            egui::RichText::new(format!("⚠ {text}")).color(ui.visuals().error_fg_color),
        )
        .wrap(),
    );
}

/// A visible grip on a panel's resizable edge, so that players find the
/// splitter: a bar with three dots halfway down.
pub fn splitter_grip(ui: &egui::Ui, x: f32, rect: egui::Rect) {
    let painter = ui.ctx().layer_painter(egui::LayerId::new(
        egui::Order::Middle,
        egui::Id::unique("game_splitter_grip"),
    ));
    let color = ui.visuals().widgets.inactive.fg_stroke.color;
    let bar = egui::Rect::from_center_size(egui::pos2(x, rect.center().y), egui::vec2(6.0, 48.0));
    painter.rect_filled(bar, 3.0, ui.visuals().widgets.inactive.bg_fill);
    for k in -1..=1 {
        painter.circle_filled(egui::pos2(x, rect.center().y + k as f32 * 10.0), 1.8, color);
    }
}
