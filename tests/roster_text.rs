//! A roster shared as text (issue 15, item 5): the round trip in both
//! languages, odd names, mixed languages, broken and hostile text, and the
//! `roster text` / `roster import` commands.

use crate::cli_support::impia;
use std::path::Path;

use crate::roster_support::random_roster;
use impia::core::dice::Roller;
use impia::core::roster::text::{MAX_LINE_BYTES, MAX_TEXT_BYTES, TextErrorKind};
use impia::core::roster::{
    Model, Roster, Spell, from_text, load_roster, model_cost, parse_roster, roster_to_yaml, to_text,
};
use impia::core::tables::RuleSet;
use impia::core::text::Lang;

fn rules() -> RuleSet {
    RuleSet::builtin().expect("tables")
}

/// The roster without what the text leaves out (the notes).
fn shared(r: &Roster) -> Roster {
    let mut r = r.clone();
    for m in &mut r.models {
        m.notes.clear();
    }
    r
}

fn total(r: &Roster, rules: &RuleSet) -> u32 {
    r.models.iter().map(|m| model_cost(m, rules)).sum()
}

fn example_rosters() -> Vec<(String, Roster)> {
    let rules = rules();
    let mut out = Vec::new();
    for entry in std::fs::read_dir("rosters").expect("rosters/") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "yaml") {
            let r = load_roster(&path, &rules).expect("example roster loads");
            out.push((path.display().to_string(), r));
        }
    }
    assert!(out.len() >= 3, "the example rosters are there");
    out
}

#[test]
fn every_example_roster_should_round_trip_in_both_languages() {
    let rules = rules();
    for (file, r) in example_rosters() {
        for l in [Lang::Es, Lang::En] {
            let text = to_text(&r, &rules, l);
            let back = from_text(&text, &rules)
                .unwrap_or_else(|e| panic!("{file} in {l:?} does not read back:\n{e}\n{text}"));
            assert_eq!(back, shared(&r), "{file} in {l:?}:\n{text}");
            assert_eq!(total(&back, &rules), total(&r, &rules), "{file} total");
            assert_eq!(back.models.len(), r.models.len());
        }
    }
}

#[test]
fn the_text_should_be_in_the_language_asked_for() {
    let rules = rules();
    let r = load_roster(Path::new("rosters/circulo-de-la-ceniza.yaml"), &rules).expect("load");
    let es = to_text(&r, &rules, Lang::Es);
    let en = to_text(&r, &rules, Lang::En);
    assert!(es.starts_with("Círculo de la Ceniza Negra — 197 / 200 pts\nTótem: "));
    assert!(es.contains("1. Abdón el Ceniciento — Hechicero, Líder — Armas: Filo pequeño; Blindaje: Ropas resistentes o pieles; Equipo: Hierbas místicas ×1 — 67 pts\n"));
    assert!(es.contains("   Hechizo: Zarpa de Ceniza — nivel 2, 2 PD, impacto 4/1 — Una garra"));
    assert!(en.contains("1. Abdón el Ceniciento — Sorcerer, Leader — Weapons: Small blade; Armour: Tough clothes or hides; Equipment: Mystic herbs ×1 — 67 pts\n"));
    assert!(en.contains("   Spell: Zarpa de Ceniza — level 2, 2 DP, hit 4/1 — Una garra"));
    assert!(en.contains("Upgrades: Initiate"));
    // One line per model and per spell, plus the warband and the totem.
    assert_eq!(es.lines().count(), 2 + 5 + 5);
}

