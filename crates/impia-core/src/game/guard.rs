//! The checks every rule family shares: the model exists and is on the
//! table, it may act now (R07, R32), it is standing (R18) and free (R21),
//! no hit waits (R27), and paying DP (R10–R12). Also the small changes every
//! family makes: engaging, leaving fights, ending an activation.

use super::error::{GameError, Refusal};
use super::refs::{ModelRef, Side};
use super::setup::GameSetup;
use super::state::{GameState, ModelState, Phase};
use super::status::Status;
use crate::tables::{ActionCost, RuleSet};
use crate::text::Text;

/// What an action is applied with: the rule tables and the game's setup.
#[derive(Clone, Copy)]
pub(crate) struct Ctx<'a> {
    pub rules: &'a RuleSet,
    pub setup: &'a GameSetup,
}

/// The activation of `m` is over: the other warband picks next (R08).
pub(crate) fn finish_activation(st: &mut GameState, m: ModelRef) {
    st.active = None;
    st.ordered = None;
    st.touched.clear();
    st.moved = 0;
    st.dread.clear();
    st.reacted.clear();
    if let (Some(rs), Some(other)) = (st.round.as_mut(), m.side.opponent()) {
        rs.next = Some(other);
    }
}

/// `m` leaves every fight it was in (R21, R25).
pub(crate) fn disengage_all(st: &mut GameState, m: ModelRef) {
    let others = st.model(m).map(|x| x.engaged.clone()).unwrap_or_default();
    for o in others {
        if let Some(x) = st.model_mut(o) {
            x.engaged.retain(|e| *e != m);
        }
    }
    if let Some(x) = st.model_mut(m) {
        x.engaged.clear();
    }
}

/// Engage two models with each other (R20).
pub(crate) fn engage(st: &mut GameState, a: ModelRef, b: ModelRef) {
    if let Some(x) = st.model_mut(a)
        && !x.engaged.contains(&b)
    {
        x.engaged.push(b);
    }
    if let Some(x) = st.model_mut(b)
        && !x.engaged.contains(&a)
    {
        x.engaged.push(a);
    }
}

/// `e` with the names in `st` of the models its refusal mentions: done
/// where a refusal leaves the rules (an action applied, prepared or given
/// its dice), so the rules themselves handle only references.
pub(crate) fn named(st: &GameState, e: GameError) -> GameError {
    e.with_names(|models| {
        let names = models
            .iter()
            .filter_map(|&m| Some((m, st.model(m)?.name.clone())));
        names.collect()
    })
}

pub(crate) fn model(st: &GameState, m: ModelRef) -> Result<&ModelState, GameError> {
    st.model(m)
        .ok_or_else(|| Refusal::NoModel { model: m }.into())
}

pub(crate) fn model_mut(st: &mut GameState, m: ModelRef) -> Result<&mut ModelState, GameError> {
    st.model_mut(m)
        .ok_or_else(|| Refusal::NoModel { model: m }.into())
}

/// The model exists and is on the table (standing or prone).
pub(crate) fn in_play(st: &GameState, m: ModelRef) -> Result<&ModelState, GameError> {
    let x = model(st, m)?;
    if !x.status.in_play() {
        return Err(Refusal::NotInPlay {
            model: m,
            status: x.status,
        }
        .into());
    }
    Ok(x)
}

/// Two models on opposite sides (beasts are everyone's enemy).
pub(crate) fn enemies(a: ModelRef, b: ModelRef) -> bool {
    a.side != b.side
}

pub(crate) fn require_rounds(st: &GameState) -> Result<(), GameError> {
    if st.phase != Phase::Rounds {
        return Err(Refusal::NotRounds.into());
    }
    Ok(())
}

/// The hits waiting must be rolled first (R27).
pub(crate) fn require_no_pending(st: &GameState) -> Result<(), GameError> {
    if !st.pending_hits.is_empty() {
        return Err(Refusal::HitsPending {
            count: st.pending_hits.len(),
        }
        .into());
    }
    Ok(())
}

/// `m` may make an action now: it is the model in its activation, or the one
/// its Leader ordered (R07, R32); no hit waits; it is on the table.
pub(crate) fn require_actor(st: &GameState, m: ModelRef) -> Result<&ModelState, GameError> {
    require_rounds(st)?;
    require_no_pending(st)?;
    let x = in_play(st, m)?;
    match (st.active, st.ordered) {
        (_, Some(o)) if o == m => Ok(x),
        (_, Some(o)) => Err(Refusal::OrderFirst { ordered: o }.into()),
        (Some(a), None) if a == m => Ok(x),
        (Some(a), None) => Err(Refusal::OtherActivation {
            active: a,
            model: m,
        }
        .into()),
        (None, None) => Err(Refusal::NotActivated { model: m }.into()),
    }
}

/// R18: a Prone model's next action is standing up.
pub(crate) fn require_standing(x: &ModelState, m: ModelRef) -> Result<(), GameError> {
    if x.status == Status::Prone {
        return Err(Refusal::Prone { model: m }.into());
    }
    Ok(())
}

