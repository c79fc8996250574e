//! Issue 38: a game started from a campaign warband records the campaign's
//! version, and after `end_game` the app shows each campaign warband's
//! after-game step as the core drafts it; the clicks from the end of the
//! game to the mark "after game 1" are counted on the real Game view
//! (every input a click on a button found by its label).

use crate::game_support::{app_harness, game_app};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use impia::core::campaign::after::after_games;
use impia::core::campaign::{CampaignHost, CampaignPack, Start, Step, load_warband};
use impia::core::dice::Roller;
use impia::core::game::played::played;
use impia::core::game::{Game, GameSetup, Host, Now, Side, file, sim};
use impia::core::roster::load_roster;
use impia::core::tables::RuleSet;
use impia::core::text::Lang;
use impia::ui::ImpiaApp;

fn click(h: &mut Harness<'static, ImpiaApp>, label: &str) {
    let node = h
        .get_all_by_label_contains(label)
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::Button)
        .unwrap_or_else(|| panic!("no button {label:?}"));
    assert!(!node.accesskit_node().is_disabled(), "{label:?} disabled");
    node.click();
    h.run();
}

/// A library with the shipped Guardia's campaign in `campaigns/`, and a
/// game of it (side A) against the Jauría played at random until one of
/// the Guardia's models went Down, not yet ended.
pub fn campaign_game(dir: &std::path::Path) -> (std::path::PathBuf, Game) {
    campaign_game_of(dir, false)
}

/// As [`campaign_game`]; with `both`, the Jauría comes from a campaign of
/// its own too (`campaigns/jauria.yaml`).
pub fn campaign_game_of(dir: &std::path::Path, both: bool) -> (std::path::PathBuf, Game) {
    let rules = RuleSet::builtin().expect("tables");
    let roster = load_roster("rosters/guardia-del-paso.yaml".as_ref(), &rules).expect("roster");
    let b = load_roster("rosters/jauria-de-la-cienaga.yaml".as_ref(), &rules).expect("roster b");
    let path = dir.join("campaigns").join("guardia.yaml");
    std::fs::create_dir_all(path.parent().expect("folder")).expect("campaigns/");
    let pack = CampaignPack::shipped().expect("pack");
    let start = Start {
        pack: pack.id().to_string(),
        seed: 5,
        roster,
    };
    CampaignHost::create(&path, start, pack, &rules, false).expect("campaign written");
    let w = load_warband(&path, &rules).expect("the campaign opens as a warband");
    let v = w.campaign.clone().expect("a campaign names its version");
    assert_eq!((v.steps, v.games), (0, 0));
    let (b, vb) = if both {
        let pb = dir.join("campaigns").join("jauria.yaml");
        let start = Start {
            pack: CampaignPack::shipped().expect("pack").id().to_string(),
            seed: 6,
            roster: b,
        };
        let pack = CampaignPack::shipped().expect("pack");
        CampaignHost::create(&pb, start, pack, &rules, false).expect("campaign B written");
        let wb = load_warband(&pb, &rules).expect("B opens");
        (wb.roster, wb.campaign)
    } else {
        (b, None)
    };
    let setup = GameSetup::new(w.roster, b)
        .with_seed(3)
        .with_players("Ana", "Bea")
        .with_campaign(Side::A, w.campaign)
        .with_campaign(Side::B, vb);
    for seed in 0..40u64 {
        let mut g = Game::new(setup.clone().with_seed(seed), &rules);
        let mut rng = Roller::seeded(seed);
        for _ in 0..3000 {
            if matches!(g.now(), Now::Ended { .. }) {
                break;
            }
            let down = played(&g, Side::A)
                .expect("replays")
                .models
                .iter()
                .any(|m| m.down);
            if down && matches!(g.now(), Now::Acting { .. } | Now::Pick { .. }) {
                return (path, g);
            }
            sim::step(&mut g, &mut rng).expect("a legal random action");
        }
    }
    panic!("no random game put a Guardia model Down");
}

