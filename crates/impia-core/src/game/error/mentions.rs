//! The models a refusal mentions: the refusal holds their references, and
//! their names are taken from the game where it leaves the rules.

use crate::game::refs::ModelRef;

use super::Refusal;

impl Refusal {
    /// The models the refusal mentions, in the order its words name them
    /// (their names are taken where the refusal leaves the rules).
    pub fn models(&self) -> Vec<ModelRef> {
        use Refusal as R;
        match self {
            R::NotInPlay { model, .. }
            | R::NotActivated { model }
            | R::Prone { model }
            | R::CannotPay { model, .. }
            | R::RoundTooLow { model, .. }
            | R::AlreadyActed { model }
            | R::WrongRound { model, .. }
            | R::NotInActivation { model }
            | R::NotProne { model }
            | R::CannotLoot { model }
            | R::NotDownToLoot { model }
            | R::NoHerbs { model }
            | R::ListedTwice { model }
            | R::ListsItself { model }
            | R::NotLeader { model }
            | R::OrderNotFriend { model }
            | R::NoBreath { model }
            | R::BreathRecharging { model, .. }
            | R::UnknownWeapon { model, .. }
            | R::NotInRoll { model }
            | R::NotDreadful { model }
            | R::DefensiveShotTarget { model }
            | R::DefensiveShotAgain { model }
            | R::InitiateSpell { model, .. }
            | R::NoSurvivalInstinct { model }
            | R::SurvivalInstinctSpent { model }
            | R::NoFriendDown { model }
            | R::NotInspiring { model }
            | R::NotHeadstrong { model }
            | R::HeadstrongNotOne { model, .. }
            | R::HeadstrongUsed { model }
            | R::OwnDpTooLow { model, .. }
            | R::NotEngaged { model }
            | R::ShootOwnSide { model }
            | R::NoRangedWeapon { model, .. }
            | R::AimedAfterMove { model }
            | R::MovesNotLogged { model, .. }
            | R::NoImposingPresence { model }
            | R::ImposingNotEnemy { model }
            | R::NoSpell { model, .. }
            | R::NoSpells { model }
            | R::SpellImmune { model }
            | R::OrderFirst { ordered: model }
            | R::FinishActivationFirst { active: model }
            | R::NotCarried { body: model, .. }
            | R::StrayNotFriend { shooter: model } => vec![*model],
            R::OtherActivation {
                active: a,
                model: b,
            }
            | R::Engaged { model: a, with: b }
            | R::NotFriendOf { model: a, of: b }
            | R::NoPendingHit {
                attacker: a,
                target: b,
            }
            | R::DreadfulNeedsCourage {
                model: a,
                creature: b,
            }
            | R::DreadfulFailed {
                model: a,
                creature: b,
            }
            | R::DreadfulAgain {
                model: a,
                creature: b,
            }
            | R::SameSide { a, b }
            | R::NotEngagedWith { model: a, other: b } => vec![*a, *b],
            R::DisengageEach { models } => models.clone(),
            R::StrayPick { target, friends } => std::iter::once(*target)
                .chain(friends.iter().copied())
                .collect(),
            // NoModel names a model the game does not have: its reference.
            _ => Vec::new(),
        }
    }
}
