//! `resolve_hit`: R27–R30: roll the pending hit of `attacker` on `target`.

use crate::game::act::ResolveHit;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::engine::roll;
use crate::game::error::GameError;
use crate::game::guard::Ctx;
use crate::game::offers::Declares;
use crate::game::offers::names::*;
use crate::game::pending::{AcceptFacts, Fact, RollPart, opposed_parts};
use crate::game::prepare::{Checked, Dice, KeptRoll, Prepared, RawWish};
use crate::game::report::luck::hit_wishes;
use crate::game::resolve::need;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::game::{ModelRef, hits};
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for ResolveHit {
    /// R27–R30: a roll (rules 2); the hit model chooses.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, whole: &Action) -> Result<(), GameError> {
        roll(st, ctx, whole)
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.target)
    }

    /// Issue 33: R28–R30 and R42 Survival instinct are the hit model's
    /// side's, R42 Inspiring the attacker's, each roll's modifier its
    /// side's, the witnesses theirs.
    fn owners(&self, _: &GameState, o: &mut crate::game::owners::Owners) {
        use crate::game::owners::{Field, of};
        let (t, x) = (of(self.target), &self.options);
        o.push(Field::IronDefence, t, x.iron_defence);
        o.push(Field::Cover, t, !x.cover.is_empty());
        o.push(Field::SurvivalInstinct, t, x.survival_instinct);
        o.push(Field::Inspired, of(self.attacker), !x.inspired.is_empty());
        o.extras(&x.extra, self.attacker, self.target);
        o.listed(Field::Witnesses, &self.witnesses);
    }

    fn take_owned(&mut self, from: &Action, side: crate::game::Side) {
        let Action::ResolveHit(f) = from else {
            return;
        };
        let on = crate::game::owners::parties(self.attacker, self.target, side);
        crate::game::owners::take_extra(&mut self.options.extra, &f.options.extra, &on);
        if self.attacker.side == side {
            self.options.inspired = f.options.inspired.clone();
        }
        if self.target.side == side {
            self.options.iron_defence = f.options.iron_defence;
            self.options.cover = f.options.cover.clone();
            self.options.survival_instinct = f.options.survival_instinct;
            self.witnesses = f.witnesses.clone();
        }
    }

    fn check_numbers(&self) -> Result<(), GameError> {
        self.options.check_numbers()
    }

    fn is_roll(&self) -> bool {
        true
    }

    fn form_rows() -> &'static [&'static str] {
        &["iron_defence"]
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for ResolveHit {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let (attacker, target) = (self.attacker, self.target);
        let down = d.hit_downs(attacker, target, &self.roll);
        // R02: the side whose activation it is rolls as the active
        // side; each total is printed next to its own name.
        let (act, pas) = if d.target_active(attacker, target) {
            (target, attacker)
        } else {
            (attacker, target)
        };
        let mut s = format!(
            "{} {} {}: {} — {}",
            l.pick("Impacto de", "Hit by"),
            d.n(attacker),
            format_args!("{} {}", l.pick("sobre", "on"), d.n(target)),
            d.opposed_named(&self.roll, act, pas, l),
            if down {
                // Issue 34: a verb, not an adjective that agrees with no
                // name ("Ramón Abatida").
                match l {
                    Lang::Es => format!("abate a {}", d.n(target)),
                    Lang::En => format!("{} is Down", d.n(target)),
                }
            } else {
                format!("{} {}", d.n(target), l.pick("resiste", "withstands it"))
            }
        );
        if self.options.iron_defence {
            s.push_str(&format!(" ({})", l.pick("Defensa férrea", "Iron defence")));
        }
        // R31: witnesses gain fear only when the target is put
        // Down; a withstood hit frightens no one.
        if down && !self.witnesses.is_empty() {
            s.push_str(&format!(
                "; {}: {}",
                l.pick("Pavor a", "fear to"),
                d.names(&self.witnesses)
            ));
        }
        s
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for ResolveHit {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        // R28: Iron defence pays its own row (the hit itself costs nothing).
        let row = if self.options.iron_defence {
            draft::IRON_DEFENCE
        } else {
            "resolve_hit"
        };
        row_dp(ctx, row)
    }

    fn offers_rolled(&self, b: &mut Builder<'_>) {
        waiting_offers(
            b,
            Waiting {
                headstrong: false,
                witnessed: true,
            },
        );
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "resolve_hit", l)
    }

    fn declares(&self) -> Option<&dyn Declares> {
        Some(self)
    }

    fn declares_mut(&mut self) -> Option<&mut dyn Declares> {
        Some(self)
    }
}

