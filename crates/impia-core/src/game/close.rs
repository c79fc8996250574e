//! Issue 33: a roll is closed by its owners. The roll waiting is accepted
//! only once every side that may still re-roll it (R33 the totem, R42
//! Headstrong) has taken or passed that re-roll; a side with nothing to
//! choose is not asked: it has no re-roll left, or its dice already give
//! it all it wished (it won the roll, the other side did not).

use super::action::{Action, RerollKind};
use super::guard::Ctx;
use super::kit::can_reroll;
use super::pending::{RollPart, dice_of, roll_parts};
use super::refs::Side;
use super::state::GameState;
use super::taker::Taker;
use crate::tables::Keyword;
use crate::text::Lang;

/// The warbands still asked about the roll waiting, in the order of
/// their dice: each may re-roll, would gain by it, and has not passed.
pub(crate) fn open_sides(st: &GameState, ctx: Ctx<'_>) -> Vec<Side> {
    let Some(p) = st.pending.as_ref() else {
        return Vec::new();
    };
    let parts = roll_parts(st, &p.action);
    let mut out: Vec<Side> = Vec::new();
    for part in &parts {
        let side = part.model.side;
        if !side.is_warband() || out.contains(&side) || p.passed.contains(&side) {
            continue;
        }
        let may = can_reroll(st, ctx.rules, part.model) || headstrong_open(st, ctx, part);
        if may && !content(st, &p.action, side) {
            out.push(side);
        }
    }
    out
}

/// R42 Headstrong: `part`'s model may still re-roll its 1 in this Combat
/// roll (rules 3).
fn headstrong_open(st: &GameState, ctx: Ctx<'_>, part: &RollPart) -> bool {
    let Some(p) = st.pending.as_ref() else {
        return false;
    };
    ctx.setup.all_rules()
        && st
            .model(part.model)
            .is_some_and(|m| m.has(Keyword::Headstrong))
        && p.action.rolled_check().is_some_and(|c| c.is_combat())
        && dice_of(&p.action, part).is_some_and(|(d, _)| d.d10 == 1)
        && !p
            .rerolls
            .iter()
            .any(|r| r.kind == RerollKind::Headstrong && r.by == part.model && r.roll == part.roll)
}

/// The dice already give `side` all it wished and the other side none of
/// its wishes: a re-roll could only take from it. A roll without wishes
/// (an attribute check, a fall) leaves every side something to choose.
fn content(st: &GameState, action: &Action, side: Side) -> bool {
    let Some(c) = action.rolled_check() else {
        return false;
    };
    // The words are not read here; one language is as good as another.
    let wishes = c.wishes(st, Lang::En);
    let mine: Vec<bool> = wishes.iter().filter(|w| w.0 == side).map(|w| w.3).collect();
    !mine.is_empty()
        && mine.iter().all(|h| *h)
        && wishes.iter().filter(|w| w.0 != side).all(|w| !w.3)
}

/// Who may take `action` now (issue 26), with the one answer that needs
/// the rules in play: accepting the roll waiting is for the sides still
/// asked about it (issue 33).
pub(crate) fn taker_now(st: &GameState, ctx: Ctx<'_>, action: &Action) -> Taker {
    if let Action::Accept(_) = action
        && st.pending.is_some()
    {
        return accept_taker(st, ctx);
    }
    super::taker::taker(st, action)
}

/// Who may accept the roll waiting: the one side still asked, either
/// when no side is, no seat while two are (each passes first).
pub(crate) fn accept_taker(st: &GameState, ctx: Ctx<'_>) -> Taker {
    match open_sides(st, ctx).as_slice() {
        [] => Taker::Either,
        [one] => Taker::of_side(*one),
        _ => Taker::Neither,
    }
}
