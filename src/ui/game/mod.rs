//! The Game view: one screen for the table. The header says the turn, the
//! round, who acts and what just happened, with the summary of both
//! warbands; the warbands stand in two columns of model cards; the centre
//! shows the step the game is at (the core's offers, as buttons, disabled
//! with their reason); the log runs down the right. Every change goes
//! through the core's one door (`Game::act`, `Game::apply`): the view rolls
//! no die and decides nothing the rules decide.
//!
//! One file per part: `setup` (a new game, open, continue), `header`
//! (turn, who leads, the last outcome, the one message line, undo, End
//! turn), `side` (a warband's summary in big numbers and its cards), `log`,
//! `steps` (dark-forces banner, change round, roll-off, pick, the End turn
//! question), `actions` (the acting model's offers), `forms` and `spell`
//! (an action's declarations), `roll` (a prepared check and the pending
//! roll), `adjust` (hand adjustments), `beast` (a beast appears), `widgets`
//! (small shared pieces).

mod actions;
mod adjust;
mod after;
mod beast;
mod forms;
pub use forms::{down_text, figures_text, price_text};
mod header;
mod locked;
mod log;
mod narrow;
mod pips;
mod replay;
mod report;
mod roll;
mod setup;
mod share;
mod side;
mod spell;
mod steps;
#[cfg(test)]
mod test_kit;
#[cfg(test)]
mod testkit;
mod widgets;
mod withdraw;

use std::path::PathBuf;

pub use forms::{Form, MeleeKind};
pub use log::{LogFilter, LogRows};
pub use setup::NewGameForm;
pub use share::SharePanel;

use crate::core::game::{Action, Happened, Host, ModelRef, Now, Side};
use crate::core::roster::Roster;
use crate::core::tables::RuleSet;
use crate::core::text::{Lang, Text};

/// The End activation draft with what the players declared on it (the
/// core's R14 and R33 declarations); kept visible under the actions so
/// that ending is one click or the E key.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EndDeclaration {
    /// The model these declarations are for: a new activation starts clean.
    pub model: Option<ModelRef>,
    /// The offer's draft as answered so far (`None`: the offer's own).
    pub draft: Option<Action>,
}

#[derive(Default)]
pub struct GameView {
    /// The open game, through its host: the lock, the records, the saves.
    pub game: Option<Host>,
    pub form: Form,
    /// The model picked for hand adjustments.
    pub selected: Option<ModelRef>,
    /// A card was clicked: open the hand adjustments.
    pub open_adjust: bool,
    pub new_game: NewGameForm,
    /// Friends named as witnesses while accepting the pending roll (R31).
    pub accept_witnesses: Vec<ModelRef>,
    /// A die typed in from the table instead of rolled by the app.
    pub real_die: u32,
    /// The roll-off's real dice, A and B (R08).
    pub real_pair: (u32, u32),
    /// The last message: (text in both languages, is error). Shown in one
    /// fixed place, in the language of the screen.
    pub message: Option<(Text, bool)>,
    /// The game file to offer to continue (the last one played).
    pub last_game: Option<PathBuf>,
    /// Where new games go and rosters are listed (issue 36: the player's
    /// library; by default the working folder, as tests use it).
    pub library: crate::core::library::Library,
    /// Which lines the log shows.
    pub log_filter: LogFilter,
    /// The log's rows for its filter, kept between frames.
    pub log_rows: LogRows,
    /// *End turn* was pressed with models that have not acted: ask.
    pub confirm_end_turn: bool,
    pub end: EndDeclaration,
    /// The report window is open (issue 15).
    pub show_report: bool,
    /// *End the game* was pressed: ask.
    pub confirm_end_game: bool,
    /// Issue 33: Undo would withdraw a result the records hold: ask.
    pub confirm_withdraw: bool,
    /// Stepping through the log: the cards show the state at that point.
    pub replay: Option<replay::Replay>,
    /// The table on every phone (issue 25).
    pub share: SharePanel,
    /// The model to scroll into view this frame (it just began to act or
    /// to be hit), if any.
    pub focus: Option<ModelRef>,
    /// The window's width last frame, to see it change.
    pub last_width: Option<f32>,
    /// The game's report for (log length, redo length, game, language).
    #[allow(clippy::type_complexity)]
    pub report_cache: Option<((usize, usize, String, Lang), Result<report::Shown, String>)>,
    /// Issue 38: the campaign warbands' after-game steps.
    pub after: after::AfterPanel,
}

/// The game view's buttons are at least this high (read at arm's length).
pub const TARGET_HEIGHT: f32 = 32.0;

impl GameView {
    fn say(&mut self, text: Text, error: bool) {
        self.message = Some((text, error));
    }