fn odd_roster() -> Roster {
    Roster {
        version: 1,
        name: "Los 7 — «Ñandúes»: 🐉".into(),
        points_limit: None,
        totem: Some("Tótem: el de verdad — 2º".into()),
        models: vec![
            Model {
                name: "1. Nuño — el 2º: \"Garfio\" 🐍".into(),
                troop: "hero".into(),
                leader: true,
                weapons: vec!["medium_blade".into(), "javelin".into()],
                armour: Some("leather_scales".into()),
                equipment: vec![
                    "mystic_herbs".into(),
                    "mystic_herbs".into(),
                    "shield".into(),
                    "mystic_herbs".into(),
                ],
                upgrades: vec!["initiate".into(), "agile".into()],
                spells: vec![Spell {
                    effect: Default::default(),
                    name: "Niebla — «espesa»: \\ 3".into(),
                    level: 1,
                    cost: 2,
                    text: "Línea 1\nlínea 2 — con\ttab; (y paréntesis".into(),
                    hit: None,
                }],
                notes: String::new(),
                marks: Vec::new(),
            },
            Model {
                name: " Tótem: espacios al borde ".into(),
                troop: "creature".into(),
                weapons: vec!["claws".into()],
                upgrades: vec!["wings".into()],
                ..Default::default()
            },
            Model {
                name: String::new(),
                troop: "warrior".into(),
                ..Default::default()
            },
            Model {
                name: "Hechizo: nivel 1, 1 PD".into(),
                troop: "sorcerer".into(),
                spells: vec![Spell {
                    effect: Default::default(),
                    name: String::new(),
                    level: 3,
                    cost: 0,
                    text: String::new(),
                    hit: Some(impia::core::roster::SpellHit {
                        strength: 4,
                        penetration: 1,
                    }),
                }],
                ..Default::default()
            },
        ],
    }
}

#[test]
fn odd_names_should_read_back_exactly() {
    let rules = rules();
    let r = odd_roster();
    for l in [Lang::Es, Lang::En] {
        let text = to_text(&r, &rules, l);
        assert_eq!(
            text.lines().count(),
            2 + 4 + 2,
            "a name never breaks a line:\n{text}"
        );
        let back = from_text(&text, &rules).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back, r, "{l:?}:\n{text}");
    }
}

#[test]
fn r38_a_spell_hit_is_written_on_its_numbers_and_reads_back() {
    let rules = rules();
    let r = odd_roster();
    for (l, words) in [
        (Lang::Es, "nivel 3, 0 PD, impacto 4/1"),
        (Lang::En, "level 3, 0 DP, hit 4/1"),
    ] {
        let text = to_text(&r, &rules, l);
        assert!(text.contains(words), "{text}");
        let back = from_text(&text, &rules).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.models[3].spells[0].hit, r.models[3].spells[0].hit);
        assert_eq!(back.models[0].spells[0].hit, None);
    }
}

#[test]
fn a_warband_whose_name_looks_like_a_model_line_should_read_back() {
    let rules = rules();
    for name in ["1. Primera", "Tótem: nada", "- guion", "Hechizo: x", "-"] {
        let mut r = odd_roster();
        r.name = name.into();
        let text = to_text(&r, &rules, Lang::Es);
        let back = from_text(&text, &rules).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.name, name);
    }
}

#[test]
fn mixed_languages_ids_case_and_accents_should_all_read() {
    let rules = rules();
    let text = "Mezcla — 184 / 250 PTS\n\
                totem: Urna\n\
                1) Ana — HEROE, leader — weapons: filo medio, Javelin; Armadura: leather_scales; equipo: MYSTIC HERBS x2, escudo; Upgrades: agil — 104 pts\n\
                \u{20}  spell: Luz — Nivel 1, 1 dp\n\
                - Bestia — creature — Armas: garras; mejoras: Multiples Cabezas, veloz\n\
                * Paco – Guerrero – Weapons: lanza – 21\n";
    let r = from_text(text, &rules).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.name, "Mezcla");
    assert_eq!(r.points_limit, Some(250));
    assert_eq!(r.totem.as_deref(), Some("Urna"));
    let ana = &r.models[0];
    assert!(ana.leader);
    assert_eq!(ana.troop, "hero");
    assert_eq!(ana.weapons, ["medium_blade", "javelin"]);
    assert_eq!(ana.armour.as_deref(), Some("leather_scales"));
    assert_eq!(ana.equipment, ["mystic_herbs", "mystic_herbs", "shield"]);
    assert_eq!(ana.upgrades, ["agile"]);
    assert_eq!(ana.spells.len(), 1);
    assert_eq!((ana.spells[0].level, ana.spells[0].cost), (1, 1));
    assert_eq!(r.models[1].upgrades, ["many_heads", "swift"]);
    assert_eq!(r.models[2].weapons, ["spear"]);
    assert_eq!(total(&r, &rules), 184);
}

