//! `cast_spell`: R38: cast a spell, fear to the models within 15 cm, then
//! the backlash roll.

use crate::core::game::act::CastSpell;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for CastSpell {}

// ── Words: the history's line ────────────────────────────────────────

use crate::core::game::describe::Describer;
use crate::core::game::SpellChoice;
use crate::core::glossary;
use crate::core::text::Lang;

impl super::Words for CastSpell {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let mut on = self
            .target
            .map(|t| format!(" {} {}", l.pick("sobre", "on"), d.n(t)))
            .unwrap_or_default();
        if !self.targets.is_empty() {
            let names: Vec<String> = self.targets.iter().map(|t| d.n(*t)).collect();
            on.push_str(&format!(
                " ({} {})",
                l.pick("impacta a", "hits"),
                names.join(", ")
            ));
        }
        let (level, cost, name) = match &self.spell {
            SpellChoice::Known { index } => d
                .state
                .model(self.caster)
                .and_then(|x| x.spells.get(*index))
                .map_or((0, 0, String::new()), |s| (s.level, s.cost, s.name.clone())),
            SpellChoice::Custom {
                name, level, cost, ..
            } => (*level, *cost, name.clone()),
        };
        // R38: the backlash roll adds the spell's level and the caster's fear.
        let rolled: i32 = self.backlash.iter().map(|v| *v as i32).sum();
        let fear = d.state.model(self.caster).map_or(0, |x| x.fear);
        let total = rolled + level as i32 + fear;
        format!(
            "{} {} «{}» ({} {level}, {cost} {}){}: {} {rolled} + {level} + {fear} = {total}: {}",
            d.n(self.caster),
            l.pick("lanza", "casts"),
            if name.is_empty() {
                l.pick("hechizo", "spell").to_string()
            } else {
                name
            },
            l.pick("nivel", "level"),
            glossary::DP.get(l),
            on,
            l.pick("efectos", "backlash"),
            d.row_text("spell_backlash", total, l)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for CastSpell {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for CastSpell {}
