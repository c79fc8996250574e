//! The owner's side of the phones (issue 26), one for the app and the CLI:
//! which seats the laptop allowed to play, the requests waiting for that
//! answer, and the end both players confirm. It answers each phone's
//! [`Request`] against the [`Host`] — approval, index, who may take it
//! (`Game::taker`), the rules — one at a time, so two phones that send
//! the same index apply once.

use serde_json::{Value, json};

use super::view::{self, May, SeatsView};
use super::{Ask, Request, Seat, Share, State};
use crate::core::game::draft::{DeclKey, Declared};
use crate::core::game::{Action, GameError, Host, PriceView, Side, declarations_view};
use crate::core::text::Lang;

/// What a handled request changed in the game, for the owner to tell
/// (the CLI prints it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Done {
    /// The seat's action was applied.
    Acted(Seat),
    /// The seat undid its side's last action.
    Undid(Seat),
    /// The seat confirmed the game's end.
    Confirmed(Seat),
}

/// Approvals, pending requests and end confirmations, held by the game's
/// owner beside its [`Host`] while the game is shared.
#[derive(Debug)]
pub struct Seats {
    may: [May; 2],
    allow_all: bool,
    /// Requests of asking seats, in their order, until the laptop answers.
    pending: Vec<Request>,
    confirmed: [bool; 2],
    /// The view last published, to publish again only on a change.
    shown: Option<SeatsView>,
    /// The game's part of the states, kept while the game does not change
    /// (issue 32: each refresh worked out the offers and the report again).
    built: Option<view::Built>,
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
            shown: None,
            built: None,
        }
    }

    /// Sharing ends: an ended game no longer waits for the phones and
    /// enters the records as any game does. Requests still waiting are
    /// dropped (their phones get 503).
    pub fn close(self, host: &mut Host) {
        host.release_records();
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
            host.hold_records();
        }
    }

    /// Answer a request against the host: approval, index, who may take
    /// it, the rules. On a change it publishes the new state on `share`
    /// (the caller does not). A request from a seat not yet allowed waits,
    /// and the seat is asking.
    pub fn handle(&mut self, host: &mut Host, share: &Share, req: Request) -> Option<Done> {
        if let Ask::Price { action, declare } = &req.ask {
            // Read-only: no index, no approval.
            let (status, body) = price(host, action, declare.clone(), req.lang);
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

    /// Answer the request of an allowed seat.
    fn answer(&mut self, host: &mut Host, share: &Share, req: Request) -> Option<Done> {
        let l = req.lang;
        let side = req.seat.side()?;
        let index = match &req.ask {
            Ask::Act { index, .. } | Ask::Undo { index } | Ask::Confirm { index } => *index,
            Ask::Price { .. } => share.index(),
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
            Ask::Act { .. } | Ask::Price { .. } => Done::Acted(req.seat),
            Ask::Undo { .. } => Done::Undid(req.seat),
            Ask::Confirm { .. } => Done::Confirmed(req.seat),
        };
        let outcome = match &req.ask {
            Ask::Act { action, dice, .. } => self.act(host, side, action, dice, l),
            Ask::Undo { .. } => undo(host, side, l),
            Ask::Confirm { .. } => self.confirm(host, side, l),
            Ask::Price { .. } => return None,
        };
        match outcome {
            Ok(()) => {
                self.publish(host, share);
                let state = share.json(req.seat, l);
                req.answer(200, json!({ "state": state }));
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

    fn act(
        &mut self,
        host: &mut Host,
        side: Side,
        action: &crate::core::game::Action,
        dice: &[crate::core::game::SideDice],
        l: Lang,
    ) -> Result<(), (bool, u16, Value)> {
        if !host.taker(action).allows(side) {
            let (s, b) = err(
                403,
                l.pick(
                    "eso lo elige el otro jugador",
                    "that is the other player's choice",
                )
                .into(),
            );
            return Err((false, s, b));
        }
        let action = if dice.is_empty() {
            action.clone()
        } else {
            host.with_typed_dice(action, dice).map_err(|e| {
                let (s, b) = refusal(&e, l);
                (false, s, b)
            })?
        };
        host.act(action).map_err(|e| {
            let (s, b) = refusal(&e, l);
            (e.is_applied(), s, b)
        })
    }

    fn confirm(&mut self, host: &mut Host, side: Side, l: Lang) -> Result<(), (bool, u16, Value)> {
        if host.state().ended.is_none() {
            let (s, b) = err(
                422,
                l.pick("la partida no ha terminado", "the game has not ended")
                    .into(),
            );
            return Err((false, s, b));
        }
        if let Some(i) = slot(side) {
            self.confirmed[i] = true;
        }
        if self.confirmed == [true; 2] {
            host.release_records();
        }
        Ok(())
    }

    /// The laptop allows a seat: its waiting requests are answered now,
    /// in their order.
    pub fn allow(&mut self, seat: Seat, host: &mut Host, share: &Share) -> Vec<Done> {
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

    /// The laptop confirms the end for both seats: the record enters the
    /// records now.
    pub fn confirm_for_both(&mut self, host: &mut Host, share: &Share) {
        if host.state().ended.is_none() {
            return;
        }
        self.confirmed = [true; 2];
        host.release_records();
        self.publish(host, share);
    }
}

fn refused_body(l: Lang) -> Value {
    json!({
        "error": l.pick(
            "el ordenador de la partida no ha dejado jugar a este teléfono",
            "the game's computer did not allow this phone to play",
        )
    })
}

/// The rules refuse: 422 with the sentence and its rule id (what exit 1
/// is for `game act`).
fn refusal(e: &GameError, l: Lang) -> (u16, Value) {
    (422, json!({ "error": e.message(l), "rule": e.rule }))
}

/// A seat undoes the last action, if its side took it.
fn undo(host: &mut Host, side: Side, l: Lang) -> Result<(), (bool, u16, Value)> {
    if !host.can_undo() {
        let (s, b) = err(
            422,
            l.pick("no hay nada que deshacer", "there is nothing to undo")
                .into(),
        );
        return Err((false, s, b));
    }
    if !host.may_undo(side) {
        let (s, b) = err(
            403,
            l.pick(
                "la última acción es del otro jugador: solo él la deshace",
                "the last action is the other player's: only they undo it",
            )
            .into(),
        );
        return Err((false, s, b));
    }
    match host.undo() {
        Ok(_) => Ok(()),
        Err(e) => {
            let (s, b) = refusal(&e, l);
            Err((e.is_applied(), s, b))
        }
    }
}

impl Share {
    /// The current state's JSON for a seat, parsed.
    fn json(&self, seat: Seat, l: Lang) -> Value {
        let s = self.tx.borrow().clone();
        serde_json::from_str(s.json(seat, l)).unwrap_or(Value::Null)
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
        Ok(p) => {
            let declarations = declarations_view(&host.declarations(&draft), &draft, l);
            (
                200,
                json!({ "price": p, "draft": draft, "declarations": declarations }),
            )
        }
        Err(e) => refusal(&e, l),
    }
}
