//! The declarations of the chosen action, under the actions bar: an
//! attack's options and its targets (each with its odds and its chance to
//! put Down, rolled with one click), loot, orders, rally, breath. The
//! targets are the core's offer's targets: the view lists no model the
//! rules refuse.

use super::GameView;
use super::widgets::{self, big_button, choices_multi, models_multi, options_ui};
use crate::core::game::action::{by_hand, roll_life, turn_steps, unrolled_acts};
use crate::core::game::{
    Action, FightOptions, Game, HitOptions, ModelRef, Offer, RangeBand, ShootOptions, SpellChoice,
    Target,
};
use crate::core::odds::Odds;
use crate::core::tables::{Keyword, RuleSet, Stat};
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
    Breath {
        targets: Vec<ModelRef>,
    },
    Spell {
        choice: SpellChoice,
        within_15cm: Vec<ModelRef>,
        /// R38 (rules 3): the models a spell's hit hits.
        targets: Vec<ModelRef>,
    },
    Check {
        stat: Stat,
        modifier: i32,
        reason: String,
    },
    Fall {
        height_cm: f64,
        witnesses: Vec<ModelRef>,
    },
    Hit {
        options: HitOptions,
        witnesses: Vec<ModelRef>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeleeKind {
    Assault,
    Brutal,
    Fight,
}

impl MeleeKind {
    /// Does `offer` stand for this kind of melee?
    pub fn matches(self, action: &Action) -> bool {
        match action {
            Action::Fight { .. } => self == MeleeKind::Fight,
            Action::Assault { brutal: true, .. } => self == MeleeKind::Brutal,
            Action::Assault { brutal: false, .. } => self == MeleeKind::Assault,
            turn_steps!()
            | unrolled_acts!()
            | roll_life!()
            | by_hand!()
            | Action::Disengage { .. }
            | Action::Shoot { .. }
            | Action::ResolveHit { .. }
            | Action::Fall { .. }
            | Action::Check { .. }
            | Action::CastSpell { .. }
            | Action::Note { .. } => false,
        }
    }
}

/// The first offer whose action `pred` accepts.
pub fn find_offer(offers: &[Offer], pred: impl Fn(&Action) -> bool) -> Option<&Offer> {
    offers.iter().find(|o| pred(&o.action))
}

/// "62 % to put Down · 9 % to go Down", when the core gives the chances.
pub fn down_text(t: &Target, l: Lang) -> String {
    let mut parts = Vec::new();
    if let Some(p) = t.p_down {
        parts.push(format!(
            "{} {}",
            Odds(p).percent(),
            l.pick("de dejarla Abatida", "to put Down")
        ));
    }
    if let Some(p) = t.p_attacker_down {
        parts.push(format!(
            "{} {}",
            Odds(p).percent(),
            l.pick("de caer Abatida", "to go Down")
        ));
    }
    parts.join(" · ")
}

/// R20: Moves made just before in this activation, read from the log, as
/// the consecutive-move bonus's count (the players lower it without line
/// of sight).
pub fn trailing_moves(g: &Game, actor: ModelRef) -> u32 {
    let n = g
        .actions()
        .iter()
        .rev()
        .take_while(|a| matches!(a, Action::Move { model } if *model == actor))
        .count();
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// One row per target: a roll button with the name, then the odds.
/// Returns the target clicked.
fn target_rows(
    ui: &mut egui::Ui,
    g: &Game,
    targets: &[Target],
    odds: impl Fn(&Target) -> String,
    l: Lang,
) -> Option<Action> {
    let mut send = None;
    egui::Grid::new("targets")
        .num_columns(2)
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            for t in targets {
                let name = g.state().name(t.model);
                if big_button(ui, &format!("🎲 {name}")).clicked() {
                    send = Some(t.action.clone());
                }
                let mut line = odds(t);
                let down = down_text(t, l);
                if !down.is_empty() {
                    line = format!("{line} · {down}");
                }
                ui.label(egui::RichText::new(line).size(16.0));
                ui.end_row();
            }
        });
    send
}

