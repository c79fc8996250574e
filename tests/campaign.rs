//! Issue 38: a warband's campaign. The file replays every version of the
//! warband byte for byte; steps undo with their refund; injuries and
//! advances reach the profile and the points through the roster's code;
//! the example pack's odds are the enumeration's; the CLI in the shape of
//! `game …`.

use std::collections::BTreeMap;

use crate::campaign_support::{game_step, pack, rules, start, warband};
use crate::cli_support::impia;
use impia::core::campaign::offers::{take, take_defaults};
use impia::core::campaign::{Campaign, CampaignHost, Step, offers};
use impia::core::roster::{check, derive_profile, model_cost, parse_roster, roster_to_yaml};

/// Play `games` games through the whole sequence (defaults, every advance
/// allowed, a hire when there is gold, the mark), saving each step to
/// `path`; every version's roster, by the number of steps before it.
fn play_campaign(path: &std::path::Path, games: u64) -> Vec<String> {
    let rules = rules();
    let mut h = CampaignHost::create(path, start(11), pack(), &rules, false).expect("created");
    let mut versions = vec![roster_to_yaml(&h.campaign.state.roster()).expect("yaml")];
    let step = |h: &mut CampaignHost, s: Step, versions: &mut Vec<String>| {
        h.act(s, &rules).expect("step applies and is saved");
        versions.push(roster_to_yaml(&h.campaign.state.roster()).expect("yaml"));
    };
    for g in 0..games {
        let s = game_step(&h.campaign, 100 + g);
        step(&mut h, s, &mut versions);
        let mut c = h.campaign.clone();
        for s in take_defaults(&mut c, &h.pack, &rules).expect("defaults") {
            step(&mut h, s, &mut versions);
        }
        let allowed: Vec<String> = offers(&h.campaign, &h.pack, &rules)
            .into_iter()
            .filter(|o| {
                o.refused.is_none() && (o.id.starts_with("advance:") || o.id.starts_with("hire:"))
            })
            .map(|o| o.id)
            .collect();
        for id in allowed.into_iter().take(2) {
            if let Ok(s) = take(&h.campaign, &h.pack, &rules, &id, None)
                && h.campaign.clone().act(s.clone(), &h.pack, &rules).is_ok()
            {
                step(&mut h, s, &mut versions);
            }
        }
        let mark = take(&h.campaign, &h.pack, &rules, "mark", None).expect("mark");
        step(&mut h, mark, &mut versions);
    }
    versions
}

#[test]
fn replaying_a_campaign_file_rebuilds_every_version_byte_for_byte() {
    let dir = tempfile::tempdir().expect("tmp");
    let path = dir.path().join("lobos.yaml");
    let versions = play_campaign(&path, 3);
    let rules = rules();
    let h = CampaignHost::open(&path, &rules, |_| Some(pack())).expect("reopens");
    assert!(h.damaged.is_none(), "{:?}", h.damaged);
    assert_eq!(h.campaign.log.len() + 1, versions.len());
    for (n, want) in versions.iter().enumerate() {
        let st = h.campaign.state_at(n, &h.pack, &rules).expect("replays");
        let got = roster_to_yaml(&st.roster()).expect("yaml");
        assert_eq!(&got, want, "version after {n} steps");
    }
    // The marks froze three versions, none unexplained.
    assert_eq!(h.campaign.state.marks.len(), 3);
    assert!(h.campaign.state.marks.iter().all(|m| !m.unexplained));
    // And each version opens in the builder: it parses back the same.
    for v in &versions {
        let r = parse_roster("v.yaml", v, &rules).expect("a campaign version is a roster file");
        assert_eq!(&roster_to_yaml(&r).expect("yaml"), v);
    }
}

#[test]
fn a_file_edited_by_hand_shows_the_change_no_step_explains() {
    let dir = tempfile::tempdir().expect("tmp");
    let path = dir.path().join("lobos.yaml");
    play_campaign(&path, 1);
    let text = std::fs::read_to_string(&path).expect("read");
    let edited = text.replacen("\"rating\":", "\"rating\":1", 1);
    assert_ne!(edited, text);
    std::fs::write(&path, edited).expect("write");
    let rules = rules();
    let h = CampaignHost::open(&path, &rules, |_| Some(pack())).expect("opens, not blocked");
    assert!(h.campaign.state.marks[0].unexplained);
}

fn campaign_after_a_game() -> Campaign {
    let rules = rules();
    let mut c = Campaign::new(start(5), &pack(), &rules);
    let s = game_step(&c, 3);
    c.act(s, &pack(), &rules).expect("game");
    c
}

