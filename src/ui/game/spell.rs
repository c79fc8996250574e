//! The declarations of a spell (R38), a plain attribute check (R01) and a
//! fall (R18): each shows its check with sources and exact odds, and rolls.

use super::GameView;
use super::forms::{Form, down_text, find_offer};
use super::widgets::{big_button, models_multi, toggle};
use crate::core::game::act;
use crate::core::game::{Action, Game, ModelRef, Offer, SpellChoice};
use crate::core::glossary;
use crate::core::roster::SpellHit;
use crate::core::tables::{RuleSet, Stat};
use crate::core::text::Lang;

impl GameView {
    pub(super) fn more_form_ui(
        &mut self,
        ui: &mut egui::Ui,
        rules: &RuleSet,
        actor: ModelRef,
        offers: &[Offer],
        l: Lang,
    ) {
        match self.form {
            Form::Spell { .. } => self.spell_form_ui(ui, rules, actor, offers, l),
            Form::Check { .. } => self.check_form_ui(ui, actor, l),
            Form::Fall { .. } => self.fall_form_ui(ui, rules, actor, l),
            _ => {}
        }
    }

    /// R38: which spell, its words, the models its hit may hit, the models
    /// within 15 cm, and the backlash roll's odds before casting.
    fn spell_form_ui(
        &mut self,
        ui: &mut egui::Ui,
        rules: &RuleSet,
        actor: ModelRef,
        offers: &[Offer],
        l: Lang,
    ) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let Form::Spell {
            choice,
            within_15cm,
            targets,
        } = &mut self.form
        else {
            return;
        };
        ui.strong(super::forms::row_name(rules, "cast_spell", l));
        spell_choice_ui(ui, g, actor, choice, targets, l);
        known_spell_ui(ui, g, actor, choice, l);
        // R38 (rules 3): the models its hit may hit, each with its
        // chance to go Down (the core's offer).
        let hit_targets = find_offer(
            offers,
            |a| matches!(a, Action::CastSpell(act::CastSpell { spell, .. }) if spell == choice),
        )
        .map(|o| o.targets.clone())
        .unwrap_or_default();
        if !hit_targets.is_empty() {
            ui.label(l.pick(
                "Miniaturas que impacta el hechizo:",
                "Models the spell hits:",
            ));
            for t in &hit_targets {
                let mut on = targets.contains(&t.model);
                let text = format!("{} ({})", g.state().name(t.model), down_text(g, t, l));
                if ui.checkbox(&mut on, text).changed() {
                    toggle(targets, t.model, on);
                }
            }
        }
        custom_spell_ui(ui, g, actor, choice, targets, l);
        ui.label(l.pick(
            "Miniaturas a 15 cm (no Hechiceros: ganan 1 Pavor):",
            "Models within 15 cm (not sorcerers: gain 1 fear):",
        ));
        models_multi(ui, g, within_15cm, |m, ms| {
            m != actor && ms.status.in_play() && !ms.is_sorcerer()
        });
        if let Some(modifier) = g.backlash_modifier(actor, choice) {
            backlash_odds_ui(ui, rules, modifier, l);
            if big_button(
                ui,
                &format!("🎲 {}", l.pick("Lanzar y tirar", "Cast and roll")),
            )
            .clicked()
            {
                let action = Action::CastSpell(act::CastSpell {
                    caster: actor,
                    spell: choice.clone(),
                    target: None,
                    within_15cm: within_15cm.clone(),
                    backlash: Vec::new(),
                    within_30cm: Vec::new(),
                    targets: targets.clone(),
                });
                self.act(action, l);
            }
        }
    }

    /// R01: a plain attribute check, with its modifier and reason.
    fn check_form_ui(&mut self, ui: &mut egui::Ui, actor: ModelRef, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let Form::Check {
            stat,
            modifier,
            reason,
        } = &mut self.form
        else {
            return;
        };
        ui.strong(l.pick("Tirada de Atributo", "Attribute check"));
        ui.horizontal(|ui| {
            for s in Stat::ALL {
                ui.selectable_value(stat, s, s.name(l));
            }
        });
        ui.horizontal(|ui| {
            let lbl = ui.label(l.pick("Modificador", "Modifier"));
            ui.add(egui::DragValue::new(modifier).range(-10..=10))
                .labelled_by(lbl.id);
            let lbl = ui.label(l.pick("Motivo", "Reason"));
            ui.text_edit_singleline(reason).labelled_by(lbl.id);
        });
        let (stat, modifier, reason) = (*stat, *modifier, reason.clone());
        let check = g.attribute_check(actor, stat, modifier);
        self.offer_check(
            ui,
            check,
            Action::Check(act::Check {
                model: actor,
                stat,
                modifier,
                reason,
                options: Default::default(),
                roll: None,
            }),
            l,
        );
    }

    /// R18: a fall, its height and the friends who see it.
    fn fall_form_ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, actor: ModelRef, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let Form::Fall {
            height_cm,
            witnesses,
        } = &mut self.form
        else {
            return;
        };
        ui.strong(rules.fall.name.get(l));
        ui.horizontal(|ui| {
            let lbl = ui.label(l.pick("Altura (cm)", "Height (cm)"));
            ui.add(
                egui::DragValue::new(height_cm)
                    .range(0.0..=100.0)
                    .speed(0.5),
            )
            .labelled_by(lbl.id);
        });
        ui.label(l.pick(
            "Aliadas a 15 cm (ganan Pavor si cae Abatida):",
            "Friends within 15 cm (gain fear if it goes Down):",
        ));
        models_multi(ui, g, witnesses, |m, ms| {
            m.side == actor.side && m != actor && ms.status.in_play()
        });
        let (h, w) = (*height_cm, witnesses.clone());
        match g.fall_check(actor, h) {
            Ok(Some(check)) => {
                let check = Ok(check);
                self.offer_opposed(
                    ui,
                    check,
                    Action::Fall(act::Fall {
                        model: actor,
                        height_cm: h,
                        roll: None,
                        witnesses: w,
                    }),
                    l,
                );
            }
            Ok(None) => {
                if ui
                    .button(l.pick("Cae sin daño (queda Tumbada)", "Falls unharmed (Prone)"))
                    .clicked()
                {
                    self.apply(
                        Action::Fall(act::Fall {
                            model: actor,
                            height_cm: h,
                            roll: None,
                            witnesses: w,
                        }),
                        l,
                    );
                }
            }
            Err(e) => super::widgets::error_label(ui, &e.message(l)),
        }
    }
}