impl Declares for ResolveHit {
    fn declarations(&self, st: &GameState, ctx: Ctx<'_>) -> Vec<Declaration> {
        let mut out = draft::hit_declarations(st, ctx, self.attacker, self.target);
        // R31: named with the roll from rules 2 on, when accepting it
        // ignores them for a hit withstood (rules 1 applies the hit at
        // once and refuses them then: they are named by hand).
        if ctx.setup.pending_rolls() {
            out.extend(draft::witnesses(st, ctx, self.target));
        }
        out
    }

    fn declared(&self, key: &DeclKey) -> Option<Declared> {
        let o = &self.options;
        Some(match key {
            DeclKey::Cover => Declared::Picks(o.cover.clone()),
            DeclKey::SurvivalInstinct => Declared::Count(u32::from(o.survival_instinct)),
            DeclKey::Inspired => Declared::Models(o.inspired.clone()),
            DeclKey::Row(id) if id == draft::IRON_DEFENCE => {
                Declared::Count(u32::from(o.iron_defence))
            }
            DeclKey::Witnesses => Declared::Models(self.witnesses.clone()),
            _ => return None,
        })
    }

    fn declare(&mut self, key: &DeclKey, v: &Declared) -> bool {
        let o = &mut self.options;
        match (key, v) {
            (DeclKey::Cover, Declared::Picks(p)) => o.cover = p.clone(),
            (DeclKey::SurvivalInstinct, Declared::Count(n)) => o.survival_instinct = *n > 0,
            (DeclKey::Inspired, Declared::Models(ms)) => o.inspired = ms.clone(),
            (DeclKey::Row(id), Declared::Count(n)) if id == draft::IRON_DEFENCE => {
                o.iron_defence = *n > 0
            }
            (DeclKey::Witnesses, Declared::Models(ms)) => self.witnesses = ms.clone(),
            _ => return false,
        }
        true
    }

    fn fill_draft(&mut self, _ctx: Ctx<'_>, _facts: Facts) {
        // Nothing the tracker knows is left to fill in.
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for ResolveHit {
    fn dice(&self) -> Option<&dyn Dice> {
        Some(self)
    }

    fn dice_mut(&mut self) -> Option<&mut dyn Dice> {
        Some(self)
    }
}

impl Dice for ResolveHit {
    fn rolled_check(&self) -> Option<&dyn Checked> {
        Some(self)
    }

    fn rolled_check_mut(&mut self) -> Option<&mut dyn Checked> {
        Some(self)
    }

    fn resolve_roll(
        &self,
        st: &mut GameState,
        ctx: Ctx<'_>,
        lenient: bool,
    ) -> Option<Result<(), GameError>> {
        Some(need(self.roll.as_ref()).and_then(|roll| {
            hits::resolve_hit(
                st,
                ctx,
                self.attacker,
                self.target,
                &self.options,
                roll,
                &self.witnesses,
                lenient,
            )
        }))
    }

    /// R31: the friends who see the target go Down.
    fn take_accept_facts(&mut self, facts: &AcceptFacts<'_>) -> Result<(), GameError> {
        facts.refuse_others(Some(Fact::Witnesses))?;
        if let Some(x) = facts.witnesses {
            self.witnesses = x.to_vec();
        }
        Ok(())
    }
}

impl Checked for ResolveHit {
    fn prepare(&self, st: &GameState, ctx: Ctx<'_>) -> Result<Prepared, GameError> {
        self.options.check_numbers()?;
        let p = hits::hit_check(st, ctx, self.attacker, self.target, &self.options)?;
        Ok(Prepared::Opposed(p))
    }

    fn has_inner_reroll(&self) -> bool {
        self.roll.as_ref().is_some_and(|r| r.reroll.is_some())
    }

    /// R02: the side whose activation it is rolls as the active side.
    fn roll_parts(&self, st: &GameState) -> Vec<RollPart> {
        let target_active = st
            .pending_hits
            .iter()
            .find(|h| h.attacker == self.attacker && h.target == self.target)
            .is_some_and(|h| h.acting_side == self.target.side);
        if target_active {
            opposed_parts(self.target, self.attacker)
        } else {
            opposed_parts(self.attacker, self.target)
        }
    }

    fn hitter(&self) -> Option<ModelRef> {
        Some(self.attacker)
    }

    /// The hitter wishes the target Down, the target to withstand it.
    fn wishes(&self, before: &GameState, l: Lang) -> Vec<RawWish> {
        match &self.roll {
            Some(r) => hit_wishes(before, self.attacker, self.target, r, l),
            None => Vec::new(),
        }
    }

    fn kept(&mut self) -> Option<KeptRoll<'_>> {
        Some(KeptRoll::Opposed(&mut self.roll))
    }
}
