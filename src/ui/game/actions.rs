//! The acting model's actions: one button per offer of the core, with its
//! DP and its key, disabled with the core's reason on hover (a refused
//! action stays where it is: nothing moves under the cursor). A click acts
//! at once, or opens the action's declarations (`forms`). Ending the
//! activation is one click or E, with what it ends touching declared
//! beside it.

use super::forms::{Form, MeleeKind, declaration_ui, fight_options};
use super::widgets::{self, key, keyed};
use super::{EndDeclaration, GameView};
use crate::core::game::ModelRef;
use crate::core::game::act;
use crate::core::game::draft::{declare, value};
use crate::core::game::{Action, ActionKind, Game, Offer, ShootOptions};
use crate::core::glossary;
use crate::core::tables::{RuleSet, Stat};
use crate::core::text::{Lang, Text};

/// What a click on an offer does.
enum Click {
    /// Send the offer's action now.
    Act(Action),
    /// Open the declarations of the action.
    Open(Form),
}

/// An offer's key and what a click on it does: the action's own form, for
/// the few actions that have one; for any other action (a new one too) the
/// generic path, [`generic_click`]. `None`: no button in the actions bar.
fn describe_offer(o: &Offer) -> Option<(Option<egui::Key>, Click)> {
    use egui::Key as K;
    o.model?;
    Some(match o.action.kind() {
        ActionKind::Move => (Some(K::M), generic_click(o)),
        ActionKind::StandUp => (Some(K::U), generic_click(o)),
        ActionKind::TotemOwn => (Some(K::T), generic_click(o)),
        ActionKind::TotemEnemy => (Some(K::Y), generic_click(o)),
        ActionKind::Assault | ActionKind::Fight => {
            let kind = MeleeKind::of(&o.action)?;
            let key = match kind {
                MeleeKind::Assault => K::A,
                MeleeKind::Brutal => K::B,
                MeleeKind::Fight => K::F,
            };
            // The core's draft: what the tracker knows is filled in (R20).
            let options = fight_options(&o.draft).cloned().unwrap_or_default();
            (Some(key), Click::Open(Form::Melee { kind, options }))
        }
        ActionKind::Disengage => (Some(K::D), Click::Open(Form::Disengage)),
        // R26: the aimed shot is a declaration of its form.
        ActionKind::Shoot => (
            Some(K::S),
            Click::Open(Form::Shoot {
                options: ShootOptions::default(),
            }),
        ),
        // R41 (issue 34): the models under the template, the core's
        // declaration.
        ActionKind::Breath => (Some(K::H), generic_click(o)),
        // R38: a spell is the core's offer: its declarations (the models
        // within 15 cm; of any level, its numbers and hit) and the models
        // it names, each priced.
        ActionKind::CastSpell => (None, generic_click(o)),
        ActionKind::LeaderOrder => (Some(K::O), Click::Open(Form::Order)),
        ActionKind::LeaderRally => (Some(K::R), Click::Open(Form::Rally { models: Vec::new() })),
        ActionKind::Loot => (Some(K::L), Click::Open(Form::Loot)),
        ActionKind::Check => {
            let Action::Check(act::Check { options, .. }) = &o.action else {
                return None;
            };
            // R41: the Courage check before assaulting a Dreadful aspect:
            // the core's ready action, rolled at once.
            if options.dreadful.is_some() {
                (None, Click::Act(o.action.clone()))
            } else {
                let form = Form::Check {
                    stat: Stat::Agility,
                    modifier: 0,
                    reason: String::new(),
                };
                (Some(K::C), Click::Open(form))
            }
        }
        // Ended by its own button, beside what it ends touching.
        ActionKind::EndActivation => return None,
        // Every other action offered to the model (R37 a herb, and any new
        // action) takes the generic path: documented, not an omission.
        _ => (None, generic_click(o)),
    })
}

