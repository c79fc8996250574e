//! Issue 22: every check's sources read exactly as before the typed
//! modifier sources. Seeded random games (sim) under each rules version;
//! at every step, every roll the game offers, plain and with table
//! options, players' extras, cover, Iron defence and the rest ticked, is
//! prepared and its sources written in both languages. The text is
//! compared with `tests/data/check-sources-v1.txt`, saved from the binary
//! before the change (`IMPIA_BLESS_SOURCES=1` writes it again). Issue 34's
//! new offers (a fall, a spell of any level, the Breath's models) moved the
//! seeded walks, so the file was saved again with two games where the beast
//! comes at once and every beast's Assault is prepared at each step, to
//! keep its checks walked.

use impia::core::game::act;
use std::fmt::Write as _;

use crate::game_support::*;
use impia::core::dice::Roller;
use impia::core::game::{
    Action, ExtraModifier, Game, GameSetup, ModelRef, Party, Prepared, RangeBand, sim,
};
use impia::core::text::{Lang, Text};

fn extra(on: Party, reason: &str, modifier: i32, adv: u32, comp: u32) -> ExtraModifier {
    ExtraModifier {
        on,
        reason: reason.into(),
        modifier,
        advantages: adv,
        complications: comp,
    }
}

fn extras() -> Vec<ExtraModifier> {
    vec![
        extra(Party::Attacker, "Presencia", 1, 0, 0),
        extra(Party::Attacker, "presencia ", -2, 1, 0),
        extra(Party::Defender, "Constrictor", 0, 0, 2),
    ]
}

/// The action as offered and with its choices ticked.
fn variants(a: &Action) -> Vec<Action> {
    let mut out = vec![a.clone()];
    match a {
        Action::Assault(act::Assault { options, .. })
        | Action::Fight(act::Fight { options, .. }) => {
            for (id, n) in [
                ("consecutive_moves", 2),
                ("unseen", 1),
                ("from_above", 1),
                ("extra_friend", 2),
            ] {
                let mut b = a.clone();
                if let Action::Assault(act::Assault { options: o, .. })
                | Action::Fight(act::Fight { options: o, .. }) = &mut b
                {
                    *o = options.clone().with(id, n);
                    o.extra = extras();
                }
                out.push(b);
            }
            let mut b = a.clone();
            if let Action::Assault(act::Assault { options: o, .. })
            | Action::Fight(act::Fight { options: o, .. }) = &mut b
            {
                o.attacker_friends = Some(1);
                o.defender_friends = Some(2);
            }
            out.push(b);
        }
        Action::Shoot(act::Shoot { options, .. }) => {
            for band in [RangeBand::Short, RangeBand::Long] {
                for id in [
                    "target_unaware",
                    "avoid_cover",
                    "defensive_shot",
                    "into_combat",
                ] {
                    let mut b = a.clone();
                    if let Action::Shoot(act::Shoot { options: o, .. }) = &mut b {
                        *o = options.clone().with(id, 1);
                        o.band = band;
                        o.aimed = id == "avoid_cover";
                        o.extra = extras();
                    }
                    out.push(b);
                }
            }
        }
        Action::ResolveHit(act::ResolveHit { options, .. }) => {
            // One at a time: rules 3 refuse cover against a melee hit.
            for pick in 0..3 {
                let mut b = a.clone();
                if let Action::ResolveHit(act::ResolveHit { options: o, .. }) = &mut b {
                    *o = options.clone();
                    match pick {
                        0 => {
                            o.iron_defence = true;
                            o.extra = extras();
                        }
                        1 => o.cover = vec!["light".into(), "heavy".into()],
                        _ => o.survival_instinct = true,
                    }
                }
                out.push(b);
            }
        }
        Action::Check(_) => {
            let mut b = a.clone();
            if let Action::Check(act::Check {
                modifier,
                reason,
                options,
                ..
            }) = &mut b
            {
                *modifier = -1;
                *reason = "Salto".into();
                options.advantages = 1;
                options.complications = 2;
            }
            out.push(b);
        }
        _ => {}
    }
    out
}

fn write_sources(out: &mut String, sources: &[Text]) {
    for s in sources {
        let _ = writeln!(out, "  es: {}", s.get(Lang::Es));
        let _ = writeln!(out, "  en: {}", s.get(Lang::En));
    }
}

fn write_prepared(out: &mut String, g: &Game, a: &Action) {
    let Ok(p) = g.prepare(a) else {
        return;
    };
    let json = serde_json::to_string(a).expect("an action serialises");
    let _ = writeln!(out, "{json}");
    match p {
        Prepared::Check(c) => write_sources(out, &c.sources),
        Prepared::Opposed(c) => write_sources(out, &c.sources),
        Prepared::Disengage(v) => v.iter().for_each(|c| write_sources(out, &c.sources)),
        Prepared::NoRoll => {}
    }
}

/// Warbands with the upgrades the game applies in rules 3 (Imposing
/// presence, Constrictor, Survival instinct) for the walk's last games.
fn upgraded_setup(seed: u64) -> GameSetup {
    let mut a = roster_a();
    a.models[1].upgrades = vec!["survival_instinct".into()];
    a.models[2].upgrades = vec!["constrictor".into()];
    let mut b = roster_b();
    b.models[1].upgrades = vec!["imposing_presence".into()];
    b.models[2].upgrades = vec!["constrictor".into(), "survival_instinct".into()];
    GameSetup::new(a, b)
        .with_seed(seed)
        .with_scenario("Escaramuza")
        .with_players("Ana", "Beto")
}

