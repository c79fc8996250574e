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
