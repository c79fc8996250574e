//! Who chooses, asked of a game (issue 26): [`Game::taker`] for an action
//! now, and whose the log's last action was, for undo.

use super::action::Action;
use super::close::taker_now;
use super::leave::By;
use super::refs::Side;
use super::session::Game;
use super::taker::Taker;
use crate::text::Lang;

impl Game {
    /// Who may take `action` now (issue 26): see the rules in
    /// `core::game::taker`; accepting a roll, `core::game::close`.
    pub fn taker(&self, action: &Action) -> Taker {
        taker_now(self.state(), self.ctx(), action)
    }

    /// Who took the last action of the log, as it was taken (the state
    /// before it); `None` when the log is empty.
    pub fn last_taker(&self) -> Option<Taker> {
        let n = self.actions().len();
        let last = self.actions().last()?;
        // Only when the taker reads the state (the roll-off's winner) does
        // the state before matter; a log that would not replay names no one.
        if last.act().taker_reads_the_state() {
            return Some(taker_now(&self.state_at(n - 1).ok()?, self.ctx(), last));
        }
        Some(taker_now(self.state(), self.ctx(), last))
    }

    /// Whether the last action of the log was the player of `side`'s to
    /// take (their side's, or either's; issue 26). Issue 33: what a phone
    /// may undo alone is narrower, [`Game::may_take_back_alone`].
    pub fn may_undo(&self, side: Side) -> bool {
        self.last_taker().is_some_and(|t| t.allows(side))
    }

    /// The undo rule (issue 33, "a roll once made stays made"): the player
    /// of `side` takes back the log's last action alone, with no one's
    /// leave, only when that action was theirs alone to take (not the
    /// other player's, not one either may take), rolled no dice, and
    /// revealed nothing: it made no roll take effect (accepting) and did
    /// not end the game. Any other undo from a phone is a request the
    /// other player allows or refuses; the laptop, the referee, may always
    /// undo.
    pub fn may_take_back_alone(&self, side: Side) -> bool {
        let n = self.actions().len();
        let Some(last) = self.actions().last() else {
            return false;
        };
        if self.last_taker() != Some(Taker::of_side(side)) || Taker::of_side(side) == Taker::Either
        {
            return false;
        }
        if last.act().dice().is_some() {
            return false;
        }
        // A log that would not replay names nothing as safe.
        let Ok(before) = self.state_at(n - 1) else {
            return false;
        };
        last.act().accepted_roll(&before).is_none()
            && (before.ended.is_some() || self.state().ended.is_none())
    }

    /// Whether undoing the last action would take the game out of its end
    /// (issue 33): the result it withdraws.
    pub fn last_ends_the_game(&self) -> bool {
        let n = self.actions().len();
        n > 0
            && self.state().ended.is_some()
            && self.state_at(n - 1).is_ok_and(|b| b.ended.is_none())
    }

    /// The log's last line, as the history says it.
    pub fn last_line(&self, l: Lang) -> Option<String> {
        self.log().last().map(|e| e.describe(l).to_string())
    }

    /// The question a request to take back the last action puts to the
    /// other player: "Ana wants to take back: Ulrak assaults Vask: 8
    /// against 11".
    pub fn take_back_question(&self, asked: By, l: Lang) -> String {
        let who = asked.name(self.state(), l);
        let line = self.last_line(l).unwrap_or_default();
        match l {
            Lang::Es => format!("{who} quiere retirar: {line}"),
            Lang::En => format!("{who} wants to take back: {line}"),
        }
    }

    /// The result the records hold now, in words, as the laptop's warning
    /// names it before withdrawing it: "Ulrak's Raiders 12 – 8 Vask's Band
    /// (Ulrak's Raiders wins)".
    pub fn result_words(&self, l: Lang) -> String {
        let st = self.state();
        let (a, b) = (st.side(Side::A), st.side(Side::B));
        let name = |s: Option<&super::state::SideState>| {
            s.map(|s| s.warband.to_string()).unwrap_or_default()
        };
        let vp = |s: Option<&super::state::SideState>| s.map_or(0, |s| s.score.total());
        let outcome = match st.winner() {
            Some(w) => match l {
                Lang::Es => format!("gana {}", name(st.side(w))),
                Lang::En => format!("{} wins", name(st.side(w))),
            },
            None => l.pick("empate", "a draw").to_string(),
        };
        format!("{} {} – {} {} ({outcome})", name(a), vp(a), vp(b), name(b))
    }
}
