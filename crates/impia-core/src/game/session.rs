//! A game in progress: its setup, its log, the undone actions, and the state
//! they give; the one door (`apply`, `act`), undo and redo; the game file
//! (save, load, recover, autosave) in `session/persist.rs`.

mod file_errors;
mod offered;
mod persist;
mod take_back;
mod text;

pub(crate) use file_errors::lock_error;
pub use persist::ReadOnly;

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use super::action::{Action, PendingRoll};
use super::describe;
use super::engine;
use super::error::{GameError, Refusal};
use super::file;
use super::guard::{self, Ctx};
use super::pending::{self, RollPart};
use super::prepare::{self, Prepared};
use super::roll::SideDice;
use super::setup::GameSetup;
use super::state::{GameState, Now};
use crate::dice::{CheckSpec, Roller};
use crate::tables::RuleSet;
use crate::text::{Lang, Text};

/// A note holds at most a line of text, as a roster's text line (issue 21:
/// a 9 MB note made a file impia would not open).
pub const MAX_NOTE_BYTES: usize = 16 * 1024;

/// No action's line in the game file is longer than this: names and
/// declarations of an action are short, whatever a script sends.
pub const MAX_ACTION_BYTES: usize = 64 * 1024;

/// Undo replays from the nearest snapshot; one is kept every this many actions.
const CHECKPOINT_EVERY: usize = 256;

/// A log that does not replay: the index of the first refused action and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("action {index}: {error}")]
pub struct ReplayError {
    pub index: usize,
    pub error: GameError,
}

/// Replay a log from the setup: the state it leads to, or the first action
/// it refuses. Needs no dice: the rolls are in the actions.
pub fn replay(
    setup: &GameSetup,
    rules: &RuleSet,
    log: &[Action],
) -> Result<GameState, ReplayError> {
    let ctx = Ctx { rules, setup };
    let mut st = GameState::new(setup, rules);
    for (index, a) in log.iter().enumerate() {
        engine::step(&mut st, ctx, a).map_err(|error| ReplayError { index, error })?;
    }
    Ok(st)
}

/// One entry of the history.
#[derive(Clone, Copy)]
pub struct LogEntry<'a> {
    pub index: usize,
    pub action: &'a Action,
    game: &'a Game,
}

impl<'a> LogEntry<'a> {
    /// The one-line description, in `lang`. A game opened from a file
    /// builds its lines when they are first asked for (see
    /// [`Game::history_text`]).
    pub fn describe(&self, lang: Lang) -> &'a str {
        self.game.history_text(self.index).get(lang)
    }
}

impl std::fmt::Debug for LogEntry<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LogEntry")
            .field("index", &self.index)
            .field("action", self.action)
            .finish()
    }
}

/// The entries of the history in a range of the log: random access, so
/// that `skip(n)` (the log view's visible rows) costs nothing per entry
/// skipped.
struct LogIter<'a> {
    game: &'a Game,
    range: std::ops::Range<usize>,
}

impl<'a> LogIter<'a> {
    fn entry(&self, index: usize) -> Option<LogEntry<'a>> {
        let game = self.game;
        game.log.get(index).map(|action| LogEntry {
            index,
            action,
            game,
        })
    }
}

impl<'a> Iterator for LogIter<'a> {
    type Item = LogEntry<'a>;

    fn next(&mut self) -> Option<LogEntry<'a>> {
        let i = self.range.next()?;
        self.entry(i)
    }

    fn nth(&mut self, n: usize) -> Option<LogEntry<'a>> {
        let i = self.range.nth(n)?;
        self.entry(i)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.range.size_hint()
    }
}

impl DoubleEndedIterator for LogIter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let i = self.range.next_back()?;
        self.entry(i)
    }

    fn nth_back(&mut self, n: usize) -> Option<Self::Item> {
        let i = self.range.nth_back(n)?;
        self.entry(i)
    }
}

impl ExactSizeIterator for LogIter<'_> {}

/// A game in progress: setup, log, redo list and the state they give.
///
/// A clone is detached from the game file: it never autosaves until
/// [`Game::save`] gives it a file of its own.
#[derive(Debug)]
pub struct Game {
    rules: Arc<RuleSet>,
    setup: Arc<GameSetup>,
    log: Vec<Action>,
    redo: Vec<Action>,
    state: GameState,
    /// The description of each log action, both languages, in blocks of
    /// [`CHECKPOINT_EVERY`] actions (block `b` starts at checkpoint
    /// `b * CHECKPOINT_EVERY`), one per block begun. A block is built when
    /// one of its lines is first asked for (a game replayed from a file
    /// writes none), and from then on holds a line for each of its actions.
    history: Vec<OnceLock<Vec<Text>>>,
    /// (log length, state) snapshots for a quick undo.
    checkpoints: Vec<(usize, GameState)>,
    autosave: Option<file::Autosave>,
    /// Actions undone and then dropped by a new action, with the log
    /// position they had: the history shows them as undone.
    undone: Vec<file::Undone>,
    /// Opened while another window or command had the file for writing,
    /// or with hard links, or to read only: it can be read, not played.
    read_only: Option<ReadOnly>,
    /// The file it was opened from.
    path_read: Option<PathBuf>,
}

