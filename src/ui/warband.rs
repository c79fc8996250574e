//! The Warband view: the models as cards, the selected model's editor, the
//! derived profile as you click, the total against the limit, the problems.

use crate::core::roster::{self, Model, Roster, RosterDoc, RosterReport, Spell};
use crate::core::tables::{Keyword, RuleSet};
use crate::core::text::Lang;

use super::widgets::profile_grid;

/// What the view asks the shell to do (files and dialogs live in the shell).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WarbandIntent {
    New,
    Open,
    Save,
    SaveAs,
    ExportPdf,
}

pub struct WarbandView {
    pub doc: RosterDoc,
    pub selected: usize,
    /// The report of the roster it was computed for: recomputed only on change.
    cache: Option<(Roster, RosterReport)>,
    /// A typing session already recorded one undo step.
    typing_recorded: bool,
    /// Undo (false) or redo (true) clicked this frame.
    history_step: Option<bool>,
    /// Copy as text, paste a roster.
    pub text: super::roster_text::RosterText,
}

impl WarbandView {
    pub fn new(doc: RosterDoc) -> Self {
        WarbandView {
            doc,
            selected: 0,
            cache: None,
            typing_recorded: false,
            history_step: None,
            text: Default::default(),
        }
    }

    /// Replace the open roster (open, new).
    pub fn replace(&mut self, doc: RosterDoc) {
        self.doc = doc;
        self.selected = 0;
        self.cache = None;
    }

