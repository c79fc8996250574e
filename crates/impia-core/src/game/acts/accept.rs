//! `accept`: The roll waiting is accepted: its result takes effect.

use crate::game::act::Accept;
use crate::game::action::Action;
use crate::game::describe::Describer;
use crate::game::error::{GameError, Refusal};
use crate::game::guard::Ctx;
use crate::game::offers::Declares;
use crate::game::offers::names::*;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::game::{guard, pending, shooting};
use crate::text::Lang;

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for Accept {
    /// Rules 2: only while a roll waits.
    fn apply(&self, _: &mut GameState, _: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        Err(Refusal::NoRollWaiting.into())
    }

    fn while_roll_waits(&self, st: &mut GameState, ctx: Ctx<'_>) -> Option<Result<(), GameError>> {
        Some(pending::accept(
            st,
            ctx,
            self.witnesses.as_deref(),
            self.stray,
            self.within_30cm.as_deref(),
        ))
    }

    /// Either here; while a roll waits, the sides still asked about it
    /// (issue 33: `close::taker_now`, which knows the rules in play).
    fn taker(&self, _: &GameState) -> Taker {
        Taker::Either
    }

    fn taker_reads_the_state(&self) -> bool {
        true
    }

    /// Issue 33: the facts named on accepting harm their models' side,
    /// whose they are to agree: fear to witnesses (R31), the friend a
    /// stray shot hits (R26), the models the backlash reached (R38).
    fn owners(&self, _: &GameState, o: &mut crate::game::owners::Owners) {
        use crate::game::owners::Field;
        o.listed(
            Field::Witnesses,
            self.witnesses.as_deref().unwrap_or_default(),
        );
        o.listed(Field::Stray, self.stray.as_slice());
        o.listed(
            Field::Within30cm,
            self.within_30cm.as_deref().unwrap_or_default(),
        );
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for Accept {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let mut s = match d.state.pending.as_ref() {
            Some(pending) => format!(
                "{}: {}",
                l.pick("Se acepta", "Accepted"),
                d.describe(&pending.action, l)
            ),
            None => l.pick("Se acepta la tirada", "Roll accepted").into(),
        };
        if let Some(ws) = self.witnesses.as_ref().filter(|w| !w.is_empty()) {
            s.push_str(&format!(
                "; {}: {}",
                l.pick("Pavor a", "fear to"),
                d.names(ws)
            ));
        }
        // R26 (rules 4): the one friend engaged with the target is
        // hit with no one naming it; the history says so.
        let auto = d.state.pending.as_ref().and_then(|p| {
            let ctx = guard::Ctx {
                rules: d.rules,
                setup: d.setup,
            };
            shooting::auto_stray(d.state, ctx, &p.action)
        });
        if let Some(f) = self.stray.or(auto) {
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

impl super::Offered for Accept {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "accept")
    }

    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        row_label(rules, "accept", l)
    }

    fn declares(&self) -> Option<&dyn Declares> {
        Some(self)
    }

    fn declares_mut(&mut self) -> Option<&mut dyn Declares> {
        Some(self)
    }
}

impl Declares for Accept {
    fn declarations(&self, _st: &GameState, _ctx: Ctx<'_>) -> Vec<Declaration> {
        Vec::new()
    }

    fn declared(&self, key: &DeclKey) -> Option<Declared> {
        (*key == DeclKey::Witnesses)
            .then(|| Declared::Models(self.witnesses.clone().unwrap_or_default()))
    }

    fn declare(&mut self, key: &DeclKey, v: &Declared) -> bool {
        let (DeclKey::Witnesses, Declared::Models(ms)) = (key, v) else {
            return false;
        };
        // Naming none at the accept keeps those named with the roll.
        self.witnesses = (!ms.is_empty()).then(|| ms.clone());
        true
    }

    fn fill_draft(&mut self, _ctx: Ctx<'_>, _facts: Facts) {
        // Nothing the tracker knows is left to fill in.
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for Accept {
    /// The roll waiting takes effect.
    fn accepted_roll<'a>(&self, before: &'a GameState) -> Option<&'a Action> {
        before.pending.as_ref().map(|p| &p.action)
    }
}
