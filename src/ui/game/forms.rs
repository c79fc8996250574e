//! The declarations of the chosen action, under the actions bar: an
//! attack's options and its targets (each with its odds and its chance to
//! put Down, rolled with one click), loot, orders, rally. The
//! targets are the core's offer's targets: the view lists no model the
//! rules refuse.

mod offer;

use super::GameView;
use super::widgets::{self, big_button, choices_multi, toggle};
use crate::core::game::act;
use crate::core::game::draft::{declare, value};
use crate::core::game::{
    Action, ActionKind, DeclKind, Declaration, Declared, FightOptions, Figure, Game, GameError,
    HitOptions, ModelRef, Offer, Price, ShootOptions, Target,
};
use crate::core::glossary;
use crate::core::tables::{RuleSet, Stat};
use crate::core::text::Lang;

/// What the action panel is preparing.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Form {
    #[default]
    None,
    /// Assault, Brutal assault or Fight: the options, then a target rolls.
    Melee {
        kind: MeleeKind,
        options: FightOptions,
    },
    Shoot {
        options: ShootOptions,
    },
    Disengage,
    Loot,
    Order,
    Rally {
        models: Vec<ModelRef>,
    },
    Check {
        stat: Stat,
        modifier: i32,
        reason: String,
    },
    Hit {
        options: HitOptions,
        witnesses: Vec<ModelRef>,
    },
    /// The generic form of an offer with no form of its own: its
    /// declarations answered into its draft, and its targets.
    Offer {
        kind: ActionKind,
        draft: Action,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeleeKind {
    Assault,
    Brutal,
    Fight,
}

impl MeleeKind {
    /// The melee `action` is, if it is one.
    pub fn of(action: &Action) -> Option<MeleeKind> {
        if let Action::Assault(act::Assault { brutal, .. }) = action {
            return Some(if *brutal {
                MeleeKind::Brutal
            } else {
                MeleeKind::Assault
            });
        }
        (action.kind() == ActionKind::Fight).then_some(MeleeKind::Fight)
    }

    /// Does `offer` stand for this kind of melee?
    pub fn matches(self, action: &Action) -> bool {
        MeleeKind::of(action) == Some(self)
    }
}

/// The first offer whose action `pred` accepts.
pub fn find_offer(offers: &[Offer], pred: impl Fn(&Action) -> bool) -> Option<&Offer> {
    offers.iter().find(|o| pred(&o.action))
}

/// "Ramón is put Down: 62.5 %", when the core gives the chances (issue
/// 34: the core's figures, worded by it).
pub fn down_text(g: &Game, t: &Target, l: Lang) -> String {
    figures_text(&t.figures(g, l))
}

/// The figures of one priced draft, each in the core's words: the chance
/// to win the roll, to put the target Down, and the attacker's own risk of
/// going Down; all of exactly the roll its button makes.
pub fn price_text(g: &Game, draft: &Action, p: &Price, l: Lang) -> String {
    figures_text(&p.figures(g, draft, l))
}

/// Figures on one line, each "its sentence: its percent" (the number and
/// "%" never split over two rows: a narrow column wraps these lines).
pub fn figures_text(fs: &[Figure]) -> String {
    fs.iter()
        .map(|f| format!("{}: {}", f.text, f.percent.replace(' ', "\u{a0}")))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// One declaration of the core as a widget (a tick, a number, models, a
/// pick), answered into `action`. Returns whether the answer changed.
pub fn declaration_ui(
    ui: &mut egui::Ui,
    g: &Game,
    d: &Declaration,
    action: &mut Action,
    l: Lang,
) -> bool {
    let Some(now) = value(action, &d.key) else {
        return false;
    };
    let label = d.label.get(l);
    let new = match (&d.kind, now) {
        (DeclKind::Flag { .. }, Declared::Count(n)) => {
            let mut on = n > 0;
            ui.checkbox(&mut on, label)
                .changed()
                .then_some(Declared::Count(u32::from(on)))
        }
        (DeclKind::Count { max, .. }, Declared::Count(mut n)) => ui
            .horizontal(|ui| {
                let r = ui.add(egui::DragValue::new(&mut n).range(0..=*max));
                // Wrapped: a long option ran past the centre and widened
                // the whole form, cutting the targets' figures (issue 27).
                let lbl = ui.add(egui::Label::new(label).wrap());
                r.labelled_by(lbl.id).changed()
            })
            .inner
            .then_some(Declared::Count(n)),
        (DeclKind::Models { models }, Declared::Models(mut ms)) => {
            ui.label(format!("{label}:"));
            let before = ms.clone();
            choices_multi(ui, g, models, &mut ms);
            (ms != before).then_some(Declared::Models(ms))
        }
        (DeclKind::Pick { choices, many }, Declared::Picks(mut picked)) => {
            ui.horizontal_wrapped(|ui| {
                ui.label(format!("{label}:"));
                let mut changed = false;
                for c in choices {
                    let name = c.label.get(l);
                    if *many {
                        let mut on = picked.contains(&c.id);
                        if ui.checkbox(&mut on, name).changed() {
                            toggle(&mut picked, c.id.clone(), on);
                            changed = true;
                        }
                    } else if ui.radio(picked.first() == Some(&c.id), name).clicked() {
                        picked = vec![c.id.clone()];
                        changed = true;
                    }
                }
                changed.then_some(Declared::Picks(picked))
            })
            .inner
        }
        _ => None,
    };
    new.is_some_and(|v| declare(action, &d.key, &v))
}

/// One row per target: a roll button with the name, then the figures of
/// exactly the draft that button sends. Returns the target clicked.
fn target_rows(
    ui: &mut egui::Ui,
    g: &Game,
    rows: &[(ModelRef, Action, Result<Price, GameError>)],
    l: Lang,
) -> Option<Action> {
    let mut send = None;
    egui::Grid::new("targets")
        .num_columns(2)
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            for (model, action, price) in rows {
                let name = g.state().name(*model);
                if big_button(ui, &format!("🎲 {name}")).clicked() {
                    send = Some(action.clone());
                }
                let line = match price {
                    Ok(p) => price_text(g, action, p, l),
                    Err(e) => e.message(l),
                };
                ui.add(egui::Label::new(egui::RichText::new(line).size(16.0)).wrap());
                ui.end_row();
            }
        });
    send
}

