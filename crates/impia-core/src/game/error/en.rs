//! The refusals in English: the one place for their words (Spanish: `es.rs`).

use crate::text::Lang;

use super::{Names, Refusal};
use crate::game::file::watch::Kept;

/// `r` in English, without its rule id.
// One arm per refusal: the compiler points here at a new one (by family needs nested enums).
#[allow(clippy::too_many_lines)]
pub(super) fn text(r: &Refusal, n: &Names) -> String {
    use Refusal as R;
    let l = Lang::En;
    match r {
        R::NoModel { model } => format!("there is no model {model}"),
        R::NotInPlay { model, status } => {
            let model = n.of(*model);
            format!("{model} is {}", status.label(l).to_lowercase())
        }
        R::NotRounds => "actions are made in the agility rounds, not now".into(),
        R::HitsPending { count } => format!("{count} pending hit(s) must be rolled first"),
        R::OrderFirst { ordered } => {
            let ordered = n.of(*ordered);
            format!("{ordered} must first carry out the Leader's order")
        }
        R::OtherActivation { active, model } => {
            let active = n.of(*active);
            let model = n.of(*model);
            format!("it is {active}'s activation, not {model}'s")
        }
        R::NotActivated { model } => {
            let model = n.of(*model);
            format!("{model} is not activated")
        }
        R::Prone { model } => {
            let model = n.of(*model);
            format!("{model} is Prone: its next action is standing up")
        }
        R::Engaged { model, with } => {
            let model = n.of(*model);
            let with = n.of(*with);
            format!("{model} is engaged with {with}: it can only Fight or Disengage")
        }
        R::NoAction { id } => format!("the tables have no action '{id}' (tables/actions.yaml)"),
        R::CannotPay {
            model,
            what,
            dp,
            pool,
            own,
        } => {
            let model = n.of(*model);
            format!(
                "{model} cannot pay {} ({dp} DP): the pool has {pool} and \
                 {model} has {own} DP of its own",
                what.en
            )
        }

        R::TurnNotOver => {
            "the turn is not over: models are still to act (or end the turn by hand)".into()
        }
        R::NotChangeRound => "rounds are changed only at the start of the turn".into(),
        R::BeastsChangeNoRounds => "beasts do not change rounds".into(),
        R::RoundsChanged { side } => {
            format!("warband {} can no longer change rounds", side.label(l))
        }
        R::OtherChangingRounds { side } => format!(
            "warband {} is changing rounds; the opponent may after it",
            side.label(l)
        ),
        R::ZeroRounds => "changing 0 rounds is no change".into(),
        R::RoundTooLow { model, to } => {
            let model = n.of(*model);
            format!("{model} cannot go down to round {to}: the lowest is 1")
        }
        R::NoRoundLeft => "no round is left".into(),
        R::NoRollOffNow => "the order is rolled only when both warbands have models in \
             the round and it has not been rolled yet"
            .into(),
        R::WarbandStarts => "one of the two warbands starts".into(),
        R::RollOffMissing => "each player's 1d10 is missing".into(),
        R::DieOutOfRange { sides, value } => format!("a d{sides} shows 1 to {sides}, not {value}"),
        R::TiesRerolled => "ties are re-rolled: only the last pair may have a winner".into(),
        R::NoRollOffWon => "there is no roll-off won and waiting for the winner's choice".into(),
        R::FinishActivationFirst { active } => {
            let active = n.of(*active);
            format!("{active} must finish its activation first")
        }
        R::NoOneLeft => "no one is left to act".into(),
        R::RollOrderFirst { round } => format!("first roll 1d10 for the order of round {round}"),
        R::AlreadyActed { model } => {
            let model = n.of(*model);
            format!("{model} has already acted this turn")
        }
        R::WrongRound { model, round, now } => {
            let model = n.of(*model);
            format!("{model} acts in round {round}, and this is round {now}")
        }
        R::NotYourPick { side } => format!("it is {}'s pick now", side.label(l)),
        R::NotInActivation { model } => {
            let model = n.of(*model);
            format!("{model} is not in its activation")
        }
        R::NotProne { model } => {
            let model = n.of(*model);
            format!("{model} is not Prone")
        }
        R::CannotLoot { model } => {
            let model = n.of(*model);
            format!("{model} cannot loot")
        }
        R::NotDownToLoot { model } => {
            let model = n.of(*model);
            format!("only a Down model can be looted; {model} is not")
        }
        R::NotCarried { body, item } => {
            let body = n.of(*body);
            format!("{body} does not carry “{item}”")
        }
        R::NoHerbs { model } => {
            let model = n.of(*model);
            format!("{model} has no mystic herb left")
        }
        R::Rules3Only { action } => format!("“{action}” exists in rules-3 games only"),
        R::SpellNoHit { spell } => {
            format!("the spell “{spell}” declares no hit: it takes no hit targets")
        }

        R::ListedTwice { model } => {
            let model = n.of(*model);
            format!("{model} is listed twice")
        }
        R::ListsItself { model } => {
            let model = n.of(*model);
            format!("{model} cannot be in its own list")
        }
        R::NotFriendOf { model, of } => {
            let model = n.of(*model);
            let of = n.of(*of);
            format!("{model} is not of {of}'s warband")
        }
        R::BeastNoFriends => "a beast has no friends to gain fear".into(),
        R::UnknownTerrain { id, known } => format!(
            "unknown terrain '{id}'; with an effect: {}",
            known.join(", ")
        ),
        R::NoEnemyTotemNear => "there is no standing enemy totem".into(),
        R::NotLeader { model } => {
            let model = n.of(*model);
            format!("{model} is not the Leader")
        }
        R::OrderPending => "an order is already pending".into(),
        R::OrderNotFriend { model } => {
            let model = n.of(*model);
            format!("the Leader orders a friendly model, not {model}")
        }
        R::OwnTotemDown => "its totem is not standing".into(),
        R::BeastsNoEnemyTotem => "beasts have no enemy totem".into(),
        R::EnemyTotemDown => "the enemy totem is not standing".into(),

        R::UnknownCover { id, known } => {
            format!("unknown cover '{id}'; there are: {}", known.join(", "))
        }
        R::NoPendingHit { attacker, target } => {
            let attacker = n.of(*attacker);
            let target = n.of(*target);
            format!("there is no pending hit of {attacker} on {target}")
        }
        R::WithstoodNoFear => "the model withstands the hit: no one gains fear".into(),
        R::NoBreath { model } => {
            let model = n.of(*model);
            format!("{model} has no Breath")
        }
        R::BreathRecharging { model, ready } => {
            let model = n.of(*model);
            format!("{model} is recharging its Breath until turn {ready}")
        }
        R::FallHeightNegative => "a fall's height is 0 cm or more".into(),
        R::HarmlessFall { height_cm } => {
            format!("a fall of {height_cm} cm does no harm: there is no roll")
        }
        R::FallRolls {
            height_cm,
            strength,
        } => format!("a fall of {height_cm} cm rolls Toughness against Strength {strength}"),
        R::NotDownNoFear => "the model is not Down: no one gains fear".into(),

        R::UnknownOption { row, id, known } => format!(
            "{} has no option '{id}'; it has: {}",
            row.en,
            known.join(", ")
        ),
        R::UnknownWeapon { model, id, known } => {
            let model = n.of(*model);
            format!(
                "{model} has no weapon '{}'; it has: {}",
                id.as_deref().unwrap_or("-"),
                known.join(", ")
            )
        }
        R::StaleCheck { stored, built } => {
            format!("the stored check ({stored}) is not the one the game builds now ({built})")
        }
        R::StaleCombat => "the stored check differs on whether it is a Combat check".into(),
        R::NotInRoll { model } => {
            let model = n.of(*model);
            format!("{model} does not make this roll: it cannot re-roll it")
        }
        R::BeastsNoTotem => "beasts have no totem".into(),
        R::TotemUsed => "the warband has already used its totem re-roll this turn".into(),
        R::NotHeadstrong { model } => {
            let model = n.of(*model);
            format!("{model} is not Headstrong")
        }
        R::DefensiveShotTarget { model } => {
            let model = n.of(*model);
            format!(
                "{model}'s defensive shot is at the enemy acting now, before \
                     its Assault, and not aimed"
            )
        }
        R::DefensiveShotAgain { model } => {
            let model = n.of(*model);
            format!("{model} has already shot defensively in this activation")
        }
        R::GameOver => "the game is over: undo its end to play on".into(),
        R::NoSurvivalInstinct { model } => {
            let model = n.of(*model);
            format!("{model} has no Survival instinct")
        }
        R::SurvivalInstinctSpent { model } => {
            let model = n.of(*model);
            format!("{model} has already used its Survival instinct")
        }
        R::NotInspiring { model } => {
            let model = n.of(*model);
            format!("{model} is not Inspiring")
        }
        R::InitiateSpell { model, level } => {
            let model = n.of(*model);
            format!(
                "{model} is an Initiate, not a Sorcerer: it casts only the \
                 level 1 spell it knows, not this level {level} one"
            )
        }
        R::NotDreadful { model } => {
            let model = n.of(*model);
            format!("{model} is no enemy with a Dreadful aspect")
        }
        R::DreadfulNotCourage => "the check to assault a Dreadful aspect is of Courage".into(),
        R::DreadfulNeedsCourage { model, creature } => {
            let model = n.of(*model);
            let creature = n.of(*creature);
            format!(
                "{creature} has a Dreadful aspect: {model} must pass a \
                 Courage check before assaulting it"
            )
        }
        R::DreadfulFailed { model, creature } => {
            let model = n.of(*model);
            let creature = n.of(*creature);
            format!(
                "{model} failed its Courage check against {creature}'s \
                 Dreadful aspect: it cannot assault it in this activation"
            )
        }
        R::DreadfulAgain { model, creature } => {
            let model = n.of(*model);
            let creature = n.of(*creature);
            format!(
                "{model} has already made its Courage check against \
                 {creature}'s Dreadful aspect in this activation"
            )
        }
        R::NoFriendDown { model } => {
            let model = n.of(*model);
            format!(
                "Survival instinct needs a friend of {model} Down within 10 cm, and none is Down"
            )
        }
        R::HeadstrongNotCombat => "Headstrong re-rolls only a Combat roll".into(),
        R::HeadstrongNotOne { model, d10 } => {
            let model = n.of(*model);
            format!("{model} rolled {d10}: Headstrong re-rolls only a 1")
        }
        R::HeadstrongUsed { model } => {
            let model = n.of(*model);
            format!("{model} has already re-rolled this roll for being Headstrong")
        }
        R::NoTable { id } => format!("the tables have no table '{id}'"),
        R::BadDiceExpr { detail } => detail.clone(),
        R::TableDiceCount { table, expr, given } => format!(
            "table {table} is rolled with {expr}: {} die/dice, not {given}",
            expr.count
        ),
        R::DiceCount { want, given } => {
            format!("this roll takes {want} sets of dice (a d10 and its d3 each), not {given}")
        }
        R::D3Count { want, given } => {
            format!("this roll takes {want} advantage or complication d3, not {given}")
        }

        R::NoBeast { count, index } => {
            format!("the bestiary has {count} beast(s); there is no number {index}")
        }
        R::BeastsNoPool => "beasts have no pool and no points".into(),
        R::PoolTooLow { pool, down } => {
            format!("the pool has {pool} DP: it cannot go down by {down}")
        }
        R::OwnDpTooLow { model, own } => {
            let model = n.of(*model);
            format!("{model} has {own} DP of its own this turn")
        }
        R::EngageEnemiesOnly => "only enemy models engage".into(),
        R::LowestRound => "the lowest round is 1".into(),
        R::OutOfRange { what, value, max } => {
            format!("{what}: {value} is out of range (-{max} to {max})")
        }

        R::SameSide { a, b } => {
            let a = n.of(*a);
            let b = n.of(*b);
            format!("{a} and {b} are on the same side")
        }
        R::NotEngagedWith { model, other } => {
            let model = n.of(*model);
            let other = n.of(*other);
            format!(
                "{model} is not engaged with {other}: Assault to get into \
                 contact, or mark them engaged by hand"
            )
        }
        R::NotEngaged { model } => {
            let model = n.of(*model);
            format!("{model} is not engaged")
        }
        R::DisengageEach { models } => format!(
            "roll once against every engaged opponent: {}",
            n.list(models)
        ),
        R::ShootOwnSide { model } => {
            let model = n.of(*model);
            format!("{model} does not shoot at its own side")
        }
        R::NoRangedWeapon { model, weapon } => {
            let model = n.of(*model);
            format!(
                "{model} has no ranged weapon{}",
                weapon
                    .as_deref()
                    .map(|w| format!(" '{w}'"))
                    .unwrap_or_default()
            )
        }
        R::RangeByBand => "the range is chosen with the band (short, medium, long)".into(),
        R::StrayNotFriend { shooter } => {
            let shooter = n.of(*shooter);
            format!("the stray shot hits a friend of {shooter}")
        }
        R::StrayNotCaused => {
            "only a miss caused by the -3 for shooting into a combat hits a friend".into()
        }
        R::StrayPick { target, friends } => {
            let target = n.of(*target);
            format!(
                "the miss caused by the -3 hits a friend engaged with {target}: name one of {}",
                n.list(friends)
            )
        }
        R::AimedAfterMove { model } => {
            let model = n.of(*model);
            format!("{model} has moved in this activation: it cannot take an aimed shot")
        }
        R::MovesNotLogged {
            model,
            declared,
            logged,
        } => {
            let model = n.of(*model);
            format!(
                "{model} declares {declared} consecutive Move(s) before the \
     Assault, but made {logged} just before it"
            )
        }
        R::SpellNeedsTarget { spell } => {
            format!("the spell “{spell}” names the model it affects: pick one")
        }
        R::NoCoverInMelee => "cover protects from shots, not from a hit in close combat".into(),
        R::NoImposingPresence { model } => {
            let model = n.of(*model);
            format!("{model} has no Imposing presence in play")
        }
        R::ImposingNotEnemy { model } => {
            let model = n.of(*model);
            format!("{model} is no enemy of the model rolling")
        }
        R::NoSpell {
            model,
            count,
            index,
        } => {
            let model = n.of(*model);
            format!("{model} knows {count} spell(s); there is no number {index}")
        }
        R::NoSpells { model } => {
            let model = n.of(*model);
            format!("{model} casts no spells (neither a Sorcerer nor knows one)")
        }
        R::SpellImmune { model } => {
            let model = n.of(*model);
            format!("spells cannot be cast on {model} (Arcane void)")
        }
        R::BacklashNoFear { total } => {
            format!("with {total} on the table no one within 30 cm gains fear")
        }

        R::RerollInside => {
            "the totem re-roll is taken after the roll (totem_reroll), not inside it".into()
        }
        R::NoRollWaiting => "no roll is waiting".into(),
        R::RollWaiting { action } => {
            format!("a roll is waiting: re-roll it if allowed or accept it before '{action}'")
        }
        R::NoWitnessFact | R::NoStrayFact | R::NoSpellFearFact => {
            "this roll has no such fact to correct".into()
        }
        R::NoDice => "this action has no dice: roll (or type) them before applying it".into(),
        R::NotARoll { action } => format!("'{action}' is not a roll"),

        R::ReadOnly { path } => format!(
            "{path} is open for writing in another impia window or command: here it is read-only"
        ),
        R::OtherTab => "this game is open in another tab of this browser: here it can only be \
             viewed (close it there and open it again here to play)"
            .into(),
        R::HardLinked { path, links } => format!(
            "{path} has {links} hard links; impia writes a game only \
                 through a file with one name (a copy or a symlink): here it \
                 is read-only"
        ),
        R::TextTooLong { bytes, limit } => {
            format!(
                "the text is {bytes} bytes; at most {limit} fit in one action \
                 (a note is a line of text)"
            )
        }
        R::FileFull { path, limit } => format!(
            "{path} would pass {limit} bytes, more than impia reads; \
                 nothing was written: start a new game"
        ),
        R::SaveFailed { path, detail, kept } => format!(
            "done, but {path} could not be saved: {detail}; {}; the next action retries",
            kept_en(kept)
        ),
        R::FileChanged {
            path,
            change,
            actions,
            kept,
        } => format!(
            "the game file {path} {} under impia: impia writes nothing \
                 more to it. Your {actions} actions {}; save the game as a \
                 new file, or reload the file from disk",
            change.words(false),
            match kept {
                Kept::In(p) => format!("are kept in {p}"),
                Kept::NotWritten(e) =>
                    format!("are kept in memory only: a recovery file could not be written ({e})"),
            }
        ),
        R::NotSaved {
            path,
            change,
            detail,
            changes,
            kept,
        } => {
            let what = match change {
                Some(c) => format!(
                    "the game file {path} {} under impia, which wrote nothing more to it",
                    c.words(false)
                ),
                None => format!(
                    "{path} could not be saved ({detail}): {changes} changes of \
                         this command are not in the game file"
                ),
            };
            format!(
                "{what}; {}; check it, then open it or copy it over the game file",
                kept_en(kept)
            )
        }
        R::WritingStopped { path, change, kept } => format!(
            "the game file {path} {} under impia: nothing is written \
                 until you choose to save the game as a new file or to reload \
                 the file from disk ({})",
            change.words(false),
            kept_en(kept)
        ),
    }
}

/// Where the game as played was kept, in words.
fn kept_en(kept: &Kept) -> String {
    match kept {
        Kept::In(p) => format!("the game as played here is kept in {p}"),
        Kept::NotWritten(e) => format!(
            "the game as played here is kept in memory only: a recovery \
                 file could not be written ({e})"
        ),
    }
}
