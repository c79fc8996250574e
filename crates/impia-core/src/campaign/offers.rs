//! What can be done now in a campaign: each step offered with its default
//! (the experience a model earned, a roll for each model that went Down,
//! the income), each table roll with the exact chance of every row before
//! it is rolled, and the step drafted from a game's log.

use serde::Serialize;

use super::{Campaign, CampaignPack, CampaignState, PlayedModel, Refused, Step, refused};
use crate::dice::Roller;
use crate::game::played::WarbandGame;
use crate::tables::RuleSet;
use crate::text::{Lang, Text};

/// One row of a table as offered: its exact chance before the roll.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RowOdds {
    pub label: String,
    pub text: Text,
    /// The chance as a reduced fraction (`1/36`) and as a percent.
    pub exact: String,
    /// In each language's own way (a decimal comma in Spanish).
    pub percent: Text,
}

/// A step that can be taken now, or why not.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Offer {
    /// What `campaign act` takes: `experience:UID`, `injury:UID`,
    /// `advance:UID`, `income`, `hire:TROOP`, `mark`.
    pub id: String,
    pub what: Text,
    /// Why it cannot be taken now; `None`: allowed.
    pub refused: Option<Text>,
    /// Part of the sequence drafted from the game (taken by `--defaults`).
    pub default: bool,
    /// The table rolled, and the chance of each of its rows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub odds: Vec<RowOdds>,
}

fn t(es: String, en: String) -> Text {
    Text { es, en }
}

pub(crate) fn odds_of(pack: &CampaignPack, table: &str) -> Vec<RowOdds> {
    let Some((_, body)) = pack.roll_table(table) else {
        return Vec::new();
    };
    let (rows, _) = body.row_odds(0);
    body.rows
        .iter()
        .zip(rows)
        .map(|(r, o)| RowOdds {
            label: r.label.clone(),
            text: r.text.clone(),
            exact: o.exact(),
            percent: t(o.percent(Lang::Es), o.percent(Lang::En)),
        })
        .collect()
}

/// The experience a model earned in the open game, by the pack.
pub fn earned(pack: &CampaignPack, result: &str, m: &PlayedModel) -> u32 {
    let e = &pack.experience;
    let win = if result == "win" { e.win } else { 0 };
    e.took_part
        .saturating_add(e.per_down.saturating_mul(m.downs))
        .saturating_add(win)
}

/// Every step offered now.
// One list in the order a player reads it: the open game's sequence, then
// advances, hires and the mark.
#[allow(clippy::too_many_lines)]
pub fn offers(c: &Campaign, pack: &CampaignPack, rules: &RuleSet) -> Vec<Offer> {
    let st = &c.state;
    let mut out = Vec::new();
    if let Some(open) = &st.open {
        for m in &open.models {
            let Some(who) = st.member(m.uid) else {
                continue;
            };
            let name = &who.model.name;
            if !open.experience.contains(&m.uid) {
                let xp = earned(pack, &open.result, m);
                out.push(Offer {
                    id: format!("experience:{}", m.uid),
                    what: t(
                        format!("{name}: +{xp} de experiencia"),
                        format!("{name}: +{xp} experience"),
                    ),
                    refused: None,
                    default: true,
                    table: None,
                    odds: Vec::new(),
                });
            }
            if m.hurt() && !open.injured.contains(&m.uid) {
                out.push(Offer {
                    id: format!("injury:{}", m.uid),
                    what: t(
                        format!("{name}: tirada de heridas"),
                        format!("{name}: injury roll"),
                    ),
                    refused: None,
                    default: true,
                    table: Some(pack.injury.clone()),
                    odds: odds_of(pack, &pack.injury),
                });
            }
        }
        if !open.income {
            let gold = pack.income.base + pack.income.per_vp * i64::from(open.vp);
            out.push(Offer {
                id: "income".into(),
                what: t(
                    format!("Ingresos: {gold} de oro"),
                    format!("Income: {gold} gold"),
                ),
                refused: None,
                default: true,
                table: None,
                odds: Vec::new(),
            });
        }
    }
    for m in &st.members {
        let cost = pack.advance_cost(m.advances as usize);
        let name = &m.model.name;
        out.push(Offer {
            id: format!("advance:{}", m.uid),
            what: t(
                format!("{name}: avance por {cost} de experiencia"),
                format!("{name}: advance for {cost} experience"),
            ),
            refused: (m.available() < cost).then(|| {
                t(
                    format!("tiene {} de experiencia", m.available()),
                    format!("it has {} experience", m.available()),
                )
            }),
            default: false,
            table: Some(pack.advance.clone()),
            odds: odds_of(pack, &pack.advance),
        });
    }
    for h in &pack.hiring {
        let troop = rules
            .troop(&h.troop)
            .map_or_else(|| t(h.troop.clone(), h.troop.clone()), |x| x.name.clone());
        out.push(Offer {
            id: format!("hire:{}", h.troop),
            what: t(
                format!("Contratar {} por {} de oro", troop.es, h.gold),
                format!("Hire a {} for {} gold", troop.en, h.gold),
            ),
            refused: (st.gold < h.gold).then(|| {
                t(
                    format!("hay {} de oro", st.gold),
                    format!("the warband has {} gold", st.gold),
                )
            }),
            default: false,
            table: None,
            odds: Vec::new(),
        });
    }
    if let Some(open) = &st.open {
        let g = open.game;
        out.push(Offer {
            id: "mark".into(),
            what: t(
                format!("Marcar «tras la partida {g}»"),
                format!("Mark \"after game {g}\""),
            ),
            refused: mark_step(st, rules)
                .and_then(|s| st.clone().apply(&s, pack, rules, false))
                .err()
                .map(|r| r.0),
            default: false,
            table: None,
            odds: Vec::new(),
        });
    }
    out
}

