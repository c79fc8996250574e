//! The life of a roll (rules 2 on). A rolled action is checked against the
//! rules and waits, with its dice, as the pending roll: from then on the
//! dice are a fact of the log. The only ways on are the re-rolls the rules
//! allow (R33 totem), each recorded with the dice before and after, and
//! accepting the result, which may still correct facts that do not change
//! the dice (witnesses, the friend a stray shot hits). Undo stays.

use super::action::{Action, PendingRoll, RerollKind, RerollRecord};
use super::error::{GameError, Refusal};
use super::guard::Ctx;
use super::kit::totem_ready;
use super::refs::ModelRef;
use super::roll::{OpposedDice, Role, SideDice};
use super::state::GameState;
use crate::dice::{CheckSpec, Roller};
use crate::tables::Keyword;

/// Start a roll: the action must be one the rules allow now (it is tried on
/// a copy of the state with its dice), then it waits to be accepted.
pub(crate) fn begin(st: &mut GameState, ctx: Ctx<'_>, action: &Action) -> Result<(), GameError> {
    if has_inner_reroll(action) {
        return Err(Refusal::RerollInside.into());
    }
    let mut scratch = st.clone();
    // Facts that may still be given on accepting stand in for the trial
    // (R26 rules 4: any engaged friend for the one a stray shot hits).
    let mut trial = action.clone();
    if let Some(c) = trial.rolled_check_mut() {
        c.stand_in_facts(st, ctx);
    }
    super::resolve::apply(&mut scratch, ctx, &trial, true)?;
    st.pending = Some(Box::new(PendingRoll {
        action: action.clone(),
        rerolls: Vec::new(),
        passed: Vec::new(),
    }));
    Ok(())
}

/// Its dice carry a re-roll made before it waits (see
/// `Checked::has_inner_reroll`).
fn has_inner_reroll(action: &Action) -> bool {
    action.rolled_check().is_some_and(|c| c.has_inner_reroll())
}

/// One die-rolling part of a roll: which roll of the action, who rolls it
/// and which side of the check that is (`None`: a plain attribute check).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RollPart {
    pub roll: usize,
    pub model: ModelRef,
    pub role: Option<Role>,
}

/// The one roll of `model`, who rolls it alone (`role` `None`: a plain
/// attribute check, R01) or as one side of an opposed check (R02).
pub(crate) fn single_part(model: ModelRef, role: Option<Role>) -> RollPart {
    RollPart {
        roll: 0,
        model,
        role,
    }
}

/// R02: the two sides of one opposed check, the active side first.
pub(crate) fn opposed_parts(active: ModelRef, passive: ModelRef) -> Vec<RollPart> {
    vec![
        single_part(active, Some(Role::Active)),
        single_part(passive, Some(Role::Passive)),
    ]
}

/// The dice of `role`'s side of an opposed check and its spec (R02).
pub(crate) fn opposed_side(
    r: &mut OpposedDice,
    role: Option<Role>,
) -> Option<(&mut SideDice, CheckSpec)> {
    match role {
        Some(Role::Passive) => Some((&mut r.passive, r.spec.passive)),
        _ => Some((&mut r.active, r.spec.active)),
    }
}

/// Who rolls dice in `action`: the models that may re-roll their own side.
pub fn roll_parts(st: &GameState, action: &Action) -> Vec<RollPart> {
    action
        .rolled_check()
        .map_or_else(Vec::new, |c| c.roll_parts(st))
}

/// The dice of one part of a rolled action and the spec they were rolled for.
pub fn dice_of(action: &Action, part: &RollPart) -> Option<(SideDice, CheckSpec)> {
    let mut a = action.clone();
    dice_mut(&mut a, part).map(|(d, s)| (d.clone(), s))
}

fn dice_mut<'a>(action: &'a mut Action, part: &RollPart) -> Option<(&'a mut SideDice, CheckSpec)> {
    action.rolled_check_mut()?.dice_mut(part)
}

/// R33, R42: the dice of a re-roll by `by` of roll `roll` of the roll
/// waiting, rolled by `roller` for its own side; `None`: no such roll.
pub(crate) fn reroll_dice(
    st: &GameState,
    by: ModelRef,
    roll: usize,
    roller: &mut Roller,
) -> Option<SideDice> {
    let p = st.pending.as_ref()?;
    let part = roll_parts(st, &p.action)
        .into_iter()
        .find(|r| r.model == by && r.roll == roll)?;
    let (_, spec) = dice_of(&p.action, &part)?;
    Some(SideDice::roll(roller, &spec))
}

fn no_roll() -> GameError {
    Refusal::NoRollWaiting.into()
}

/// R33: `by` re-rolls its own side of roll `index` with its totem: its
/// warband's totem stands and has not been used this turn.
pub(crate) fn totem_reroll(
    st: &mut GameState,
    ctx: Ctx<'_>,
    by: ModelRef,
    index: usize,
    dice: Option<&SideDice>,
) -> Result<(), GameError> {
    let Some(p) = st.pending.as_ref() else {
        return Err(no_roll());
    };
    let Some(part) = roll_parts(st, &p.action)
        .into_iter()
        .find(|r| r.model == by && r.roll == index)
    else {
        return Err(Refusal::NotInRoll { model: by }.into());
    };
    totem_ready(st, ctx, by)?;
    replace_dice(st, &part, dice, RerollKind::Totem)?;
    if let Some(side) = st.side_mut(by.side) {
        side.rerolls_used += 1;
    }
    Ok(())
}