#[test]
fn a_game_from_a_campaign_names_its_version_and_old_files_keep_opening() {
    let dir = tempfile::tempdir().expect("temp");
    let (path, g) = campaign_game(dir.path());
    let text = file::to_text(g.setup(), &[], &[], g.actions()).expect("written");
    assert!(text.contains("version: 4"), "{}", &text[..200]);
    assert!(
        text.contains("campaigns:"),
        "the game file names the campaign"
    );
    let back = file::parse("g.yaml", &text).expect("it opens again");
    let v = back.setup.campaigns.a.expect("side A's campaign");
    assert_eq!(
        std::path::PathBuf::from(&v.file),
        std::path::absolute(&path).expect("abs")
    );
    assert_eq!(v.steps, 0);
    assert!(back.setup.campaigns.b.is_none());
    // A game without a campaign is still written as version 3.
    let plain = GameSetup::new(back.setup.rosters.a.clone(), back.setup.rosters.b.clone());
    let text = file::to_text(&plain, &[], &[], &[]).expect("written");
    assert!(text.contains("version: 3") && !text.contains("campaigns"));
}

#[test]
fn the_after_game_step_should_take_at_most_15_clicks_from_end_game_to_the_mark() {
    let dir = tempfile::tempdir().expect("temp");
    let (path, g) = campaign_game(dir.path());
    let rules = RuleSet::builtin().expect("tables");
    let mut app = game_app(g, Lang::En);
    app.game.library = impia::core::library::Library::at(dir.path());
    let mut h = app_harness(app, [1280.0, 800.0]);
    h.run();
    let mut clicks = 0;
    click(&mut h, "End the game");
    clicks += 1;
    click(&mut h, "End it");
    clicks += 1;
    let game = h.state().game.game.as_ref().expect("a game");
    assert!(matches!(game.now(), Now::Ended { .. }));
    // What the screen shows is the core's draft: the label, the steps,
    // each roll's rows with their exact chances.
    let drafts = after_games(game, &rules, &dir.path().join("campaigns"));
    assert_eq!(drafts.len(), 1, "one warband came from a campaign");
    let d = drafts[0].draft.clone().expect("drafted");
    assert!(d.refused.is_none(), "{:?}", d.refused);
    h.get_by_label_contains("house rules");
    let injury = d
        .steps
        .iter()
        .find(|o| o.id.starts_with("injury:"))
        .expect("a model went Down: an injury roll");
    h.get_by_label(injury.what.en.as_str());
    // Every row's chance is on the screen before the roll.
    for row in &injury.odds {
        let shown = format!("{} ({})", row.percent.en, row.exact);
        assert!(
            h.get_all_by_label(&shown).next().is_some(),
            "{shown} not shown"
        );
    }
    assert!(
        d.steps.iter().any(|o| o.id.starts_with("experience:")),
        "experience for those who took part"
    );
    click(&mut h, "Confirm up to");
    clicks += 1;
    h.get_by_label_contains("Written to the campaign");
    h.get_by_label_contains("After game 1");
    assert!(clicks <= 15, "{clicks} clicks");
    eprintln!("after-game clicks from end_game to the mark: {clicks}");
    // The campaign holds the game, its defaults and the mark.
    let c = CampaignHost::open(&path, &rules, |_| CampaignPack::shipped().ok()).expect("opens");
    assert!(matches!(c.campaign.log.first(), Some(Step::Game { .. })));
    assert!(matches!(
        c.campaign.log.last(),
        Some(Step::Mark { game: 1, .. })
    ));
    assert!(
        c.campaign
            .log
            .iter()
            .any(|s| matches!(s, Step::Injury { .. })),
        "the injury was rolled"
    );
    drop(c);
    // The next game from the campaign opens at its new version.
    let w = load_warband(&path, &rules).expect("opens");
    let v = w.campaign.expect("version");
    assert_eq!(v.games, 1);
    assert_eq!(v.steps, c_len(&path, &rules));
    // Confirming again is refused: the game is in the campaign already.
    let game = h.state().game.game.as_ref().expect("a game");
    let again = after_games(game, &rules, &dir.path().join("campaigns"));
    let again = again[0].draft.as_ref().expect("draft");
    assert!(again.recorded && again.refused.is_some());
    assert_eq!(again.game, 1, "still the campaign's game 1");
    h.get_by_label_contains("after game 1");
}

