//! Undo from the phones (issue 33, "a roll once made stays made"): a seat
//! undoes alone only what [`Game::may_take_back_alone`] allows; any other
//! undo becomes a request that the other player (or the laptop) allows or
//! refuses, dropped when the game moves on. A result the records hold is
//! never undone from a phone. The laptop's own undo is told on both phones.

use serde::Serialize;
use serde_json::Value;

use super::{Seats, err, refusal};
use crate::core::game::{By, Game, Happened, Host, Leave, Side};
use crate::core::text::{Lang, Text};
use crate::server::Share;

/// The game as a request to take back found it: the log, the undone and
/// the redo lists' lengths. Any change of them is the game moving on.
pub(super) type Stamp = (usize, usize, usize);

pub(super) fn stamp(g: &Game) -> Stamp {
    (g.actions().len(), g.undone().len(), g.redo_list().len())
}

/// A request to take back the last action, waiting for the other player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct TakeBack {
    pub asked: Side,
    pub stamp: Stamp,
    /// "Ana wants to take back: …", both languages.
    pub question: Text,
}

/// What both phones are told once: a request refused or allowed, or the
/// laptop's undo; shown until the game moves on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Notice {
    pub stamp: Stamp,
    pub text: Text,
}

/// The take-back part of the seats' view: the request waiting, if any, and
/// the last notice.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TakeBackView {
    /// Who asked, and the question in both languages.
    pub request: Option<(Side, Text)>,
    pub notice: Option<Text>,
}

impl TakeBackView {
    /// The seat's JSON: `{asked, question, mine, answer}` (`answer`: this
    /// seat is the one to allow or refuse) or `null`; the notice or `null`.
    pub fn json(&self, side: Option<Side>, l: Lang) -> (Option<TakeBackJson>, Option<String>) {
        let request = self.request.as_ref().map(|(asked, q)| TakeBackJson {
            asked: *asked,
            question: q.get(l).to_string(),
            mine: side == Some(*asked),
            answer: side.is_some_and(|s| s != *asked),
        });
        let notice = self.notice.as_ref().map(|t| t.get(l).to_string());
        (request, notice)
    }
}

/// A request to take back as a seat's page receives it.
#[derive(Clone, Debug, Serialize)]
pub struct TakeBackJson {
    pub asked: Side,
    pub question: String,
    /// This seat asked.
    pub mine: bool,
    /// This seat is the one to allow or refuse.
    pub answer: bool,
}

/// How an undo from a seat was taken.
pub(super) enum Undid {
    /// Undone at once (alone, by the rule).
    Alone,
    /// Made a request; the other phone asks.
    Asked,
}

impl Seats {
    /// The request waiting, if the game has not moved on since it was
    /// made, and the end it would take back has not entered the records
    /// since (both confirmed after it was asked: then it lapses).
    pub(super) fn live_take_back(&self, host: &Host) -> Option<&TakeBack> {
        self.take_back
            .as_ref()
            .filter(|t| t.stamp == stamp(host) && !host.undo_withdraws_result())
    }

    pub(super) fn take_back_view(&self, host: &Host) -> TakeBackView {
        TakeBackView {
            request: self
                .live_take_back(host)
                .map(|t| (t.asked, t.question.clone())),
            notice: self
                .notice
                .as_ref()
                .filter(|n| n.stamp == stamp(host))
                .map(|n| n.text.clone()),
        }
    }

    /// A seat's undo: alone when the rule allows it, else a request.
    pub(super) fn undo(
        &mut self,
        host: &mut Host,
        side: Side,
        l: Lang,
    ) -> Result<Undid, (bool, u16, Value)> {
        if !host.can_undo() {
            let (s, b) = err(
                422,
                l.pick("no hay nada que deshacer", "there is nothing to undo")
                    .into(),
            );
            return Err((false, s, b));
        }
        if host.undo_withdraws_result() {
            let (s, b) = err(
                403,
                l.pick(
                    "el resultado está confirmado y en el historial de las bandas: solo el ordenador de la partida puede retirarlo",
                    "the result is confirmed and in the warbands' records: only the game's computer can withdraw it",
                )
                .into(),
            );
            return Err((false, s, b));
        }
        if host.may_take_back_alone(side) {
            let r = host.undo();
            self.note_of(&r, Option::as_ref);
            return match r {
                Ok(_) => Ok(Undid::Alone),
                Err(e) => {
                    let (s, b) = refusal(&e, l);
                    Err((e.is_applied(), s, b))
                }
            };
        }
        if let Some(t) = self.live_take_back(host)
            && t.asked != side
        {
            let (s, b) = err(
                409,
                l.pick(
                    "el otro jugador ya pidió retirarla: contesta a su petición",
                    "the other player already asked to take it back: answer their request",
                )
                .into(),
            );
            return Err((false, s, b));
        }
        let asked = By::of_side(side);
        self.take_back = Some(TakeBack {
            asked: side,
            stamp: stamp(host),
            question: Text::each(|l| host.take_back_question(asked, l)),
        });
        Ok(Undid::Asked)
    }

