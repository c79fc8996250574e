//! What can be done now: for the current step, every action the players
//! may take, its DP cost, whether the rules allow it and, if not, why (the
//! refusal with its rule id), and the targets it can take, each with its
//! own ready action. The view and the CLI render these; neither decides
//! what is allowed.

use super::action::{Action, HitOptions};
use super::draft::{DeclKey, Declaration, Declared, Facts, declarations, declare, draft};
use super::engine;
use super::error::GameError;
use super::guard::Ctx;
use super::pending::roll_parts;
use super::price::Price;
use super::price::{cost, try_action};
use super::refs::{ModelRef, Side};
use crate::game::act;

mod acting;
mod targets;
use super::close::taker_now;
use super::state::{GameState, Now};
use super::status::Status;
use super::taker::Taker;
use crate::odds::Prob;
use crate::tables::{Keyword, RuleSet};
use crate::text::Lang;
use acting::{Actor, acting_offers, herb_offer};
pub(crate) use targets::Depth;

/// An action as an offer (issue 23): its cost, its offers, what the
/// players may declare on it and the words of its button. Implemented in
/// each action's file, `acts/<id>.rs`; reached through [`Action::act`]
/// (the offers of an activation through `each_action!`, in
/// `offers/acting.rs`). `acting_place` and `declares` default to an action
/// offered as it is, outside an activation.
pub(crate) trait Offered {
    /// R10–R12, R09, R38: the DP it costs now: its row's in
    /// `tables/actions.yaml` ([`row_dp`]), unless the action says why not.
    fn cost(&self, st: &GameState, ctx: Ctx<'_>) -> i32;

    /// R07: its offers to the model making actions (`on`), pushed on `b`
    /// with their targets and choices; nothing for an action that no
    /// model takes in its activation (the turn's steps are offered by the
    /// step the game is at, in [`offers`]; an action made by hand, or
    /// offered while a roll waits: the default).
    fn offer_acting(_: &mut Builder<'_>, _: &Actor<'_>)
    where
        Self: Sized,
    {
    }

    /// Where its offers stand among the acting model's (the order of the
    /// buttons and of the random player's draw): lower first, ties in the
    /// list's order; [`NOT_ACTING`] for an action that offers nothing there.
    fn acting_place() -> u8
    where
        Self: Sized,
    {
        NOT_ACTING
    }

    /// R33, R42, R31, R26: the offers while its roll waits to be accepted
    /// (the re-rolls, the accept and what may be named with it), pushed on
    /// `b` ([`waiting_offers`]); nothing for an action that rolls none
    /// (the default).
    fn offers_rolled(&self, _: &mut Builder<'_>) {}

    /// What the players may declare on it (R19, R20, R22, R24, R26, R28,
    /// R30, R31, R32, R35, R38, R42): `Some(self)` with its [`Declares`],
    /// or `None` for an action offered as it is, which declares nothing
    /// and whose draft is the action itself.
    fn declares(&self) -> Option<&dyn Declares> {
        None
    }

    /// [`Offered::declares`], able to set what is declared.
    fn declares_mut(&mut self) -> Option<&mut dyn Declares> {
        None
    }

    /// The words of its offer's button (without its DP): the action's name
    /// from the tables ([`row_label`]), or what names this one better.
    fn label(&self, st: &GameState, rules: &RuleSet, l: Lang) -> String;
}

/// An action with declarations (issue 23): what the players may still
/// declare, what they declared, and its draft. No method has a default
/// body.
pub(crate) trait Declares {
    /// What the players may still declare on it now (R19, R20, R22, R24,
    /// R26, R28, R30, R31, R32, R35, R38, R42), labelled from the tables.
    fn declarations(&self, st: &GameState, ctx: Ctx<'_>) -> Vec<Declaration>;

    /// What the players declared so far for `key`; `None` when the action
    /// has no such declaration.
    fn declared(&self, key: &DeclKey) -> Option<Declared>;

    /// `key` declared as `v`; `false` (and the action unchanged) when it
    /// has no such declaration or `v` is the wrong kind.
    fn declare(&mut self, key: &DeclKey, v: &Declared) -> bool;

    /// Its draft: `self` pre-filled from what the tracker knows beyond the
    /// state (R20: the Moves just made before an Assault).
    fn fill_draft(&mut self, ctx: Ctx<'_>, facts: Facts);
}

/// The place of an action that no model takes in its activation.
pub(crate) const NOT_ACTING: u8 = u8::MAX;

/// The names an action's `Offered` impl uses (the offer builder, the
/// acting model, the rows' DP and words, the declarations): a prelude each
/// `acts/<id>.rs` imports with one glob, so a new action's file starts
/// from the same vocabulary.
pub(crate) mod names {
    pub(crate) use super::super::action::{CheckOptions, FightOptions, ShootOptions};
    pub(crate) use super::super::draft::{self, DeclKey, Declaration, Declared, Facts};
    pub(crate) use super::super::refs::ModelRef;
    pub(crate) use super::acting::{Actor, herb_offer};
    pub(crate) use super::{
        Builder, NOT_ACTING, Waiting, in_play, row_dp, row_label, stray_offers, waiting_offers,
    };
    pub(crate) use crate::tables::{Keyword, RuleSet, Stat};
}

/// One target of an offer, with the action that takes it.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    pub model: ModelRef,
    pub action: Action,
    /// For an attack: the exact chance this target ends Down (the roll and
    /// the hit chained, dice as they fall, no re-roll).
    pub p_down: Option<Prob>,
    /// For a fight: the exact chance the attacker ends Down.
    pub p_attacker_down: Option<Prob>,
    /// `action` pre-filled from what the tracker knows (issue 23); the
    /// chances above are of `action`, `Game::price` prices the draft.
    pub draft: Action,
    /// What the players may still declare on this target's draft.
    pub declarations: Vec<Declaration>,
    /// Who may take it (issue 26).
    pub by: Taker,
    /// The price of `draft` (`None` when the rules refuse it): worked out
    /// once with the offers, worded by each client in its language.
    pub price: Option<Price>,
}

/// One thing the players may do now.
#[derive(Clone, Debug, PartialEq)]
pub struct Offer {
    /// The action's name as the game file stores it.
    pub id: &'static str,
    /// The model that acts (or re-rolls, or activates), if any.
    pub model: Option<ModelRef>,
    /// What it costs in DP (R10–R12).
    pub dp: i32,
    pub allowed: bool,
    pub why_not: Option<GameError>,
    /// The action ready to send (for an offer with targets: its first
    /// allowed target's).
    pub action: Action,
    /// The targets it can take (only those the rules allow).
    pub targets: Vec<Target>,
    /// Models the players may name in the action's list (friends within
    /// 15 cm who gain fear, models under a template, friends to rally…).
    pub choices: Vec<ModelRef>,
    /// `action` pre-filled from what the tracker knows (issue 23: R20 the
    /// consecutive Moves before an Assault).
    pub draft: Action,
    /// What the players may still declare on the draft (table options,
    /// models within a distance, a pick among items or cover rows, a
    /// number), labelled from the tables.
    pub declarations: Vec<Declaration>,
    /// Who may take it (issue 26): the acting side for its model's
    /// actions, the defender for its choices in a hit, either for the
    /// table's steps.
    pub by: Taker,
}

/// What the game waits for and every offer for it.
#[derive(Clone, Debug, PartialEq)]
pub struct Offers {
    pub turn: u32,
    pub round: Option<i32>,
    pub now: Now,
    /// The model making actions now, if any.
    pub actor: Option<ModelRef>,
    pub offers: Vec<Offer>,
}

impl Offers {
    /// The allowed offers.
    pub fn allowed(&self) -> impl Iterator<Item = &Offer> {
        self.offers.iter().filter(|o| o.allowed)
    }

    /// The first offer with this id (allowed or not).
    pub fn find(&self, id: &str) -> Option<&Offer> {
        self.offers.iter().find(|o| o.id == id)
    }
}

/// What the players may declare on `d`, each only where `act` would take
/// it: a form with its own row (R26 aimed shot, R28 Iron defence) only
/// where the rules take it ticked (its DP paid, no Move before an aimed
/// shot), R42 Survival instinct only where the tracker allows it (a friend
/// Down, not spent).
pub(crate) fn takeable(st: &GameState, ctx: Ctx<'_>, d: &Action) -> Vec<Declaration> {
    let mut out = declarations(st, ctx, d);
    out.retain(|decl| {
        if !matches!(decl.key, DeclKey::Row(_) | DeclKey::SurvivalInstinct) {
            return true;
        }
        let mut on = d.clone();
        declare(&mut on, &decl.key, &Declared::Count(1)) && try_action(st, ctx, &on).is_ok()
    });
    out
}

/// The DP of the row `id` of `tables/actions.yaml` (0 without one).
pub(crate) fn row_dp(ctx: Ctx<'_>, id: &str) -> i32 {
    ctx.rules.action(id).and_then(|a| a.dp).unwrap_or(0) as i32
}

/// The name of the row `id` of `tables/actions.yaml` (its id without one).
pub(crate) fn row_label(rules: &RuleSet, id: &str, l: Lang) -> String {
    rules
        .action(id)
        .map_or_else(|| id.to_string(), |a| a.name.get(l).to_string())
}

impl Offer {
    /// The words of its button (without its DP): the action's name from
    /// the tables, a spell's own name, what a check is for.
    pub fn label(&self, st: &GameState, rules: &RuleSet, l: Lang) -> String {
        self.action.act().label(st, rules, l)
    }
}

/// The offers made so far for the step the game is at.
pub(crate) struct Builder<'a> {
    pub(crate) st: &'a GameState,
    pub(crate) ctx: Ctx<'a>,
    facts: Facts,
    pub(crate) out: Vec<Offer>,
    /// Which offers get their targets tried, priced and declared.
    depth: Depth,
}

impl Builder<'_> {
    /// The declarations of draft `d`; a declared form with its own row and
    /// DP (R26 aimed shot, R28 Iron defence) only where the rules would
    /// take it now, so that every declaration offered may be made.
    fn declarations_of(&self, d: &Action) -> Vec<Declaration> {
        takeable(self.st, self.ctx, d)
    }

    /// An offer of `action`, its draft and declarations filled in.
    pub(crate) fn make_offer(
        &self,
        model: Option<ModelRef>,
        action: Action,
        allowed: bool,
        why_not: Option<GameError>,
        targets: Vec<Target>,
        choices: Vec<ModelRef>,
    ) -> Offer {
        let d = draft(self.ctx, self.facts, &action);
        // Issue 32: an offer whose targets are only listed (a phone's
        // state) declares nothing itself: each target's declarations come
        // with its targets in full (`offer_in_full`). At 4,000 models its
        // 2,000 defensive shots were each declared and worded twice.
        let declarations = if targets.is_empty() || self.full_at(self.out.len()) {
            self.declarations_of(&d)
        } else {
            Vec::new()
        };
        Offer {
            id: action.id(),
            by: taker_now(self.st, self.ctx, &action),
            model,
            dp: cost(self.st, self.ctx, &action),
            allowed,
            why_not,
            declarations,
            draft: d,
            action,
            targets,
            choices,
        }
    }

    pub(crate) fn offer(&mut self, model: Option<ModelRef>, action: Action) {
        self.offer_with(model, action, Vec::new());
    }

    pub(crate) fn offer_with(
        &mut self,
        model: Option<ModelRef>,
        action: Action,
        choices: Vec<ModelRef>,
    ) {
        let verdict = try_action(self.st, self.ctx, &action);
        let offer = self.make_offer(
            model,
            action,
            verdict.is_ok(),
            verdict.err(),
            Vec::new(),
            choices,
        );
        self.out.push(offer);
    }
}

pub(crate) fn in_play(st: &GameState, pred: impl Fn(ModelRef) -> bool) -> Vec<ModelRef> {
    st.models()
        .filter(|(r, m)| m.status.in_play() && pred(*r))
        .map(|(r, _)| r)
        .collect()
}

/// Every offer for the step the game is at; `facts` are what the log
/// tells beyond the state (the drafts' pre-fill).
pub(crate) fn offers(st: &GameState, ctx: Ctx<'_>, facts: Facts, depth: Depth) -> Offers {
    let now = st.now();
    let mut b = Builder {
        st,
        ctx,
        facts,
        out: Vec::new(),
        depth,
    };
    let mut actor = None;
    match &now {
        Now::Ended { .. } => {}
        Now::StartTurn { .. } => b.offer(
            None,
            Action::StartTurn(act::StartTurn {
                dark_forces: Vec::new(),
            }),
        ),
        Now::ChangeRound { side } => {
            let sides: Vec<Side> = match side {
                Some(s) => vec![*s],
                None => Side::WARBANDS.to_vec(),
            };
            for s in sides {
                for (r, _) in st.models_of(s).filter(|(_, m)| m.status.in_play()) {
                    for steps in [1, -1] {
                        b.offer(
                            Some(r),
                            Action::ChangeRound(act::ChangeRound { model: r, steps }),
                        );
                    }
                }
                b.offer(
                    None,
                    Action::EndChangeRound(act::EndChangeRound { side: s }),
                );
            }
        }
        Now::RollOff { .. } => b.offer(
            None,
            Action::RollOff(act::RollOff {
                rolls: Vec::new(),
                starts: None,
            }),
        ),
        Now::ChooseStart { .. } => {
            for side in Side::WARBANDS {
                b.offer(None, Action::ChooseStart(act::ChooseStart { side }));
            }
        }
        Now::Pick { models, .. } => {
            for m in models {
                b.offer(Some(*m), Action::Activate(act::Activate { model: *m }));
            }
            b.offer(None, Action::EndTurn(act::EndTurn {}));
        }
        Now::ResolveHits { hits } => {
            for (k, (attacker, target)) in hits.iter().enumerate() {
                // R41 Venom: a second hit of one attacker on one target
                // (the weapon's poison) is its own offer, with its numbers.
                let nth = hits[..k]
                    .iter()
                    .filter(|h| **h == (*attacker, *target))
                    .count();
                // R28: Iron defence is a declaration of the hit.
                b.offer(
                    Some(*target),
                    Action::ResolveHit(act::ResolveHit {
                        attacker: *attacker,
                        target: *target,
                        options: HitOptions {
                            nth: u32::try_from(nth).unwrap_or(u32::MAX),
                            ..HitOptions::default()
                        },
                        roll: None,
                        witnesses: Vec::new(),
                    }),
                );
                herb_offer(&mut b, *target);
            }
        }
        Now::Rolled => rolled_offers(&mut b),
        Now::Acting { model, ordered } => {
            let a = ordered.unwrap_or(*model);
            actor = Some(a);
            acting_offers(&mut b, a, *model);
        }
    }
    // R39 8–9: the beast the dark forces called, at any step.
    acting::beast_offers(&mut b);
    // Issue 15: the players may end the game at any step, once no roll or
    // hit waits.
    if !matches!(
        now,
        Now::Ended { .. } | Now::Rolled | Now::ResolveHits { .. }
    ) {
        b.offer(None, Action::EndGame(act::EndGame {}));
    }
    Offers {
        turn: st.turn,
        round: st.round.as_ref().map(|r| r.round),
        now,
        actor,
        offers: b.out,
    }
}

/// A roll waits: the offers of the action rolled (its re-rolls, its
/// accept and what may be named with it).
fn rolled_offers(b: &mut Builder<'_>) {
    let st = b.st;
    if let Some(p) = st.pending.as_ref() {
        p.action.act().offers_rolled(b);
    }
    // Issue 33: while two sides may still re-roll, each passes first.
    let open = super::close::open_sides(st, b.ctx);
    if open.len() > 1 {
        for side in open {
            b.offer(None, Action::PassReroll(act::PassReroll { side }));
        }
    }
}

/// What the roll waiting allows beside the totem's re-rolls.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Waiting {
    /// R42: a Combat roll, whose Headstrong models may re-roll a 1.
    pub(crate) headstrong: bool,
    /// R31: accepting it may put a model Down, whose friends may witness it.
    pub(crate) witnessed: bool,
}

