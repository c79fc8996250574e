//! No game yet: continue the last game, open one, or start a new one from
//! two rosters (the players' names and the scenario go in the setup).

use std::path::{Path, PathBuf};

use super::GameView;
use super::forms::Form;
use crate::core::campaign::Warband;
use crate::core::game::{GameSetup, Host, ReadOnly, Side};
use crate::core::roster::{self, Roster};
use crate::core::tables::RuleSet;
use crate::core::text::{Lang, Text};

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

/// The `.yaml` files of the library's `rosters/`, sorted.
#[cfg(not(target_arch = "wasm32"))]
fn roster_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "yaml" || x == "yml"))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// Issue 37: a page's rosters are the ones kept in the browser.
#[cfg(target_arch = "wasm32")]
fn roster_files(dir: &Path) -> Vec<PathBuf> {
    crate::ui::web::storage::roster_paths(dir)
}

/// A warband by its path: a roster file, or a campaign file at its
/// current version (issue 38).
#[cfg(not(target_arch = "wasm32"))]
fn load_roster(p: &Path, rules: &RuleSet) -> Result<Warband, String> {
    crate::core::campaign::load_warband(p, rules).map_err(|e| e.to_string())
}

/// Issue 37: a page's roster is the browser's copy (campaigns are not
/// kept in a browser yet).
#[cfg(target_arch = "wasm32")]
fn load_roster(p: &Path, rules: &RuleSet) -> Result<Warband, String> {
    let roster = crate::ui::web::storage::read_roster(p, rules).unwrap_or_else(|| {
        Err(format!(
            "{}: not kept in this browser",
            p.file_name().unwrap_or_default().to_string_lossy()
        ))
    })?;
    Ok(Warband {
        roster,
        campaign: None,
    })
}

/// Whether a game is there to continue (its file).
#[cfg(not(target_arch = "wasm32"))]
fn game_exists(p: &Path) -> bool {
    p.exists()
}

/// Issue 37: a page's game is the browser's copy.
#[cfg(target_arch = "wasm32")]
fn game_exists(p: &Path) -> bool {
    crate::ui::web::storage::game_kept(p)
}

/// A game's sides' warbands and its turn, read without taking it.
fn game_glance(p: &Path, rules: &RuleSet) -> Option<(String, String, u32)> {
    #[cfg(target_arch = "wasm32")]
    let g = crate::ui::web::storage::view_game(p, rules)?.ok()?;
    #[cfg(not(target_arch = "wasm32"))]
    let g = crate::core::game::Host::view(p, rules).ok()?;
    let st = g.state();
    let name = |s| {
        st.side(s)
            .map_or(String::new(), |x| x.warband.as_ref().to_string())
    };
    Some((
        name(crate::core::game::Side::A),
        name(crate::core::game::Side::B),
        st.turn,
    ))
}

/// A roster file's name, points against its limit and validity, read
/// once per file (and again when it changes on disk).
fn roster_summary(
    ctx: &egui::Context,
    p: &Path,
    rules: &RuleSet,
) -> Option<(String, u32, u32, bool)> {
    let stamp = std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let id = egui::Id::unique(("roster_summary", p.to_path_buf()));
    type Cached = (
        Option<std::time::SystemTime>,
        Option<(String, u32, u32, bool)>,
    );
    if let Some((at, v)) = ctx.data(|d| d.get_temp::<Cached>(id))
        && at == stamp
    {
        return v;
    }
    let v = load_roster(p, rules).ok().map(|w| {
        let r = w.roster;
        let c = roster::check(&r, rules);
        (r.name.clone(), c.total, c.points_limit, c.valid())
    });
    ctx.data_mut(|d| d.insert_temp::<Cached>(id, (stamp, v.clone())));
    v
}

/// A roster as listed at setup: "Círculo · 197/200 pts ✔" (issue 27: not
/// its path), and its path for the hover.
fn roster_line(ctx: &egui::Context, p: &Path, rules: &RuleSet, l: Lang) -> (String, String) {
    let path = p.display().to_string();
    let text = match roster_summary(ctx, p, rules) {
        Some((name, total, limit, valid)) => format!(
            "{name} · {total}/{limit} {} {}",
            l.pick("pts", "pts"),
            if valid {
                "✔"
            } else {
                l.pick("⚠ no válida", "⚠ not valid")
            }
        ),
        None => format!(
            "{} ({})",
            p.file_stem()
                .map_or(path.clone(), |s| s.to_string_lossy().into_owned()),
            l.pick("no se puede leer", "cannot be read")
        ),
    };
    (text, path)
}

