//! Before a roll: the check an action will roll, built from the tracked
//! models with every modifier and its source in words and the exact odds;
//! and the dice an action still lacks, rolled with the game's dice. The
//! engine itself never rolls.

use serde::Serialize;

use super::action::Action;
use super::chance::Chances;
use super::error::{GameError, Refusal};
use super::guard::Ctx;
use super::kit;
use super::pending::{AcceptFacts, RollPart, opposed_side};
use super::refs::{ModelRef, Side};
use super::roll::{CheckDice, OpposedDice, PreparedCheck, Role, SideDice};
use super::slot::{DiceSlot, Typed};
use super::state::GameState;
use crate::dice::{CheckSpec, OpposedSpec, Roller};
use crate::odds::Prob;
use crate::text::Lang;

/// An action's roll (issue 23): the dice it carries, or that it carries
/// none. Implemented in each action's file, `acts/<id>.rs`; reached
/// through [`Action::act`]. The defaults are an action that carries none
/// (issue 34): an action with dice overrides `dice` and `dice_mut`.
pub(crate) trait Rolls {
    /// The dice this action carries or the hits it rolls: `Some(self)`
    /// with its [`Dice`], or `None` (a move, a note, a hand adjustment…),
    /// which answers every question of [`Dice`] with "none".
    fn dice(&self) -> Option<&dyn Dice> {
        None
    }

    /// [`Rolls::dice`], able to change them (rolling, typing, re-rolling).
    fn dice_mut(&mut self) -> Option<&mut dyn Dice> {
        None
    }

    /// The roll waiting in `before` that this action makes take effect
    /// (accepting it, rules 2 on), for the report's story and luck.
    fn accepted_roll<'a>(&self, _before: &'a GameState) -> Option<&'a Action> {
        None
    }

    /// The report (issue 15): whether the DP a warband loses with this
    /// action count as spent (R10–R12); not when the pools are rebuilt or
    /// set by hand, or a beast comes.
    fn spends_dp(&self) -> bool {
        true
    }
}

/// An action with dice (issue 23): a check (R01–R04), the dark forces
/// (R39), the roll-off (R08), a spell's backlash (R38), a re-roll (R33,
/// R42), or the hits of a Breath (R41). The defaults are a roll that is
/// no check, no attack and takes no fact on accepting.
pub(crate) trait Dice {
    /// The check this action rolls (R01–R04), which the players may
    /// re-roll (R33, R42) before accepting it: `Some(self)`, or `None`
    /// when it rolls no check (a spell's backlash is no check).
    fn rolled_check(&self) -> Option<&dyn Checked> {
        None
    }

    /// [`Dice::rolled_check`], able to change its dice (a re-roll).
    fn rolled_check_mut(&mut self) -> Option<&mut dyn Checked> {
        None
    }

    /// Roll with `roller` every die this action lacks: its check's (R01,
    /// R02), the dark forces (R39), the roll-off (R08), a spell's backlash
    /// (R38), a re-roll's own side (R33, R42). Dice given are kept.
    /// The default: the check's dice where it keeps them
    /// ([`Checked::kept`]), if it has none yet.
    fn fill_dice(
        &mut self,
        st: &GameState,
        ctx: Ctx<'_>,
        roller: &mut Roller,
    ) -> Result<(), GameError> {
        match self.rolled_check_mut() {
            Some(c) => fill_kept(c, st, ctx, roller),
            None => Ok(()),
        }
    }

    /// Issue 26: the sets of dice typed at the table this action takes, in
    /// the order they are typed (see [`super::typed::dice_slots`]). The
    /// default: the sides of the check it rolls, if any.
    fn dice_slots(&self, st: &GameState, ctx: Ctx<'_>) -> Result<Vec<DiceSlot>, GameError> {
        match self.rolled_check() {
            Some(c) => Ok(slots_of(&c.prepare(st, ctx)?)),
            None => Ok(Vec::new()),
        }
    }

