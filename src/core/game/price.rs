//! ★ The price of a draft (issue 23): its DP, its check with every source,
//! the chance to win it and the chance each side ends Down, for exactly
//! the draft the players made.

use super::action::Action;
use super::chance::attack_chances;
use super::draft::{DeclKey, Declaration, Declared, declarations};
use super::error::GameError;
use super::guard::Ctx;
use super::offers::{cost, try_action};
use super::prepare::{Prepared, prepare};
use super::session::Game;
use super::state::GameState;
use crate::core::odds::Prob;

/// The price of a draft: its DP, the check it makes with every source in
/// words (when it rolls), the chance the acting side wins that roll, and
/// the chance each side ends Down, all for exactly this draft (the
/// snapshot's `PriceView` is it in words).
#[derive(Clone, Debug, PartialEq)]
pub struct Price {
    pub dp: i32,
    pub prepared: Option<Prepared>,
    /// The roll succeeds (a check) or the acting side wins it (opposed).
    pub win: Option<Prob>,
    /// For an attack: the target ends Down (the roll and the hit chained).
    pub down: Option<Prob>,
    /// For a fight: the attacker ends Down (R23: a tie hits both).
    pub attacker_down: Option<Prob>,
}

/// The price of `action` exactly as drafted; the refusal (naming its rule)
/// when the rules would not take it now.
pub(crate) fn price(st: &GameState, ctx: Ctx<'_>, action: &Action) -> Result<Price, GameError> {
    try_action(st, ctx, action)?;
    Ok(price_allowed(st, ctx, action))
}

/// The price of `action`, which the rules take now (already tried: the
/// offers price each target's draft once, issue 32).
pub(crate) fn price_allowed(st: &GameState, ctx: Ctx<'_>, action: &Action) -> Price {
    let prepared = if action.is_roll() {
        prepare(st, ctx, action).ok()
    } else {
        None
    };
    let win = prepared.as_ref().and_then(|p| match p {
        Prepared::Check(c) => Some(c.odds().0),
        Prepared::Opposed(o) => Some(o.odds().active_wins.0),
        _ => None,
    });
    let chances = attack_chances(st, ctx, action);
    Price {
        dp: cost(st, ctx, action),
        prepared,
        win,
        down: chances.map(|c| c.down),
        attacker_down: chances.and_then(|c| c.attacker_down),
    }
}

impl Game {
    /// The price of `action` exactly as drafted: its DP, its check, the
    /// chance to win it, the chance each side ends Down (issue 23); the
    /// refusal, naming its rule, if the rules would not take it now.
    pub fn price(&self, action: &Action) -> Result<Price, GameError> {
        price(self.state(), self.ctx(), action)
    }

    /// What the players may declare on `action`, a draft no offer lists
    /// (the app's free tools: R18 a fall and its R31 witnesses).
    pub fn declarations(&self, action: &Action) -> Vec<Declaration> {
        declarations(self.state(), self.ctx(), action)
    }

    /// `draft` with one more answer declared (a client's: the phone page,
    /// issue 26), the core alone knowing which field each declaration
    /// sets; `None` when the draft does not ask for `key` or `answer` does
    /// not fit what it asks (a flag above 1, a model not among those named,
    /// an unknown pick).
    pub fn declare(&self, draft: &Action, key: &DeclKey, answer: Declared) -> Option<Action> {
        let asked = self
            .declarations(draft)
            .into_iter()
            .find(|d| &d.key == key)?;
        let answer = answer.fit(&asked.kind)?;
        let mut next = draft.clone();
        super::draft::declare(&mut next, key, &answer).then_some(next)
    }
}
