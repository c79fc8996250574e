//! `cast_spell`: R38: cast a spell, fear to the models within 15 cm, then
//! the backlash roll.

use crate::core::game::act::CastSpell;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for CastSpell {}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for CastSpell {}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for CastSpell {}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

use crate::core::dice::Roller;
use crate::core::game::guard::Ctx;
use crate::core::game::hits::hit_chance;
use crate::core::game::pending::{AcceptFacts, Fact};
use crate::core::game::prepare::{Checked, table_dice};
use crate::core::game::slot::Typed;
use crate::core::game::{Action, Chances, DiceSlot, GameError, GameState, spell};

impl super::Rolls for CastSpell {
    fn rolled_check(&self) -> Option<&dyn Checked> {
        None
    }

    fn rolled_check_mut(&mut self) -> Option<&mut dyn Checked> {
        None
    }

    /// R38: the backlash dice.
    fn fill_dice(
        &mut self,
        _: &GameState,
        ctx: Ctx<'_>,
        roller: &mut Roller,
    ) -> Result<(), GameError> {
        if self.backlash.is_empty() {
            self.backlash = table_dice(ctx, "spell_backlash", roller)?;
        }
        Ok(())
    }

    fn dice_slots(&self, _: &GameState, _: Ctx<'_>) -> Result<Vec<DiceSlot>, GameError> {
        Ok(Vec::new())
    }

    fn put_typed_dice(
        &mut self,
        _: &GameState,
        _: Ctx<'_>,
        _: &Typed<'_>,
    ) -> Result<(), GameError> {
        Ok(())
    }

    /// R38: the spell takes effect with its backlash.
    fn resolve_roll(
        &self,
        st: &mut GameState,
        ctx: Ctx<'_>,
        lenient: bool,
    ) -> Option<Result<(), GameError>> {
        Some(spell::cast(
            st,
            ctx,
            spell::Cast {
                caster: self.caster,
                spell: &self.spell,
                target: self.target,
                within_15cm: &self.within_15cm,
                backlash: &self.backlash,
                within_30cm: &self.within_30cm,
                targets: &self.targets,
                lenient,
            },
        ))
    }

    /// R38 (rules 3): a spell's hit lands on every model it names.
    fn attack_chances(&self, st: &GameState, ctx: Ctx<'_>) -> Option<Chances> {
        if self.targets.len() != 1 || !ctx.setup.all_rules() {
            return None;
        }
        let hit = spell::spell_hit(st, self.caster, &self.spell).ok()??;
        Some(Chances {
            down: hit_chance(st, ctx, self.caster, self.targets[0], &hit).ok()?,
            attacker_down: None,
        })
    }

    fn accepted_roll<'a>(&self, _: &'a GameState) -> Option<&'a Action> {
        None
    }

    /// R38: the models within 30 cm of the spell.
    fn take_accept_facts(&mut self, facts: &AcceptFacts<'_>) -> Result<(), GameError> {
        facts.refuse_others(Some(Fact::Within30cm))?;
        if let Some(x) = facts.within_30cm {
            self.within_30cm = x.to_vec();
        }
        Ok(())
    }

    fn spends_dp(&self) -> bool {
        true
    }
}