impl Clone for Game {
    fn clone(&self) -> Self {
        Game {
            rules: Arc::clone(&self.rules),
            setup: Arc::clone(&self.setup),
            log: self.log.clone(),
            redo: self.redo.clone(),
            state: self.state.clone(),
            history: self.history.clone(),
            checkpoints: self.checkpoints.clone(),
            // Two games appending to one file would interleave their logs.
            autosave: None,
            undone: self.undone.clone(),
            read_only: self.read_only,
            path_read: self.path_read.clone(),
        }
    }
}

/// A note of at most [`MAX_NOTE_BYTES`], an action of at most
/// [`MAX_ACTION_BYTES`] as a line: what is written must open again.
fn check_size(action: &Action) -> Result<(), GameError> {
    if let Action::Note(super::act::Note { text }) = action
        && text.len() > MAX_NOTE_BYTES
    {
        return Err(Refusal::TextTooLong {
            bytes: text.len(),
            limit: MAX_NOTE_BYTES,
        }
        .into());
    }
    let bytes = file::action_line(action).map_or(0, |l| l.len());
    if bytes > MAX_ACTION_BYTES {
        return Err(Refusal::TextTooLong {
            bytes,
            limit: MAX_ACTION_BYTES,
        }
        .into());
    }
    Ok(())
}

fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Game {
    /// A new game, before its first turn. Invalid rosters are allowed; see
    /// [`GameSetup::warnings`].
    pub fn new(setup: GameSetup, rules: &RuleSet) -> Game {
        let state = GameState::new(&setup, rules);
        Game {
            rules: Arc::new(rules.clone()),
            setup: Arc::new(setup),
            log: Vec::new(),
            redo: Vec::new(),
            checkpoints: vec![(0, state.clone())],
            state,
            history: Vec::new(),
            autosave: None,
            undone: Vec::new(),
            read_only: None,
            path_read: None,
        }
    }

    /// A game from a setup and a log, applied action by action. The
    /// history's lines are built when they are first asked for.
    pub fn from_log(
        setup: GameSetup,
        rules: &RuleSet,
        log: Vec<Action>,
    ) -> Result<Game, ReplayError> {
        let mut g = Game::new(setup, rules);
        g.replay_in_place(log)?;
        Ok(g)
    }

    /// Apply `log` after the actions of this game, as a replay does: in
    /// place, with no copy of the state or of the actions per action and no
    /// history text (see [`Game::history_text`]); a checkpoint every
    /// [`CHECKPOINT_EVERY`] actions as always. At the first refused action
    /// the game is left as it was just before it, and the error names its
    /// index in `log`.
    fn replay_in_place(&mut self, mut log: Vec<Action>) -> Result<(), ReplayError> {
        let base = self.log.len();
        let mut refused = None;
        let ctx = Ctx {
            rules: &self.rules,
            setup: &self.setup,
        };
        for (index, a) in log.iter().enumerate() {
            if let Err(error) = engine::step(&mut self.state, ctx, a) {
                refused = Some(ReplayError { index, error });
                break;
            }
            let len = base + index + 1;
            if len.is_multiple_of(CHECKPOINT_EVERY) {
                self.checkpoints.push((len, self.state.clone()));
            }
        }
        if let Some(e) = &refused {
            log.truncate(e.index);
        }
        if self.log.is_empty() {
            self.log = log;
        } else {
            self.log.append(&mut log);
        }
        // The last block, if built, lacks the new actions.
        if let Some(last) = self.history.last_mut() {
            last.take();
        }
        self.history
            .resize_with(self.log.len().div_ceil(CHECKPOINT_EVERY), OnceLock::new);
        match refused {
            None => Ok(()),
            Some(e) => {
                // `step` may have half changed the state.
                if let Ok(st) = self.state_at(self.log.len()) {
                    self.state = st;
                }
                Err(e)
            }
        }
    }

    /// The state after the first `n` actions of the log (replay, issue 15):
    /// from the nearest checkpoint, so stepping costs at most one block.
    pub fn state_at(&self, n: usize) -> Result<GameState, GameError> {
        let (k, mut st) = self.checkpoint_before(n);
        for a in &self.log[k..n.min(self.log.len())] {
            engine::step(&mut st, self.ctx(), a)?;
        }
        Ok(st)
    }

    /// The last checkpoint at or before log position `n`: its position
    /// and a copy of its state.
    fn checkpoint_before(&self, n: usize) -> (usize, GameState) {
        match self.checkpoints.iter().rev().find(|(k, _)| *k <= n) {
            Some((k, s)) => (*k, s.clone()),
            None => (0, GameState::new(&self.setup, &self.rules)),
        }
    }

    /// The description of log action `i`, both languages. Built when first
    /// asked for, with the rest of its block of [`CHECKPOINT_EVERY`]
    /// actions (see [`Game::describe_block`]): showing a screenful of lines
    /// costs one or two blocks, whatever the log's length. Panics if `i` is
    /// not a log position.
    fn history_text(&self, i: usize) -> &Text {
        let b = i / CHECKPOINT_EVERY;
        let block = self.history[b].get_or_init(|| self.describe_block(b));
        &block[i % CHECKPOINT_EVERY]
    }

    /// The lines of block `b` of the log (the actions from its checkpoint
    /// to the next one), each described against the state just before it,
    /// replayed from the checkpoint.
    fn describe_block(&self, b: usize) -> Vec<Text> {
        let start = b * CHECKPOINT_EVERY;
        let end = (start + CHECKPOINT_EVERY).min(self.log.len());
        // Every action of the log replayed when it was applied; should one
        // not, the rest are described against the state reached.
        let mut stepping = true;
        let (k, mut st) = self.checkpoint_before(start);
        for a in &self.log[k..start] {
            stepping = stepping && engine::step(&mut st, self.ctx(), a).is_ok();
        }
        let mut texts = Vec::with_capacity(end - start);
        for a in &self.log[start..end] {
            texts.push(self.describer(&st).text(a));
            stepping = stepping && engine::step(&mut st, self.ctx(), a).is_ok();
        }
        texts
    }

    fn describer<'s>(&'s self, state: &'s GameState) -> describe::Describer<'s> {
        describe::Describer {
            state,
            setup: &self.setup,
            rules: &self.rules,
        }
    }

    pub(super) fn ctx(&self) -> Ctx<'_> {
        Ctx {
            rules: &self.rules,
            setup: &self.setup,
        }
    }

    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }

    /// The state: sides, models (fear, status, DP, toughness), pools, VP,
    /// turn, round, phase, pending hits.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// Who acts now (R05–R09, R27, R39): what the view should offer.
    pub fn now(&self) -> Now {
        self.state.now()
    }

    /// The actions applied so far.
    pub fn actions(&self) -> &[Action] {
        &self.log
    }

    /// The readable history, oldest first. Skipping entries costs nothing;
    /// a game opened from a file describes an entry when it is first asked
    /// for ([`LogEntry::describe`]).
    pub fn log(&self) -> impl ExactSizeIterator<Item = LogEntry<'_>> + DoubleEndedIterator {
        LogIter {
            game: self,
            range: 0..self.log.len(),
        }
    }

    /// The actions undone and ready to redo, the next one last.
    pub fn redo_list(&self) -> &[Action] {
        &self.redo
    }

    /// Would `action` be accepted now? Nothing changes.
    pub fn check(&self, action: &Action) -> Result<(), GameError> {
        let mut next = self.state.clone();
        engine::fresh(&mut next, self.ctx(), action)
    }

    fn apply_in_memory(&mut self, action: Action) -> Result<(), GameError> {
        let mut next = self.state.clone();
        engine::step(&mut next, self.ctx(), &action)?;
        // Its line, unless its block is left to be built when shown.
        let b = self.log.len() / CHECKPOINT_EVERY;
        let text = match self.history.get(b) {
            Some(block) if block.get().is_none() => None,
            _ => Some(self.describer(&self.state).text(&action)),
        };
        self.state = next;
        self.log.push(action);
        match (self.history.get_mut(b), text) {
            (None, Some(t)) => self.history.push(OnceLock::from(vec![t])),
            (Some(block), Some(t)) => {
                if let Some(lines) = block.get_mut() {
                    lines.push(t);
                }
            }
            _ => {}
        }
        if self.log.len().is_multiple_of(CHECKPOINT_EVERY) {
            self.checkpoints.push((self.log.len(), self.state.clone()));
        }
        Ok(())
    }

    /// Apply an action: the one door for the view, the CLI and the tests.
    /// A refused action changes nothing. With a game file attached the
    /// action is saved before this returns; if only the save fails, the
    /// error says so (`is_applied()`) and the next save rewrites the file.
    pub fn apply(&mut self, action: Action) -> Result<(), GameError> {
        self.writable()?;
        check_size(&action).and_then(|()| engine::logged(&self.state, &action))?;
        // Undone actions are rewritten with their position and leave (≤ 96
        // bytes more).
        let undone = if self.redo.is_empty() {
            0
        } else {
            self.redo.len() as u64 * 96 + 8
        };
        self.room_for(&action, undone)?;
        let at = self.log.len();
        self.apply_in_memory(action)?;
        let had_redo = !self.redo.is_empty();
        // The undone actions stay in the history, marked undone.
        for (k, a) in self.redo.drain(..).rev().enumerate() {
            self.undone.push(file::Undone::dropped(at + k, a));
        }
        if had_redo {
            self.save_whole()
        } else {
            self.save_last()
        }
    }

    pub fn can_undo(&self) -> bool {
        !self.log.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Undo the last action; `Ok(false)` when there is none.
    pub fn undo(&mut self) -> Result<bool, GameError> {
        self.writable()?;
        let Some(last) = self.log.pop() else {
            return Ok(false);
        };
        let n = self.log.len();
        self.checkpoints.retain(|(k, _)| *k <= n);
        // It replayed before; the rules have not changed since.
        let st = match self.state_at(n) {
            Ok(st) => st,
            Err(e) => {
                self.log.push(last);
                return Err(e);
            }
        };
        self.state = st;
        if n.is_multiple_of(CHECKPOINT_EVERY) {
            self.history.pop();
        } else if let Some(lines) = self.history.last_mut().and_then(OnceLock::get_mut) {
            lines.pop();
        }
        self.redo.push(last);
        self.save_whole().map(|_| true)
    }

    /// Redo the last undone action; `Ok(false)` when there is none.
    pub fn redo(&mut self) -> Result<bool, GameError> {
        self.writable()?;
        let Some(a) = self.redo.pop() else {
            return Ok(false);
        };
        if let Err(e) = self.apply_in_memory(a.clone()) {
            self.redo.push(a);
            return Err(e);
        }
        self.save_whole().map(|_| true)
    }

    /// Dice for the next roll: from the game's seed, the log's length and
    /// how many actions were undone, so the app and the CLI roll the same
    /// dice at the same point, and a roll made again after an undo is a new
    /// roll. Replaying never needs them: the dice are in the log.
    pub fn roller(&self) -> Roller {
        let len = self.log.len() as u64;
        let undone = (self.redo.len() + self.undone.len()) as u64;
        Roller::seeded(splitmix(
            self.setup.seed ^ splitmix(len.wrapping_mul(0x1_0000).wrapping_add(undone)),
        ))
    }

    /// The check(s) a rolled action makes, with every modifier's source and
    /// the exact odds, before anything is rolled.
    pub fn prepare(&self, action: &Action) -> Result<Prepared, GameError> {
        prepare::prepare(&self.state, self.ctx(), action).map_err(|e| guard::named(&self.state, e))
    }

    /// `action` with the dice it lacks rolled with the game's dice.
    pub fn with_dice(&self, action: &Action) -> Result<Action, GameError> {
        prepare::fill_dice(&self.state, self.ctx(), action, &mut self.roller())
            .map_err(|e| guard::named(&self.state, e))
    }

    /// Act: roll what the action lacks with the game's dice (real dice
    /// typed in are kept), then apply it. A rolled check becomes the
    /// pending roll (rules 2): re-roll it as allowed, then accept it.
    pub fn act(&mut self, action: Action) -> Result<(), GameError> {
        let full = self.with_dice(&action)?;
        self.apply(full)
    }

    /// The exact chances of an attack `action` as the players set it (its
    /// options, e.g. an Imposing presence declared within 10 cm, R42);
    /// `None` for any other action or one the rules refuse.
    pub fn chances(&self, action: &Action) -> Option<super::Chances> {
        super::chance::attack_chances(&self.state, self.ctx(), action)
    }

    /// What the game waits for, in one sentence.
    pub fn now_text(&self, lang: Lang) -> String {
        describe::now_text(&self.state, &self.state.now(), lang)
    }

    /// The same sentence for another state of this game (a replay).
    pub fn now_text_of(&self, st: &GameState, lang: Lang) -> String {
        describe::now_text(st, &st.now(), lang)
    }

    /// The pending roll's dice, part by part: who rolled, the dice as they
    /// stand now and the check they were rolled for.
    pub fn pending_dice(&self) -> Vec<(RollPart, SideDice, CheckSpec)> {
        let Some(p) = self.pending() else {
            return Vec::new();
        };
        pending::roll_parts(&self.state, &p.action)
            .into_iter()
            .filter_map(|part| pending::dice_of(&p.action, &part).map(|(d, s)| (part, d, s)))
            .collect()
    }

    /// One line for `action` as if it were applied now, in `lang`.
    pub fn describe(&self, action: &Action, lang: Lang) -> String {
        self.describer(&self.state).describe(action, lang)
    }

    /// The roll made and waiting to be re-rolled or accepted.
    pub fn pending(&self) -> Option<&PendingRoll> {
        self.state.pending.as_deref()
    }

    /// The actions undone and dropped since, with their old log positions.
    pub fn undone(&self) -> &[file::Undone] {
        &self.undone
    }
}
