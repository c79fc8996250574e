//! The warband as the campaign's steps leave it: its models with their
//! experience and history, its fallen, its treasury, the game still open
//! and the figures frozen "after game N".

use std::collections::BTreeSet;

use serde::Serialize;

use super::check::{check_roll, down_words};
use super::{CampaignPack, PlayedModel, Refused, Start, Step, refused};
use crate::roster::{Model, Roster, model_cost, roster_to_yaml};
use crate::tables::RuleSet;
use crate::text::Text;

/// A model of the warband and its career.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Member {
    /// Its campaign id, kept for good (names may repeat or change).
    pub uid: u32,
    pub model: Model,
    /// Experience earned in all.
    pub xp: u32,
    /// Experience spent on advances.
    pub spent: u32,
    pub advances: u32,
    pub history: Vec<Line>,
}

impl Member {
    pub fn available(&self) -> u32 {
        self.xp.saturating_sub(self.spent)
    }
}

/// A model that died, with its history.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Fallen {
    pub uid: u32,
    pub model: Model,
    pub xp: u32,
    /// The game after which it died.
    pub game: u32,
    pub history: Vec<Line>,
}

/// One line of a model's history.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Line {
    pub game: u32,
    pub text: Text,
}

/// One entry of the treasury.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Entry {
    pub game: u32,
    pub gold: i64,
    pub why: Text,
}

/// The figures of an "after game N" mark, and the roster then (YAML).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Frozen {
    pub game: u32,
    pub rating: u32,
    pub points: u32,
    pub models: usize,
    pub roster: String,
    /// The file's figures differ from the replay's: a change no step
    /// explains (an edited file). Shown, not blocked.
    pub unexplained: bool,
}

/// The game since the last mark and what of its sequence is done.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OpenGame {
    pub game: u32,
    pub id: String,
    pub vp: i32,
    pub result: String,
    pub models: Vec<PlayedModel>,
    pub experience: BTreeSet<u32>,
    pub injured: BTreeSet<u32>,
    pub income: bool,
}

/// The warband after a campaign's steps.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CampaignState {
    /// The roster's name, limit and totem (its models are `members`).
    pub name: String,
    pub points_limit: Option<u32>,
    pub totem: Option<String>,
    pub members: Vec<Member>,
    pub fallen: Vec<Fallen>,
    pub gold: i64,
    pub treasury: Vec<Entry>,
    /// Games recorded so far.
    pub games: u32,
    pub open: Option<OpenGame>,
    pub marks: Vec<Frozen>,
    next_uid: u32,
}

pub(super) fn line(game: u32, es: String, en: String) -> Line {
    Line {
        game,
        text: Text { es, en },
    }
}

impl CampaignState {
    pub fn new(start: &Start, pack: &CampaignPack, _rules: &RuleSet) -> CampaignState {
        let r = &start.roster;
        let members: Vec<Member> = r
            .models
            .iter()
            .enumerate()
            .map(|(i, m)| Member {
                uid: i as u32,
                model: m.clone(),
                xp: 0,
                spent: 0,
                advances: 0,
                history: Vec::new(),
            })
            .collect();
        let mut treasury = Vec::new();
        if pack.starting_gold != 0 {
            treasury.push(Entry {
                game: 0,
                gold: pack.starting_gold,
                why: Text {
                    es: "Oro inicial".into(),
                    en: "Starting gold".into(),
                },
            });
        }
        CampaignState {
            name: r.name.clone(),
            points_limit: r.points_limit,
            totem: r.totem.clone(),
            next_uid: members.len() as u32,
            members,
            fallen: Vec::new(),
            gold: pack.starting_gold,
            treasury,
            games: 0,
            open: None,
            marks: Vec::new(),
        }
    }

    /// The warband now, as a roster file (what the builder opens).
    pub fn roster(&self) -> Roster {
        Roster {
            version: crate::roster::ROSTER_VERSION,
            name: self.name.clone(),
            points_limit: self.points_limit,
            totem: self.totem.clone(),
            models: self.members.iter().map(|m| m.model.clone()).collect(),
        }
    }

