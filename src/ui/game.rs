//! The Game view: one screen for the table. Both warbands side by side as
//! model cards (fear pips against Courage, status, own DP), both pools as big
//! numbers, the turn and round, who acts now, the actions with their DP cost,
//! the check prefilled from the tracked models with its exact odds, the roll,
//! and the log with undo. Everything goes through `Game::apply`, the same
//! door the CLI and the tests use.

use std::path::{Path, PathBuf};

use crate::core::dice::{CheckSpec, OpposedSpec};
use crate::core::game::{
    Action, CheckDice, FightOptions, Game, GameSetup, HitOptions, ModelRef, ModelState, Now,
    OpposedDice, PreparedCheck, RangeBand, ShootOptions, Side, SpellChoice, Status,
};
use crate::core::odds::Odds;
use crate::core::roster::{self, Roster};
use crate::core::tables::{Keyword, RuleSet, Stat};
use crate::core::text::Lang;

/// What the action panel is preparing.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Form {
    #[default]
    None,
    /// Assault, Brutal assault or Fight against a target.
    Melee {
        kind: MeleeKind,
        target: Option<ModelRef>,
        options: FightOptions,
    },
    Shoot {
        target: Option<ModelRef>,
        options: ShootOptions,
    },
    Disengage,
    Loot {
        body: Option<ModelRef>,
    },
    Order {
        model: Option<ModelRef>,
    },
    Rally {
        models: Vec<ModelRef>,
    },
    Breath {
        targets: Vec<ModelRef>,
    },
    Spell {
        choice: SpellChoice,
        within_15cm: Vec<ModelRef>,
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
    End {
        terrain: Vec<String>,
        near_enemy_totem: bool,
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

/// The action an opposed roll completes.
#[derive(Clone, Debug)]
pub enum OpposedAction {
    Melee {
        kind: MeleeKind,
        attacker: ModelRef,
        defender: ModelRef,
        options: FightOptions,
    },
    Hit {
        attacker: ModelRef,
        target: ModelRef,
        options: HitOptions,
        witnesses: Vec<ModelRef>,
    },
    Fall {
        model: ModelRef,
        height_cm: f64,
        witnesses: Vec<ModelRef>,
    },
}

/// The action a single check completes.
#[derive(Clone, Debug)]
pub enum CheckAction {
    Shoot {
        shooter: ModelRef,
        target: ModelRef,
        options: ShootOptions,
    },
    Attribute {
        model: ModelRef,
        stat: Stat,
        modifier: i32,
        reason: String,
    },
}

impl OpposedAction {
    fn with(self, roll: Option<OpposedDice>) -> Action {
        match self {
            OpposedAction::Melee {
                kind: MeleeKind::Fight,
                attacker,
                defender,
                options,
            } => Action::Fight {
                attacker,
                defender,
                options,
                roll,
            },
            OpposedAction::Melee {
                kind,
                attacker,
                defender,
                options,
            } => Action::Assault {
                attacker,
                defender,
                brutal: kind == MeleeKind::Brutal,
                options,
                roll,
            },
            OpposedAction::Hit {
                attacker,
                target,
                options,
                witnesses,
            } => Action::ResolveHit {
                attacker,
                target,
                options,
                roll,
                witnesses,
            },
            OpposedAction::Fall {
                model,
                height_cm,
                witnesses,
            } => Action::Fall {
                model,
                height_cm,
                roll,
                witnesses,
            },
        }
    }
}

impl CheckAction {
    fn with(self, roll: Option<CheckDice>) -> Action {
        match self {
            CheckAction::Shoot {
                shooter,
                target,
                options,
            } => Action::Shoot {
                shooter,
                target,
                options,
                roll,
                stray: None,
            },
            CheckAction::Attribute {
                model,
                stat,
                modifier,
                reason,
            } => Action::Check {
                model,
                stat,
                modifier,
                reason,
                options: Default::default(),
                roll,
            },
        }
    }
}

/// The fields of the "new game" form.
#[derive(Clone, Debug, Default)]
pub struct NewGameForm {
    pub roster_a: Option<PathBuf>,
    pub roster_b: Option<PathBuf>,
    pub scenario: String,
    pub player_a: String,
    pub player_b: String,
    pub seed: String,
}

#[derive(Default)]
pub struct GameView {
    pub game: Option<Game>,
    pub form: Form,
    pub selected: Option<ModelRef>,
    pub new_game: NewGameForm,
    /// Friends named as witnesses while accepting the pending roll (R31).
    pub accept_witnesses: Vec<ModelRef>,
    /// A die typed in from the table instead of rolled by the app.
    pub real_die: u32,
    /// The roll-off's real dice, A and B (R08).
    pub real_pair: (u32, u32),
    /// The last message: (text, is error).
    pub message: Option<(String, bool)>,
    /// The game file to offer to continue (the last one played).
    pub last_game: Option<PathBuf>,
}

fn pick_file(dir: &str) -> Option<PathBuf> {
    rfd::FileDialog::new()
        .add_filter("YAML", &["yaml", "yml"])
        .set_directory(dir)
        .pick_file()
}

/// The `.yaml` files of `rosters/`, sorted.
fn roster_files() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir("rosters")
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "yaml" || x == "yml"))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// A fresh file name under `games/` for a new game's autosave.
fn new_game_path(a: &str, b: &str) -> PathBuf {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let slug = |s: &str| crate::core::roster::slug(s);
    PathBuf::from("games").join(format!("{}-vs-{}-{secs}.yaml", slug(a), slug(b)))
}

impl GameView {
    fn say(&mut self, text: impl Into<String>, error: bool) {
        self.message = Some((text.into(), error));
    }

    /// Send one action through the game's door; refusals are shown, never lost.
    pub fn apply(&mut self, action: Action, l: Lang) -> bool {
        let Some(g) = self.game.as_mut() else {
            return false;
        };
        match g.apply(action) {
            Ok(()) => {
                self.message = None;
                self.form = Form::None;
                true
            }
            Err(e) if e.is_applied() => {
                self.form = Form::None;
                self.say(e.message(l), true);
                true
            }
            Err(e) => {
                self.say(e.message(l), true);
                false
            }
        }
    }

    /// Send an action through the game's door, the core rolling any die it
    /// lacks: a rolled check becomes the pending roll shown next.
    pub fn act(&mut self, action: Action, l: Lang) -> bool {
        let Some(g) = self.game.as_mut() else {
            return false;
        };
        match g.with_dice(&action) {
            Ok(full) => {
                self.accept_witnesses.clear();
                self.apply(full, l)
            }
            Err(e) => {
                self.say(e.message(l), true);
                false
            }
        }
    }

    /// Start a game from two rosters, autosaving to a new file under `games/`.
    pub fn start(&mut self, setup: GameSetup, rules: &RuleSet, l: Lang) -> Option<PathBuf> {
        let path = new_game_path(&setup.rosters.a.name, &setup.rosters.b.name);
        let mut game = Game::new(setup, rules);
        let warnings = game.warnings(l);
        let saved = std::fs::create_dir_all("games")
            .map_err(|e| e.to_string())
            .and_then(|_| game.save(&path).map_err(|e| e.to_string()));
        self.game = Some(game);
        self.form = Form::None;
        match saved {
            Ok(()) => {
                let mut text = format!(
                    "{} {}",
                    l.pick("Partida guardada en", "Game saved to"),
                    path.display()
                );
                if !warnings.is_empty() {
                    text = format!("{text} — {}", warnings.join("; "));
                }
                self.say(text, !warnings.is_empty());
                self.last_game = Some(path.clone());
                Some(path)
            }
            Err(e) => {
                self.say(
                    format!(
                        "{} {e}",
                        l.pick(
                            "La partida sigue, pero no se puede guardar:",
                            "The game goes on, but it cannot be saved:"
                        )
                    ),
                    true,
                );
                None
            }
        }
    }

