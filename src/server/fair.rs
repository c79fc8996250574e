//! Issue 33, the owner's side of fair play: a phone's action is asked of
//! the core ([`Game::ask`](crate::core::game::Game::ask)), which refuses a
//! field the seat does not own (403, the sentence naming whose choice it
//! is; nothing applied), applies what is the seat's alone, or keeps a
//! roll waiting for the other seat's dice or choices; that seat's next
//! `act` of the same action completes it. The laptop never comes here.

use serde_json::{Value, json};

use crate::core::game::rights::{Asked, Refused, Waiting};
use serde::Serialize;

use crate::core::game::{Action, Game, GameError, Happened, Host, ModelRef, Side, SideDice};
use crate::core::text::Lang;

/// What a seat's action came to.
pub(super) enum Acted {
    /// Applied to the game.
    Applied,
    /// It waits for the other seat (nothing applied yet).
    Waits,
}

/// A refusal as `Seats` answers it: applied (only the save failed),
/// status, body.
pub(super) type Failed = (bool, u16, Value);

fn rules(e: &GameError, l: Lang) -> Failed {
    let (status, body) = refusal(e, l);
    (e.is_applied(), status, body)
}

/// The rules refuse: 422 with the sentence and its rule id (what exit 1
/// is for `game act`). Issue 32: an action not saved (applied in memory,
/// or refused since the file changed under the laptop) is never a plain
/// refusal nor a 200: 507 with the words, `"saved": false`.
pub(super) fn refusal(e: &GameError, l: Lang) -> (u16, Value) {
    use crate::core::game::Refusal;
    if matches!(
        *e.refusal,
        Refusal::SaveFailed { .. } | Refusal::FileChanged { .. } | Refusal::WritingStopped { .. }
    ) {
        return (
            507,
            json!({ "error": e.message(l), "saved": false, "applied": e.is_applied() }),
        );
    }
    (422, json!({ "error": e.message(l), "rule": e.rule }))
}

fn refused(host: &Host, r: &Refused, l: Lang) -> Failed {
    match r {
        Refused::Denied(d) => (false, 403, json!({ "error": d.message(host, l) })),
        Refused::Rules(e) => {
            let (_, s, b) = rules(e, l);
            (false, s, b)
        }
    }
}

/// The host's change, what it did added to `happened` (issue 34; an
/// action applied whose save failed did it too).
fn acted(host: &mut Host, a: Action, happened: &mut Happened, l: Lang) -> Result<(), Failed> {
    match host.act(a) {
        Ok(h) => {
            happened.merge(h);
            Ok(())
        }
        Err(e) => {
            if let Some(h) = e.happened() {
                happened.merge(h.clone());
            }
            Err(rules(&e, l))
        }
    }
}

/// Answer `side`'s action against the roll `waiting` (dropped once the
/// game moved on, or once completed); what an applied action did goes to
/// `happened`.
pub(super) fn act(
    waiting: &mut Option<Waiting>,
    host: &mut Host,
    side: Side,
    action: &Action,
    dice: &[SideDice],
    l: Lang,
    happened: &mut Happened,
) -> Result<Acted, Failed> {
    if waiting.as_ref().is_some_and(|w| !w.is_current(host)) {
        *waiting = None;
    }
    // The seat it waits for answers it with the same action.
    if let Some(w) = waiting.as_ref()
        && w.from == side
        && w.action.id() == action.id()
    {
        let full = host
            .complete(w, side, action, dice)
            .map_err(|r| refused(host, &r, l))?;
        acted(host, full, happened, l)?;
        *waiting = None;
        return Ok(Acted::Applied);
    }
    match host
        .ask(side, action, dice)
        .map_err(|r| refused(host, &r, l))?
    {
        Asked::Apply(a) => {
            acted(host, a, happened, l)?;
            *waiting = None;
            Ok(Acted::Applied)
        }
        Asked::Wait(w) => {
            // The rules judge the action now, before the other seat is
            // asked for anything.
            host.price(&w.action).map_err(|e| rules(&e, l))?;
            *waiting = Some(w);
            Ok(Acted::Waits)
        }
    }
}

/// The roll waiting for a seat, in words, for every page: who asked, whom
/// it waits for, what for, the action to answer and the dice that seat
/// types.
pub(super) fn waiting_json(host: &Game, w: &Waiting, l: Lang) -> WaitingJson {
    WaitingJson {
        by: w.by,
        from: w.from,
        text: w.text(host, l),
        rolls: w.action.rolls_dice(),
        action: w.action.clone(),
        dice: w
            .slots_of(host)
            .iter()
            .map(|s| WaitingDie {
                model: s.model,
                label: s.model.map(|m| host.state().name(m)).unwrap_or_default(),
                d3: s.d3(),
            })
            .collect(),
        weapons: weapons(host, w, l),
        // A fact that harms the asked seat's models: it may refuse it.
        proposal: w.needs.iter().any(|f| f.harms()),
    }
}

/// The roll waiting for a seat, as every page receives it.
#[derive(Clone, Debug, Serialize)]
pub struct WaitingJson {
    pub by: Side,
    pub from: Side,
    pub text: String,
    pub action: Action,
    /// Issue 34: the action rolls dice (the page offers Roll and Type the
    /// dice; it keeps no list of such actions).
    pub rolls: bool,
    pub dice: Vec<WaitingDie>,
    /// R23, issue 33: the weapons the asked seat picks from, one tap each.
    pub weapons: Vec<WeaponAnswer>,
    /// A fact that harms the asked seat's models: it may refuse it.
    pub proposal: bool,
}

/// One weapon the asked seat may answer with, and the action that answers.
#[derive(Clone, Debug, Serialize)]
pub struct WeaponAnswer {
    pub label: String,
    pub action: Action,
}

/// One set of dice the waited-for seat types.
#[derive(Clone, Debug, Serialize)]
pub struct WaitingDie {
    pub model: Option<ModelRef>,
    pub label: String,
    pub d3: u32,
}

/// R23, issue 33: where the roll waits only for the other seat's weapon
/// (no dice typed), each weapon as the one tap that answers it ("Roll").
fn weapons(host: &Game, w: &Waiting, l: Lang) -> Vec<WeaponAnswer> {
    use crate::core::game::rights::Field;
    use crate::core::game::{DeclKey, DeclKind, Declared};
    let only_weapons = w.needs.iter().all(|f| matches!(f, Field::Weapon { .. }));
    if !only_weapons || w.dice.iter().any(Option::is_some) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for d in host.declarations(&w.action) {
        let (DeclKey::Weapon(m), DeclKind::Pick { choices, .. }) = (&d.key, &d.kind) else {
            continue;
        };
        if m.side != w.from {
            continue;
        }
        for c in choices {
            if let Some(a) = host.declare(&w.action, &d.key, Declared::Picks(vec![c.id.clone()])) {
                out.push(WeaponAnswer {
                    label: c.label.get(l).to_string(),
                    action: a,
                });
            }
        }
    }
    out
}