    /// The checked report of the current roster.
    pub fn report(&mut self, rules: &RuleSet) -> &RosterReport {
        let stale = self
            .cache
            .as_ref()
            .is_none_or(|(r, _)| *r != self.doc.roster);
        if stale {
            let report = roster::check(&self.doc.roster, rules);
            self.cache = Some((self.doc.roster.clone(), report));
        }
        match &self.cache {
            Some((_, rep)) => rep,
            None => unreachable!("cache filled above"),
        }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, l: Lang) -> Vec<WarbandIntent> {
        let mut intents = Vec::new();
        let before = self.doc.roster.clone();
        let report = self.report(rules).clone();

        self.toolbar(ui, l, &mut intents);
        ui.separator();
        self.header(ui, l, &report);
        ui.separator();

        egui::Panel::left("models")
            .resizable(true)
            .default_size(270.0)
            .show(ui, |ui| self.model_list(ui, rules, l, &report));
        egui::Panel::right("problems")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| self.problems(ui, l, &report));
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| self.editor(ui, rules, l, &report));
        });

        self.record_edit(ui.ctx(), before);
        self.text.ui(ui, rules, l, &mut self.doc);
        // Undo/redo apply after the edit is recorded, or they would be
        // recorded as an edit themselves (and clear the redo stack).
        match self.history_step.take() {
            Some(false) => {
                self.doc.undo();
            }
            Some(true) => {
                self.doc.redo();
            }
            None => {}
        }
        if self.selected >= self.doc.roster.models.len() {
            self.selected = self.doc.roster.models.len().saturating_sub(1);
        }
        intents
    }

    /// One undo step per click; typing in a field is one step until it loses focus.
    fn record_edit(&mut self, ctx: &egui::Context, before: Roster) {
        let typing = ctx.memory(|m| m.focused().is_some());
        if before != self.doc.roster {
            if !(typing && self.typing_recorded) {
                self.doc.record(before);
            }
            self.typing_recorded = typing;
        } else if !typing {
            self.typing_recorded = false;
        }
    }

    fn toolbar(&mut self, ui: &mut egui::Ui, l: Lang, intents: &mut Vec<WarbandIntent>) {
        ui.horizontal(|ui| {
            if ui
                .button(l.pick("Nueva", "New"))
                .on_hover_text("Ctrl+N")
                .clicked()
            {
                intents.push(WarbandIntent::New);
            }
            if ui
                .button(l.pick("Abrir…", "Open…"))
                .on_hover_text("Ctrl+O")
                .clicked()
            {
                intents.push(WarbandIntent::Open);
            }
            if ui
                .button(l.pick("Guardar", "Save"))
                .on_hover_text("Ctrl+S")
                .clicked()
            {
                intents.push(WarbandIntent::Save);
            }
            if ui
                .button(l.pick("Guardar como…", "Save as…"))
                .on_hover_text("Ctrl+Shift+S")
                .clicked()
            {
                intents.push(WarbandIntent::SaveAs);
            }
            if ui
                .button(l.pick("Exportar PDF", "Export PDF"))
                .on_hover_text("Ctrl+P")
                .clicked()
            {
                intents.push(WarbandIntent::ExportPdf);
            }
            self.text.buttons_ui(ui, l);
            ui.separator();
            if ui
                .add_enabled(
                    self.doc.can_undo(),
                    egui::Button::new(l.pick("↶ Deshacer", "↶ Undo")),
                )
                .on_hover_text("Ctrl+Z")
                .clicked()
            {
                self.history_step = Some(false);
            }
            if ui
                .add_enabled(
                    self.doc.can_redo(),
                    egui::Button::new(l.pick("↷ Rehacer", "↷ Redo")),
                )
                .on_hover_text("Ctrl+Y")
                .clicked()
            {
                self.history_step = Some(true);
            }
        });
    }

    fn header(&mut self, ui: &mut egui::Ui, l: Lang, report: &RosterReport) {
        let r = &mut self.doc.roster;
        ui.horizontal(|ui| {
            let lbl = ui.label(l.pick("Banda:", "Warband:"));
            ui.add(egui::TextEdit::singleline(&mut r.name).desired_width(220.0))
                .labelled_by(lbl.id);
            let lbl = ui.label(l.pick("Tótem:", "Totem:"));
            let mut totem = r.totem.clone().unwrap_or_default();
            if ui
                .add(egui::TextEdit::singleline(&mut totem).desired_width(160.0))
                .labelled_by(lbl.id)
                .changed()
            {
                r.totem = if totem.trim().is_empty() {
                    None
                } else {
                    Some(totem)
                };
            }
            ui.label(l.pick("Límite:", "Limit:"));
            let mut limit = report.points_limit;
            if ui
                .add(
                    egui::DragValue::new(&mut limit)
                        .range(1..=5000)
                        .suffix(" pts"),
                )
                .changed()
            {
                r.points_limit = Some(limit);
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let over = report.total > report.points_limit;
                let color = if over {
                    ui.visuals().error_fg_color
                } else {
                    ui.visuals().strong_text_color()
                };
                ui.label(
                    egui::RichText::new(format!("{} / {} pts", report.total, report.points_limit))
                        .size(22.0)
                        .strong()
                        .color(color),
                )
                .on_hover_text(l.pick(
                    "Coste total contra el límite",
                    "Total cost against the limit",
                ));
            });
        });
    }

    fn model_list(&mut self, ui: &mut egui::Ui, rules: &RuleSet, l: Lang, report: &RosterReport) {
        ui.heading(l.pick("Miniaturas", "Models"));
        ui.horizontal_wrapped(|ui| {
            ui.menu_button(l.pick("➕ Añadir", "➕ Add"), |ui| {
                for t in &rules.troops {
                    if ui
                        .button(format!("{} ({} pts)", t.name.get(l), t.cost))
                        .clicked()
                    {
                        let name = unique_name(&self.doc.roster, t.name.get(l));
                        self.doc.roster.models.push(Model {
                            name,
                            troop: t.id.clone(),
                            ..Default::default()
                        });
                        self.selected = self.doc.roster.models.len() - 1;
                        ui.close();
                    }
                }
            });
            let n = self.doc.roster.models.len();
            let has = self.selected < n;
            if ui
                .add_enabled(has, egui::Button::new(l.pick("Duplicar", "Duplicate")))
                .clicked()
            {
                let mut m = self.doc.roster.models[self.selected].clone();
                m.name = unique_name(&self.doc.roster, &m.name);
                m.leader = false;
                self.doc.roster.models.insert(self.selected + 1, m);
                self.selected += 1;
            }
            if ui
                .add_enabled(has, egui::Button::new(l.pick("Quitar", "Remove")))
                .clicked()
            {
                self.doc.roster.models.remove(self.selected);
            }
            if ui
                .add_enabled(has && self.selected > 0, egui::Button::new("↑"))
                .on_hover_text(l.pick("Subir", "Move up"))
                .clicked()
            {
                self.doc
                    .roster
                    .models
                    .swap(self.selected, self.selected - 1);
                self.selected -= 1;
            }
            if ui
                .add_enabled(has && self.selected + 1 < n, egui::Button::new("↓"))
                .on_hover_text(l.pick("Bajar", "Move down"))
                .clicked()
            {
                self.doc
                    .roster
                    .models
                    .swap(self.selected, self.selected + 1);
                self.selected += 1;
            }
        });
        ui.separator();
        egui::ScrollArea::vertical().show(ui, |ui| {
            for (i, m) in self.doc.roster.models.iter().enumerate() {
                let cost = report.models.get(i).map_or(0, |r| r.cost);
                let broken = report.problems_of(i).next().is_some();
                let troop = rules
                    .troop(&m.troop)
                    .map_or(m.troop.as_str(), |t| t.name.get(l));
                let mut title = egui::text::LayoutJob::default();
                let body = ui
                    .style()
                    .text_styles
                    .get(&egui::TextStyle::Body)
                    .cloned()
                    .unwrap_or_default();
                let strong = ui.visuals().strong_text_color();
                let weak = ui.visuals().weak_text_color();
                if broken {
                    title.append(
                        "⚠ ",
                        0.0,
                        egui::TextFormat::simple(body.clone(), ui.visuals().error_fg_color),
                    );
                }
                if m.leader {
                    title.append(
                        "★ ",
                        0.0,
                        egui::TextFormat::simple(body.clone(), egui::Color32::GOLD),
                    );
                }
                title.append(&m.name, 0.0, egui::TextFormat::simple(body.clone(), strong));
                title.append(
                    &format!("\n{troop} · {cost} pts"),
                    0.0,
                    egui::TextFormat::simple(body, weak),
                );
                let resp = ui.add_sized(
                    [ui.available_width(), 40.0],
                    // The empty right text pushes the title to the left edge.
                    egui::Button::selectable(self.selected == i, title).right_text(""),
                );
                if resp.clicked() {
                    self.selected = i;
                }
            }
        });
    }

    fn problems(&mut self, ui: &mut egui::Ui, l: Lang, report: &RosterReport) {
        if report.valid() {
            ui.heading(l.pick("✔ Banda válida", "✔ Valid warband"));
            ui.label(l.pick("Ninguna regla incumplida.", "No rule is broken."));
            return;
        }
        ui.heading(
            egui::RichText::new(format!(
                "⚠ {} ({})",
                l.pick("Problemas", "Problems"),
                report.problems.len()
            ))
            .color(ui.visuals().error_fg_color),
        );
        egui::ScrollArea::vertical().show(ui, |ui| {
            for p in &report.problems {
                let text = p.line(l);
                let resp = ui.add(
                    egui::Button::new(egui::RichText::new(text))
                        .wrap()
                        .frame(false),
                );
                if resp.clicked()
                    && let Some(i) = p.model_index
                {
                    self.selected = i;
                }
                ui.separator();
            }
        });
    }

    fn editor(&mut self, ui: &mut egui::Ui, rules: &RuleSet, l: Lang, report: &RosterReport) {
        let i = self.selected;
        let Some(m) = self.doc.roster.models.get_mut(i) else {
            ui.label(l.pick(
                "La banda está vacía: añade una miniatura con «➕ Añadir».",
                "The warband is empty: add a model with “➕ Add”.",
            ));
            return;
        };
        let cost = report.models.get(i).map_or(0, |r| r.cost);
        ui.horizontal(|ui| {
            let lbl = ui.label(l.pick("Nombre:", "Name:"));
            ui.add(egui::TextEdit::singleline(&mut m.name).desired_width(200.0))
                .labelled_by(lbl.id);
            let troop_lbl = ui.label(l.pick("Tropa:", "Troop:"));
            let current = rules
                .troop(&m.troop)
                .map_or(m.troop.clone(), |t| t.name.get(l).to_string());
            egui::ComboBox::from_id_salt("troop")
                .selected_text(current)
                .show_ui(ui, |ui| {
                    for t in &rules.troops {
                        ui.selectable_value(
                            &mut m.troop,
                            t.id.clone(),
                            format!("{} ({} pts)", t.name.get(l), t.cost),
                        );
                    }
                })
                .response
                .labelled_by(troop_lbl.id);
            ui.checkbox(&mut m.leader, l.pick("Líder", "Leader"));
            ui.label(
                egui::RichText::new(format!("{cost} pts"))
                    .size(18.0)
                    .strong(),
            );
        });
        for p in report.problems_of(i) {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("⚠ ({}) {}", p.rule, p.message.get(l)),
            );
        }
        ui.add_space(4.0);
        if let Some(mr) = report.models.get(i) {
            profile_view(ui, l, &mr.profile);
        }
        ui.separator();
        ui.columns(2, |cols| {
            weapons_ui(&mut cols[0], rules, l, m);
            gear_ui(&mut cols[1], rules, l, m);
        });
        ui.separator();
        upgrades_ui(ui, rules, l, m);
        spells_ui(ui, rules, l, m);
        ui.separator();
        let notes_lbl = ui.label(l.pick("Notas:", "Notes:"));
        ui.add(
            egui::TextEdit::multiline(&mut m.notes)
                .desired_rows(2)
                .desired_width(f32::INFINITY),
        )
        .labelled_by(notes_lbl.id);
    }
}

