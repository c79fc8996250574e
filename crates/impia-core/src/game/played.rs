//! Issue 38: what each model of a warband did in a game, read by replaying
//! its log: who acted, who went Down, fled or was removed, and how many
//! enemy models each put Down (the campaign drafts its steps from this).

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::engine;
use super::error::GameError;
use super::guard::Ctx;
use super::refs::Side;
use super::session::Game;
use super::state::GameState;
use super::status::Status;

/// One model's game, by its index in the warband's roster.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelGame {
    pub index: usize,
    /// It made at least one action of its own.
    pub acted: bool,
    /// It went Down at least once (R27).
    pub down: bool,
    /// It fled the battle (R31).
    pub fled: bool,
    /// It was removed from the table (R38).
    pub removed: bool,
    /// Enemy models its hits put Down.
    pub downs: u32,
}

/// A warband's game: its models, its VP and the result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WarbandGame {
    pub warband: String,
    pub models: Vec<ModelGame>,
    pub vp: i32,
    /// `win`, `draw`, `loss`, or `playing` for a game not ended.
    pub result: String,
}

/// What `side`'s models did in `game`, by replaying its log.
pub fn played(game: &Game, side: Side) -> Result<WarbandGame, GameError> {
    let setup = game.setup();
    let ctx = Ctx {
        rules: game.rules(),
        setup,
    };
    let mut st = GameState::new(setup, game.rules());
    let mut models: Vec<ModelGame> = st
        .models_of(side)
        .map(|(r, _)| ModelGame {
            index: r.index,
            ..Default::default()
        })
        .collect();
    for action in game.actions() {
        let before = st.clone();
        engine::step(&mut st, ctx, action)?;
        if let Some(a) = st.actor().or(before.actor())
            && a.side == side
            && let Some(m) = models.get_mut(a.index)
        {
            m.acted = true;
        }
        let rolled = match action.act().accepted_roll(&before) {
            Some(a) => Some(a.clone()),
            None => (action.is_roll() && !setup.pending_rolls()).then(|| action.clone()),
        };
        let hitter = rolled
            .as_ref()
            .and_then(Action::rolled_check)
            .and_then(|c| c.hitter());
        for (r, m) in st.models() {
            let was = before.model(r).map(|x| x.status);
            if m.status == was.unwrap_or_default() {
                continue;
            }
            if r.side == side
                && let Some(g) = models.get_mut(r.index)
            {
                match m.status {
                    Status::Down => g.down = true,
                    Status::Fled => g.fled = true,
                    Status::Removed => g.removed = true,
                    _ => {}
                }
            }
            if m.status == Status::Down
                && r.side != side
                && let Some(h) = hitter.filter(|h| h.side == side)
                && let Some(g) = models.get_mut(h.index)
            {
                g.downs += 1;
            }
        }
    }
    let ended = st.ended.is_some();
    let result = match (ended, st.winner()) {
        (false, _) => "playing",
        (true, None) => "draw",
        (true, Some(w)) if w == side => "win",
        (true, Some(_)) => "loss",
    };
    Ok(WarbandGame {
        warband: st
            .side(side)
            .map(|s| s.warband.to_string())
            .unwrap_or_default(),
        models,
        vp: st.side(side).map_or(0, |s| s.score.total()),
        result: result.to_string(),
    })
}
