//! Applying one action to the state: the dispatcher, and keeping the
//! derived parts of the state true after it. Each action's rule lives in
//! its file, `acts/<id>.rs` ([`Rules`]); what several share in the family
//! files below it (`turn`, `fear`, `melee`, `shooting`, `hits`, `spell`,
//! `attribute`, `adjust`), and the life of a roll in `pending`.

use super::action::Action;
use super::error::{GameError, Refusal};
use super::guard::{Ctx, disengage_all, finish_activation, named};
use super::refs::ModelRef;
use super::state::{Ending, GameState, Phase, RoundState};
use super::taker::Taker;
use super::{pending, resolve};

/// An action's rule (issue 23): what it does to the state, who may take
/// it, the numbers it carries. Implemented in each action's file,
/// `acts/<id>.rs`; reached through [`Action::act`]. A method with a
/// default body answers for an action that neither rolls nor declares
/// (issue 34): an action that does overrides it.
pub(crate) trait Rules {
    /// What the action does to `st` when no roll waits (R05–R42, the rule
    /// its file names): `Err` refuses it, and `st` may then be half
    /// changed (callers apply to a copy). `whole`: this action as the log
    /// holds it, which a roll becomes while it waits (rules 2, [`roll`]).
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, whole: &Action) -> Result<(), GameError>;

    /// What the action does while a roll waits to be accepted (rules 2):
    /// the re-rolls (R33 totem, R42 Headstrong) and accepting it act on
    /// the roll, a note changes nothing; `None`: not now, the roll first
    /// (refused: [`Refusal::RollWaiting`]).
    /// The default, `None`, is right for every action but those.
    fn while_roll_waits(&self, _: &mut GameState, _: Ctx<'_>) -> Option<Result<(), GameError>> {
        None
    }

    /// Issue 15: whether the action may still be taken once the game has
    /// ended (it then changes nothing). The default, no, is right for any
    /// action that changes the game: the end is final until undone; a note
    /// says yes.
    fn taken_after_the_end(&self) -> bool {
        false
    }

    /// Who may take the action in `st`, the state before it (issue 26):
    /// - a model's own actions in its activation, its round change (R09),
    ///   its activation (R07), its re-rolls (R33 totem, R42 Headstrong):
    ///   the model's side;
    /// - R27–R30 a hit: the side of the model hit, whose choices it makes
    ///   (R29 Iron defence, R42 Survival instinct, cover); a herb burnt
    ///   then (R37) is its owner's;
    /// - R09 the end of the round changes: that side; R08 who starts: the
    ///   roll-off's winner;
    /// - a hand correction of a model, a pool or scenario points: the side
    ///   it corrects;
    /// - R39 the dark forces, R08 the roll-off, the end of the turn and of
    ///   the game, a beast appearing, an engagement set by hand, a note:
    ///   either (issue 33: `core::game::rights` owns the fields that harm
    ///   one side; accepting a roll, `core::game::close`).
    fn taker(&self, st: &GameState) -> Taker;

    /// Whether [`Rules::taker`] reads the state (R08: the roll-off's
    /// winner chooses who starts). When it does not, undo asks who took
    /// the log's last action without replaying the state before it.
    fn taker_reads_the_state(&self) -> bool {
        false
    }

    /// Issue 33: the fields of this draft that are not simply its
    /// taker's, each with its owner and whether it is set (a model's own
    /// choices its side's, a hand modifier the side whose roll it
    /// changes, a fact that harms a side's models that side's); the dice
    /// it carries are listed for every action alike (`owners::owners`).
    fn owners(&self, _: &GameState, _: &mut super::owners::Owners) {}

    /// Issue 33: the fields `side` owns taken from `from`, the same action
    /// as the other seat answered it: how two seats' halves of one roll
    /// meet. An action with no field of two sides takes nothing.
    fn take_owned(&mut self, _: &Action, _: super::refs::Side) {}

    /// Every number the action carries within
    /// [`MAX_HAND_NUMBER`](super::action::MAX_HAND_NUMBER): checked before
    /// the game applies it.
    fn check_numbers(&self) -> Result<(), GameError> {
        Ok(())
    }

    /// A check the players roll and may re-roll before accepting it (rules
    /// 2 on): it waits as the pending roll until accepted.
    fn is_roll(&self) -> bool {
        false
    }

    /// R10–R12: whether a model pays for this action by its own row of
    /// `tables/actions.yaml`, whose id is the action's id. The game's
    /// steps, the life of a roll, hand adjustments and notes cost nothing,
    /// and a spell costs its own (R38: its row holds no DP).
    fn paid() -> bool
    where
        Self: Sized,
    {
        false
    }

    /// The rows of `tables/actions.yaml` for a declared form of this
    /// action, with its own DP and effect: a Brutal assault (R42), an
    /// Aimed shot and Iron defence (rules 3).
    fn form_rows() -> &'static [&'static str]
    where
        Self: Sized,
    {
        &[]
    }
}

impl Action {
    /// A check the players roll and may re-roll before accepting it (rules
    /// 2 on): it waits as the pending roll until accepted.
    pub fn is_roll(&self) -> bool {
        self.act().is_roll()
    }

    /// Every number the action carries within
    /// [`MAX_HAND_NUMBER`](super::action::MAX_HAND_NUMBER): checked before
    /// the game applies it.
    pub fn check_numbers(&self) -> Result<(), GameError> {
        self.act().check_numbers()
    }
}

