//! Applying one action to the state: the dispatcher, and keeping the
//! derived parts of the state true after it. The rules live one family per
//! file below it (`turn`, `fear`, `melee`, `shooting`, `hits`, `spell`,
//! `attribute`, `adjust`) and the life of a roll in `pending`.

use super::action::Action;
use super::error::{GameError, Refusal};
use super::guard::{Ctx, disengage_all, finish_activation, named, require_no_pending};
use super::refs::ModelRef;
use super::state::{Ending, GameState, Phase, RoundState};
use super::{adjust, fear, hits, pending, resolve, turn};
use crate::core::game::act;
use crate::core::game::action::{by_hand, rolled, turn_steps, unrolled_acts};

/// An action's rule (issue 23): what it does to the state, who may take
/// it, the numbers it carries. Implemented in each action's file,
/// `acts/<id>.rs`; reached through [`Action::act`].
#[allow(
    dead_code,
    reason = "issue 23: the next commits move each family into it"
)]
pub(crate) trait Rules {}

/// Apply `action` to `st`. On error `st` may be half changed: callers apply
/// to a copy, or stop replaying.
pub(crate) fn step(st: &mut GameState, ctx: Ctx<'_>, action: &Action) -> Result<(), GameError> {
    // Issue 15: after the end, only notes; the end itself is an action.
    if st.ended.is_some() {
        return if let Action::Note(_) = action {
            Ok(())
        } else {
            Err(Refusal::GameOver.into())
        };
    }
    if let Action::EndGame(act::EndGame {}) = action {
        require_no_pending(st)?;
        if st.pending.is_some() {
            return Err(Refusal::RollWaiting {
                action: action.id(),
            }
            .into());
        }
        st.ended = Some(Ending::ByPlayers);
        return Ok(());
    }
    // The refusal leaves the rules here: its models get their names.
    apply(st, ctx, action).map_err(|e| named(st, e))?;
    // Rules 3: a warband with no model left standing ends the game once no
    // roll or hit waits.
    if ctx.setup.all_rules() && st.turn > 0 && st.pending.is_none() && st.pending_hits.is_empty() {
        for side in super::refs::Side::WARBANDS {
            if st.models_of(side).all(|(_, m)| !m.status.in_play()) {
                st.ended = Some(Ending::NoneStanding(side));
                break;
            }
        }
    }
    Ok(())
}

fn apply(st: &mut GameState, ctx: Ctx<'_>, action: &Action) -> Result<(), GameError> {
    use Action as A;
    action.check_numbers()?;
    if st.pending.is_some() {
        match action {
            A::TotemReroll(act::TotemReroll { by, roll, dice }) => {
                pending::totem_reroll(st, ctx, *by, *roll, dice.as_ref())?
            }
            A::HeadstrongReroll(act::HeadstrongReroll { by, roll, dice }) => {
                pending::headstrong_reroll(st, ctx, *by, *roll, dice.as_ref())?
            }
            A::Accept(act::Accept {
                witnesses,
                stray,
                within_30cm,
            }) => pending::accept(
                st,
                ctx,
                witnesses.as_deref(),
                *stray,
                within_30cm.as_deref(),
            )?,
            A::Note(_) => {}
            other @ (rolled!() | turn_steps!() | unrolled_acts!() | by_hand!()) => {
                return Err(Refusal::RollWaiting { action: other.id() }.into());
            }
        }
        settle(st);
        return Ok(());
    }
    match action {
        a if a.is_roll() && ctx.setup.pending_rolls() => pending::begin(st, ctx, a)?,
        a if a.is_roll() => resolve::apply(st, ctx, a, false)?,
        A::Fall(_) => resolve::apply(st, ctx, action, ctx.setup.pending_rolls())?,
        // Handled in `step`, before anything else.
        A::EndGame(act::EndGame {}) => {}
        A::TotemReroll(_) | A::HeadstrongReroll(_) | A::Accept(_) => {
            return Err(Refusal::NoRollWaiting.into());
        }
        A::StartTurn(act::StartTurn { dark_forces }) => turn::start_turn(st, ctx, dark_forces)?,
        A::ChangeRound(act::ChangeRound { model, steps }) => {
            turn::change_round(st, ctx, *model, *steps)?
        }
        A::EndChangeRound(act::EndChangeRound { side }) => turn::end_change_round(st, *side)?,
        A::RollOff(act::RollOff { rolls, starts }) => turn::roll_off(st, rolls, *starts)?,
        A::ChooseStart(act::ChooseStart { side }) => turn::choose_start(st, *side)?,
        A::Activate(act::Activate { model }) => turn::activate(st, *model)?,
        A::EndActivation(act::EndActivation {
            model,
            terrain,
            near_enemy_totem,
        }) => turn::end_activation(st, ctx, *model, terrain, *near_enemy_totem)?,
        A::EndTurn(act::EndTurn {}) => turn::end_turn(st)?,
        A::Move(act::Move { model }) => turn::move_action(st, ctx, *model)?,
        A::StandUp(act::StandUp { model }) => turn::stand_up(st, ctx, *model)?,
        A::Loot(act::Loot { model, body, item }) => turn::loot(st, ctx, *model, *body, item)?,
        A::TouchTerrain(act::TouchTerrain { model, terrain }) => {
            fear::touch_terrain(st, ctx, *model, terrain)?
        }
        // Rolls whose dice are missing: the engine never rolls.
        A::Assault(_)
        | A::Fight(_)
        | A::Disengage(_)
        | A::Shoot(_)
        | A::ResolveHit(_)
        | A::Check(_)
        | A::CastSpell(_) => resolve::apply(st, ctx, action, false)?,
        A::Breath(act::Breath { model, targets }) => hits::breath(st, ctx, *model, targets)?,
        A::LeaderOrder(act::LeaderOrder { leader, model }) => {
            fear::leader_order(st, ctx, *leader, *model)?
        }
        A::LeaderRally(act::LeaderRally { leader, models }) => {
            fear::leader_rally(st, ctx, *leader, models)?
        }
        A::TotemOwn(act::TotemOwn { model }) => fear::totem_own(st, ctx, *model)?,
        A::TotemEnemy(act::TotemEnemy { model }) => fear::totem_enemy(st, ctx, *model)?,
        A::UseHerb(act::UseHerb { model }) => super::guard::use_herb(st, ctx, *model)?,
        A::BeastAppears(act::BeastAppears { beast }) => adjust::beast_appears(st, ctx, beast)?,
        A::ScenarioPoints(act::ScenarioPoints { side, points, .. }) => {
            adjust::scenario_points(st, *side, *points)?
        }
        A::AdjustFear(act::AdjustFear { model, delta }) => adjust::fear(st, *model, *delta)?,
        A::AdjustPool(act::AdjustPool { side, delta }) => adjust::pool(st, *side, *delta)?,
        A::AdjustOwnDp(act::AdjustOwnDp { model, delta }) => adjust::own_dp(st, *model, *delta)?,
        A::AdjustToughness(act::AdjustToughness { model, delta }) => {
            adjust::toughness(st, *model, *delta)?
        }
        A::SetStatus(act::SetStatus { model, status }) => adjust::status(st, *model, *status)?,
        A::SetEngaged(act::SetEngaged { a, b, engaged }) => adjust::engaged(st, *a, *b, *engaged)?,
        A::SetRound(act::SetRound { model, round }) => adjust::round(st, *model, *round)?,
        A::Note(_) => {}
    }
    settle(st);
    Ok(())
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
