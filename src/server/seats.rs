//! The owner's side of the phones (issue 26), one for the app and the CLI:
//! which seats the laptop allowed to play, the requests waiting for that
//! answer, and the end both players confirm. It answers each phone's
//! [`Request`] against the [`Host`] — approval, index, who owns each
//! field of it (issue 33, `Game::ask` through `fair`), the rules — one at
//! a time, so two phones that send the same index apply once.

use serde_json::{Value, json};

mod after;
mod laptop;
mod proposal;
mod takeback;
mod told;
pub use after::AfterSeat;
pub use takeback::{TakeBackJson, TakeBackView};
pub use told::Handled;

use super::fair::{self, Acted, refusal};
use super::view::{self, May, SeatsView};
use super::{Ask, Request, Seat, Share, State};
use crate::core::game::draft::{DeclKey, Declared};
use crate::core::game::rights::Waiting;
use crate::core::game::{Action, Happened, Host, PriceView, Said, Side, declarations_view};
use crate::core::text::Lang;

/// What a handled request changed in the game, for the owner to tell
/// (the CLI prints it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Done {
    /// The seat's action was applied.
    Acted(Seat),
    /// The seat undid its side's last action.
    Undid(Seat),
    /// The seat asked to take back the last action (issue 33): the other
    /// phone (or the laptop) answers.
    AskedUndo(Seat),
    /// The seat answered the other's request: allowed (taken back) or not.
    AnsweredUndo(Seat, bool),
    /// The seat answered the other's proposal (issue 33): allowed
    /// (applied) or refused.
    AnsweredProposal(Seat, bool),
    /// The seat confirmed the game's end.
    Confirmed(Seat),
    /// Issue 38: the seat confirmed its warband's after-game step.
    After(Seat),
}

/// Approvals, pending requests and end confirmations, held by the game's
/// owner beside its [`Host`] while the game is shared.
#[derive(Debug)]
pub struct Seats {
    may: [May; 2],
    allow_all: bool,
    /// Requests of asking seats, at most one a seat, until the laptop
    /// answers.
    pending: Vec<Request>,
    confirmed: [bool; 2],
    /// Issue 33: a seat's roll waiting for the other seat's dice or
    /// choices.
    waiting: Option<Waiting>,
    /// The view last published, to publish again only on a change.
    shown: Option<SeatsView>,
    /// Issue 33: a request to take back the last action, and the last
    /// word both phones are told about undoing.
    take_back: Option<takeback::TakeBack>,
    notice: Option<takeback::Notice>,
    /// Issue 38: each seat's after-game step confirmed (or why not).
    after: after::Confirmed,
    /// The game's part of the states, kept while the game does not change
    /// (issue 32: each refresh worked out the offers and the report again).
    built: Option<view::Built>,
    /// Issue 34: what the phones' changes did, for the owner (handed over
    /// with each handled request), and what to tell both phones at the
    /// next publish; then told until the game moves on.
    happened: Happened,
    for_phones: Happened,
    told: Option<(takeback::Stamp, Vec<Said>)>,
}

fn slot(side: Side) -> Option<usize> {
    match side {
        Side::A => Some(0),
        Side::B => Some(1),
        Side::Beast => None,
    }
}

fn seat_slot(seat: Seat) -> Option<usize> {
    seat.side().and_then(slot)
}

fn err(status: u16, text: String) -> (u16, Value) {
    (status, json!({ "error": text }))
}

impl Seats {
    /// Sharing begins: a game that ends from now on enters the records
    /// only once both players confirm it (or the laptop for them). A game
    /// already over when shared stays as it is.
    pub fn new(host: &mut Host) -> Seats {
        if host.state().ended.is_none() {
            host.hold_records();
        }
        Seats {
            may: [May::Ask; 2],
            allow_all: false,
            pending: Vec::new(),
            confirmed: [false; 2],
            waiting: None,
            shown: None,
            take_back: None,
            notice: None,
            built: None,
            after: after::Confirmed::default(),
            happened: Happened::default(),
            for_phones: Happened::default(),
            told: None,
        }
    }

