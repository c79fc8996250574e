//! Issue 38: one warband's after-game screen, drafted here for every
//! client (the app, the phones): the game's step drafted from its log, the
//! default steps it opens (experience to those who took part, a roll for
//! each model that went Down with the exact chance of every row, the
//! income) and the mark "after game N"; confirming takes them all.

use std::path::Path;

use serde::Serialize;

use super::host::{self, CampaignError, CampaignHost};
use super::offers::{Offer, from_game, offers, take_defaults};
use super::warband::campaign_file;
use super::{Campaign, CampaignPack, Refused, Step, refused, view};
use crate::error::DataError;
use crate::game::played::WarbandGame;
use crate::game::played::played;
use crate::game::{CampaignVersion, Game, Side};
use crate::tables::RuleSet;
use crate::text::{Lang, Text};

/// What confirming will do, each step as its offer (words and odds).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AfterGame {
    /// "house rules — not in the rules summary".
    pub label: Text,
    pub warband: String,
    /// The game's number in the campaign: the mark says "after game N".
    pub game: u32,
    pub vp: i32,
    /// `win`, `draw` or `loss`.
    pub result: String,
    /// The default steps in the order they are taken; a roll's offer holds
    /// the chance of every row.
    pub steps: Vec<Offer>,
    /// Why it cannot be confirmed: this game is recorded already, another
    /// game's sequence is open, the warband is not the campaign's.
    pub refused: Option<Text>,
    /// This game is in the campaign already (confirmed before).
    pub recorded: bool,
}

fn recorded(c: &Campaign, game_id: &str) -> bool {
    number_of(c, game_id).is_some()
}

/// The game's number in the campaign, when it is recorded there.
fn number_of(c: &Campaign, game_id: &str) -> Option<u32> {
    let games = c.log.iter().filter(|s| matches!(s, Step::Game { .. }));
    let at = games
        .clone()
        .position(|s| matches!(s, Step::Game { id, .. } if id == game_id))?;
    u32::try_from(at + 1).ok()
}

/// The draft of `wg`'s after-game sequence on campaign `c`.
pub fn draft(
    c: &Campaign,
    pack: &CampaignPack,
    rules: &RuleSet,
    game_id: &str,
    wg: &WarbandGame,
) -> AfterGame {
    let mut out = AfterGame {
        label: pack.label.clone(),
        warband: c.state.name.clone(),
        game: c.state.games + 1,
        vp: wg.vp,
        result: wg.result.clone(),
        steps: Vec::new(),
        refused: None,
        recorded: recorded(c, game_id),
    };
    if let Some(n) = number_of(c, game_id) {
        out.game = n;
        out.refused = Some(Text::new(
            "esta partida ya está en la campaña",
            "this game is in the campaign already",
        ));
        return out;
    }
    let mut after = c.clone();
    let game = match from_game(&c.state, game_id, wg) {
        Ok(s) => s,
        Err(Refused(why)) => {
            out.refused = Some(why);
            return out;
        }
    };
    if let Err(Refused(why)) = after.act(game, pack, rules) {
        out.refused = Some(why);
        return out;
    }
    out.steps = offers(&after, pack, rules)
        .into_iter()
        .filter(|o| o.default && o.refused.is_none())
        .collect();
    out
}

/// The steps confirming takes, on a copy of the campaign: the game's step,
/// every default (its dice rolled with the campaign's dice) and the mark.
pub fn steps(
    c: &Campaign,
    pack: &CampaignPack,
    rules: &RuleSet,
    game_id: &str,
    wg: &WarbandGame,
) -> Result<Vec<Step>, Refused> {
    if recorded(c, game_id) {
        return Err(refused(
            "esta partida ya está en la campaña",
            "this game is in the campaign already",
        ));
    }
    let mut after = c.clone();
    let game = from_game(&c.state, game_id, wg)?;
    after.act(game.clone(), pack, rules)?;
    let mut out = vec![game];
    out.extend(take_defaults(&mut after, pack, rules)?);
    let mark = super::offers::take(&after, pack, rules, "mark", None)?;
    after.act(mark.clone(), pack, rules)?;
    out.push(mark);
    Ok(out)
}