/// The generic path of an offer: its draft sent at once when the players
/// have nothing to declare and no target to pick, else its declarations
/// and targets as widgets (`Form::Offer`).
fn generic_click(o: &Offer) -> Click {
    if o.declarations.is_empty() && o.targets.is_empty() {
        Click::Act(o.draft.clone())
    } else {
        Click::Open(Form::Offer {
            kind: o.action.kind(),
            draft: o.draft.clone(),
        })
    }
}

/// The button's words: the core's words for the offer, and its DP.
fn offer_text(o: &Offer, rules: &RuleSet, g: &crate::core::game::Game, l: Lang) -> String {
    let name = o.label(g.state(), rules, l);
    if o.dp > 0 {
        format!("{name} ({} {})", o.dp, glossary::DP.get(l))
    } else {
        name
    }
}

impl GameView {
    pub(super) fn acting_ui(
        &mut self,
        ui: &mut egui::Ui,
        rules: &RuleSet,
        actor: ModelRef,
        l: Lang,
    ) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let st = g.state();
        let Some(ms) = st.model(actor) else {
            return;
        };
        let offers = g.offers().offers;
        let active = st.active.unwrap_or(actor);
        if self.end.model != Some(active) {
            self.end = EndDeclaration {
                model: Some(active),
                ..Default::default()
            };
        }
        ui.heading(
            egui::RichText::new(format!(
                "{} — {}",
                ms.name,
                l.pick("Fase de activación", "Activation")
            ))
            .strong(),
        );
        ui.horizontal_wrapped(|ui| {
            ui.label(
                egui::RichText::new(g.dp_available_text(actor).get(l))
                    .size(22.0)
                    .strong()
                    .color(widgets::POOL_BLUE),
            );
        });
        let click = offer_buttons_ui(ui, g, rules, &offers, actor, l);
        // Ending: one click or E, with what it ends touching beside it.
        let end = offers
            .iter()
            .find(|o| matches!(o.action, Action::EndActivation(_)));
        // R31: the flight warning every client shows (the core's words).
        let flight = g.flight_warning(active);
        let end_now = end_ui(ui, g, end, &mut self.end, flight.as_ref(), l);
        if end_now && let Some(o) = end {
            // The answers to what the core asks now, on its draft now.
            let mut a = o.draft.clone();
            if let Some(answered) = &self.end.draft {
                for d in &o.declarations {
                    if let Some(v) = value(answered, &d.key) {
                        declare(&mut a, &d.key, &v);
                    }
                }
            }
            self.act(a, l);
            return;
        }
        let opened = matches!(click, Some(Click::Open(_)));
        match click {
            Some(Click::Act(a)) => {
                self.act(a, l);
                return;
            }
            Some(Click::Open(f)) => self.form = f,
            None => {}
        }
        ui.separator();
        let form = ui
            .scope(|ui| self.form_ui(ui, rules, &offers, actor, l))
            .response;
        // A form just opened comes up to the top of the centre: under the
        // actions and the end's declarations its targets were out of view
        // at 1280×800 (issue 27).
        if opened {
            form.scroll_to_me(Some(egui::Align::TOP));
        }
    }
}

/// A button per offer of the acting model (a fall and a spell of any
/// level among them, issue 34: the core's declarations). The one clicked.
fn offer_buttons_ui(
    ui: &mut egui::Ui,
    g: &Game,
    rules: &RuleSet,
    offers: &[Offer],
    actor: ModelRef,
    l: Lang,
) -> Option<Click> {
    let mut click: Option<Click> = None;
    ui.horizontal_wrapped(|ui| {
        for o in offers.iter().filter(|o| o.model == Some(actor)) {
            let Some((k, what)) = describe_offer(o) else {
                continue;
            };
            let text = offer_text(o, rules, g, l);
            if widgets::offer_button(ui, o, &text, k, l) {
                click = Some(what);
            }
        }
    });
    click
}

