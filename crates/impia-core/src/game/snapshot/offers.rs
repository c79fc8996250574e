//! The shape of `game offers --json`: what the game waits for and every
//! offer, allowed or refused with its reason in words, its targets with
//! their chance to put them Down, and the check each roll would make with
//! every modifier in words and its exact odds (issue 12). Its keys are a
//! contract with scripts (`tests/snapshot_json.rs`).

use serde::Serialize;

use super::figures::{self, Figure};
use super::type_dice::TypeDiceView;

use crate::game::action::PendingRoll;
use crate::game::draft::{Choice, DeclKey, DeclKind, Declaration, Declared, Effect, value};
use crate::game::prepare::slots_of;
use crate::game::{
    Action, Game, GameError, ModelRef, Now, Offer, Offers, Prepared, PreparedCheck, Price, Taker,
    Target,
};
use crate::odds::{Odds, OpposedOdds};
use crate::text::{Lang, Text};

/// One opposed check: every modifier's source in words and the exact odds
/// of each outcome (R02, R23).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OpposedCheck {
    pub sources: Vec<String>,
    pub odds: OpposedOdds,
    /// Issue 34: each outcome in words, named by who wins it.
    pub figures: Vec<Figure>,
}

/// The check a rolled action makes, before its dice.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum CheckView {
    /// R01: an attribute check and its chance of success.
    Check {
        sources: Vec<String>,
        success: Odds,
        /// Issue 34: the chance in words.
        figures: Vec<Figure>,
    },
    /// R02: an opposed check.
    Opposed(OpposedCheck),
    /// R25: one opposed check per engaged opponent.
    Disengage { rolls: Vec<OpposedCheck> },
}

/// One target of an offer with the action that takes it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TargetView {
    pub model: ModelRef,
    /// The action that takes it; none in a phone's state, where a target
    /// is only listed (issue 32: its `draft` is the action to open).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action: Option<Action>,
    /// For an attack: the exact chance the target ends Down.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_down: Option<Odds>,
    /// For a fight: the exact chance the attacker ends Down.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_attacker_down: Option<Odds>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub check: Option<CheckView>,
    /// Issue 23: `action` pre-filled from what the tracker knows.
    pub draft: Action,
    /// What the players may still declare on the draft; none in a phone's
    /// state (issue 32: its targets are listed, the page asks `POST
    /// targets` for the offer it opens).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declarations: Option<Vec<DeclarationView>>,
    /// The draft's price: its check, odds and chances, for exactly it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub price: Option<PriceView>,
    /// Who may take it (issue 26): `a`, `b` or `either`.
    pub by: Taker,
}

/// One choice of a pick, in words.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChoiceView {
    pub id: String,
    pub label: String,
}

/// One declaration in words: `key` says what it sets, `kind` how it is
/// answered (`flag`, `count` up to `max`, `models` among `models`, `pick`
/// among `choices`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DeclarationView {
    pub key: DeclKey,
    pub label: String,
    pub kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<u32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub models: Vec<ModelRef>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<ChoiceView>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub many: bool,
    /// A flag's effect, or a count's per unit, as the tables give it (the
    /// DP it adds among them: R26 aimed shot, R28 Iron defence).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effect: Option<Effect>,
    /// What the draft declares now (issue 26: a client shows it and sends
    /// the next answer through `Game::declare`, never setting fields).
    pub value: Option<Declared>,
}

/// A draft's price: its DP, its check, the chance the acting side wins and
/// the chance each side ends Down.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PriceView {
    pub dp: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub check: Option<CheckView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win: Option<Odds>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_down: Option<Odds>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_attacker_down: Option<Odds>,
    /// Issue 34: `win`, `p_down` and `p_attacker_down` in words, each
    /// naming whose chance it is (what every client shows).
    pub figures: Vec<Figure>,
    /// Issue 26: the sets of dice to type for real dice, in the order
    /// `Game::with_typed_dice` takes them.
    pub dice: Vec<TypeDiceView>,
}

impl PriceView {
    /// The price of `draft` in words with the dice to type (issue 26: the
    /// phone's `POST price`); the refusal, naming its rule, when the rules
    /// would not take it now.
    pub fn of(g: &Game, draft: &Action, l: Lang) -> Result<PriceView, GameError> {
        PriceView::of_price(g, draft, &g.price(draft)?, l)
    }

