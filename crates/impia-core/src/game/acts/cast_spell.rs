//! `cast_spell`: R38: cast a spell, fear to the models within 15 cm, then
//! the backlash roll.

use crate::dice::Roller;
use crate::game::act::CastSpell;
use crate::game::action::{Action, SpellChoice, check_number};
use crate::game::describe::Describer;
use crate::game::engine::roll;
use crate::game::error::GameError;
use crate::game::guard::Ctx;
use crate::game::hits::hit_chance;
use crate::game::offers::Declares;
use crate::game::offers::names::*;
use crate::game::pending::{AcceptFacts, Fact};
use crate::game::prepare::{Checked, Dice, table_dice, table_slots};
use crate::game::slot::Typed;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::game::{Chances, DiceSlot, TableDie, spell};
use crate::glossary;
use crate::odds::Prob;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for CastSpell {
    /// R38: a roll, the backlash (rules 2).
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, whole: &Action) -> Result<(), GameError> {
        roll(st, ctx, whole)
    }

    fn while_roll_waits(&self, _: &mut GameState, _: Ctx<'_>) -> Option<Result<(), GameError>> {
        None
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.caster)
    }

    fn taker_reads_the_state(&self) -> bool {
        false
    }

    /// Issue 33: every field of it is its taker's.
    fn owners(&self, _: &GameState, _: &mut crate::game::owners::Owners) {}

    fn take_owned(&mut self, _: &crate::game::action::Action, _: crate::game::Side) {}

    fn check_numbers(&self) -> Result<(), GameError> {
        match &self.spell {
            SpellChoice::Custom {
                level, cost, hit, ..
            } => {
                check_number("level", *level)?;
                check_number("cost", *cost)?;
                if let Some(h) = hit {
                    check_number("strength", h.strength)?;
                    check_number("penetration", h.penetration)?;
                }
                Ok(())
            }
            SpellChoice::Known { .. } => Ok(()),
        }
    }

    fn is_roll(&self) -> bool {
        true
    }

    fn paid() -> bool {
        true
    }

    fn form_rows() -> &'static [&'static str] {
        &[]
    }
}

