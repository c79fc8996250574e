//! What a game starts from: the two rosters, the players, the scenario, the
//! seed of the app's dice, and the beasts the players typed in.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::refs::Sides;
use crate::glossary;
use crate::roster::{self, MeleeLine, Profile, Roster};
use crate::tables::{Keyword, RuleSet, Stat, Stats};
use crate::text::{Lang, Text};

/// Everything a game starts from; embedded in the game file so that the log
/// replays anywhere.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSetup {
    /// The game's identity, drawn when it is set up (issue 21): its entry in
    /// the warbands' records is keyed by it, so a new game saved over an old
    /// one's file gets its own entry. Files written before it have none; see
    /// [`GameSetup::game_id`].
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub id: String,
    #[serde(default)]
    pub scenario: String,
    pub players: Sides<String>,
    /// Seed of the app's dice; the rolls themselves are in the log.
    pub seed: u64,
    pub rosters: Sides<Roster>,
    /// Beast profiles ready to appear (RULES.md §3: on neither side).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bestiary: Vec<Beast>,
    /// Which rules the log was played with: a game saved before a rule was
    /// automated replays as its players played it (they applied that rule by
    /// hand). Files without the key are rules 1.
    #[serde(default = "first_rules")]
    pub rules: u32,
    /// Issue 38: the campaign each warband came from, at the version that
    /// played (absent in files of older impia and for plain rosters).
    #[serde(default, skip_serializing_if = "no_campaign")]
    pub campaigns: Sides<Option<CampaignVersion>>,
}

/// Issue 38: which campaign a warband came from, and which version of it
/// played the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignVersion {
    /// The campaign file, as the game was started from it.
    pub file: String,
    /// The version: how many steps its log held then (`impia campaign
    /// roster FILE --at N` rebuilds it).
    pub steps: usize,
    /// The games it had played before this one.
    pub games: u32,
}

fn no_campaign(c: &Sides<Option<CampaignVersion>>) -> bool {
    c.a.is_none() && c.b.is_none()
}

/// The rules of the first game files: every roll accepted at once, and the
/// upgrades of docs/READINGS-game.md "not automated" left to the players.
pub const RULES_1: u32 = 1;

/// Rolls wait to be re-rolled or accepted (the pending roll).
pub const RULES_2: u32 = 2;

/// Every rule the tracker knows applied for the players (issue 12):
/// Imposing presence, Constrictor, the into-combat −3 from the tracked
/// engagement, no aimed shot after a Move, no cover in melee, net round
/// changes (docs/READINGS-game.md, "Rules 3").
pub const RULES_3: u32 = 3;

/// The rules exactly as the summary writes them (issue 24): Imposing
/// presence on a shot only within 10 cm as the players declare it, the stray
/// shot applied by itself, one Dreadful check per enemy per activation,
/// Survival instinct only with a friend Down, loot of any carried item with
/// its effect on the looter (docs/READINGS-game.md, "Rules 4").
pub const RULES_4: u32 = 4;

/// The rules new games are played with.
pub const RULES_CURRENT: u32 = RULES_4;

fn first_rules() -> u32 {
    RULES_1
}

/// A new game's id: 64 random bits in hex.
pub(crate) fn fresh_id() -> String {
    format!("{:016x}", crate::dice::Roller::from_entropy().seed())
}

