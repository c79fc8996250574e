//! The game's words in both languages, spelt once: the six attributes and
//! their short forms, the weapon columns, the points and the parts of a
//! turn. The CLI, the app, the PDF and the core's own sentences take them
//! from here; rule data (troops, gear, actions) keeps its names in
//! `tables/`.

use crate::tables::Stat;
use crate::text::Lang;

/// One game word in Spanish and English.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    pub es: &'static str,
    pub en: &'static str,
}

impl Term {
    const fn new(es: &'static str, en: &'static str) -> Self {
        Term { es, en }
    }

    /// The word in `l`.
    pub fn get(self, l: Lang) -> &'static str {
        l.pick(self.es, self.en)
    }
}

// The words of an attribute are its glossary entries: written here, next
// to them, so that the tables never import the glossary.
impl Stat {
    /// The summary's column head (Agilidad…) or its English name.
    pub fn name(self, l: Lang) -> &'static str {
        stat(self).get(l)
    }

    /// A short form for one-line profiles.
    pub fn abbrev(self, l: Lang) -> &'static str {
        stat_abbrev(self).get(l)
    }
}

/// The summary's name of an attribute (R40): Agilidad, Combate…
pub fn stat(s: Stat) -> Term {
    match s {
        Stat::Agility => Term::new("Agilidad", "Agility"),
        Stat::Combat => Term::new("Combate", "Combat"),
        Stat::Accuracy => Term::new("Precisión", "Accuracy"),
        Stat::Strength => Term::new("Fuerza", "Strength"),
        Stat::Toughness => Term::new("Dureza", "Toughness"),
        Stat::Courage => Term::new("Coraje", "Courage"),
    }
}

/// An attribute's short form for one-line profiles.
pub fn stat_abbrev(s: Stat) -> Term {
    match s {
        Stat::Agility => Term::new("Ag", "Ag"),
        Stat::Combat => Term::new("Co", "Cb"),
        Stat::Accuracy => Term::new("Pr", "Ac"),
        Stat::Strength => Term::new("Fu", "St"),
        Stat::Toughness => Term::new("Du", "To"),
        Stat::Courage => Term::new("Cor", "Cou"),
    }
}

/// R01: a check of one attribute against a d10.
pub const ATTRIBUTE_CHECK: Term = Term::new("Tirada de Atributo", "Attribute check");
/// R02: two models' checks against each other.
pub const OPPOSED_CHECK: Term = Term::new("Tirada enfrentada", "Opposed check");
/// The warband's Leader (R06).
pub const LEADER: Term = Term::new("Líder", "Leader");
/// The warband's Totem (R33).
pub const TOTEM: Term = Term::new("Tótem", "Totem");
/// The Dark Forces' beasts, a side of their own (R39).
pub const BEASTS: Term = Term::new("Bestias", "Beasts");

/// Destiny points (R10–R12).
pub const DP: Term = Term::new("PD", "DP");
/// A warband's common pool of destiny points (R10–R12).
pub const POOL: Term = Term::new("Reserva común", "Destiny pool");
/// Victory points.
pub const VP: Term = Term::new("PV", "VP");
/// A model's movement, as a profile's column head.
pub const MOVE: Term = Term::new("Mov.", "Move");
/// Fear.
pub const FEAR: Term = Term::new("Pavor", "Fear");

/// A weapon, as a column head.
pub const WEAPON: Term = Term::new("Arma", "Weapon");
/// A ranged weapon's range.
pub const RANGE: Term = Term::new("Distancia", "Range");
/// A hit's or weapon's penetration.
pub const PENETRATION: Term = Term::new("Penetración", "Penetration");
/// A model's Armour (R29).
pub const ARMOUR: Term = Term::new("Blindaje", "Armour");

/// Before the models a model fights (R21); a phrase with no adjective, so
/// the Spanish agrees with any name ("trabada" did not fit Ulrak).
pub const ENGAGED_WITH: Term = Term::new("En combate con", "Engaged with");
/// A game turn.
pub const TURN: Term = Term::new("Turno", "Turn");
/// An agility round of a turn (R05–R08).
pub const ROUND: Term = Term::new("Ronda", "Round");
/// The table rolled at the start of each turn (R39).
pub const DARK_FORCES: Term = Term::new("Fuerzas Oscuras", "Dark Forces");
/// The step where models change rounds (R09).
/// The report's story heading: the game told turn by turn.
pub const TURN_BY_TURN: Term = Term::new("Turno a turno", "Turn by turn");

pub const CHANGE_ROUND: Term = Term::new("Cambiar ronda", "Change round");