    /// Points of the models now, their injuries and advances included.
    pub fn points(&self, rules: &RuleSet) -> u32 {
        self.members
            .iter()
            .map(|m| model_cost(&m.model, rules))
            .fold(0, u32::saturating_add)
    }

    /// The rating (a house rule): points plus the experience earned.
    pub fn rating(&self, rules: &RuleSet) -> u32 {
        self.members
            .iter()
            .map(|m| m.xp)
            .fold(self.points(rules), u32::saturating_add)
    }

    /// A model's name, the fallen's included (`#uid` for none).
    pub fn name_of(&self, uid: u32) -> String {
        self.member(uid)
            .map(|m| m.model.name.clone())
            .or_else(|| {
                self.fallen
                    .iter()
                    .find(|f| f.uid == uid)
                    .map(|f| f.model.name.clone())
            })
            .unwrap_or_else(|| format!("#{uid}"))
    }

    pub fn member(&self, uid: u32) -> Option<&Member> {
        self.members.iter().find(|m| m.uid == uid)
    }

    pub(super) fn member_mut(&mut self, uid: u32) -> Result<&mut Member, Refused> {
        self.members
            .iter_mut()
            .find(|m| m.uid == uid)
            .ok_or_else(|| {
                refused(
                    format!("no hay miniatura {uid} en la banda"),
                    format!("the warband has no model {uid}"),
                )
            })
    }

    fn open_mut(&mut self) -> Result<&mut OpenGame, Refused> {
        self.open.as_mut().ok_or_else(|| {
            refused(
                "no hay partida abierta: registra primero una partida",
                "no game is open: record a game first",
            )
        })
    }

    pub(super) fn entry(&mut self, gold: i64, es: String, en: String) {
        self.gold = self.gold.saturating_add(gold);
        self.treasury.push(Entry {
            game: self.games,
            gold,
            why: Text { es, en },
        });
    }

    fn apply_mark(
        &mut self,
        step: &Step,
        pack: &CampaignPack,
        rules: &RuleSet,
        replaying: bool,
    ) -> Result<(), Refused> {
        let _ = (pack, rules, replaying);
        let Step::Mark {
            game,
            rating,
            points,
            models,
        } = step
        else {
            return Ok(());
        };
        let open = self.open.as_ref().ok_or_else(|| {
            refused(
                "no hay partida abierta que marcar",
                "no game is open to mark",
            )
        })?;
        if open.game != *game {
            return Err(refused(
                format!("la partida abierta es la {}", open.game),
                format!("the open game is game {}", open.game),
            ));
        }
        let missing: Vec<String> = open
            .models
            .iter()
            .filter(|m| m.hurt() && !open.injured.contains(&m.uid))
            .filter_map(|m| self.member(m.uid).map(|x| x.model.name.clone()))
            .collect();
        if !missing.is_empty() {
            return Err(refused(
                format!("faltan las tiradas de heridas de: {}", missing.join(", ")),
                format!(
                    "the injury rolls are still to make for: {}",
                    missing.join(", ")
                ),
            ));
        }
        let now = (self.rating(rules), self.points(rules), self.members.len());
        let unexplained = now != (*rating, *points, *models);
        if unexplained && !replaying {
            return Err(refused(
                format!(
                    "las cifras de la marca son {} / {} / {}",
                    now.0, now.1, now.2
                ),
                format!("the mark's figures are {} / {} / {}", now.0, now.1, now.2),
            ));
        }
        let roster = roster_to_yaml(&self.roster()).unwrap_or_default();
        self.marks.push(Frozen {
            game: *game,
            rating: *rating,
            points: *points,
            models: *models,
            roster,
            unexplained,
        });
        self.open = None;
        Ok(())
    }