#[test]
fn broken_text_should_report_every_bad_line_with_its_column() {
    let rules = rules();
    let text = "Banda — 100 / 200 pts\n\
                1. Ana — Héroe — Armas: Espadón — 40 pts\n\
                esto no es nada\n\
                2. Bea — Dragón\n\
                3. Cai — Héroe — Armas: Filo medio — 99 pts\n\
                4. Dan — Guerrero — Equipo: Hierbas místicas ×0\n\
                5. Eva — Guerrero — Joyas: oro\n\
                \u{20}  Hechizo: Luz — rango 1\n";
    let e = from_text(text, &rules).expect_err("broken");
    let places: Vec<(Option<usize>, Option<usize>)> =
        e.errors.iter().map(|e| (e.line, e.column)).collect();
    assert_eq!(
        places,
        [
            (Some(2), Some(25)),
            (Some(3), Some(1)),
            (Some(4), Some(10)),
            (Some(5), Some(38)),
            (Some(6), Some(29)),
            (Some(7), Some(21)),
            (Some(8), Some(19)),
        ],
        "{e}"
    );
    assert!(
        matches!(&e.errors[0].kind, TextErrorKind::Unknown { found, .. } if found == "Espadón")
    );
    assert!(matches!(
        e.errors[3].kind,
        TextErrorKind::CostMismatch {
            written: 99,
            computed: 52
        }
    ));
    let es = e.lines(Lang::Es).join("\n");
    assert!(
        es.contains("línea 2, columna 25: «Espadón» no está entre las armas"),
        "{es}"
    );
    let en = e.to_string();
    assert!(
        en.contains("line 4, column 10: «Dragón» is not among the troops"),
        "{en}"
    );
}

#[test]
fn a_wrong_total_should_be_reported_on_the_first_line() {
    let rules = rules();
    let e = from_text("B — 10 pts\n1. A — Guerrero — 15 pts\n", &rules).expect_err("total");
    assert_eq!((e.errors[0].line, e.errors[0].column), (Some(1), Some(5)));
    assert!(matches!(
        e.errors[0].kind,
        TextErrorKind::TotalMismatch {
            written: 10,
            computed: 15
        }
    ));
}

#[test]
fn hostile_text_should_give_clear_errors_and_never_panic() {
    let rules = rules();
    let kind = |text: &str| {
        from_text(text, &rules).expect_err("refused").errors[0]
            .kind
            .clone()
    };
    assert_eq!(kind(""), TextErrorKind::Empty);
    assert_eq!(kind("\n  \n"), TextErrorKind::Empty);
    assert!(matches!(
        kind(&"a".repeat(MAX_TEXT_BYTES + 1)),
        TextErrorKind::TooLarge { .. }
    ));
    assert!(matches!(
        kind(&format!("B\n1. {}", "x".repeat(MAX_LINE_BYTES))),
        TextErrorKind::LineTooLong { .. }
    ));
    assert_eq!(
        kind("B\n1. A\u{7} — Héroe"),
        TextErrorKind::ControlChar { code: 7 }
    );
    assert_eq!(kind("1. A — Héroe"), TextErrorKind::NoHeader);
    assert_eq!(kind("Hechizo: x — nivel 1, 1 PD"), TextErrorKind::NoHeader);
    assert_eq!(
        kind("B\nHechizo: x — nivel 1, 1 PD"),
        TextErrorKind::SpellBeforeModel
    );
    assert!(matches!(
        kind("B\n1. A — Héroe — Equipo: Hierbas místicas ×99999999999"),
        TextErrorKind::BadCount { .. }
    ));
    // Counts cannot blow a small text up.
    let many = format!(
        "B\n{}",
        (1..=200)
            .map(|i| format!("{i}. M — Guerrero — Equipo: Hierbas místicas ×99\n"))
            .collect::<String>()
    );
    let e = from_text(&many, &rules).expect_err("too many items");
    assert!(
        e.errors
            .iter()
            .any(|e| matches!(e.kind, TextErrorKind::TooManyItems { .. }))
    );
    // A flood of bad lines: the first hundred are listed, the rest counted.
    let flood = format!("B\n{}", "?\n".repeat(5000));
    let e = from_text(&flood, &rules).expect_err("flood");
    assert_eq!(e.errors.len(), 100);
    assert_eq!(e.more, 4900);
    assert!(
        e.lines(Lang::En)
            .last()
            .is_some_and(|l| l.contains("4900 more"))
    );
    // Models are bounded too.
    let crowd = format!("B\n{}", "- M — Guerrero\n".repeat(1500));
    assert!(
        from_text(&crowd, &rules)
            .expect_err("crowd")
            .errors
            .iter()
            .any(|e| matches!(e.kind, TextErrorKind::TooManyModels { .. }))
    );
    // Odd bytes anywhere never panic.
    for text in [
        "—",
        "\\",
        "B — \\",
        "B\n1.",
        "B\n1. —",
        "B\n1. — — — — — —",
        "B\n1. A — ,,, — ;;; — pts",
        "B\n1. A — Héroe — Armas: : : ×",
        "B\nTótem:",
        "B\nHechizo:",
        "\u{feff}B — 0 pts",
        "B\r\n1. A — Guerrero\r\n",
    ] {
        let _ = from_text(text, &rules);
    }
}