    /// Open a game file (continue after a crash or a closed laptop).
    pub fn open(&mut self, path: &Path, rules: &RuleSet, l: Lang) -> bool {
        // Reopening the game this view has open: let go of its writer's lock
        // first, or the view would open its own game read-only.
        if self
            .game
            .as_ref()
            .and_then(|g| g.path())
            .is_some_and(|p| p == path)
        {
            self.game = None;
        }
        match Game::recover(path, rules) {
            Ok((game, damage)) => {
                let turn = game.state().turn;
                self.game = Some(game);
                self.form = Form::None;
                self.last_game = Some(path.to_path_buf());
                let read_only = self.game.as_ref().is_some_and(|g| g.read_only());
                match damage {
                    _ if read_only => self.say(
                        format!(
                            "{} {}",
                            path.display(),
                            l.pick(
                                "está abierta para escribir en otra ventana u orden de impia: aquí solo se puede ver",
                                "is open for writing in another impia window or command: here it can only be viewed"
                            )
                        ),
                        true,
                    ),
                    Some(e) => self.say(
                        format!(
                            "{} {e}",
                            l.pick(
                                "Partida recuperada hasta la última acción válida (copia en .bak):",
                                "Game recovered up to the last good action (copy in .bak):"
                            )
                        ),
                        true,
                    ),
                    None => self.say(
                        format!(
                            "{} {} ({} {turn})",
                            l.pick("Partida abierta:", "Game opened:"),
                            path.display(),
                            l.pick("turno", "turn")
                        ),
                        false,
                    ),
                }
                true
            }
            Err(e) => {
                self.say(
                    format!(
                        "{} {e}",
                        l.pick("No se pudo abrir la partida:", "Could not open the game:")
                    ),
                    true,
                );
                false
            }
        }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, open_roster: &Roster, l: Lang) {
        if self.game.is_none() {
            self.setup_ui(ui, rules, open_roster, l);
            return;
        }
        self.shortcuts(ui.ctx());
        egui::Panel::top("game_header").show(ui, |ui| self.header_ui(ui, l));
        egui::Panel::right("game_log")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| self.log_ui(ui, l));
        egui::Panel::left("side_a")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| self.side_ui(ui, Side::A, l));
        egui::Panel::left("side_b")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| self.side_ui(ui, Side::B, l));
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                self.now_ui(ui, rules, l);
                ui.separator();
                self.adjust_ui(ui, l);
            });
        });
    }

    fn shortcuts(&mut self, ctx: &egui::Context) {
        use egui::{Key, KeyboardShortcut, Modifiers};
        let Some(g) = self.game.as_mut() else {
            return;
        };
        let redo = ctx.input_mut(|i| {
            i.consume_shortcut(&KeyboardShortcut::new(
                Modifiers::COMMAND | Modifiers::SHIFT,
                Key::Z,
            )) || i.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, Key::Y))
        });
        if redo {
            let _ = g.redo();
        }
        if ctx.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, Key::Z)))
        {
            let _ = g.undo();
            self.form = Form::None;
        }
    }

    // --- No game yet ---

    fn setup_ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, open_roster: &Roster, l: Lang) {
        ui.heading(l.pick("Nueva partida", "New game"));
        if let Some(p) = self.last_game.clone()
            && p.exists()
        {
            ui.horizontal(|ui| {
                let label = format!(
                    "▶ {} ({})",
                    l.pick("Continuar la última partida", "Continue the last game"),
                    p.display()
                );
                if ui.button(egui::RichText::new(label).size(18.0)).clicked() {
                    self.open(&p, rules, l);
                }
            });
            ui.add_space(8.0);
        }
        if ui.button(l.pick("Abrir partida…", "Open game…")).clicked()
            && let Some(p) = pick_file("games")
        {
            self.open(&p, rules, l);
        }
        ui.separator();
        let f = &mut self.new_game;
        egui::Grid::new("new_game")
            .num_columns(2)
            .spacing([12.0, 8.0])
            .show(ui, |ui| {
                for (k, side) in ["A", "B"].iter().enumerate() {
                    ui.label(format!("{} {side}", l.pick("Banda", "Warband")));
                    ui.horizontal(|ui| {
                        let slot = if k == 0 {
                            &mut f.roster_a
                        } else {
                            &mut f.roster_b
                        };
                        let shown = slot.as_ref().map_or_else(
                            || {
                                if k == 0 {
                                    format!(
                                        "{} ({})",
                                        open_roster.name,
                                        l.pick("la banda abierta", "the open warband")
                                    )
                                } else {
                                    l.pick("elige una lista…", "pick a roster…").to_string()
                                }
                            },
                            |p| p.display().to_string(),
                        );
                        // The rosters folder as a list: works where no file
                        // dialog is available, and is quicker at the table.
                        egui::ComboBox::from_id_salt(("roster_pick", k))
                            .selected_text(shown)
                            .width(280.0)
                            .show_ui(ui, |ui| {
                                for p in roster_files() {
                                    let name = p.display().to_string();
                                    ui.selectable_value(slot, Some(p), name);
                                }
                            });
                        if ui.button(l.pick("Otra…", "Other…")).clicked()
                            && let Some(p) = pick_file("rosters")
                        {
                            *slot = Some(p);
                        }
                    });
                    ui.end_row();
                }
                let lbl = ui.label(l.pick("Jugador A", "Player A"));
                ui.text_edit_singleline(&mut f.player_a).labelled_by(lbl.id);
                ui.end_row();
                let lbl = ui.label(l.pick("Jugador B", "Player B"));
                ui.text_edit_singleline(&mut f.player_b).labelled_by(lbl.id);
                ui.end_row();
                let lbl = ui.label(l.pick("Escenario", "Scenario"));
                ui.text_edit_singleline(&mut f.scenario).labelled_by(lbl.id);
                ui.end_row();
                let lbl = ui.label(l.pick("Semilla (opcional)", "Seed (optional)"));
                ui.text_edit_singleline(&mut f.seed).labelled_by(lbl.id);
                ui.end_row();
            });
        ui.add_space(8.0);
        if ui
            .button(
                egui::RichText::new(format!(
                    "⚔ {}",
                    l.pick("Empezar la partida", "Start the game")
                ))
                .size(18.0),
            )
            .clicked()
        {
            self.start_from_form(rules, open_roster, l);
        }
        if let Some((m, err)) = &self.message {
            message_label(ui, m, *err);
        }
    }

    fn start_from_form(&mut self, rules: &RuleSet, open_roster: &Roster, l: Lang) {
        let f = self.new_game.clone();
        let load = |p: &Option<PathBuf>, fallback: Option<&Roster>| -> Result<Roster, String> {
            match (p, fallback) {
                (Some(p), _) => roster::load_roster(p, rules).map_err(|e| e.to_string()),
                (None, Some(r)) => Ok(r.clone()),
                (None, None) => Err(l
                    .pick(
                        "Elige la lista de la banda B.",
                        "Choose warband B's roster.",
                    )
                    .to_string()),
            }
        };
        let a = match load(&f.roster_a, Some(open_roster)) {
            Ok(r) => r,
            Err(e) => return self.say(e, true),
        };
        let b = match load(&f.roster_b, None) {
            Ok(r) => r,
            Err(e) => return self.say(e, true),
        };
        let mut setup = GameSetup::new(a, b).with_players(
            if f.player_a.trim().is_empty() {
                "A".to_string()
            } else {
                f.player_a.clone()
            },
            if f.player_b.trim().is_empty() {
                "B".to_string()
            } else {
                f.player_b.clone()
            },
        );
        if !f.scenario.trim().is_empty() {
            setup = setup.with_scenario(f.scenario.clone());
        }
        if let Ok(seed) = f.seed.trim().parse::<u64>() {
            setup = setup.with_seed(seed);
        } else {
            setup = setup.with_seed(crate::core::dice::Roller::from_entropy().seed());
        }
        self.start(setup, rules, l);
    }

    // --- The header: turn, round, who acts, pools, undo ---

    fn header_ui(&mut self, ui: &mut egui::Ui, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let st = g.state();
        let (can_undo, can_redo) = (g.can_undo(), g.can_redo());
        // 0 undo, 1 redo, 2 close.
        let mut clicked = None;
        ui.horizontal(|ui| {
            ui.label(
                egui::RichText::new(format!("{} {}", l.pick("Turno", "Turn"), st.turn))
                    .size(22.0)
                    .strong(),
            );
            if let Some(r) = st.round.as_ref().map(|r| r.round) {
                ui.label(
                    egui::RichText::new(format!("· {} {r}", l.pick("Ronda", "Round"))).size(22.0),
                );
            }
            ui.separator();
            ui.label(
                egui::RichText::new(g.now_text(l))
                    .size(20.0)
                    .color(egui::Color32::from_rgb(230, 190, 80)),
            );
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui
                    .add_enabled(can_redo, egui::Button::new(l.pick("↷ Rehacer", "↷ Redo")))
                    .on_hover_text("Ctrl+Y")
                    .clicked()
                {
                    clicked = Some(1);
                }
                if ui
                    .add_enabled(can_undo, egui::Button::new(l.pick("↶ Deshacer", "↶ Undo")))
                    .on_hover_text("Ctrl+Z")
                    .clicked()
                {
                    clicked = Some(0);
                }
                if ui
                    .button(l.pick("Cerrar partida", "Close game"))
                    .on_hover_text(l.pick("La partida queda guardada", "The game stays saved"))
                    .clicked()
                {
                    clicked = Some(2);
                }
            });
        });
        if let Some((m, err)) = &self.message {
            message_label(ui, m, *err);
        }
        match (clicked, self.game.as_mut()) {
            (Some(0), Some(g)) => {
                if let Err(e) = g.undo() {
                    self.say(e.message(l), true);
                }
                self.form = Form::None;
            }
            (Some(1), Some(g)) => {
                if let Err(e) = g.redo() {
                    self.say(e.message(l), true);
                }
            }
            (Some(2), _) => self.game = None,
            _ => {}
        }
    }

    // --- A warband: pool, VP, model cards ---

    fn side_ui(&mut self, ui: &mut egui::Ui, side: Side, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let st = g.state();
        let Some(s) = st.side(side) else {
            return;
        };
        let acting = st.actor();
        ui.label(egui::RichText::new(s.warband.as_ref()).strong().size(16.0));
        ui.label(format!(
            "{} · {} {}{}",
            if s.player.is_empty() {
                side.label(l)
            } else {
                s.player.as_ref()
            },
            l.pick("Tótem:", "Totem:"),
            s.totem.as_deref().unwrap_or("—"),
            if s.totem_standing {
                ""
            } else {
                l.pick(" (destruido)", " (destroyed)")
            }
        ));
        ui.horizontal(|ui| {
            ui.label(l.pick("Reserva", "Pool"));
            ui.label(
                egui::RichText::new(format!("{} {}", s.pool, l.pick("PD", "DP")))
                    .size(30.0)
                    .strong()
                    .color(egui::Color32::from_rgb(110, 170, 240)),
            )
            .on_hover_text(l.pick("Reserva común de PD", "Destiny pool"));
            ui.add_space(16.0);
            ui.label(
                egui::RichText::new(format!("{} {}", s.score.total(), l.pick("PV", "VP")))
                    .size(30.0)
                    .strong(),
            )
            .on_hover_text(format!(
                "{}: {} · {}: {} · {}: {}",
                l.pick("Bajas del Líder", "Leader's kills"),
                s.score.kills,
                l.pick("Tótem", "Totem"),
                s.score.totem,
                l.pick("Escenario", "Scenario"),
                s.score.scenario
            ));
        });
        ui.separator();
        let mut clicked = None;
        egui::ScrollArea::vertical()
            .id_salt(("cards", side))
            .show(ui, |ui| {
                for (m, ms) in st.models_of(side) {
                    let selected = self.selected == Some(m);
                    if model_card(ui, m, ms, selected, acting == Some(m), l).clicked() {
                        clicked = Some(m);
                    }
                }
            });
        if let Some(m) = clicked {
            self.selected = Some(m);
        }
    }

    // --- The log ---

    fn log_ui(&mut self, ui: &mut egui::Ui, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        ui.heading(l.pick("Registro", "Log"));
        ui.label(
            egui::RichText::new(format!(
                "{} {}",
                g.actions().len(),
                l.pick("acciones", "actions")
            ))
            .weak(),
        );
        egui::ScrollArea::vertical()
            .stick_to_bottom(true)
            .show_rows(ui, 18.0, g.actions().len(), |ui, range| {
                for e in g.log().skip(range.start).take(range.end - range.start) {
                    ui.add(
                        egui::Label::new(format!("{}. {}", e.index + 1, e.describe(l))).truncate(),
                    )
                    .on_hover_text(e.describe(l));
                }
            });
    }

    // --- What happens now ---

    fn now_ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let now = g.now();
        let beast_due = g.state().beast_due;
        match now {
            Now::StartTurn { turn } => self.start_turn_ui(ui, rules, turn, l),
            Now::ChangeRound { side } => self.change_round_ui(ui, side, l),
            Now::RollOff { round } => self.rolloff_ui(ui, round, l),
            Now::ChooseStart { round, winner } => self.choose_start_ui(ui, round, winner, l),
            Now::Rolled => self.rolled_ui(ui, l),
            Now::Pick {
                round,
                side,
                models,
            } => self.pick_ui(ui, round, side, &models, l),
            Now::Acting { model, ordered } => {
                self.acting_ui(ui, rules, ordered.unwrap_or(model), l)
            }
            Now::ResolveHits { hits } => self.hits_ui(ui, rules, &hits, l),
        }
        if beast_due {
            ui.separator();
            self.beast_ui(ui, l);
        }
        if self.game.as_ref().is_some_and(|g| {
            g.check(&Action::EndTurn).is_ok() && !matches!(g.now(), Now::StartTurn { .. })
        }) {
            ui.add_space(12.0);
            if ui
                .button(l.pick("Terminar el turno", "End the turn"))
                .clicked()
            {
                self.apply(Action::EndTurn, l);
            }
        }
    }

    fn start_turn_ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, turn: u32, l: Lang) {
        ui.heading(format!(
            "{} {turn}: {}",
            l.pick("Turno", "Turn"),
            l.pick("Fuerzas Oscuras (R39)", "Dark Forces (R39)")
        ));
        if let Some(t) = rules.roll_table("dark_forces")
            && let Ok(odds) = t.row_odds(0)
        {
            for (row, o) in t.rows.iter().zip(odds) {
                ui.add(
                    egui::Label::new(format!(
                        "{:>5}  ({})  {}",
                        row.range,
                        o.percent(),
                        row.text.get(l)
                    ))
                    .wrap(),
                );
            }
            ui.add_space(6.0);
        }
        ui.horizontal(|ui| {
            if big_button(
                ui,
                &format!(
                    "🎲 {}",
                    l.pick("Tirar Fuerzas Oscuras", "Roll the Dark Forces")
                ),
            )
            .on_hover_text(l.pick("Espacio", "Space"))
            .clicked()
                || key(ui, egui::Key::Space)
            {
                self.act(
                    Action::StartTurn {
                        dark_forces: Vec::new(),
                    },
                    l,
                );
            }
            ui.separator();
            let lbl = ui.label(l.pick("o dado real:", "or a real die:"));
            if self.real_die == 0 {
                self.real_die = 1;
            }
            ui.add(egui::DragValue::new(&mut self.real_die).range(1..=10))
                .labelled_by(lbl.id);
            if ui
                .button(l.pick("Usar este dado", "Use this die"))
                .clicked()
            {
                let die = self.real_die;
                self.apply(
                    Action::StartTurn {
                        dark_forces: vec![die],
                    },
                    l,
                );
            }
        });
    }

    fn change_round_ui(&mut self, ui: &mut egui::Ui, side: Option<Side>, l: Lang) {
        ui.heading(l.pick(
            "Modificar Ronda (R09): 1 PD por ronda",
            "Change round (R09): 1 DP per round",
        ));
        let sides: Vec<Side> = match side {
            Some(s) => vec![s],
            None => Side::WARBANDS.to_vec(),
        };
        let mut send = None;
        if let Some(g) = self.game.as_ref() {
            let st = g.state();
            ui.columns(sides.len(), |cols| {
                for (col, s) in cols.iter_mut().zip(&sides) {
                    let Some(ss) = st.side(*s) else { continue };
                    col.strong(format!(
                        "{} {} ({})",
                        l.pick("Banda", "Warband"),
                        s.label(l),
                        ss.player
                    ));
                    for (m, ms) in st.models_of(*s).filter(|(_, ms)| ms.status.in_play()) {
                        col.horizontal(|ui| {
                            ui.label(format!(
                                "{}: {} {}",
                                ms.name,
                                l.pick("ronda", "round"),
                                ms.round
                            ));
                            if ui
                                .small_button("▲")
                                .on_hover_text(
                                    l.pick("Subir una ronda (1 PD)", "One round up (1 DP)"),
                                )
                                .clicked()
                            {
                                send = Some(Action::ChangeRound { model: m, steps: 1 });
                            }
                            if ui
                                .small_button("▼")
                                .on_hover_text(
                                    l.pick("Bajar una ronda (1 PD)", "One round down (1 DP)"),
                                )
                                .clicked()
                            {
                                send = Some(Action::ChangeRound {
                                    model: m,
                                    steps: -1,
                                });
                            }
                        });
                    }
                    if col
                        .button(format!(
                            "{} {}",
                            l.pick("Terminar cambios de", "Done changing for"),
                            s.label(l)
                        ))
                        .clicked()
                    {
                        send = Some(Action::EndChangeRound { side: *s });
                    }
                }
            });
        }
        if let Some(a) = send {
            self.apply(a, l);
        }
    }

    fn rolloff_ui(&mut self, ui: &mut egui::Ui, round: i32, l: Lang) {
        ui.heading(format!(
            "{} {round}: {}",
            l.pick("Ronda", "Round"),
            l.pick(
                "ambos bandos tienen miniaturas: 1d10 cada uno (R08)",
                "both warbands have models: 1d10 each (R08)"
            )
        ));
        ui.horizontal(|ui| {
            if big_button(
                ui,
                &format!("🎲 {}", l.pick("Tirar el desempate", "Roll off")),
            )
            .clicked()
            {
                self.act(
                    Action::RollOff {
                        rolls: Vec::new(),
                        starts: None,
                    },
                    l,
                );
            }
            ui.separator();
            // Real dice from the table: A's d10 and B's d10 (a tie is rolled again).
            let lbl = ui.label(l.pick("o dados reales A/B:", "or real dice A/B:"));
            let (mut a, mut b) = self.real_pair;
            ui.add(egui::DragValue::new(&mut a).range(1..=10))
                .labelled_by(lbl.id);
            ui.add(egui::DragValue::new(&mut b).range(1..=10));
            self.real_pair = (a.clamp(1, 10), b.clamp(1, 10));
            if ui
                .add_enabled(a != b, egui::Button::new(l.pick("Usar", "Use")))
                .clicked()
            {
                self.act(
                    Action::RollOff {
                        rolls: vec![[a, b]],
                        starts: None,
                    },
                    l,
                );
            }
        });
    }

    fn choose_start_ui(&mut self, ui: &mut egui::Ui, round: i32, winner: Side, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        if let Some(rs) = g.state().round.as_ref() {
            for p in &rs.rolloff {
                ui.label(
                    egui::RichText::new(format!(
                        "A {} · B {}{}",
                        p[0],
                        p[1],
                        if p[0] == p[1] {
                            l.pick("  (empate: se repite)", "  (tie: re-rolled)")
                        } else {
                            ""
                        }
                    ))
                    .size(18.0),
                );
            }
        }
        ui.heading(format!(
            "{} {round}: {} {} {}",
            l.pick("Ronda", "Round"),
            l.pick("gana", "won by"),
            winner.label(l),
            l.pick("y elige quién empieza", "who chooses who starts")
        ));
        ui.horizontal(|ui| {
            for s in Side::WARBANDS {
                if ui
                    .button(format!("{} {}", l.pick("Empieza", "Starts:"), s.label(l)))
                    .clicked()
                {
                    self.act(Action::ChooseStart { side: s }, l);
                }
            }
        });
    }

    fn pick_ui(&mut self, ui: &mut egui::Ui, round: i32, side: Side, models: &[ModelRef], l: Lang) {
        ui.heading(format!(
            "{} {round}: {} {} {}",
            l.pick("Ronda", "Round"),
            l.pick("le toca a", "turn of"),
            l.pick("la banda", "warband"),
            side.label(l)
        ));
        ui.label(l.pick(
            "Elige la miniatura que empieza su Fase de activación:",
            "Pick the model that starts its activation:",
        ));
        let mut send = None;
        if let Some(g) = self.game.as_ref() {
            ui.horizontal_wrapped(|ui| {
                for m in models {
                    if big_button(ui, &g.state().name(*m)).clicked() {
                        send = Some(Action::Activate { model: *m });
                    }
                }
            });
        }
        if let Some(a) = send {
            self.apply(a, l);
        }
    }

    fn acting_ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, actor: ModelRef, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let st = g.state();
        let Some(ms) = st.model(actor) else {
            return;
        };
        let pool = st.side(actor.side).map_or(0, |s| s.pool);
        ui.heading(format!(
            "{} — {}",
            ms.name,
            l.pick("Fase de activación", "Activation")
        ));
        ui.label(format!(
            "{}: {} · {}: {} · {}: {}",
            l.pick("PD disponibles", "DP available"),
            g.dp_available(actor),
            l.pick("reserva", "pool"),
            pool,
            l.pick("propios", "own"),
            ms.own_total()
        ));
        let mut simple: Option<Action> = None;
        let mut form: Option<Form> = None;
        let cost = |id: &str| {
            g.action_cost(id)
                .map_or(String::new(), |c| format!(" ({c} {})", l.pick("PD", "DP")))
        };
        let name = |id: &str, es: &'static str, en: &'static str| {
            rules
                .action(id)
                .map_or(l.pick(es, en).to_string(), |a| a.name.get(l).to_string())
        };
        let engaged = !ms.engaged.is_empty();
        ui.horizontal_wrapped(|ui| {
            let b = |ui: &mut egui::Ui, id: &str, es: &'static str, en: &'static str| {
                ui.button(format!("{}{}", name(id, es, en), cost(id)))
                    .clicked()
            };
            if ms.status == Status::Prone {
                if b(ui, "stand_up", "Levantarse", "Stand up") {
                    simple = Some(Action::StandUp { model: actor });
                }
            } else if engaged {
                if b(ui, "fight", "Combatir", "Fight") {
                    form = Some(Form::Melee {
                        kind: MeleeKind::Fight,
                        target: ms.engaged.first().copied(),
                        options: FightOptions::default(),
                    });
                }
                if b(ui, "disengage", "Separarse", "Disengage") {
                    form = Some(Form::Disengage);
                }
            } else {
                if b(ui, "move", "Mover", "Move") || key(ui, egui::Key::M) {
                    simple = Some(Action::Move { model: actor });
                }
                if b(ui, "assault", "Asaltar", "Assault") {
                    form = Some(Form::Melee {
                        kind: MeleeKind::Assault,
                        target: None,
                        options: FightOptions::default(),
                    });
                }
                if b(ui, "brutal_assault", "Asalto brutal", "Brutal assault") {
                    form = Some(Form::Melee {
                        kind: MeleeKind::Brutal,
                        target: None,
                        options: FightOptions::default(),
                    });
                }
                if !ms.profile.ranged.is_empty() {
                    if b(ui, "shoot", "Disparar", "Shoot") {
                        form = Some(Form::Shoot {
                            target: None,
                            options: ShootOptions::default(),
                        });
                    }
                    if b(ui, "aimed_shot", "Disparo apuntando", "Aimed shot") {
                        form = Some(Form::Shoot {
                            target: None,
                            options: ShootOptions {
                                aimed: true,
                                ..Default::default()
                            },
                        });
                    }
                }
                if b(ui, "loot", "Rapiñar", "Loot") {
                    form = Some(Form::Loot { body: None });
                }
            }
            if ms.leader {
                if b(ui, "leader_order", "Dar órdenes", "Leader's order") {
                    form = Some(Form::Order { model: None });
                }
                if b(ui, "leader_rally", "Reagrupar", "Leader's rally") {
                    form = Some(Form::Rally { models: Vec::new() });
                }
            }
            if b(ui, "totem_own", "Tótem propio", "Own totem") {
                simple = Some(Action::TotemOwn { model: actor });
            }
            if b(ui, "totem_enemy", "Tótem enemigo", "Enemy totem") {
                simple = Some(Action::TotemEnemy { model: actor });
            }
            if ms.has(Keyword::Breath) && b(ui, "breath", "Aliento", "Breath") {
                form = Some(Form::Breath {
                    targets: Vec::new(),
                });
            }
            if (ms.is_sorcerer() || !ms.spells.is_empty())
                && ui
                    .button(name("cast_spell", "Lanzar Hechizo", "Cast a spell"))
                    .clicked()
            {
                let choice = if ms.spells.is_empty() {
                    SpellChoice::Custom {
                        name: String::new(),
                        level: 1,
                        cost: 1,
                    }
                } else {
                    SpellChoice::Known { index: 0 }
                };
                form = Some(Form::Spell {
                    choice,
                    within_15cm: Vec::new(),
                });
            }
            if ui
                .button(l.pick("Tirada de Atributo", "Attribute check"))
                .clicked()
            {
                form = Some(Form::Check {
                    stat: Stat::Agility,
                    modifier: 0,
                    reason: String::new(),
                });
            }
            if ui.button(l.pick("Caída", "Fall")).clicked() {
                form = Some(Form::Fall {
                    height_cm: 10.0,
                    witnesses: Vec::new(),
                });
            }
            if ui
                .button(
                    egui::RichText::new(l.pick("Terminar activación", "End activation")).strong(),
                )
                .on_hover_text("E")
                .clicked()
                || key(ui, egui::Key::E)
            {
                form = Some(Form::End {
                    terrain: Vec::new(),
                    near_enemy_totem: false,
                });
            }
        });
        if let Some(a) = simple {
            self.apply(a, l);
            return;
        }
        if let Some(f) = form {
            self.form = f;
        }
        ui.separator();
        self.form_ui(ui, rules, actor, l);
    }

    fn hits_ui(
        &mut self,
        ui: &mut egui::Ui,
        rules: &RuleSet,
        hits: &[(ModelRef, ModelRef)],
        l: Lang,
    ) {
        let Some(&(attacker, target)) = hits.first() else {
            return;
        };
        let Some(g) = self.game.as_ref() else {
            return;
        };
        ui.heading(format!(
            "{}: {} → {} (R27)",
            l.pick("Impacto", "Hit"),
            g.state().name(attacker),
            g.state().name(target)
        ));
        if hits.len() > 1 {
            ui.label(format!(
                "{} {}",
                hits.len() - 1,
                l.pick("impacto(s) más después", "more hit(s) after this")
            ));
        }
        if !matches!(self.form, Form::Hit { .. }) {
            self.form = Form::Hit {
                options: HitOptions::default(),
                witnesses: Vec::new(),
            };
        }
        let Form::Hit { options, witnesses } = &mut self.form else {
            return;
        };
        ui.checkbox(
            &mut options.iron_defence,
            l.pick(
                "Defensa férrea (1 PD, 1 ventaja, R28)",
                "Iron defence (1 DP, 1 advantage, R28)",
            ),
        );
        ui.horizontal_wrapped(|ui| {
            ui.label(l.pick("Cobertura (R30):", "Cover (R30):"));
            for c in &rules.cover.rows {
                let mut on = options.cover.contains(&c.id);
                if ui
                    .checkbox(&mut on, format!("{} +{}", c.name.get(l), c.armour))
                    .changed()
                {
                    toggle(&mut options.cover, c.id.clone(), on);
                }
            }
        });
        ui.label(l.pick(
            "Aliadas a 15 cm del impactado (ganan Pavor si cae, R31):",
            "Friends within 15 cm of the target (gain fear if it falls, R31):",
        ));
        models_multi(ui, g, witnesses, |m, ms| {
            m.side == target.side && m != target && ms.status.in_play()
        });
        let options = options.clone();
        let witnesses = witnesses.clone();
        let check = g.hit_check(attacker, target, &options);
        self.offer_opposed(
            ui,
            check,
            OpposedAction::Hit {
                attacker,
                target,
                options,
                witnesses,
            },
            l,
        );
    }

    fn beast_ui(&mut self, ui: &mut egui::Ui, l: Lang) {
        ui.label(
            egui::RichText::new(l.pick(
                "Fuerzas Oscuras: aparece una Bestia. Añádela:",
                "Dark Forces: a beast appears. Add it:",
            ))
            .strong(),
        );
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let mut send = None;
        ui.horizontal_wrapped(|ui| {
            for (i, b) in g.setup().bestiary.iter().enumerate() {
                if ui.button(&b.name).clicked() {
                    send = Some(Action::BeastAppears {
                        beast: crate::core::game::BeastChoice::Bestiary { index: i },
                    });
                }
            }
            if ui
                .button(l.pick("Bestia genérica (Criatura)", "Generic beast (Creature)"))
                .clicked()
            {
                let profile = g
                    .rules()
                    .troop("creature")
                    .map(|t| t.stats)
                    .unwrap_or_default();
                send = Some(Action::BeastAppears {
                    beast: crate::core::game::BeastChoice::New(crate::core::game::Beast {
                        name: l.pick("Bestia", "Beast").to_string(),
                        stats: profile,
                        armour: 0,
                        weapons: vec!["claws".into(), "jaws".into()],
                        keywords: Vec::new(),
                        notes: String::new(),
                    }),
                });
            }
        });
        if let Some(a) = send {
            self.apply(a, l);
        }
    }

    // --- The form of the chosen action ---

    fn form_ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, actor: ModelRef, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let enemy = |m: ModelRef, ms: &ModelState| m.side != actor.side && ms.status.in_play();
        match &mut self.form {
            Form::None => {}
            Form::Melee {
                kind,
                target,
                options,
            } => {
                ui.strong(match kind {
                    MeleeKind::Assault => l.pick("Asaltar (R20)", "Assault (R20)"),
                    MeleeKind::Brutal => l.pick("Asalto brutal (R22)", "Brutal assault (R22)"),
                    MeleeKind::Fight => l.pick("Combatir (R23)", "Fight (R23)"),
                });
                model_pick(
                    ui,
                    g,
                    "melee_target",
                    l.pick("Contra", "Against"),
                    target,
                    enemy,
                );
                let id = if *kind == MeleeKind::Fight {
                    "fight"
                } else {
                    "assault"
                };
                options_ui(ui, rules, id, &mut options.options, l);
                let kind = *kind;
                let options = options.clone();
                if let Some(t) = *target {
                    let check = match kind {
                        MeleeKind::Fight => g.fight_check(actor, t, &options),
                        _ => g.assault_check(actor, t, kind == MeleeKind::Brutal, &options),
                    };
                    self.offer_opposed(
                        ui,
                        check,
                        OpposedAction::Melee {
                            kind,
                            attacker: actor,
                            defender: t,
                            options,
                        },
                        l,
                    );
                }
            }
            Form::Shoot { target, options } => {
                ui.strong(if options.aimed {
                    l.pick("Disparo apuntando (R26)", "Aimed shot (R26)")
                } else {
                    l.pick("Disparar (R26)", "Shoot (R26)")
                });
                model_pick(
                    ui,
                    g,
                    "shoot_target",
                    l.pick("Objetivo", "Target"),
                    target,
                    enemy,
                );
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
                options_ui_filtered(ui, rules, "shoot", &mut options.options, l, |id| {
                    !id.ends_with("_range")
                });
                let options = options.clone();
                if let Some(t) = *target {
                    let check = g.shoot_check(actor, t, &options);
                    self.offer_check(
                        ui,
                        check,
                        CheckAction::Shoot {
                            shooter: actor,
                            target: t,
                            options,
                        },
                        l,
                    );
                }
            }
            Form::Disengage => {
                ui.strong(l.pick("Separarse del combate (R25)", "Disengage (R25)"));
                match g.disengage_checks(actor) {
                    Ok(checks) => {
                        for c in &checks {
                            sources_ui(ui, &c.sources, l);
                            let o = c.odds();
                            odds_line(ui, l.pick("Gana", "Wins"), o.active_wins);
                        }
                        if big_button(ui, &format!("🎲 {}", l.pick("Tirar", "Roll"))).clicked() {
                            self.act(
                                Action::Disengage {
                                    model: actor,
                                    rolls: Vec::new(),
                                },
                                l,
                            );
                        }
                    }
                    Err(e) => message_label(ui, &e.message(l), true),
                }
            }
            Form::Loot { body } => {
                model_pick(
                    ui,
                    g,
                    "loot_body",
                    l.pick("Miniatura Abatida", "Down model"),
                    body,
                    |_, ms| ms.status == Status::Down,
                );
                if let Some(b) = *body
                    && ui.button(l.pick("Rapiñar", "Loot")).clicked()
                {
                    let a = Action::Loot {
                        model: actor,
                        body: b,
                        item: String::new(),
                    };
                    self.apply(a, l);
                }
            }
            Form::Order { model } => {
                model_pick(
                    ui,
                    g,
                    "order_model",
                    l.pick("Aliada a 15 cm", "Friend within 15 cm"),
                    model,
                    |m, ms| m.side == actor.side && m != actor && ms.status.in_play(),
                );
                if let Some(m) = *model
                    && ui
                        .button(l.pick("Dar la orden", "Give the order"))
                        .clicked()
                {
                    self.apply(
                        Action::LeaderOrder {
                            leader: actor,
                            model: m,
                        },
                        l,
                    );
                }
            }
            Form::Rally { models } => {
                ui.label(l.pick(
                    "Aliadas a 10 cm (pierden 1 Pavor):",
                    "Friends within 10 cm (lose 1 fear):",
                ));
                models_multi(ui, g, models, |m, ms| {
                    m.side == actor.side && ms.status.in_play()
                });
                if ui.button(l.pick("Reagrupar", "Rally")).clicked() {
                    let a = Action::LeaderRally {
                        leader: actor,
                        models: models.clone(),
                    };
                    self.apply(a, l);
                }
            }
            Form::Breath { targets } => {
                ui.label(l.pick(
                    "Miniaturas bajo la plantilla:",
                    "Models under the template:",
                ));
                models_multi(ui, g, targets, |m, ms| m != actor && ms.status.in_play());
                if ui.button(l.pick("Aliento", "Breath")).clicked() {
                    let a = Action::Breath {
                        model: actor,
                        targets: targets.clone(),
                    };
                    self.apply(a, l);
                }
            }
            Form::Spell {
                choice,
                within_15cm,
            } => {
                ui.strong(l.pick("Lanzar un Hechizo (R38)", "Cast a spell (R38)"));
                let spells = g.state().model(actor).map(|m| m.spells.clone());
                if let Some(spells) = spells {
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
                            };
                        }
                    });
                }
                if let SpellChoice::Custom { level, cost, .. } = choice {
                    ui.horizontal(|ui| {
                        let lbl = ui.label(l.pick("Nivel", "Level"));
                        ui.add(egui::DragValue::new(level).range(1..=10))
                            .labelled_by(lbl.id);
                        let lbl = ui.label(l.pick("Coste (PD)", "Cost (DP)"));
                        ui.add(egui::DragValue::new(cost).range(0..=10))
                            .labelled_by(lbl.id);
                    });
                }
                ui.label(l.pick(
                    "Miniaturas a 15 cm (no Hechiceros: ganan 1 Pavor):",
                    "Models within 15 cm (not sorcerers: gain 1 fear):",
                ));
                models_multi(ui, g, within_15cm, |m, ms| {
                    m != actor && ms.status.in_play() && !ms.is_sorcerer()
                });
                if let Some(modifier) = g.backlash_modifier(actor, choice) {
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
                                o.percent(),
                                row.text.get(l)
                            ));
                        }
                    }
                    if big_button(
                        ui,
                        &format!("🎲 {}", l.pick("Lanzar y tirar", "Cast and roll")),
                    )
                    .clicked()
                    {
                        let action = Action::CastSpell {
                            caster: actor,
                            spell: choice.clone(),
                            target: None,
                            within_15cm: within_15cm.clone(),
                            backlash: Vec::new(),
                            within_30cm: Vec::new(),
                        };
                        self.act(action, l);
                    }
                }
            }
            Form::Check {
                stat,
                modifier,
                reason,
            } => {
                ui.strong(l.pick("Tirada de Atributo (R01)", "Attribute check (R01)"));
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
                    CheckAction::Attribute {
                        model: actor,
                        stat,
                        modifier,
                        reason,
                    },
                    l,
                );
            }
            Form::Fall {
                height_cm,
                witnesses,
            } => {
                ui.strong(l.pick("Caída (R18)", "Fall (R18)"));
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
                            OpposedAction::Fall {
                                model: actor,
                                height_cm: h,
                                witnesses: w,
                            },
                            l,
                        );
                    }
                    Ok(None) => {
                        if ui
                            .button(
                                l.pick("Cae sin daño (queda Tumbada)", "Falls unharmed (Prone)"),
                            )
                            .clicked()
                        {
                            self.apply(
                                Action::Fall {
                                    model: actor,
                                    height_cm: h,
                                    roll: None,
                                    witnesses: w,
                                },
                                l,
                            );
                        }
                    }
                    Err(e) => message_label(ui, &e.message(l), true),
                }
            }
            Form::End {
                terrain,
                near_enemy_totem,
            } => {
                ui.strong(l.pick("Terminar la activación", "End the activation"));
                ui.label(l.pick(
                    "¿Termina tocando algún terreno? (R14)",
                    "Does it end touching terrain? (R14)",
                ));
                ui.horizontal_wrapped(|ui| {
                    for t in &rules.warband.terrain {
                        let mut on = terrain.contains(&t.id);
                        if ui.checkbox(&mut on, t.name.get(l)).changed() {
                            toggle(terrain, t.id.clone(), on);
                        }
                    }
                });
                ui.checkbox(
                    near_enemy_totem,
                    l.pick(
                        "A 15 cm del Tótem enemigo (+1 Pavor, R33)",
                        "Within 15 cm of the enemy totem (+1 fear, R33)",
                    ),
                );
                if g.would_flee(actor) {
                    ui.colored_label(
                        egui::Color32::from_rgb(230, 90, 90),
                        l.pick(
                            "¡Con este Pavor huirá de la batalla! (R31)",
                            "With this fear it will flee the battle! (R31)",
                        ),
                    );
                }
                if big_button(ui, l.pick("Terminar", "End")).clicked() {
                    let a = Action::EndActivation {
                        model: actor,
                        terrain: terrain.clone(),
                        near_enemy_totem: *near_enemy_totem,
                    };
                    self.apply(a, l);
                }
            }
            Form::Hit { .. } => {}
        }
    }

    /// Show an opposed check's sources and exact odds, and roll it.
    fn offer_opposed(
        &mut self,
        ui: &mut egui::Ui,
        check: Result<PreparedCheck<OpposedSpec>, crate::core::game::GameError>,
        action: OpposedAction,
        l: Lang,
    ) {
        let check = match check {
            Ok(c) => c,
            Err(e) => return message_label(ui, &e.message(l), true),
        };
        sources_ui(ui, &check.sources, l);
        let o = check.odds();
        odds_line(ui, l.pick("Gana el activo", "Active wins"), o.active_wins);
        odds_line(ui, l.pick("Gana el pasivo", "Passive wins"), o.passive_wins);
        if let Some(b) = o.both_hit {
            odds_line(ui, l.pick("Ambos impactados", "Both hit"), b);
        }
        if big_button(ui, &format!("🎲 {}", l.pick("Tirar", "Roll"))).clicked() {
            self.act(action.with(None), l);
        }
    }

    /// Show a check's sources and exact odds, and roll it.
    fn offer_check(
        &mut self,
        ui: &mut egui::Ui,
        check: Result<PreparedCheck<CheckSpec>, crate::core::game::GameError>,
        action: CheckAction,
        l: Lang,
    ) {
        let check = match check {
            Ok(c) => c,
            Err(e) => return message_label(ui, &e.message(l), true),
        };
        sources_ui(ui, &check.sources, l);
        odds_line(ui, l.pick("Éxito", "Success"), check.odds());
        if big_button(ui, &format!("🎲 {}", l.pick("Tirar", "Roll"))).clicked() {
            self.act(action.with(None), l);
        }
    }

    /// The roll made (the core's pending roll): its dice and outcome in
    /// words, the re-rolls the rules allow, and Accept. No Cancel: the dice
    /// are a fact; Undo stays.
    fn rolled_ui(&mut self, ui: &mut egui::Ui, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let Some(p) = g.pending() else {
            return;
        };
        let st = g.state();
        ui.heading(l.pick("Tirada hecha", "Roll made"));
        ui.add(
            egui::Label::new(
                egui::RichText::new(g.describe(&p.action, l))
                    .size(20.0)
                    .strong(),
            )
            .wrap(),
        );
        for (part, dice, spec) in g.pending_dice() {
            {
                let edge = if dice.d3.is_empty() {
                    String::new()
                } else {
                    format!(" · d3 {:?} ({:+})", dice.d3, dice.edge_value(&spec))
                };
                ui.label(
                    egui::RichText::new(format!("{}: d10 {}{edge}", st.name(part.model), dice.d10))
                        .size(18.0),
                );
            }
        }
        for r in &p.rerolls {
            ui.label(format!(
                "↻ {} (R33): {} → {}",
                st.name(r.by),
                r.before.d10,
                r.after.d10
            ));
        }
        let offers = g.offers();
        let mut send: Option<Action> = None;
        let mut witnesses = self.accept_witnesses.clone();
        for o in offers.offers.iter().filter(|o| o.id == "totem_reroll") {
            let name = o.model.map_or_else(String::new, |m| st.name(m));
            let b = ui.add_enabled(
                o.allowed,
                egui::Button::new(format!(
                    "↻ {} {name} (R33)",
                    l.pick("Repetir con el Tótem:", "Re-roll with the totem:")
                )),
            );
            let b = match &o.why_not {
                Some(e) => b.on_disabled_hover_text(e.message(l)),
                None => b,
            };
            if b.clicked() {
                send = Some(o.action.clone());
            }
        }
        if let Some(acc) = offers.find("accept")
            && !acc.choices.is_empty()
        {
            ui.label(l.pick(
                "Amigas a 15 cm de la Abatida (ganan Pavor, R31):",
                "Friends within 15 cm of the model put Down (gain fear, R31):",
            ));
            ui.horizontal_wrapped(|ui| {
                for m in &acc.choices {
                    let mut on = witnesses.contains(m);
                    if ui.checkbox(&mut on, st.name(*m)).changed() {
                        toggle(&mut witnesses, *m, on);
                    }
                }
            });
        }
        for o in offers.offers.iter().filter(|o| o.id == "accept") {
            for t in &o.targets {
                if ui
                    .button(format!(
                        "{} {} (R26)",
                        l.pick(
                            "Aceptar: el disparo desviado impacta a",
                            "Accept: the stray shot hits"
                        ),
                        st.name(t.model)
                    ))
                    .clicked()
                {
                    send = Some(t.action.clone());
                }
            }
        }
        if accept_button(ui, l) {
            send = Some(Action::Accept {
                witnesses: if witnesses.is_empty() {
                    None
                } else {
                    Some(witnesses.clone())
                },
                stray: None,
                within_30cm: None,
            });
        }
        self.accept_witnesses = witnesses;
        if let Some(a) = send {
            self.act(a, l);
        }
    }

    // --- Hand adjustments: a table game always has a ruling the app did not foresee ---

    fn adjust_ui(&mut self, ui: &mut egui::Ui, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let mut send = None;
        egui::CollapsingHeader::new(l.pick("Ajustes a mano", "Adjust by hand"))
            .id_salt("adjust")
            .show(ui, |ui| {
                for s in Side::WARBANDS {
                    ui.horizontal(|ui| {
                        ui.label(format!("{} {}:", l.pick("Banda", "Warband"), s.label(l)));
                        if ui.small_button(l.pick("PD −1", "DP −1")).clicked() {
                            send = Some(Action::AdjustPool { side: s, delta: -1 });
                        }
                        if ui.small_button(l.pick("PD +1", "DP +1")).clicked() {
                            send = Some(Action::AdjustPool { side: s, delta: 1 });
                        }
                        if ui.small_button(l.pick("PV −1", "VP −1")).clicked() {
                            send = Some(Action::ScenarioPoints {
                                side: s,
                                points: -1,
                                note: String::new(),
                            });
                        }
                        if ui.small_button(l.pick("PV +1", "VP +1")).clicked() {
                            send = Some(Action::ScenarioPoints {
                                side: s,
                                points: 1,
                                note: String::new(),
                            });
                        }
                    });
                }
                let Some(m) = self.selected else {
                    ui.label(l.pick(
                        "Pulsa una miniatura para ajustarla.",
                        "Click a model to adjust it.",
                    ));
                    return;
                };
                let Some(ms) = g.state().model(m) else {
                    return;
                };
                ui.strong(ms.name.as_ref());
                ui.horizontal(|ui| {
                    if ui.small_button(l.pick("Pavor −1", "Fear −1")).clicked() {
                        send = Some(Action::AdjustFear {
                            model: m,
                            delta: -1,
                        });
                    }
                    if ui.small_button(l.pick("Pavor +1", "Fear +1")).clicked() {
                        send = Some(Action::AdjustFear { model: m, delta: 1 });
                    }
                    if ui
                        .small_button(l.pick("PD propios −1", "Own DP −1"))
                        .clicked()
                    {
                        send = Some(Action::AdjustOwnDp {
                            model: m,
                            delta: -1,
                        });
                    }
                    if ui
                        .small_button(l.pick("PD propios +1", "Own DP +1"))
                        .clicked()
                    {
                        send = Some(Action::AdjustOwnDp { model: m, delta: 1 });
                    }
                    if ui
                        .small_button(l.pick("Dureza −1", "Toughness −1"))
                        .clicked()
                    {
                        send = Some(Action::AdjustToughness {
                            model: m,
                            delta: -1,
                        });
                    }
                });
                ui.horizontal_wrapped(|ui| {
                    for st in Status::ALL {
                        if ui.selectable_label(ms.status == st, st.label(l)).clicked()
                            && ms.status != st
                        {
                            send = Some(Action::SetStatus {
                                model: m,
                                status: st,
                            });
                        }
                    }
                });
            });
        if let Some(a) = send {
            self.apply(a, l);
        }
    }
}

