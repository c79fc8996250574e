//! Issue 27, the player away from the keyboard: when a hit waits on the
//! target's choices (R28 Iron defence, cover, R42 Survival instinct), the
//! Game view names that player and the model, before the roll, and the
//! hit's odds name the target put Down.

use crate::game_support::{Checks as _, app_harness, game_app};
use egui_kittest::kittest::Queryable as _;
use impia::core::game::act;
use impia::core::game::{Action, Game, GameSetup, Host, Now};
use impia::core::roster::load_roster;
use impia::core::tables::RuleSet;
use impia::core::text::Lang;

/// A game of the shipped rosters played by the first allowed way on until
/// a hit waits to be resolved: the first model to act assaults, the roll
/// is accepted.
fn game_at_a_hit(seed: u64) -> Option<Game> {
    let rules = RuleSet::builtin().expect("tables");
    let a = load_roster("rosters/guardia-del-paso.yaml".as_ref(), &rules).expect("roster a");
    let b = load_roster("rosters/jauria-de-la-cienaga.yaml".as_ref(), &rules).expect("roster b");
    let setup = GameSetup::new(a, b)
        .with_seed(seed)
        .with_players("Ana", "Bea");
    let mut g = Host::new(setup, &rules).into_game();
    for _ in 0..40 {
        if matches!(g.now(), Now::ResolveHits { .. }) {
            return Some(g);
        }
        let offers = g.offers();
        let next = offers
            .allowed()
            .find(|o| {
                matches!(
                    o.id,
                    "accept"
                        | "assault"
                        | "start_turn"
                        | "end_change_round"
                        | "roll_off"
                        | "choose_start"
                        | "activate"
                ) && !matches!(o.action, Action::Assault(act::Assault { brutal: true, .. }))
            })
            .map(|o| {
                o.targets
                    .first()
                    .map_or(o.action.clone(), |t| t.action.clone())
            })?;
        let next = match next {
            Action::StartTurn(_) => Action::StartTurn(act::StartTurn {
                dark_forces: vec![1],
            }),
            other => other,
        };
        let full = g.with_dice(&next).ok()?;
        g.act(full).ok()?;
    }
    None
}

#[test]
fn r28_r42_a_hit_waiting_names_the_targets_player_before_the_roll() {
    let g = (1..40)
        .find_map(game_at_a_hit)
        .expect("some seed reaches a hit");
    let Now::ResolveHits { hits } = g.now() else {
        unreachable!()
    };
    let (attacker, target) = hits[0];
    // The chance the hit puts the target Down, as the core prices it.
    let prep = g
        .hit_check(attacker, target, &impia::core::game::HitOptions::default())
        .expect("the hit's check");
    let odds = prep.odds();
    let p_down = if prep.active == Some(attacker) {
        odds.active_wins
    } else {
        odds.passive_wins
    };
    let name = g.state().name(target);

    for (lang, your, choose) in [
        (Lang::En, "your model", "choose before the roll"),
        (Lang::Es, "tu miniatura", "elige antes de tirar"),
    ] {
        let player = g.state().player_name(target.side, lang);
        let mut h = app_harness(game_app(g.clone(), lang), [1280.0, 800.0]);
        h.run();
        h.get_by_label_contains(&format!("{player}: {your} {name} — {choose}"));
        // R27: the hit's odds name the target and say Down, not "the
        // active / the passive wins"; the two figures are the whole roll.
        // Issue 34: the core's words, a verb in Spanish (no "Abatida"
        // agreeing with no name).
        let (down, stands) = match lang {
            Lang::En => (
                format!("{name} is put Down"),
                format!("{name} withstands it"),
            ),
            Lang::Es => (
                format!("Abatir a {name}"),
                format!("{name} resiste el impacto"),
            ),
        };
        let down = h
            .get_by_label_contains(&format!("{down}: {}", p_down.exact()))
            .rect();
        let stands = h.get_by_label_contains(&format!("{stands}: ")).rect();
        assert!(stands.top() >= down.bottom() - 1.0, "{down:?} {stands:?}");
        assert!(h.query_by_label_contains("Active wins").is_none());
        assert!(h.query_by_label_contains("Gana el activo").is_none());
    }
}