    /// Sharing ends: an ended game no longer waits for the phones and
    /// enters the records as any game does. Requests still waiting are
    /// dropped (their phones get 503). What the records did is returned.
    pub fn close(self, host: &mut Host) -> Happened {
        host.release_records_by(self.confirmations())
    }

    /// Who confirmed each seat's result (issue 38): its phone, else the
    /// laptop for it.
    fn confirmations(&self) -> [crate::core::records::Confirmed; 2] {
        use crate::core::records::Confirmed;
        self.confirmed.map(|c| {
            if c {
                Confirmed::Phone
            } else {
                Confirmed::Laptop
            }
        })
    }

    /// Every seat may play without asking (`game serve --allow-all`).
    pub fn allow_all(&mut self) {
        self.allow_all = true;
        for m in &mut self.may {
            if *m == May::Ask {
                *m = May::Play;
            }
        }
    }

    /// Issue 35: the seats the laptop allowed, to keep for a resumed share.
    pub fn allowed(&self) -> [bool; 2] {
        self.may.map(|m| m == May::Play)
    }

    /// Issue 35: a resumed share's approvals: those seats play without
    /// asking again.
    pub fn restore(&mut self, allowed: [bool; 2]) {
        for (m, yes) in self.may.iter_mut().zip(allowed) {
            if yes && *m == May::Ask {
                *m = May::Play;
            }
        }
    }

    /// A seat's standing.
    pub fn may(&self, seat: Seat) -> May {
        seat_slot(seat).map_or(May::Watch, |i| self.may[i])
    }

    /// Seats asking to play now (for the laptop's "allow / refuse").
    pub fn asking(&self) -> Vec<Seat> {
        [Seat::A, Seat::B]
            .into_iter()
            .filter(|s| self.may(*s) == May::Asking)
            .collect()
    }

    /// Whether seat A and seat B confirmed the ended game.
    pub fn confirmed(&self) -> [bool; 2] {
        self.confirmed
    }

    /// What the seats add to the state now.
    pub fn view(&self, host: &Host, share: Option<&Share>) -> SeatsView {
        let ended = host.state().ended.is_some();
        SeatsView {
            may: self.may,
            connected: [Seat::A, Seat::B].map(|s| share.is_some_and(|sh| sh.connected(s) > 0)),
            confirmed: if ended { self.confirmed } else { [false; 2] },
            recorded: ended && !host.records_held(),
            take_back: self.take_back_view(host),
            waiting: self.waiting.clone().filter(|w| w.is_current(host)),
            after: after::views(host, &self.after),
            told: self.told_now(host),
        }
    }

    /// The state of the game now, as `index` (the first state to start a
    /// share with is `index` 1).
    pub fn state(&self, host: &Host, share: Option<&Share>, index: u64) -> State {
        view::state_with(host, index, &self.view(host, share))
    }

    /// After the game changed (the laptop's own action, or a phone's):
    /// the next state, one index on.
    pub fn publish(&mut self, host: &mut Host, share: &Share) {
        self.follow_end(host);
        let h = std::mem::take(&mut self.for_phones);
        if !h.is_quiet() {
            self.told = Some((takeback::stamp(host), h.said()));
        }
        let v = self.view(host, Some(share));
        share.publish(view::state_from(
            self.built(host),
            host,
            share.index() + 1,
            &v,
        ));
        self.shown = Some(v);
    }

    /// The game's part of the state, built again only when the game changed.
    fn built(&mut self, host: &Host) -> &view::Built {
        if !self.built.as_ref().is_some_and(|b| b.is_of(host)) {
            self.built = Some(view::Built::of(host));
        }
        self.built.get_or_insert_with(|| view::Built::of(host))
    }