impl GameSetup {
    /// The game's id: the one in its file, or for a file written before
    /// games had one, one derived from what never changes in its setup (the
    /// seed, scenario, players and warbands), so that every load of that file
    /// gives the same id.
    pub fn game_id(&self) -> String {
        if !self.id.is_empty() {
            return self.id.clone();
        }
        // FNV-1a: stable across Rust versions, unlike std's hasher. Each
        // part is length-prefixed so that no two setups run together.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |bytes: &[u8]| {
            for b in (bytes.len() as u64).to_le_bytes().iter().chain(bytes) {
                h ^= u64::from(*b);
                h = h.wrapping_mul(0x0000_0100_0000_01b3);
            }
        };
        eat(&self.seed.to_le_bytes());
        eat(self.scenario.as_bytes());
        for (_, p) in self.players.iter() {
            eat(p.as_bytes());
        }
        for (_, r) in self.rosters.iter() {
            eat(r.name.as_bytes());
        }
        format!("setup-{h:016x}")
    }

    /// A setup with the given rosters, players named after their warbands and
    /// a fresh seed.
    pub fn new(a: Roster, b: Roster) -> Self {
        GameSetup {
            id: fresh_id(),
            scenario: String::new(),
            players: Sides::new(String::new(), String::new()),
            seed: crate::dice::Roller::from_entropy().seed(),
            rosters: Sides::new(a, b),
            bestiary: Vec::new(),
            rules: RULES_CURRENT,
            campaigns: Sides::default(),
        }
    }

    /// Issue 38: `side`'s warband is this version of a campaign.
    pub fn with_campaign(mut self, side: super::refs::Side, v: Option<CampaignVersion>) -> Self {
        if let Some(slot) = self.campaigns.get_mut(side) {
            *slot = v;
        }
        self
    }

    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    pub fn with_scenario(mut self, scenario: impl Into<String>) -> Self {
        self.scenario = scenario.into();
        self
    }

    pub fn with_players(mut self, a: impl Into<String>, b: impl Into<String>) -> Self {
        self.players = Sides::new(a.into(), b.into());
        self
    }

    /// Play with the rules of an older impia (tests of old game files).
    pub fn with_rules(mut self, rules: u32) -> Self {
        self.rules = rules;
        self
    }

    /// Rolls wait to be re-rolled or accepted (rules 2 on).
    pub fn pending_rolls(&self) -> bool {
        self.rules >= RULES_2
    }

    /// The upgrades and shooting rules of rules 3 are applied by the game
    /// (older games: their players applied them by hand).
    pub fn all_rules(&self) -> bool {
        self.rules >= RULES_3
    }

    /// The rules as the summary writes them (rules 4; older games keep the
    /// readings they were played with).
    pub fn exact_rules(&self) -> bool {
        self.rules >= RULES_4
    }

    pub fn with_beast(mut self, beast: Beast) -> Self {
        self.bestiary.push(beast);
        self
    }

    /// The roster problems of both warbands, one line each: a game may start
    /// with an invalid warband, and says so.
    pub fn warnings(&self, rules: &RuleSet, lang: Lang) -> Vec<String> {
        let mut out = Vec::new();
        for (side, r) in self.rosters.iter() {
            let report = roster::check(r, rules);
            for p in &report.problems {
                out.push(format!(
                    "{} ({}): {}",
                    r.name,
                    side.label(lang),
                    p.line(lang)
                ));
            }
        }
        out
    }
}

/// A beast: a profile the players type in (the summary leaves beasts to the
/// scenarios, RULES.md §3).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Beast {
    pub name: String,
    pub stats: Stats,
    #[serde(default)]
    pub armour: i32,
    /// Melee weapon ids it fights with (claws, jaws…); none: unarmed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weapons: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<Keyword>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
}

impl Beast {
    /// Its card in one line (R39, issue 34: the offer shows it): its name,
    /// attributes and Armour.
    pub fn card(&self) -> Text {
        let line = |l: Lang| {
            let stats: Vec<String> = Stat::ALL
                .iter()
                .map(|s| {
                    format!(
                        "{} {}",
                        glossary::stat_abbrev(*s).get(l),
                        self.stats.get(*s)
                    )
                })
                .collect();
            let armour = glossary::ARMOUR.get(l);
            format!(
                "{} ({}, {armour} {})",
                self.name,
                stats.join(" "),
                self.armour
            )
        };
        Text::new(line(Lang::Es), line(Lang::En))
    }

    /// Its profile as a model of the game: no DP, its weapons from the tables.
    pub fn profile(&self, rules: &RuleSet) -> Profile {
        let stats = self.stats;
        let line = |id: &str, carried: bool| {
            rules.melee_weapon(id).map(|m| MeleeLine {
                id: m.id.clone(),
                name: m.name.clone(),
                combat: stats.combat + m.combat,
                strength: stats.strength + m.strength,
                penetration: m.penetration,
                carried,
                special: m.special.clone(),
                poison: None,
            })
        };
        let mut melee: Vec<MeleeLine> = self.weapons.iter().filter_map(|w| line(w, true)).collect();
        if melee.is_empty() {
            melee.extend(line("unarmed", false));
        }
        let keywords: BTreeSet<Keyword> = self.keywords.iter().copied().collect();
        Profile {
            stats,
            dp: 0,
            own_dp: 0,
            armour: self.armour,
            movement_cm: 10,
            melee,
            ranged: Vec::new(),
            keywords,
            rules: if self.notes.is_empty() {
                Vec::new()
            } else {
                vec![Text::new(self.notes.clone(), self.notes.clone())]
            },
        }
    }
}
