//! "Compartir la mesa / Share the table" (issues 25, 26): the open game
//! served to the players' phones. The view stays the game's one writer:
//! every frame it answers the phones' requests through [`Seats`] (which
//! publishes what they change), and after a change made here (an action,
//! undo, redo) it publishes the new state; the server never opens the
//! file. The server wakes the view on each request, so a phone's action
//! shows without a click. A phone's first action asks here "Ana's phone
//! wants to play Círculo — Allow / Refuse"; a shared game that ends waits
//! for both players' confirmation, or "Confirm for both".

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;

use super::GameView;

#[cfg(test)]
#[allow(clippy::disallowed_methods)] // native tests: threads and timers
mod phone_kit;
#[cfg(test)]
mod records_ui;
#[cfg(test)]
mod resume_ui;
mod window;
use crate::core::game::{Game, GameError, Happened, Host};
use crate::core::text::Lang;
use crate::server::{Seat, Seats, Share, net, qr, resume};

/// What identifies a state of the open game: a change to any of these is
/// a change worth publishing.
type Fingerprint = (Option<PathBuf>, usize, usize, usize);

fn fingerprint(g: &Game) -> Fingerprint {
    (
        g.path().map(|p| p.to_path_buf()),
        g.actions().len(),
        g.undone().len(),
        g.redo_list().len(),
    )
}

struct Running {
    share: Share,
    /// Approvals, pending requests, the end's confirmations.
    seats: Seats,
    qr: Vec<Option<qr::Modules>>,
    published: Fingerprint,
    /// Seats asking last frame: a new one opens the window.
    asked: Vec<Seat>,
    /// The game had ended last frame: an end opens the window.
    ended: bool,
    /// A request to take back waited last frame: a new one opens the window.
    take_back: bool,
    /// Issue 35: the approvals last kept beside the game, to resume with.
    kept: Option<[bool; 2]>,
}

/// The share window's state; the chosen address is remembered by the app.
#[derive(Default)]
pub struct SharePanel {
    pub open: bool,
    /// The address last chosen (the app keeps it in its settings).
    pub remembered: Option<Ipv4Addr>,
    /// Issue 35: the port last shared on, kept with the address: a fresh
    /// share tries it first, so old links reach a page that explains itself.
    pub remembered_port: Option<u16>,
    addresses: Vec<net::Address>,
    running: Option<Running>,
    error: Option<String>,
    /// Issue 35: the share kept beside the game last looked at, by game
    /// file (read once, not every frame).
    resumable: Option<(PathBuf, Option<resume::Saved>)>,
    /// Issue 34: what stopping a share from this window did (an ended
    /// game entering the records), said by the view at the next frame.
    unshown: Happened,
}

impl SharePanel {
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// The three links while sharing.
    pub fn links(&self) -> Option<&crate::server::Links> {
        self.running.as_ref().map(|r| r.share.links())
    }

    fn refresh_addresses(&mut self) {
        self.addresses = net::ipv4_addresses();
        let known = |ip| self.addresses.iter().any(|a| a.ip == ip);
        if !self.remembered.is_some_and(known) {
            self.remembered = net::default_ipv4();
        }
    }

    /// Start sharing the game on `ip` (port 0: any free port); `waker`
    /// is repainted on every phone's request.
    pub fn start(&mut self, host: &mut Host, ip: Ipv4Addr, l: Lang, waker: Option<egui::Context>) {
        self.launch(host, None, ip, l, waker);
    }

    /// Issue 35: the share kept beside the open game, if there is one to
    /// resume (same port, links and approvals).
    pub fn resumable(&mut self, host: &Host) -> Option<&resume::Saved> {
        let path = host.path()?.to_path_buf();
        if self.resumable.as_ref().is_none_or(|(p, _)| *p != path) {
            let saved = resume::load(&path);
            self.resumable = Some((path, saved));
        }
        self.resumable.as_ref().and_then(|(_, s)| s.as_ref())
    }

