//! Who may hold a connection (issue 32): anyone on the network, with no
//! link, must not keep the phones out.
//!
//! A connection is *head-less* from its accept until its request head is
//! read: that is all a client without a link can hold (an unknown token is
//! answered at once, and each connection carries one request). Head-less
//! connections are few per client address ([`MAX_PER_CLIENT`]) and in all
//! ([`MAX_HEADLESS`]), and live at most [`HEAD_TIMEOUT`]; when a new one
//! comes and there is no room, the *oldest* head-less one is closed (the
//! same address's first), never the new one. A phone sends its head as
//! soon as it connects, so it is never the oldest for long, even when it
//! shares its address with the flood (every test client is 127.0.0.1).
//! Once its head names a seat's token, a connection is bounded by that
//! seat: its waiting requests ([`super::http::MAX_WAITING`]) and its event
//! streams ([`MAX_STREAMS_PER_SEAT`], the oldest closed for a new one).

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::Notify;

/// Head-less connections one client address may hold.
pub const MAX_PER_CLIENT: usize = 16;
/// Head-less connections in all.
pub const MAX_HEADLESS: usize = 64;
/// Open connections at most, of every kind (the file descriptors spent).
pub const MAX_CONNECTIONS: usize = 256;
/// A connection whose request head has not come by then is closed.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(5);
/// A request body that has not all come by then gets 408.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(5);
/// Open event streams of one seat (its token): a new one closes the oldest,
/// so a reloaded page always gets its stream. Three seats: 24 in all.
pub const MAX_STREAMS_PER_SEAT: usize = 8;

#[derive(Default)]
struct Inner {
    next: u64,
    open: usize,
    /// The head-less connections, oldest first (ids grow).
    headless: BTreeMap<u64, (IpAddr, Arc<Notify>)>,
}

/// The server's connections, as counted for admission.
#[derive(Default)]
pub(super) struct Doors {
    inner: Mutex<Inner>,
}

/// One admitted connection; dropped when it closes.
pub(super) struct Ticket {
    doors: Arc<Doors>,
    id: u64,
    started: AtomicBool,
    /// Notified when the connection is closed to make room.
    pub kicked: Arc<Notify>,
}

impl Doors {
    /// Admit a connection from `ip`, closing the oldest head-less one when
    /// there is no room; `None` when every connection is busy with a
    /// request (the new one is closed).
    pub fn admit(self: &Arc<Self>, ip: IpAddr) -> Option<Ticket> {
        let Ok(mut d) = self.inner.lock() else {
            return None;
        };
        let mine = d.headless.values().filter(|(a, _)| *a == ip).count();
        let evict = if mine >= MAX_PER_CLIENT {
            d.headless
                .iter()
                .find(|(_, (a, _))| *a == ip)
                .map(|(id, _)| *id)
        } else if d.headless.len() >= MAX_HEADLESS || d.open >= MAX_CONNECTIONS {
            d.headless.keys().next().copied()
        } else {
            None
        };
        if let Some(id) = evict
            && let Some((_, n)) = d.headless.remove(&id)
        {
            // Its task closes it; its ticket's drop counts it out.
            n.notify_one();
        } else if d.open >= MAX_CONNECTIONS {
            return None;
        }
        let id = d.next;
        d.next += 1;
        d.open += 1;
        let kicked = Arc::new(Notify::new());
        d.headless.insert(id, (ip, kicked.clone()));
        Some(Ticket {
            doors: self.clone(),
            id,
            started: AtomicBool::new(false),
            kicked,
        })
    }
}

impl Ticket {
    /// Its request head came: no longer head-less, never closed to make room.
    pub fn started(&self) {
        self.started.store(true, Ordering::SeqCst);
        if let Ok(mut d) = self.doors.inner.lock() {
            d.headless.remove(&self.id);
        }
    }

    pub fn is_started(&self) -> bool {
        self.started.load(Ordering::SeqCst)
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        if let Ok(mut d) = self.doors.inner.lock() {
            d.headless.remove(&self.id);
            d.open = d.open.saturating_sub(1);
        }
    }
}

/// The open event streams of one seat, oldest first, each with the signal
/// that ends it.
#[derive(Default)]
pub(super) struct Streams {
    next: u64,
    open: [Vec<(u64, Arc<Notify>)>; 3],
}

impl Streams {
    /// A new stream of seat `slot`: its id and end signal; the seat's
    /// oldest stream is ended when it already has its share.
    pub fn open(&mut self, slot: usize) -> (u64, Arc<Notify>) {
        let list = &mut self.open[slot];
        if list.len() >= MAX_STREAMS_PER_SEAT {
            let (_, n) = list.remove(0);
            n.notify_one();
        }
        let id = self.next;
        self.next += 1;
        let n = Arc::new(Notify::new());
        list.push((id, n.clone()));
        (id, n)
    }

    pub fn close(&mut self, slot: usize, id: u64) {
        self.open[slot].retain(|(i, _)| *i != id);
    }
}
