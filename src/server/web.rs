//! The web build's `Share` (issue 37): a browser tab cannot listen for
//! phones, so this `Share` has no value and its start says where sharing
//! lives (the desktop app, `impia game serve`). The app's code is the same
//! on both targets; the methods below can never be reached.

use std::net::SocketAddr;
use std::time::Duration;

use super::{Links, Request, Seat, ServeError, State, resume};
use crate::core::text::Lang;

/// No share can run in a page: a type with no value.
pub enum Share {}

impl Share {
    pub fn start(_bind: SocketAddr, _first: State, _lang: Lang) -> Result<Share, ServeError> {
        Err(ServeError::NotInBrowser)
    }

    pub fn resume(_saved: &resume::Saved, _first: State, _lang: Lang) -> Result<Share, ServeError> {
        Err(ServeError::NotInBrowser)
    }

    pub fn saved(&self, _allowed: [bool; 2]) -> resume::Saved {
        match *self {}
    }

    pub fn addr(&self) -> SocketAddr {
        match *self {}
    }

    pub fn links(&self) -> &Links {
        match *self {}
    }

    pub fn publish(&self, _state: State) {
        match *self {}
    }

    pub fn index(&self) -> u64 {
        match *self {}
    }

    pub fn take_requests(&self) -> Vec<Request> {
        match *self {}
    }

    pub fn next_request(&self, _timeout: Duration) -> Option<Request> {
        match *self {}
    }

    pub fn set_waker(&self, _f: impl Fn() + Send + Sync + 'static) {
        match *self {}
    }

    pub fn connected(&self, _seat: Seat) -> usize {
        match *self {}
    }

    pub fn revoke(&self, _seat: Seat) {
        match *self {}
    }

    pub fn is_revoked(&self, _seat: Seat) -> bool {
        match *self {}
    }

    pub fn stop(self) {
        match self {}
    }
}
