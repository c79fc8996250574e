//! The targets of an offer (an Assault on each enemy, an order to each
//! friend…): tried, priced and declared in full, or only listed for a
//! phone's state (issue 32: at 4,000 models a phone action priced 8,000
//! targets; a phone asks for the offer it opens in full).

use super::{Builder, Target};
use crate::game::action::Action;
use crate::game::chance::attack_chances;
use crate::game::close::taker_now;
use crate::game::draft::draft;
use crate::game::error::GameError;
use crate::game::price::{price, price_allowed, try_action};
use crate::game::refs::ModelRef;

/// How far the offers work their targets out (issue 32: a phone's state
/// at 4,000 models priced 8,000 targets after every action).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Depth {
    /// Every target tried, priced and declared (`game offers`, the app).
    Full,
    /// Targets listed, not tried, priced or declared beyond what the
    /// offer's own `allowed` needs (its first allowed target), and an
    /// offer with listed targets not declared either; the offer at this
    /// place, if any, in full (a phone opening it).
    Listed(Option<usize>),
}

impl Builder<'_> {
    /// Whether the offer at place `at` gets its targets (and its own
    /// declarations, when it has targets) in full.
    pub(super) fn full_at(&self, at: usize) -> bool {
        match self.depth {
            Depth::Full => true,
            Depth::Listed(full) => full == Some(at),
        }
    }

    /// A target listed as a candidate: its action and draft, untried and
    /// unpriced (a phone's state, issue 32).
    fn listed(&self, model: ModelRef, action: Action) -> Target {
        Target {
            model,
            by: taker_now(self.st, self.ctx, &action),
            draft: draft(self.ctx, self.facts, &action),
            action,
            p_down: None,
            p_attacker_down: None,
            declarations: Vec::new(),
            price: None,
        }
    }

    /// The targets of the offer just pushed (R41 Breath, R38 a spell's
    /// hit: each model alone under it): tried and priced, or only listed
    /// where the offers list their targets (the offer's own `allowed`
    /// does not depend on them).
    pub(crate) fn listed_targets(
        &self,
        candidates: &[ModelRef],
        make: impl Fn(ModelRef) -> Action,
    ) -> Vec<Target> {
        if self.full_at(self.out.len().saturating_sub(1)) {
            self.collect(true, candidates, make).0
        } else {
            candidates
                .iter()
                .map(|c| self.listed(*c, make(*c)))
                .collect()
        }
    }

    /// The candidates the rules allow as targets, each with its ready action
    /// and, for an attack, its chances; and the first refusal met.
    /// Listed offers (a phone's state) try them without pricing them.
    pub(crate) fn collect_targets(
        &self,
        candidates: &[ModelRef],
        make: impl Fn(ModelRef) -> Action,
    ) -> (Vec<Target>, Option<GameError>) {
        self.collect(self.full_at(self.out.len()), candidates, make)
    }

    fn collect(
        &self,
        priced: bool,
        candidates: &[ModelRef],
        make: impl Fn(ModelRef) -> Action,
    ) -> (Vec<Target>, Option<GameError>) {
        let mut targets = Vec::new();
        let mut first_refusal = None;
        for c in candidates {
            let action = make(*c);
            match try_action(self.st, self.ctx, &action) {
                Ok(()) if !priced => targets.push(self.listed(*c, action)),
                Ok(()) => {
                    let d = draft(self.ctx, self.facts, &action);
                    // Issue 32: the draft priced once, for every language
                    // and client; the action's chances are the draft's
                    // when nothing was pre-filled.
                    let (price, chances) = if d == action {
                        let p = price_allowed(self.st, self.ctx, &d);
                        let chances = (p.down, p.attacker_down);
                        (Some(p), chances)
                    } else {
                        let c = attack_chances(self.st, self.ctx, &action);
                        (
                            price(self.st, self.ctx, &d).ok(),
                            (c.map(|c| c.down), c.and_then(|c| c.attacker_down)),
                        )
                    };
                    targets.push(Target {
                        model: *c,
                        by: taker_now(self.st, self.ctx, &action),
                        declarations: self.declarations_of(&d),
                        draft: d,
                        action,
                        p_down: chances.0,
                        p_attacker_down: chances.1,
                        price,
                    })
                }
                Err(e) => {
                    first_refusal.get_or_insert(e);
                }
            }
        }
        (targets, first_refusal)
    }

    /// The candidates from the first the rules allow on, listed (only
    /// that one tried), and the refusals before it: what an offer needs to
    /// say whether it is allowed, and why not, without trying or pricing
    /// every target (issue 32; a phone asks for an offer's targets in
    /// full when it opens them).
    fn first_allowed(
        &self,
        candidates: &[ModelRef],
        make: impl Fn(ModelRef) -> Action,
    ) -> (Vec<Target>, Option<GameError>) {
        let mut first_refusal = None;
        for (k, c) in candidates.iter().enumerate() {
            match try_action(self.st, self.ctx, &make(*c)) {
                Ok(()) => {
                    let rest = candidates[k..].iter();
                    return (rest.map(|c| self.listed(*c, make(*c))).collect(), None);
                }
                Err(e) => {
                    first_refusal.get_or_insert(e);
                }
            }
        }
        (Vec::new(), first_refusal)
    }

    /// An offer with targets: `make` builds the action for each candidate.
    pub(crate) fn targeted(
        &mut self,
        model: ModelRef,
        candidates: &[ModelRef],
        make: impl Fn(ModelRef) -> Action,
    ) {
        let (targets, first_refusal) = if self.full_at(self.out.len()) {
            self.collect(true, candidates, &make)
        } else {
            self.first_allowed(candidates, &make)
        };
        let Some(sample) = targets
            .first()
            .map(|t| t.action.clone())
            .or_else(|| candidates.first().map(|c| make(*c)))
        else {
            return;
        };
        let allowed = !targets.is_empty();
        let why_not = if allowed { None } else { first_refusal };
        let offer = self.make_offer(Some(model), sample, allowed, why_not, targets, Vec::new());
        self.out.push(offer);
    }
}