/// A model's card: name, status, fear pips against Courage, own DP.
fn model_card(
    ui: &mut egui::Ui,
    m: ModelRef,
    ms: &ModelState,
    selected: bool,
    acting: bool,
    l: Lang,
) -> egui::Response {
    let visuals = ui.visuals().clone();
    let stroke = if acting {
        egui::Stroke::new(2.0, egui::Color32::from_rgb(230, 190, 80))
    } else if selected {
        egui::Stroke::new(2.0, visuals.selection.stroke.color)
    } else {
        egui::Stroke::new(1.0, visuals.widgets.noninteractive.bg_stroke.color)
    };
    let out = !ms.status.in_play();
    let frame = egui::Frame::group(ui.style()).stroke(stroke).fill(if out {
        visuals.extreme_bg_color
    } else {
        visuals.panel_fill
    });
    let resp = frame
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                let mut name = egui::RichText::new(format!(
                    "{}{}",
                    if ms.leader { "★ " } else { "" },
                    ms.name
                ))
                .strong()
                .size(16.0);
                if out {
                    name = name.strikethrough().weak();
                }
                // Long names are cut to leave room for the status.
                let w = (ui.available_width() - 100.0).max(60.0);
                ui.allocate_ui(egui::vec2(w, 22.0), |ui| {
                    ui.add(egui::Label::new(name).truncate());
                });
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let color = match ms.status {
                        Status::Standing => visuals.text_color(),
                        Status::Prone => egui::Color32::from_rgb(230, 170, 60),
                        _ => egui::Color32::from_rgb(220, 80, 80),
                    };
                    ui.colored_label(color, ms.status.label(l));
                    if ms.acted {
                        ui.label("✔").on_hover_text(l.pick("Ya actuó", "Has acted"));
                    }
                });
            });
            let p = &ms.profile.stats;
            ui.label(format!(
                "Ag {} · {} {} · {} {} · {} {} · {} {} · {} {}",
                ms.agility(),
                Stat::Combat.abbrev(l),
                p.combat,
                Stat::Accuracy.abbrev(l),
                p.accuracy,
                Stat::Strength.abbrev(l),
                p.strength,
                Stat::Toughness.abbrev(l),
                ms.toughness(),
                Stat::Courage.abbrev(l),
                ms.courage()
            ));
            ui.horizontal(|ui| {
                fear_pips(ui, ms.fear, ms.courage());
                ui.label(format!(
                    "{} {} · {} {}",
                    l.pick("Ronda", "Round"),
                    ms.round,
                    l.pick("PD propios", "own DP"),
                    ms.own_total()
                ));
            });
        })
        .response;
    let id = ui.scope_id().with(("card", m));
    ui.interact(resp.rect, id, egui::Sense::click())
        .on_hover_text(format!(
            "{} {}/{}",
            l.pick("Pavor", "Fear"),
            ms.fear,
            ms.courage()
        ))
}