/// "Guerrero 2", "Guerrero 3", … so that new models never share a name.
fn unique_name(r: &Roster, base: &str) -> String {
    let base = base.trim_end_matches(|c: char| c.is_ascii_digit() || c == ' ');
    let taken = |n: &str| r.models.iter().any(|m| m.name == n);
    if !taken(base) {
        return base.to_string();
    }
    (2..)
        .map(|k| format!("{base} {k}"))
        .find(|n| !taken(n))
        .unwrap_or_else(|| base.to_string())
}

fn profile_view(ui: &mut egui::Ui, l: Lang, p: &roster::Profile) {
    let dp = if p.own_dp > 0 {
        format!("{} (+{})", p.dp, p.own_dp)
    } else {
        p.dp.to_string()
    };
    profile_grid(
        ui,
        "profile",
        l,
        &p.stats,
        &[
            (l.pick("PD", "DP"), dp),
            (l.pick("Blindaje", "Armour"), p.armour.to_string()),
            (l.pick("Mov.", "Move"), format!("{} cm", p.movement_cm)),
        ],
    );
    for w in &p.melee {
        ui.label(format!(
            "⚔ {}{}: {} {} · {} {} · {} {}",
            w.name.get(l),
            if w.carried {
                ""
            } else {
                l.pick(" (sin coste)", " (free)")
            },
            l.pick("Combate", "Combat"),
            w.combat,
            l.pick("Fuerza", "Strength"),
            w.strength,
            l.pick("Penetración", "Penetration"),
            w.penetration
        ));
    }
    for w in &p.ranged {
        let per = |v: [i32; 3]| {
            if v[0] == v[1] && v[1] == v[2] {
                v[0].to_string()
            } else {
                format!("{}/{}/{}", v[0], v[1], v[2])
            }
        };
        ui.label(format!(
            "🏹 {}: {} {}/{}/{} cm · {} {} · {} {}",
            w.name.get(l),
            l.pick("Distancia", "Range"),
            w.range_cm[0],
            w.range_cm[1],
            w.range_cm[2],
            l.pick("Fuerza", "Strength"),
            per(w.strength),
            l.pick("Penetración", "Penetration"),
            per(w.penetration)
        ));
    }
    if !p.rules.is_empty() {
        egui::CollapsingHeader::new(format!(
            "{} ({})",
            l.pick("Reglas especiales", "Special rules"),
            p.rules.len()
        ))
        .id_salt("special_rules")
        .default_open(true)
        .show(ui, |ui| {
            for t in &p.rules {
                ui.label(format!("• {}", t.get(l)));
            }
        });
    }
}

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