    /// Send one action through the game's door; refusals are shown, never
    /// lost, kept in both languages (the screen's language picks one).
    pub fn apply(&mut self, action: Action, _l: Lang) -> bool {
        let Some(g) = self.game.as_mut() else {
            return false;
        };
        match g.apply(action) {
            Ok(h) => {
                self.message = None;
                self.form = Form::None;
                // R31: a model that flees is announced, not only greyed.
                self.tell(&h);
                true
            }
            Err(e) if e.is_applied() => {
                self.form = Form::None;
                self.say(Text::each(|l| e.message(l)), true);
                if let Some(h) = e.happened() {
                    self.tell_beside(h);
                }
                true
            }
            Err(e) => {
                self.say(Text::each(|l| e.message(l)), true);
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
                self.say(Text::each(|l| e.message(l)), true);
                false
            }
        }
    }

    /// Undo the last action (the laptop, the referee; issue 33: a result
    /// the records hold asks first, see `withdraw.rs`).
    fn undo(&mut self) {
        self.undo_as_laptop(false);
    }

    /// Issue 34: what a change did besides the game, said at once (the
    /// laptop's change or a phone's): who fled (R31), a copied game file
    /// given an id of its own, and (issue 15) the warbands' records that
    /// could not be written. While sharing, both phones are told too.
    fn tell(&mut self, h: &Happened) {
        self.share.tell(h);
        self.show(h);
    }

    /// Say what a change did, here only (the phones' own changes, and the
    /// laptop's answers to them, are told on the phones by the seats).
    fn show(&mut self, h: &Happened) {
        if let Some((text, error)) = h.message() {
            self.say(text, error);
        }
    }

    /// [`GameView::tell`] after a message already said (a failed save):
    /// both stay on the one message line.
    fn tell_beside(&mut self, h: &Happened) {
        self.share.tell(h);
        self.show_beside(h);
    }

    /// [`GameView::show`] beside the message already said.
    fn show_beside(&mut self, h: &Happened) {
        let Some((text, error)) = h.message() else {
            return;
        };
        let (text, error) = match self.message.take() {
            Some((before, was)) => (
                Text::each(|l| format!("{} · {}", before.get(l), text.get(l))),
                error || was,
            ),
            None => (text, error),
        };
        self.say(text, error);
    }

    fn redo(&mut self) {
        let Some(g) = self.game.as_mut() else {
            return;
        };
        self.form = Form::None;
        match g.redo() {
            Ok(h) => {
                self.message = None;
                if let Some(h) = h {
                    self.tell(&h);
                }
            }
            Err(e) => {
                self.say(Text::each(|l| e.message(l)), true);
                if let Some(h) = e.happened() {
                    self.tell_beside(h);
                }
            }
        }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, open_roster: &Roster, l: Lang) {
        self.share_sync();
        if self.game.is_none() {
            self.setup_ui(ui, rules, open_roster, l);
            return;
        }
        self.shortcuts(ui.ctx());
        self.update_focus(ui.ctx());
        // Targets at arm's length: every button of the view at least this high.
        ui.spacing_mut().interact_size.y = TARGET_HEIGHT;
        egui::Panel::top("game_header").show(ui, |ui| self.header_ui(ui, l));
        // Issue 37: on a phone the columns are one.
        if crate::ui::style::narrow(ui) {
            self.narrow_ui(ui, rules, l);
            self.windows_ui(ui.ctx(), l);
            return;
        }
        // Columns in proportion to the window (and the UI scale), so that
        // the centre keeps room for the actions when zoomed in.
        let total = ui.available_width();
        // Up to 1280 points a fifth each; past it the cards take a third of
        // the extra width, so a wide window grows the cards, not the centre.
        let side_w = (total * 0.2)
            .max(256.0 + (total - 1280.0) * 0.35)
            .max(180.0);
        // A panel keeps the width it had, so when the window (or the zoom)
        // changes the columns are set again to its proportions.
        let resized = self.last_width.is_some_and(|w| (w - total).abs() > 1.0);
        self.last_width = Some(total);
        // Issue 37: a screen narrower than `narrow::LOG_BESIDE` (a tablet
        // upright) has the log under the centre, which keeps room for its
        // forms; measured unzoomed, so a zoomed desktop window is as before.
        let log_beside = total * ui.ctx().zoom_factor() >= narrow::LOG_BESIDE;
        if log_beside {
            let log_w = (total * 0.25).clamp(220.0, 420.0);
            let mut log = egui::Panel::right("game_log")
                .resizable(true)
                .default_size(log_w)
                .size_range(200.0..=(total * 0.3).max(220.0));
            if resized {
                log = log.exact_size(log_w);
            }
            let log = log.show(ui, |ui| self.log_ui(ui, l));
            widgets::splitter_grip(ui, log.response.rect.left(), log.response.rect);
        }
        for (id, side) in [("side_a", Side::A), ("side_b", Side::B)] {
            let mut panel = egui::Panel::left(id)
                .resizable(true)
                .default_size(side_w)
                .size_range(180.0..=side_w.max(total * 0.2));
            if resized {
                panel = panel.exact_size(side_w);
            }
            panel.show(ui, |ui| self.side_ui(ui, side, l));
        }
        egui::CentralPanel::default().show(ui, |ui| {
            // The centre's forms and figures grow with the window as the
            // cards do (issue 27): at 1920 wide the odds beside each target
            // are read from as far as the cards.
            let k = widgets::grown(ui, 1.0);
            if k > 1.0 {
                for font in ui.style_mut().text_styles.values_mut() {
                    font.size *= k;
                }
            }
            let gid = self.game.as_ref().map(|g| g.setup().game_id());
            egui::ScrollArea::vertical()
                .id_salt(("game_centre", gid))
                .show(ui, |ui| {
                    self.centre_ui(ui, rules, l);
                    if !log_beside {
                        ui.separator();
                        self.log_below(ui, l);
                    }
                });
        });
        self.windows_ui(ui.ctx(), l);
    }