/// The declarations of `offer` as widgets on its draft with the form's
/// answers in it (`merged`); the draft after the players' answers.
fn declarations_ui(ui: &mut egui::Ui, g: &Game, offer: &Offer, merged: Action, l: Lang) -> Action {
    let mut draft = merged;
    for d in &offer.declarations {
        declaration_ui(ui, g, d, &mut draft, l);
    }
    draft
}

/// Each target of `offer`, its draft with the form's answers and its price.
fn priced_targets(
    g: &Game,
    offer: &Offer,
    answers: impl Fn(&Action) -> Action,
) -> Vec<(ModelRef, Action, Result<Price, GameError>)> {
    offer
        .targets
        .iter()
        .map(|t| {
            let action = answers(&t.draft);
            let price = g.price(&action);
            (t.model, action, price)
        })
        .collect()
}

impl GameView {
    pub(super) fn form_ui(
        &mut self,
        ui: &mut egui::Ui,
        rules: &RuleSet,
        offers: &[Offer],
        actor: ModelRef,
        l: Lang,
    ) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let send = match &mut self.form {
            Form::None | Form::Hit { .. } => None,
            Form::Melee { kind, options } => {
                melee_form_ui(ui, g, rules, offers, actor, (*kind, options), l)
            }
            Form::Offer { kind, draft } => {
                offer::offer_form_ui(ui, g, offers, actor, *kind, draft, l)
            }
            Form::Shoot { options } => shoot_form_ui(ui, g, rules, offers, actor, options, l),
            // R25: one roll against each engaged opponent, priced as the
            // phones price it.
            Form::Disengage => {
                ui.strong(row_name(rules, "disengage", l));
                let draft = offers
                    .iter()
                    .find(|o| o.model == Some(actor) && matches!(o.action, Action::Disengage(_)))
                    .map_or_else(
                        || {
                            Action::Disengage(act::Disengage {
                                model: actor,
                                rolls: Vec::new(),
                            })
                        },
                        |o| o.draft.clone(),
                    );
                self.priced_roll(ui, draft, l);
                return;
            }
            Form::Loot => {
                ui.strong(row_name(rules, "loot", l));
                loot_buttons(ui, g, offers, l)
            }
            Form::Order => {
                ui.strong(row_name(rules, "leader_order", l));
                target_buttons(ui, g, offers, "leader_order")
            }
            Form::Rally { models } => rally_form_ui(ui, g, rules, offers, actor, models, l),
            Form::Check { .. } => {
                self.check_form_ui(ui, actor, l);
                return;
            }
        };
        if let Some(a) = send {
            self.act(a, l);
        }
    }
}