/// The caster's known spells, then "Level N, cost X" for one it does not
/// know; a new choice clears the targets.
fn spell_choice_ui(
    ui: &mut egui::Ui,
    g: &Game,
    actor: ModelRef,
    choice: &mut SpellChoice,
    targets: &mut Vec<ModelRef>,
    l: Lang,
) {
    let Some(spells) = g.state().model(actor).map(|m| m.spells.clone()) else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        for (i, s) in spells.iter().enumerate() {
            let on = *choice == SpellChoice::Known { index: i };
            if ui
                .selectable_label(
                    on,
                    format!(
                        "{} ({} {}, {} {})",
                        s.name,
                        l.pick("nivel", "level"),
                        s.level,
                        s.cost,
                        l.pick("PD", "DP")
                    ),
                )
                .clicked()
            {
                *choice = SpellChoice::Known { index: i };
                targets.clear();
            }
        }
        let custom = matches!(choice, SpellChoice::Custom { .. });
        if ui
            .selectable_label(custom, l.pick("Nivel N, coste X", "Level N, cost X"))
            .clicked()
            && !custom
        {
            *choice = SpellChoice::Custom {
                name: String::new(),
                level: 1,
                cost: 1,
                hit: None,
            };
            targets.clear();
        }
    });
}

/// R38: the known spell's own words and hit, while casting.
fn known_spell_ui(ui: &mut egui::Ui, g: &Game, actor: ModelRef, choice: &SpellChoice, l: Lang) {
    if let SpellChoice::Known { index } = choice
        && let Some(s) = g
            .state()
            .model(actor)
            .and_then(|m| m.spells.get(*index).cloned())
    {
        if !s.text.is_empty() {
            ui.label(egui::RichText::new(&s.text).italics());
        }
        if let Some(h) = s.hit {
            ui.label(format!(
                "{}: {} {}, {} {}",
                l.pick("Impacto", "Hit"),
                Stat::Strength.name(l),
                h.strength,
                glossary::PENETRATION.get(l),
                h.penetration
            ));
        }
    }
}

/// A spell the caster does not know: its level and cost, and (rules 3,
/// R38) the hit it may declare with the models it hits.
fn custom_spell_ui(
    ui: &mut egui::Ui,
    g: &Game,
    actor: ModelRef,
    choice: &mut SpellChoice,
    targets: &mut Vec<ModelRef>,
    l: Lang,
) {
    let SpellChoice::Custom {
        level, cost, hit, ..
    } = choice
    else {
        return;
    };
    ui.horizontal(|ui| {
        let lbl = ui.label(l.pick("Nivel", "Level"));
        ui.add(egui::DragValue::new(level).range(1..=10))
            .labelled_by(lbl.id);
        let lbl = ui.label(l.pick("Coste (PD)", "Cost (DP)"));
        ui.add(egui::DragValue::new(cost).range(0..=10))
            .labelled_by(lbl.id);
    });
    // R38 (rules 3): a custom spell may declare a hit too.
    if g.setup().all_rules() {
        let mut on = hit.is_some();
        if ui
            .checkbox(&mut on, l.pick("Declara un impacto", "Declares a hit"))
            .changed()
        {
            *hit = on.then_some(SpellHit {
                strength: 3,
                penetration: 0,
            });
            targets.clear();
        }
        if let Some(h) = hit {
            ui.horizontal(|ui| {
                let lbl = ui.label(Stat::Strength.name(l));
                ui.add(egui::DragValue::new(&mut h.strength).range(0..=20))
                    .labelled_by(lbl.id);
                let lbl = ui.label(glossary::PENETRATION.get(l));
                ui.add(egui::DragValue::new(&mut h.penetration).range(0..=10))
                    .labelled_by(lbl.id);
            });
            ui.label(l.pick(
                "Miniaturas que impacta el hechizo:",
                "Models the spell hits:",
            ));
            models_multi(ui, g, targets, |m, ms| m != actor && ms.status.in_play());
        }
    }
}

/// R38: the backlash roll, 1d10 with its modifier, and each row's chance.
fn backlash_odds_ui(ui: &mut egui::Ui, rules: &RuleSet, modifier: i32, l: Lang) {
    ui.label(format!(
        "{}: 1d10 {:+}",
        l.pick("Tirada tras lanzar", "Backlash roll"),
        modifier
    ));
    if let Some(t) = rules.roll_table("spell_backlash")
        && let Ok(odds) = t.row_odds(modifier)
    {
        for (row, o) in t.rows.iter().zip(odds) {
            ui.label(format!(
                "{:>6}  {}  {}",
                row.range,
                o.percent(l),
                row.text.get(l)
            ));
        }
    }
}