    /// Publish again, at the same index, when only the seats changed (a
    /// page connected, a seat allowed): the pages' index stays good.
    pub fn refresh(&mut self, host: &Host, share: &Share) {
        let v = self.view(host, Some(share));
        if self.shown.as_ref() != Some(&v) {
            share.publish(view::state_from(self.built(host), host, share.index(), &v));
            self.shown = Some(v);
        }
    }

    /// The game left its end (an undo): the confirmations go, and an end
    /// made again waits for them again.
    fn follow_end(&mut self, host: &mut Host) {
        if host.state().ended.is_none() {
            self.confirmed = [false; 2];
            self.after = after::Confirmed::default();
            host.hold_records();
        }
    }

    /// Answer a request against the host: approval, index, who may take
    /// it, the rules. On a change it publishes the new state on `share`
    /// (the caller does not). A request from a seat not yet allowed waits,
    /// and the seat is asking.
    pub fn handle(&mut self, host: &mut Host, share: &Share, req: Request) -> Option<Handled> {
        if let Ask::Price { action, declare } = &req.ask {
            // Read-only: no index, no approval.
            let (status, body) = price(host, action, declare.clone(), req.lang);
            req.answer(status, body);
            return None;
        }
        if let Ask::Targets { index, offer } = &req.ask {
            // Read-only: no approval; the offers of the state the page has.
            let (status, body) = targets(host, *index, share.index(), *offer, req.lang);
            req.answer(status, body);
            return None;
        }
        let Some(i) = seat_slot(req.seat) else {
            let l = req.lang;
            let (s, b) = err(
                403,
                l.pick(
                    "el enlace de la mesa solo mira; cada jugador juega desde el suyo",
                    "the table's link only watches; each player plays from their own",
                )
                .into(),
            );
            req.answer(s, b);
            return None;
        };
        match self.may[i] {
            May::Play => {}
            May::Ask | May::Asking if self.allow_all => self.may[i] = May::Play,
            May::Ask | May::Asking => {
                self.may[i] = May::Asking;
                // One waiting request per seat (issue 32): a seat the
                // laptop has not answered cannot pile requests up in
                // memory. One whose phone gave up is replaced.
                if let Some(k) = self.pending.iter().position(|r| r.seat == req.seat) {
                    if !self.pending[k].is_abandoned() {
                        let l = req.lang;
                        req.answer(429, already_waiting_body(l));
                        return None;
                    }
                    self.pending.remove(k);
                }
                self.pending.push(req);
                self.refresh(host, share);
                return None;
            }
            May::Refused | May::Watch => {
                let l = req.lang;
                req.answer(403, refused_body(l));
                return None;
            }
        }
        self.answer(host, share, req)
    }

    /// Answer the request of an allowed seat, and hand over what its
    /// change did.
    fn answer(&mut self, host: &mut Host, share: &Share, req: Request) -> Option<Handled> {
        let done = self.answer_done(host, share, req);
        let happened = std::mem::take(&mut self.happened);
        done.map(|done| Handled { done, happened })
    }

