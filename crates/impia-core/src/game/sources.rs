//! Typed modifier sources (issue 22): a check is a list of terms, each with
//! what it adds (its base value, modifier, advantages, complications) and
//! where it comes from. A side's spec is the sum of its terms, so the
//! words and the sum cannot disagree; one renderer per language (`es.rs`,
//! `en.rs`, one exhaustive match each, the refusals' pattern) says each
//! term with the glossary and the numbers of the term itself.

mod en;
mod es;

use super::action::Party;
use crate::dice::CheckSpec;
use crate::tables::Stat;
use crate::text::Text;

/// What one term adds to its side's check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Edge {
    /// The base value (the attribute, the weapon's Combat, the hit's
    /// Strength…): one term of each side has it.
    pub value: i32,
    pub modifier: i32,
    pub advantages: u32,
    pub complications: u32,
}

impl Edge {
    /// A term that only says something (a weapon's bonus to the hit).
    pub(crate) const NONE: Edge = Edge {
        value: 0,
        modifier: 0,
        advantages: 0,
        complications: 0,
    };

    pub(crate) fn base(value: i32) -> Self {
        Edge {
            value,
            ..Edge::NONE
        }
    }
    pub(crate) fn modifier(modifier: i32) -> Self {
        Edge {
            modifier,
            ..Edge::NONE
        }
    }
    pub(crate) fn advantages(advantages: u32) -> Self {
        Edge {
            advantages,
            ..Edge::NONE
        }
    }
    pub(crate) fn complications(complications: u32) -> Self {
        Edge {
            complications,
            ..Edge::NONE
        }
    }
}

/// Where a term of a check comes from; the models by name, the table rows
/// by their names in both languages. The numbers a term adds are in its
/// [`Edge`], not here.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Source<'a> {
    /// R01: the attribute a check is made on (its value is the base).
    Stat { who: &'a str, stat: Stat },
    /// R04: the modifier the players give an attribute check.
    GivenModifier,
    /// R04: advantages and complications the players name.
    GivenEdge,
    /// R31: a model whose fear has reached its Courage.
    Fear {
        who: &'a str,
        fear: i32,
        courage: i32,
    },
    /// R03: the players' extra modifier with its reason.
    Extra { who: &'a str, reason: &'a str },
    /// A table option of an action row, `times` for a counted one; the
    /// Strength it adds to the hit that follows.
    TableOption {
        who: &'a str,
        option: &'a Text,
        times: Option<u32>,
        hit_strength: i32,
        rule: &'a str,
    },
    /// R20, R23: the Combat of a melee weapon (the base), `change` from
    /// the model's own.
    WeaponCombat {
        who: &'a str,
        weapon: &'a Text,
        change: i32,
    },
    /// An action row's own modifier (Assault).
    ActionRow {
        who: &'a str,
        row: &'a Text,
        rule: &'a str,
    },
    /// An action row that gives advantages (Brutal assault, Iron defence,
    /// Aimed shot).
    RowAdvantages {
        who: &'a str,
        row: &'a Text,
        rule: &'a str,
    },
    /// R34: a weapon's bonus to the hit in an Assault (the spear).
    AssaultBonus {
        who: &'a str,
        weapon: &'a Text,
        strength: i32,
        penetration: i32,
    },
    /// R24: extra friends in the fight.
    Friends {
        who: &'a str,
        option: &'a Text,
        count: u32,
        rule: &'a str,
    },
    /// R42: an enemy's Imposing presence.
    Imposing { who: &'a str, by: String },
    /// R41: the opponent is a Constrictor.
    Constrictor { who: &'a str, by: &'a str },
    /// R27: the hit's Strength (the base) and Penetration.
    HitStrength {
        who: &'a str,
        weapon: &'a Text,
        penetration: i32,
    },
    /// R27: the target's Toughness (the base), `lost` of it lost.
    Toughness { who: &'a str, lost: i32 },
    /// R29, R30: Armour and cover lowered by Penetration, never below 0
    /// (the modifier is what is left).
    Armour {
        who: &'a str,
        armour: i32,
        cover: i32,
        penetration: i32,
    },
    /// R42: Survival instinct.
    SurvivalInstinct { who: &'a str },
    /// R26: the shooter's Accuracy (the base) with its weapon at a target.
    Shot {
        who: &'a str,
        weapon: &'a Text,
        target: &'a str,
    },
    /// R18: the falling model's Toughness, no Armour (the base).
    FallToughness { who: &'a str },
    /// R18: the fall's Strength (the base of the other side).
    Fall,
}

/// One term of a check: the side it counts for, what it adds, its source.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Term<'a> {
    pub party: Party,
    pub edge: Edge,
    pub source: Source<'a>,
}

/// The terms of a check, in the order they are said; an attribute check
/// uses the attacker's side only.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Check<'a> {
    terms: Vec<Term<'a>>,
}

impl<'a> Check<'a> {
    pub(crate) fn new() -> Self {
        Check::default()
    }

    /// Count `edge` for `party`, from `source`.
    pub(crate) fn add(&mut self, party: Party, edge: Edge, source: Source<'a>) {
        self.terms.push(Term {
            party,
            edge,
            source,
        });
    }

    /// The spec of `party`'s side: the sum of its terms.
    pub(crate) fn spec(&self, party: Party) -> CheckSpec {
        let mut s = CheckSpec::default();
        for t in self.terms.iter().filter(|t| t.party == party) {
            s.value += t.edge.value;
            s.modifier += t.edge.modifier;
            s.advantages += t.edge.advantages;
            s.complications += t.edge.complications;
        }
        s
    }

    /// Every term in words, both languages.
    pub(crate) fn sources(&self) -> Vec<Text> {
        self.terms
            .iter()
            .map(|t| Text::new(es::term(t), en::term(t)))
            .collect()
    }
}

// Issue 34: one signed-number formatter for every client.
pub(crate) use crate::text::signed;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sides_spec_is_the_sum_of_its_terms() {
        let mut c = Check::new();
        c.add(
            Party::Attacker,
            Edge::base(5),
            Source::Stat {
                who: "Ulrak",
                stat: Stat::Combat,
            },
        );
        c.add(Party::Defender, Edge::base(3), Source::Fall);
        c.add(Party::Attacker, Edge::modifier(-2), Source::GivenModifier);
        c.add(
            Party::Attacker,
            Edge {
                advantages: 1,
                complications: 2,
                ..Edge::NONE
            },
            Source::GivenEdge,
        );
        let a = c.spec(Party::Attacker);
        assert_eq!(
            (a.value, a.modifier, a.advantages, a.complications),
            (5, -2, 1, 2)
        );
        assert_eq!(c.spec(Party::Defender), CheckSpec::new(3));
        assert_eq!(c.sources().len(), 4);
        assert_eq!(c.sources()[2].en, "Modifier -2");
        assert_eq!(c.sources()[2].es, "Modificador -2");
    }
}
