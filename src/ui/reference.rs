//! The Reference view: every rule R01–R42 with the summary's Spanish text and
//! an English rendering, searchable; the readings we chose, marked as such;
//! and the troop, gear and upgrade tables as sortable tables.

use egui_extras::{Column, TableBuilder};

use crate::core::glossary;
use crate::core::tables::reference::Reference;
use crate::core::tables::{RuleSet, Stat};
use crate::core::text::Lang;

use super::widgets::stat_labels;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RefTab {
    #[default]
    Rules,
    Troops,
    Melee,
    Ranged,
    Armour,
    Upgrades,
}

#[derive(Default)]
pub struct ReferenceView {
    pub tab: RefTab,
    pub query: String,
    /// Sort column and direction of the open table.
    sort: Option<(usize, bool)>,
}

/// A cell: what it shows and how it sorts.
struct Cell {
    text: String,
    key: SortKey,
}

#[derive(PartialEq, PartialOrd)]
enum SortKey {
    Num(i64),
    Text(String),
}

fn num(v: i64, text: impl Into<String>) -> Cell {
    Cell {
        text: text.into(),
        key: SortKey::Num(v),
    }
}

/// A weapon's cost as printed: "-" for the free ones, sorted first.
fn cost_cell(cost: Option<u32>) -> Cell {
    num(
        cost.map_or(-1, i64::from),
        cost.map_or("-".into(), |c| c.to_string()),
    )
}

/// Material letters as printed (P,H,A), "-" where none.
fn material_cell(material: &[String]) -> Cell {
    txt(if material.is_empty() {
        "-".into()
    } else {
        material.join(",")
    })
}

fn txt(t: impl Into<String>) -> Cell {
    let text = t.into();
    Cell {
        key: SortKey::Text(text.to_lowercase()),
        text,
    }
}

