//! The Tables view: the table packs (this game's, Crisis, Dragon Rage and the
//! player's own) in a searchable list; a table's inputs and modifiers as
//! fields; the exact chance of each outcome before the roll; the roll with
//! every die shown; a history; and "open pack folder…", whose problems are
//! listed here, never a panic.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::core::dice::Roller;
use crate::core::packs::roll::{InputValue, OutcomeOdds, applied_modifier, key_text, row_label};
use crate::core::packs::{Body, InputKind, Key, LookupBody, Origin, Pack, PackSet, PackTable};
use crate::core::tables::RuleSet;
use crate::core::text::Lang;

/// What the player set for one table: its inputs and its modifiers.
#[derive(Clone, Debug, PartialEq)]
pub struct TableState {
    pub values: Vec<InputValue>,
    /// One per modifier of the table; a fixed bonus is its value or 0.
    pub mods: Vec<i32>,
}

/// A roll as the history keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct Rolled {
    /// `pack/id`.
    pub table: String,
    /// One line per table rolled (the first, then the ones it sent to).
    pub lines: Vec<String>,
    pub seed: u64,
    /// Which roll since the seed was set (1: the first, as `--seed` gives).
    pub nth: usize,
    /// The row read (a roll table's row), to pick it out in the odds.
    pub row: Option<usize>,
}

pub struct TablesView {
    /// Loaded on first show from the rules and the `--tables` folder.
    pub packs: Option<PackSet>,
    /// The `--tables DIR` of the command line.
    pub user_dir: Option<PathBuf>,
    /// Folders opened with "open pack folder…".
    pub opened: Vec<PathBuf>,
    pub query: String,
    /// The table shown: (pack id, table id).
    pub selected: Option<(String, String)>,
    pub state: HashMap<String, TableState>,
    /// Text of the seed field; empty means a random seed.
    pub seed_text: String,
    seed_in_use: Option<u64>,
    roller: Roller,
    /// Rolls made since the typed seed was set.
    since_seed: usize,
    /// Past rolls, newest first.
    pub history: Vec<Rolled>,
    /// An error of the last roll (an input outside the table).
    pub error: Option<String>,
}

impl Default for TablesView {
    fn default() -> Self {
        TablesView {
            packs: None,
            user_dir: None,
            opened: Vec::new(),
            query: String::new(),
            selected: None,
            state: HashMap::new(),
            seed_text: String::new(),
            seed_in_use: None,
            roller: Roller::from_entropy(),
            since_seed: 0,
            history: Vec::new(),
            error: None,
        }
    }
}

/// The starting values of a table's inputs: the lowest printed key, the
/// first choice, 5 cm.
fn default_state(t: &PackTable) -> TableState {
    let values = match &t.body {
        Body::Lookup(lk) => lk
            .inputs
            .iter()
            .enumerate()
            .map(|(i, input)| match &input.kind {
                InputKind::Choice(_) => InputValue::Choice(0),
                InputKind::Measure => InputValue::Measure(5.0),
                InputKind::Number { min, .. } => {
                    let keys: Vec<Key> = if i == 0 {
                        lk.row_keys()
                    } else {
                        lk.columns.clone()
                    };
                    let lo = keys
                        .iter()
                        .filter_map(|k| match k {
                            Key::Range { range, .. } => Some(range.lo),
                            _ => None,
                        })
                        .min();
                    InputValue::Number(lo.or(*min).unwrap_or(1))
                }
            })
            .collect(),
        Body::Roll(_) => Vec::new(),
    };
    TableState {
        values,
        mods: vec![0; t.modifiers.len()],
    }
}

fn table_ref(p: &Pack, t: &PackTable) -> String {
    format!("{}/{}", p.id, t.id)
}

impl TablesView {
    /// Load the packs if not yet loaded.
    pub fn ensure_loaded(&mut self, rules: &RuleSet) {
        if self.packs.is_some() {
            return;
        }
        let mut set = PackSet::load(rules, self.user_dir.as_deref());
        for d in &self.opened {
            set.add_user_dir(d, true);
        }
        if self.selected.is_none() {
            self.selected = set
                .packs
                .first()
                .and_then(|p| p.tables.first().map(|t| (p.id.clone(), t.id.clone())));
        }
        self.packs = Some(set);
    }