    /// Issue 26: this action's dice made of `typed`, already counted and
    /// checked against [`Dice::dice_slots`] (R01–R04). The default: the
    /// check's dice, where it keeps them ([`Checked::kept`]).
    fn put_typed_dice(
        &mut self,
        st: &GameState,
        ctx: Ctx<'_>,
        typed: &Typed<'_>,
    ) -> Result<(), GameError> {
        match self.rolled_check_mut() {
            Some(c) => put_typed_kept(c, st, ctx, typed),
            None => Ok(()),
        }
    }

    /// A rolled action taking effect with its dice (at once in games of
    /// rules 1, on accepting from rules 2 on). `lenient`: facts named with
    /// the roll that its result makes moot are ignored. `None`: it is no
    /// roll.
    fn resolve_roll(
        &self,
        _: &mut GameState,
        _: Ctx<'_>,
        _lenient: bool,
    ) -> Option<Result<(), GameError>> {
        None
    }

    /// ★ The chance of this attack putting its target Down (R23, R26,
    /// R27, R38, R41); `None`: it is no attack, or the rules refuse it.
    fn attack_chances(&self, _: &GameState, _: Ctx<'_>) -> Option<Chances> {
        None
    }

    /// Accepting the roll waiting may still give facts that do not change
    /// its dice: this action takes those it carries (its witnesses, R31;
    /// the friend its stray shot hits, R26; the models near its spell,
    /// R38) and refuses any other (see [`AcceptFacts::refuse_others`]).
    fn take_accept_facts(&mut self, facts: &AcceptFacts<'_>) -> Result<(), GameError> {
        facts.refuse_others(None)
    }
}

impl Action {
    /// Issue 34: the action rolls dice, so a client offers Roll and Type
    /// the dice for it (the dark forces, the roll-off, a fall, a re-roll
    /// and every check); the core's answer, so no client keeps a list.
    pub fn rolls_dice(&self) -> bool {
        self.act().dice().is_some()
    }

    /// The check this action rolls (R01–R04), if it rolls one.
    pub(crate) fn rolled_check(&self) -> Option<&dyn Checked> {
        self.act().dice()?.rolled_check()
    }

    /// [`Action::rolled_check`], able to change its dice (a re-roll).
    pub(crate) fn rolled_check_mut(&mut self) -> Option<&mut dyn Checked> {
        self.act_mut().dice_mut()?.rolled_check_mut()
    }
}

/// A check an action rolls (R01–R04): what it is, who rolls which side,
/// where its dice are (R33, R42 re-roll them), and what each player wished
/// of it. Implemented by the actions whose [`Dice::rolled_check`] is
/// `Some`.
pub(crate) trait Checked {
    /// The check as the game builds it now, its options included (R01,
    /// R02); `Err` when it names what does not exist.
    fn prepare(&self, st: &GameState, ctx: Ctx<'_>) -> Result<Prepared, GameError>;

    /// Its dice carry a re-roll made before it waits: re-rolls are taken
    /// on the roll waiting (R33, R42), so this is refused.
    fn has_inner_reroll(&self) -> bool;

    /// Who rolls dice in it: the models that may re-roll their own side
    /// (R33, R42), with their side of the check (R02).
    fn roll_parts(&self, st: &GameState) -> Vec<RollPart>;

    /// Where it keeps its one roll, if in one field: the defaults of
    /// [`Checked::dice_mut`], [`Dice::fill_dice`] and
    /// [`Dice::put_typed_dice`] read and write it there (issue 34: that
    /// code was copied into 4 and 2 files). `None`, the default: a check
    /// that keeps several (R25) says how in those methods.
    fn kept(&mut self) -> Option<KeptRoll<'_>> {
        None
    }