/// Fear markers as pips: filled up to the fear, a gap at Courage (one
/// complication, R31), red at twice Courage (the model flees).
fn fear_pips(ui: &mut egui::Ui, fear: i32, courage: i32) {
    let total = (courage * 2).max(fear).max(1);
    let size = 9.0;
    let (rect, _) = ui.allocate_exact_size(
        egui::vec2(total as f32 * (size + 3.0) + 6.0, size + 4.0),
        egui::Sense::hover(),
    );
    let painter = ui.painter_at(rect);
    for i in 0..total {
        let gap = if i >= courage { 6.0 } else { 0.0 };
        let c = egui::pos2(
            rect.left() + i as f32 * (size + 3.0) + size / 2.0 + gap,
            rect.center().y,
        );
        let color = if i >= courage * 2 - 1 {
            egui::Color32::from_rgb(220, 70, 70)
        } else if i >= courage {
            egui::Color32::from_rgb(230, 170, 60)
        } else {
            egui::Color32::from_rgb(150, 150, 170)
        };
        if i < fear {
            painter.circle_filled(c, size / 2.0, color);
        } else {
            painter.circle_stroke(c, size / 2.0 - 0.5, egui::Stroke::new(1.0, color));
        }
    }
}

fn sources_ui(ui: &mut egui::Ui, sources: &[crate::core::text::Text], l: Lang) {
    for s in sources {
        ui.label(format!("• {}", s.get(l)));
    }
}