/// A roll waits: each roller's totem re-roll (R33), its Headstrong re-roll
/// where `w` allows it (R42), and accepting it, with the friends who may
/// witness a model put Down (R31).
pub(crate) fn waiting_offers(b: &mut Builder<'_>, w: Waiting) {
    let st = b.st;
    let Some(p) = st.pending.as_ref() else {
        return;
    };
    for part in roll_parts(st, &p.action) {
        if !part.model.side.is_warband() {
            continue;
        }
        b.offer(
            Some(part.model),
            Action::TotemReroll(act::TotemReroll {
                by: part.model,
                roll: part.roll,
                dice: None,
            }),
        );
        // R42 Headstrong: its own re-roll of a 1 in Combat, offered to the
        // models that have it.
        if b.ctx.setup.all_rules()
            && w.headstrong
            && st
                .model(part.model)
                .is_some_and(|x| x.has(Keyword::Headstrong))
        {
            b.offer(
                Some(part.model),
                Action::HeadstrongReroll(act::HeadstrongReroll {
                    by: part.model,
                    roll: part.roll,
                    dice: None,
                }),
            );
        }
    }
    let plain = Action::Accept(act::Accept {
        witnesses: None,
        stray: None,
        within_30cm: None,
    });
    // Who would be put Down: their friends may witness it (R31).
    let mut after = st.clone();
    let mut down = None;
    if w.witnessed && engine::step(&mut after, b.ctx, &plain).is_ok() {
        down = after
            .models()
            .find(|(r, m)| {
                m.status == Status::Down
                    && st.model(*r).map(|x| x.status) != Some(Status::Down)
                    && r.side.is_warband()
            })
            .map(|(r, _)| r);
    }
    let witnesses = down.and_then(|m| super::draft::witnesses(st, b.ctx, m));
    let choices = match &witnesses {
        Some(Declaration {
            kind: super::draft::DeclKind::Models { models },
            ..
        }) => models.clone(),
        _ => Vec::new(),
    };
    b.offer_with(None, plain, choices);
    // R31: the same friends, as the accept's declaration.
    if let (Some(o), Some(d)) = (b.out.last_mut(), witnesses) {
        o.declarations.push(d);
    }
}

/// R26: a miss the into-combat penalty caused hits a friend of `shooter`:
/// the accept naming each friend it may hit.
pub(crate) fn stray_offers(b: &mut Builder<'_>, shooter: ModelRef) {
    let st = b.st;
    let friends = in_play(st, |f| f.side == shooter.side && f != shooter);
    let strays: Vec<ModelRef> = friends
        .into_iter()
        .filter(|f| {
            let mut next = st.clone();
            let a = Action::Accept(act::Accept {
                witnesses: None,
                stray: Some(*f),
                within_30cm: None,
            });
            engine::step(&mut next, b.ctx, &a).is_ok()
                && next.pending_hits.iter().any(|h| h.target == *f)
        })
        .collect();
    if !strays.is_empty() {
        b.targeted(shooter, &strays, |f| {
            Action::Accept(act::Accept {
                witnesses: None,
                stray: Some(f),
                within_30cm: None,
            })
        });
    }
}
