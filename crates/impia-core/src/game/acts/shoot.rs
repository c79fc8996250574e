//! `shoot`: R26.

use crate::game::act::Shoot;
use crate::game::action::Action;
use crate::game::chance::hits_chance;
use crate::game::describe::Describer;
use crate::game::engine::roll;
use crate::game::error::GameError;
use crate::game::guard::Ctx;
use crate::game::offers::Declares;
use crate::game::offers::names::*;
use crate::game::pending::{AcceptFacts, Fact, RollPart, single_part};
use crate::game::prepare::{Checked, Dice, KeptRoll, Prepared, RawWish};
use crate::game::report::luck::check_chance;
use crate::game::resolve::need;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::game::{Chances, ModelRef, shooting};
use crate::odds::check_success;
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Shoot {
    /// R26: a roll (rules 2).
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, whole: &Action) -> Result<(), GameError> {
        roll(st, ctx, whole)
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.shooter)
    }

    /// Issue 33: a modifier on the target's side is its player's, each
    /// Imposing model its side's; the friend a stray shot hits is the
    /// shooter's side's.
    fn owners(&self, _: &GameState, o: &mut crate::game::owners::Owners) {
        o.extras(&self.options.extra, self.shooter, self.target);
        o.imposing(&self.options.imposing);
        if let Some(x) = self.stray {
            o.push(
                crate::game::owners::Field::Stray,
                crate::game::owners::of(x),
                true,
            );
        }
    }

    fn take_owned(&mut self, from: &Action, side: crate::game::Side) {
        if let Action::Shoot(f) = from {
            let on = crate::game::owners::parties(self.shooter, self.target, side);
            crate::game::owners::take_extra(&mut self.options.extra, &f.options.extra, &on);
            crate::game::owners::take_imposing(
                &mut self.options.imposing,
                &f.options.imposing,
                side,
            );
        }
    }

    fn check_numbers(&self) -> Result<(), GameError> {
        self.options.check_numbers()
    }

    fn is_roll(&self) -> bool {
        true
    }

    fn paid() -> bool {
        true
    }

    fn form_rows() -> &'static [&'static str] {
        &["aimed_shot"]
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Shoot {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let mut s = format!(
            "{} {} {}{}: {}",
            d.n(self.shooter),
            l.pick("dispara a", "shoots at"),
            d.n(self.target),
            if self.options.aimed {
                l.pick(" apuntando", " (aimed)")
            } else {
                ""
            },
            d.check(&self.roll, l)
        );
        if let Some(f) = self.stray {
            s.push_str(&format!(
                "; {} {}",
                l.pick("impacta a la amiga", "hits its friend"),
                d.n(f)
            ));
        }
        s
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Shoot {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        // R26: an aimed shot pays its own row.
        row_dp(
            ctx,
            if self.options.aimed {
                draft::AIMED_SHOT
            } else {
                "shoot"
            },
        )
    }

    fn offer_acting(b: &mut Builder<'_>, on: &Actor<'_>) {
        let st = b.st;
        let a = on.model;
        if !on.x.profile.ranged.is_empty() {
            // R26: the aimed shot is a declaration of this offer.
            b.targeted(a, &on.enemies, |t| shot(a, t, ShootOptions::default()));
            // R42 (rules 4): the enemies with Imposing presence the players
            // may declare within 10 cm of the shooter (its `imposing` list);
            // undeclared, a shot takes no complication from them.
            if b.ctx.setup.exact_rules()
                && let Some(o) = b.out.last_mut()
                && o.id == "shoot"
                && o.model == Some(a)
            {
                o.choices = on
                    .enemies
                    .iter()
                    .copied()
                    .filter(|e| {
                        st.model(*e)
                            .is_some_and(|y| y.has(Keyword::ImposingPresence))
                    })
                    .collect();
            }
        }
        defensive_shots(b, on);
    }

    fn acting_place() -> u8 {
        60
    }

    fn offers_rolled(&self, b: &mut Builder<'_>) {
        waiting_offers(
            b,
            Waiting {
                headstrong: false,
                witnessed: false,
            },
        );
        // R26: a miss the into-combat penalty caused hits a friend.
        stray_offers(b, self.shooter);
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "shoot", l)
    }

    fn declares(&self) -> Option<&dyn Declares> {
        Some(self)
    }

    fn declares_mut(&mut self) -> Option<&mut dyn Declares> {
        Some(self)
    }
}

impl Declares for Shoot {
    fn declarations(&self, st: &GameState, ctx: Ctx<'_>) -> Vec<Declaration> {
        draft::shoot_declarations(st, ctx, self.shooter)
    }

    fn declared(&self, key: &DeclKey) -> Option<Declared> {
        let o = &self.options;
        Some(match key {
            DeclKey::Option(id) => draft::count(&o.options, id),
            DeclKey::Imposing => Declared::Models(o.imposing.clone()),
            DeclKey::Band => Declared::Picks(vec![draft::band_id(o.band).to_string()]),
            DeclKey::Row(id) if id == draft::AIMED_SHOT => Declared::Count(u32::from(o.aimed)),
            _ => return None,
        })
    }

