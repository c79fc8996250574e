//! Issue 33: a fact of the table one seat proposes that harms the other
//! side's models (witnesses who gain fear, the friend a stray shot hits,
//! an engagement set by hand, the end of the turn while that side has
//! models left) waits for the other seat: Allow applies it, Refuse drops
//! it, and both phones are told in words. A roll waiting only for the
//! other seat's dice or choices is not refused: it is answered.

use serde_json::Value;

use super::takeback::{Notice, stamp};
use super::{Seats, err, fair};
use crate::core::game::rights::Waiting;
use crate::core::game::{By, Host, Side};
use crate::core::text::{Lang, Text};

impl Seats {
    /// The proposal waiting for `side`'s answer, if one does.
    pub(super) fn proposal_for(&self, host: &Host, side: Side) -> Option<&Waiting> {
        self.waiting(host)
            .filter(|w| w.from == side && w.needs.iter().any(|f| f.harms()))
    }

    /// `side` answers the other seat's proposal: allowed, it is applied
    /// as proposed; refused, nothing changes and both phones are told.
    pub(super) fn answer_proposal(
        &mut self,
        host: &mut Host,
        side: Side,
        allow: bool,
        l: Lang,
    ) -> Result<(), (bool, u16, Value)> {
        let Some(w) = self.proposal_for(host, side).cloned() else {
            let (s, b) = err(
                422,
                l.pick(
                    "no hay ninguna propuesta esperando tu respuesta",
                    "no proposal is waiting for your answer",
                )
                .into(),
            );
            return Err((false, s, b));
        };
        if allow {
            // The same action from the seat it waits for completes it.
            let mut h = crate::core::game::Happened::default();
            let r = fair::act(&mut self.waiting, host, side, &w.action, &[], l, &mut h);
            self.note(h);
            return r.map(|_| ());
        }
        self.refuse_proposal(host, &w, By::of_side(side));
        Ok(())
    }

    /// The proposal `w` dropped by `by`, and both phones told.
    pub(super) fn refuse_proposal(&mut self, host: &Host, w: &Waiting, by: By) {
        self.waiting = None;
        let who = Text::each(|l| {
            let name = by.name(host.state(), l);
            let mut c = name.chars();
            c.next()
                .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
        });
        let what = Text::each(|l| w.text(host, l));
        self.notice = Some(Notice {
            stamp: stamp(host),
            text: Text::each(|l| {
                let (who, what) = (who.get(l), what.get(l));
                match l {
                    Lang::Es => format!("{who} no lo acepta; no se aplica: {what}"),
                    Lang::En => format!("{who} refuses; not applied: {what}"),
                }
            }),
        });
    }
}