fn odds_line(ui: &mut egui::Ui, label: &str, o: Odds) {
    ui.label(
        egui::RichText::new(format!("{label}: {} ({})", o.exact(), o.percent()))
            .size(17.0)
            .strong(),
    );
}

fn message_label(ui: &mut egui::Ui, text: &str, error: bool) {
    if error {
        ui.colored_label(ui.visuals().error_fg_color, format!("⚠ {text}"));
    } else {
        ui.label(text);
    }
}

/// "Accept the roll", also with Enter.
fn accept_button(ui: &mut egui::Ui, l: Lang) -> bool {
    big_button(ui, l.pick("Aceptar la tirada", "Accept the roll"))
        .on_hover_text(l.pick("Intro", "Enter"))
        .clicked()
        || key(ui, egui::Key::Enter)
}

/// A single-key shortcut, only while no text field has the focus.
fn key(ui: &egui::Ui, k: egui::Key) -> bool {
    ui.ctx().memory(|m| m.focused().is_none())
        && ui
            .ctx()
            .input_mut(|i| i.consume_key(egui::Modifiers::NONE, k))
}

fn big_button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    ui.add(egui::Button::new(egui::RichText::new(text).size(18.0)).min_size(egui::vec2(0.0, 32.0)))
}

fn toggle<T: PartialEq>(list: &mut Vec<T>, item: T, on: bool) {
    let has = list.contains(&item);
    if on && !has {
        list.push(item);
    } else if !on && has {
        list.retain(|x| *x != item);
    }
}