    /// Add a folder of packs (or a pack folder) picked by the player; its
    /// packs join the list, its problems are shown in the view. Every pack
    /// is read again, so opening a folder once more picks up the fixes made
    /// to it.
    pub fn add_folder(&mut self, dir: &Path, rules: &RuleSet) {
        if !self.opened.iter().any(|d| d == dir) {
            self.opened.push(dir.to_path_buf());
        }
        let mut set = PackSet::load(rules, self.user_dir.as_deref());
        let mut first_new = None;
        for d in &self.opened {
            let before = set.packs.len();
            set.add_user_dir(d, true);
            if d == dir {
                first_new = set.packs.get(before).map(|p| p.id.clone());
            }
        }
        if let Some(p) = first_new.as_deref().and_then(|id| set.pack(id))
            && let Some(t) = p.tables.first()
        {
            self.selected = Some((p.id.clone(), t.id.clone()));
        }
        self.packs = Some(set);
    }

    /// The table shown, with its pack.
    pub fn current(&self) -> Option<(&Pack, &PackTable)> {
        let (p, t) = self.selected.as_ref()?;
        let pack = self.packs.as_ref()?.pack(p)?;
        Some((pack, pack.table(t)?))
    }

    /// Select `pack/id`.
    pub fn select(&mut self, wanted: &str, rules: &RuleSet) -> bool {
        self.ensure_loaded(rules);
        let Some(set) = &self.packs else {
            return false;
        };
        match set.find(wanted) {
            Ok((p, t)) => {
                self.selected = Some((p.id.clone(), t.id.clone()));
                true
            }
            Err(_) => false,
        }
    }

    /// The inputs and modifiers of the table shown (created with defaults).
    pub fn state_mut(&mut self) -> Option<&mut TableState> {
        let (p, t) = self.current()?;
        let key = table_ref(p, t);
        let fresh = default_state(t);
        let st = self.state.entry(key).or_insert_with(|| fresh.clone());
        // A pack read again may have other inputs: start over then.
        let same = st.mods.len() == fresh.mods.len()
            && st.values.len() == fresh.values.len()
            && st
                .values
                .iter()
                .zip(&fresh.values)
                .all(|(a, b)| std::mem::discriminant(a) == std::mem::discriminant(b));
        if !same {
            *st = fresh;
        }
        Some(st)
    }

    /// A typed seed starts a sequence whose first roll is what
    /// `impia table roll … --seed S` gives; with no seed each roll gets a
    /// fresh one, so that every roll of the history can be replayed.
    fn sync_seed(&mut self) {
        let wanted = self.seed_text.trim().parse::<u64>().ok();
        if wanted.is_none() {
            self.roller = Roller::from_entropy();
            self.since_seed = 0;
        } else if wanted != self.seed_in_use {
            self.roller = match wanted {
                Some(s) => Roller::seeded(s),
                None => Roller::from_entropy(),
            };
            self.since_seed = 0;
        }
        self.seed_in_use = wanted;
        self.since_seed += 1;
    }