/// Assault, Brutal assault or Fight: the core's declarations answered into
/// the form's `options`, then a row per target with its odds; the one
/// clicked.
fn melee_form_ui(
    ui: &mut egui::Ui,
    g: &Game,
    rules: &RuleSet,
    offers: &[Offer],
    actor: ModelRef,
    (kind, options): (MeleeKind, &mut FightOptions),
    l: Lang,
) -> Option<Action> {
    let row = match kind {
        MeleeKind::Assault => "assault",
        MeleeKind::Brutal => "brutal_assault",
        MeleeKind::Fight => "fight",
    };
    if let Some(r) = rules.action(row) {
        ui.strong(r.name.get(l));
    }
    let offer = find_offer(offers, |a| kind.matches(a))?;
    // The core's declarations, answered into the form's options.
    let draft = declarations_ui(ui, g, offer, with_fight_options(&offer.draft, options), l);
    if let Some(o) = fight_options(&draft) {
        *options = o.clone();
    }
    let options = options.clone();
    if let Some(e) = &offer.why_not {
        widgets::error_label(ui, &e.message(l));
    }
    let rows = priced_targets(g, offer, |a| with_fight_options(a, &options));
    let mut send = target_rows(ui, g, &rows, l);
    // R26 (rules 3): before the Assault is rolled, the enemies
    // that may shoot defensively; each is rolled at once.
    if kind != MeleeKind::Fight {
        send = send.or(defensive_shots(ui, g, rules, offers, actor, l));
    }
    send
}

/// R32: the Leader's rally, the models it rallies picked from the core's
/// choices; the action when sent.
fn rally_form_ui(
    ui: &mut egui::Ui,
    g: &Game,
    rules: &RuleSet,
    offers: &[Offer],
    actor: ModelRef,
    models: &mut Vec<ModelRef>,
    l: Lang,
) -> Option<Action> {
    // The question and its distance are the table row's.
    if let Some(ask) = rules
        .action("leader_rally")
        .and_then(|r| r.effect.ask.as_ref())
    {
        ui.label(format!("{}:", ask.get(l)));
    }
    let choices = offers
        .iter()
        .find(|o| o.id == "leader_rally")
        .map(|o| o.choices.clone())
        .unwrap_or_default();
    choices_multi(ui, g, &choices, models);
    big_button(ui, l.pick("Reagrupar", "Rally"))
        .clicked()
        .then(|| {
            Action::LeaderRally(act::LeaderRally {
                leader: actor,
                models: models.clone(),
            })
        })
}

/// An action's name from `tables/actions.yaml` (its id if the row is gone).
pub fn row_name<'a>(rules: &'a RuleSet, id: &'a str, l: Lang) -> &'a str {
    rules.action(id).map_or(id, |r| r.name.get(l))
}

/// The targets of the offer `id` as buttons; the one clicked.
fn target_buttons(ui: &mut egui::Ui, g: &Game, offers: &[Offer], id: &str) -> Option<Action> {
    let mut send = None;
    ui.horizontal_wrapped(|ui| {
        for o in offers.iter().filter(|o| o.id == id) {
            for t in &o.targets {
                if big_button(ui, &g.state().name(t.model)).clicked() {
                    send = Some(t.action.clone());
                }
            }
        }
    });
    send
}