#[test]
fn an_undone_advance_gives_its_experience_back() {
    let rules = rules();
    let p = pack();
    let mut c = campaign_after_a_game();
    // Any amount may be given (the offer's default is the pack's).
    c.act(Step::Experience { uid: 0, xp: 5 }, &p, &rules)
        .expect("experience");
    let before = c.state.clone();
    let xp = c.state.member(0).expect("leader").available();
    let adv = Step::Advance {
        uid: 0,
        dice: vec![3, 4],
        row: 2,
    };
    assert!(xp >= p.advance_cost(0));
    c.act(adv, &p, &rules).expect("advance");
    let m = c.state.member(0).expect("leader");
    assert_eq!(m.available(), xp - p.advance_cost(0));
    assert_eq!(m.model.marks.len(), 1);
    c.undo(&p, &rules).expect("undo");
    assert_eq!(c.state, before);
    assert_eq!(c.state.member(0).expect("leader").available(), xp);
    // With the experience spent, a second advance costs more than is left.
    let mut c2 = c.clone();
    c2.act(
        Step::Advance {
            uid: 0,
            dice: vec![3, 4],
            row: 2,
        },
        &p,
        &rules,
    )
    .expect("first");
    let e = c2
        .act(
            Step::Advance {
                uid: 0,
                dice: vec![3, 4],
                row: 2,
            },
            &p,
            &rules,
        )
        .expect_err("the second costs 4; 3 are left");
    assert!(e.0.en.contains("costs"), "{}", e.0.en);
}

#[test]
fn an_undone_death_brings_the_model_back() {
    let rules = rules();
    let p = pack();
    let mut c = campaign_after_a_game();
    let open = c.state.open.clone().expect("open");
    let Some(hurt) = open.models.iter().find(|m| m.down || m.removed) else {
        // This seed's game put nobody of the warband Down: no roll offered.
        assert!(
            !offers(&c, &p, &rules)
                .iter()
                .any(|o| o.id.starts_with("injury:"))
        );
        return;
    };
    let before = c.state.clone();
    let n = c.state.members.len();
    c.act(
        Step::Injury {
            uid: hurt.uid,
            dice: vec![1, 1],
            row: 0,
        },
        &p,
        &rules,
    )
    .expect("the roll of 2 is death");
    assert_eq!(c.state.members.len(), n - 1);
    assert_eq!(c.state.fallen.len(), 1);
    assert!(
        !c.state.fallen[0].history.is_empty(),
        "it keeps its history"
    );
    c.undo(&p, &rules).expect("undo");
    assert_eq!(c.state, before);
}

#[test]
fn dice_that_do_not_read_the_row_are_refused() {
    let rules = rules();
    let mut c = campaign_after_a_game();
    let e = c
        .act(
            Step::Advance {
                uid: 0,
                dice: vec![6, 6],
                row: 0,
            },
            &pack(),
            &rules,
        )
        .expect_err("6+6 reads the last row");
    assert!(e.0.en.contains("do not read"), "{}", e.0.en);
}

#[test]
fn a_mark_changes_the_profile_and_points_through_the_roster_code() {
    let rules = rules();
    let mut r = warband();
    let plain = derive_profile(&r.models[1], &rules);
    let cost = model_cost(&r.models[1], &rules);
    let e = pack().effect("advance", 2).expect("combat +1").clone();
    r.models[1].marks.push(impia::core::roster::Mark {
        id: "campaign_casa/advance/6-7".into(),
        name: e.name.clone(),
        game: 1,
        effects: e.effects.clone(),
        cost: e.cost,
    });
    let now = derive_profile(&r.models[1], &rules);
    assert_eq!(now.stats.combat, plain.stats.combat + 1);
    assert_eq!(model_cost(&r.models[1], &rules), cost + e.cost);
    // Validation counts it: the same roster with a tight limit goes over.
    let total: u32 = r.models.iter().map(|m| model_cost(m, &rules)).sum();
    r.points_limit = Some(total - 1);
    assert!(!check(&r, &rules).valid());
}

#[test]
fn the_example_packs_odds_are_the_enumerations() {
    let p = pack();
    for table in [&p.injury, &p.advance] {
        let (_, body) = p.roll_table(table).expect("roll table");
        let mut ways: BTreeMap<usize, u64> = BTreeMap::new();
        for a in 1..=6 {
            for b in 1..=6 {
                let row = body.row_for(a + b).expect("every total has a row");
                *ways.entry(row).or_default() += 1;
            }
        }
        let (odds, none) = body.row_odds(0);
        assert_eq!(none.0, impia::core::odds::Prob::new(0, 36));
        for (i, o) in odds.iter().enumerate() {
            let w = ways.get(&i).copied().unwrap_or(0);
            assert_eq!(o.0, impia::core::odds::Prob::new(w, 36), "{table} row {i}");
        }
    }
    // And the offer shows them before the roll.
    let c = campaign_after_a_game();
    let adv = offers(&c, &p, &rules())
        .into_iter()
        .find(|o| o.id == "advance:0")
        .expect("advance offered");
    assert_eq!(adv.odds.len(), 6);
    assert_eq!(adv.odds[0].exact, "1/12");
}

