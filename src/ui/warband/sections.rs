//! The choices of the model editor: weapons (R34, R35), armour and equipment
//! (R36, R37), upgrades (R41, R42) and spells (R38). Each choice's rule text
//! shows on hover; ticking one never inserts a line between checkboxes.

use crate::core::glossary;
use crate::core::roster::{Model, Spell, SpellHit};
use crate::core::tables::{Keyword, RuleSet, Stat};
use crate::core::text::Lang;

/// Width of a spell's name field, in points: a name like "Niebla del
/// Cenagal Rojo" shows whole.
pub const SPELL_NAME_WIDTH: f32 = 200.0;
/// The effect field takes what the row leaves, but never less than this.
pub const SPELL_TEXT_MIN_WIDTH: f32 = 240.0;

/// Toggle one id in a list (weapons, upgrades).
fn toggle(list: &mut Vec<String>, id: &str, on: bool) {
    let has = list.iter().any(|x| x == id);
    if on && !has {
        list.push(id.to_string());
    } else if !on && has {
        list.retain(|x| x != id);
    }
}

fn cost_text(cost: Option<u32>, l: Lang) -> String {
    match cost {
        Some(c) => format!("{c} pts"),
        None => l.pick("gratis", "free").to_string(),
    }
}

pub fn weapons_ui(ui: &mut egui::Ui, rules: &RuleSet, l: Lang, m: &mut Model) {
    ui.strong(l.pick("Armas cuerpo a cuerpo", "Melee weapons"));
    for w in &rules.melee_weapons {
        let mut on = m.weapons.contains(&w.id);
        let label = format!(
            "{} · {} · {}{:+} {}{:+} P{}",
            w.name.get(l),
            cost_text(w.cost, l),
            l.pick("C", "Cb"),
            w.combat,
            l.pick("F", "St"),
            w.strength,
            w.penetration
        );
        let mut resp = ui.checkbox(&mut on, label);
        if let Some(s) = &w.special {
            resp = resp.on_hover_text(s.get(l));
        }
        if resp.changed() {
            toggle(&mut m.weapons, &w.id, on);
        }
    }
    ui.add_space(6.0);
    ui.strong(l.pick("Armas a distancia", "Ranged weapons"));
    for w in &rules.ranged_weapons {
        let mut on = m.weapons.contains(&w.id);
        let label = format!(
            "{} · {} · {}/{}/{} cm",
            w.name.get(l),
            cost_text(w.cost, l),
            w.range_cm[0],
            w.range_cm[1],
            w.range_cm[2]
        );
        let mut resp = ui.checkbox(&mut on, label);
        if let Some(s) = &w.special {
            resp = resp.on_hover_text(s.get(l));
        }
        if resp.changed() {
            toggle(&mut m.weapons, &w.id, on);
        }
    }
}

pub fn gear_ui(ui: &mut egui::Ui, rules: &RuleSet, l: Lang, m: &mut Model) {
    ui.strong(glossary::ARMOUR.get(l));
    ui.radio_value(&mut m.armour, None, l.pick("Ninguno", "None"));
    for a in &rules.armours {
        ui.radio_value(
            &mut m.armour,
            Some(a.id.clone()),
            format!("{} · {} pts · +{}", a.name.get(l), a.cost, a.armour),
        );
    }
    ui.add_space(6.0);
    ui.strong(l.pick("Equipo", "Equipment"));
    for e in &rules.equipment {
        let count = m.equipment.iter().filter(|x| **x == e.id).count();
        if e.repeatable {
            ui.horizontal(|ui| {
                let mut n = count as u32;
                let resp = ui.add(egui::DragValue::new(&mut n).range(0..=20));
                let lbl = ui
                    .label(format!(
                        "{} · {} pts {}",
                        e.name.get(l),
                        e.cost,
                        l.pick("c/u", "each")
                    ))
                    .on_hover_text(e.special.get(l));
                let resp = resp.labelled_by(lbl.id);
                if resp.changed() {
                    m.equipment.retain(|x| *x != e.id);
                    m.equipment
                        .extend(std::iter::repeat_n(e.id.clone(), n as usize));
                }
            });
        } else {
            let mut on = count > 0;
            if ui
                .checkbox(&mut on, format!("{} · {} pts", e.name.get(l), e.cost))
                .on_hover_text(e.special.get(l))
                .changed()
            {
                toggle(&mut m.equipment, &e.id, on);
            }
        }
    }
}