    /// `p`, the price of `draft` worked out before (the offers', issue
    /// 32), in words with the dice to type.
    pub fn of_price(g: &Game, draft: &Action, p: &Price, l: Lang) -> Result<PriceView, GameError> {
        // The price's check serves its words and its dice: prepared once.
        let slots = match p.prepared.as_ref().map(slots_of) {
            // A roll of no check (a spell's backlash) still takes its die.
            Some(s) if !s.is_empty() => s,
            _ => g.dice_slots(draft)?,
        };
        let dice = slots.iter().map(|s| TypeDiceView::of(g, s, l)).collect();
        let figures = p.figures(g, draft, l);
        let mut check = p.prepared.as_ref().and_then(|x| prepared_view(g, x, l));
        // R27: a hit's check in the table's words too (put Down, or it
        // withstands), not "X wins".
        if let (Action::ResolveHit(_), Some(CheckView::Opposed(c))) = (draft, &mut check) {
            c.figures = figures.clone();
        }
        Ok(PriceView {
            dp: p.dp,
            figures,
            check,
            win: p.win.map(Odds),
            p_down: p.down.map(Odds),
            p_attacker_down: p.attacker_down.map(Odds),
            dice,
        })
    }
}

/// One thing the players may do now.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OfferView {
    /// The action's name as the game file stores it.
    pub id: &'static str,
    pub model: Option<ModelRef>,
    pub dp: i32,
    pub allowed: bool,
    /// The refusal in words, its rule id first.
    pub why_not: Option<String>,
    pub action: Action,
    pub targets: Vec<TargetView>,
    pub choices: Vec<ModelRef>,
    /// The check of an allowed offer without targets that rolls.
    pub check: Option<CheckView>,
    /// Issue 23: `action` pre-filled from what the tracker knows.
    pub draft: Action,
    /// What the players may still declare on the draft.
    pub declarations: Vec<DeclarationView>,
    /// The draft's price, for an allowed offer without targets (a target
    /// carries its own): its DP with what is declared, its check and odds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub price: Option<PriceView>,
    /// Who may take it (issue 26): `a`, `b` or `either`.
    pub by: Taker,
    /// Issue 34: the action rolls dice (Roll or type them).
    pub rolls: bool,
    /// What taking it brings on, in words, for every client to show beside
    /// it: R31, the flight of an activation ended ([`Game::flight_warning`]);
    /// a turn ended while models have not acted ([`Game::end_turn_warning`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warning: Option<String>,
}

/// One re-roll of the pending roll (R33, R42): who, which roll, the d10
/// before and after.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RerollView {
    pub by: ModelRef,
    pub roll: usize,
    pub before: u32,
    pub after: u32,
}

/// The roll made and waiting to be re-rolled or accepted.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PendingView {
    pub action: Action,
    /// The roll and its outcome in words.
    pub text: String,
    pub rerolls: Vec<RerollView>,
}

/// What the game waits for and every offer for it, as `game offers
/// --json` prints it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OffersView {
    /// Issue 34: the JSON's format version ([`super::FORMAT`]).
    pub format: u32,
    pub turn: u32,
    pub round: Option<i32>,
    /// The step's name: the `step` of [`Now`] as it serialises.
    pub phase: &'static str,
    pub now: String,
    /// The model making actions now.
    pub actor: Option<ModelRef>,
    pub pending: Option<PendingView>,
    pub offers: Vec<OfferView>,
}

/// The step's name, as `Now` serialises its tag.
pub(super) fn step_name(now: &Now) -> &'static str {
    match now {
        Now::StartTurn { .. } => "start_turn",
        Now::ChangeRound { .. } => "change_round",
        Now::RollOff { .. } => "roll_off",
        Now::ChooseStart { .. } => "choose_start",
        Now::Pick { .. } => "pick",
        Now::Acting { .. } => "acting",
        Now::ResolveHits { .. } => "resolve_hits",
        Now::Rolled => "rolled",
        Now::Ended { .. } => "ended",
    }
}

fn words(s: &[Text], l: Lang) -> Vec<String> {
    s.iter().map(|t| t.get(l).to_string()).collect()
}

fn opposed(g: &Game, p: &PreparedCheck<crate::dice::OpposedSpec>, l: Lang) -> OpposedCheck {
    let odds = p.odds();
    OpposedCheck {
        sources: words(&p.sources, l),
        figures: figures::opposed(g, p.active, p.passive, &odds, l),
        odds,
    }
}