    fn declare(&mut self, key: &DeclKey, v: &Declared) -> bool {
        let o = &mut self.options;
        match (key, v) {
            (DeclKey::Option(id), Declared::Count(n)) => draft::set_count(&mut o.options, id, *n),
            (DeclKey::Imposing, Declared::Models(ms)) => o.imposing = ms.clone(),
            (DeclKey::Band, Declared::Picks(p)) => o.band = draft::band_of(p),
            (DeclKey::Row(id), Declared::Count(n)) if id == draft::AIMED_SHOT => o.aimed = *n > 0,
            _ => return false,
        }
        true
    }

    fn fill_draft(&mut self, _ctx: Ctx<'_>, _facts: Facts) {
        // Nothing the tracker knows is left to fill in.
    }
}

/// A shot of `shooter` at `target`, its dice to roll.
fn shot(shooter: ModelRef, target: ModelRef, options: ShootOptions) -> Action {
    Action::Shoot(Shoot {
        shooter,
        target,
        options,
        roll: None,
        stray: None,
    })
}

/// R26 (rules 3): each enemy that could shoot the acting model before its
/// Assault (a defensive shot), offered only where the rules allow it.
fn defensive_shots(b: &mut Builder<'_>, on: &Actor<'_>) {
    let a = on.model;
    if !b.ctx.setup.all_rules() || on.active != a {
        return;
    }
    for e in &on.enemies {
        if b.st.model(*e).is_none_or(|y| y.profile.ranged.is_empty()) {
            continue;
        }
        let defensive = ShootOptions::default().with(crate::game::kit::DEFENSIVE_SHOT, 1);
        let (targets, _) = b.collect_targets(&[a], |t| shot(*e, t, defensive.clone()));
        if let Some(t) = targets.first() {
            let action = t.action.clone();
            let offer = b.make_offer(Some(*e), action, true, None, targets, Vec::new());
            b.out.push(offer);
        }
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Shoot {
    fn dice(&self) -> Option<&dyn Dice> {
        Some(self)
    }

    fn dice_mut(&mut self) -> Option<&mut dyn Dice> {
        Some(self)
    }
}

impl Dice for Shoot {
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
            shooting::shoot(
                st,
                ctx,
                self.shooter,
                self.target,
                &self.options,
                roll,
                self.stray,
                lenient,
            )
        }))
    }

    /// R26, R27: the shot lands, then its hit puts the target Down.
    fn attack_chances(&self, st: &GameState, ctx: Ctx<'_>) -> Option<Chances> {
        let (spec, hit) =
            shooting::shot_chance_parts(st, ctx, self.shooter, self.target, &self.options).ok()?;
        let on_target = hits_chance(st, ctx, self.shooter, self.target, &hit)?;
        Some(Chances {
            down: check_success(&spec) * on_target,
            attacker_down: None,
        })
    }

    /// R26: the friend a stray shot hits.
    fn take_accept_facts(&mut self, facts: &AcceptFacts<'_>) -> Result<(), GameError> {
        facts.refuse_others(Some(Fact::Stray))?;
        if let Some(x) = facts.stray {
            self.stray = Some(x);
        }
        Ok(())
    }
}

impl Checked for Shoot {
    fn prepare(&self, st: &GameState, ctx: Ctx<'_>) -> Result<Prepared, GameError> {
        self.options.check_numbers()?;
        let p = shooting::shoot_check(st, ctx, self.shooter, self.target, &self.options)?;
        Ok(Prepared::Check(p))
    }

    fn has_inner_reroll(&self) -> bool {
        self.roll.as_ref().is_some_and(|r| r.reroll.is_some())
    }

    fn roll_parts(&self, _: &GameState) -> Vec<RollPart> {
        vec![single_part(self.shooter, None)]
    }

    /// R26 (rules 4): any engaged friend stands in for the one a stray shot
    /// hits, which may be said on accepting.
    fn stand_in_facts(&mut self, st: &GameState, ctx: Ctx<'_>) {
        if self.stray.is_none() && ctx.setup.exact_rules() {
            self.stray = shooting::stray_friends(st, self.shooter, self.target)
                .first()
                .copied();
        }
    }

    /// The shooter wishes to hit.
    fn wishes(&self, before: &GameState, l: Lang) -> Vec<RawWish> {
        let Some(r) = &self.roll else {
            return Vec::new();
        };
        let (p, ok) = check_chance(r);
        let (shooter, target) = (before.name(self.shooter), before.name(self.target));
        let wanted = match l {
            Lang::Es => format!("{shooter} acierta a {target}"),
            Lang::En => format!("{shooter} hits {target}"),
        };
        vec![(self.shooter.side, wanted, p, ok)]
    }

    fn kept(&mut self) -> Option<KeptRoll<'_>> {
        Some(KeptRoll::Check(&mut self.roll))
    }
}