/// End activation (a click or E), greyed with the core's reason where
/// refused; the core's declarations of what it ends touching (R14, R33),
/// answered into `decl`'s draft; and a line kept in place for the core's
/// warning of the flight its fear would cause (R31). Whether to end now.
fn end_ui(
    ui: &mut egui::Ui,
    g: &Game,
    end: Option<&Offer>,
    decl: &mut EndDeclaration,
    flight: Option<&Text>,
    l: Lang,
) -> bool {
    let mut end_now = false;
    ui.add_space(4.0);
    ui.horizontal_wrapped(|ui| {
        if let Some(o) = end {
            let allowed = o.allowed;
            let b = ui.add_enabled(
                allowed,
                egui::Button::new(
                    egui::RichText::new(keyed(
                        l.pick("Terminar activación", "End activation"),
                        Some(egui::Key::E),
                    ))
                    .size(18.0)
                    .strong(),
                ),
            );
            let b = match &o.why_not {
                Some(e) => b.on_disabled_hover_text(e.message(l)),
                None => b,
            };
            end_now = b.clicked() || (allowed && key(ui, egui::Key::E));
        }
    });
    if let Some(o) = end {
        let draft = decl.draft.get_or_insert_with(|| o.draft.clone());
        for d in &o.declarations {
            declaration_ui(ui, g, d, draft, l);
        }
    }
    // Kept in place, empty or not, so the screen does not jump.
    let warn = flight.map_or("", |t| t.get(l));
    ui.label(egui::RichText::new(warn).color(widgets::RED));
    end_now
}

#[cfg(test)]
mod tests {
    use crate::core::game::act;
    use egui_kittest::Harness;
    use egui_kittest::kittest::{NodeT as _, Queryable as _};

    use crate::core::game::{Action, Now};
    use crate::core::text::Lang;
    use crate::ui::ImpiaApp;
    use crate::ui::game::test_kit::*;

    #[test]
    fn a_disabled_action_should_not_move_the_layout() {
        let mut g = new_game();
        step_to_acting(&mut g);
        let m = g.state().actor().expect("actor");
        // No DP left: every paid action is refused.
        let pool = g.state().side(m.side).map_or(0, |s| s.pool);
        g.apply(Action::AdjustPool(act::AdjustPool {
            side: m.side,
            delta: -pool,
        }))
        .expect("pool to 0");
        let own = g.state().model(m).map_or(0, |s| s.own_dp);
        if own > 0 {
            g.apply(Action::AdjustOwnDp(act::AdjustOwnDp {
                model: m,
                delta: -own,
            }))
            .expect("own DP to 0");
        }
        assert_eq!(g.dp_available(m), 0);
        let mut h = harness(app(g, Lang::En));
        h.run();
        let before = h.get_by_label("End activation  [E]").rect();
        let log_len = game(&h).actions().len();
        let moved = h.get_by_label("Move (1 DP)  [M]");
        // Shown, not hidden: disabled, with the reason on hover.
        assert!(moved.accesskit_node().is_disabled());
        moved.click();
        h.run();
        h.key_press(egui::Key::M);
        h.run();
        assert_eq!(game(&h).actions().len(), log_len, "nothing was sent");
        assert_eq!(h.get_by_label("End activation  [E]").rect(), before);
        assert!(h.state().game.message.is_none(), "no error line added");
    }

