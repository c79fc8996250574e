//! What can be done now (the offers), in full or listed for a phone's
//! state (issue 32).

use super::Game;
use crate::game::draft::facts as draft_facts;
use crate::game::offers::{self, Offer, Offers};

impl Game {
    /// What can be done now: every offer of the current step, allowed or
    /// refused with its reason, with its DP and targets.
    pub fn offers(&self) -> Offers {
        self.offers_to(offers::Depth::Full)
    }

    /// The same for a phone's state (issue 32): each offer's targets
    /// listed with their actions and drafts, not tried, priced or
    /// declared (an offer's own `allowed`, `why_not` and `action` are
    /// exactly [`Game::offers`]'; one with targets declares nothing
    /// itself: its targets carry its declarations); a phone asks
    /// [`Game::offer_in_full`] for the offer whose targets it opens.
    pub fn offers_listed(&self) -> Offers {
        self.offers_to(offers::Depth::Listed(None))
    }

    /// The offer at `place` of [`Game::offers_listed`] with its targets as
    /// [`Game::offers`] gives them: only those the rules allow, each
    /// priced, with its declarations. `None` past the last offer.
    pub fn offer_in_full(&self, place: usize) -> Option<Offer> {
        let mut o = self.offers_to(offers::Depth::Listed(Some(place)));
        (place < o.offers.len()).then(|| o.offers.swap_remove(place))
    }

    fn offers_to(&self, depth: offers::Depth) -> Offers {
        let facts = draft_facts(&self.state, &self.log);
        offers::offers(&self.state, self.ctx(), facts, depth)
    }
}