    /// Roll the table shown with its inputs and modifiers, and record it.
    pub fn roll(&mut self, l: Lang) {
        self.sync_seed();
        let Some(st) = self.state_mut().cloned() else {
            return;
        };
        let seed = self.roller.seed();
        let Some((pid, tid)) = &self.selected else {
            return;
        };
        // Borrow the packs and the roller apart: both are fields of self.
        let Some(pack) = self.packs.as_ref().and_then(|s| s.pack(pid)) else {
            return;
        };
        let Some(t) = pack.table(tid) else {
            return;
        };
        let modifier = applied_modifier(t, &st.mods, &st.values);
        let table = table_ref(pack, t);
        let result = t.roll(pack, modifier, &st.values, &mut self.roller);
        match result {
            Ok(r) => {
                let lines = r.lines(pack, l, false);
                let row = r.row;
                self.error = None;
                let nth = self.since_seed;
                self.history.insert(
                    0,
                    Rolled {
                        table,
                        lines,
                        seed,
                        nth,
                        row,
                    },
                );
                self.history.truncate(200);
            }
            Err(e) => self.error = Some(e),
        }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, l: Lang) {
        self.ensure_loaded(rules);
        ui.horizontal(|ui| {
            let seed_lbl = ui.label(l.pick("Semilla:", "Seed:"));
            ui.add(
                egui::TextEdit::singleline(&mut self.seed_text)
                    .desired_width(90.0)
                    .hint_text(l.pick("al azar", "random")),
            )
            .labelled_by(seed_lbl.id)
            .on_hover_text(l.pick(
                "Con una semilla, las tiradas se pueden repetir exactamente (como impia table roll --seed).",
                "With a seed, rolls can be reproduced exactly (as impia table roll --seed).",
            ));
            ui.separator();
            if ui
                .button(l.pick("Abrir carpeta de tablas…", "Open pack folder…"))
                .on_hover_text(l.pick(
                    "Una carpeta con tus tablas (un archivo YAML por tabla), o con packs: archivos que empiezan por «pack:» o subcarpetas.",
                    "A folder with your tables (one YAML file per table), or with packs: files that start with `pack:` or sub-folders.",
                ))
                .clicked()
                && let Some(dir) = rfd::FileDialog::new().pick_folder()
            {
                self.add_folder(&dir, rules);
            }
        });
        ui.separator();
        egui::Panel::left("tables_list")
            .resizable(true)
            .default_size(290.0)
            .min_size(200.0)
            .show(ui, |ui| self.list_ui(ui, l));
        egui::Panel::right("tables_history")
            .resizable(true)
            .default_size(330.0)
            .min_size(240.0)
            .show(ui, |ui| self.history_ui(ui, l));
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| self.table_ui(ui, l));
        });
    }

    fn list_ui(&mut self, ui: &mut egui::Ui, l: Lang) {
        ui.horizontal(|ui| {
            let lbl = ui.label(l.pick("Buscar:", "Search:"));
            ui.add(
                egui::TextEdit::singleline(&mut self.query)
                    .hint_text(l.pick("nombre de tabla", "table name"))
                    .desired_width(f32::INFINITY),
            )
            .labelled_by(lbl.id);
        });
        let q = self.query.trim().to_lowercase();
        let Some(set) = &self.packs else {
            return;
        };
        let mut clicked: Option<(String, String)> = None;
        egui::ScrollArea::vertical()
            .id_salt("tables_list_scroll")
            .show(ui, |ui| {
                for p in &set.packs {
                    let pack_hit = p.name.get(l).to_lowercase().contains(&q) || p.id.contains(&q);
                    let tables: Vec<&PackTable> = p
                        .tables
                        .iter()
                        .filter(|t| {
                            q.is_empty()
                                || pack_hit
                                || t.name.es.to_lowercase().contains(&q)
                                || t.name.en.to_lowercase().contains(&q)
                                || t.id.contains(&q)
                        })
                        .collect();
                    if tables.is_empty() {
                        continue;
                    }
                    ui.add_space(4.0);
                    let mut head = p.name.get(l).to_string();
                    if let Origin::User(_) = p.origin {
                        head.push_str(l.pick(" (tuyo)", " (yours)"));
                    }
                    ui.strong(head);
                    for t in tables {
                        let sel = self
                            .selected
                            .as_ref()
                            .is_some_and(|(sp, st)| *sp == p.id && *st == t.id);
                        let dice = t
                            .dice_label()
                            .map(|d| format!("  · {d}"))
                            .unwrap_or_default();
                        if ui
                            .selectable_label(sel, format!("{}{dice}", t.name.get(l)))
                            .clicked()
                        {
                            clicked = Some((p.id.clone(), t.id.clone()));
                        }
                    }
                }
                if !set.problems.is_empty() {
                    ui.add_space(8.0);
                    ui.colored_label(
                        ui.visuals().error_fg_color,
                        l.pick(
                            "⚠ Packs con errores (no cargados):",
                            "⚠ Packs with errors (not loaded):",
                        ),
                    );
                    for e in &set.problems {
                        ui.add_space(4.0);
                        ui.add(
                            egui::Label::new(
                                egui::RichText::new(e.to_string())
                                    .color(ui.visuals().error_fg_color),
                            )
                            .wrap(),
                        );
                    }
                }
            });
        if let Some(c) = clicked {
            self.selected = Some(c);
            self.error = None;
        }
    }

    fn table_ui(&mut self, ui: &mut egui::Ui, l: Lang) {
        let Some((pack, t)) = self.current() else {
            ui.label(l.pick(
                "Elige una tabla de la lista.",
                "Pick a table from the list.",
            ));
            return;
        };
        let pack = pack.clone();
        let t = t.clone();
        ui.heading(t.name.get(l));
        let mut sub = vec![pack.name.get(l).to_string()];
        if let Some(r) = &t.rule {
            sub.push(r.clone());
        }
        if let Some(d) = t.dice_label() {
            sub.push(d);
        }
        ui.weak(sub.join(" · "));
        if let Some(d) = &t.description {
            ui.add(egui::Label::new(d.get(l)).wrap());
        }
        ui.add_space(4.0);
        let Some(st) = self.state_mut() else {
            return;
        };
        inputs_ui(ui, &t, st, l);
        let st = st.clone();
        let modifier = applied_modifier(&t, &st.mods, &st.values);
        if let Body::Lookup(lk) = &t.body {
            ui.add_space(6.0);
            result_ui(ui, lk, &st.values, l);
        }
        // A reference table (fall, jump, cover) has nothing to roll: its
        // result above is all there is.
        if t.rolls() {
            ui.add_space(8.0);
            let label = l.pick("🎲 Tirar", "🎲 Roll");
            let button = egui::Button::new(egui::RichText::new(label).size(20.0));
            if ui.add(button).clicked() {
                self.roll(l);
            }
            if let Some(e) = &self.error {
                ui.colored_label(ui.visuals().error_fg_color, format!("⚠ {e}"));
            }
            let table = table_ref(&pack, &t);
            if let Some(last) = self.history.first().filter(|r| r.table == table) {
                ui.add_space(6.0);
                for (i, line) in last.lines.iter().enumerate() {
                    let text = egui::RichText::new(line).size(if i == 0 { 18.0 } else { 16.0 });
                    ui.add(egui::Label::new(text.strong()).wrap());
                }
            }
            ui.add_space(6.0);
            ui.strong(l.pick(
                "Probabilidad exacta antes de tirar",
                "Exact chance before rolling",
            ));
            match t.odds(modifier, &st.values) {
                Ok(list) => {
                    let rolled = self
                        .history
                        .first()
                        .filter(|r| r.table == table_ref(&pack, &t))
                        .and_then(|r| r.row);
                    odds_ui(ui, &pack, &t, &list, rolled, l)
                }
                // A lookup's error is shown with its result above.
                Err(e) if matches!(t.body, Body::Roll(_)) => {
                    ui.colored_label(ui.visuals().error_fg_color, format!("⚠ {e}"));
                }
                Err(_) => {}
            }
        }
        ui.add_space(10.0);
        if let Body::Lookup(lk) = &t.body {
            let at = lk.locate(&st.values).ok();
            egui::CollapsingHeader::new(l.pick("La tabla completa", "The whole table"))
                .default_open(lk.rows.len() <= 12)
                .show(ui, |ui| {
                    grid_ui(
                        ui,
                        &t,
                        lk,
                        at.as_ref().and_then(|a| a.row),
                        at.as_ref().and_then(|a| a.column),
                        l,
                    )
                });
        }
        for n in &t.notes {
            ui.add(egui::Label::new(egui::RichText::new(n.get(l)).italics()).wrap());
        }
    }

    fn history_ui(&mut self, ui: &mut egui::Ui, l: Lang) {
        ui.horizontal(|ui| {
            ui.heading(l.pick("Historial", "History"));
            if ui.button(l.pick("Borrar", "Clear")).clicked() {
                self.history.clear();
            }
        });
        egui::ScrollArea::vertical()
            .id_salt("tables_history_scroll")
            .show(ui, |ui| {
                for h in &self.history {
                    let name = self
                        .packs
                        .as_ref()
                        .and_then(|s| s.find(&h.table).ok())
                        .map(|(_, t)| t.name.get(l).to_string())
                        .unwrap_or_else(|| h.table.clone());
                    ui.strong(name);
                    for line in &h.lines {
                        ui.add(egui::Label::new(line).wrap());
                    }
                    let seed = if h.nth > 1 {
                        format!(
                            "{} {} · {} {}",
                            l.pick("semilla", "seed"),
                            h.seed,
                            l.pick("tirada", "roll"),
                            h.nth
                        )
                    } else {
                        format!("{} {}", l.pick("semilla", "seed"), h.seed)
                    };
                    ui.weak(seed);
                    ui.separator();
                }
            });
    }
}

