//! The Dice view: attribute and opposed checks with their exact odds and the
//! distribution of the totals before the roll, every die of the roll after
//! it, a history, an optional seed, and rolls on the die-range tables.

use egui_plot::{Bar, BarChart, Legend, Plot};

use crate::core::dice::{CheckSpec, OpposedOutcome, OpposedSpec, Roller, roll_check, roll_opposed};
use crate::core::glossary;
use crate::core::odds::{self, Dist, Odds};
use crate::core::roster::{self, Roster};
use crate::core::tables::{RuleSet, Stat};
use crate::core::text::Lang;

use super::style;
use super::widgets::stat_names;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DiceMode {
    #[default]
    Check,
    Opposed,
    Table,
}

/// One side's inputs.
#[derive(Clone, Debug)]
pub struct SideInput {
    pub value: i32,
    pub modifier: i32,
    pub advantages: u32,
    pub complications: u32,
    /// The model and stat the value was filled from, if any.
    pub model: Option<usize>,
    pub stat: Stat,
}

impl Default for SideInput {
    fn default() -> Self {
        SideInput {
            value: 5,
            modifier: 0,
            advantages: 0,
            complications: 0,
            model: None,
            stat: Stat::Combat,
        }
    }
}

impl SideInput {
    pub fn spec(&self) -> CheckSpec {
        CheckSpec::new(self.value)
            .with_modifier(self.modifier)
            .with_edge(self.advantages, self.complications)
    }
}

pub struct DiceView {
    pub mode: DiceMode,
    pub active: SideInput,
    pub passive: SideInput,
    pub combat: bool,
    /// Text of the seed field; empty means a random seed.
    pub seed_text: String,
    seed_in_use: Option<u64>,
    roller: Roller,
    /// Past rolls, newest first.
    pub history: Vec<String>,
    /// The last roll, shown large.
    pub last: Option<String>,
    pub table_id: String,
    pub table_modifier: i32,
}

impl Default for DiceView {
    fn default() -> Self {
        DiceView {
            mode: DiceMode::Check,
            active: SideInput::default(),
            passive: SideInput {
                value: 4,
                ..Default::default()
            },
            combat: false,
            seed_text: String::new(),
            seed_in_use: None,
            roller: Roller::from_entropy(),
            history: Vec::new(),
            last: None,
            table_id: "dark_forces".into(),
            table_modifier: 0,
        }
    }
}

/// A seed field that holds no seed rolls at random: say so beside it
/// rather than let the player believe the rolls can be repeated.
pub(crate) fn seed_problem(ui: &mut egui::Ui, seed_text: &str, l: Lang) {
    let t = seed_text.trim();
    if !t.is_empty() && t.parse::<u64>().is_err() {
        ui.colored_label(
            ui.visuals().error_fg_color,
            l.pick(
                "⚠ no es una semilla (un número entero de 0 en adelante): tiradas al azar",
                "⚠ not a seed (a whole number from 0): rolls are random",
            ),
        );
    }
}

impl DiceView {
    /// Keep the roller in step with the seed field: a new seed restarts the
    /// sequence, so the first roll matches `impia roll … --seed S`.
    fn sync_seed(&mut self) {
        let wanted = self.seed_text.trim().parse::<u64>().ok();
        if wanted != self.seed_in_use {
            self.roller = match wanted {
                Some(s) => Roller::seeded(s),
                None => Roller::from_entropy(),
            };
            self.seed_in_use = wanted;
        }
    }

    fn push(&mut self, text: String) {
        self.history.insert(0, text.clone());
        self.history.truncate(200);
        self.last = Some(text);
    }

