//! The pieces the history's lines are made of: names, dice, outcomes.

use super::super::pending;
use super::super::refs::{ModelRef, Side};
use super::super::roll::{CheckDice, OpposedDice, SideDice};
use super::Describer;
use crate::dice::OpposedOutcome;
use crate::text::Lang;

// Issue 34: one signed-number formatter for every client.
pub(crate) use crate::text::signed;

impl Describer<'_> {
    pub(crate) fn n(&self, m: ModelRef) -> String {
        self.state.name(m)
    }

    pub(crate) fn names(&self, ms: &[ModelRef]) -> String {
        ms.iter().map(|m| self.n(*m)).collect::<Vec<_>>().join(", ")
    }

    pub(crate) fn warband(&self, side: Side, l: Lang) -> String {
        match self.state.side(side) {
            // The player's name where the setup has one (issue 13).
            Some(s) => format!("{} ({})", s.warband, self.state.player_name(side, l)),
            None => side.label(l).to_string(),
        }
    }

    pub(crate) fn rerolled(&self, by: Option<ModelRef>, l: Lang) -> String {
        match by {
            Some(b) => format!(
                " ({} {})",
                self.n(b),
                l.pick("repite con el Tótem", "re-rolls with the totem")
            ),
            None => String::new(),
        }
    }

    pub(crate) fn opposed(&self, r: &Option<OpposedDice>, l: Lang) -> String {
        let Some(r) = r else {
            return l.pick("sin tirar", "not rolled").to_string();
        };
        let (a, p) = r.totals();
        format!(
            "{a} {} {p}{}",
            l.pick("contra", "against"),
            self.rerolled(r.reroll.as_ref().map(|x| x.by), l)
        )
    }

    /// An opposed roll with each total next to its side's name (issue 24:
    /// the bare "8 against 7" of a hit read as the attacker's first).
    pub(crate) fn opposed_named(
        &self,
        r: &Option<OpposedDice>,
        active: ModelRef,
        passive: ModelRef,
        l: Lang,
    ) -> String {
        let Some(r) = r else {
            return l.pick("sin tirar", "not rolled").to_string();
        };
        let (a, p) = r.totals();
        format!(
            "{} {a} {} {} {p}{}",
            self.n(active),
            l.pick("contra", "against"),
            self.n(passive),
            self.rerolled(r.reroll.as_ref().map(|x| x.by), l)
        )
    }

    /// R02: whether the target of a pending hit rolls as the active side
    /// (the hit comes in its own warband's activation).
    pub(crate) fn target_active(&self, attacker: ModelRef, target: ModelRef) -> bool {
        self.state
            .pending_hits
            .iter()
            .find(|h| h.attacker == attacker && h.target == target)
            .is_some_and(|h| h.acting_side == target.side)
    }

    pub(crate) fn check(&self, r: &Option<CheckDice>, l: Lang) -> String {
        let Some(r) = r else {
            return l.pick("sin tirar", "not rolled").to_string();
        };
        format!(
            "{} {} {}{} — {}",
            r.roll.d10,
            l.pick("con objetivo", "against"),
            r.target(),
            self.rerolled(r.reroll.as_ref().map(|x| x.by), l),
            if r.success() {
                l.pick("éxito", "success")
            } else {
                l.pick("fallo", "failure")
            }
        )
    }

    pub(crate) fn fight_result(
        &self,
        a: ModelRef,
        d: ModelRef,
        r: &Option<OpposedDice>,
        l: Lang,
    ) -> String {
        let Some(r) = r else {
            return String::new();
        };
        match r.outcome() {
            OpposedOutcome::ActiveWins => format!(
                "{} {} {}",
                self.n(a),
                l.pick("impacta a", "hits"),
                self.n(d)
            ),
            OpposedOutcome::PassiveWins => format!(
                "{} {} {}",
                self.n(d),
                l.pick("impacta a", "hits"),
                self.n(a)
            ),
            OpposedOutcome::BothHit => l.pick("ambas impactan (R23)", "both hit (R23)").to_string(),
        }
    }

    pub(crate) fn row_text(&self, table: &str, total: i32, l: Lang) -> String {
        self.rules
            .roll_table(table)
            .and_then(|t| t.rows.get(t.row_for(total)))
            .map(|r| r.text.get(l).to_string())
            .unwrap_or_default()
    }

    /// Whether a hit roll put its target Down: the attacker is the active
    /// side unless the target's side was acting (R02).
    pub(crate) fn hit_downs(
        &self,
        attacker: ModelRef,
        target: ModelRef,
        roll: &Option<OpposedDice>,
    ) -> bool {
        let Some(roll) = roll else {
            return false;
        };
        let wanted = if self.target_active(attacker, target) {
            OpposedOutcome::PassiveWins
        } else {
            OpposedOutcome::ActiveWins
        };
        roll.outcome() == wanted
    }

    /// A re-roll of the roll waiting (R33 the totem's, R42 Headstrong's):
    /// `by` says `how` under `rule`, the die before and after, and the
    /// waiting roll's line as it now stands.
    pub(crate) fn reroll(
        &self,
        by: ModelRef,
        roll: usize,
        dice: Option<&SideDice>,
        how: &str,
        rule: &str,
        l: Lang,
    ) -> String {
        let Some(waiting) = self.state.pending.as_ref() else {
            return format!("{} {how}", self.n(by));
        };
        let part = pending::roll_parts(self.state, &waiting.action)
            .into_iter()
            .find(|r| r.model == by && r.roll == roll);
        let before = part
            .as_ref()
            .and_then(|r| pending::dice_of(&waiting.action, r))
            .map(|(d, _)| d.d10.to_string())
            .unwrap_or_default();
        let (after, now) = match (part, dice) {
            (Some(r), Some(d)) => {
                let a = pending::with_dice(&waiting.action, &r, d);
                (d.d10.to_string(), self.describe(&a, l))
            }
            _ => (String::new(), String::new()),
        };
        // Issue 34: an offered re-roll has no new die yet: the die it
        // re-rolls, never "7 → ; ahora" with two holes.
        if after.is_empty() {
            return match before.as_str() {
                "" => format!("{} {how} ({rule})", self.n(by)),
                _ => format!(
                    "{} {how} ({rule}): {} {before}",
                    self.n(by),
                    l.pick("repite el", "re-rolls the")
                ),
            };
        }
        format!(
            "{} {how} ({rule}): {before} → {after}; {} {now}",
            self.n(by),
            l.pick("ahora", "now:")
        )
    }
}