fn c_len(path: &std::path::Path, rules: &RuleSet) -> usize {
    let f = impia::core::campaign::host::read(path).expect("reads");
    let pack = CampaignPack::shipped().expect("pack");
    impia::core::campaign::host::replay(f, &pack, rules)
        .0
        .log
        .len()
}

#[test]
fn the_cli_starts_a_game_from_a_campaign_and_drafts_it_without_a_side() {
    use crate::cli_support::impia;
    let dir = tempfile::tempdir().expect("temp");
    let (c, g) = (dir.path().join("c.yaml"), dir.path().join("g.yaml"));
    let (cs, gs) = (c.to_str().expect("utf8"), g.to_str().expect("utf8"));
    let out = impia(&[
        "campaign",
        "new",
        "rosters/guardia-del-paso.yaml",
        "-o",
        cs,
        "--seed",
        "4",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = impia(&[
        "game",
        "new",
        "--a",
        "rosters/jauria-de-la-cienaga.yaml",
        "--b",
        cs,
        "-o",
        gs,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rules = RuleSet::builtin().expect("tables");
    let game = Host::view(&g, &rules).expect("the game opens");
    let v = game
        .setup()
        .campaigns
        .b
        .clone()
        .expect("side B names its campaign");
    assert_eq!((v.steps, v.games), (0, 0));
    assert!(game.setup().campaigns.a.is_none());
    // The game has not ended: the campaign refuses it, and needs no --side.
    let out = impia(&["--lang", "en", "campaign", "act", cs, "--game", gs]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("has not ended"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_campaign_roster_sheet_shows_experience_injuries_and_the_house_rule_label() {
    use crate::cli_support::impia;
    let dir = tempfile::tempdir().expect("temp");
    let (path, mut g) = campaign_game(dir.path());
    let rules = RuleSet::builtin().expect("tables");
    g.apply(impia::core::game::Action::EndGame(
        impia::core::game::act::EndGame {},
    ))
    .expect("ended");
    let campaigns = dir.path().join("campaigns");
    impia::core::campaign::after::confirm_side(&g, Side::A, &rules, &campaigns, Lang::En)
        .expect("confirmed");
    let f = impia::core::campaign::host::read(&path).expect("reads");
    let pack = CampaignPack::shipped().expect("pack");
    let c = impia::core::campaign::host::replay(f, &pack, &rules).0;
    let sheet = impia::core::campaign::view::sheet(&c, &pack, &rules, Lang::En);
    let marked = c
        .state
        .members
        .iter()
        .zip(&sheet.models)
        .find(|(m, _)| !m.model.marks.is_empty())
        .map(|(m, line)| (m.model.marks[0].name.en.clone(), line.clone()));
    let out = dir.path().join("sheet.pdf");
    let o = impia(&[
        "--lang",
        "en",
        "roster",
        "pdf",
        path.to_str().expect("utf8"),
        "-o",
        out.to_str().expect("utf8"),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let bytes = std::fs::read(&out).expect("pdf");
    assert!(bytes.starts_with(b"%PDF"));
    let Ok(text) = std::process::Command::new("pdftotext")
        .args([out.to_str().expect("utf8"), "-"])
        .output()
    else {
        eprintln!("pdftotext not installed: text checks skipped");
        return;
    };
    let text = String::from_utf8_lossy(&text.stdout).replace('\n', " ");
    assert!(
        text.contains("house rules — not in the rules summary"),
        "{text}"
    );
    assert!(text.contains("Campaign: 1 games"), "{text}");
    assert!(text.contains("Experience 1"), "{text}");
    if let Some((mark, line)) = marked {
        assert!(line.contains(&mark), "{line}");
        assert!(text.contains(&mark), "{mark} not in {text}");
    }
}
