//! After the game (issue 15): the report built from the log alone, by
//! replaying it: per turn the dark forces, who put whom Down, who fled,
//! totems destroyed and VP gained; per warband its VP, models at the end,
//! DP spent and the model that put most enemies Down; and the luck of the
//! dice, exactly.

pub(crate) mod luck;
mod words;

use serde::Serialize;

use super::action::Action;
use super::engine;
use super::error::GameError;
use super::guard::Ctx;
use super::refs::{ModelRef, Side};
use super::session::Game;
use super::state::GameState;
use super::status::Status;
use crate::glossary;
use crate::odds::Odds;
use crate::tables::RuleSet;
use crate::text::Lang;
pub use luck::Wish;

/// The whole report, in one language.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub scenario: String,
    /// `ended`, or `playing` for a game not over yet.
    pub state: &'static str,
    /// The winning warband's name; `None`: a draw, or not over.
    pub winner: Option<String>,
    /// `a`, `b`, `draw`, or `playing`.
    pub result: &'static str,
    /// VP total by side (`a`, `b`).
    pub vp: std::collections::BTreeMap<&'static str, i32>,
    pub turns: Vec<TurnLine>,
    pub sides: Vec<SideReport>,
    pub luck: Vec<LuckReport>,
}

/// One turn of the story.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct TurnLine {
    pub turn: u32,
    /// The dark forces roll and its row's text (R39).
    pub dark_forces: Option<DarkForcesLine>,
    /// "Vask ← Ulrak": who went Down, and by whom where a hit did it.
    pub downs: Vec<DownLine>,
    pub fled: Vec<String>,
    /// The warbands whose totem was destroyed.
    pub totems_destroyed: Vec<String>,
    /// VP gained this turn by side.
    pub vp: [i32; 2],
    /// Issue 33: rolls undone this turn, each with how it was taken back
    /// ("Ulrak assaults Vask: 8 against 11 — taken back with Bea's leave").
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub taken_back: Vec<String>,
}