/// Every model's fall from a low and a high place (R18).
fn falls(g: &Game) -> Vec<Action> {
    let models: Vec<ModelRef> = g.state().models().map(|(r, _)| r).collect();
    let mut out = Vec::new();
    for m in models {
        for height_cm in [3.0, 12.0, 40.0] {
            out.push(Action::Fall(act::Fall {
                model: m,
                height_cm,
                roll: None,
                witnesses: Vec::new(),
            }));
        }
    }
    out
}

/// The seeds and rules of the games where the beast comes at once.
const BEAST_GAMES: [(u64, u32); 2] = [(144, 4), (233, 3)];

/// R39: the first turn's dark forces an 8, and the bestiary's beast added.
fn call_the_beast(g: &mut Game) {
    let start = g.apply(Action::StartTurn(act::StartTurn {
        dark_forces: vec![8],
    }));
    assert!(start.is_ok(), "the turn starts: {start:?}");
    let beast = g.apply(Action::BeastAppears(act::BeastAppears {
        beast: impia::core::game::BeastChoice::Bestiary { index: 0 },
    }));
    assert!(beast.is_ok(), "the beast comes: {beast:?}");
}

/// Each beast's Assault on every model of the warbands, as offered and
/// with its choices ticked (R20, R22): the random play seldom picks them.
fn beast_assaults(g: &Game) -> Vec<Action> {
    let models: Vec<ModelRef> = g.state().models().map(|(r, _)| r).collect();
    let beasts = models.iter().filter(|m| m.to_string().starts_with("beast"));
    let mut out = Vec::new();
    for beast in beasts {
        for m in models
            .iter()
            .filter(|m| !m.to_string().starts_with("beast"))
        {
            let json = format!(r#"{{"action":"assault","attacker":"{beast}","defender":"{m}"}}"#);
            let a: Action = serde_json::from_str(&json).expect("an Assault");
            out.extend(variants(&a));
        }
    }
    out
}

/// Every offered roll's sources, step by step, for a few seeded games.
fn walk() -> String {
    let rules = rules();
    let mut out = String::new();
    let games = [(3, 1), (5, 2), (8, 3), (13, 4), (21, 4), (34, 3)]
        .into_iter()
        .map(|(seed, v)| (seed, v, setup(seed).with_rules(v)))
        .chain(
            [(55, 3), (89, 4)]
                .into_iter()
                .map(|(seed, v)| (seed, v, upgraded_setup(seed).with_rules(v))),
        )
        .map(|(seed, v, s)| (seed, v, s, false))
        // R39: games where the beast is called at once, so its checks are
        // walked whatever the random play offers (a new offer moves the
        // seeded walks above).
        .chain(BEAST_GAMES.map(|(seed, v)| {
            let s = upgraded_setup(seed).with_rules(v);
            (seed, v, s.with_beast(sim::sample_beast()), true)
        }));
    for (seed, version, setup, beast) in games {
        let mut g = Game::new(setup, &rules);
        let mut rng = Roller::seeded(seed * 7919);
        let _ = writeln!(out, "# game {seed} rules {version}");
        if beast {
            call_the_beast(&mut g);
        }
        // Toughness lost shows in a hit's words (R27).
        let _ = g.apply(Action::AdjustToughness(act::AdjustToughness {
            model: b(2),
            delta: -1,
        }));
        for _ in 0..120 {
            let offers = g.offers();
            let mut seen = std::collections::BTreeSet::new();
            let offered = offers
                .offers
                .iter()
                .flat_map(|o| std::iter::once(&o.action).chain(o.targets.iter().map(|t| &t.action)))
                .filter(|a| a.is_roll())
                .flat_map(variants);
            let beasts = if beast {
                beast_assaults(&g)
            } else {
                Vec::new()
            };
            for v in offered.chain(falls(&g)).chain(beasts) {
                let key = serde_json::to_string(&v).expect("an action serialises");
                if seen.insert(key) {
                    write_prepared(&mut out, &g, &v);
                }
            }
            sim::step(&mut g, &mut rng).expect("random play");
        }
    }
    out
}

/// FNV-1a, 64 bits: the saved file keeps the walk's digest, not its 12 MB.
fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The saved form: the digest and length of the whole walk's text, then
/// every distinct source (its Spanish and English lines), sorted.
fn saved_form(walk: &str) -> String {
    let lines: Vec<&str> = walk.lines().collect();
    let mut pairs = std::collections::BTreeSet::new();
    for (i, l) in lines.iter().enumerate() {
        if l.starts_with("  es: ") {
            pairs.insert(format!("{l}\n{}", lines.get(i + 1).unwrap_or(&"")));
        }
    }
    let mut out = format!(
        "# fnv1a64 {:016x} {}\n",
        fnv1a64(walk.as_bytes()),
        walk.len()
    );
    for p in pairs {
        out.push_str(&p);
        out.push('\n');
    }
    out
}

#[test]
fn every_offered_checks_sources_read_as_before() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/check-sources-v1.txt");
    let walk = walk();
    assert!(
        walk.lines().count() > 100_000,
        "the walk prepares many checks"
    );
    let got = saved_form(&walk);
    if std::env::var_os("IMPIA_BLESS_SOURCES").is_some() {
        std::fs::write(&path, &got).expect("write the saved sources");
    }
    let want = std::fs::read_to_string(&path).expect("saved sources");
    // The distinct sources first: a changed word shows as a readable line.
    let (g, w): (Vec<&str>, Vec<&str>) = (
        got.lines().skip(1).collect(),
        want.lines().skip(1).collect(),
    );
    for line in &g {
        assert!(w.contains(line), "a source not said before: {line}");
    }
    for line in &w {
        assert!(g.contains(line), "a source no longer said: {line}");
    }
    // Then the whole walk, check by check, in order.
    assert_eq!(got.lines().next(), want.lines().next(), "the walk's digest");
}
