//! `shoot`: R26.

use crate::core::game::act::Shoot;
use crate::core::game::action::Action;
use crate::core::game::describe::Describer;
use crate::core::game::engine::roll;
use crate::core::game::error::GameError;
use crate::core::game::guard::Ctx;
use crate::core::game::offers::names::*;
use crate::core::game::state::GameState;
use crate::core::game::taker::Taker;
use crate::core::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Shoot {
    /// R26: a roll (rules 2).
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, whole: &Action) -> Result<(), GameError> {
        roll(st, ctx, whole)
    }

    fn while_roll_waits(&self, _: &mut GameState, _: Ctx<'_>) -> Option<Result<(), GameError>> {
        None
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.shooter)
    }

    fn taker_reads_the_state(&self) -> bool {
        false
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

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "shoot", l)
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
        let defensive = ShootOptions::default().with(crate::core::game::kit::DEFENSIVE_SHOT, 1);
        let (targets, _) = b.collect_targets(&[a], |t| shot(*e, t, defensive.clone()));
        if let Some(t) = targets.first() {
            let action = t.action.clone();
            let offer = b.make_offer(Some(*e), action, true, None, targets, Vec::new());
            b.out.push(offer);
        }
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Shoot {}
