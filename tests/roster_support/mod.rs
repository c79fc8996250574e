//! Shared fixtures of the roster tests: random rosters whose text YAML must
//! quote, numbered in their name (`Estrés nº 12`).

use impia::core::dice::Roller;
use impia::core::roster::{Model, ROSTER_VERSION, Roster, Spell};
use impia::core::tables::{Keyword, RuleSet};

/// A random warband of ids from the tables, with text that YAML must quote.
pub fn random_roster(rules: &RuleSet, rng: &mut Roller, number: u64) -> Roster {
    let pick = |rng: &mut Roller, n: usize| (rng.die(n.max(1) as u32) - 1) as usize;
    let notes = [
        "",
        "Ñandú: «fiero» # no es comentario",
        "- lista\n- de: 'cosas'\n\"comillas\"",
        "&ancla *alias [ { ! | > % @ `",
        "  espacios al borde  ",
        "línea 1\nlínea 2\n",
    ];
    let weapons: Vec<&str> = rules
        .melee_weapons
        .iter()
        .map(|w| w.id.as_str())
        .chain(rules.ranged_weapons.iter().map(|w| w.id.as_str()))
        .collect();
    let n_models = 1 + pick(rng, 12);
    let models = (0..n_models)
        .map(|i| {
            let troop = &rules.troops[pick(rng, rules.troops.len())];
            let upgrades = rules
                .upgrades
                .iter()
                .filter(|u| Some(u.group) == troop.upgrade_group && rng.die(4) == 1)
                .map(|u| u.id.clone())
                .collect();
            let mut equipment: Vec<String> = Vec::new();
            for e in &rules.equipment {
                let copies = if e.repeatable {
                    rng.die(4) - 1
                } else {
                    rng.die(2) - 1
                };
                equipment.extend((0..copies).map(|_| e.id.clone()));
            }
            Model {
                name: format!("Miniatura {}: «{}»", i + 1, notes[pick(rng, notes.len())]),
                troop: troop.id.clone(),
                leader: i == 0,
                weapons: (0..pick(rng, 3))
                    .map(|_| weapons[pick(rng, weapons.len())].to_string())
                    .collect(),
                armour: (rng.die(2) == 1)
                    .then(|| rules.armours[pick(rng, rules.armours.len())].id.clone()),
                equipment,
                upgrades,
                spells: if troop.keywords.contains(&Keyword::CastsSpells) {
                    vec![Spell {
                        effect: Default::default(),
                        name: "Niebla: \"espesa\"".into(),
                        level: rng.die(3),
                        cost: rng.die(3),
                        text: notes[pick(rng, notes.len())].into(),
                        hit: None,
                    }]
                } else {
                    Vec::new()
                },
                notes: notes[pick(rng, notes.len())].into(),
                marks: Vec::new(),
            }
        })
        .collect();
    Roster {
        version: ROSTER_VERSION,
        name: format!("Estrés nº {number}"),
        points_limit: (rng.die(2) == 1).then(|| 100 + rng.die(400)),
        totem: Some(notes[pick(rng, notes.len())].into()),
        models,
    }
}
