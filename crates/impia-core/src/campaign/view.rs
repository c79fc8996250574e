//! A campaign as every client shows it (`campaign status|report --json`,
//! and their lines): worded here, in one language, the house-rule label
//! always first.

use serde::Serialize;

use super::{Campaign, CampaignPack, Step};
use crate::roster::derive_profile;
use crate::tables::{RuleSet, Stat, Stats};
use crate::text::Lang;

/// One model now.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ModelView {
    pub uid: u32,
    pub name: String,
    pub troop: String,
    pub xp: u32,
    pub xp_available: u32,
    pub advances: u32,
    pub points: u32,
    pub stats: Stats,
    /// Its injuries and advances, by name.
    pub marks: Vec<String>,
    pub history: Vec<String>,
}

/// The campaign now.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StatusView {
    /// "house rules — not in the rules summary".
    pub label: String,
    pub pack: String,
    pub warband: String,
    pub games: u32,
    pub gold: i64,
    pub points: u32,
    pub rating: u32,
    /// The game whose sequence is open, if one is.
    pub open_game: Option<u32>,
    pub models: Vec<ModelView>,
    pub fallen: Vec<ModelView>,
    pub steps: usize,
    pub redo: usize,
}

/// One mark "after game N" and its frozen figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MarkView {
    pub game: u32,
    pub rating: u32,
    pub points: u32,
    pub models: usize,
    /// The figures in the file are not the replay's: shown, not blocked.
    pub unexplained: bool,
}

/// The campaign's report: its status, the marks, the treasury, the steps.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReportView {
    pub status: StatusView,
    pub marks: Vec<MarkView>,
    pub treasury: Vec<String>,
    pub steps: Vec<String>,
}

fn model_view(
    uid: u32,
    model: &crate::roster::Model,
    xp: (u32, u32, u32),
    history: &[super::Line],
    rules: &RuleSet,
    l: Lang,
) -> ModelView {
    ModelView {
        uid,
        name: model.name.clone(),
        troop: model.troop.clone(),
        xp: xp.0,
        xp_available: xp.1,
        advances: xp.2,
        points: crate::roster::model_cost(model, rules),
        stats: derive_profile(model, rules).stats,
        marks: model
            .marks
            .iter()
            .map(|m| m.name.get(l).to_string())
            .collect(),
        history: history.iter().map(|h| h.text.get(l).to_string()).collect(),
    }
}

pub fn status(c: &Campaign, pack: &CampaignPack, rules: &RuleSet, l: Lang) -> StatusView {
    let st = &c.state;
    StatusView {
        label: pack.label.get(l).to_string(),
        pack: pack.id().to_string(),
        warband: st.name.clone(),
        games: st.games,
        gold: st.gold,
        points: st.points(rules),
        rating: st.rating(rules),
        open_game: st.open.as_ref().map(|o| o.game),
        models: st
            .members
            .iter()
            .map(|m| {
                model_view(
                    m.uid,
                    &m.model,
                    (m.xp, m.available(), m.advances),
                    &m.history,
                    rules,
                    l,
                )
            })
            .collect(),
        fallen: st
            .fallen
            .iter()
            .map(|m| model_view(m.uid, &m.model, (m.xp, 0, 0), &m.history, rules, l))
            .collect(),
        steps: c.log.len(),
        redo: c.redo.len(),
    }
}

/// A step in words; `st` names the models (the campaign as it stands).
pub fn step_words(s: &Step, pack: &CampaignPack, st: &super::CampaignState, l: Lang) -> String {
    let es = l == Lang::Es;
    let who = |uid: &u32| st.name_of(*uid);
    let row = |table: &str, row: usize| {
        pack.effect(table, row)
            .map(|e| e.name.get(l).to_string())
            .unwrap_or_default()
    };
    match s {
        Step::Game { id, vp, result, .. } => {
            if es {
                format!("Partida {id}: {result}, {vp} PV")
            } else {
                format!("Game {id}: {result}, {vp} VP")
            }
        }
        Step::Experience { uid, xp } => format!(
            "{}: +{xp} {}",
            who(uid),
            l.pick("de experiencia", "experience")
        ),
        Step::Injury { uid, dice, row: r } => format!(
            "{}: {} {dice:?} → {}",
            who(uid),
            l.pick("heridas", "injury"),
            row(&pack.injury, *r)
        ),
        Step::Advance { uid, dice, row: r } => format!(
            "{}: {} {dice:?} → {}",
            who(uid),
            l.pick("avance", "advance"),
            row(&pack.advance, *r)
        ),
        Step::Income { gold } => format!(
            "{}: {gold} {}",
            l.pick("Ingresos", "Income"),
            l.pick("de oro", "gold")
        ),
        Step::Hire { troop, name } => format!("{} {name} ({troop})", l.pick("Contrata a", "Hires")),
        Step::Edit { roster } => format!(
            "{}: {}",
            l.pick("Roster editado", "Roster edited"),
            roster.name
        ),
        Step::Mark {
            game,
            rating,
            points,
            models,
        } => {
            if es {
                format!("Tras la partida {game}: valor {rating}, {points} pts, {models} miniaturas")
            } else {
                format!("After game {game}: rating {rating}, {points} pts, {models} models")
            }
        }
    }
}

pub fn report(c: &Campaign, pack: &CampaignPack, rules: &RuleSet, l: Lang) -> ReportView {
    let st = &c.state;
    ReportView {
        status: status(c, pack, rules, l),
        marks: st
            .marks
            .iter()
            .map(|m| MarkView {
                game: m.game,
                rating: m.rating,
                points: m.points,
                models: m.models,
                unexplained: m.unexplained,
            })
            .collect(),
        treasury: st
            .treasury
            .iter()
            .map(|e| format!("{:+} — {}", e.gold, e.why.get(l)))
            .collect(),
        steps: c.log.iter().map(|s| step_words(s, pack, st, l)).collect(),
    }
}

/// The stats in the glossary's order, for a line of text.
pub fn stats_line(s: &Stats) -> String {
    Stat::ALL
        .iter()
        .map(|k| s.get(*k).to_string())
        .collect::<Vec<_>>()
        .join("/")
}

/// Issue 38: what a campaign roster sheet adds, worded here: the house-rule
/// label (on every page), the campaign in one line, and each model's
/// experience, advances, injuries and advances by name (in the roster's
/// order, `CampaignState::roster`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SheetView {
    pub label: String,
    pub summary: String,
    pub models: Vec<String>,
}

pub fn sheet(c: &Campaign, pack: &CampaignPack, rules: &RuleSet, l: Lang) -> SheetView {
    let s = status(c, pack, rules, l);
    let summary = format!(
        "{}: {} {} · {} {} · {} {} · {} {}",
        l.pick("Campaña", "Campaign"),
        s.games,
        l.pick("partidas", "games"),
        s.gold,
        l.pick("de oro", "gold"),
        l.pick("valor", "rating"),
        s.rating,
        s.fallen.len(),
        l.pick("caídas", "fallen"),
    );
    let models = s
        .models
        .iter()
        .map(|m| {
            let mut line = format!(
                "{} {} ({} {}) · {} {}",
                l.pick("Experiencia", "Experience"),
                m.xp,
                m.xp_available,
                l.pick("por gastar", "to spend"),
                l.pick("avances", "advances"),
                m.advances
            );
            if !m.marks.is_empty() {
                line.push_str(&format!(" · {}", m.marks.join(", ")));
            }
            line
        })
        .collect();
    SheetView {
        label: s.label,
        summary,
        models,
    }
}
