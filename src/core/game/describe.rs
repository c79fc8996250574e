//! One line per action, in Spanish and English, for the readable history:
//! described against the state just before the action, so that the line
//! says what happened then (turn, who was hit, what the backlash did).

use super::action::{Action, BeastChoice, SpellChoice};
use super::refs::Side;
use super::setup::GameSetup;
use super::state::GameState;
use crate::core::dice::OpposedOutcome;
use crate::core::game::act;
use crate::core::glossary;
use crate::core::tables::{RuleSet, Stat};
use crate::core::text::{Lang, Text};

mod now;
mod parts;
pub use now::now_text;

/// An action's words (issue 23): its line in the history. Implemented in
/// each action's file, `acts/<id>.rs`; reached through [`Action::act`].
#[allow(
    dead_code,
    reason = "issue 23: the next commits move each family into it"
)]
pub(crate) trait Words {}

/// What describing needs: the state before the action, the setup (beasts of
/// the bestiary) and the tables (dark forces and backlash rows).
pub(crate) struct Describer<'a> {
    pub state: &'a GameState,
    pub setup: &'a GameSetup,
    pub rules: &'a RuleSet,
}

fn signed(v: i32) -> String {
    if v >= 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

impl Describer<'_> {
    /// The line for `action` in both languages.
    pub(crate) fn text(&self, action: &Action) -> Text {
        Text::new(
            self.describe(action, Lang::Es),
            self.describe(action, Lang::En),
        )
    }

    /// The line for `action`, with `self.state` the state before it.
    // issue 22: split after the rules work lands
    #[allow(clippy::too_many_lines)]
    pub(crate) fn describe(&self, action: &Action, l: Lang) -> String {
        use Action as A;
        let p = |es: &str, en: &str| l.pick(es, en).to_string();
        match action {
            A::StartTurn(act::StartTurn { dark_forces }) => {
                let total: i32 = dark_forces.iter().map(|d| *d as i32).sum();
                format!(
                    "{} {} — {} {total}: {}",
                    glossary::TURN.get(l),
                    self.state.turn + 1,
                    glossary::DARK_FORCES.get(l),
                    self.row_text("dark_forces", total, l)
                )
            }
            A::ChangeRound(act::ChangeRound { model, steps }) => format!(
                "{}: {} {} {}",
                self.n(*model),
                p("cambia", "changes"),
                signed(*steps),
                p("ronda(s) (R09)", "round(s) (R09)")
            ),
            A::EndChangeRound(act::EndChangeRound { side }) => format!(
                "{}: {}",
                self.warband(*side, l),
                p("no cambia más rondas", "no more round changes")
            ),
            A::RollOff(act::RollOff { rolls, starts }) => {
                let dice = rolls
                    .iter()
                    .map(|r| format!("{}–{}", r[0], r[1]))
                    .collect::<Vec<_>>()
                    .join(", ");
                match (starts, rolls.last()) {
                    (Some(s), _) => format!(
                        "{}: {dice}; {} {}",
                        p("Tirada por el orden", "Roll-off"),
                        p("empieza", "starts:"),
                        self.warband(*s, l)
                    ),
                    (None, Some(last)) => format!(
                        "{}: {dice}; {} {}",
                        p("Tirada por el orden", "Roll-off"),
                        p("gana", "won by"),
                        self.warband(if last[0] > last[1] { Side::A } else { Side::B }, l)
                    ),
                    (None, None) => p("Tirada por el orden", "Roll-off"),
                }
            }
            A::ChooseStart(act::ChooseStart { side }) => {
                format!("{} {}", p("Empieza", "Starting:"), self.warband(*side, l))
            }
            A::TotemReroll(act::TotemReroll { by, roll, dice })
            | A::HeadstrongReroll(act::HeadstrongReroll { by, roll, dice }) => {
                let (how, rule) = if matches!(action, A::TotemReroll(_)) {
                    (p("repite con el Tótem", "re-rolls with the totem"), "R33")
                } else {
                    (
                        p("repite su 1 por Testaruda", "re-rolls its 1, Headstrong"),
                        "R42",
                    )
                };
                let Some(pending) = self.state.pending.as_ref() else {
                    return format!("{} {how}", self.n(*by));
                };
                let part = super::pending::roll_parts(self.state, &pending.action)
                    .into_iter()
                    .find(|r| r.model == *by && r.roll == *roll);
                let before = part
                    .as_ref()
                    .and_then(|r| super::pending::dice_of(&pending.action, r))
                    .map(|(d, _)| d.d10.to_string())
                    .unwrap_or_default();
                let (after, now) = match (part, dice) {
                    (Some(r), Some(d)) => {
                        let a = super::pending::with_dice(&pending.action, &r, d);
                        (d.d10.to_string(), self.describe(&a, l))
                    }
                    _ => (String::new(), String::new()),
                };
                format!(
                    "{} {how} ({rule}): {before} → {after}; {} {now}",
                    self.n(*by),
                    p("ahora", "now:")
                )
            }
            A::Accept(act::Accept {
                witnesses, stray, ..
            }) => {
                let mut s = match self.state.pending.as_ref() {
                    Some(pending) => format!(
                        "{}: {}",
                        p("Se acepta", "Accepted"),
                        self.describe(&pending.action, l)
                    ),
                    None => p("Se acepta la tirada", "Roll accepted"),
                };
                if let Some(ws) = witnesses.as_ref().filter(|w| !w.is_empty()) {
                    s.push_str(&format!(
                        "; {}: {}",
                        p("Pavor a", "fear to"),
                        self.names(ws)
                    ));
                }
                // R26 (rules 4): the one friend engaged with the target is
                // hit with no one naming it; the history says so.
                let auto = self.state.pending.as_ref().and_then(|p| {
                    let ctx = super::guard::Ctx {
                        rules: self.rules,
                        setup: self.setup,
                    };
                    super::shooting::auto_stray(self.state, ctx, &p.action)
                });
                if let Some(f) = stray.or(auto) {
                    s.push_str(&format!(
                        "; {} {}",
                        p("impacta a la amiga", "hits its friend"),
                        self.n(f)
                    ));
                }
                s
            }
            A::Activate(act::Activate { model }) => {
                format!("{} {}", self.n(*model), p("se activa", "activates"))
            }
            A::EndActivation(act::EndActivation {
                model,
                terrain,
                near_enemy_totem,
            }) => {
                let mut s = format!(
                    "{} {}",
                    self.n(*model),
                    p("termina su activación", "ends its activation")
                );
                if !terrain.is_empty() {
                    let names: Vec<String> = terrain
                        .iter()
                        .map(|t| {
                            self.rules
                                .warband
                                .terrain
                                .iter()
                                .find(|x| x.id == *t)
                                .map_or_else(|| t.clone(), |x| x.name.get(l).to_string())
                        })
                        .collect();
                    s.push_str(&format!(" {} {}", p("sobre", "on"), names.join(", ")));
                }
                if *near_enemy_totem {
                    s.push_str(&format!(
                        " {}",
                        p("cerca del Tótem enemigo", "near the enemy totem")
                    ));
                }
                s
            }
            A::EndTurn(act::EndTurn {}) => p("Fin del turno", "End of the turn"),
            A::EndGame(act::EndGame {}) => {
                let (a, b) = (
                    self.state.sides.a.score.total(),
                    self.state.sides.b.score.total(),
                );
                match self.state.winner() {
                    Some(w) => format!(
                        "{}: {} {} ({} {a}–{b})",
                        p("Fin de la partida", "Game over"),
                        p("gana", "won by"),
                        self.warband(w, l),
                        glossary::VP.get(l)
                    ),
                    None => format!(
                        "{}: {} ({} {a}–{b})",
                        p("Fin de la partida", "Game over"),
                        p("empate", "a draw"),
                        glossary::VP.get(l)
                    ),
                }
            }
            A::Move(act::Move { model }) => format!("{} {}", self.n(*model), p("mueve", "moves")),
            A::StandUp(act::StandUp { model }) => {
                format!("{} {}", self.n(*model), p("se levanta", "stands up"))
            }
            A::Loot(act::Loot { model, body, item }) => {
                let mut s = format!(
                    "{} {} {}",
                    self.n(*model),
                    p("rapiña a", "loots"),
                    self.n(*body)
                );
                if !item.is_empty() {
                    s.push_str(&format!(": {item}"));
                }
                s
            }
            A::UseHerb(act::UseHerb { model }) => format!(
                "{} {}",
                self.n(*model),
                p(
                    "quema una Hierba mística (+1 PD propio)",
                    "burns a mystic herb (+1 own DP)"
                )
            ),
            A::TouchTerrain(act::TouchTerrain { model, terrain }) => {
                format!("{} {} {terrain}", self.n(*model), p("toca", "touches"))
            }
            A::Assault(act::Assault {
                attacker,
                defender,
                brutal,
                roll,
                ..
            }) => format!(
                "{} {} {}: {} — {}",
                self.n(*attacker),
                if *brutal {
                    p("asalta brutalmente a", "brutally assaults")
                } else {
                    p("asalta a", "assaults")
                },
                self.n(*defender),
                self.opposed_named(roll, *attacker, *defender, l),
                self.fight_result(*attacker, *defender, roll, l)
            ),
            A::Fight(act::Fight {
                attacker,
                defender,
                roll,
                ..
            }) => format!(
                "{} {} {}: {} — {}",
                self.n(*attacker),
                p("combate con", "fights"),
                self.n(*defender),
                self.opposed_named(roll, *attacker, *defender, l),
                self.fight_result(*attacker, *defender, roll, l)
            ),
            A::Disengage(act::Disengage { model, rolls }) => {
                let parts: Vec<String> = rolls
                    .iter()
                    .map(|r| {
                        format!(
                            "{} ({})",
                            self.opposed_named(&Some(r.roll.clone()), *model, r.opponent, l),
                            self.n(r.opponent)
                        )
                    })
                    .collect();
                let free = rolls
                    .iter()
                    .all(|r| r.roll.outcome() != OpposedOutcome::PassiveWins);
                format!(
                    "{} {}: {} — {}",
                    self.n(*model),
                    p("intenta separarse del combate", "tries to disengage"),
                    parts.join("; "),
                    if free {
                        // R25: the move away is part of the Disengage.
                        p(
                            "lo consigue y se aleja (el movimiento va incluido, R25)",
                            "gets away and moves off (the move is included, R25)",
                        )
                    } else {
                        p("sigue trabada e impactada", "stays engaged and is hit")
                    }
                )
            }
            A::Shoot(act::Shoot {
                shooter,
                target,
                options,
                roll,
                stray,
            }) => {
                let mut s = format!(
                    "{} {} {}{}: {}",
                    self.n(*shooter),
                    p("dispara a", "shoots at"),
                    self.n(*target),
                    if options.aimed {
                        p(" apuntando", " (aimed)")
                    } else {
                        String::new()
                    },
                    self.check(roll, l)
                );
                if let Some(f) = stray {
                    s.push_str(&format!(
                        "; {} {}",
                        p("impacta a la amiga", "hits its friend"),
                        self.n(*f)
                    ));
                }
                s
            }
            A::ResolveHit(act::ResolveHit {
                attacker,
                target,
                options,
                roll,
                witnesses,
            }) => {
                let down = self.hit_downs(*attacker, *target, roll);
                // R02: the side whose activation it is rolls as the active
                // side; each total is printed next to its own name.
                let (act, pas) = if self.target_active(*attacker, *target) {
                    (*target, *attacker)
                } else {
                    (*attacker, *target)
                };
                let mut s = format!(
                    "{} {} {}: {} — {}",
                    p("Impacto de", "Hit by"),
                    self.n(*attacker),
                    format_args!("{} {}", p("sobre", "on"), self.n(*target)),
                    self.opposed_named(roll, act, pas, l),
                    if down {
                        format!("{} {}", self.n(*target), p("Abatida", "is Down"))
                    } else {
                        format!("{} {}", self.n(*target), p("resiste", "withstands it"))
                    }
                );
                if options.iron_defence {
                    s.push_str(&format!(" ({})", p("Defensa férrea", "Iron defence")));
                }
                // R31: witnesses gain fear only when the target is put
                // Down; a withstood hit frightens no one.
                if down && !witnesses.is_empty() {
                    s.push_str(&format!(
                        "; {}: {}",
                        p("Pavor a", "fear to"),
                        self.names(witnesses)
                    ));
                }
                s
            }
            A::Breath(act::Breath { model, targets }) => format!(
                "{} {}: {}",
                self.n(*model),
                p("lanza su Aliento", "breathes"),
                if targets.is_empty() {
                    p("a nadie", "on no one")
                } else {
                    self.names(targets)
                }
            ),
            A::Fall(act::Fall {
                model,
                height_cm,
                roll,
                ..
            }) => {
                let down = roll
                    .as_ref()
                    .is_some_and(|r| r.outcome() == OpposedOutcome::PassiveWins);
                format!(
                    "{} {} {height_cm} cm{} — {}",
                    self.n(*model),
                    p("cae", "falls"),
                    roll.as_ref()
                        .map(|r| format!(": {}", self.opposed(&Some(r.clone()), l)))
                        .unwrap_or_default(),
                    if down {
                        p("Abatida", "Down")
                    } else {
                        p("Tumbada", "Prone")
                    }
                )
            }
            A::Check(act::Check {
                model,
                stat,
                reason,
                roll,
                ..
            }) => format!(
                "{}: {} {}{}: {}",
                self.n(*model),
                p("tirada de", "check of"),
                stat.name(l),
                if reason.is_empty() {
                    String::new()
                } else {
                    format!(" ({reason})")
                },
                self.check(roll, l)
            ),
            A::LeaderOrder(act::LeaderOrder { leader, model }) => {
                format!(
                    "{} {} {}",
                    self.n(*leader),
                    p("da una orden a", "orders"),
                    self.n(*model)
                )
            }
            A::LeaderRally(act::LeaderRally { leader, models }) => format!(
                "{} {}: {}",
                self.n(*leader),
                p("reagrupa", "rallies"),
                self.names(models)
            ),
            A::TotemOwn(act::TotemOwn { model }) => format!(
                "{} {}",
                self.n(*model),
                p("toca su Tótem", "touches its totem")
            ),
            A::TotemEnemy(act::TotemEnemy { model }) => format!(
                "{} {}",
                self.n(*model),
                p("destruye el Tótem enemigo", "destroys the enemy totem")
            ),
            A::CastSpell(act::CastSpell {
                caster,
                spell,
                target,
                backlash,
                targets,
                ..
            }) => {
                let mut on = target
                    .map(|t| format!(" {} {}", p("sobre", "on"), self.n(t)))
                    .unwrap_or_default();
                if !targets.is_empty() {
                    let names: Vec<String> = targets.iter().map(|t| self.n(*t)).collect();
                    on.push_str(&format!(
                        " ({} {})",
                        p("impacta a", "hits"),
                        names.join(", ")
                    ));
                }
                let (level, cost, name) = match spell {
                    SpellChoice::Known { index } => self
                        .state
                        .model(*caster)
                        .and_then(|x| x.spells.get(*index))
                        .map_or((0, 0, String::new()), |s| (s.level, s.cost, s.name.clone())),
                    SpellChoice::Custom {
                        name, level, cost, ..
                    } => (*level, *cost, name.clone()),
                };
                let rolled: i32 = backlash.iter().map(|d| *d as i32).sum();
                let fear = self.state.model(*caster).map_or(0, |x| x.fear);
                let total = rolled + level as i32 + fear;
                format!(
                    "{} {} «{}» ({} {level}, {cost} {}){}: {} {rolled} + {level} + {fear} = {total}: {}",
                    self.n(*caster),
                    p("lanza", "casts"),
                    if name.is_empty() {
                        p("hechizo", "spell")
                    } else {
                        name
                    },
                    p("nivel", "level"),
                    glossary::DP.get(l),
                    on,
                    p("efectos", "backlash"),
                    self.row_text("spell_backlash", total, l)
                )
            }
            A::BeastAppears(act::BeastAppears { beast }) => {
                let name = match beast {
                    BeastChoice::Bestiary { index } => self
                        .setup
                        .bestiary
                        .get(*index)
                        .map(|b| b.name.clone())
                        .unwrap_or_default(),
                    BeastChoice::New(b) => b.name.clone(),
                };
                format!("{} {name}", p("Aparece la bestia", "A beast appears:"))
            }
            A::ScenarioPoints(act::ScenarioPoints { side, points, note }) => format!(
                "{}: {} {}{}",
                self.warband(*side, l),
                signed(*points),
                p("PV de escenario", "scenario VP"),
                if note.is_empty() {
                    String::new()
                } else {
                    format!(" ({note})")
                }
            ),
            A::AdjustFear(act::AdjustFear { model, delta }) => format!(
                "{}: {} {} {}",
                p("Ajuste", "Adjustment"),
                self.n(*model),
                p("Pavor", "fear"),
                signed(*delta)
            ),
            A::AdjustPool(act::AdjustPool { side, delta }) => format!(
                "{}: {} {} {}",
                p("Ajuste", "Adjustment"),
                p("reserva de", "pool of"),
                self.warband(*side, l),
                signed(*delta)
            ),
            A::AdjustOwnDp(act::AdjustOwnDp { model, delta }) => format!(
                "{}: {} {} {}",
                p("Ajuste", "Adjustment"),
                self.n(*model),
                p("PD propios", "own DP"),
                signed(*delta)
            ),
            A::AdjustToughness(act::AdjustToughness { model, delta }) => format!(
                "{}: {} {} {}",
                p("Ajuste", "Adjustment"),
                self.n(*model),
                glossary::stat(Stat::Toughness).get(l),
                signed(*delta)
            ),
            A::SetStatus(act::SetStatus { model, status }) => format!(
                "{}: {} → {}",
                p("Ajuste", "Adjustment"),
                self.n(*model),
                status.label(l)
            ),
            A::SetEngaged(act::SetEngaged { a, b, engaged }) => format!(
                "{}: {} {} {}",
                p("Ajuste", "Adjustment"),
                self.n(*a),
                if *engaged {
                    p("trabada con", "engaged with")
                } else {
                    p("ya no trabada con", "no longer engaged with")
                },
                self.n(*b)
            ),
            A::SetRound(act::SetRound { model, round }) => format!(
                "{}: {} {} {round}",
                p("Ajuste", "Adjustment"),
                self.n(*model),
                p("a la ronda", "to round")
            ),
            A::Note(act::Note { text }) => format!("{}: {text}", p("Nota", "Note")),
        }
    }
}
