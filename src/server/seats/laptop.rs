//! The laptop, the referee, over what the phones asked (issues 26, 33):
//! it applies or drops what waits for a seat, and confirms an ended game
//! for both players. What its change did (issue 34) is returned and told
//! on both phones.

use super::{Seats, Share};
use crate::core::game::{GameError, Happened, Host};

impl Seats {
    /// The laptop, the referee, decides what waits for a seat: applies it
    /// (the dice no seat typed rolled by the game) or drops it; what the
    /// change did (issue 34), told on both phones too.
    pub fn decide(
        &mut self,
        apply: bool,
        host: &mut Host,
        share: &Share,
    ) -> Result<Happened, GameError> {
        let Some(w) = self.waiting.take().filter(|w| w.is_current(host)) else {
            return Ok(Happened::default());
        };
        if apply {
            let full = match host.complete(&w, w.from, &w.action, &[]) {
                Ok(a) => a,
                Err(crate::core::game::rights::Refused::Rules(e)) => return Err(e),
                Err(crate::core::game::rights::Refused::Denied(_)) => w.action.clone(),
            };
            let r = host.act(full);
            let done = match &r {
                Ok(h) => Some(h),
                Err(e) => e.happened(),
            };
            if let Some(h) = done.cloned() {
                // Applied (its save failed or not): the pages follow.
                self.tell(&h);
                self.publish(host, share);
            }
            return r;
        } else {
            // Issue 33: both phones are told the laptop refused it.
            if w.needs.iter().any(|f| f.harms()) {
                self.refuse_proposal(host, &w, crate::core::game::By::Laptop);
            }
            self.refresh(host, share);
        }
        Ok(Happened::default())
    }

    /// The laptop confirms the end for both seats: the record enters the
    /// records now; what that did, told on both phones too.
    pub fn confirm_for_both(&mut self, host: &mut Host, share: &Share) -> Happened {
        if host.state().ended.is_none() {
            return Happened::default();
        }
        let by = self.confirmations();
        self.confirmed = [true; 2];
        let h = host.release_records_by(by);
        self.tell(&h);
        self.publish(host, share);
        h
    }
}