    /// The dice of one part and the spec they were rolled for. The
    /// default: in the roll it keeps ([`Checked::kept`]).
    fn dice_mut(&mut self, part: &RollPart) -> Option<(&mut SideDice, CheckSpec)> {
        match self.kept()? {
            KeptRoll::Check(r) => {
                let r = r.as_mut()?;
                Some((&mut r.roll, r.spec))
            }
            KeptRoll::Opposed(r) => opposed_side(r.as_mut()?, part.role),
        }
    }

    /// R23: a Combat roll (a Headstrong model re-rolls a 1 there, R42).
    fn is_combat(&self) -> bool {
        false
    }

    /// Facts that may still be given on accepting (see
    /// [`Rolls::take_accept_facts`]), filled with a stand-in so that the
    /// rules can try the roll when it begins (R26, rules 4: any engaged
    /// friend for the one a stray shot hits).
    fn stand_in_facts(&mut self, _: &GameState, _: Ctx<'_>) {}

    /// R27: the model whose hit this roll resolves, whom the report
    /// credits with the Down it causes.
    fn hitter(&self) -> Option<ModelRef> {
        None
    }

    /// The report's luck: what each player wished of its dice, with the
    /// exact chance and whether it happened (`before`: the state just
    /// before it took effect).
    fn wishes(&self, before: &GameState, l: Lang) -> Vec<RawWish>;
}

/// Where a check keeps its one roll ([`Checked::kept`]).
pub(crate) enum KeptRoll<'a> {
    /// R01: an attribute check's (a shot, a check).
    Check(&'a mut Option<CheckDice>),
    /// R02: an opposed check's (a Combat, an Assault, a hit, a fall).
    Opposed(&'a mut Option<OpposedDice>),
}

/// R01, R02: roll the check `c` keeps, if it has no dice yet.
fn fill_kept(
    c: &mut dyn Checked,
    st: &GameState,
    ctx: Ctx<'_>,
    roller: &mut Roller,
) -> Result<(), GameError> {
    let empty = match c.kept() {
        Some(KeptRoll::Check(r)) => r.is_none(),
        Some(KeptRoll::Opposed(r)) => r.is_none(),
        None => false,
    };
    if !empty {
        return Ok(());
    }
    match (c.prepare(st, ctx)?, c.kept()) {
        (Prepared::Check(p), Some(KeptRoll::Check(r))) => *r = Some(p.roll(roller)),
        (Prepared::Opposed(p), Some(KeptRoll::Opposed(r))) => *r = Some(p.roll(roller)),
        _ => {}
    }
    Ok(())
}

/// Issue 26: the check `c` keeps made of the dice `typed` at the table.
fn put_typed_kept(
    c: &mut dyn Checked,
    st: &GameState,
    ctx: Ctx<'_>,
    typed: &Typed<'_>,
) -> Result<(), GameError> {
    match c.kept() {
        Some(KeptRoll::Check(r)) => {
            if let Some(x) = typed.check()? {
                *r = Some(x);
            }
        }
        Some(KeptRoll::Opposed(_)) if !typed.slots.is_empty() => {
            let specs = c.prepare(st, ctx)?.opposed_specs();
            if let Some(KeptRoll::Opposed(r)) = c.kept() {
                *r = Some(typed.opposed(&specs, 0)?);
            }
        }
        Some(KeptRoll::Opposed(_)) | None => {}
    }
    Ok(())
}

/// One wish of a roll before its turn is known: whose, what (in words),
/// its chance, whether it happened.
pub(crate) type RawWish = (Side, String, Prob, bool);

/// The check(s) a rolled action makes.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Prepared {
    /// R01: an attribute check (a shot, a jump…).
    Check(PreparedCheck<CheckSpec>),
    /// R02: an opposed check (a fight, a hit, a fall).
    Opposed(PreparedCheck<OpposedSpec>),
    /// R25: one opposed Agility check per engaged opponent.
    Disengage(Vec<PreparedCheck<OpposedSpec>>),
    /// R18: a fall too low to harm: no roll.
    NoRoll,
}

impl Prepared {
    /// The opposed checks, one per roll of the action.
    pub fn opposed(&self) -> Vec<&PreparedCheck<OpposedSpec>> {
        match self {
            Prepared::Opposed(p) => vec![p],
            Prepared::Disengage(v) => v.iter().collect(),
            _ => Vec::new(),
        }
    }

