//! The offers of the model in its activation: each action's own
//! (`Offered::offer_acting` in `acts/<id>.rs`), in the order of their
//! places; and its herbs (R37), offered at a hit too.

use super::super::action::{Action, each_action};
use super::super::refs::ModelRef;
use super::super::state::ModelState;
use super::{Builder, Offered, in_play};
use crate::game::act;

/// The model making actions and what its actions' offers start from.
pub(crate) struct Actor<'a> {
    /// The model making actions (under a Leader's order, the one ordered).
    pub(crate) model: ModelRef,
    /// The model whose activation it is (R32: the Leader, under an order).
    pub(crate) active: ModelRef,
    /// The state of `model`.
    pub(crate) x: &'a ModelState,
    /// The enemies in play.
    pub(crate) enemies: Vec<ModelRef>,
    /// Its friends in play, itself left out.
    pub(crate) friends: Vec<ModelRef>,
}

/// One action's offers in an activation.
type Offering = fn(&mut Builder<'_>, &Actor<'_>);

/// Every action's place and offers in an activation, in the list's order.
macro_rules! offerings {
    ($($module:ident $variant:ident,)*) => {
        fn offerings() -> Vec<(u8, Offering)> {
            vec![$((
                <act::$variant as Offered>::acting_place(),
                <act::$variant as Offered>::offer_acting as Offering,
            ),)*]
        }
    };
}

each_action!(offerings);

/// The offers of `a` making actions in the activation of `active`: every
/// action's, by place (R07).
pub(super) fn acting_offers(b: &mut Builder<'_>, a: ModelRef, active: ModelRef) {
    let st = b.st;
    let Some(x) = st.model(a) else {
        return;
    };
    let on = Actor {
        model: a,
        active,
        x,
        enemies: in_play(st, |r| r.side != a.side),
        friends: in_play(st, |r| r.side == a.side && r != a),
    };
    let mut each = offerings();
    each.sort_by_key(|(place, _)| *place);
    for (_, offer) in each {
        offer(b, &on);
    }
}

/// R37 (rules 3): a model with a mystic herb left may burn one.
pub(crate) fn herb_offer(b: &mut Builder<'_>, m: ModelRef) {
    if b.ctx.setup.all_rules() && b.st.model(m).is_some_and(|x| x.herbs > 0) {
        b.offer(Some(m), Action::UseHerb(act::UseHerb { model: m }));
    }
}

/// R39 8–9: the beast the dark forces called, offered until it is added:
/// one of the setup's bestiary (which one declared), or a generic creature
/// with the tables' creature profile.
pub(crate) fn beast_offers(b: &mut Builder<'_>) {
    if !b.st.beast_due {
        return;
    }
    if !b.ctx.setup.bestiary.is_empty() {
        b.offer(
            None,
            Action::BeastAppears(act::BeastAppears {
                beast: super::super::action::BeastChoice::Bestiary { index: 0 },
            }),
        );
    }
    let stats = b
        .ctx
        .rules
        .troop("creature")
        .map(|t| t.stats)
        .unwrap_or_default();
    b.offer(
        None,
        Action::BeastAppears(act::BeastAppears {
            beast: super::super::action::BeastChoice::New(super::super::setup::Beast {
                name: "Bestia".to_string(),
                stats,
                armour: 0,
                weapons: vec!["claws".into(), "jaws".into()],
                keywords: Vec::new(),
                notes: String::new(),
            }),
        }),
    );
}