    /// Issue 35: share again as the game was last shared: the phones'
    /// links work again and the seats allowed play without asking.
    pub fn resume(&mut self, host: &mut Host, l: Lang, waker: Option<egui::Context>) {
        let Some(saved) = self.resumable(host).cloned() else {
            return;
        };
        let ip = match saved.addr.ip() {
            IpAddr::V4(ip) => ip,
            IpAddr::V6(_) => Ipv4Addr::LOCALHOST,
        };
        self.launch(host, Some(saved), ip, l, waker);
    }

    fn launch(
        &mut self,
        host: &mut Host,
        saved: Option<resume::Saved>,
        ip: Ipv4Addr,
        l: Lang,
        waker: Option<egui::Context>,
    ) {
        let stopped = self.stop(Some(&mut *host));
        self.unshown.merge(stopped);
        // Issue 35: new links on the last port when it is free, so that
        // the old pages hear "this link no longer works" rather than
        // nothing.
        let last = self
            .resumable(host)
            .filter(|k| k.addr.ip() == IpAddr::V4(ip))
            .map(|k| k.addr.port())
            .or(self.remembered_port.filter(|_| self.remembered == Some(ip)))
            .unwrap_or(0);
        let mut seats = Seats::new(host);
        if let Some(s) = &saved {
            seats.restore(s.allowed);
        }
        let started = match &saved {
            Some(s) => Share::resume(s, seats.state(host, None, 1), l),
            None => Share::start(
                SocketAddr::new(IpAddr::V4(ip), last),
                seats.state(host, None, 1),
                l,
            )
            .or_else(|_| {
                Share::start(
                    SocketAddr::new(IpAddr::V4(ip), 0),
                    seats.state(host, None, 1),
                    l,
                )
            }),
        };
        self.resumable = None;
        match started {
            Ok(share) => {
                // The address and port the app keeps for the next start.
                (self.remembered, self.remembered_port) = (Some(ip), Some(share.addr().port()));
                if let Some(ctx) = waker {
                    share.set_waker(move || ctx.request_repaint());
                }
                let qr = Seat::ALL
                    .iter()
                    .map(|s| qr::Modules::of(share.links().get(*s)))
                    .collect();
                self.error = None;
                self.running = Some(Running {
                    share,
                    seats,
                    qr,
                    published: fingerprint(host),
                    asked: Vec::new(),
                    ended: host.state().ended.is_some(),
                    take_back: false,
                    kept: None,
                });
                self.keep(host);
            }
            Err(e) => {
                // Made just now: it held nothing that the records lack.
                let _ = seats.close(host);
                self.error = Some(match saved {
                    Some(_) => format!(
                        "{e} — {}",
                        l.pick(
                            "comparte con enlaces nuevos",
                            "share with new links instead"
                        )
                    ),
                    None => e.to_string(),
                });
            }
        }
    }

    /// Issue 35: keep the share beside the game (its port, tokens and
    /// approvals) whenever the approvals change, to resume it later.
    fn keep(&mut self, host: &Host) {
        let (Some(r), Some(path)) = (self.running.as_mut(), host.path()) else {
            return;
        };
        // A refused seat's link stays dead: nothing kept would bring it back.
        if [Seat::A, Seat::B]
            .into_iter()
            .any(|s| r.seats.may(s) == crate::server::May::Refused)
        {
            if r.kept.is_some() {
                resume::forget(path);
                r.kept = None;
            }
            return;
        }
        let allowed = r.seats.allowed();
        if r.kept == Some(allowed) {
            return;
        }
        r.kept = Some(allowed);
        if let Err(e) = resume::save(path, &r.share.saved(allowed)) {
            self.error = Some(e.to_string());
        }
    }

    /// Stop sharing: the links die; an ended game no longer waits for the
    /// phones' confirmation (`host`: the game, if still open), and what
    /// its records did is returned.
    pub fn stop(&mut self, host: Option<&mut Host>) -> Happened {
        self.resumable = None;
        let mut happened = Happened::default();
        if let Some(r) = self.running.take() {
            if let Some(h) = host {
                happened = r.seats.close(h);
            }
            r.share.stop();
        }
        happened
    }