    fn answer_done(&mut self, host: &mut Host, share: &Share, req: Request) -> Option<Done> {
        let l = req.lang;
        let side = req.seat.side()?;
        let index = match &req.ask {
            Ask::Act { index, .. }
            | Ask::Undo { index }
            | Ask::Confirm { index }
            | Ask::After { index }
            | Ask::Answer { index, .. } => *index,
            Ask::Price { .. } | Ask::Targets { .. } => share.index(),
        };
        let now = share.index();
        if index != now {
            req.answer(
                409,
                json!({
                    "error": l.pick(
                        "la partida ha cambiado: mira otra vez",
                        "the game moved on: look again",
                    ),
                    "index": now,
                }),
            );
            return None;
        }
        let done = match req.ask {
            Ask::Act { .. } | Ask::Price { .. } | Ask::Targets { .. } => Done::Acted(req.seat),
            Ask::Undo { .. } => Done::Undid(req.seat),
            Ask::Confirm { .. } => Done::Confirmed(req.seat),
            Ask::After { .. } => Done::After(req.seat),
            Ask::Answer { allow, .. } if self.proposal_for(host, side).is_some() => {
                Done::AnsweredProposal(req.seat, allow)
            }
            Ask::Answer { allow, .. } => Done::AnsweredUndo(req.seat, allow),
        };
        let outcome = match &req.ask {
            Ask::Act { action, dice, .. } => match self.act(host, side, action, dice, l) {
                Ok(Acted::Applied) => Ok(()),
                Ok(Acted::Waits) => {
                    // Nothing applied: the pages learn whom it waits for.
                    self.refresh(host, share);
                    let state = share.json(req.seat, l);
                    req.answer_state(200, state, json!({ "waiting": true }));
                    return None;
                }
                Err(e) => Err(e),
            },
            Ask::Undo { .. } => match self.undo(host, side, l) {
                Ok(takeback::Undid::Alone) => Ok(()),
                Ok(takeback::Undid::Asked) => {
                    // Only the seats changed: the same index, a 202.
                    self.refresh(host, share);
                    let state = share.json(req.seat, l);
                    let seat = req.seat;
                    req.answer_state(202, state, json!({ "asked": true }));
                    return Some(Done::AskedUndo(seat));
                }
                Err(e) => Err(e),
            },
            Ask::Confirm { .. } => self.confirm(host, side, l),
            Ask::After { .. } => after::confirm(&mut self.after, host, side, l),
            Ask::Answer { allow, .. } => {
                let allow = *allow;
                // Issue 33: a proposal of the other seat is answered like
                // a request to take back.
                let r = if matches!(done, Done::AnsweredProposal(..)) {
                    self.answer_proposal(host, side, allow, l)
                } else {
                    self.answer_take_back(host, side, allow, l)
                };
                if r.is_ok() && !allow {
                    // Refused: the game is as it was; only the word changes.
                    self.refresh(host, share);
                    let state = share.json(req.seat, l);
                    req.answer_state(200, state, json!({}));
                    return Some(done);
                }
                r
            }
            Ask::Price { .. } | Ask::Targets { .. } => return None,
        };
        match outcome {
            Ok(()) => {
                self.publish(host, share);
                let state = share.json(req.seat, l);
                req.answer_state(200, state, json!({}));
                Some(done)
            }
            Err((applied, status, body)) => {
                if applied {
                    // Applied, only the save failed: the pages follow.
                    self.publish(host, share);
                }
                req.answer(status, body);
                applied.then_some(done)
            }
        }
    }

    /// Issue 33: the core decides who owns each field of the action and
    /// whether it waits for the other seat (`fair`).
    fn act(
        &mut self,
        host: &mut Host,
        side: Side,
        action: &crate::core::game::Action,
        dice: &[crate::core::game::SideDice],
        l: Lang,
    ) -> Result<Acted, (bool, u16, Value)> {
        let mut h = Happened::default();
        let r = fair::act(&mut self.waiting, host, side, action, dice, l, &mut h);
        self.note(h);
        r
    }

    fn confirm(&mut self, host: &mut Host, side: Side, l: Lang) -> Result<(), (bool, u16, Value)> {
        after::ended(host, l)?;
        if let Some(i) = slot(side) {
            self.confirmed[i] = true;
        }
        if self.confirmed == [true; 2] {
            let h = host.release_records_by(self.confirmations());
            self.note(h);
        }
        Ok(())
    }

    /// The laptop allows a seat: its waiting requests are answered now,
    /// in their order.
    pub fn allow(&mut self, seat: Seat, host: &mut Host, share: &Share) -> Vec<Handled> {
        let Some(i) = seat_slot(seat) else {
            return Vec::new();
        };
        if self.may[i] == May::Refused {
            return Vec::new();
        }
        self.may[i] = May::Play;
        let (mine, rest): (Vec<Request>, Vec<Request>) = std::mem::take(&mut self.pending)
            .into_iter()
            .partition(|r| r.seat == seat);
        self.pending = rest;
        // A phone that stopped waiting is not acted for: it was told 503.
        let done = mine
            .into_iter()
            .filter(|r| !r.is_abandoned())
            .filter_map(|r| self.answer(host, share, r))
            .collect();
        self.refresh(host, share);
        done
    }