impl ReferenceView {
    pub fn ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, l: Lang) {
        self.tabs_ui(ui, l);
        ui.separator();
        match self.tab {
            RefTab::Rules => self.rules_ui(ui, &rules.reference, l),
            RefTab::Troops => self.troops_ui(ui, rules, l),
            RefTab::Melee => self.melee_ui(ui, rules, l),
            RefTab::Ranged => self.ranged_ui(ui, rules, l),
            RefTab::Armour => self.armour_ui(ui, rules, l),
            RefTab::Upgrades => self.upgrades_ui(ui, rules, l),
        }
    }

    /// The tab buttons and the search box.
    fn tabs_ui(&mut self, ui: &mut egui::Ui, l: Lang) {
        // Issue 37: wrapped where they do not fit (a phone): one row wider
        // than the screen widened the rules' text under it, cut.
        crate::ui::style::row(ui, |ui| {
            let tabs = [
                (RefTab::Rules, l.pick("Reglas", "Rules")),
                (RefTab::Troops, l.pick("Tropas", "Troops")),
                (RefTab::Melee, l.pick("Armas c/c", "Melee weapons")),
                (
                    RefTab::Ranged,
                    l.pick("Armas a distancia", "Ranged weapons"),
                ),
                (
                    RefTab::Armour,
                    l.pick("Blindajes y equipo", "Armour and equipment"),
                ),
                (RefTab::Upgrades, l.pick("Mejoras", "Upgrades")),
            ];
            for (t, name) in tabs {
                if ui.selectable_value(&mut self.tab, t, name).clicked() {
                    self.sort = None;
                }
            }
            ui.separator();
            let search_lbl = ui.label("🔍");
            ui.add(
                egui::TextEdit::singleline(&mut self.query)
                    .desired_width(220.0)
                    .hint_text(l.pick("buscar…", "search…")),
            )
            .labelled_by(search_lbl.id);
        });
    }

    /// The troops with their profiles.
    fn troops_ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, l: Lang) {
        let heads = troop_heads(l);
        let rows = rules
            .troops
            .iter()
            .map(|t| {
                let s = t.stats;
                vec![
                    txt(t.name.get(l)),
                    num(s.agility.into(), s.agility.to_string()),
                    num(s.combat.into(), s.combat.to_string()),
                    num(s.accuracy.into(), s.accuracy.to_string()),
                    num(s.strength.into(), s.strength.to_string()),
                    num(s.toughness.into(), s.toughness.to_string()),
                    num(s.courage.into(), s.courage.to_string()),
                    num(t.dp.into(), t.dp.to_string()),
                    txt(t.special.as_ref().map_or("", |s| s.get(l))),
                    num(t.cost.into(), format!("{} pts", t.cost)),
                ]
            })
            .collect();
        self.table(ui, "troops", &heads, rows);
    }

    /// The melee weapons.
    fn melee_ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, l: Lang) {
        let heads = [
            l.pick("Nombre", "Name"),
            l.pick("Coste", "Cost"),
            glossary::stat(Stat::Combat).get(l),
            glossary::stat(Stat::Strength).get(l),
            glossary::PENETRATION.get(l),
            l.pick("Reglas especiales", "Special rules"),
            l.pick("Material", "Material"),
        ];
        let rows = rules
            .melee_weapons
            .iter()
            .map(|w| {
                vec![
                    txt(w.name.get(l)),
                    cost_cell(w.cost),
                    num(w.combat.into(), format!("{:+}", w.combat)),
                    num(w.strength.into(), format!("{:+}", w.strength)),
                    num(w.penetration.into(), w.penetration.to_string()),
                    txt(w.special.as_ref().map_or("", |s| s.get(l))),
                    material_cell(&w.material),
                ]
            })
            .collect();
        self.table(ui, "melee", &heads, rows);
    }

    /// The ranged weapons; a value that changes with the range as three.
    fn ranged_ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, l: Lang) {
        let heads = [
            l.pick("Nombre", "Name"),
            l.pick("Coste", "Cost"),
            glossary::RANGE.get(l),
            glossary::stat(Stat::Strength).get(l),
            glossary::PENETRATION.get(l),
            l.pick("Reglas especiales", "Special rules"),
            l.pick("Material", "Material"),
        ];
        let per = |v: [i32; 3], bonus: bool| {
            let f = |x: i32| {
                if bonus {
                    format!("{x:+}")
                } else {
                    x.to_string()
                }
            };
            if v[0] == v[1] && v[1] == v[2] {
                f(v[0])
            } else {
                format!("{}/{}/{}", f(v[0]), f(v[1]), f(v[2]))
            }
        };
        let rows = rules
            .ranged_weapons
            .iter()
            .map(|w| {
                vec![
                    txt(w.name.get(l)),
                    cost_cell(w.cost),
                    num(
                        w.range_cm[2].into(),
                        format!("{}/{}/{}", w.range_cm[0], w.range_cm[1], w.range_cm[2]),
                    ),
                    num(w.strength[0].into(), per(w.strength, w.strength_is_bonus)),
                    num(w.penetration[0].into(), per(w.penetration, false)),
                    txt(w.special.as_ref().map_or("", |s| s.get(l))),
                    material_cell(&w.material),
                ]
            })
            .collect();
        self.table(ui, "ranged", &heads, rows);
    }

    /// The armours, then the equipment.
    fn armour_ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, l: Lang) {
        let last = format!(
            "{} / {}",
            glossary::ARMOUR.get(l),
            l.pick("reglas", "rules")
        );
        let heads = [
            l.pick("Nombre", "Name"),
            l.pick("Coste", "Cost"),
            last.as_str(),
        ];
        let mut rows: Vec<Vec<Cell>> = rules
            .armours
            .iter()
            .map(|a| {
                vec![
                    txt(a.name.get(l)),
                    num(a.cost.into(), a.cost.to_string()),
                    txt(format!("{} {}", glossary::ARMOUR.get(l), a.armour)),
                ]
            })
            .collect();
        rows.extend(rules.equipment.iter().map(|e| {
            vec![
                txt(e.name.get(l)),
                num(
                    e.cost.into(),
                    if e.repeatable {
                        format!("{} c/u", e.cost)
                    } else {
                        e.cost.to_string()
                    },
                ),
                txt(e.special.get(l)),
            ]
        }));
        self.table(ui, "armour", &heads, rows);
    }

    /// The upgrades and whom they are for.
    fn upgrades_ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, l: Lang) {
        let heads = [
            l.pick("Mejora", "Upgrade"),
            l.pick("Para", "For"),
            l.pick("Coste", "Cost"),
            l.pick("Efecto", "Effect"),
        ];
        let rows = rules
            .upgrades
            .iter()
            .map(|u| {
                let who = match u.group {
                    crate::core::tables::UpgradeGroup::Creature => l.pick("Criatura", "Creature"),
                    crate::core::tables::UpgradeGroup::Hero => l.pick("Héroe", "Hero"),
                };
                vec![
                    txt(u.name.get(l)),
                    txt(who),
                    num(u.cost.into(), format!("{} pts", u.cost)),
                    txt(u.text.get(l)),
                ]
            })
            .collect();
        self.table(ui, "upgrades", &heads, rows);
    }

    fn rules_ui(&mut self, ui: &mut egui::Ui, r: &Reference, l: Lang) {
        let q = self.query.trim().to_string();
        egui::ScrollArea::vertical().show(ui, |ui| {
            let mut shown = 0;
            for sec in &r.sections {
                let rules: Vec<_> = r
                    .rules
                    .iter()
                    .filter(|x| x.section == sec.id)
                    .filter(|x| {
                        Reference::matches(
                            &[&x.id, &x.title.es, &x.title.en, &x.text.es, &x.text.en],
                            &q,
                        )
                    })
                    .collect();
                if rules.is_empty() {
                    continue;
                }
                ui.heading(sec.title.get(l));
                for x in rules {
                    shown += 1;
                    ui.label(
                        egui::RichText::new(format!("{} · {}", x.id, x.title.get(l))).strong(),
                    );
                    ui.add(egui::Label::new(x.text.get(l)).wrap());
                    // The other language under it, for players who share a table.
                    let other = if l == Lang::Es {
                        &x.text.en
                    } else {
                        &x.text.es
                    };
                    ui.add(egui::Label::new(egui::RichText::new(other).weak().italics()).wrap());
                    ui.add_space(6.0);
                }
                ui.separator();
            }
            let readings: Vec<_> = r
                .readings
                .iter()
                .filter(|x| {
                    let ids = x.rules.join(" ");
                    Reference::matches(
                        &[&ids, &x.title.es, &x.title.en, &x.text.es, &x.text.en],
                        &q,
                    )
                })
                .collect();
            if !readings.is_empty() {
                ui.heading(l.pick("Lecturas elegidas", "Readings we chose"));
                ui.label(
                    egui::RichText::new(l.pick(
                        "Donde el resumen calla, impia aplica estas lecturas.",
                        "Where the summary is silent, impia applies these readings.",
                    ))
                    .italics(),
                );
                for x in readings {
                    shown += 1;
                    ui.label(
                        egui::RichText::new(format!(
                            "📌 {} {}",
                            x.title.get(l),
                            if x.rules.is_empty() {
                                String::new()
                            } else {
                                format!("({})", x.rules.join(", "))
                            }
                        ))
                        .strong()
                        .color(crate::ui::style::RULE_HEADING),
                    );
                    ui.add(egui::Label::new(x.text.get(l)).wrap());
                    ui.add_space(6.0);
                }
            }
            if shown == 0 {
                ui.label(l.pick(
                    "Nada coincide con la búsqueda.",
                    "Nothing matches the search.",
                ));
            }
        });
    }

    /// A sortable table: a click on a heading sorts by it, a second click reverses.
    fn table(&mut self, ui: &mut egui::Ui, id: &str, heads: &[&str], mut rows: Vec<Vec<Cell>>) {
        let q = self.query.trim().to_string();
        rows.retain(|r| {
            let texts: Vec<&str> = r.iter().map(|c| c.text.as_str()).collect();
            Reference::matches(&texts, &q)
        });
        if let Some((col, asc)) = self.sort {
            rows.sort_by(|a, b| {
                let o = a[col]
                    .key
                    .partial_cmp(&b[col].key)
                    .unwrap_or(std::cmp::Ordering::Equal);
                if asc { o } else { o.reverse() }
            });
        }
        let n = heads.len();
        let mut builder = TableBuilder::new(ui)
            .id_salt(id)
            .striped(true)
            .resizable(true);
        for k in 0..n {
            // Long text columns take the rest of the width and wrap.
            let long =
                k == n - 1 || k == n - 2 && id != "troops" && id != "armour" && id != "upgrades";
            builder = builder.column(if long && k == n - 1 {
                Column::remainder().at_least(120.0)
            } else {
                Column::auto().at_least(50.0)
            });
        }
        let mut clicked = None;
        builder
            .header(24.0, |mut header| {
                for (k, h) in heads.iter().enumerate() {
                    header.col(|ui| {
                        let arrow = match self.sort {
                            Some((c, true)) if c == k => " ▲",
                            Some((c, false)) if c == k => " ▼",
                            _ => "",
                        };
                        if ui
                            .button(egui::RichText::new(format!("{h}{arrow}")).strong())
                            .clicked()
                        {
                            clicked = Some(k);
                        }
                    });
                }
            })
            .body(|mut body| {
                for r in &rows {
                    body.row(22.0, |mut row| {
                        for c in r {
                            row.col(|ui| {
                                ui.label(&c.text).on_hover_text(&c.text);
                            });
                        }
                    });
                }
            });
        if let Some(k) = clicked {
            self.sort = match self.sort {
                Some((c, asc)) if c == k => Some((k, !asc)),
                _ => Some((k, true)),
            };
        }
    }
}

fn troop_heads(l: Lang) -> Vec<&'static str> {
    let mut h = vec![l.pick("Tropa", "Troop")];
    h.extend(stat_labels(l));
    h.extend([
        glossary::DP.get(l),
        l.pick("Reglas especiales", "Special rules"),
        l.pick("Coste", "Cost"),
    ]);
    h
}