/// The check `a` makes as the game builds it now; `None` for an action
/// that rolls nothing or names what does not exist.
pub(super) fn check_view(g: &Game, a: &Action, l: Lang) -> Option<CheckView> {
    if !a.is_roll() {
        return None;
    }
    prepared_view(g, &g.prepare(a).ok()?, l)
}

/// A prepared check in words: its sources, odds and figures.
fn prepared_view(g: &Game, prepared: &Prepared, l: Lang) -> Option<CheckView> {
    match prepared {
        Prepared::Check(p) => {
            let success = p.odds();
            Some(CheckView::Check {
                sources: words(&p.sources, l),
                figures: figures::check(g, p.active, success, l),
                success,
            })
        }
        Prepared::Opposed(p) => Some(CheckView::Opposed(opposed(g, p, l))),
        Prepared::Disengage(v) => Some(CheckView::Disengage {
            rolls: v.iter().map(|p| opposed(g, p, l)).collect(),
        }),
        Prepared::NoRoll => None,
    }
}

/// The declarations of `draft` in `l`, with what it declares now.
pub fn declarations_view(ds: &[Declaration], draft: &Action, l: Lang) -> Vec<DeclarationView> {
    ds.iter()
        .map(|d| {
            let mut v = DeclarationView {
                key: d.key.clone(),
                label: d.label.get(l).to_string(),
                kind: "flag",
                max: None,
                models: Vec::new(),
                choices: Vec::new(),
                many: false,
                effect: None,
                value: value(draft, &d.key),
            };
            match &d.kind {
                DeclKind::Flag { effect } => v.effect = Some(*effect),
                DeclKind::Count { max, effect } => {
                    v.kind = "count";
                    v.max = Some(*max);
                    v.effect = Some(*effect);
                }
                DeclKind::Models { models } => {
                    v.kind = "models";
                    v.models = models.clone();
                }
                DeclKind::Pick { choices, many } => {
                    v.kind = "pick";
                    v.many = *many;
                    v.choices = choices
                        .iter()
                        .map(|Choice { id, label }| ChoiceView {
                            id: id.clone(),
                            label: label.get(l).to_string(),
                        })
                        .collect();
                }
            }
            v
        })
        .collect()
}

/// The price of `draft` in words; `None` when the rules refuse it.
fn price_view(g: &Game, draft: &Action, l: Lang) -> Option<PriceView> {
    PriceView::of(g, draft, l).ok()
}

/// A target's price for a phone's state (issue 32): its DP, its chances
/// and their words, without its check's words or its dice (the sheet asks
/// `POST price` for the draft it opens).
fn lean_price(g: &Game, draft: &Action, p: &Price, l: Lang) -> PriceView {
    PriceView {
        dp: p.dp,
        check: None,
        win: p.win.map(Odds),
        p_down: p.down.map(Odds),
        p_attacker_down: p.attacker_down.map(Odds),
        figures: p.figures(g, draft, l),
        dice: Vec::new(),
    }
}

fn offer(g: &Game, o: &Offer, l: Lang, lean: bool) -> OfferView {
    let price = if o.allowed && o.targets.is_empty() {
        price_view(g, &o.draft, l)
    } else {
        None
    };
    OfferView {
        warning: g.offer_warning(o, l),
        rolls: o.action.rolls_dice(),
        id: o.id,
        by: o.by,
        model: o.model,
        dp: o.dp,
        allowed: o.allowed,
        why_not: o.why_not.as_ref().map(|e| e.message(l)),
        action: o.action.clone(),
        // Issue 32: a phone's state lists the targets (no declarations,
        // no price: `POST targets` answers for the offer opened).
        targets: o
            .targets
            .iter()
            .map(|t| target_view(g, t, l, lean, !lean))
            .collect(),
        choices: o.choices.clone(),
        // Issue 34: the draft's check when it is priced (one roll, one
        // set of odds on every client).
        check: match &price {
            Some(p) if o.action.is_roll() => p.check.clone(),
            _ if o.allowed && o.targets.is_empty() => check_view(g, &o.action, l),
            _ => None,
        },
        draft: o.draft.clone(),
        declarations: declarations_view(&o.declarations, &o.draft, l),
        price,
    }
}