    /// Roll the current check (or table) and record it.
    pub fn roll(&mut self, rules: &RuleSet, l: Lang) {
        self.sync_seed();
        match self.mode {
            DiceMode::Check => {
                let r = roll_check(&mut self.roller, self.active.spec());
                self.push(r.words(l));
            }
            DiceMode::Opposed => {
                let spec = OpposedSpec {
                    active: self.active.spec(),
                    passive: self.passive.spec(),
                    combat: self.combat,
                };
                let r = roll_opposed(&mut self.roller, spec);
                self.push(r.words(l));
            }
            DiceMode::Table => {
                let Some(t) = rules.roll_table(&self.table_id) else {
                    return;
                };
                match t.roll(&mut self.roller, self.table_modifier) {
                    Ok(r) => {
                        let row = &t.rows[r.row];
                        let dice: Vec<String> = r.rolled.iter().map(|d| d.to_string()).collect();
                        self.push(format!(
                            "{} {}: [{}]{} = {} → {}: {}",
                            t.name.get(l),
                            r.dice,
                            dice.join(", "),
                            if r.modifier != 0 {
                                format!(" {:+}", r.modifier)
                            } else {
                                String::new()
                            },
                            r.total,
                            row.range,
                            row.text.get(l)
                        ));
                    }
                    Err(e) => self.push(e.to_string()),
                }
            }
        }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, roster: &Roster, l: Lang) {
        // Issue 37: wrapped where it does not fit (a phone squeezed the
        // seed's field to two letters).
        crate::ui::style::row(ui, |ui| {
            ui.selectable_value(
                &mut self.mode,
                DiceMode::Check,
                glossary::ATTRIBUTE_CHECK.get(l),
            );
            ui.selectable_value(
                &mut self.mode,
                DiceMode::Opposed,
                glossary::OPPOSED_CHECK.get(l),
            );
            ui.selectable_value(&mut self.mode, DiceMode::Table, l.pick("Tablas", "Tables"));
            ui.separator();
            let seed_lbl = ui.label(l.pick("Semilla:", "Seed:"));
            ui.add(
                egui::TextEdit::singleline(&mut self.seed_text)
                    .desired_width(90.0)
                    .hint_text(l.pick("al azar", "random")),
            )
            .labelled_by(seed_lbl.id)
            .on_hover_text(l.pick(
                "Con una semilla, las tiradas se pueden repetir exactamente.",
                "With a seed, rolls can be reproduced exactly.",
            ));
            seed_problem(ui, &self.seed_text, l);
        });
        ui.separator();
        // Issue 37: on a phone the history goes under the dice.
        if crate::ui::style::narrow(ui) {
            egui::ScrollArea::vertical().show(ui, |ui| {
                match self.mode {
                    DiceMode::Check => self.check_ui(ui, rules, roster, l),
                    DiceMode::Opposed => self.opposed_ui(ui, rules, roster, l),
                    DiceMode::Table => self.table_ui(ui, rules, l),
                }
                ui.separator();
                egui::CollapsingHeader::new(l.pick("Historial", "History"))
                    .show(ui, |ui| self.history_ui(ui, l));
            });
            return;
        }
        egui::Panel::right("dice_history")
            .resizable(true)
            .default_size(360.0)
            .show(ui, |ui| self.history_ui(ui, l));
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| match self.mode {
                DiceMode::Check => self.check_ui(ui, rules, roster, l),
                DiceMode::Opposed => self.opposed_ui(ui, rules, roster, l),
                DiceMode::Table => self.table_ui(ui, rules, l),
            });
        });
    }

    fn roll_button(&mut self, ui: &mut egui::Ui, rules: &RuleSet, l: Lang) {
        ui.add_space(8.0);
        let button = egui::Button::new(
            egui::RichText::new(format!("🎲 {}", l.pick("Tirar", "Roll"))).size(style::SIZE_BUTTON),
        );
        if ui.add(button).clicked() {
            self.roll(rules, l);
        }
        if let Some(last) = &self.last {
            ui.add_space(6.0);
            ui.label(egui::RichText::new(last).size(style::SIZE_RESULT).strong());
        }
    }

    fn check_ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, roster: &Roster, l: Lang) {
        ui.heading(format!("{} (R01)", glossary::ATTRIBUTE_CHECK.get(l)));
        ui.label(l.pick(
            "1d10 igual o menos que el Atributo más los modificadores.",
            "1d10 at most the attribute plus modifiers.",
        ));
        side_ui(ui, "check_side", &mut self.active, rules, roster, l);
        let spec = self.active.spec();
        let p = Odds(odds::check_success(&spec));
        odds_line(ui, l.pick("Éxito", "Success"), p, l);
        // The d10 against the edge: what the die must show.
        let dist = Dist::die(10).add(&Dist::edge(-spec.edge()));
        let target = spec.value + spec.modifier;
        let bars: Vec<Bar> = dist
            .points()
            .into_iter()
            .map(|(v, pr)| {
                let ok = v <= target;
                Bar::new(v as f64, Odds(pr).value() * 100.0)
                    .fill(if ok { style::PASS } else { style::FAIL })
                    .width(0.8)
            })
            .collect();
        Plot::new("check_plot")
            .height(180.0)
            .allow_zoom(false)
            .allow_drag(false)
            .allow_scroll(false)
            .include_y(0.0)
            .show(ui, |pu| {
                pu.bar_chart(BarChart::new(
                    l.pick("d10 − ventaja (%)", "d10 − advantage (%)"),
                    bars,
                ));
            });
        self.roll_button(ui, rules, l);
    }

    fn opposed_ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, roster: &Roster, l: Lang) {
        ui.heading(format!("{} (R02)", glossary::OPPOSED_CHECK.get(l)));
        ui.columns(2, |cols| {
            cols[0].strong(l.pick("Activo (su Fase de activación)", "Active (its activation)"));
            side_ui(
                &mut cols[0],
                "active_side",
                &mut self.active,
                rules,
                roster,
                l,
            );
            cols[1].strong(l.pick("Pasivo", "Passive"));
            side_ui(
                &mut cols[1],
                "passive_side",
                &mut self.passive,
                rules,
                roster,
                l,
            );
        });
        ui.checkbox(
            &mut self.combat,
            format!(
                "{}: {}",
                Stat::Combat.name(l),
                l.pick("un empate impacta a ambos (R23)", "a tie hits both (R23)")
            ),
        );
        let spec = OpposedSpec {
            active: self.active.spec(),
            passive: self.passive.spec(),
            combat: self.combat,
        };
        let o = odds::opposed(&spec);
        odds_line(ui, OpposedOutcome::ActiveWins.name(l), o.active_wins, l);
        odds_line(ui, OpposedOutcome::PassiveWins.name(l), o.passive_wins, l);
        if let Some(b) = o.both_hit {
            odds_line(ui, OpposedOutcome::BothHit.name(l), b, l);
        }
        let series = |d: &Dist, offset: f64| -> Vec<Bar> {
            d.points()
                .into_iter()
                .map(|(v, p)| Bar::new(v as f64 + offset, Odds(p).value() * 100.0).width(0.4))
                .collect()
        };
        let a = odds::side_total(&spec.active);
        let p = odds::side_total(&spec.passive);
        Plot::new("opposed_plot")
            .height(200.0)
            .legend(Legend::default())
            .allow_zoom(false)
            .allow_drag(false)
            .allow_scroll(false)
            .include_y(0.0)
            .show(ui, |pu| {
                pu.bar_chart(
                    BarChart::new(
                        l.pick("Total activo (%)", "Active total (%)"),
                        series(&a, -0.2),
                    )
                    .color(style::ACTIVE_SIDE),
                );
                pu.bar_chart(
                    BarChart::new(
                        l.pick("Total pasivo (%)", "Passive total (%)"),
                        series(&p, 0.2),
                    )
                    .color(style::PASSIVE_SIDE),
                );
            });
        self.roll_button(ui, rules, l);
    }

    fn table_ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, l: Lang) {
        ui.heading(l.pick("Tirar en una tabla", "Roll on a table"));
        ui.horizontal(|ui| {
            for t in &rules.roll_tables {
                ui.selectable_value(
                    &mut self.table_id,
                    t.id.clone(),
                    format!("{} ({})", t.name.get(l), t.rule),
                );
            }
        });
        let Some(t) = rules.roll_table(&self.table_id) else {
            ui.label(l.pick("Elige una tabla.", "Pick a table."));
            return;
        };
        if let Some(d) = &t.description {
            ui.label(d.get(l));
        }
        ui.horizontal(|ui| {
            let names: Vec<&str> = t.modifiers.iter().map(|m| m.name.get(l)).collect();
            let label = if names.is_empty() {
                l.pick("Modificador", "Modifier").to_string()
            } else {
                names.join(" + ")
            };
            let lbl = ui.label(format!("{} {label}:", t.dice));
            ui.add(egui::DragValue::new(&mut self.table_modifier).range(-20..=40))
                .labelled_by(lbl.id);
        });
        let odds = t.row_odds(self.table_modifier).unwrap_or_default();
        egui::Grid::new("table_rows")
            .striped(true)
            .num_columns(3)
            .show(ui, |ui| {
                for (row, o) in t.rows.iter().zip(odds) {
                    ui.strong(&row.range);
                    ui.label(format!("{} ({})", o.percent(l), o.exact()));
                    ui.add(egui::Label::new(row.text.get(l)).wrap());
                    ui.end_row();
                }
            });
        self.roll_button(ui, rules, l);
    }

    fn history_ui(&mut self, ui: &mut egui::Ui, l: Lang) {
        ui.horizontal(|ui| {
            ui.heading(l.pick("Historial", "History"));
            if ui.button(l.pick("Borrar", "Clear")).clicked() {
                self.history.clear();
                self.last = None;
            }
        });
        egui::ScrollArea::vertical().show(ui, |ui| {
            for h in &self.history {
                ui.add(egui::Label::new(h).wrap());
                ui.separator();
            }
        });
    }
}

