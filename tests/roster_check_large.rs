//! `impia roster check` on a roster far past any table (40,000 models): the
//! distinct-names check (reading `distinct_names`) and R37/R42's "only once"
//! stay right at that size. They compared each item with every one before
//! it (18 s for 40,000 models in a debug build); the work is now a count
//! bounded by the unit test `distinct_names_check_does_work_linear_in_the_models`
//! and timed by `cargo bench --bench roster -- roster_check_40000`.

use impia::core::roster::{Model, Roster, check, parse_roster, roster_to_yaml};
use impia::core::tables::RuleSet;

const N: usize = 40_000;

fn rules() -> RuleSet {
    RuleSet::builtin().expect("shipped tables load")
}

/// `n` warriors with a spear, named by `name(i)`, the first the Leader.
fn horde(n: usize, name: impl Fn(usize) -> String) -> Roster {
    let mut r = Roster::starter("Hueste sin fin");
    r.points_limit = Some(u32::MAX);
    r.models = (0..n)
        .map(|i| Model {
            name: name(i),
            troop: "warrior".into(),
            leader: i == 0,
            weapons: vec!["spear".into()],
            ..Default::default()
        })
        .collect();
    r
}

#[test]
fn forty_thousand_distinct_names_are_valid() {
    let rules = rules();
    let r = horde(N, |i| format!("Guerrero {i}"));
    let report = check(&r, &rules);
    assert_eq!(report.models.len(), N);
    assert!(report.valid(), "{:?}", report.problems.first());
    // A roster file of that size (under the 2 MiB a roster may be) reads
    // back whole.
    let text = roster_to_yaml(&r).expect("writes");
    let back = parse_roster("horde.yaml", &text, &rules).expect("reads back");
    assert_eq!(back.models.len(), N);
}

#[test]
fn forty_thousand_models_of_a_hundred_names_flag_every_repeat_and_no_first() {
    let rules = rules();
    let r = horde(N, |i| format!("Guerrero {}", i % 100));
    let report = check(&r, &rules);
    let flagged: Vec<usize> = report
        .problems
        .iter()
        .filter(|p| p.rule == "distinct_names")
        .filter_map(|p| p.model_index)
        .collect();
    assert_eq!(flagged, (100..N).collect::<Vec<_>>());
    assert_eq!(report.problems.len(), N - 100);
}

#[test]
fn r37_r42_a_thousand_items_on_one_model_flag_each_repeat() {
    let rules = rules();
    let mut r = horde(1, |_| "Acaparador".into());
    // R37: only herbs may be bought more than once; R42: an upgrade once.
    r.models[0].equipment = (0..1000)
        .map(|i| if i % 2 == 0 { "shield" } else { "mystic_herbs" }.into())
        .collect();
    let mut hero = horde(1, |_| "Héroe".into());
    hero.models[0].troop = "hero".into();
    hero.models[0].upgrades = vec!["agile".to_string(); 1000];
    let shields = check(&r, &rules)
        .problems
        .iter()
        .filter(|p| p.rule == "R37")
        .count();
    assert_eq!(shields, 499, "every shield but the first");
    let twice = check(&hero, &rules)
        .problems
        .iter()
        .filter(|p| p.message.en.contains("twice"))
        .count();
    assert_eq!(twice, 999, "every Agile but the first");
}