fn weapons_ui(ui: &mut egui::Ui, rules: &RuleSet, l: Lang, m: &mut Model) {
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

fn gear_ui(ui: &mut egui::Ui, rules: &RuleSet, l: Lang, m: &mut Model) {
    ui.strong(l.pick("Blindaje", "Armour"));
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

fn upgrades_ui(ui: &mut egui::Ui, rules: &RuleSet, l: Lang, m: &mut Model) {
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
    ui.strong(l.pick("Mejoras", "Upgrades"));
    egui::Grid::new("upgrades")
        .num_columns(3)
        .spacing([12.0, 2.0])
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
                if k % 3 == 2 {
                    ui.end_row();
                }
            }
        });
}

fn spells_ui(ui: &mut egui::Ui, rules: &RuleSet, l: Lang, m: &mut Model) {
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
    let mut remove = None;
    egui::Grid::new("spells").num_columns(5).show(ui, |ui| {
        let h_name = ui.label(l.pick("Nombre", "Name")).id;
        let h_level = ui.label(l.pick("Nivel", "Level")).id;
        let h_cost = ui.label(l.pick("Coste (PD)", "Cost (DP)")).id;
        let h_text = ui.label(l.pick("Efecto", "Effect")).id;
        ui.end_row();
        for (k, s) in m.spells.iter_mut().enumerate() {
            ui.add(egui::TextEdit::singleline(&mut s.name).desired_width(140.0))
                .labelled_by(h_name);
            ui.add(egui::DragValue::new(&mut s.level).range(1..=10))
                .labelled_by(h_level);
            ui.add(egui::DragValue::new(&mut s.cost).range(0..=10))
                .labelled_by(h_cost);
            ui.add(egui::TextEdit::singleline(&mut s.text).desired_width(260.0))
                .labelled_by(h_text);
            if ui
                .small_button("🗑")
                .on_hover_text(l.pick("Quitar", "Remove"))
                .clicked()
            {
                remove = Some(k);
            }
            ui.end_row();
        }
    });
    if let Some(k) = remove {
        m.spells.remove(k);
    }
    if ui.button(l.pick("➕ Hechizo", "➕ Spell")).clicked() {
        m.spells.push(Spell {
            name: l.pick("Nuevo hechizo", "New spell").to_string(),
            level: 1,
            cost: 1,
            text: String::new(),
        });
    }
}
