//! The generic form of an offer (issue 23): an action with no form of its
//! own, a new action among them, shows the core's declarations as widgets
//! on its draft, sent with one click; or, when it takes a target, a button
//! per target sending that target's draft. The view decides no rule: the
//! core's offer says what may be declared and which targets the rules allow.

use super::super::widgets::{self, big_button};
use super::declaration_ui;
use crate::core::game::{Action, ActionKind, Game, ModelRef, Offer};
use crate::core::text::Lang;

/// The form of `actor`'s offer of `kind`, its answers kept in `draft`;
/// the action to send, when one is clicked.
pub(super) fn offer_form_ui(
    ui: &mut egui::Ui,
    g: &Game,
    offers: &[Offer],
    actor: ModelRef,
    kind: ActionKind,
    draft: &mut Action,
    l: Lang,
) -> Option<Action> {
    let offer = offers
        .iter()
        .find(|o| o.model == Some(actor) && o.action.kind() == kind)?;
    let label = offer.label(g.state(), g.rules(), l);
    ui.strong(&label);
    for d in &offer.declarations {
        declaration_ui(ui, g, d, draft, l);
    }
    if let Some(e) = &offer.why_not {
        widgets::error_label(ui, &e.message(l));
    }
    let mut send = None;
    if offer.targets.is_empty() {
        if offer.allowed && big_button(ui, &format!("✔ {label}")).clicked() {
            send = Some(draft.clone());
        }
    } else {
        ui.horizontal_wrapped(|ui| {
            for t in &offer.targets {
                if big_button(ui, &g.state().name(t.model)).clicked() {
                    send = Some(t.draft.clone());
                }
            }
        });
    }
    send
}

#[cfg(test)]
mod tests {
    use egui_kittest::kittest::Queryable as _;

    use crate::core::game::ActionKind;
    use crate::core::text::Lang;
    use crate::ui::game::Form;
    use crate::ui::game::test_kit::*;

    /// Issue 23: the generic form shows the offer's words and sends its
    /// draft: a new action's button works with no edit of the view.
    #[test]
    fn the_generic_form_should_send_the_offers_draft() {
        let mut g = new_game();
        step_to_acting(&mut g);
        let draft = g
            .offers()
            .find("move")
            .expect("a Move offered")
            .draft
            .clone();
        let mut h = harness(app(g, Lang::En));
        h.run();
        let before = game(&h).actions().len();
        h.state_mut().game.form = Form::Offer {
            kind: ActionKind::Move,
            draft: draft.clone(),
        };
        h.run();
        h.get_by_label("✔ Move").click();
        h.run();
        let log = game(&h).actions();
        assert_eq!(log.len(), before + 1, "{:?}", h.state().game.message);
        assert_eq!(log.last(), Some(&draft));
    }
}
