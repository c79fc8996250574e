//! A declaration's words: a table row's name with its effect ("Distancia
//! corta (+1)", "Disparo defensivo (1 complicación)"), every number read
//! from the tables.

use serde::Serialize;

use crate::tables::{ActionCost, CheckOption, RuleSet};
use crate::text::{Lang, Text, signed};

/// A modifier as a table gives it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Effect {
    #[serde(skip_serializing_if = "is_zero")]
    pub modifier: i32,
    #[serde(skip_serializing_if = "is_zero_u")]
    pub advantages: u32,
    #[serde(skip_serializing_if = "is_zero_u")]
    pub complications: u32,
    /// Added to the hit the check leads to.
    #[serde(skip_serializing_if = "is_zero")]
    pub hit_strength: i32,
    /// R30: added to the target's Armour.
    #[serde(skip_serializing_if = "is_zero")]
    pub armour: i32,
    /// The DP it adds to the action's (R26 aimed shot, R28 Iron defence).
    #[serde(skip_serializing_if = "is_zero")]
    pub dp: i32,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

fn is_zero_u(n: &u32) -> bool {
    *n == 0
}

impl Effect {
    pub(super) fn of_option(o: &CheckOption) -> Effect {
        Effect {
            modifier: o.modifier,
            advantages: o.advantages,
            complications: o.complications,
            hit_strength: o.hit_strength,
            armour: 0,
            dp: 0,
        }
    }

    /// The effect of the declared form `form` of the row `base` (R26 an
    /// aimed shot, R28 Iron defence): the form's own effect and the DP it
    /// costs beyond `base`'s, both from `tables/actions.yaml`.
    pub(super) fn of_form(form: &ActionCost, base: Option<&ActionCost>) -> Effect {
        let dp = |r: &ActionCost| r.dp.unwrap_or(0) as i32;
        Effect {
            modifier: form.effect.modifier,
            advantages: form.effect.advantages,
            complications: 0,
            hit_strength: 0,
            armour: 0,
            dp: dp(form) - base.map_or(0, dp),
        }
    }

    /// The effect in words ("+1", "2 complicaciones", "+1 Blindaje").
    pub fn text(&self) -> Text {
        let mut es = Vec::new();
        let mut en = Vec::new();
        if self.dp != 0 {
            let word = |l| crate::glossary::DP.get(l);
            es.push(format!("{} {}", signed(self.dp), word(Lang::Es)));
            en.push(format!("{} {}", signed(self.dp), word(Lang::En)));
        }
        if self.modifier != 0 {
            es.push(signed(self.modifier));
            en.push(signed(self.modifier));
        }
        let count = |n: u32, es1: &str, esn: &str, en1: &str, enn: &str| {
            (
                format!("{n} {}", if n == 1 { es1 } else { esn }),
                format!("{n} {}", if n == 1 { en1 } else { enn }),
            )
        };
        if self.advantages > 0 {
            let (a, b) = count(
                self.advantages,
                "ventaja",
                "ventajas",
                "advantage",
                "advantages",
            );
            es.push(a);
            en.push(b);
        }
        if self.complications > 0 {
            let (a, b) = count(
                self.complications,
                "complicación",
                "complicaciones",
                "complication",
                "complications",
            );
            es.push(a);
            en.push(b);
        }
        if self.hit_strength != 0 {
            let word = |l| crate::tables::Stat::Strength.name(l);
            es.push(format!(
                "{} {} al impacto",
                signed(self.hit_strength),
                word(Lang::Es)
            ));
            en.push(format!(
                "{} {} to the hit",
                signed(self.hit_strength),
                word(Lang::En)
            ));
        }
        if self.armour != 0 {
            let word = |l| crate::glossary::ARMOUR.get(l);
            es.push(format!("{} {}", signed(self.armour), word(Lang::Es)));
            en.push(format!("{} {}", signed(self.armour), word(Lang::En)));
        }
        Text::new(es.join(", "), en.join(", "))
    }
}

/// "name (effect)", or the name alone when it has no effect.
pub(super) fn with_effect(name: &Text, effect: &Effect) -> Text {
    let e = effect.text();
    if e.es.is_empty() {
        return name.clone();
    }
    Text::new(
        format!("{} ({})", name.es, e.es),
        format!("{} ({})", name.en, e.en),
    )
}

/// The name and effect of the table option `id` of the action row `row`
/// ("Disparo defensivo (1 complicación)"), for a client's words.
pub fn option_label(rules: &RuleSet, row: &str, id: &str) -> Option<Text> {
    let o = rules.action(row)?.options.iter().find(|o| o.id == id)?;
    Some(with_effect(&o.name, &Effect::of_option(o)))
}