/// A field per input and per modifier of the table.
fn inputs_ui(ui: &mut egui::Ui, t: &PackTable, st: &mut TableState, l: Lang) {
    egui::Grid::new("table_inputs")
        .num_columns(2)
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            if let Body::Lookup(lk) = &t.body {
                for (i, input) in lk.inputs.iter().enumerate() {
                    let Some(v) = st.values.get_mut(i) else {
                        continue;
                    };
                    let lbl = ui.label(input.name.get(l));
                    match (&input.kind, v) {
                        (InputKind::Number { min, max }, InputValue::Number(n)) => {
                            // The loader keeps min ≤ max; a lone min may be high.
                            let lo = min.unwrap_or(-999);
                            let hi = max.unwrap_or(lo.saturating_add(999).max(999)).max(lo);
                            ui.add(egui::DragValue::new(n).range(lo..=hi))
                                .labelled_by(lbl.id);
                        }
                        (InputKind::Measure, InputValue::Measure(x)) => {
                            ui.add(
                                egui::DragValue::new(x)
                                    .range(0.0..=1000.0)
                                    .speed(0.5)
                                    .suffix(" cm"),
                            )
                            .labelled_by(lbl.id);
                        }
                        (InputKind::Choice(cs), InputValue::Choice(c)) => {
                            let current = cs.get(*c).map(|c| c.name.get(l)).unwrap_or("—");
                            egui::ComboBox::from_id_salt(("table_input", i))
                                .selected_text(current)
                                .show_ui(ui, |ui| {
                                    for (k, ch) in cs.iter().enumerate() {
                                        ui.selectable_value(c, k, ch.name.get(l));
                                    }
                                })
                                .response
                                .labelled_by(lbl.id);
                        }
                        _ => {
                            ui.label("?");
                        }
                    }
                    ui.end_row();
                }
            }
            for (m, v) in t.modifiers.iter().zip(st.mods.iter_mut()) {
                match m.value {
                    Some(fixed) => {
                        let mut on = *v != 0;
                        ui.label("");
                        if ui
                            .checkbox(&mut on, format!("{} ({fixed:+})", m.name.get(l)))
                            .changed()
                        {
                            *v = if on { fixed } else { 0 };
                        }
                    }
                    None => {
                        let lbl = ui.label(m.name.get(l));
                        ui.add(egui::DragValue::new(v).range(-40..=40))
                            .labelled_by(lbl.id);
                    }
                }
                ui.end_row();
            }
        });
}