/// The last game in words: "Círculo vs Jauría, turn 2" (its path on
/// hover), read once per file version.
fn game_words(ctx: &egui::Context, p: &Path, rules: &RuleSet, l: Lang) -> String {
    let stamp = std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let id = egui::Id::unique(("game_words", p.to_path_buf()));
    type Cached = (Option<std::time::SystemTime>, Option<(String, String, u32)>);
    let cached = ctx
        .data(|d| d.get_temp::<Cached>(id))
        .filter(|(at, _)| *at == stamp);
    let v = match cached {
        Some((_, v)) => v,
        None => {
            let v = game_glance(p, rules);
            ctx.data_mut(|d| d.insert_temp::<Cached>(id, (stamp, v.clone())));
            v
        }
    };
    match v {
        Some((a, b, turn)) => format!("{a} vs {b}, {} {}", l.pick("turno", "turn"), turn.max(1)),
        None => p.display().to_string(),
    }
}

impl GameView {
    /// Start a game from two rosters, autosaving to a new file under the
    /// library's `games/` (the host names it and never overwrites one).
    pub fn start(&mut self, setup: GameSetup, rules: &RuleSet) -> Option<PathBuf> {
        self.share_stop();
        // Only the native save writes through it.
        #[cfg_attr(target_arch = "wasm32", allow(unused_mut))]
        let mut game = Host::new(setup, rules);
        let warnings = Text::each(|l| game.setup().warnings(game.rules(), l).join("; "));
        // Issue 37: a page keeps the game in the browser's storage.
        #[cfg(target_arch = "wasm32")]
        let saved = crate::ui::web::storage::keep_new_game(&game);
        #[cfg(not(target_arch = "wasm32"))]
        let saved = game.save_in(&self.library.games());
        self.game = Some(game);
        self.form = Form::None;
        match saved {
            Ok(path) => {
                let text = Text::each(|l| {
                    let saved = format!(
                        "{} {}",
                        l.pick("Partida guardada en", "Game saved to"),
                        path.display()
                    );
                    match warnings.get(l) {
                        "" => saved,
                        w => format!("{saved} — {w}"),
                    }
                });
                self.say(text, !warnings.es.is_empty());
                self.last_game = Some(path.clone());
                Some(path)
            }
            Err(e) => {
                self.say(
                    Text::each(|l| {
                        format!(
                            "{} {e}",
                            l.pick(
                                "La partida sigue, pero no se puede guardar:",
                                "The game goes on, but it cannot be saved:"
                            )
                        )
                    }),
                    true,
                );
                None
            }
        }
    }

    /// Open a game file (continue after a crash or a closed laptop).
    pub fn open(&mut self, path: &Path, rules: &RuleSet) -> bool {
        // Sharing ends with the game it shares (its seats release its end).
        self.share_stop();
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
        // The lock first, then the file (issue 21); held elsewhere, the
        // game opens read-only. Issue 37: a page reads the browser's copy.
        #[cfg(target_arch = "wasm32")]
        let opened = crate::ui::web::storage::read_game(path, rules)
            .unwrap_or_else(|| Err(format!("{}: not kept in this browser", path.display())))
            .map(|g| (g, None::<String>));
        #[cfg(not(target_arch = "wasm32"))]
        let opened = Host::open_or_view(path, rules);
        match opened {
            Ok((game, damage)) => {
                let turn = game.state().turn;
                self.game = Some(game);
                self.form = Form::None;
                self.last_game = Some(path.to_path_buf());
                let read_only = self.game.as_ref().and_then(|g| g.read_only_why());
                match damage {
                    _ if let Some(ReadOnly::HardLinks(n)) = read_only => self.say(
                        Text::each(|l| format!(
                            "{} {} {n} {}",
                            path.display(),
                            l.pick("tiene", "has"),
                            l.pick(
                                "enlaces duros: impia solo escribe una partida con un único nombre (haz una copia): aquí solo se puede ver",
                                "hard links: impia writes a game only through one name (make a copy): here it can only be viewed"
                            )
                        )),
                        true,
                    ),
                    #[cfg(target_arch = "wasm32")]
                    _ if read_only.is_some() => self.say(crate::ui::web::tabs::other_tab_words(), true),
                    _ if read_only.is_some() => self.say(
                        Text::each(|l| format!(
                            "{} {}",
                            path.display(),
                            l.pick(
                                "está abierta para escribir en otra ventana u orden de impia: aquí solo se puede ver",
                                "is open for writing in another impia window or command: here it can only be viewed"
                            )
                        )),
                        true,
                    ),
                    Some(e) => self.say(
                        Text::each(|l| format!(
                            "{} {e}",
                            l.pick(
                                "Partida recuperada hasta la última acción válida (copia en .bak):",
                                "Game recovered up to the last good action (copy in .bak):"
                            )
                        )),
                        true,
                    ),
                    None => self.say(
                        Text::each(|l| format!(
                            "{} {} ({} {turn})",
                            l.pick("Partida abierta:", "Game opened:"),
                            path.display(),
                            l.pick("turno", "turn")
                        )),
                        false,
                    ),
                }
                true
            }
            Err(e) => {
                self.say(
                    Text::each(|l| {
                        format!(
                            "{} {e}",
                            l.pick("No se pudo abrir la partida:", "Could not open the game:")
                        )
                    }),
                    true,
                );
                false
            }
        }
    }