/// Confirm the after-game sequence: each step saved as it is taken (a
/// refusal keeps those before it, which the campaign's undo takes back);
/// the steps taken in words.
pub fn confirm(
    h: &mut CampaignHost,
    rules: &RuleSet,
    game_id: &str,
    wg: &WarbandGame,
    l: Lang,
) -> Result<Vec<String>, CampaignError> {
    let todo = steps(&h.campaign, &h.pack, rules, game_id, wg)?;
    let mut words = Vec::new();
    for s in todo {
        h.act(s.clone(), rules)?;
        words.push(view::step_words(&s, &h.pack, &h.campaign.state, l));
    }
    Ok(words)
}

/// One warband's after-game screen in a game: its side, its campaign file
/// and the draft, or why there is none (the file is not found, does not
/// open, the game is not over).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideAfter {
    pub side: Side,
    pub file: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draft: Option<AfterGame>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<Text>,
}

fn shipped_finder() -> Result<impl Fn(&str) -> Option<CampaignPack>, DataError> {
    let shipped = CampaignPack::shipped()?;
    Ok(move |id: &str| (shipped.id() == id).then(|| shipped.clone()))
}

fn words(e: impl std::fmt::Display) -> Text {
    let e = e.to_string();
    Text::new(e.clone(), e)
}

fn not_found(v: &CampaignVersion) -> Text {
    Text::new(
        format!("no se encuentra la campaña {}", v.file),
        format!("the campaign {} is not found", v.file),
    )
}

/// Each warband of an ended `game` that came from a campaign, with its
/// after-game draft; `campaigns` is the library's folder of campaigns
/// (where a campaign is looked for when its path is not there).
pub fn after_games(game: &Game, rules: &RuleSet, campaigns: &Path) -> Vec<SideAfter> {
    let setup = game.setup();
    let mut out = Vec::new();
    for side in [Side::A, Side::B] {
        let Some(Some(v)) = setup.campaigns.get(side) else {
            continue;
        };
        let mut row = SideAfter {
            side,
            file: v.file.clone(),
            draft: None,
            error: None,
        };
        let drafted = (|| -> Result<AfterGame, Text> {
            let path = campaign_file(v, campaigns).ok_or_else(|| not_found(v))?;
            let f = host::read(&path).map_err(words)?;
            let find = shipped_finder().map_err(words)?;
            let pack = find(&f.start.pack)
                .ok_or_else(|| words(CampaignError::NoPack(f.start.pack.clone())))?;
            let (c, _) = host::replay(f, &pack, rules);
            let wg = played(game, side).map_err(|e| Text::each(|l| e.message(l)))?;
            Ok(draft(&c, &pack, rules, &setup.game_id(), &wg))
        })();
        match drafted {
            Ok(d) => row.draft = Some(d),
            Err(e) => row.error = Some(e),
        }
        out.push(row);
    }
    out
}

/// Confirm `side`'s after-game sequence of `game` on its campaign (the
/// campaign's lock held while it is written): the steps taken in words.
pub fn confirm_side(
    game: &Game,
    side: Side,
    rules: &RuleSet,
    campaigns: &Path,
    l: Lang,
) -> Result<Vec<String>, CampaignError> {
    let setup = game.setup();
    let v = setup
        .campaigns
        .get(side)
        .and_then(Option::as_ref)
        .ok_or_else(|| {
            CampaignError::Refused(refused(
                "esta banda no viene de una campaña",
                "this warband does not come from a campaign",
            ))
        })?;
    let path =
        campaign_file(v, campaigns).ok_or_else(|| CampaignError::Refused(Refused(not_found(v))))?;
    let mut h = CampaignHost::open(&path, rules, shipped_finder()?)?;
    let wg = played(game, side).map_err(|e| CampaignError::Io(e.message(Lang::En).to_string()))?;
    confirm(&mut h, rules, &setup.game_id(), &wg, l)
}