/// What the inputs cross, before any roll: `Hit on 3+ with 1d6`, and how an
/// input outside the table was read.
fn result_ui(ui: &mut egui::Ui, lk: &LookupBody, values: &[InputValue], l: Lang) {
    match lk.locate(values) {
        Ok(at) => {
            let text = match (&at.cell, lk.column_dice) {
                (Some(c), _) => c.describe(lk, l),
                (None, Some(d)) => format!(
                    "{} {d}",
                    l.pick("La columna sale de tirar", "The column comes from rolling")
                ),
                (None, None) => String::new(),
            };
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(l.pick("Resultado:", "Result:")).size(18.0));
                ui.label(egui::RichText::new(text).size(18.0).strong());
            });
            if let Some(n) = at.note {
                ui.add(egui::Label::new(egui::RichText::new(n.get(l)).italics()).wrap());
            }
        }
        Err(e) => {
            ui.colored_label(ui.visuals().error_fg_color, format!("⚠ {e}"));
        }
    }
}

/// The chance of each outcome: fraction and percent; for a roll table the
/// row last rolled picked out, and the table a row sends to.
fn odds_ui(
    ui: &mut egui::Ui,
    pack: &Pack,
    t: &PackTable,
    list: &[OutcomeOdds],
    rolled: Option<usize>,
    l: Lang,
) {
    let hi = ui.visuals().selection.bg_fill;
    egui::Grid::new("table_odds")
        .striped(true)
        .num_columns(if matches!(t.body, Body::Roll(_)) {
            3
        } else {
            2
        })
        .spacing([14.0, 4.0])
        .show(ui, |ui| {
            for (i, o) in list.iter().enumerate() {
                let mut then = None;
                if let Body::Roll(rb) = &t.body {
                    let mut key = egui::RichText::new(&o.key).strong();
                    if rolled == Some(i) {
                        key = key.background_color(hi);
                    }
                    ui.label(key);
                    then = rb
                        .rows
                        .get(i)
                        .and_then(|r| r.then.as_deref())
                        .and_then(|id| pack.table(id));
                }
                let zero = *o.odds.0.numer() == 0;
                let odds =
                    egui::RichText::new(format!("{}  ({})", o.odds.exact(), o.odds.percent()))
                        .monospace();
                ui.label(if zero { odds.weak() } else { odds.strong() });
                let text = match then {
                    Some(next) => format!(
                        "{}  → {} {}",
                        o.name.get(l),
                        l.pick("tira en", "roll on"),
                        next.name.get(l)
                    ),
                    None => o.name.get(l).to_string(),
                };
                let name = egui::RichText::new(text);
                ui.add(egui::Label::new(if zero { name.weak() } else { name }).wrap());
                ui.end_row();
            }
        });
}