fn odds_line(ui: &mut egui::Ui, label: &str, o: Odds, l: Lang) {
    ui.label(
        egui::RichText::new(format!("{label}: {}  ({})", o.exact(), o.percent(l)))
            .size(style::SIZE_RESULT)
            .strong(),
    );
}

/// Value, modifiers, advantages and complications of one side, and a model
/// of the open warband to fill the value from.
fn side_ui(
    ui: &mut egui::Ui,
    id: &str,
    side: &mut SideInput,
    rules: &RuleSet,
    roster: &Roster,
    l: Lang,
) {
    let names = stat_names(l);
    ui.push_id(id, |ui| {
        egui::Grid::new("side").num_columns(2).show(ui, |ui| {
            if !roster.models.is_empty() {
                let lbl = ui.label(l.pick("Miniatura", "Model")).id;
                ui.horizontal(|ui| {
                    let current = side
                        .model
                        .and_then(|i| roster.models.get(i))
                        .map_or(l.pick("—", "—").to_string(), |m| m.name.clone());
                    let mut changed = false;
                    egui::ComboBox::from_id_salt("model")
                        .selected_text(current)
                        .show_ui(ui, |ui| {
                            changed |= ui.selectable_value(&mut side.model, None, "—").changed();
                            for (i, m) in roster.models.iter().enumerate() {
                                changed |= ui
                                    .selectable_value(&mut side.model, Some(i), &m.name)
                                    .changed();
                            }
                        })
                        .response
                        .labelled_by(lbl);
                    egui::ComboBox::from_id_salt("stat")
                        .selected_text(
                            names[Stat::ALL.iter().position(|s| *s == side.stat).unwrap_or(0)],
                        )
                        .show_ui(ui, |ui| {
                            for (k, s) in Stat::ALL.iter().enumerate() {
                                changed |=
                                    ui.selectable_value(&mut side.stat, *s, names[k]).changed();
                            }
                        })
                        .response
                        .labelled_by(lbl);
                    if changed && let Some(m) = side.model.and_then(|i| roster.models.get(i)) {
                        side.value = roster::derive_profile(m, rules).stats.get(side.stat);
                    }
                });
                ui.end_row();
            }
            let lbl = ui.label(l.pick("Valor", "Value"));
            ui.add(egui::DragValue::new(&mut side.value).range(0..=30))
                .labelled_by(lbl.id);
            ui.end_row();
            let lbl = ui.label(l.pick("Bonificadores", "Modifiers"));
            ui.add(egui::DragValue::new(&mut side.modifier).range(-20..=20))
                .labelled_by(lbl.id);
            ui.end_row();
            let lbl = ui.label(l.pick("Ventajas", "Advantages"));
            ui.add(egui::DragValue::new(&mut side.advantages).range(0..=6))
                .labelled_by(lbl.id);
            ui.end_row();
            let lbl = ui.label(l.pick("Complicaciones", "Complications"));
            ui.add(egui::DragValue::new(&mut side.complications).range(0..=6))
                .labelled_by(lbl.id);
            ui.end_row();
        });
    });
}
