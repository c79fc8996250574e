//! Issue 38 in two real browsers at 390×844: at the end of a shared game
//! whose warbands both came from a campaign, each phone gets its own
//! warband's after-game step (built by the core, sent in its seat's
//! state): the house-rule label, the steps, each roll's rows with their
//! exact chances; each player confirms their own, and the taps from
//! `end_game` to both marks "after game 1" are counted.

use super::*;
use impia::core::campaign::{CampaignHost, CampaignPack, Step};

#[test]
fn each_phone_confirms_its_own_after_game_step_in_at_most_10_taps() {
    let Some(pa) = browser() else { return };
    let Some(pb) = browser() else { return };
    let dir = tempfile::tempdir().expect("temp dir");
    let (ca, g) = crate::campaign_after_app::campaign_game_of(dir.path(), true);
    let cb = dir.path().join("campaigns").join("jauria.yaml");
    let games = dir.path().join("games");
    std::fs::create_dir_all(&games).expect("games/");
    let file = games.join("after.yaml");
    let mut h = Host::detached(g);
    h.save_as(&file, false).expect("saved");
    drop(h);
    let laptop = Laptop::start(&file);
    laptop.allow_all();
    pa.go(&laptop.links.a);
    pb.go(&laptop.links.b);
    for d in [&pa, &pb] {
        d.wait(
            "return state && state.may === 'play' && document.getElementById('play') ? true : null",
            WAIT,
        )
        .expect("the page draws its seat's part");
    }
    let phones = [&pa, &pb];
    let mut taps = 0;
    let ender = if taker(&pa, "end_game") == "a" {
        &pa
    } else {
        &pb
    };
    // The end asks twice (a tap more to confirm it).
    let before = index(ender);
    tap(ender, "[data-id=end_game]");
    tap(ender, "[data-id=end_game]");
    taps += 2;
    moved(&phones, before);
    for (d, side) in [(&pa, "a"), (&pb, "b")] {
        d.wait(
            "return document.querySelector('#after [data-id=after]') ? true : null",
            WAIT,
        )
        .expect("the after-game step and its Confirm");
        let st = state(d);
        assert_eq!(st["after"]["side"], side, "the seat's own warband");
        let text = d.js("return document.getElementById('after').textContent");
        let text = text.as_str().unwrap_or_default();
        assert!(text.contains("house rules"), "{text}");
        for o in st["after"]["draft"]["steps"].as_array().expect("steps") {
            assert!(
                text.contains(o["what"]["en"].as_str().unwrap_or("?")),
                "{text}"
            );
            for r in o["odds"].as_array().into_iter().flatten() {
                let shown = format!(
                    "{} ({})",
                    r["percent"]["en"].as_str().unwrap_or("?"),
                    r["exact"].as_str().unwrap_or("?")
                );
                assert!(text.contains(&shown), "{shown} not in {text}");
            }
        }
    }
    let hurt = state(&pa)["after"]["draft"]["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .any(|o| o["id"].as_str().is_some_and(|i| i.starts_with("injury:")));
    assert!(hurt, "A's model that went Down rolls on the injury table");
    pa.screenshot(&shots_dir().join("phone-after-game-en.png"));
    for d in [&pa, &pb] {
        let before = index(d);
        tap(d, "#after [data-id=after]");
        taps += 1;
        moved(&phones, before);
        d.wait("return state.after && state.after.done ? true : null", WAIT)
            .expect("written to the campaign");
    }
    pa.screenshot(&shots_dir().join("phone-after-game-done-en.png"));
    let done = pa.js("return document.getElementById('after').textContent");
    assert!(
        done.as_str().is_some_and(|t| t.contains("After game 1")),
        "{done}"
    );
    assert!(taps <= 10, "{taps} taps");
    eprintln!("after-game steps on both phones from end_game: {taps} taps");
    drop(pa);
    drop(pb);
    laptop.stop();
    let rules = RuleSet::builtin().expect("tables");
    for c in [ca, cb] {
        let h = CampaignHost::open(&c, &rules, |_| CampaignPack::shipped().ok()).expect("opens");
        assert!(
            matches!(h.campaign.log.last(), Some(Step::Mark { game: 1, .. })),
            "{}: {:?}",
            c.display(),
            h.campaign.log.last()
        );
    }
}
