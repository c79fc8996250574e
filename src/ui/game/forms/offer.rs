//! The generic form of an offer (issue 23): an action with no form of its
//! own, a new action among them, shows the core's declarations as widgets
//! on its draft, sent with one click; or, when it takes a target, a button
//! per target sending that target's draft. The view decides no rule: the
//! core's offer says what may be declared and which targets the rules allow.

use super::super::widgets::{self, big_button};
use super::{declaration_ui, price_text};
use crate::core::game::draft::{declare, value};
use crate::core::game::{Action, ActionKind, Declaration, Game, ModelRef, Offer};
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
    // What the draft asks now (issue 34: an answer may ask more, a
    // spell's hit its Penetration and the models it hits).
    let asked = g.declarations(draft);
    // Of several offers of one kind (a spell each), the one this draft is.
    let mine: Vec<&Offer> = offers
        .iter()
        .filter(|o| o.model == Some(actor) && o.action.kind() == kind)
        .collect();
    let offer = *mine
        .iter()
        .find(|o| answered(&o.draft, &asked, draft, None) == *draft)
        .or(mine.first())?;
    let label = offer.label(g.state(), g.rules(), l);
    ui.strong(&label);
    for d in &asked {
        declaration_ui(ui, g, d, draft, l);
    }
    if let Some(e) = &offer.why_not {
        widgets::error_label(ui, &e.message(l));
    }
    let mut send = None;
    // The draft as answered, when there is no target to pick or the
    // players changed what makes a target its own (R41: they named the
    // models under the template).
    let names_its_targets = offer.targets.iter().any(|t| {
        t.declarations.iter().any(|d| {
            let base = value(&offer.draft, &d.key);
            value(&t.draft, &d.key) != base && value(draft, &d.key) != base
        })
    });
    if (offer.targets.is_empty() || names_its_targets) && offer.allowed {
        if big_button(ui, &format!("✔ {label}")).clicked() {
            send = Some(draft.clone());
        }
        if !offer.targets.is_empty() {
            let line = match g.price(draft) {
                Ok(p) => price_text(g, draft, &p, l),
                Err(e) => e.message(l),
            };
            ui.add(egui::Label::new(line).wrap());
        }
    }
    if !offer.targets.is_empty() {
        // Each target's draft with the answers given above (not those
        // that make it this target), and its price.
        egui::Grid::new("offer_targets")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                for t in &offer.targets {
                    let a = answered(&t.draft, &t.declarations, draft, Some(&offer.draft));
                    if big_button(ui, &g.state().name(t.model)).clicked() {
                        send = Some(a.clone());
                    }
                    let line = match g.price(&a) {
                        Ok(p) => price_text(g, &a, &p, l),
                        Err(e) => e.message(l),
                    };
                    ui.add(egui::Label::new(line).wrap());
                    ui.end_row();
                }
            });
    }
    send
}

/// `base` with the answers `from` gives to what `asked` asks; with
/// `offer`, not the answers that make `base` its own target (a Breath's
/// target is the one model under it until the players name more).
fn answered(base: &Action, asked: &[Declaration], from: &Action, offer: Option<&Action>) -> Action {
    let mut a = base.clone();
    for d in asked {
        if offer.is_some_and(|o| value(o, &d.key) != value(base, &d.key)) {
            continue;
        }
        if let Some(v) = value(from, &d.key) {
            declare(&mut a, &d.key, &v);
        }
    }
    a
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
