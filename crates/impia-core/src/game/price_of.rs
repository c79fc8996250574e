//! The game's door to a draft's price and declarations (issue 23), and
//! what a model can pay (R10–R12): apart
//! from `price.rs`, which the offers use (each target priced once, issue
//! 32), so that neither imports the game that imports them.

use super::action::Action;
use super::draft::{DeclKey, Declaration, Declared};
use super::error::GameError;
use super::price::{Price, price};
use super::refs::{ModelRef, Side};
use super::session::Game;
use crate::text::Text;

impl Game {
    /// The price of `action` exactly as drafted: its DP, its check, the
    /// chance to win it, the chance each side ends Down (issue 23); the
    /// refusal, naming its rule, if the rules would not take it now.
    pub fn price(&self, action: &Action) -> Result<Price, GameError> {
        price(self.state(), self.ctx(), action)
    }

    /// R10–R12: what `model` can spend now, its warband's pool plus its
    /// own DP (beasts: no limit): what a draft's price is paid from.
    pub fn dp_available(&self, model: ModelRef) -> i32 {
        super::guard::can_pay(self.state(), model)
    }

    /// R10–R12: [`Game::dp_available`] in words, the one sentence every
    /// client shows above the acting model's actions ("3 DP available"); a
    /// beast pays from no pool, so it has no figure.
    pub fn dp_available_text(&self, model: ModelRef) -> Text {
        let dp = crate::glossary::DP;
        if model.side == Side::Beast {
            return Text::new(
                format!("{}: sin límite (bestia)", dp.es),
                format!("{}: no limit (beast)", dp.en),
            );
        }
        let n = self.dp_available(model);
        // Spanish agrees in number ("1 PD disponible").
        let es = if n == 1 { "disponible" } else { "disponibles" };
        Text::new(
            format!("{n} {} {es}", dp.es),
            format!("{n} {} available", dp.en),
        )
    }

    /// What the players may declare on `action`, a draft no offer lists
    /// (the app's free tools: R18 a fall and its R31 witnesses).
    pub fn declarations(&self, action: &Action) -> Vec<Declaration> {
        super::offers::takeable(self.state(), self.ctx(), action)
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