    /// The specs of [`Prepared::opposed`] (R02).
    pub(crate) fn opposed_specs(&self) -> Vec<OpposedSpec> {
        self.opposed().iter().map(|c| c.spec).collect()
    }
}

fn opposed_slots(p: &PreparedCheck<OpposedSpec>) -> [DiceSlot; 2] {
    [
        DiceSlot {
            model: p.active,
            role: Some(Role::Active),
            spec: p.spec.active,
            table: None,
        },
        DiceSlot {
            model: p.passive,
            role: Some(Role::Passive),
            spec: p.spec.passive,
            table: None,
        },
    ]
}

/// The sets of dice a prepared check takes, in the order they are typed
/// (a caller that has the check already need not prepare it again).
pub(crate) fn slots_of(prepared: &Prepared) -> Vec<DiceSlot> {
    match prepared {
        Prepared::Check(p) => vec![DiceSlot {
            model: p.active,
            role: None,
            spec: p.spec,
            table: None,
        }],
        Prepared::Opposed(p) => opposed_slots(p).to_vec(),
        Prepared::Disengage(v) => v.iter().flat_map(opposed_slots).collect(),
        Prepared::NoRoll => Vec::new(),
    }
}

/// The check `action` rolls, as the game builds it now (its options
/// included); `Err` when it names what does not exist. Whether the rules
/// allow the action now is `Game::check`'s answer.
pub(crate) fn prepare(
    st: &GameState,
    ctx: Ctx<'_>,
    action: &Action,
) -> Result<Prepared, GameError> {
    match action.rolled_check() {
        Some(c) => c.prepare(st, ctx),
        None => Err(Refusal::NotARoll {
            action: action.id(),
        }
        .into()),
    }
}

/// `action` with every die it lacks rolled by `roller`: the dark forces,
/// the roll-off (ties rolled again, R08), the backlash, a check's dice, a
/// re-roll's dice. Dice already given (real dice typed in) are kept.
pub(crate) fn fill_dice(
    st: &GameState,
    ctx: Ctx<'_>,
    action: &Action,
    roller: &mut Roller,
) -> Result<Action, GameError> {
    let mut a = action.clone();
    if let Some(d) = a.act_mut().dice_mut() {
        d.fill_dice(st, ctx, roller)?;
    }
    Ok(a)
}

/// The dice of one roll on a die-range table of the rules (R38, R39).
/// The sets of dice a table roll `id` takes when typed: one d10 each
/// (R39 the dark forces, R38 the backlash); none for a table of other dice.
pub(crate) fn table_slots(
    ctx: Ctx<'_>,
    id: &str,
    what: super::slot::TableDie,
) -> Result<Vec<DiceSlot>, GameError> {
    let t = kit::table(ctx.rules, id)?;
    let expr = t.dice_expr().map_err(|e| Refusal::BadDiceExpr {
        detail: e.to_string(),
    })?;
    Ok(if expr.sides == 10 {
        (0..expr.count).map(|_| DiceSlot::table(what)).collect()
    } else {
        Vec::new()
    })
}

pub(crate) fn table_dice(
    ctx: Ctx<'_>,
    id: &str,
    roller: &mut Roller,
) -> Result<Vec<u32>, GameError> {
    let t = kit::table(ctx.rules, id)?;
    let expr = t.dice_expr().map_err(|e| Refusal::BadDiceExpr {
        detail: e.to_string(),
    })?;
    Ok((0..expr.count).map(|_| roller.die(expr.sides)).collect())
}