/// A target in words: `lean`, its price without its check's words or its
/// dice (a phone's); `declared`, with its declarations.
fn target_view(g: &Game, t: &Target, l: Lang, lean: bool, declared: bool) -> TargetView {
    // Issue 32: the offers priced each draft once.
    let price = t.price.as_ref().and_then(|p| {
        if lean {
            Some(lean_price(g, &t.draft, p, l))
        } else {
            PriceView::of_price(g, &t.draft, p, l).ok()
        }
    });
    // Issue 34: one roll, one set of odds: the target's check and chances
    // are its draft's price (the Moves the tracker logged included), as
    // the acting phone shows them; the bare action's only when the draft
    // has no price.
    let (check, p_down, p_attacker_down) = match &price {
        Some(p) => (p.check.clone(), p.p_down, p.p_attacker_down),
        None => (
            if lean {
                None
            } else {
                check_view(g, &t.action, l)
            },
            t.p_down.map(Odds),
            t.p_attacker_down.map(Odds),
        ),
    };
    TargetView {
        model: t.model,
        by: t.by,
        // Issue 32: a target only listed (a phone's state) carries its
        // draft alone, the action the page opens.
        action: (declared || t.price.is_some()).then(|| t.action.clone()),
        // Issue 12: the chance to put the target (and, in a fight, the
        // attacker) Down, on attack offers only.
        p_down,
        p_attacker_down,
        check,
        draft: t.draft.clone(),
        declarations: declared.then(|| declarations_view(&t.declarations, &t.draft, l)),
        price,
    }
}

/// The targets of an offer worked out in full ([`Game::offer_in_full`]),
/// as a phone opening it receives them (issue 32, `POST targets`): each
/// priced in numbers and words (its check's words and dice come with
/// `POST price` for the draft opened) and its declarations.
pub fn targets_for_phone(g: &Game, o: &Offer, l: Lang) -> Vec<TargetView> {
    o.targets
        .iter()
        .map(|t| target_view(g, t, l, true, true))
        .collect()
}

fn pending_view(g: &Game, p: &PendingRoll, l: Lang) -> PendingView {
    PendingView {
        action: p.action.clone(),
        text: g.describe(&p.action, l),
        rerolls: p
            .rerolls
            .iter()
            .map(|r| RerollView {
                by: r.by,
                roll: r.roll,
                before: r.before.d10,
                after: r.after.d10,
            })
            .collect(),
    }
}

/// The offers of `g` in words; `now` is the core's sentence.
pub(super) fn offers_view(
    g: &Game,
    offers: &Offers,
    now: String,
    l: Lang,
    lean: bool,
) -> OffersView {
    OffersView {
        format: super::FORMAT,
        turn: offers.turn,
        round: offers.round,
        phase: step_name(&offers.now),
        now,
        actor: offers.actor,
        pending: g.pending().map(|p| pending_view(g, p, l)),
        offers: offers.offers.iter().map(|o| offer(g, o, l, lean)).collect(),
    }
}

impl OffersView {
    /// The offers in `lang` of a game now.
    pub fn of(g: &Game, lang: Lang) -> OffersView {
        OffersView::of_offers(g, &g.offers(), lang)
    }

    /// The same from offers already worked out (they hold no words, so one
    /// set serves every language).
    pub fn of_offers(g: &Game, offers: &Offers, lang: Lang) -> OffersView {
        offers_view(g, offers, g.now_text(lang), lang, false)
    }

    /// The same for a phone's state (issue 32: 4,000 models made a seat's
    /// state 15.8 MB): each target without its check, its price in numbers
    /// only (the page draws the list from them; its sheet asks `POST
    /// price` for the draft it opens, words and dice).
    pub fn for_phone(g: &Game, offers: &Offers, lang: Lang) -> OffersView {
        offers_view(g, offers, g.now_text(lang), lang, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Side;

    #[test]
    fn the_offers_phase_is_the_step_that_now_serialises() {
        let m = ModelRef::a(0);
        for now in [
            Now::StartTurn { turn: 1 },
            Now::ChangeRound { side: None },
            Now::RollOff { round: 4 },
            Now::ChooseStart {
                round: 4,
                winner: Side::B,
            },
            Now::Pick {
                round: 4,
                side: Side::A,
                models: vec![m],
            },
            Now::Acting {
                model: m,
                ordered: None,
            },
            Now::ResolveHits {
                hits: vec![(m, ModelRef::b(1))],
            },
            Now::Rolled,
            Now::Ended { winner: None },
        ] {
            let v = serde_json::to_value(&now).expect("serialises");
            assert_eq!(v["step"], step_name(&now), "{v}");
        }
    }
}