    #[test]
    fn the_six_click_flow_should_move_assault_and_roll_the_hit() {
        let mut g = new_game();
        step_to_acting(&mut g);
        let mut h = harness(app(g, Lang::En));
        h.run();
        let me = actor(&h);
        let mut clicks = 0;
        let mut click = |h: &mut Harness<'static, ImpiaApp>, label: &str| {
            h.get_by_label(label).click();
            h.run();
            clicks += 1;
        };
        click(&mut h, "Move (1 DP)  [M]");
        click(&mut h, "Assault (1 DP)  [A]");
        // R20: the Move just made is counted as consecutive, from the log.
        assert_eq!(
            h.state().game.form,
            crate::ui::game::Form::Melee {
                kind: crate::ui::game::MeleeKind::Assault,
                options: crate::core::game::FightOptions::default().with("consecutive_moves", 1),
            }
        );
        let offers = game(&h).offers();
        let target = offers
            .allowed()
            .filter(|o| {
                matches!(
                    o.action,
                    Action::Assault(act::Assault { brutal: false, .. })
                )
            })
            .find_map(|o| o.targets.first().map(|t| t.model))
            .expect("an enemy to assault");
        let name = game(&h).state().name(target);
        click(&mut h, &format!("🎲 {name}"));
        assert!(
            matches!(game(&h).now(), Now::Rolled),
            "{:?} {:?}",
            game(&h).now(),
            h.state().game.message
        );
        click(&mut h, "✔ Accept the roll  [Enter]");
        assert!(
            matches!(game(&h).now(), Now::ResolveHits { .. }),
            "{:?}",
            game(&h).now()
        );
        click(&mut h, "🎲 Roll  [Space]");
        click(&mut h, "✔ Accept the roll  [Enter]");
        assert_eq!(clicks, 6);
        let ids: Vec<&str> = game(&h).actions().iter().map(|a| a.id()).collect();
        let tail = &ids[ids.len() - 5..];
        assert_eq!(
            tail,
            ["move", "assault", "accept", "resolve_hit", "accept"],
            "{ids:?}"
        );
        assert!(!matches!(
            game(&h).now(),
            Now::Rolled | Now::ResolveHits { .. }
        ));
        // The assault engages the two (R21) unless one went Down: the card says so.
        let st = game(&h).state();
        if st.model(me).is_some_and(|m| m.engaged.contains(&target)) {
            assert!(h.query_by_label_contains("engaged with").is_some());
        }
    }

    #[test]
    fn game_buttons_should_be_at_least_32_px_high_and_acted_models_marked() {
        let mut g = new_game();
        step_to_acting(&mut g);
        let mut h = harness(app(g, Lang::Es));
        h.run();
        let r = h.get_by_label_contains("Mover (1 PD)").rect();
        assert!(r.height() >= 32.0, "{r:?}");
        let r = h.get_by_label("↶ Deshacer").rect();
        assert!(r.height() >= 32.0, "{r:?}");
        h.key_press(egui::Key::E);
        h.run();
        assert!(h.query_all_by_label("✔ En pie").count() >= 1);
    }

    #[test]
    fn every_action_button_should_stay_inside_the_centre() {
        let mut g = new_game();
        step_to_acting(&mut g);
        let mut h = harness(app(g, Lang::Es));
        h.run();
        let log = h.get_by_label("Registro").rect();
        for label in ["Terminar activación  [E]", "Mover (1 PD)  [M]"] {
            let r = h.get_by_label(label).rect();
            assert!(r.right() <= log.left(), "{label}: {r:?} vs log {log:?}");
        }
    }

    /// Issue 23: an action with no form of its own takes the generic path,
    /// at once when there is nothing to declare, else the generic form;
    /// the end of the activation keeps its own button.
    #[test]
    fn an_action_without_a_form_should_take_the_generic_path() {
        use super::{Click, describe_offer};
        use crate::core::game::ActionKind;
        use crate::ui::game::Form;
        let mut g = new_game();
        step_to_acting(&mut g);
        let offers = g.offers();
        let mv = offers.find("move").expect("a Move offered").clone();
        assert!(matches!(
            describe_offer(&mv),
            Some((Some(egui::Key::M), Click::Act(a))) if a == mv.draft
        ));
        // The same offer with something to declare opens the generic form.
        let mut declaring = mv.clone();
        declaring.declarations = offers
            .offers
            .iter()
            .flat_map(|o| o.declarations.clone())
            .take(1)
            .collect();
        assert_eq!(declaring.declarations.len(), 1, "an assault declares");
        assert!(matches!(
            describe_offer(&declaring),
            Some((_, Click::Open(Form::Offer { kind: ActionKind::Move, draft }))) if draft == mv.draft
        ));
        let end = offers.find("end_activation").expect("the end offered");
        assert!(describe_offer(end).is_none());
    }
}