    /// The view's modals and windows, over the columns.
    fn windows_ui(&mut self, ctx: &egui::Context, l: Lang) {
        self.end_turn_modal(ctx, l);
        self.end_game_modal(ctx, l);
        self.withdraw_modal(ctx, l);
        self.report_window(ctx, l);
        self.share_window(ctx, l);
        // A change made this frame reaches the phones now, not next frame.
        self.share_sync();
    }

    /// Ctrl+Z and Ctrl+Y (Ctrl+Shift+Z): undo and redo of the game log.
    fn shortcuts(&mut self, ctx: &egui::Context) {
        use egui::{Key, KeyboardShortcut, Modifiers};
        let redo = ctx.input_mut(|i| {
            i.consume_shortcut(&KeyboardShortcut::new(
                Modifiers::COMMAND | Modifiers::SHIFT,
                Key::Z,
            )) || i.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, Key::Y))
        });
        if redo {
            self.redo();
        }
        if ctx.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, Key::Z)))
        {
            self.undo();
        }
    }

    /// The step the game is at, as the core's `now` says.
    fn now_ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let now = g.now();
        let beast_due = g.state().beast_due;
        self.dark_forces_banner(ui, rules, l);
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
            Now::ResolveHits { hits } => self.hits_ui(ui, &hits, l),
            Now::Ended { .. } => self.ended_ui(ui, rules, l),
        }
        if beast_due {
            ui.separator();
            self.beast_ui(ui, l);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::test_kit::*;
    use super::testkit;
    use crate::core::game::Status;
    use crate::core::game::act;
    use crate::core::game::{Action, Now, Side};
    use crate::core::text::Lang;
    use egui_kittest::kittest::Queryable as _;

    #[test]
    fn r39_rolling_the_dark_forces_should_start_the_turn_and_fill_the_pools() {
        let mut h = harness(app(new_game(), Lang::En));
        h.run();
        assert_eq!(game(&h).state().turn, 0);
        h.get_by_label("🎲 Roll the Dark Forces  [Space]").click();
        h.run();
        let st = game(&h).state();
        assert_eq!(st.turn, 1);
        // R10: every model not Down gives DP to its pool (warriors 1), so the pool shows.
        let pool_a = st.side(Side::A).map_or(0, |s| s.pool);
        assert!(pool_a > 0);
        h.get_by_label(&format!("{pool_a} DP"));
        // The log has the turn start.
        assert_eq!(game(&h).actions().len(), 1);
    }

    #[test]
    fn a_typed_real_die_should_be_used_for_the_dark_forces() {
        let mut a = app(new_game(), Lang::En);
        a.game.real_die = 10;
        let mut h = harness(a);
        h.run();
        h.get_by_label("Use this die").click();
        h.run();
        // R39 10: every model gives 1 DP less this turn.
        assert_eq!(game(&h).state().dp_per_model, -1);
    }

    #[test]
    fn undo_should_take_back_the_turn_start() {
        let mut h = harness(app(new_game(), Lang::Es));
        h.run();
        h.get_by_label("🎲 Tirar Fuerzas Oscuras  [Space]").click();
        h.run();
        assert_eq!(game(&h).state().turn, 1);
        h.get_by_label("↶ Deshacer").click();
        h.run();
        assert_eq!(game(&h).state().turn, 0);
        assert!(game(&h).can_redo());
    }

    #[test]
    fn r13_a_model_should_move_paying_one_dp_then_end_its_activation() {
        let mut h = harness(app(new_game(), Lang::En));
        h.run();
        h.get_by_label("Use this die").click(); // a 1: no DP change.
        h.run();
        // R09: both players pass the change of rounds.
        h.get_by_label("Done changing for Ana").click();
        h.run();
        h.get_by_label("Done changing for Bea").click();
        h.run();
        // Only warband B has a model in round 6 (its Hero): B picks it.
        let Now::Pick { side, models, .. } = game(&h).now() else {
            panic!("expected a pick, got {:?}", game(&h).now());
        };
        assert_eq!(side, Side::B);
        let name = game(&h).state().name(models[0]);
        h.get_by_label(&name).click();
        h.run();
        let pool_before = game(&h).state().side(Side::B).map_or(0, |s| s.pool);
        let dp_before = game(&h).dp_available(models[0]);
        h.get_by_label("Move (1 DP)  [M]").click();
        h.run();
        let dp_after = game(&h).dp_available(models[0]);
        assert_eq!(dp_after, dp_before - 1);
        let pool_after = game(&h).state().side(Side::B).map_or(0, |s| s.pool);
        assert!(pool_after <= pool_before);
        // Nothing to declare: one click ends it.
        h.get_by_label("End activation  [E]").click();
        h.run();
        let st = game(&h).state();
        assert!(st.model(models[0]).is_some_and(|m| m.acted));
        // The log on the right lists the move.
        assert!(
            h.query_by_label_contains(&format!("{name} moves"))
                .is_some()
        );
    }

    #[test]
    fn the_side_cards_should_show_fear_and_status_in_both_languages() {
        let mut h = harness(app(new_game(), Lang::Es));
        h.run();
        assert!(h.query_all_by_label("En pie").count() >= 10);
        h.get_by_label("English").click();
        h.run();
        assert!(h.query_all_by_label("Standing").count() >= 10);
    }

    #[test]
    fn keys_should_drive_the_frequent_actions() {
        let mut h = harness(app(new_game(), Lang::En));
        h.run();
        // Space rolls the dark forces.
        h.key_press(egui::Key::Space);
        h.run();
        assert_eq!(game(&h).state().turn, 1);
        h.get_by_label("Done changing for Ana").click();
        h.run();
        h.get_by_label("Done changing for Bea").click();
        h.run();
        let Now::Pick { models, .. } = game(&h).now() else {
            panic!("expected a pick");
        };
        let name = game(&h).state().name(models[0]);
        h.get_by_label(&name).click();
        h.run();
        let n = game(&h).actions().len();
        // M moves the acting model.
        h.key_press(egui::Key::M);
        h.run();
        assert_eq!(game(&h).actions().len(), n + 1);
        // Ctrl+Z takes it back.
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
        h.run();
        assert_eq!(game(&h).actions().len(), n);
    }

    #[test]
    fn enter_should_accept_a_pending_roll_and_e_should_end_the_activation() {
        let mut g = new_game();
        step_to_acting(&mut g);
        let m = g.state().actor().expect("actor");
        g.act(Action::Check(act::Check {
            model: m,
            stat: crate::core::tables::Stat::Agility,
            modifier: 0,
            reason: String::new(),
            options: Default::default(),
            roll: None,
        }))
        .expect("check rolled");
        assert!(matches!(g.now(), Now::Rolled));
        let mut h = harness(app(g, Lang::En));
        h.run();
        h.key_press(egui::Key::Enter);
        h.run();
        assert!(matches!(game(&h).actions().last(), Some(Action::Accept(_))));
        h.key_press(egui::Key::E);
        h.run();
        assert!(matches!(
            game(&h).actions().last(),
            Some(Action::EndActivation(_))
        ));
        assert!(game(&h).state().model(m).is_some_and(|s| s.acted));
    }

    /// R31: a model ending its activation at twice its Courage in fear
    /// flees, and the view says so by name.
    #[test]
    fn r31_a_model_that_flees_should_be_announced() {
        let mut g = testkit::new_game();
        testkit::step_to_acting(&mut g, 1);
        let m = g.state().actor().expect("actor");
        let courage = g.state().model(m).expect("model").courage();
        g.apply(Action::AdjustFear(act::AdjustFear {
            model: m,
            delta: 2 * courage,
        }))
        .expect("fear");
        let name = g.state().name(m);
        let mut app = testkit::app(g, Lang::En, 1.0);
        assert!(app.game.apply(
            Action::EndActivation(act::EndActivation {
                model: m,
                terrain: Vec::new(),
                near_enemy_totem: false,
            }),
            Lang::En
        ));
        let g = app.game.game.as_ref().expect("game");
        assert_eq!(g.state().model(m).map(|x| x.status), Some(Status::Fled));
        let (text, error) = app.game.message.clone().expect("a message");
        assert!(!error);
        assert_eq!(text.en, format!("Flees the battle: {name}"));
        assert_eq!(text.es, format!("Huye de la batalla: {name}"));
    }
}