fn mark_step(st: &CampaignState, rules: &RuleSet) -> Result<Step, Refused> {
    let open = st
        .open
        .as_ref()
        .ok_or_else(|| refused("no hay partida abierta", "no game is open"))?;
    Ok(Step::Mark {
        game: open.game,
        rating: st.rating(rules),
        points: st.points(rules),
        models: st.members.len(),
    })
}

fn roll(c: &Campaign, pack: &CampaignPack, table: &str) -> Result<(Vec<u32>, usize), Refused> {
    let (_, body) = pack.roll_table(table).ok_or_else(|| {
        refused(
            format!("no hay tabla {table}"),
            format!("there is no table {table}"),
        )
    })?;
    let mut roller = Roller::seeded(c.next_seed());
    let (dice, total) = body.dice.roll(&mut roller);
    let row = body.row_for(total).ok_or_else(|| {
        refused(
            format!("{total} no lee fila"),
            format!("{total} reads no row"),
        )
    })?;
    Ok((dice, row))
}

fn uid_of(id: &str, prefix: &str) -> Result<u32, Refused> {
    id.strip_prefix(prefix)
        .and_then(|u| u.parse().ok())
        .ok_or_else(|| {
            refused(
                format!("«{id}»: falta el número"),
                format!("'{id}': the model's number is missing"),
            )
        })
}

/// The step an offer stands for, its dice rolled with the campaign's dice;
/// `name` names a hired model.
pub fn take(
    c: &Campaign,
    pack: &CampaignPack,
    rules: &RuleSet,
    id: &str,
    name: Option<&str>,
) -> Result<Step, Refused> {
    let st = &c.state;
    if id == "mark" {
        return mark_step(st, rules);
    }
    if id == "income" {
        let open = st
            .open
            .as_ref()
            .ok_or_else(|| refused("no hay partida abierta", "no game is open"))?;
        return Ok(Step::Income {
            gold: pack.income.base + pack.income.per_vp * i64::from(open.vp),
        });
    }
    if let Some(troop) = id.strip_prefix("hire:") {
        let name = name.map_or_else(
            || {
                let n = rules
                    .troop(troop)
                    .map_or(troop.to_string(), |x| x.name.en.clone());
                format!("{n} {}", st.members.len() + st.fallen.len() + 1)
            },
            str::to_string,
        );
        return Ok(Step::Hire {
            troop: troop.to_string(),
            name,
        });
    }
    if id.starts_with("experience:") {
        let uid = uid_of(id, "experience:")?;
        let open = st
            .open
            .as_ref()
            .ok_or_else(|| refused("no hay partida abierta", "no game is open"))?;
        let m = open
            .models
            .iter()
            .find(|m| m.uid == uid)
            .ok_or_else(|| refused("no jugó la partida", "it did not take part in the game"))?;
        return Ok(Step::Experience {
            uid,
            xp: earned(pack, &open.result, m),
        });
    }
    if id.starts_with("injury:") {
        let uid = uid_of(id, "injury:")?;
        let (dice, row) = roll(c, pack, &pack.injury)?;
        return Ok(Step::Injury { uid, dice, row });
    }
    if id.starts_with("advance:") {
        let uid = uid_of(id, "advance:")?;
        let (dice, row) = roll(c, pack, &pack.advance)?;
        return Ok(Step::Advance { uid, dice, row });
    }
    Err(refused(
        format!("no hay oferta «{id}»"),
        format!("no offer '{id}'"),
    ))
}

/// The `Game` step drafted from a warband's game: each model of the game's
/// roster is the campaign's model at the same place.
pub fn from_game(st: &CampaignState, id: &str, g: &WarbandGame) -> Result<Step, Refused> {
    if g.result == "playing" {
        return Err(refused(
            "la partida no ha terminado",
            "the game has not ended",
        ));
    }
    if g.warband != st.name || g.models.len() != st.members.len() {
        return Err(refused(
            format!(
                "la banda de la partida ({}, {} miniaturas) no es la de la campaña ({}, {})",
                g.warband,
                g.models.len(),
                st.name,
                st.members.len()
            ),
            format!(
                "the game's warband ({}, {} models) is not the campaign's ({}, {})",
                g.warband,
                g.models.len(),
                st.name,
                st.members.len()
            ),
        ));
    }
    let models = g
        .models
        .iter()
        .zip(&st.members)
        .map(|(m, who)| PlayedModel {
            uid: who.uid,
            acted: m.acted,
            down: m.down,
            fled: m.fled,
            removed: m.removed,
            downs: m.downs,
        })
        .collect();
    Ok(Step::Game {
        id: id.to_string(),
        vp: g.vp,
        result: g.result.clone(),
        models,
    })
}

/// The offers taken by default, in order: experience, injury rolls,
/// income. Each is taken on the campaign as it stands after the one
/// before (a roll's seed counts the steps before it).
pub fn take_defaults(
    c: &mut Campaign,
    pack: &CampaignPack,
    rules: &RuleSet,
) -> Result<Vec<Step>, Refused> {
    let mut done = Vec::new();
    loop {
        let next = offers(c, pack, rules)
            .into_iter()
            .find(|o| o.default && o.refused.is_none());
        let Some(o) = next else { break };
        let step = take(c, pack, rules, &o.id, None)?;
        c.act(step.clone(), pack, rules)?;
        done.push(step);
    }
    Ok(done)
}