    /// Issue 34: the laptop's own change did `h`: both phones are told.
    pub fn tell(&mut self, h: &Happened) {
        if let Some(r) = self.running.as_mut() {
            r.seats.tell(h);
        }
    }

    /// The index of the state published last, while sharing.
    pub fn index(&self) -> Option<u64> {
        self.running.as_ref().map(|r| r.share.index())
    }

    /// Seats asking to play now.
    pub fn asking(&self) -> Vec<Seat> {
        self.running
            .as_ref()
            .map(|r| r.seats.asking())
            .unwrap_or_default()
    }

    /// Whether a seat's phone has the page open now.
    pub fn connected(&self, seat: Seat) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| r.share.connected(seat) > 0)
    }

    /// The laptop answers an asking seat: its waiting requests are
    /// answered now (allowed) or refused, its token then dead. What the
    /// requests answered did (issue 34).
    pub fn answer(&mut self, seat: Seat, allow: bool, host: &mut Host) -> Happened {
        let mut happened = Happened::default();
        let Some(r) = self.running.as_mut() else {
            return happened;
        };
        if allow {
            for done in r.seats.allow(seat, host, &r.share) {
                happened.merge(done.happened);
            }
        } else {
            r.seats.refuse(seat, &r.share);
        }
        r.published = fingerprint(host);
        happened
    }

    /// Issue 33: what waits for one seat (a roll's dice or choices, a
    /// proposal), in words.
    pub fn waiting_text(&self, host: &Host, l: Lang) -> Option<String> {
        let r = self.running.as_ref()?;
        r.seats.waiting(host).map(|w| w.text(host, l))
    }

    /// The laptop decides what waits for a seat: applies it or drops it;
    /// what applying it did.
    pub fn decide(&mut self, apply: bool, host: &mut Host) -> Result<Happened, GameError> {
        let Some(r) = self.running.as_mut() else {
            return Ok(Happened::default());
        };
        let done = r.seats.decide(apply, host, &r.share);
        r.published = fingerprint(host);
        done
    }

    /// The laptop confirms the ended game for both players: it enters the
    /// records now; what they did.
    pub fn confirm_for_both(&mut self, host: &mut Host) -> Happened {
        let Some(r) = self.running.as_mut() else {
            return Happened::default();
        };
        let happened = r.seats.confirm_for_both(host, &r.share);
        r.published = fingerprint(host);
        happened
    }

    /// Issue 33: the laptop undoes while sharing (both phones are told);
    /// `None` when not sharing (the caller undoes as ever).
    pub fn laptop_undo(
        &mut self,
        host: &mut Host,
        withdraw: bool,
    ) -> Option<Result<Option<Happened>, GameError>> {
        let r = self.running.as_mut()?;
        let out = r.seats.laptop_undo(host, &r.share, withdraw);
        r.published = fingerprint(host);
        Some(out)
    }

    /// A phone's request to take back the last action, waiting (issue 33).
    pub fn take_back_request(&self, host: &Host, l: Lang) -> Option<String> {
        self.running
            .as_ref()
            .and_then(|r| r.seats.take_back_request(host, l))
    }

    /// The laptop allows or refuses the waiting request to take back;
    /// what taking it back did.
    pub fn answer_take_back(
        &mut self,
        host: &mut Host,
        allow: bool,
    ) -> Result<Happened, GameError> {
        let Some(r) = self.running.as_mut() else {
            return Ok(Happened::default());
        };
        let out = r.seats.answer_as_laptop(host, &r.share, allow);
        r.published = fingerprint(host);
        out
    }

    /// Once a frame: answer the phones' requests (their changes are
    /// published by the seats), then publish a change made here, and the
    /// phones' connections. `open` when a seat began to ask or the game
    /// ended (the window opens); `happened`: what the phones' changes did
    /// (issue 34: told at once, not at the laptop's next change).
    pub fn sync(&mut self, game: Option<&mut Host>) -> Synced {
        let mut happened = std::mem::take(&mut self.unshown);
        let Some(r) = self.running.as_mut() else {
            return Synced {
                open: false,
                happened,
            };
        };
        let Some(host) = game else {
            // The game closed (and told what its records did): so does
            // the table.
            let _ = self.stop(None);
            return Synced::default();
        };
        for req in r.share.take_requests() {
            if let Some(done) = r.seats.handle(host, &r.share, req) {
                happened.merge(done.happened);
            }
            r.published = fingerprint(host);
        }
        let now = fingerprint(host);
        if now != r.published {
            r.seats.publish(host, &r.share);
            r.published = now;
        } else {
            // A page connected or left: the pages' dots follow.
            r.seats.refresh(host, &r.share);
        }
        let asking = r.seats.asking();
        let ended = host.state().ended.is_some();
        let wants = r.seats.take_back_request(host, Lang::En).is_some();
        let open = asking.iter().any(|s| !r.asked.contains(s))
            || (ended && !r.ended)
            || (wants && !r.take_back);
        r.take_back = wants;
        r.asked = asking;
        r.ended = ended;
        self.keep(host);
        Synced { open, happened }
    }
}

