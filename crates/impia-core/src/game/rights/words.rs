//! The words of issue 33's rights, in both languages: whose choice a
//! field is, and what a roll waits for and from whom. Every client shows
//! these sentences as they are.

use super::super::pending::roll_parts;
use super::super::refs::Side;
use super::super::session::Game;
use super::super::taker::Taker;
use super::{Denied, Field, Waiting};
use crate::game::action::Party;
use crate::text::Lang;

/// A warband's player by name (else its letter).
pub(crate) fn player(g: &Game, side: Side, l: Lang) -> String {
    g.state().player_name(side, l)
}

fn owner_name(g: &Game, owner: Taker, l: Lang) -> String {
    match owner {
        Taker::A => player(g, Side::A, l),
        Taker::B => player(g, Side::B, l),
        Taker::Either => l.pick("cualquiera", "either player").into(),
        Taker::Neither => l.pick("el ordenador", "the laptop").into(),
    }
}

impl Field {
    /// The field in words, as the end of "… is Bruno's choice".
    pub fn words(&self, g: &Game, l: Lang) -> String {
        let n = |m| g.state().name(m);
        match self {
            Field::Action => l.pick("esta acción", "this action").into(),
            Field::Extra {
                on: Party::Attacker,
            } => l
                .pick(
                    "el modificador a mano de la tirada del atacante",
                    "the hand modifier on the attacker's roll",
                )
                .into(),
            Field::Extra {
                on: Party::Defender,
            } => l
                .pick(
                    "el modificador a mano de la tirada del defensor",
                    "the hand modifier on the defender's roll",
                )
                .into(),
            Field::Weapon { model } => match l {
                Lang::Es => format!("el arma de {}", n(*model)),
                Lang::En => format!("{}'s weapon", n(*model)),
            },
            Field::Friends { model } => match l {
                Lang::Es => format!("los amigos en el combate de {}", n(*model)),
                Lang::En => format!("the friends in the fight on {}'s side", n(*model)),
            },
            Field::IronDefence => l.pick("la Defensa férrea", "Iron defence").into(),
            Field::Cover => l.pick("la cobertura", "cover").into(),
            Field::SurvivalInstinct => l
                .pick("el Instinto de supervivencia", "Survival instinct")
                .into(),
            Field::Inspired => l.pick("Inspirador", "Inspiring").into(),
            Field::Imposing { model } => match l {
                Lang::Es => format!("la Presencia imponente de {}", n(*model)),
                Lang::En => format!("{}'s Imposing presence", n(*model)),
            },
            Field::Dice { model } => match l {
                Lang::Es => format!("los dados de {}", n(*model)),
                Lang::En => format!("{}'s dice", n(*model)),
            },
            Field::Witnesses => l
                .pick("qué testigos ganan Pavor", "which witnesses gain fear")
                .into(),
            Field::Stray => l
                .pick(
                    "qué amigo recibe el disparo perdido",
                    "which friend takes the stray shot",
                )
                .into(),
            Field::Within30cm => l
                .pick(
                    "qué miniaturas alcanza el contragolpe",
                    "which models the backlash reaches",
                )
                .into(),
            Field::Engagement => l
                .pick("un trabado puesto a mano", "an engagement set by hand")
                .into(),
            Field::EndTurn { side } => match l {
                Lang::Es => format!(
                    "terminar el turno con miniaturas de {} por activar",
                    player(g, *side, l)
                ),
                Lang::En => format!(
                    "ending the turn with {}'s models still to activate",
                    player(g, *side, l)
                ),
            },
            Field::Rerolls => l.pick("cerrar la tirada", "closing the roll").into(),
        }
    }
}

impl Denied {
    /// Why the seat may not: whose choice it is, in one sentence.
    pub fn message(&self, g: &Game, l: Lang) -> String {
        let who = owner_name(g, self.owner, l);
        match (self.field, l) {
            (Field::Rerolls, Lang::Es) => {
                format!("{who} aún puede repetir la tirada: primero la repite o pasa")
            }
            (Field::Rerolls, Lang::En) => {
                format!("{who} may still re-roll: they re-roll or pass first")
            }
            (
                Field::EndTurn { .. }
                | Field::Engagement
                | Field::Witnesses
                | Field::Stray
                | Field::Within30cm,
                Lang::Es,
            ) => format!(
                "{} es cosa de {who}: que lo haga desde su teléfono, o el ordenador",
                capital(&self.field.words(g, l))
            ),
            (
                Field::EndTurn { .. }
                | Field::Engagement
                | Field::Witnesses
                | Field::Stray
                | Field::Within30cm,
                Lang::En,
            ) => format!(
                "{} is {who}'s to agree: from their phone, or the laptop",
                capital(&self.field.words(g, l))
            ),
            (_, Lang::Es) => format!("{} es decisión de {who}", capital(&self.field.words(g, l))),
            (_, Lang::En) => format!("{} is {who}'s choice", capital(&self.field.words(g, l))),
        }
    }
}

impl Waiting {
    /// What the roll waits for and from whom, for both phones.
    pub fn text(&self, g: &Game, l: Lang) -> String {
        let what: Vec<String> = self
            .needs
            .iter()
            .map(|f| match f {
                Field::Action => l.pick("sus elecciones", "their choices").into(),
                f => f.words(g, l),
            })
            .collect();
        // A roll not yet rolled: its name and who rolls it (its history
        // line would tell a result).
        let label = if self.action.is_roll() {
            let st = g.state();
            let names: Vec<String> = roll_parts(st, &self.action)
                .iter()
                .map(|p| st.name(p.model))
                .collect();
            format!(
                "{} ({})",
                self.action.act().label(st, g.rules(), l),
                names.join(" — ")
            )
        } else {
            g.describe(&self.action, l)
        };
        match l {
            Lang::Es => format!(
                "{label} — esperando a {}: {}",
                player(g, self.from, l),
                what.join(", ")
            ),
            Lang::En => format!(
                "{label} — waiting for {}: {}",
                player(g, self.from, l),
                what.join(", ")
            ),
        }
    }
}

/// The first letter in capitals.
fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