/// R42 Headstrong (rules 3): a Headstrong model that shows a 1 on its d10
/// in the Combat roll waiting re-rolls its own dice, once per roll; the
/// totem's re-roll stays its own.
pub(crate) fn headstrong_reroll(
    st: &mut GameState,
    ctx: Ctx<'_>,
    by: ModelRef,
    index: usize,
    dice: Option<&SideDice>,
) -> Result<(), GameError> {
    let Some(p) = st.pending.as_ref() else {
        return Err(no_roll());
    };
    let x = super::guard::model(st, by)?;
    if !ctx.setup.all_rules() || !x.has(Keyword::Headstrong) {
        return Err(Refusal::NotHeadstrong { model: by }.into());
    }
    if !p.action.rolled_check().is_some_and(|c| c.is_combat()) {
        return Err(Refusal::HeadstrongNotCombat.into());
    }
    let Some(part) = roll_parts(st, &p.action)
        .into_iter()
        .find(|r| r.model == by && r.roll == index)
    else {
        return Err(Refusal::NotInRoll { model: by }.into());
    };
    if p.rerolls
        .iter()
        .any(|r| r.kind == RerollKind::Headstrong && r.by == by && r.roll == index)
    {
        return Err(Refusal::HeadstrongUsed { model: by }.into());
    }
    let shown = dice_of(&p.action, &part).map_or(0, |(d, _)| d.d10);
    if shown != 1 {
        return Err(Refusal::HeadstrongNotOne {
            model: by,
            d10: shown,
        }
        .into());
    }
    replace_dice(st, &part, dice, RerollKind::Headstrong)
}

/// A re-roll: `dice` take the place of `part`'s in the roll waiting, and the
/// dice before and after are recorded.
fn replace_dice(
    st: &mut GameState,
    part: &RollPart,
    dice: Option<&SideDice>,
    kind: RerollKind,
) -> Result<(), GameError> {
    let Some(p) = st.pending.as_ref() else {
        return Err(no_roll());
    };
    let dice = super::resolve::need(dice)?;
    let mut action = p.action.clone();
    let Some((slot, spec)) = dice_mut(&mut action, part) else {
        return Err(no_roll());
    };
    dice.check(&spec)?;
    let before = std::mem::replace(slot, dice.clone());
    if let Some(p) = st.pending.as_mut() {
        p.action = action;
        // Issue 33: new dice ask every side again.
        p.passed.clear();
        p.rerolls.push(RerollRecord {
            kind,
            by: part.model,
            roll: part.roll,
            before,
            after: dice.clone(),
        });
    }
    Ok(())
}

/// Facts given on accepting the roll waiting, which do not change its
/// dice: the witnesses of a hit or a fall (R31), the friend a stray shot
/// hits (R26), the models within 30 cm of a spell (R38).
pub(crate) struct AcceptFacts<'a> {
    pub witnesses: Option<&'a [ModelRef]>,
    pub stray: Option<ModelRef>,
    pub within_30cm: Option<&'a [ModelRef]>,
}

/// One kind of [`AcceptFacts`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fact {
    Witnesses,
    Stray,
    Within30cm,
}

impl AcceptFacts<'_> {
    /// Refuses the first fact given (in the order of the fields) that the
    /// roll does not carry; `takes`: the one it carries, if any.
    pub(crate) fn refuse_others(&self, takes: Option<Fact>) -> Result<(), GameError> {
        let other = |f: Fact| takes != Some(f);
        if self.witnesses.is_some() && other(Fact::Witnesses) {
            return Err(Refusal::NoWitnessFact.into());
        }
        if self.stray.is_some() && other(Fact::Stray) {
            return Err(Refusal::NoStrayFact.into());
        }
        if self.within_30cm.is_some() && other(Fact::Within30cm) {
            return Err(Refusal::NoSpellFearFact.into());
        }
        Ok(())
    }
}

/// The roll waiting takes effect, with the facts given now in place of those
/// given with the roll.
pub(crate) fn accept(
    st: &mut GameState,
    ctx: Ctx<'_>,
    witnesses: Option<&[ModelRef]>,
    stray: Option<ModelRef>,
    within_30cm: Option<&[ModelRef]>,
) -> Result<(), GameError> {
    let Some(p) = st.pending.take() else {
        return Err(no_roll());
    };
    let mut action = p.action;
    let facts = AcceptFacts {
        witnesses,
        stray,
        within_30cm,
    };
    match action.act_mut().dice_mut() {
        Some(d) => d.take_accept_facts(&facts)?,
        None => facts.refuse_others(None)?,
    }
    super::resolve::apply(st, ctx, &action, true)
}

/// `action` with the dice of `part` replaced (what a re-roll leads to).
pub(crate) fn with_dice(action: &Action, part: &RollPart, dice: &SideDice) -> Action {
    let mut a = action.clone();
    if let Some((slot, _)) = dice_mut(&mut a, part) {
        *slot = dice.clone();
    }
    a
}