    fn apply_hire(
        &mut self,
        step: &Step,
        pack: &CampaignPack,
        rules: &RuleSet,
        replaying: bool,
    ) -> Result<(), Refused> {
        let _ = (pack, rules, replaying);
        let Step::Hire { troop, name } = step else {
            return Ok(());
        };
        let Some(h) = pack.hire(troop) else {
            return Err(refused(
                format!("el paquete no contrata «{troop}»"),
                format!("the pack hires no '{troop}'"),
            ));
        };
        if rules.troop(troop).is_none() {
            return Err(refused(
                format!("no hay tropa «{troop}»"),
                format!("there is no troop '{troop}'"),
            ));
        }
        if self.gold < h.gold {
            return Err(refused(
                format!("contratar cuesta {} de oro; hay {}", h.gold, self.gold),
                format!(
                    "hiring costs {} gold; the warband has {}",
                    h.gold, self.gold
                ),
            ));
        }
        let gold = h.gold;
        let uid = self.next_uid;
        self.next_uid += 1;
        let game = self.games;
        self.members.push(Member {
            uid,
            model: Model {
                name: name.clone(),
                troop: troop.clone(),
                ..Default::default()
            },
            xp: 0,
            spent: 0,
            advances: 0,
            history: vec![line(
                game,
                format!("Contratada por {gold} de oro"),
                format!("Hired for {gold} gold"),
            )],
        });
        self.entry(-gold, format!("Contrata a {name}"), format!("Hires {name}"));
        Ok(())
    }

    fn apply_game(
        &mut self,
        step: &Step,
        pack: &CampaignPack,
        rules: &RuleSet,
        replaying: bool,
    ) -> Result<(), Refused> {
        let _ = (pack, rules, replaying);
        let Step::Game {
            id,
            vp,
            result,
            models,
        } = step
        else {
            return Ok(());
        };
        if let Some(o) = &self.open {
            return Err(refused(
                format!(
                    "la partida {} sigue abierta: márcala «tras la partida» primero",
                    o.game
                ),
                format!(
                    "game {} is still open: mark it \"after the game\" first",
                    o.game
                ),
            ));
        }
        for m in models {
            self.member_mut(m.uid)?;
        }
        self.games += 1;
        let game = self.games;
        for m in models {
            let who = self.member_mut(m.uid)?;
            let (es, en) = match result.as_str() {
                "win" => ("victoria", "win"),
                "loss" => ("derrota", "loss"),
                _ => ("empate", "draw"),
            };
            who.history.push(line(
                game,
                format!(
                    "Partida {game} ({es}): abatió a {}{}",
                    m.downs,
                    down_words(m, true)
                ),
                format!(
                    "Game {game} ({en}): put {} Down{}",
                    m.downs,
                    down_words(m, false)
                ),
            ));
        }
        self.open = Some(OpenGame {
            game,
            id: id.clone(),
            vp: *vp,
            result: result.clone(),
            models: models.clone(),
            experience: BTreeSet::new(),
            injured: BTreeSet::new(),
            income: false,
        });
        Ok(())
    }

    fn apply_advance(&mut self, step: &Step, pack: &CampaignPack) -> Result<(), Refused> {
        let _ = pack;
        let Step::Advance { uid, dice, row } = step else {
            return Ok(());
        };
        let table = pack.advance.clone();
        check_roll(pack, &table, dice, *row)?;
        let game = self.games;
        let m = self.member_mut(*uid)?;
        let cost = pack.advance_cost(m.advances as usize);
        if m.available() < cost {
            return Err(refused(
                format!(
                    "un avance cuesta {cost} de experiencia; tiene {}",
                    m.available()
                ),
                format!(
                    "an advance costs {cost} experience; it has {}",
                    m.available()
                ),
            ));
        }
        m.spent += cost;
        m.advances += 1;
        m.history.push(line(
            game,
            format!("Avance: gasta {cost} de experiencia"),
            format!("Advance: spends {cost} experience"),
        ));
        self.result(pack, &table, *uid, dice, *row, game)?;
        Ok(())
    }

