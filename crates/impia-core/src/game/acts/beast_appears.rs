//! `beast_appears`: A beast comes onto the table (R39 8–9, or the
//! scenario).

use crate::game::act::BeastAppears;
use crate::game::action::{Action, BeastChoice};
use crate::game::describe::Describer;
use crate::game::error::{GameError, Refusal};
use crate::game::guard::Ctx;
use crate::game::offers::Declares;
use crate::game::offers::names::*;
use crate::game::state::GameState;
use crate::game::taker::Taker;
use crate::text::{Lang, Text};

// ── Rules: the state, the taker, the numbers ─────────────────────────

impl super::Rules for BeastAppears {
    /// R39 8–9, or the scenario: a beast comes onto the table.
    fn apply(&self, st: &mut GameState, ctx: Ctx<'_>, _: &Action) -> Result<(), GameError> {
        let choice = &self.beast;
        let beast = match choice {
            BeastChoice::Bestiary { index } => ctx.setup.bestiary.get(*index).ok_or_else(|| {
                GameError::from(Refusal::NoBeast {
                    count: ctx.setup.bestiary.len(),
                    index: *index,
                })
            })?,
            BeastChoice::New(b) => b,
        };
        // The bestiary comes from the game file: its numbers are a player's too.
        beast.check_numbers()?;
        let mut m = GameState::new_beast(&beast.name, beast.profile(ctx.rules));
        // It appears during a turn: it acts in its own agility round like any model.
        m.acted = false;
        st.beasts.push(m);
        st.beast_due = false;
        Ok(())
    }

    fn taker(&self, _: &GameState) -> Taker {
        Taker::Either
    }

    fn check_numbers(&self) -> Result<(), GameError> {
        match &self.beast {
            BeastChoice::New(b) => b.check_numbers(),
            BeastChoice::Bestiary { .. } => Ok(()),
        }
    }
}

// ── Words: the history's line ────────────────────────────────────────

impl super::Words for BeastAppears {
    fn describe(&self, d: &Describer<'_>, l: Lang) -> String {
        let name = match &self.beast {
            BeastChoice::Bestiary { index } => d
                .setup
                .bestiary
                .get(*index)
                .map(|b| b.name.clone())
                .unwrap_or_default(),
            BeastChoice::New(b) => b.name.clone(),
        };
        format!("{} {name}", l.pick("Aparece la bestia", "A beast appears:"))
    }
}

// ── Offered: cost, offers, declarations ──────────────────────────────

impl super::Offered for BeastAppears {
    fn cost(&self, _st: &GameState, ctx: Ctx<'_>) -> i32 {
        row_dp(ctx, "beast_appears")
    }

    /// The row's name; a generic beast's with its card.
    fn label(&self, _st: &GameState, rules: &RuleSet, l: Lang) -> String {
        let row = row_label(rules, "beast_appears", l);
        match &self.beast {
            BeastChoice::New(b) => format!("{row}: {}", b.card().get(l)),
            BeastChoice::Bestiary { .. } => row,
        }
    }

    /// R39 8–9: which beast of the bestiary, each with its card.
    fn declares(&self) -> Option<&dyn Declares> {
        matches!(self.beast, BeastChoice::Bestiary { .. }).then_some(self as &dyn Declares)
    }

    fn declares_mut(&mut self) -> Option<&mut dyn Declares> {
        if matches!(self.beast, BeastChoice::Bestiary { .. }) {
            Some(self)
        } else {
            None
        }
    }
}

impl Declares for BeastAppears {
    fn declarations(&self, _: &GameState, ctx: Ctx<'_>) -> Vec<Declaration> {
        let choices: Vec<draft::Choice> = ctx
            .setup
            .bestiary
            .iter()
            .enumerate()
            .map(|(i, b)| draft::Choice {
                id: i.to_string(),
                label: b.card(),
            })
            .collect();
        if choices.is_empty() {
            return Vec::new();
        }
        let label = ctx
            .rules
            .action("beast_appears")
            .map(|r| r.name.clone())
            .unwrap_or_else(|| Text::new("Bestia", "Beast"));
        vec![Declaration {
            key: DeclKey::Beast,
            label,
            kind: draft::DeclKind::Pick {
                choices,
                many: false,
            },
        }]
    }

    fn declared(&self, key: &DeclKey) -> Option<Declared> {
        match (key, &self.beast) {
            (DeclKey::Beast, BeastChoice::Bestiary { index }) => {
                Some(Declared::Picks(vec![index.to_string()]))
            }
            _ => None,
        }
    }

    fn declare(&mut self, key: &DeclKey, v: &Declared) -> bool {
        let (DeclKey::Beast, Declared::Picks(p)) = (key, v) else {
            return false;
        };
        let Some(index) = p.first().and_then(|i| i.parse().ok()) else {
            return false;
        };
        self.beast = BeastChoice::Bestiary { index };
        true
    }

    fn fill_draft(&mut self, _ctx: Ctx<'_>, _facts: Facts) {
        // The players choose the beast.
    }
}

// ── Rolls: the check, its dice, re-rolls, resolution ─────────────────

impl super::Rolls for BeastAppears {
    /// A beast coming spends no warband's DP.
    fn spends_dp(&self) -> bool {
        false
    }
}
