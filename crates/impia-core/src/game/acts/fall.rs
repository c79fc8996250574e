//! `fall`: R18: a fall; no roll up to the harmless height.

use crate::dice::OpposedOutcome;
use crate::game::act::Fall;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::engine::roll;
use crate::game::error::GameError;
use crate::game::guard::Ctx;
use crate::game::offers::Declares;
use crate::game::offers::names::*;
use crate::game::pending::{AcceptFacts, Fact, RollPart, single_part};
use crate::game::prepare::{Checked, Dice, KeptRoll, Prepared, RawWish};
use crate::game::roll::Role;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::game::{Chances, ModelRef, hits, resolve};
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Fall {
    /// R18: a fall with its dice is a roll (rules 2); with none, nothing to roll up to the harmless height.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, whole: &Action) -> Result<(), GameError> {
        if self.is_roll() {
            roll(st, ctx, whole)
        } else {
            resolve::apply(st, ctx, whole, ctx.setup.pending_rolls())
        }
    }

    fn while_roll_waits(&self, _: &mut GameState, _: Ctx<'_>) -> Option<Result<(), GameError>> {
        None
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::of_model(self.model)
    }

    fn taker_reads_the_state(&self) -> bool {
        false
    }

    /// Issue 33: the witnesses who gain fear are their side's (R31).
    fn owners(&self, _: &GameState, o: &mut crate::game::owners::Owners) {
        o.listed(crate::game::owners::Field::Witnesses, &self.witnesses);
    }

    fn take_owned(&mut self, _: &Action, _: crate::game::Side) {}

    fn check_numbers(&self) -> Result<(), GameError> {
        Ok(())
    }

    fn is_roll(&self) -> bool {
        self.roll.is_some()
    }

    fn paid() -> bool {
        false
    }

    fn form_rows() -> &'static [&'static str] {
        &[]
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Fall {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let down = self
            .roll
            .as_ref()
            .is_some_and(|r| r.outcome() == OpposedOutcome::PassiveWins);
        format!(
            "{} {} {} cm{} — {}",
            d.n(self.model),
            l.pick("cae", "falls"),
            self.height_cm,
            self.roll
                .as_ref()
                .map(|r| format!(": {}", d.opposed(&Some(r.clone()), l)))
                .unwrap_or_default(),
            if down {
                l.pick("Abatida", "Down")
            } else {
                l.pick("Tumbada", "Prone")
            }
        )
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for Fall {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "fall")
    }

    /// R18 (issue 34): the players declare its height and witnesses.
    fn offer_acting(b: &mut Builder<'_>, on: &Actor<'_>) {
        b.offer(
            Some(on.model),
            Action::Fall(Fall {
                model: on.model,
                // The first band (R18: no harm) until the players pick.
                height_cm: draft::band_height(
                    b.ctx,
                    b.ctx.rules.fall.rows.first().and_then(|r| r.up_to_cm),
                ),
                roll: None,
                witnesses: Vec::new(),
            }),
        );
    }

    fn acting_place() -> u8 {
        245
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

    /// A fall has no row of its own (R18's table is by height).
    fn label(&self, _st: &GameState, _rules: &RuleSet, l: Lang) -> String {
        l.pick("Caída", "Fall").to_string()
    }

    fn declares(&self) -> Option<&dyn Declares> {
        Some(self)
    }

    fn declares_mut(&mut self) -> Option<&mut dyn Declares> {
        Some(self)
    }
}

impl Declares for Fall {
    fn declarations(&self, st: &GameState, ctx: Ctx<'_>) -> Vec<Declaration> {
        // R31: the friends who would witness it put Down, with the roll
        // from rules 2 on.
        let mut out = vec![draft::height(ctx)];
        if ctx.setup.pending_rolls() {
            out.extend(draft::witnesses(st, ctx, self.model));
        }
        out
    }

    fn declared(&self, key: &DeclKey) -> Option<Declared> {
        match key {
            DeclKey::Witnesses => Some(Declared::Models(self.witnesses.clone())),
            DeclKey::Height => Some(draft::height_value(self.height_cm)),
            _ => None,
        }
    }

    fn declare(&mut self, key: &DeclKey, v: &Declared) -> bool {
        match (key, v) {
            (DeclKey::Witnesses, Declared::Models(ms)) => self.witnesses = ms.clone(),
            (DeclKey::Height, Declared::Picks(p)) => match draft::height_of(p) {
                Some(h) => self.height_cm = h,
                None => return false,
            },
            _ => return false,
        }
        true
    }

    fn fill_draft(&mut self, _ctx: Ctx<'_>, _facts: Facts) {
        // Nothing the tracker knows is left to fill in.
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Fall {
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

impl Dice for Fall {
    fn rolled_check(&self) -> Option<&dyn Checked> {
        Some(self)
    }

    fn rolled_check_mut(&mut self) -> Option<&mut dyn Checked> {
        Some(self)
    }

    /// R18: a fall too low to harm takes effect with no dice.
    fn resolve_roll(
        &self,
        st: &mut GameState,
        ctx: Ctx<'_>,
        lenient: bool,
    ) -> Option<Result<(), GameError>> {
        Some(hits::fall(
            st,
            ctx,
            self.model,
            self.height_cm,
            self.roll.as_ref(),
            &self.witnesses,
            lenient,
        ))
    }

    /// R18: the model goes Down when the fall's Strength beats it (the
    /// passive side wins); a fall too low to harm has no chance to show.
    fn attack_chances(&self, st: &GameState, ctx: Ctx<'_>) -> Option<Chances> {
        let check = hits::fall_check(st, ctx, self.model, self.height_cm).ok()??;
        Some(Chances {
            down: check.odds().passive_wins.0,
            attacker_down: None,
        })
    }

    /// R31: the friends who see the model go Down.
    fn take_accept_facts(&mut self, facts: &AcceptFacts<'_>) -> Result<(), GameError> {
        facts.refuse_others(Some(Fact::Witnesses))?;
        if let Some(x) = facts.witnesses {
            self.witnesses = x.to_vec();
        }
        Ok(())
    }
}

impl Checked for Fall {
    /// R18: a fall too low to harm rolls nothing.
    fn prepare(&self, st: &GameState, ctx: Ctx<'_>) -> Result<Prepared, GameError> {
        Ok(
            match hits::fall_check(st, ctx, self.model, self.height_cm)? {
                Some(p) => Prepared::Opposed(p),
                None => Prepared::NoRoll,
            },
        )
    }

    fn has_inner_reroll(&self) -> bool {
        self.roll.as_ref().is_some_and(|r| r.reroll.is_some())
    }

    fn roll_parts(&self, _: &GameState) -> Vec<RollPart> {
        vec![single_part(self.model, Some(Role::Active))]
    }

    fn is_combat(&self) -> bool {
        false
    }

    fn stand_in_facts(&mut self, _: &GameState, _: Ctx<'_>) {}

    fn hitter(&self) -> Option<ModelRef> {
        None
    }

    /// A fall is no player's wish against the other.
    fn wishes(&self, _: &GameState, _: Lang) -> Vec<RawWish> {
        Vec::new()
    }

    fn kept(&mut self) -> Option<KeptRoll<'_>> {
        Some(KeptRoll::Opposed(&mut self.roll))
    }
}