    fn apply_income(&mut self, step: &Step, pack: &CampaignPack) -> Result<(), Refused> {
        let _ = pack;
        let Step::Income { gold } = step else {
            return Ok(());
        };
        let open = self.open_mut()?;
        if open.income {
            return Err(refused(
                "los ingresos de esta partida ya se cobraron",
                "this game's income was already taken",
            ));
        }
        let want = pack.income.base + pack.income.per_vp * i64::from(open.vp);
        if *gold != want {
            return Err(refused(
                format!("los ingresos de esta partida son {want}"),
                format!("this game's income is {want}"),
            ));
        }
        open.income = true;
        let game = open.game;
        self.entry(
            *gold,
            format!("Ingresos de la partida {game}"),
            format!("Income of game {game}"),
        );
        Ok(())
    }

    fn apply_edit(&mut self, step: &Step, pack: &CampaignPack) -> Result<(), Refused> {
        let _ = pack;
        let Step::Edit { roster } = step else {
            return Ok(());
        };
        if roster.models.len() != self.members.len() {
            return Err(refused(
                "el roster editado debe tener las mismas miniaturas: contrata o pierde miniaturas con los pasos de la campaña",
                "the edited roster must keep the same models: hire or lose models through the campaign's steps",
            ));
        }
        self.name.clone_from(&roster.name);
        self.points_limit = roster.points_limit;
        self.totem.clone_from(&roster.totem);
        let game = self.games;
        for (m, new) in self.members.iter_mut().zip(&roster.models) {
            if m.model != *new {
                m.history.push(line(
                    game,
                    "Editada en el constructor".into(),
                    "Edited in the builder".into(),
                ));
                m.model = new.clone();
            }
        }
        Ok(())
    }

    /// Apply one step. `replaying`: a step read from the file, whose mark
    /// figures are compared (not refused) with the replay's.
    pub fn apply(
        &mut self,
        step: &Step,
        pack: &CampaignPack,
        rules: &RuleSet,
        replaying: bool,
    ) -> Result<(), Refused> {
        match step {
            Step::Game { .. } => self.apply_game(step, pack, rules, replaying)?,
            Step::Experience { uid, xp } => {
                let open = self.open_mut()?;
                let game = open.game;
                if !open.models.iter().any(|m| m.uid == *uid) {
                    return Err(refused(
                        "esa miniatura no jugó la partida",
                        "that model did not take part in the game",
                    ));
                }
                if !open.experience.insert(*uid) {
                    return Err(refused(
                        "ya recibió la experiencia de esta partida",
                        "it already got this game's experience",
                    ));
                }
                let m = self.member_mut(*uid)?;
                m.xp = m.xp.saturating_add(*xp);
                m.history.push(line(
                    game,
                    format!("+{xp} de experiencia"),
                    format!("+{xp} experience"),
                ));
            }
            Step::Injury { uid, dice, row } => {
                let table = pack.injury.clone();
                check_roll(pack, &table, dice, *row)?;
                let open = self.open_mut()?;
                let game = open.game;
                if !open.models.iter().any(|m| m.uid == *uid && m.hurt()) {
                    return Err(refused(
                        "solo tira heridas una miniatura que quedó Abatida o fuera de combate",
                        "only a model that went Down or out of action rolls for injuries",
                    ));
                }
                if !open.injured.insert(*uid) {
                    return Err(refused(
                        "ya tiró heridas por esta partida",
                        "it already rolled for injuries this game",
                    ));
                }
                self.result(pack, &table, *uid, dice, *row, game)?;
            }
            Step::Advance { .. } => self.apply_advance(step, pack)?,
            Step::Income { .. } => self.apply_income(step, pack)?,
            Step::Hire { .. } => self.apply_hire(step, pack, rules, replaying)?,
            Step::Edit { .. } => self.apply_edit(step, pack)?,
            Step::Mark { .. } => self.apply_mark(step, pack, rules, replaying)?,
        }
        Ok(())
    }
}