impl GameView {
    // issue 22: split by what it does (left for want of time)
    #[allow(clippy::too_many_lines)]
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
        let mut send: Option<Action> = None;
        match &mut self.form {
            Form::None | Form::Hit { .. } => {}
            Form::Melee { kind, options } => {
                let kind = *kind;
                ui.strong(match kind {
                    MeleeKind::Assault => l.pick("Asaltar (R20)", "Assault (R20)"),
                    MeleeKind::Brutal => l.pick("Asalto brutal (R22)", "Brutal assault (R22)"),
                    MeleeKind::Fight => l.pick("Combatir (R23)", "Fight (R23)"),
                });
                let id = if kind == MeleeKind::Fight {
                    "fight"
                } else {
                    "assault"
                };
                options_ui(ui, rules, id, &mut options.options, l, |_| true);
                // R42: imposing models of either side near the fight.
                imposing_ui(ui, g, &mut options.imposing, |m| m != actor, l);
                let options = options.clone();
                let Some(offer) = find_offer(offers, |a| kind.matches(a)) else {
                    return;
                };
                if let Some(e) = &offer.why_not {
                    widgets::error_label(ui, &e.message(l));
                }
                // The options chosen above go into each target's action.
                let targets: Vec<Target> = offer
                    .targets
                    .iter()
                    .map(|t| {
                        // The chances follow the options chosen here.
                        let action = with_fight_options(&t.action, &options);
                        let c = g.chances(&action);
                        Target {
                            p_down: c.map(|c| c.down),
                            p_attacker_down: c.and_then(|c| c.attacker_down),
                            action,
                            ..t.clone()
                        }
                    })
                    .collect();
                send = target_rows(
                    ui,
                    g,
                    &targets,
                    |t| {
                        let check = match kind {
                            MeleeKind::Fight => g.fight_check(actor, t.model, &options),
                            _ => {
                                g.assault_check(actor, t.model, kind == MeleeKind::Brutal, &options)
                            }
                        };
                        check.map_or_else(
                            |e| e.message(l),
                            |c| {
                                format!(
                                    "{} {}",
                                    c.odds().active_wins.percent(),
                                    l.pick("de ganar", "to win")
                                )
                            },
                        )
                    },
                    l,
                );
                // R26 (rules 3): before the Assault is rolled, the enemies
                // that may shoot defensively; each is rolled at once.
                if kind != MeleeKind::Fight {
                    send = send.or(defensive_shots(ui, g, offers, actor, l));
                }
            }
            Form::Shoot { options } => {
                shoot_options_ui(ui, rules, options, l);
                imposing_ui(ui, g, &mut options.imposing, |m| m.side != actor.side, l);
                let options = options.clone();
                let Some(offer) = find_offer(
                    offers,
                    |a| matches!(a, Action::Shoot { options: o, .. } if o.aimed == options.aimed),
                ) else {
                    return;
                };
                if let Some(e) = &offer.why_not {
                    widgets::error_label(ui, &e.message(l));
                }
                let targets: Vec<Target> = offer
                    .targets
                    .iter()
                    .map(|t| {
                        // The chances follow the options chosen here.
                        let action = with_shoot_options(&t.action, &options);
                        let c = g.chances(&action);
                        Target {
                            p_down: c.map(|c| c.down),
                            p_attacker_down: c.and_then(|c| c.attacker_down),
                            action,
                            ..t.clone()
                        }
                    })
                    .collect();
                send = target_rows(
                    ui,
                    g,
                    &targets,
                    |t| {
                        g.shoot_check(actor, t.model, &options).map_or_else(
                            |e| e.message(l),
                            |c| {
                                format!("{} {}", c.odds().percent(), l.pick("de acertar", "to hit"))
                            },
                        )
                    },
                    l,
                );
            }
            Form::Disengage => {
                ui.strong(l.pick("Separarse del combate (R25)", "Disengage (R25)"));
                match g.disengage_checks(actor) {
                    Ok(checks) => {
                        for c in &checks {
                            widgets::sources_ui(ui, &c.sources, l);
                            let o = c.odds();
                            widgets::odds_line(ui, l.pick("Gana", "Wins"), o.active_wins);
                        }
                        if big_button(ui, &format!("🎲 {}  [Space]", l.pick("Tirar", "Roll")))
                            .clicked()
                            || widgets::key(ui, egui::Key::Space)
                        {
                            send = Some(Action::Disengage {
                                model: actor,
                                rolls: Vec::new(),
                            });
                        }
                    }
                    Err(e) => widgets::error_label(ui, &e.message(l)),
                }
            }
            Form::Loot => {
                ui.strong(l.pick(
                    "Rapiñar: ¿qué, y de quién? (R19)",
                    "Loot: what, from whom? (R19)",
                ));
                send = loot_buttons(ui, g, offers, l);
            }
            Form::Order => {
                ui.strong(l.pick(
                    "Dar órdenes: ¿a qué aliada a 15 cm? (R32)",
                    "Leader's order: which friend within 15 cm? (R32)",
                ));
                send = target_buttons(ui, g, offers, "leader_order");
            }
            Form::Rally { models } => {
                ui.label(l.pick(
                    "Aliadas a 10 cm (pierden 1 Pavor):",
                    "Friends within 10 cm (lose 1 fear):",
                ));
                let choices = offers
                    .iter()
                    .find(|o| o.id == "leader_rally")
                    .map(|o| o.choices.clone())
                    .unwrap_or_default();
                choices_multi(ui, g, &choices, models);
                if big_button(ui, l.pick("Reagrupar", "Rally")).clicked() {
                    send = Some(Action::LeaderRally {
                        leader: actor,
                        models: models.clone(),
                    });
                }
            }
            Form::Breath { targets } => {
                ui.label(l.pick(
                    "Miniaturas bajo la plantilla:",
                    "Models under the template:",
                ));
                models_multi(ui, g, targets, |m, ms| m != actor && ms.status.in_play());
                if big_button(ui, l.pick("Aliento", "Breath")).clicked() {
                    send = Some(Action::Breath {
                        model: actor,
                        targets: targets.clone(),
                    });
                }
            }
            Form::Spell { .. } | Form::Check { .. } | Form::Fall { .. } => {
                return self.more_form_ui(ui, rules, actor, offers, l);
            }
        }
        if let Some(a) = send {
            self.act(a, l);
        }
    }
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