/// What a frame's [`SharePanel::sync`] found.
#[derive(Default)]
pub struct Synced {
    /// A seat began to ask or the game ended: the window opens.
    pub open: bool,
    /// What the phones' changes did.
    pub happened: Happened,
}

impl GameView {
    /// Called once a frame: answer the phones, publish a change, stop
    /// with the game; a seat asking to play or the game's end opens the
    /// window.
    pub(super) fn share_sync(&mut self) {
        let synced = self.share.sync(self.game.as_mut());
        if synced.open {
            self.share.open = true;
        }
        self.show(&synced.happened);
    }

    /// Stop sharing before the open game is closed or replaced (the
    /// seats hand an ended game to the records, and what they did is
    /// said).
    pub(super) fn share_stop(&mut self) {
        let happened = self.share.stop(self.game.as_mut());
        self.show(&happened);
    }
}

#[cfg(test)]
#[allow(clippy::disallowed_methods)] // native tests: threads and timers
mod tests {
    use std::net::Ipv4Addr;

    use egui_kittest::kittest::Queryable as _;

    use super::super::test_kit::*;
    use super::phone_kit::{frames_until, phone_posts};
    use crate::core::text::Lang;

    /// Issue 26: a phone's first action asks the laptop ("Ana's phone
    /// wants to play …"); allowed, it applies; the next one shows in the
    /// Game view without a click.
    #[test]
    fn a_phones_action_should_show_in_the_game_view_without_a_click() {
        let mut h = harness(app(new_game(), Lang::En));
        h.run();
        {
            let v = &mut h.state_mut().game;
            let host = v.game.as_mut().expect("a game");
            v.share.start(host, Ipv4Addr::LOCALHOST, Lang::En, None);
        }
        let link = h.state().game.share.links().expect("sharing").a.clone();
        h.run();
        // The header says which phones are connected: none yet.
        assert!(h.query_by_label_contains("📱 A○ B○").is_some());
        // R39: seat A rolls the dark forces (a 4: nothing happens).
        let first = phone_posts(
            &link,
            "act",
            r#"{"index": 1, "action": {"action": "start_turn", "dark_forces": [4]}}"#.into(),
        );
        frames_until(&mut h, |h| {
            h.query_by_label_contains("phone wants to play").is_some()
        });
        assert_eq!(
            game(&h).state().turn,
            0,
            "nothing applies before the laptop allows"
        );
        assert!(
            h.query_by_label_contains("Ana's phone wants to play Guardia")
                .is_some()
        );
        h.get_by_label("Allow").click();
        h.run();
        assert!(
            !h.state().game.share.open,
            "issue 35: the window closes after Allow"
        );
        let (status, reply) = first.join().expect("the phone's thread");
        assert_eq!(status, 200, "{reply}");
        assert_eq!(game(&h).state().turn, 1);

        // R09: seat A passes the change of rounds; the laptop only draws.
        let n = game(&h).actions().len();
        let index = h.state().game.share.index().expect("sharing");
        let second = phone_posts(
            &link,
            "act",
            format!(
                r#"{{"index": {index}, "action": {{"action": "end_change_round", "side": "a"}}}}"#
            ),
        );
        frames_until(&mut h, |h| game(h).actions().len() > n);
        let (status, reply) = second.join().expect("the phone's thread");
        assert_eq!(status, 200, "{reply}");
        let last = game(&h)
            .log()
            .last()
            .expect("an entry")
            .describe(Lang::En)
            .to_string();
        assert!(
            h.query_by_label_contains(&format!("Last: {last}"))
                .is_some(),
            "the header tells the phone's action: {last}"
        );
        h.state_mut().game.share_stop();
    }