/// The troop's upgrades in two columns; each rule text on hover.
pub fn upgrades_ui(ui: &mut egui::Ui, rules: &RuleSet, l: Lang, m: &mut Model) {
    let group = rules.troop(&m.troop).and_then(|t| t.upgrade_group);
    // Upgrades the model already has but may not take stay visible, so they
    // can be removed; the problem list says why.
    let shown: Vec<_> = rules
        .upgrades
        .iter()
        .filter(|u| Some(u.group) == group || m.upgrades.contains(&u.id))
        .collect();
    if shown.is_empty() {
        return;
    }
    ui.strong(l.pick("Mejoras", "Upgrades"))
        .on_hover_text(l.pick(
            "Pasa el ratón por una mejora para leer su regla.",
            "Hover over an upgrade to read its rule.",
        ));
    egui::Grid::new("upgrades")
        .num_columns(2)
        .spacing([10.0, 2.0])
        .show(ui, |ui| {
            for (k, u) in shown.iter().enumerate() {
                let mut on = m.upgrades.contains(&u.id);
                if ui
                    .checkbox(&mut on, format!("{} · {} pts", u.name.get(l), u.cost))
                    .on_hover_text(u.text.get(l))
                    .changed()
                {
                    toggle(&mut m.upgrades, &u.id, on);
                }
                if k % 2 == 1 {
                    ui.end_row();
                }
            }
        });
}

/// Spells (R38): one row each, the name and effect fields wide enough to
/// read what was typed.
pub fn spells_ui(ui: &mut egui::Ui, rules: &RuleSet, l: Lang, m: &mut Model) {
    let casts = rules
        .troop(&m.troop)
        .is_some_and(|t| t.keywords.contains(&Keyword::CastsSpells));
    let granted = m
        .upgrades
        .iter()
        .filter_map(|u| rules.upgrade(u))
        .any(|u| u.grants_spells.is_some());
    if !casts && !granted && m.spells.is_empty() {
        return;
    }
    ui.separator();
    ui.strong(l.pick("Hechizos", "Spells"));
    let number_w = 56.0;
    let row_h = ui.spacing().interact_size.y;
    let (h_name, h_level, h_cost, h_text) = ui
        .horizontal(|ui| {
            let head = |ui: &mut egui::Ui, w: f32, text: &str| {
                ui.add_sized(
                    [w, row_h],
                    egui::Label::new(egui::RichText::new(text).weak()),
                )
                .id
            };
            (
                head(ui, SPELL_NAME_WIDTH, l.pick("Nombre", "Name")),
                head(ui, number_w, l.pick("Nivel", "Level")),
                head(ui, number_w, l.pick("Coste (PD)", "Cost (DP)")),
                ui.label(egui::RichText::new(l.pick("Efecto", "Effect")).weak())
                    .id,
            )
        })
        .inner;
    let mut remove = None;
    for (k, s) in m.spells.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            ui.add_sized(
                [SPELL_NAME_WIDTH, row_h],
                egui::TextEdit::singleline(&mut s.name),
            )
            .labelled_by(h_name);
            ui.add_sized(
                [number_w, row_h],
                egui::DragValue::new(&mut s.level).range(1..=10),
            )
            .labelled_by(h_level);
            ui.add_sized(
                [number_w, row_h],
                egui::DragValue::new(&mut s.cost).range(0..=10),
            )
            .labelled_by(h_cost);
            let trash_w = 30.0;
            let text_w = (ui.available_width() - trash_w).max(SPELL_TEXT_MIN_WIDTH);
            let resp = ui
                .add_sized([text_w, row_h], egui::TextEdit::singleline(&mut s.text))
                .labelled_by(h_text);
            if !s.text.is_empty() {
                resp.on_hover_text(s.text.as_str());
            }
            if ui
                .small_button("🗑")
                .on_hover_text(l.pick("Quitar", "Remove"))
                .clicked()
            {
                remove = Some(k);
            }
        });
        spell_hit_ui(ui, l, s, [number_w, row_h]);
    }
    if let Some(k) = remove {
        m.spells.remove(k);
    }
    if ui.button(l.pick("➕ Hechizo", "➕ Spell")).clicked() {
        m.spells.push(Spell {
            effect: Default::default(),
            name: l.pick("Nuevo hechizo", "New spell").to_string(),
            level: 1,
            cost: 1,
            text: String::new(),
            hit: None,
        });
    }
}

/// R38: a spell may declare a hit (optional): its Strength and Penetration.
fn spell_hit_ui(ui: &mut egui::Ui, l: Lang, s: &mut Spell, size: [f32; 2]) {
    ui.horizontal(|ui| {
        let mut has = s.hit.is_some();
        if ui
            .checkbox(&mut has, l.pick("Impacto:", "Hit:"))
            .on_hover_text(l.pick(
                "El hechizo impacta a las miniaturas que nombra (R38)",
                "The spell hits the models it names (R38)",
            ))
            .changed()
        {
            s.hit = has.then_some(SpellHit {
                strength: 3,
                penetration: 0,
            });
        }
        if let Some(h) = &mut s.hit {
            let lbl = ui.label(glossary::stat(Stat::Strength).get(l));
            ui.add_sized(size, egui::DragValue::new(&mut h.strength).range(0..=10))
                .labelled_by(lbl.id);
            ui.label("/");
            let lbl = ui.label(glossary::PENETRATION.get(l));
            ui.add_sized(size, egui::DragValue::new(&mut h.penetration).range(0..=10))
                .labelled_by(lbl.id);
        }
    });
}