#[test]
fn every_screen_of_the_campaign_says_house_rules() {
    let dir = tempfile::tempdir().expect("tmp");
    let roster = dir.path().join("r.yaml");
    std::fs::write(&roster, roster_to_yaml(&warband()).expect("yaml")).expect("write");
    let file = dir.path().join("c.yaml");
    let (r, f) = (roster.to_str().expect("utf8"), file.to_str().expect("utf8"));
    let out = impia(&["--lang", "en", "campaign", "new", r, "-o", f, "--seed", "3"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for cmd in ["status", "offers", "report"] {
        let out = impia(&["--lang", "en", "campaign", cmd, f]);
        assert!(out.status.success(), "{cmd}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("house rules — not in the rules summary"),
            "{cmd}: {text}"
        );
        let out = impia(&["campaign", cmd, f]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("reglas de la casa — no están en el resumen"),
            "{cmd}: {text}"
        );
    }
    let out = impia(&["campaign", "status", f, "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["label"], "reglas de la casa — no están en el resumen");
    assert!(
        std::fs::read_to_string(&file)
            .expect("file")
            .contains("house rules")
    );
}

#[test]
fn roster_check_and_text_read_a_campaign_file_at_its_current_version() {
    let dir = tempfile::tempdir().expect("tmp");
    let roster = dir.path().join("r.yaml");
    std::fs::write(&roster, roster_to_yaml(&warband()).expect("yaml")).expect("write");
    let file = dir.path().join("c.yaml");
    let (r, f) = (roster.to_str().expect("utf8"), file.to_str().expect("utf8"));
    let out = impia(&["campaign", "new", r, "-o", f, "--seed", "3"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for cmd in ["check", "text"] {
        let of_roster = impia(&["--lang", "en", "roster", cmd, r]);
        let of_campaign = impia(&["--lang", "en", "roster", cmd, f]);
        assert_eq!(
            of_campaign.status.code(),
            of_roster.status.code(),
            "{cmd}: {}",
            String::from_utf8_lossy(&of_campaign.stderr)
        );
        // Before any game the campaign's current version is its roster.
        assert_eq!(
            String::from_utf8_lossy(&of_campaign.stdout),
            String::from_utf8_lossy(&of_roster.stdout),
            "{cmd}"
        );
        assert!(!of_campaign.stdout.is_empty(), "{cmd}");
    }
}

#[test]
fn the_cli_drafts_a_game_takes_the_defaults_marks_and_undoes() {
    let dir = tempfile::tempdir().expect("tmp");
    let roster = dir.path().join("r.yaml");
    std::fs::write(&roster, roster_to_yaml(&warband()).expect("yaml")).expect("write");
    let (game, _) = crate::campaign_support::ended_game(&warband(), 21);
    let gpath = dir.path().join("g.yaml");
    let rules = rules();
    let text =
        impia::core::game::file::to_text(game.setup(), &[], &[], game.actions()).expect("text");
    std::fs::write(&gpath, text).expect("game file");
    let file = dir.path().join("c.yaml");
    let (r, f, g) = (
        roster.to_str().expect("utf8"),
        file.to_str().expect("utf8"),
        gpath.to_str().expect("utf8"),
    );
    assert!(
        impia(&["campaign", "new", r, "-o", f, "--seed", "9"])
            .status
            .success()
    );
    // Mark before any game: refused, exit 1.
    assert_eq!(
        impia(&["campaign", "act", f, "mark"]).status.code(),
        Some(1)
    );
    let out = impia(&[
        "campaign",
        "act",
        f,
        "--game",
        g,
        "--side",
        "a",
        "--defaults",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["open_game"], 1);
    assert!(v["models"][0]["xp"].as_u64().expect("xp") >= 1);
    let out = impia(&["campaign", "offers", f, "--json"]);
    let os: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert!(
        os.as_array()
            .expect("list")
            .iter()
            .all(|o| o["default"] == false),
        "defaults all taken"
    );
    let out = impia(&["campaign", "act", f, "mark", "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["open_game"], serde_json::Value::Null);
    let before = std::fs::read_to_string(&file).expect("file");
    assert!(impia(&["campaign", "undo", f]).status.success());
    assert!(impia(&["campaign", "redo", f]).status.success());
    let after = std::fs::read_to_string(&file).expect("file");
    assert_eq!(before.split("log:").nth(1), after.split("log:").nth(1));
    let out = impia(&["campaign", "roster", f]);
    let yaml = String::from_utf8_lossy(&out.stdout);
    parse_roster("out.yaml", &yaml, &rules).expect("the current version is a roster");
}
