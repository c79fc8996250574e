//! Issue 38: each seat's after-game step on its own warband's campaign,
//! drafted by the core (`campaign::after`) once the game is over and sent
//! in that seat's state; the seat's `POST after` confirms it up to the
//! mark "after game N" (the campaign's lock held while it is written).

use serde::Serialize;
use serde_json::Value;

use super::{err, slot};
use crate::core::campaign::after::{self, SideAfter};
use crate::core::campaign::host::CampaignError;
use crate::core::game::{Host, Side};
use crate::core::text::Lang;

/// Each seat's confirmed step in words, or why it failed; and the steps
/// last drafted, kept until the game or a confirmation changes (the state
/// is asked for on every frame of the app, the draft reads the campaign).
#[derive(Debug, Default)]
pub struct Confirmed {
    done: [Option<Result<Vec<String>, String>>; 2],
    kept: std::sync::Mutex<Option<(Key, [Option<AfterSeat>; 2])>>,
}

type Key = (String, usize, [Option<Result<Vec<String>, String>>; 2]);

/// A seat's after-game step: the core's draft, and once confirmed what
/// was written (or why not).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AfterSeat {
    #[serde(flatten)]
    pub draft: SideAfter,
    /// The steps written, in words, once the seat confirmed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub done: Option<Vec<String>>,
    /// Why confirming failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failed: Option<String>,
}

/// Where a campaign is looked for when the path its game names is gone:
/// the `campaigns/` folder beside the game's `games/` folder.
fn campaigns_of(host: &Host) -> std::path::PathBuf {
    host.path()
        .and_then(|p| p.parent())
        .and_then(|p| p.parent())
        .map_or_else(|| "campaigns".into(), |p| p.join("campaigns"))
}

/// Each seat's step once the game is over (none for a warband without a
/// campaign).
pub fn views(host: &Host, c: &Confirmed) -> [Option<AfterSeat>; 2] {
    let setup = host.setup();
    let none = setup.campaigns.a.is_none() && setup.campaigns.b.is_none();
    if none || host.state().ended.is_none() {
        return [None, None];
    }
    let key = (setup.game_id(), host.actions().len(), c.done.clone());
    let Ok(mut kept) = c.kept.lock() else {
        return drafted(host, &c.done);
    };
    match &*kept {
        Some((k, v)) if *k == key => v.clone(),
        _ => {
            let v = drafted(host, &c.done);
            *kept = Some((key, v.clone()));
            v
        }
    }
}

fn drafted(host: &Host, done: &[Option<Result<Vec<String>, String>>; 2]) -> [Option<AfterSeat>; 2] {
    let mut out = [None, None];
    for d in after::after_games(host, host.rules(), &campaigns_of(host)) {
        let Some(i) = slot(d.side) else { continue };
        let (done, failed) = match &done[i] {
            Some(Ok(w)) => (Some(w.clone()), None),
            Some(Err(e)) => (None, Some(e.clone())),
            None => (None, None),
        };
        out[i] = Some(AfterSeat {
            draft: d,
            done,
            failed,
        });
    }
    out
}

/// The seat confirms its warband's step: 422 while the game goes on or
/// when the campaign refuses (the words in the seat's language).
pub fn confirm(
    c: &mut Confirmed,
    host: &mut Host,
    side: Side,
    l: Lang,
) -> Result<(), (bool, u16, Value)> {
    ended(host, l)?;
    let Some(i) = slot(side) else {
        return Err((false, 403, Value::Null));
    };
    match after::confirm_side(host, side, host.rules(), &campaigns_of(host), l) {
        Ok(words) => {
            c.done[i] = Some(Ok(words));
            Ok(())
        }
        Err(e) => {
            let words = match e {
                CampaignError::Refused(r) => r.0.get(l).to_string(),
                e => e.to_string(),
            };
            c.done[i] = Some(Err(words.clone()));
            let (s, b) = err(422, words);
            Err((false, s, b))
        }
    }
}

/// A confirmation (the result's, or the after-game step's) waits for the
/// game's end: before it, a 422 in the seat's language.
pub(super) fn ended(host: &Host, l: Lang) -> Result<(), (bool, u16, Value)> {
    if host.state().ended.is_none() {
        let (s, b) = err(
            422,
            l.pick("la partida no ha terminado", "the game has not ended")
                .into(),
        );
        return Err((false, s, b));
    }
    Ok(())
}
