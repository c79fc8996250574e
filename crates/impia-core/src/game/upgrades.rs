//! The upgrades the game applies for the players in rules 3 (issue 12):
//! R42 Imposing presence and R41 Constrictor. Older games leave them to
//! the players, as they were played.

use super::action::Party;
use super::error::{GameError, Refusal};
use super::guard::{Ctx, enemies, model};
use super::refs::ModelRef;
use super::sources::{Check, Edge, Source};
use super::state::GameState;
use crate::tables::Keyword;

/// R42: complications an Imposing presence gives the enemies within 10 cm.
const IMPOSING_COMPLICATIONS: u32 = 1;
/// R41: complications a Constrictor gives its enemy in Combat.
const CONSTRICTOR_COMPLICATIONS: u32 = 1;
/// R41: the Constrictor's extra DP to Fight.
const CONSTRICTOR_FIGHT_DP: i32 = 1;

/// R42 Imposing presence: `roller` (rolling Combat or Accuracy) takes one
/// complication if an enemy with it is within 10 cm: `contact` are the
/// models known to be that close (the opponent, the target, the models it
/// is engaged with), `listed` the ones the players named. One upgrade, one
/// source: never more than one complication (R03).
pub(crate) fn imposing<'a>(
    st: &'a GameState,
    ctx: Ctx<'_>,
    roller: ModelRef,
    contact: &[ModelRef],
    listed: &[ModelRef],
    party: Party,
    chk: &mut Check<'a>,
) {
    if !ctx.setup.all_rules() {
        return;
    }
    let Some(x) = st.model(roller) else {
        return;
    };
    let by = contact
        .iter()
        .chain(x.engaged.iter())
        .chain(listed.iter())
        .find(|m| {
            enemies(roller, **m)
                && st
                    .model(**m)
                    .is_some_and(|y| y.status.in_play() && y.has(Keyword::ImposingPresence))
        });
    if let Some(by) = by {
        chk.add(
            party,
            Edge::complications(IMPOSING_COMPLICATIONS),
            Source::Imposing {
                who: &x.name,
                by: st.name(*by),
            },
        );
    }
}

/// R42: the models the players name as within 10 cm must be enemies of
/// `of` with Imposing presence, on the table.
pub(crate) fn check_imposing_list(
    st: &GameState,
    of: &[ModelRef],
    listed: &[ModelRef],
) -> Result<(), GameError> {
    for m in listed {
        let y = model(st, *m)?;
        if !y.has(Keyword::ImposingPresence) || !y.status.in_play() {
            return Err(Refusal::NoImposingPresence { model: *m }.into());
        }
        if !of.iter().any(|o| enemies(*o, *m)) {
            return Err(Refusal::ImposingNotEnemy { model: *m }.into());
        }
    }
    Ok(())
}

/// R41 Constrictor: the enemy of a Constrictor takes one complication in
/// Combat. `roller` rolls against `opponent`.
pub(crate) fn constrictor<'a>(
    st: &'a GameState,
    ctx: Ctx<'_>,
    roller: ModelRef,
    opponent: ModelRef,
    party: Party,
    chk: &mut Check<'a>,
) {
    if !ctx.setup.all_rules() {
        return;
    }
    let (Some(x), Some(o)) = (st.model(roller), st.model(opponent)) else {
        return;
    };
    if o.has(Keyword::Constrictor) {
        chk.add(
            party,
            Edge::complications(CONSTRICTOR_COMPLICATIONS),
            Source::Constrictor {
                who: &x.name,
                by: &o.name,
            },
        );
    }
}

/// R41 Constrictor: the extra DP a Constrictor pays to Fight.
pub(crate) fn constrictor_dp(st: &GameState, ctx: Ctx<'_>, m: ModelRef) -> i32 {
    if ctx.setup.all_rules() && st.model(m).is_some_and(|x| x.has(Keyword::Constrictor)) {
        CONSTRICTOR_FIGHT_DP
    } else {
        0
    }
}