/// One row per body the core offers: a button per item its declarations
/// list, and the Loot with nothing named.
fn loot_buttons(ui: &mut egui::Ui, g: &Game, offers: &[Offer], l: Lang) -> Option<Action> {
    let mut send = None;
    for t in offers
        .iter()
        .filter(|o| o.id == "loot")
        .flat_map(|o| &o.targets)
    {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("{}:", g.state().name(t.model)));
            for d in &t.declarations {
                let DeclKind::Pick { choices, .. } = &d.kind else {
                    continue;
                };
                for c in choices {
                    let mut a = t.draft.clone();
                    if big_button(ui, c.label.get(l)).clicked()
                        && declare(&mut a, &d.key, &Declared::Picks(vec![c.id.clone()]))
                    {
                        send = Some(a);
                    }
                }
            }
            if ui.button(l.pick("otra cosa", "something else")).clicked() {
                send = Some(t.draft.clone());
            }
        });
    }
    send
}

/// The options of a melee action (an Assault or a Fight).
pub(super) fn fight_options(action: &Action) -> Option<&FightOptions> {
    if let Action::Assault(act::Assault { options, .. })
    | Action::Fight(act::Fight { options, .. }) = action
    {
        Some(options)
    } else {
        None
    }
}

fn with_fight_options(action: &Action, chosen: &FightOptions) -> Action {
    let mut a = action.clone();
    if let Action::Assault(act::Assault { options, .. })
    | Action::Fight(act::Fight { options, .. }) = &mut a
    {
        *options = chosen.clone();
    }
    a
}

fn with_shoot_options(action: &Action, chosen: &ShootOptions) -> Action {
    let mut a = action.clone();
    if let Action::Shoot(act::Shoot { options, .. }) = &mut a {
        *options = chosen.clone();
    }
    a
}

/// R26 (rules 3): the defensive shots the core offers at `actor`.
fn defensive_shots(
    ui: &mut egui::Ui,
    g: &Game,
    rules: &RuleSet,
    offers: &[Offer],
    actor: ModelRef,
    l: Lang,
) -> Option<Action> {
    let reactions: Vec<&Offer> = offers
        .iter()
        .filter(|o| o.id == "shoot" && o.model.is_some_and(|m| m.side != actor.side))
        .collect();
    if reactions.is_empty() {
        return None;
    }
    let mut send = None;
    let what = crate::core::game::draft::option_label(rules, "shoot", "defensive_shot")
        .map(|t| t.get(l).to_string())
        .unwrap_or_default();
    ui.label(format!(
        "{} {what}:",
        l.pick("Antes de tirar el Asalto:", "Before the Assault is rolled:")
    ));
    ui.horizontal_wrapped(|ui| {
        for o in reactions {
            let who = o.model.map(|m| g.state().name(m)).unwrap_or_default();
            let text = format!("{who} ({} {})", o.dp, glossary::DP.get(l));
            if widgets::offer_button(ui, o, &text, None, l) {
                send = Some(o.action.clone());
            }
        }
    });
    send
}

/// A shot: its declarations as the core offers them (the range band, the
/// aimed shot with its DP among them), and each target with the figures of
/// exactly the shot its button sends.
fn shoot_form_ui(
    ui: &mut egui::Ui,
    g: &Game,
    rules: &RuleSet,
    offers: &[Offer],
    actor: ModelRef,
    options: &mut ShootOptions,
    l: Lang,
) -> Option<Action> {
    ui.strong(row_name(rules, "shoot", l));
    // The actor's own shot (the enemies' defensive shots are offers too).
    let offer = offers
        .iter()
        .find(|o| o.model == Some(actor) && matches!(o.action, Action::Shoot(_)))?;
    let draft = declarations_ui(ui, g, offer, with_shoot_options(&offer.draft, options), l);
    if let Action::Shoot(act::Shoot { options: o, .. }) = &draft {
        *options = o.clone();
    }
    if let Some(e) = &offer.why_not {
        widgets::error_label(ui, &e.message(l));
    }
    let options = options.clone();
    let rows = priced_targets(g, offer, |a| with_shoot_options(a, &options));
    target_rows(ui, g, &rows, l)
}