/// R19: one row per body the core offers, a button per item it carries (a
/// weapon, a mystic herb); in older games, the body alone.
fn loot_buttons(ui: &mut egui::Ui, g: &Game, offers: &[Offer], l: Lang) -> Option<Action> {
    let mut send = None;
    for t in offers
        .iter()
        .filter(|o| o.id == "loot")
        .flat_map(|o| &o.targets)
    {
        let Some(body) = g.state().model(t.model) else {
            continue;
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("{}:", body.name));
            let mut items: Vec<(String, String)> = Vec::new();
            if g.setup().all_rules() {
                let p = &body.profile;
                items.extend(
                    p.melee
                        .iter()
                        .filter(|w| w.carried)
                        .map(|w| (w.id.clone(), w.name.get(l).to_string())),
                );
                items.extend(
                    p.ranged
                        .iter()
                        .map(|w| (w.id.clone(), w.name.get(l).to_string())),
                );
                if body.herbs > 0 {
                    let name = l.pick("Hierba mística", "Mystic herb").to_string();
                    items.push(("mystic_herbs".into(), name));
                }
            }
            for (id, name) in items {
                if big_button(ui, &name).clicked()
                    && let Action::Loot { model, body, .. } = &t.action
                {
                    send = Some(Action::Loot {
                        model: *model,
                        body: *body,
                        item: id,
                    });
                }
            }
            if ui.button(l.pick("otra cosa", "something else")).clicked() {
                send = Some(t.action.clone());
            }
        });
    }
    send
}

fn with_fight_options(action: &Action, chosen: &FightOptions) -> Action {
    let mut a = action.clone();
    if let Action::Assault { options, .. } | Action::Fight { options, .. } = &mut a {
        *options = chosen.clone();
    }
    a
}