/// Pick one model among those `keep` allows.
fn model_pick(
    ui: &mut egui::Ui,
    g: &Game,
    id: &str,
    label: &str,
    value: &mut Option<ModelRef>,
    keep: impl Fn(ModelRef, &ModelState) -> bool,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("{label}:"));
        ui.push_id(id, |ui| {
            for (m, ms) in g.state().models().filter(|(m, ms)| keep(*m, ms)) {
                ui.selectable_value(value, Some(m), ms.name.as_ref());
            }
        });
    });
}

/// Pick any number of models among those `keep` allows (the players say
/// which were within a distance).
fn models_multi(
    ui: &mut egui::Ui,
    g: &Game,
    value: &mut Vec<ModelRef>,
    keep: impl Fn(ModelRef, &ModelState) -> bool,
) {
    ui.horizontal_wrapped(|ui| {
        for (m, ms) in g.state().models().filter(|(m, ms)| keep(*m, ms)) {
            let mut on = value.contains(&m);
            if ui.checkbox(&mut on, ms.name.as_ref()).changed() {
                toggle(value, m, on);
            }
        }
    });
}

/// The situational options of an action, from `tables/actions.yaml`.
fn options_ui(
    ui: &mut egui::Ui,
    rules: &RuleSet,
    action: &str,
    values: &mut std::collections::BTreeMap<String, u32>,
    l: Lang,
) {
    options_ui_filtered(ui, rules, action, values, l, |_| true);
}

fn options_ui_filtered(
    ui: &mut egui::Ui,
    rules: &RuleSet,
    action: &str,
    values: &mut std::collections::BTreeMap<String, u32>,
    l: Lang,
    keep: impl Fn(&str) -> bool,
) {
    let Some(a) = rules.action(action) else {
        return;
    };
    for o in a.options.iter().filter(|o| keep(&o.id)) {
        let mut n = values.get(&o.id).copied().unwrap_or(0);
        let changed = if o.per_count {
            ui.horizontal(|ui| {
                let r = ui.add(egui::DragValue::new(&mut n).range(0..=10));
                let lbl = ui.label(o.name.get(l));
                r.labelled_by(lbl.id).changed()
            })
            .inner
        } else {
            let mut on = n > 0;
            let r = ui.checkbox(&mut on, o.name.get(l)).changed();
            n = u32::from(on);
            r
        };
        if changed {
            if n == 0 {
                values.remove(&o.id);
            } else {
                values.insert(o.id.clone(), n);
            }
        }
    }
}