/// A lookup as printed, the cell the inputs cross picked out.
fn grid_ui(
    ui: &mut egui::Ui,
    t: &PackTable,
    lk: &LookupBody,
    row: Option<usize>,
    column: Option<usize>,
    l: Lang,
) {
    let hi = ui.visuals().selection.bg_fill;
    if lk.columns.is_empty() {
        egui::Grid::new(("lookup_rows", &t.id))
            .striped(true)
            .num_columns(2)
            .show(ui, |ui| {
                for (i, r) in lk.rows.iter().enumerate() {
                    let key = match &r.key {
                        Key::Choice(_) => crate::core::packs::choice_name(
                            &lk.inputs[0],
                            &key_text(&r.key, &lk.inputs[0]),
                            l,
                        )
                        .unwrap_or("")
                        .to_string(),
                        _ => row_label(lk, i),
                    };
                    let mut k = egui::RichText::new(key).strong();
                    if row == Some(i) {
                        k = k.background_color(hi);
                    }
                    ui.label(k);
                    let text = r
                        .cells
                        .first()
                        .map(|c| c.describe(lk, l))
                        .unwrap_or_default();
                    ui.add(egui::Label::new(text).wrap());
                    ui.end_row();
                }
            });
    } else {
        let col_input = lk.inputs.get(1).unwrap_or(&lk.inputs[0]);
        let columns = match (lk.inputs.get(1), lk.column_dice) {
            (Some(i), _) => i.name.get(l).to_string(),
            (None, Some(d)) => d.to_string(),
            (None, None) => String::new(),
        };
        ui.weak(format!(
            "{}: {} · {}: {columns}",
            l.pick("Filas", "Rows"),
            lk.inputs[0].name.get(l),
            l.pick("Columnas", "Columns")
        ));
        egui::Grid::new(("lookup_grid", &t.id))
            .striped(true)
            .spacing([6.0, 2.0])
            .show(ui, |ui| {
                ui.label("");
                for c in &lk.columns {
                    let label = match c {
                        Key::Choice(_) => {
                            crate::core::packs::choice_name(col_input, &key_text(c, col_input), l)
                                .unwrap_or("")
                                .to_string()
                        }
                        _ => key_text(c, col_input),
                    };
                    ui.label(egui::RichText::new(label).small().strong());
                }
                ui.end_row();
                for (i, r) in lk.rows.iter().enumerate() {
                    let key = match &r.key {
                        Key::Choice(_) => crate::core::packs::choice_name(
                            &lk.inputs[0],
                            &key_text(&r.key, &lk.inputs[0]),
                            l,
                        )
                        .unwrap_or("")
                        .to_string(),
                        _ => key_text(&r.key, &lk.inputs[0]),
                    };
                    ui.label(egui::RichText::new(key).small().strong());
                    for (j, c) in r.cells.iter().enumerate() {
                        let mut text = egui::RichText::new(c.short(lk, l)).monospace();
                        if row == Some(i) && column == Some(j) {
                            text = text.background_color(hi).strong();
                        }
                        ui.label(text).on_hover_text(c.describe(lk, l));
                    }
                    ui.end_row();
                }
            });
    }
    for (code, text) in lk.legend_lines(l) {
        ui.label(format!("{code}: {text}"));
    }
    if let Some(text) = lk.out_of_range.text() {
        ui.add(egui::Label::new(egui::RichText::new(text.get(l)).italics()).wrap());
    }
}