    /// A seat's answer to the other's request: allowed, the action is
    /// taken back with its leave; refused, nothing changes.
    pub(super) fn answer_take_back(
        &mut self,
        host: &mut Host,
        side: Side,
        allow: bool,
        l: Lang,
    ) -> Result<(), (bool, u16, Value)> {
        let Some(t) = self.live_take_back(host).cloned() else {
            let (s, b) = err(
                422,
                l.pick(
                    "no hay ninguna petición de retirar esperando",
                    "no request to take back is waiting",
                )
                .into(),
            );
            return Err((false, s, b));
        };
        if t.asked == side {
            let (s, b) = err(
                403,
                l.pick(
                    "la petición es tuya: la contesta el otro jugador",
                    "the request is yours: the other player answers it",
                )
                .into(),
            );
            return Err((false, s, b));
        }
        let r = self.settle(host, &t, By::of_side(side), allow);
        self.note_of(&r, Option::as_ref);
        r.map(|_| ()).map_err(|e| {
            let (s, b) = refusal(&e, l);
            (e.is_applied(), s, b)
        })
    }

    /// The request answered by `by`: taken back or left, and both phones
    /// told; what taking it back did (issue 34), for the caller to tell.
    fn settle(
        &mut self,
        host: &mut Host,
        t: &TakeBack,
        by: By,
        allow: bool,
    ) -> Result<Option<Happened>, crate::core::game::GameError> {
        self.take_back = None;
        let asked = By::of_side(t.asked);
        let line = Text::each(|l| host.last_line(l).unwrap_or_default());
        let who = Text::each(|l| by.name(host.state(), l));
        let happened = if allow {
            host.take_back(Leave { asked, allowed: by })?
        } else {
            None
        };
        let text = Text::each(|l| {
            let (who, line) = (who.get(l), line.get(l));
            match (allow, l) {
                (true, Lang::Es) => format!("{who} lo permite; retirada: {line}"),
                (true, Lang::En) => format!("{who} allows it; taken back: {line}"),
                (false, Lang::Es) => format!("{who} no lo permite; sigue en pie: {line}"),
                (false, Lang::En) => format!("{who} refuses; it stands: {line}"),
            }
        });
        self.notice = Some(Notice {
            stamp: stamp(host),
            text,
        });
        Ok(happened)
    }

    /// The request waiting for an answer, in `l`, for the laptop.
    pub fn take_back_request(&self, host: &Host, l: Lang) -> Option<String> {
        self.live_take_back(host)
            .map(|t| t.question.get(l).to_string())
    }

    /// The laptop answers the waiting request (issue 33: "like the
    /// phones' leave"); nothing when none waits. What taking it back did
    /// (issue 34), told on both phones too.
    pub fn answer_as_laptop(
        &mut self,
        host: &mut Host,
        share: &Share,
        allow: bool,
    ) -> Result<Happened, crate::core::game::GameError> {
        let Some(t) = self.live_take_back(host).cloned() else {
            return Ok(Happened::default());
        };
        let r = self
            .settle(host, &t, By::Laptop, allow)
            .map(Option::unwrap_or_default);
        let done = match &r {
            Ok(h) => Some(h.clone()),
            Err(e) => e.happened().cloned(),
        };
        if let Some(h) = done {
            self.tell(&h);
        }
        if allow {
            self.publish(host, share);
        } else {
            self.refresh(host, share);
        }
        r
    }

    /// The laptop undoes (it may always, issue 33): the last action goes
    /// to the redo list as ever, and both phones are told what was undone.
    /// A result the records hold is withdrawn only with `withdraw` (the
    /// caller warned, naming [`Game::result_words`]); otherwise nothing is
    /// done and `Ok(None)` says so. What the undo did (issue 34) is told on
    /// both phones too.
    pub fn laptop_undo(
        &mut self,
        host: &mut Host,
        share: &Share,
        withdraw: bool,
    ) -> Result<Option<Happened>, crate::core::game::GameError> {
        if host.undo_withdraws_result() && !withdraw {
            return Ok(None);
        }
        let line = Text::each(|l| host.last_line(l).unwrap_or_default());
        let r = host.undo();
        let done = match &r {
            Ok(h) => h.clone(),
            Err(e) => e.happened().cloned(),
        };
        if let Some(h) = done {
            self.tell(&h);
            self.notice = Some(Notice {
                stamp: stamp(host),
                text: Text::each(|l| match l {
                    Lang::Es => format!("El ordenador deshizo: {}", line.get(l)),
                    Lang::En => format!("The laptop undid: {}", line.get(l)),
                }),
            });
            self.publish(host, share);
        }
        r
    }
}