    pub(super) fn setup_ui(
        &mut self,
        ui: &mut egui::Ui,
        rules: &RuleSet,
        open_roster: &Roster,
        l: Lang,
    ) {
        ui.heading(l.pick("Nueva partida", "New game"));
        self.open_game_ui(ui, rules, l);
        ui.separator();
        let rosters = self.library.rosters();
        let campaigns = self.library.campaigns();
        let from = RosterSource {
            rules,
            open_roster,
            rosters: &rosters,
            campaigns: &campaigns,
        };
        new_game_form_ui(ui, &mut self.new_game, &from, l);
        limits_warning_ui(ui, &self.new_game, rules, open_roster, l);
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
            self.start_from_form(rules, open_roster);
        }
        if let Some((m, err)) = &self.message {
            let m = m.get(l);
            if *err {
                super::widgets::error_label(ui, m);
            } else {
                ui.label(m);
            }
        }
    }

    /// Continue the last game, if its file is there, or open one.
    fn open_game_ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, l: Lang) {
        if let Some(p) = self.last_game.clone()
            && game_exists(&p)
        {
            ui.horizontal(|ui| {
                let label = format!(
                    "▶ {} ({})",
                    l.pick("Continuar la última partida", "Continue the last game"),
                    game_words(ui.ctx(), &p, rules, l)
                );
                if ui
                    .button(egui::RichText::new(label).size(18.0))
                    .on_hover_text(p.display().to_string())
                    .clicked()
                {
                    self.open(&p, rules);
                }
            });
            ui.add_space(8.0);
        }
        let clicked = ui.button(l.pick("Abrir partida…", "Open game…")).clicked();
        match crate::ui::files::pick_yaml(ui, clicked, (&self.library.games(), rules), "open-game")
        {
            Some(Ok(p)) => {
                self.open(&p, rules);
            }
            Some(Err(e)) => self.say(Text::new(e.clone(), e), true),
            None => {}
        }
    }

    fn start_from_form(&mut self, rules: &RuleSet, open_roster: &Roster) {
        let f = self.new_game.clone();
        // Issue 38: a campaign plays its current version, which the game
        // records.
        let load = |p: &Option<PathBuf>, fallback: Option<&Roster>| -> Result<Warband, Text> {
            match (p, fallback) {
                (Some(p), _) => load_roster(p, rules).map_err(|e| Text::new(e.clone(), e)),
                (None, Some(r)) => Ok(Warband {
                    roster: r.clone(),
                    campaign: None,
                }),
                (None, None) => Err(Text::new(
                    "Elige la lista de la banda B.",
                    "Choose warband B's roster.",
                )),
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
        let mut setup = GameSetup::new(a.roster, b.roster)
            .with_campaign(Side::A, a.campaign)
            .with_campaign(Side::B, b.campaign)
            .with_players(
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
        // No seed typed: the setup keeps the fresh one the core drew.
        if let Ok(seed) = f.seed.trim().parse::<u64>() {
            setup = setup.with_seed(seed);
        }
        self.start(setup, rules);
    }
}

/// Where the new game's rosters come from: the open warband, the
/// library's rosters folder, read with these rules.
struct RosterSource<'a> {
    rules: &'a RuleSet,
    open_roster: &'a Roster,
    rosters: &'a Path,
    campaigns: &'a Path,
}

/// The new game's fields: the two rosters, the players, the scenario and
/// the seed.
fn new_game_form_ui(ui: &mut egui::Ui, f: &mut NewGameForm, from: &RosterSource, l: Lang) {
    egui::Grid::new("new_game")
        .num_columns(2)
        .spacing([12.0, 8.0])
        .show(ui, |ui| {
            for (k, side) in ["A", "B"].iter().enumerate() {
                let lbl = ui.label(format!("{} {side}", l.pick("Banda", "Warband")));
                let slot = if k == 0 {
                    &mut f.roster_a
                } else {
                    &mut f.roster_b
                };
                ui.horizontal(|ui| roster_pick_ui(ui, (k, lbl.id), slot, from, l));
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
}

/// Warband `k`'s roster (0: A, whose default is the open warband): a
/// list of the rosters folder, or another file.
fn roster_pick_ui(
    ui: &mut egui::Ui,
    (k, label): (usize, egui::Id),
    slot: &mut Option<PathBuf>,
    from: &RosterSource,
    l: Lang,
) {
    let (rules, open_roster) = (from.rules, from.open_roster);
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
        |p| roster_line(ui.ctx(), p, rules, l).0,
    );
    // The rosters folder as a list: works where no file
    // dialog is available, and is quicker at the table.
    egui::ComboBox::from_id_salt(("roster_pick", k))
        .selected_text(shown)
        .width(280.0)
        .show_ui(ui, |ui| {
            for p in roster_files(from.rosters) {
                let (name, path) = roster_line(ui.ctx(), &p, rules, l);
                ui.selectable_value(slot, Some(p), name).on_hover_text(path);
            }
            // Issue 38: the campaigns, each at its current version.
            for p in roster_files(from.campaigns) {
                let (name, path) = roster_line(ui.ctx(), &p, rules, l);
                let name = format!("{name} · {}", l.pick("campaña", "campaign"));
                ui.selectable_value(slot, Some(p), name).on_hover_text(path);
            }
        })
        .response
        .labelled_by(label);
    let clicked = ui.button(l.pick("Otra…", "Other…")).clicked();
    let failed = egui::Id::unique(("roster_pick_failed", k));
    match crate::ui::files::pick_yaml(
        ui,
        clicked,
        (from.rosters, rules),
        ["roster-a", "roster-b"][k.min(1)],
    ) {
        Some(Ok(p)) => {
            *slot = Some(p);
            ui.data_mut(|d| {
                d.remove::<String>(failed);
            });
        }
        Some(Err(e)) => ui.data_mut(|d| {
            d.insert_temp(failed, e);
        }),
        None => {}
    }
    if let Some(e) = ui.data(|d| d.get_temp::<String>(failed)) {
        super::widgets::error_label(ui, &e);
    }
}

/// Two warbands built to different limits: say so before the game.
fn limits_warning_ui(
    ui: &mut egui::Ui,
    f: &NewGameForm,
    rules: &RuleSet,
    open_roster: &Roster,
    l: Lang,
) {
    let limit = |p: &Option<PathBuf>| -> Option<(u32, u32)> {
        let r = match p {
            Some(p) => roster_summary(ui.ctx(), p, rules)?,
            None => {
                let c = roster::check(open_roster, rules);
                (open_roster.name.clone(), c.total, c.points_limit, c.valid())
            }
        };
        Some((r.1, r.2))
    };
    if let (Some(a), Some(b)) = (
        limit(&f.roster_a),
        f.roster_b.as_ref().and(limit(&f.roster_b)),
    ) && a.1 != b.1
    {
        ui.label(
            egui::RichText::new(format!(
                "⚠ {}: {}/{} {} {}/{}",
                l.pick(
                    "Las bandas tienen límites distintos",
                    "The warbands have different limits"
                ),
                a.0,
                a.1,
                l.pick("contra", "against"),
                b.0,
                b.1
            ))
            .color(ui.visuals().warn_fg_color),
        );
    }
}