    /// The laptop refuses a seat: its waiting requests get 403, then its
    /// token dies (404 from now on).
    pub fn refuse(&mut self, seat: Seat, share: &Share) {
        let Some(i) = seat_slot(seat) else {
            return;
        };
        self.may[i] = May::Refused;
        let (mine, rest): (Vec<Request>, Vec<Request>) = std::mem::take(&mut self.pending)
            .into_iter()
            .partition(|r| r.seat == seat);
        self.pending = rest;
        for r in mine {
            let l = r.lang;
            r.answer(403, refused_body(l));
        }
        share.revoke(seat);
    }

    /// Issue 33: the roll or proposal of one seat waiting for the other,
    /// while the game has not moved on.
    pub fn waiting(&self, host: &Host) -> Option<&Waiting> {
        self.waiting.as_ref().filter(|w| w.is_current(host))
    }
}

/// A second request of a seat still waiting for the laptop's answer.
pub(super) fn already_waiting_body(l: Lang) -> Value {
    json!({
        "error": l.pick(
            "este teléfono ya espera la respuesta del ordenador de la partida",
            "this phone is already waiting for the game's computer to answer",
        )
    })
}

fn refused_body(l: Lang) -> Value {
    json!({
        "error": l.pick(
            "el ordenador de la partida no ha dejado jugar a este teléfono",
            "the game's computer did not allow this phone to play",
        )
    })
}

/// The web's `Share` has no value (issue 37): never called there.
#[cfg(target_arch = "wasm32")]
impl Share {
    fn json(&self, _seat: Seat, _l: Lang) -> std::sync::Arc<String> {
        match *self {}
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Share {
    /// The current state's JSON for a seat, as published (issue 32: not
    /// parsed and written again for each answer).
    fn json(&self, seat: Seat, l: Lang) -> std::sync::Arc<String> {
        self.tx.borrow().json_arc(seat, l)
    }
}

/// Issue 32: the targets of the offer at `offer` in full (`POST targets`):
/// each allowed one priced in numbers and words, with its declarations and
/// its words; 409 when the page's state is not the game's now.
fn targets(host: &Host, index: u64, now: u64, offer: usize, l: Lang) -> (u16, Value) {
    if index != now {
        return (
            409,
            json!({
                "error": l.pick(
                    "la partida ha cambiado: mira otra vez",
                    "the game moved on: look again",
                ),
                "index": now,
            }),
        );
    }
    match host.offer_in_full(offer) {
        Some(o) => (200, view::targets_json(host, &o, l)),
        None => err(
            404,
            l.pick("no hay esa oferta", "there is no such offer").into(),
        ),
    }
}

/// A draft's price (issue 26's `POST price`), after declaring one more
/// answer on it when asked: the draft as the core set it and its
/// declarations with what each declares now, so the page never sets an
/// action's fields itself.
fn price(
    host: &Host,
    action: &Action,
    declare: Option<(DeclKey, Declared)>,
    l: Lang,
) -> (u16, Value) {
    let draft = match declare {
        None => action.clone(),
        Some((key, answer)) => match host.declare(action, &key, answer) {
            Some(d) => d,
            None => {
                return err(
                    422,
                    l.pick(
                        "esa declaración no cabe en esta acción",
                        "that declaration does not fit this action",
                    )
                    .into(),
                );
            }
        },
    };
    match PriceView::of(host, &draft, l) {
        Ok(price) => {
            let declarations = declarations_view(&host.declarations(&draft), &draft, l);
            let priced = view::Priced {
                price,
                draft,
                declarations,
            };
            (200, serde_json::to_value(priced).unwrap_or(Value::Null))
        }
        Err(e) => refusal(&e, l),
    }
}