/// Apply `action` to `st`. On error `st` may be half changed: callers apply
/// to a copy, or stop replaying.
pub(crate) fn step(st: &mut GameState, ctx: Ctx<'_>, action: &Action) -> Result<(), GameError> {
    if let Some(after) = after_the_end(st, action) {
        return after;
    }
    // The refusal leaves the rules here: its models get their names.
    apply(st, ctx, action).map_err(|e| named(st, e))?;
    // R20: only Moves in a row count as consecutive.
    if !matches!(action, Action::Move(_)) {
        st.in_row = 0;
    }
    // Rules 3: a warband with no model left standing ends the game once no
    // roll or hit waits.
    if ctx.setup.all_rules()
        && st.ended.is_none()
        && st.turn > 0
        && st.pending.is_none()
        && st.pending_hits.is_empty()
    {
        for side in super::refs::Side::WARBANDS {
            if st.models_of(side).all(|(_, m)| !m.status.in_play()) {
                st.ended = Some(Ending::NoneStanding(side));
                break;
            }
        }
    }
    Ok(())
}

/// Issue 15: after the end, only notes; the end itself is an action.
fn after_the_end(st: &GameState, action: &Action) -> Option<Result<(), GameError>> {
    st.ended.is_some().then(|| {
        if action.act().taken_after_the_end() {
            Ok(())
        } else {
            Err(Refusal::GameOver.into())
        }
    })
}

/// Would the rules take `action` in `st`? [`step`]'s very verdict, for the
/// offers, which ask it once per target (issue 32): the action's rule,
/// without keeping the derived parts true after it ([`settle`], a warband
/// left with none standing), which refuse nothing and walk every model.
/// `st` is left half changed: callers pass a copy.
/// What a new action must meet beyond its rule, checked where it is
/// offered, priced or taken (not on replay: a file written before keeps
/// what its players declared): R20 an Assault counts at most the Moves the
/// tracker logged just before it.
pub(crate) fn logged(st: &GameState, action: &Action) -> Result<(), GameError> {
    if let Action::Assault(a) = action {
        let declared = a
            .options
            .options
            .get(super::draft::CONSECUTIVE_MOVES)
            .copied()
            .unwrap_or(0);
        if declared > st.in_row {
            return Err(named(
                st,
                Refusal::MovesNotLogged {
                    model: a.attacker,
                    declared,
                    logged: st.in_row,
                }
                .into(),
            ));
        }
    }
    Ok(())
}

/// A new action's step: [`logged`], then its rule.
pub(crate) fn fresh(st: &mut GameState, ctx: Ctx<'_>, action: &Action) -> Result<(), GameError> {
    logged(st, action)?;
    step(st, ctx, action)
}

pub(crate) fn verdict(st: &mut GameState, ctx: Ctx<'_>, action: &Action) -> Result<(), GameError> {
    if let Some(after) = after_the_end(st, action) {
        return after;
    }
    rule(st, ctx, action).map_err(|e| named(st, e))
}

fn apply(st: &mut GameState, ctx: Ctx<'_>, action: &Action) -> Result<(), GameError> {
    rule(st, ctx, action)?;
    settle(st);
    Ok(())
}

/// The action's own rule, or what it does while a roll waits.
fn rule(st: &mut GameState, ctx: Ctx<'_>, action: &Action) -> Result<(), GameError> {
    let act = action.act();
    act.check_numbers()?;
    if st.pending.is_some() {
        let Some(done) = act.while_roll_waits(st, ctx) else {
            return Err(Refusal::RollWaiting {
                action: action.id(),
            }
            .into());
        };
        done?;
    } else {
        act.apply(st, ctx, action)?;
    }
    Ok(())
}

/// Rules 2: a roll with its dice waits to be accepted, where the game's
/// rules keep rolls waiting; otherwise it takes effect now.
pub(crate) fn roll(st: &mut GameState, ctx: Ctx<'_>, whole: &Action) -> Result<(), GameError> {
    if ctx.setup.pending_rolls() {
        pending::begin(st, ctx, whole)
    } else {
        resolve::apply(st, ctx, whole, false)
    }
}

/// Keep the derived parts of the state true after any change: models out of
/// play leave their fights and activations; the round and phase follow the
/// models still to act (R05, R06).
pub(crate) fn settle(st: &mut GameState) {
    let out: Vec<ModelRef> = st
        .models()
        .filter(|(_, m)| !m.status.in_play() && !m.engaged.is_empty())
        .map(|(r, _)| r)
        .collect();
    for r in out {
        disengage_all(st, r);
    }
    let gone = |st: &GameState, m: ModelRef| st.model(m).is_none_or(|m| !m.status.in_play());
    if !st.pending_hits.is_empty() {
        let alive: Vec<bool> = st
            .pending_hits
            .iter()
            .map(|h| st.model(h.target).is_some_and(|m| m.status.in_play()))
            .collect();
        let mut keep = alive.into_iter();
        st.pending_hits.retain(|_| keep.next().unwrap_or(false));
    }
    if let Some(a) = st.active
        && gone(st, a)
    {
        // A model put Down, fled or removed mid-activation ends it there.
        if let Some(m) = st.model_mut(a) {
            m.acted = true;
        }
        finish_activation(st, a);
    }
    if let Some(o) = st.ordered
        && gone(st, o)
    {
        st.ordered = None;
    }
    if st.phase == Phase::Rounds {
        match st.current_round() {
            None if st.active.is_none() && st.pending_hits.is_empty() => {
                st.phase = Phase::TurnOver;
                st.round = None;
            }
            Some(r) if st.round.as_ref().map(|x| x.round) != Some(r) => {
                st.round = Some(RoundState {
                    round: r,
                    starts: None,
                    next: None,
                    rolloff: Vec::new(),
                });
            }
            _ => {}
        }
    }
}