fn with_shoot_options(action: &Action, chosen: &ShootOptions) -> Action {
    let mut a = action.clone();
    if let Action::Shoot { options, .. } = &mut a {
        *options = chosen.clone();
    }
    a
}

/// R26 (rules 3): the defensive shots the core offers at `actor`.
fn defensive_shots(
    ui: &mut egui::Ui,
    g: &Game,
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
    ui.label(l.pick(
        "Antes de tirar el Asalto, disparo defensivo del rival (1 complicación, R26):",
        "Before the Assault is rolled, the enemy's defensive shot (1 complication, R26):",
    ));
    ui.horizontal_wrapped(|ui| {
        for o in reactions {
            let who = o.model.map(|m| g.state().name(m)).unwrap_or_default();
            let text = format!("{who} ({} {})", o.dp, l.pick("PD", "DP"));
            if widgets::offer_button(ui, o, &text, None, l) {
                send = Some(o.action.clone());
            }
        }
    });
    send
}

/// R42 (rules 3): the models with Imposing presence the players say are
/// within 10 cm of a model that rolls; only models that have it are listed
/// (the core checks the rest: an opponent in contact counts by itself; a
/// shot's target only when declared, rules 4).
fn imposing_ui(
    ui: &mut egui::Ui,
    g: &Game,
    value: &mut Vec<ModelRef>,
    keep: impl Fn(ModelRef) -> bool,
    l: Lang,
) {
    let any = g
        .state()
        .models()
        .any(|(m, ms)| keep(m) && ms.status.in_play() && ms.has(Keyword::ImposingPresence));
    if !g.setup().all_rules() || !any {
        return;
    }
    ui.label(l.pick(
        "Presencia imponente a 10 cm (1 complicación, R42):",
        "Imposing presence within 10 cm (1 complication, R42):",
    ));
    models_multi(ui, g, value, |m, ms| {
        keep(m) && ms.status.in_play() && ms.has(Keyword::ImposingPresence)
    });
}

fn shoot_options_ui(ui: &mut egui::Ui, rules: &RuleSet, options: &mut ShootOptions, l: Lang) {
    ui.strong(if options.aimed {
        l.pick("Disparo apuntando (R26)", "Aimed shot (R26)")
    } else {
        l.pick("Disparar (R26)", "Shoot (R26)")
    });
    ui.horizontal(|ui| {
        ui.label(l.pick("Distancia:", "Range:"));
        ui.radio_value(
            &mut options.band,
            RangeBand::Short,
            l.pick("corta (+1)", "short (+1)"),
        );
        ui.radio_value(
            &mut options.band,
            RangeBand::Medium,
            l.pick("media", "medium"),
        );
        ui.radio_value(
            &mut options.band,
            RangeBand::Long,
            l.pick("larga (−1)", "long (−1)"),
        );
    });
    ui.checkbox(
        &mut options.aimed,
        l.pick("Apuntando: +1 PD, 1 ventaja", "Aimed: +1 DP, 1 advantage"),
    );
    // The range band is chosen above, not as an option.
    options_ui(ui, rules, "shoot", &mut options.options, l, |id| {
        !id.ends_with("_range")
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::Side;
    use num_rational::Ratio;

    fn target(p_down: Option<(u64, u64)>, p_attacker_down: Option<(u64, u64)>) -> Target {
        let m = ModelRef::new(Side::B, 0);
        Target {
            model: m,
            action: Action::Move { model: m },
            p_down: p_down.map(|(a, b)| Ratio::new(a, b)),
            p_attacker_down: p_attacker_down.map(|(a, b)| Ratio::new(a, b)),
        }
    }

    #[test]
    fn the_chance_to_put_down_should_be_shown_when_the_core_gives_it() {
        assert_eq!(down_text(&target(None, None), Lang::En), "");
        assert_eq!(
            down_text(&target(Some((5, 8)), None), Lang::En),
            "62.5 % to put Down"
        );
        assert_eq!(
            down_text(&target(Some((1, 2)), Some((1, 10))), Lang::Es),
            "50.0 % de dejarla Abatida · 10.0 % de caer Abatida"
        );
    }
}