    /// Issue 33: a phone's request to take back shows in the share
    /// window with Allow / Refuse, like the phones' leave; allowed here, it
    /// is taken back by the laptop's leave.
    #[test]
    fn a_phones_request_to_take_back_should_be_answered_from_the_game_view() {
        let mut h = harness(app(game_under_way(), Lang::En));
        h.run();
        {
            let v = &mut h.state_mut().game;
            let host = v.game.as_mut().expect("a game");
            v.share.start(host, Ipv4Addr::LOCALHOST, Lang::En, None);
        }
        let link = h.state().game.share.links().expect("sharing").b.clone();
        h.run();
        let n = game(&h).actions().len();
        // Bea asks to take back Ana's scenario points: first the laptop
        // lets her phone play, then her request waits for an answer.
        let ask = phone_posts(&link, "undo", r#"{"index": 1}"#.into());
        frames_until(&mut h, |h| {
            h.query_by_label_contains("phone wants to play").is_some()
        });
        h.get_by_label("Allow").click();
        h.run();
        let (status, reply) = ask.join().expect("the phone's thread");
        assert_eq!(status, 202, "{reply}");
        frames_until(&mut h, |h| {
            h.query_by_label_contains("Bea wants to take back: ")
                .is_some()
        });
        assert_eq!(game(&h).actions().len(), n, "nothing undone yet");
        h.get_by_label("Allow").click();
        h.run();
        assert_eq!(game(&h).actions().len(), n - 1);
        assert_eq!(
            game(&h).undone().last().and_then(|u| u.leave),
            Some(crate::core::game::Leave {
                asked: crate::core::game::By::B,
                allowed: crate::core::game::By::Laptop,
            })
        );
        assert!(h.query_by_label_contains("wants to take back").is_none());
        h.state_mut().game.share_stop();
    }

    /// Issue 26: a phone the laptop refuses gets 403, nothing applies, and
    /// its link dies.
    #[test]
    fn a_refused_phone_should_get_403_and_its_link_should_die() {
        let mut h = harness(app(new_game(), Lang::Es));
        h.run();
        {
            let v = &mut h.state_mut().game;
            let host = v.game.as_mut().expect("a game");
            v.share.start(host, Ipv4Addr::LOCALHOST, Lang::Es, None);
        }
        let link = h.state().game.share.links().expect("sharing").b.clone();
        let body = r#"{"index": 1, "action": {"action": "start_turn"}}"#;
        let ask = phone_posts(&link, "act", body.into());
        frames_until(&mut h, |h| {
            h.query_by_label_contains("quiere jugar con").is_some()
        });
        assert!(
            h.query_by_label_contains("El teléfono de Bea quiere jugar con Jauría")
                .is_some()
        );
        h.get_by_label("Rechazar").click();
        h.run();
        let (status, reply) = ask.join().expect("the phone's thread");
        assert_eq!(status, 403, "{reply}");
        assert_eq!(game(&h).state().turn, 0, "nothing applied");
        assert!(h.query_by_label_contains("quiere jugar con").is_none());
        let (status, _) = phone_posts(&link, "act", body.into())
            .join()
            .expect("the phone's thread");
        assert_eq!(status, 404, "a refused link is dead");
        h.state_mut().game.share_stop();
    }
}