/// R21: an engaged model can only Fight or Disengage.
pub(crate) fn require_free(x: &ModelState, m: ModelRef) -> Result<(), GameError> {
    if let Some(e) = x.engaged.first() {
        return Err(Refusal::Engaged { model: m, with: *e }.into());
    }
    Ok(())
}

/// The row of `tables/actions.yaml` for `id`.
pub(crate) fn action_row<'r>(ctx: Ctx<'r>, id: &str) -> Result<&'r ActionCost, GameError> {
    ctx.rules.action(id).ok_or_else(|| {
        // Ids a user wrote are cut where a refusal echoes them (issue 32).
        let id = crate::text::clip(id).into_owned();
        Refusal::NoAction { id }.into()
    })
}

/// R10–R12: pay `dp` for `m`: first the Leader's extra DP of this turn, then
/// the pool, then one-use herbs (each spent only when nothing else is left).
/// Beasts belong to no warband and pay nothing.
pub(crate) fn pay(st: &mut GameState, m: ModelRef, dp: i32, what: &Text) -> Result<(), GameError> {
    if dp <= 0 || m.side == Side::Beast {
        return Ok(());
    }
    let pool = st.side(m.side).map_or(0, |s| s.pool);
    let x = model(st, m)?;
    let (own, herbs) = (x.own_dp, x.herbs);
    if own + pool + herbs < dp {
        return Err(Refusal::CannotPay {
            model: m,
            what: what.clone(),
            dp,
            pool,
            own: own + herbs,
        }
        .into());
    }
    let from_own = own.min(dp);
    let from_pool = pool.min(dp - from_own);
    let from_herbs = dp - from_own - from_pool;
    // Issue 32: the model changed only when it pays: a change copies its
    // chunk of the state's models, once per target the offers try.
    if (from_own != 0 || from_herbs != 0)
        && let Some(x) = st.model_mut(m)
    {
        x.own_dp -= from_own;
        x.herbs -= from_herbs;
    }
    if let Some(s) = st.side_mut(m.side) {
        s.pool -= from_pool;
    }
    Ok(())
}

/// What `m` can pay now: the pool plus its own DP (beasts: unlimited).
pub(crate) fn can_pay(st: &GameState, m: ModelRef) -> i32 {
    if m.side == Side::Beast {
        return i32::MAX;
    }
    let pool = st.side(m.side).map_or(0, |s| s.pool);
    pool + st.model(m).map_or(0, |x| x.own_total())
}

/// The ordered model has made its one action (R32).
pub(crate) fn action_done(st: &mut GameState, m: ModelRef) {
    if st.ordered == Some(m) {
        st.ordered = None;
    }
}

#[cfg(test)]
mod tests {
    use super::pay;
    use crate::game::refs::{ModelRef, Side};
    use crate::game::setup::GameSetup;
    use crate::game::state::GameState;
    use crate::roster::{Model, Roster};
    use crate::tables::RuleSet;
    use crate::text::Text;

    /// Issue 32: the offers try each target on a copy of the state; a
    /// warrior paying from the pool alone must not copy its chunk of
    /// models (at 4,000 models each defensive shot copied 32 models).
    #[test]
    fn r10_paying_from_the_pool_alone_leaves_the_model_shared() {
        let rules = RuleSet::builtin().expect("tables");
        // A Leader and a warrior.
        let mut a = Roster::starter("A");
        a.models.push(Model {
            name: "Guerrero".into(),
            troop: "warrior".into(),
            ..Default::default()
        });
        let setup = GameSetup::new(a, Roster::starter("B"));
        let mut st = GameState::new(&setup, &rules);
        if let Some(s) = st.side_mut(Side::A) {
            s.pool = 5;
        }
        let (leader, warrior) = (ModelRef::a(0), ModelRef::a(1));
        for (m, own) in [(leader, 1), (warrior, 0)] {
            let x = st.model_mut(m).expect("the Leader and the warrior");
            (x.own_dp, x.herbs) = (own, 0);
        }
        let what = Text::new("Disparar", "Shoot");
        let mut copy = st.clone();
        pay(&mut copy, warrior, 1, &what).expect("the pool pays");
        assert_eq!(copy.side(Side::A).map(|s| s.pool), Some(4));
        let shared = |a: &GameState, b: &GameState, m: ModelRef| {
            let (Some(x), Some(y)) = (a.side(Side::A), b.side(Side::A)) else {
                return false;
            };
            x.models.shares(&y.models, m.index)
        };
        assert!(shared(&st, &copy, warrior), "the model's chunk was copied");
        // Its own DP paid: the model changes (and only then is copied).
        let mut copy = st.clone();
        pay(&mut copy, leader, 1, &what).expect("its own DP pays");
        assert_eq!(copy.model(leader).map(|m| m.own_dp), Some(0));
        assert!(!shared(&st, &copy, leader));
    }
}