impl TurnLine {
    /// The turn's story in words, one piece per event: the dark forces, who
    /// went Down (and by whom), who fled, totems, VP gained. The CLI, the
    /// app and the PDF all tell it this way.
    pub fn story(&self, l: Lang) -> Vec<String> {
        let p = |es: &'static str, en: &'static str| l.pick(es, en);
        let mut parts = Vec::new();
        if let Some(d) = &self.dark_forces {
            parts.push(format!(
                "{} {}: {}",
                glossary::DARK_FORCES.get(l),
                d.total,
                d.text
            ));
        }
        for d in &self.downs {
            parts.push(match &d.by {
                // Issue 34: no adjective that agrees with no name.
                Some(by) => match l {
                    Lang::Es => format!("{by} abate a {}", d.model),
                    Lang::En => format!("{} put Down by {by}", d.model),
                },
                None => format!("{}: {}", d.model, p("Abatida", "Down")),
            });
        }
        for f in &self.fled {
            parts.push(format!("{f} {}", p("huye", "flees")));
        }
        for w in &self.totems_destroyed {
            parts.push(format!("{}: {w}", super::glance::totem_destroyed(l)));
        }
        if self.vp != [0, 0] {
            parts.push(format!(
                "+{}/+{} {}",
                self.vp[0],
                self.vp[1],
                glossary::VP.get(l)
            ));
        }
        parts.extend(self.taken_back.iter().map(|t| format!("↶ {t}")));
        parts
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DarkForcesLine {
    pub total: i32,
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DownLine {
    pub model: String,
    pub by: Option<String>,
}

/// One warband at the end.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideReport {
    pub side: &'static str,
    pub warband: String,
    pub player: String,
    pub vp: VpLine,
    pub standing: usize,
    pub down: usize,
    pub fled: usize,
    pub removed: usize,
    /// Models not standing at the end.
    pub lost: usize,
    pub dp_spent: i32,
    /// Each of its models that put enemies Down, most first.
    pub downs_by: Vec<(String, u32)>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VpLine {
    pub kills: i32,
    pub totem: i32,
    pub scenario: i32,
    pub total: i32,
}

/// One player's luck: expected successes against real ones.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LuckReport {
    pub side: &'static str,
    pub player: String,
    pub rolls: usize,
    /// The sum of the chances of what the player wanted.
    pub expected: f64,
    pub actual: usize,
    /// What happened against the lowest odds, and what failed against the
    /// highest, in words.
    pub luckiest: Option<LuckLine>,
    pub unluckiest: Option<LuckLine>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LuckLine {
    pub turn: u32,
    pub text: String,
    pub chance: Odds,
}

fn side_id(s: Side) -> &'static str {
    match s {
        Side::A => "a",
        _ => "b",
    }
}

fn slot(s: Side) -> usize {
    usize::from(s != Side::A)
}

/// Build the report of `game` by replaying its log.
pub fn report(game: &Game, l: Lang) -> Result<Report, GameError> {
    // One language in, one report out.
    Ok(report_in(game, &[l])?.swap_remove(0))
}

/// The report in Spanish and in English from one replay of the log (issue
/// 32: a shared game's end replayed a 100,000-action log once per
/// language).
pub fn reports(game: &Game) -> Result<[Report; 2], GameError> {
    let mut both = report_in(game, &[Lang::Es, Lang::En])?;
    let en = both.swap_remove(1);
    Ok([both.swap_remove(0), en])
}

impl TurnLine {
    /// What one action did, told in this turn.
    fn add(&mut self, seen: &TurnLine) {
        self.downs.extend(seen.downs.iter().cloned());
        self.fled.extend(seen.fled.iter().cloned());
        self.totems_destroyed
            .extend(seen.totems_destroyed.iter().cloned());
        self.vp[0] += seen.vp[0];
        self.vp[1] += seen.vp[1];
    }
}

/// A new turn's line when the turn the state counts moved on (R05), in
/// `l`'s words; the first line if there is none yet.
fn open_turn(turns: &mut Vec<TurnLine>, before: u32, st: &GameState, rules: &RuleSet, l: Lang) {
    if st.turn != before {
        turns.push(TurnLine {
            turn: st.turn,
            dark_forces: st.dark_forces.as_ref().map(|d| DarkForcesLine {
                total: d.total,
                text: rules
                    .roll_table("dark_forces")
                    .and_then(|t| t.rows.get(d.row))
                    .map(|r| r.text.get(l).trim_end_matches('.').to_string())
                    .unwrap_or_default(),
            }),
            ..Default::default()
        });
    }
    if turns.is_empty() {
        turns.push(TurnLine::default());
    }
}

/// The report in each of `langs`, replaying the log once: what happened
/// is observed once, only the words are made per language.
fn report_in(game: &Game, langs: &[Lang]) -> Result<Vec<Report>, GameError> {
    let setup = game.setup();
    let rules = game.rules();
    let ctx = Ctx { rules, setup };
    let mut st = GameState::new(setup, rules);
    // Per language: the turns' lines and the players' wishes.
    let mut turns: Vec<Vec<TurnLine>> = vec![Vec::new(); langs.len()];
    let mut spent = [0i32; 2];
    let mut downs_by: Vec<(ModelRef, u32)> = Vec::new();
    let mut wishes: Vec<Vec<Wish>> = vec![Vec::new(); langs.len()];
    // Issue 33: the rolls undone, told where they stood (and anything
    // taken back by leave, roll or not).
    // An undo still waiting for redo is the laptop's (a seat undoes alone
    // only what rolled nothing): its rolls are told as taken back by the
    // laptop while they may be redone, not only once a new action drops
    // them.
    let len = game.actions().len();
    let redoable: Vec<super::file::Undone> = game
        .redo_list()
        .iter()
        .rev()
        .enumerate()
        .map(|(k, a)| super::file::Undone::dropped(len + k, a.clone()))
        .filter(|u| u.leave.is_some())
        .collect();
    let mut undone: Vec<&super::file::Undone> = game
        .undone()
        .iter()
        .filter(|u| u.leave.is_some() || u.action.act().dice().is_some())
        .chain(&redoable)
        .collect();
    undone.sort_by_key(|u| u.at);
    let mut undone = undone.into_iter().peekable();
    let mut seen = Seen::of(&st);
    for (i, action) in game.actions().iter().enumerate() {
        while let Some(u) = undone.next_if(|u| u.at <= i) {
            for (t, l) in turns.iter_mut().zip(langs) {
                taken_back(t, &st, ctx, u, *l);
            }
        }
        // The roll that takes effect now: the pending one accepted, or (in
        // games of rules 1) the action with its dice. Read before the
        // action is applied: the state is never copied (issue 32: a copy
        // per action cost ~16 µs, 1.65 s for a 100,000-action log).
        let rolled = match action.act().accepted_roll(&st) {
            Some(a) => Some(a.clone()),
            None => (action.is_roll() && !setup.pending_rolls()).then(|| action.clone()),
        };
        if let Some(r) = &rolled {
            for (w, l) in wishes.iter_mut().zip(langs) {
                w.extend(luck::wishes(&st, r, *l));
            }
        }
        // After the end only notes, which change nothing (`engine::step`).
        let ended = st.ended.is_some();
        engine::step(&mut st, ctx, action)?;
        if ended {
            continue;
        }
        for (turns, l) in turns.iter_mut().zip(langs) {
            open_turn(turns, seen.turn, &st, rules, *l);
        }
        // What happened, observed once for every language.
        let mut line = TurnLine::default();
        let lost = seen.observe(&st, rolled.as_ref(), &mut line, &mut downs_by);
        if line != TurnLine::default() {
            for t in turns.iter_mut().filter_map(|t| t.last_mut()) {
                t.add(&line);
            }
        }
        if action.act().spends_dp() {
            for (s, l) in spent.iter_mut().zip(lost) {
                *s += l.max(0);
            }
        }
    }
    for u in undone {
        for (t, l) in turns.iter_mut().zip(langs) {
            taken_back(t, &st, ctx, u, *l);
        }
    }
    let sides: Vec<SideReport> = Side::WARBANDS
        .iter()
        .map(|s| side_report(&st, *s, spent[slot(*s)], &downs_by))
        .collect();
    let ended = st.ended.is_some();
    let winner = st.winner().filter(|_| ended);
    let mut out = Vec::with_capacity(langs.len());
    for ((turns, wishes), l) in turns.into_iter().zip(&wishes).zip(langs) {
        let luck = Side::WARBANDS
            .iter()
            .map(|s| luck_report(&st, *s, wishes, *l))
            .collect();
        out.push(Report {
            scenario: setup.scenario.clone(),
            state: if ended { "ended" } else { "playing" },
            winner: winner.and_then(|w| st.side(w).map(|s| s.warband.to_string())),
            result: match (ended, winner) {
                (false, _) => "playing",
                (true, Some(w)) => side_id(w),
                (true, None) => "draw",
            },
            vp: Side::WARBANDS
                .iter()
                .map(|s| (side_id(*s), st.side(*s).map_or(0, |x| x.score.total())))
                .collect(),
            turns,
            sides: sides.clone(),
            luck,
        });
    }
    Ok(out)
}

/// An undone action's line in the turn it stood in: its history line
/// against the state there, and by whose leave it was taken back.
fn taken_back(
    turns: &mut Vec<TurnLine>,
    st: &GameState,
    ctx: Ctx<'_>,
    u: &super::file::Undone,
    l: Lang,
) {
    let d = super::describe::Describer {
        state: st,
        setup: ctx.setup,
        rules: ctx.rules,
    };
    let how = match &u.leave {
        Some(leave) => leave.words(st, l),
        None => super::leave::undone_words(l).to_string(),
    };
    if turns.is_empty() {
        turns.push(TurnLine::default());
    }
    if let Some(line) = turns.last_mut() {
        line.taken_back
            .push(format!("{} — {how}", d.describe(&u.action, l)));
    }
}

/// What the report compares of the state before an action with the state
/// after it: the turn, each model's status, each warband's totem, VP and
/// DP. Kept from one action to the next (the state after one is the state
/// before the next), so each action costs one walk over the models.
struct Seen {
    turn: u32,
    /// Each model's status, in the order of [`GameState::models`].
    status: Vec<(ModelRef, Status)>,
    /// The list being filled while `status` is read, kept for its room.
    next: Vec<(ModelRef, Status)>,
    /// Each warband's totem standing, VP and DP held (A, B).
    sides: [Option<(bool, i32, i32)>; 2],
}

impl Seen {
    fn of(st: &GameState) -> Seen {
        Seen {
            turn: st.turn,
            status: st.models().map(|(r, m)| (r, m.status)).collect(),
            next: Vec::new(),
            sides: Side::WARBANDS.map(|s| side_seen(st, s, dp_of(st, s))),
        }
    }

    /// The status model `r` had at place `i`; models only join (beasts),
    /// so it is at the same place unless one joined before it.
    fn status(&self, i: usize, r: ModelRef) -> Option<Status> {
        match self.status.get(i) {
            Some((x, s)) if *x == r => Some(*s),
            _ => self.status.iter().find(|(x, _)| *x == r).map(|(_, s)| *s),
        }
    }

    /// What changed from what was seen to `after`, into `line`: models
    /// Down (and by whom, when `rolled` was a hit), fled, totems, VP; `after`
    /// is seen from now on. Returns the DP each warband lost (A, B).
    fn observe(
        &mut self,
        after: &GameState,
        rolled: Option<&Action>,
        line: &mut TurnLine,
        downs_by: &mut Vec<(ModelRef, u32)>,
    ) -> [i32; 2] {
        let hitter = rolled
            .and_then(Action::rolled_check)
            .and_then(|c| c.hitter());
        let mut next = std::mem::take(&mut self.next);
        next.clear();
        let mut dp = [0i32; 2];
        for (i, (r, m)) in after.models().enumerate() {
            next.push((r, m.status));
            if r.side.is_warband() {
                dp[slot(r.side)] += m.own_dp + m.herbs;
            }
            let was = self.status(i, r);
            if m.status == Status::Down && was != Some(Status::Down) {
                let by = hitter.filter(|h| h.side != r.side);
                line.downs.push(DownLine {
                    model: m.name.to_string(),
                    by: by.map(|b| after.name(b)),
                });
                if let Some(b) = by {
                    match downs_by.iter_mut().find(|(x, _)| *x == b) {
                        Some((_, n)) => *n += 1,
                        None => downs_by.push((b, 1)),
                    }
                }
            }
            if m.status == Status::Fled && was != Some(Status::Fled) {
                line.fled.push(m.name.to_string());
            }
        }
        self.next = std::mem::replace(&mut self.status, next);
        self.turn = after.turn;
        let mut lost = [0i32; 2];
        for (k, s) in Side::WARBANDS.into_iter().enumerate() {
            let now = side_seen(after, s, dp[k] + after.side(s).map_or(0, |x| x.pool));
            if let (Some((totem, vp, held)), Some((standing, vp_now, held_now))) =
                (self.sides[k], now)
            {
                if totem && !standing {
                    line.totems_destroyed.push(
                        after
                            .side(s)
                            .map(|x| x.warband.to_string())
                            .unwrap_or_default(),
                    );
                }
                line.vp[k] += vp_now - vp;
                lost[k] = held - held_now;
            }
            self.sides[k] = now;
        }
        lost
    }
}

/// A warband's totem standing, VP and `dp` held, when it is in the game.
fn side_seen(st: &GameState, s: Side, dp: i32) -> Option<(bool, i32, i32)> {
    st.side(s).map(|x| (x.totem_standing, x.score.total(), dp))
}

/// DP a warband holds: its pool, its models' own DP and herbs.
fn dp_of(st: &GameState, s: Side) -> i32 {
    st.side(s).map_or(0, |x| {
        x.pool + x.models.iter().map(|m| m.own_dp + m.herbs).sum::<i32>()
    })
}

fn side_report(st: &GameState, s: Side, spent: i32, downs_by: &[(ModelRef, u32)]) -> SideReport {
    let count = |k: Status| st.models_of(s).filter(|(_, m)| m.status == k).count();
    let x = st.side(s);
    let score = x.map(|x| x.score).unwrap_or_default();
    let mut by: Vec<(String, u32)> = downs_by
        .iter()
        .filter(|(m, _)| m.side == s)
        .map(|(m, n)| (st.name(*m), *n))
        .collect();
    by.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let standing = count(Status::Standing) + count(Status::Prone);
    let total = st.models_of(s).count();
    SideReport {
        side: side_id(s),
        warband: x.map(|x| x.warband.to_string()).unwrap_or_default(),
        player: x.map(|x| x.player.to_string()).unwrap_or_default(),
        vp: VpLine {
            kills: score.kills,
            totem: score.totem,
            scenario: score.scenario,
            total: score.total(),
        },
        standing,
        down: count(Status::Down),
        fled: count(Status::Fled),
        removed: count(Status::Removed),
        lost: total - standing,
        dp_spent: spent,
        downs_by: by,
    }
}

fn luck_report(st: &GameState, s: Side, wishes: &[Wish], l: Lang) -> LuckReport {
    let mine: Vec<&Wish> = wishes.iter().filter(|w| w.side == s).collect();
    // A float sum: exact fractions of hundreds of rolls need not fit a u64.
    let expected: f64 = mine.iter().map(|w| Odds(w.chance).value()).sum();
    let line = |w: &Wish| LuckLine {
        turn: w.turn,
        text: w.line(l),
        chance: Odds(w.chance),
    };
    let luckiest = mine
        .iter()
        .filter(|w| w.happened)
        .min_by(|a, b| a.chance.cmp(&b.chance))
        .map(|w| line(w));
    let unluckiest = mine
        .iter()
        .filter(|w| !w.happened)
        .max_by(|a, b| a.chance.cmp(&b.chance))
        .map(|w| line(w));
    LuckReport {
        side: side_id(s),
        player: st.side(s).map(|x| x.player.to_string()).unwrap_or_default(),
        rolls: mine.len(),
        expected,
        actual: mine.iter().filter(|w| w.happened).count(),
        luckiest,
        unluckiest,
    }
}