// ── Words: the history's line ────────────────────────────────────────

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
        // A spell of any level has no name yet: "a spell", not a quoted
        // placeholder; each language quotes a name its own way.
        let spell = if name.is_empty() {
            l.pick("un hechizo", "a spell").to_string()
        } else {
            format!("{}{name}{}", l.pick("«", "“"), l.pick("»", "”"))
        };
        format!(
            "{} {} {spell} ({} {level}, {cost} {}){}: {} {rolled} + {level} + {fear} = {total}: {}",
            d.n(self.caster),
            l.pick("lanza", "casts"),
            l.pick("nivel", "level"),
            glossary::DP.get(l),
            on,
            l.pick("efectos", "backlash"),
            d.row_text("spell_backlash", total, l)
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for CastSpell {
    fn cost(&self, st: &GameState, _ctx: Ctx<'_>) -> i32 {
        // R38: the spell's own cost.
        crate::game::spell::spell_of(st, self.caster, &self.spell)
            .map(|(_, c, _)| c as i32)
            .unwrap_or(0)
    }

    fn offer_acting(b: &mut Builder<'_>, on: &Actor<'_>) {
        // R38: each spell it knows, the other models to name near it.
        let a = on.model;
        for (index, s) in on.x.spells.iter().enumerate() {
            // R38: a spell with an effect on a model names it: one
            // target each, as an attack's.
            if !s.effect.is_none() {
                let others = in_play(b.st, |r| r != a);
                let hits = b.ctx.setup.all_rules() && s.hit.is_some();
                b.targeted(a, &others, |t| {
                    let mut x = known_spell(a, index, if hits { vec![t] } else { Vec::new() });
                    if let Action::CastSpell(c) = &mut x {
                        c.target = Some(t);
                    }
                    x
                });
                continue;
            }
            b.offer_with(
                Some(a),
                known_spell(a, index, Vec::new()),
                in_play(b.st, |r| r != a),
            );
            spell_targets(b, a, index);
        }
        // R38 (issue 34): a spell of any level, its numbers declared.
        if on.x.is_sorcerer() {
            b.offer(
                Some(a),
                Action::CastSpell(CastSpell {
                    caster: a,
                    spell: draft::any_level(),
                    target: None,
                    within_15cm: Vec::new(),
                    backlash: Vec::new(),
                    within_30cm: Vec::new(),
                    targets: Vec::new(),
                }),
            );
        }
    }

    fn acting_place() -> u8 {
        80
    }

    fn offers_rolled(&self, b: &mut Builder<'_>) {
        waiting_offers(
            b,
            Waiting {
                headstrong: false,
                witnessed: false,
            },
        );
    }

    fn label(&self, st: &GameState, rules: &RuleSet, l: Lang) -> String {
        match &self.spell {
            // The spell's own name.
            SpellChoice::Known { index } => st
                .model(self.caster)
                .and_then(|m| m.spells.get(*index))
                .map_or_else(|| "cast_spell".to_string(), |s| format!("✨ {}", s.name)),
            SpellChoice::Custom { .. } => row_label(rules, "cast_spell", l),
        }
    }

    fn declares(&self) -> Option<&dyn Declares> {
        Some(self)
    }

    fn declares_mut(&mut self) -> Option<&mut dyn Declares> {
        Some(self)
    }
}

impl Declares for CastSpell {
    fn declarations(&self, st: &GameState, ctx: Ctx<'_>) -> Vec<Declaration> {
        let me = self.caster;
        // R38 (issue 34): a spell of any level declares its numbers and
        // the models its hit hits.
        let can_pay = u32::try_from(crate::game::guard::can_pay(st, me)).unwrap_or(0);
        let mut out = draft::spell_numbers(ctx, &self.spell, can_pay);
        if matches!(self.spell, SpellChoice::Custom { hit: Some(_), .. }) {
            out.extend(draft::struck(
                draft::hit_by_spell(),
                in_play(st, |m| m != me),
            ));
        }
        out.extend(draft::listed(ctx, "cast_spell", in_play(st, |m| m != me)));
        out
    }

    fn declared(&self, key: &DeclKey) -> Option<Declared> {
        match key {
            DeclKey::Listed => Some(Declared::Models(self.within_15cm.clone())),
            DeclKey::Struck => Some(Declared::Models(self.targets.clone())),
            DeclKey::Spell(n) => draft::spell_number(&self.spell, *n),
            _ => None,
        }
    }

    fn declare(&mut self, key: &DeclKey, v: &Declared) -> bool {
        match (key, v) {
            (DeclKey::Listed, Declared::Models(ms)) => self.within_15cm = ms.clone(),
            (DeclKey::Struck, Declared::Models(ms)) => self.targets = ms.clone(),
            (DeclKey::Spell(n), Declared::Count(x)) => {
                if !draft::set_spell_number(&mut self.spell, *n, *x) {
                    return false;
                }
                // No hit declared: no model hit by it.
                if matches!(self.spell, SpellChoice::Custom { hit: None, .. }) {
                    self.targets.clear();
                }
            }
            _ => return false,
        }
        true
    }

    fn fill_draft(&mut self, _ctx: Ctx<'_>, _facts: Facts) {
        // Nothing the tracker knows is left to fill in.
    }
}

/// R38: every way the backlash dice may fall, each as likely (`None` past
/// a few thousand: no table of the game rolls that many).
fn backlash_faces(ctx: Ctx<'_>) -> Option<Vec<Vec<u32>>> {
    let t = crate::game::kit::table(ctx.rules, "spell_backlash").ok()?;
    let expr = t.dice_expr().ok()?;
    let n = u64::from(expr.sides).checked_pow(expr.count)?;
    if n == 0 || n > 4096 {
        return None;
    }
    let mut out: Vec<Vec<u32>> = vec![Vec::new()];
    for _ in 0..expr.count {
        out = out
            .into_iter()
            .flat_map(|d| {
                (1..=expr.sides).map(move |f| {
                    let mut d = d.clone();
                    d.push(f);
                    d
                })
            })
            .collect();
    }
    Some(out)
}

/// The spell `index` that `caster` knows, hitting `targets`.
fn known_spell(caster: ModelRef, index: usize, targets: Vec<ModelRef>) -> Action {
    Action::CastSpell(CastSpell {
        caster,
        spell: SpellChoice::Known { index },
        target: None,
        within_15cm: Vec::new(),
        backlash: Vec::new(),
        within_30cm: Vec::new(),
        targets,
    })
}

/// R38 (rules 3): a spell that declares a hit: each model alone under it,
/// with its chance to go Down, on the spell's offer (as Breath's).
fn spell_targets(b: &mut Builder<'_>, a: ModelRef, index: usize) {
    let st = b.st;
    if !b.ctx.setup.all_rules()
        || st
            .model(a)
            .and_then(|x| x.spells.get(index))
            .is_none_or(|s| s.hit.is_none())
    {
        return;
    }
    let others = in_play(st, |r| r != a);
    let targets = b.listed_targets(&others, |t| known_spell(a, index, vec![t]));
    if let Some(o) = b.out.last_mut() {
        o.targets = targets;
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for CastSpell {
    fn dice(&self) -> Option<&dyn Dice> {
        Some(self)
    }

    fn dice_mut(&mut self) -> Option<&mut dyn Dice> {
        Some(self)
    }

    fn accepted_roll<'a>(&self, _: &'a GameState) -> Option<&'a Action> {
        None
    }

    fn spends_dp(&self) -> bool {
        true
    }
}

impl Dice for CastSpell {
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

    /// R38: the backlash's d10, typed from the table.
    fn dice_slots(&self, _: &GameState, ctx: Ctx<'_>) -> Result<Vec<DiceSlot>, GameError> {
        table_slots(ctx, "spell_backlash", TableDie::Backlash)
    }

    fn put_typed_dice(
        &mut self,
        _: &GameState,
        _: Ctx<'_>,
        typed: &Typed<'_>,
    ) -> Result<(), GameError> {
        if let Some(faces) = typed.table_faces()? {
            self.backlash = faces;
        }
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

    /// R38 (rules 3): a spell's hit lands on every model it names, after
    /// the cast took effect: the fear it gives the models named within
    /// 15 cm (R31: the target's complication at its Courage) and the
    /// backlash's (the caster's fear, Toughness, removal), summed exactly
    /// over the backlash dice (or the dice already rolled).
    fn attack_chances(&self, st: &GameState, ctx: Ctx<'_>) -> Option<Chances> {
        if self.targets.len() != 1 || !ctx.setup.all_rules() {
            return None;
        }
        let hit = spell::spell_hit(st, self.caster, &self.spell).ok()??;
        let target = self.targets[0];
        let faces = if self.backlash.is_empty() {
            backlash_faces(ctx)?
        } else {
            vec![self.backlash.clone()]
        };
        let each = Prob::new(1, faces.len() as u64);
        let mut down = Prob::new(0, 1);
        for dice in faces {
            let mut after = st.clone();
            spell::cast(
                &mut after,
                ctx,
                spell::Cast {
                    caster: self.caster,
                    spell: &self.spell,
                    target: self.target,
                    within_15cm: &self.within_15cm,
                    backlash: &dice,
                    within_30cm: &[],
                    targets: &[],
                    lenient: true,
                },
            )
            .ok()?;
            down += each * hit_chance(&after, ctx, self.caster, target, &hit).ok()?;
        }
        Some(Chances {
            down,
            attacker_down: None,
        })
    }

    /// R38: the models within 30 cm of the spell.
    fn take_accept_facts(&mut self, facts: &AcceptFacts<'_>) -> Result<(), GameError> {
        facts.refuse_others(Some(Fact::Within30cm))?;
        if let Some(x) = facts.within_30cm {
            self.within_30cm = x.to_vec();
        }
        Ok(())
    }
}