/// Every random roster (text YAML must quote), read back from its YAML,
/// gives a text that reads back.
#[test]
fn random_rosters_should_round_trip() {
    let rules = rules();
    for seed in 0..20 {
        let mut rng = Roller::seeded(seed);
        let yaml = roster_to_yaml(&random_roster(&rules, &mut rng, seed)).expect("yaml");
        let r = parse_roster("r.yaml", &yaml, &rules).expect("parse");
        for l in [Lang::Es, Lang::En] {
            let text = to_text(&r, &rules, l);
            let back = from_text(&text, &rules).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back, shared(&r), "seed {seed}: {text}");
        }
    }
}

fn path(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

#[test]
fn roster_text_then_import_should_give_the_same_roster() {
    let rules = rules();
    let dir = tempfile::tempdir().expect("tempdir");
    for l in ["es", "en"] {
        let o = impia(&[
            "roster",
            "text",
            "rosters/guardia-del-paso.yaml",
            "--lang",
            l,
        ]);
        assert!(o.status.success());
        let txt = dir.path().join(format!("g-{l}.txt"));
        std::fs::write(&txt, &o.stdout).expect("write");
        // To stdout.
        let o = impia(&["roster", "import", path(&txt)]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let yaml = String::from_utf8(o.stdout).expect("utf-8");
        let back = parse_roster("stdout", &yaml, &rules).expect("YAML");
        let orig = load_roster(Path::new("rosters/guardia-del-paso.yaml"), &rules).expect("load");
        assert_eq!(back, shared(&orig));
        // To a file.
        let out = dir.path().join(format!("g-{l}.yaml"));
        let o = impia(&["roster", "import", path(&txt), "-o", path(&out)]);
        assert!(o.status.success());
        assert_eq!(load_roster(&out, &rules).expect("saved"), shared(&orig));
    }
}

#[test]
fn roster_import_should_refuse_to_overwrite_without_force() {
    let dir = tempfile::tempdir().expect("tempdir");
    let txt = dir.path().join("b.txt");
    std::fs::write(&txt, "Nueva — 15 pts\n1. A — Guerrero — 15 pts\n").expect("write");
    let out = dir.path().join("b.yaml");
    std::fs::write(&out, "keep me").expect("write");
    let o = impia(&["roster", "import", path(&txt), "-o", path(&out)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--force"));
    assert_eq!(std::fs::read_to_string(&out).expect("read"), "keep me");
    let o = impia(&["roster", "import", path(&txt), "-o", path(&out), "--force"]);
    assert!(o.status.success());
    assert!(
        std::fs::read_to_string(&out)
            .expect("read")
            .contains("name: Nueva")
    );
}

#[test]
fn roster_import_of_broken_text_should_list_lines_and_exit_2() {
    let dir = tempfile::tempdir().expect("tempdir");
    let txt = dir.path().join("bad.txt");
    std::fs::write(
        &txt,
        "Banda — 40 pts\n1. A — Héroe — Armas: Espadón\nbasura\n",
    )
    .expect("write");
    let out = dir.path().join("bad.yaml");
    let o = impia(&[
        "roster",
        "import",
        path(&txt),
        "-o",
        path(&out),
        "--lang",
        "en",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(lines[0].ends_with("bad.txt:2:23: «Espadón» is not among the weapons; expected one of: Improvised weapon, Unarmed, Medium blade, Small blade, Heavy blade, Claws, Spear, Jaws, Mace, Heavy mace, Bow, Thrown weapons, Blowpipe, Javelin"), "{err}");
    assert!(
        lines[1].contains("bad.txt:3:1: «basura»: expected a model"),
        "{err}"
    );
    assert!(!out.exists(), "nothing written");
    assert!(o.stdout.is_empty());
}
