//! The printed roster as a player gets it: every example warband prints (one
//! A4 page), the file is small, twenty models fit on three pages, the text
//! reads back exactly (accents included), body text is at least 8 pt, the
//! action costs are there, a megabyte name prints bounded, and an invalid
//! warband prints marked invalid with the rule ids of its problems.
//!
//! Text and page checks use poppler's `pdftotext` and `pdfinfo` when they are
//! installed (CI installs poppler-utils) and are skipped otherwise. Set
//! `IMPIA_PDF_DUMP=<dir>` to keep the rendered sheets there and look at them.

use std::path::{Path, PathBuf};
use std::process::Command;

use impia::core::roster::{self, Model, Roster, Spell};
use impia::core::tables::RuleSet;
use impia::core::text::Lang;
use impia::pdf::{Paper, roster_pdf};

fn rules() -> RuleSet {
    RuleSet::builtin().expect("the built-in tables load")
}

fn example_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rosters");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("rosters/ exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    files
}

fn load(path: &Path, rules: &RuleSet) -> Roster {
    roster::load_roster(path, rules).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn render(r: &Roster, rules: &RuleSet, lang: Lang, paper: Paper) -> Vec<u8> {
    let report = roster::check(r, rules);
    let pdf =
        roster_pdf(r, &report, rules, lang, paper).unwrap_or_else(|e| panic!("{}: {e}", r.name));
    if let Some(dir) = std::env::var_os("IMPIA_PDF_DUMP") {
        let name = format!("{}-{}-{paper:?}.pdf", r.name, lang.code())
            .replace(['/', ' ', ':', '?', '¿'], "_");
        std::fs::write(Path::new(&dir).join(name), &pdf).expect("write the dumped sheet");
    }
    pdf
}

/// Twenty models with distinct names, taken round-robin from the examples;
/// one Leader, and a limit high enough that the warband is valid.
fn twenty_models(rules: &RuleSet) -> Roster {
    let pool: Vec<Model> = example_files()
        .iter()
        .flat_map(|f| load(f, rules).models)
        .collect();
    let models = (0..20)
        .map(|i| {
            let mut m = pool[i % pool.len()].clone();
            m.name = format!("{} {}", m.name, i + 1);
            m.leader = i == 0;
            m
        })
        .collect();
    let mut r = Roster::starter("Hueste de las Veinte Lanzas");
    r.models = models;
    r.points_limit = Some(2000);
    r
}

/// A valid warband whose names use every Spanish letter and sign.
fn accented(rules: &RuleSet) -> Roster {
    let mut r = Roster::starter("Peña de Añón: ¿Quién teme al búho?");
    r.models.push(Model {
        name: "Íñigo el Pequeño ¿¡ü".into(),
        troop: "sorcerer".into(),
        weapons: vec!["small_blade".into()],
        spells: vec![Spell {
            effect: Default::default(),
            name: "Canción del Último Búho".into(),
            level: 1,
            cost: 1,
            text: "Él y ésa ganan pavor: ¡qué miedo!".into(),
            hit: None,
        }],
        ..Default::default()
    });
    assert!(roster::check(&r, rules).valid());
    r
}

/// Whether poppler's `name` is installed. Under CI (`CI=true`) a missing
/// tool is a failure, never a silent skip: `.ci/run` installs it.
fn tool(name: &str) -> bool {
    let there = Command::new(name).arg("-v").output().is_ok();
    assert!(
        there || std::env::var("CI").map_or(true, |v| v != "true"),
        "CI needs {name} (poppler-utils)"
    );
    there
}

fn write_temp(bytes: &[u8]) -> tempfile::NamedTempFile {
    let f = tempfile::Builder::new()
        .suffix(".pdf")
        .tempfile()
        .expect("temp file");
    std::fs::write(f.path(), bytes).expect("write temp pdf");
    f
}

/// The text of the PDF as `pdftotext` reads it, or `None` without poppler.
fn pdf_text(bytes: &[u8]) -> Option<String> {
    pdf_text_with(bytes, &[])
}

/// The text as laid out on the page (`-layout`): a table row stays a line.
fn pdf_layout_text(bytes: &[u8]) -> Option<String> {
    pdf_text_with(bytes, &["-layout"])
}

fn pdf_text_with(bytes: &[u8], args: &[&str]) -> Option<String> {
    if !tool("pdftotext") {
        eprintln!("pdftotext not installed: text checks skipped");
        return None;
    }
    let f = write_temp(bytes);
    let out = Command::new("pdftotext")
        .args(args)
        .arg(f.path())
        .arg("-")
        .output()
        .expect("run pdftotext");
    assert!(
        out.status.success(),
        "pdftotext failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(String::from_utf8(out.stdout).expect("pdftotext writes UTF-8"))
}

/// Pages as `pdfinfo` counts them; without poppler, the page objects in the
/// file (printpdf writes page dictionaries uncompressed, as `/Type/Page`).
fn page_count(bytes: &[u8]) -> usize {
    if tool("pdfinfo") {
        let f = write_temp(bytes);
        let out = Command::new("pdfinfo")
            .arg(f.path())
            .output()
            .expect("run pdfinfo");
        let info = String::from_utf8_lossy(&out.stdout);
        if let Some(n) = info
            .lines()
            .find_map(|l| l.strip_prefix("Pages:"))
            .and_then(|n| n.trim().parse().ok())
        {
            return n;
        }
    }
    page_objects(bytes)
}

/// `/Type/Page` (or `/Type /Page`) dictionaries, not the `/Type/Pages` tree.
fn page_objects(bytes: &[u8]) -> usize {
    let hay = String::from_utf8_lossy(bytes);
    ["/Type/Page", "/Type /Page"]
        .iter()
        .map(|key| {
            hay.match_indices(key)
                .filter(|(i, _)| !hay[i + key.len()..].starts_with('s'))
                .count()
        })
        .sum()
}

#[test]
fn page_objects_agree_with_pdfinfo() {
    let rules = rules();
    let pdf = render(&twenty_models(&rules), &rules, Lang::Es, Paper::A4);
    assert_eq!(page_objects(&pdf), page_count(&pdf));
    assert_eq!(page_objects(&pdf), 3);
}

#[test]
fn every_example_roster_is_valid_and_prints_in_both_languages_and_papers() {
    let rules = rules();
    let files = example_files();
    assert!(files.len() >= 3, "at least three example rosters");
    for f in &files {
        let r = load(f, &rules);
        assert!(
            roster::check(&r, &rules).valid(),
            "{} is invalid",
            f.display()
        );
        for lang in [Lang::Es, Lang::En] {
            for paper in [Paper::A4, Paper::Letter] {
                let pdf = render(&r, &rules, lang, paper);
                assert!(pdf.starts_with(b"%PDF"), "{}", f.display());
                // Letter is 18 mm shorter than A4: the heaviest example may
                // spill its footer onto a second page there.
                let most = if paper == Paper::A4 { 1 } else { 2 };
                let pages = page_count(&pdf);
                assert!(pages <= most, "{} {paper:?}: {pages} pages", f.display());
            }
        }
    }
}

#[test]
fn twenty_model_sheet_weighs_under_150_kb() {
    let rules = rules();
    let pdf = render(&twenty_models(&rules), &rules, Lang::Es, Paper::A4);
    assert!(pdf.len() < 150 * 1024, "{} bytes", pdf.len());
}

#[test]
fn twenty_models_fit_on_three_pages() {
    let rules = rules();
    let r = twenty_models(&rules);
    assert_eq!(r.models.len(), 20);
    for lang in [Lang::Es, Lang::En] {
        for paper in [Paper::A4, Paper::Letter] {
            let pages = page_count(&render(&r, &rules, lang, paper));
            assert!(pages <= 3, "{lang:?} {paper:?}: {pages} pages");
        }
    }
}

#[test]
fn sheet_text_reads_back_with_every_accent_exactly() {
    let rules = rules();
    let r = accented(&rules);
    let Some(text) = pdf_text(&render(&r, &rules, Lang::Es, Paper::A4)) else {
        return;
    };
    // Wrapped lines read back as one text.
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for expected in [
        "Peña de Añón: ¿Quién teme al búho?",
        "Íñigo el Pequeño ¿¡ü",
        "Canción del Último Búho",
        "Él y ésa ganan pavor: ¡qué miedo!",
        "Pavor",
        "Precisión",
        "Fuerzas Oscuras",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in:\n{text}");
    }
}

#[test]
fn english_sheet_uses_english_words() {
    let rules = rules();
    let r = accented(&rules);
    let Some(text) = pdf_text(&render(&r, &rules, Lang::En, Paper::Letter)) else {
        return;
    };
    for expected in [
        "Íñigo el Pequeño ¿¡ü",
        "Fear",
        "Courage",
        "Dark Forces",
        "Spell backlash",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in:\n{text}");
    }
    assert!(
        !text.contains("Pavor"),
        "Spanish word on the English sheet:\n{text}"
    );
}

#[test]
fn a_sorcerer_with_a_grimoire_of_spells_prints_every_spell() {
    let rules = rules();
    let mut r = accented(&rules);
    r.name = "Grimorio de Íñigo".into();
    let text = "Un hechizo largo de los que los jugadores escriben con todo detalle: alcance, \
                objetivo, duración y qué ocurre si falla, para no discutir en mitad de la partida.";
    r.models[1].spells = (1..=14)
        .map(|i| Spell {
            effect: Default::default(),
            name: format!("Hechizo número {i}"),
            level: 1 + i % 3,
            cost: 1 + i % 2,
            text: text.into(),
            hit: None,
        })
        .collect();
    let pdf = render(&r, &rules, Lang::Es, Paper::A4);
    assert!(page_count(&pdf) <= 2);
    let Some(text) = pdf_text(&pdf) else {
        return;
    };
    for i in 1..=14 {
        assert!(
            text.contains(&format!("Hechizo número {i} ")),
            "spell {i} missing:\n{text}"
        );
    }
}

#[test]
fn invalid_roster_prints_marked_invalid_with_rule_ids() {
    let rules = rules();
    let mut r = Roster::starter("Banda sin cabeza");
    r.models[0].leader = false;
    r.models.push(Model {
        name: "Gonzalo".into(),
        troop: "warrior".into(),
        weapons: vec!["heavy_blade".into()],
        equipment: vec!["shield".into()],
        ..Default::default()
    });
    let report = roster::check(&r, &rules);
    assert!(!report.valid());
    let pdf = roster_pdf(&r, &report, &rules, Lang::Es, Paper::A4)
        .expect("an invalid roster still prints");
    assert!(pdf.starts_with(b"%PDF"));
    let Some(text) = pdf_text(&pdf) else {
        return;
    };
    assert!(text.contains("NO VÁLIDA"), "{text}");
    for p in &report.problems {
        assert!(
            text.contains(&p.rule),
            "missing rule {} in:\n{text}",
            p.rule
        );
    }
    assert!(text.contains("R32") && text.contains("R34"), "{text}");
}

#[test]
fn a_report_of_another_roster_is_refused() {
    let rules = rules();
    let r = accented(&rules);
    let mut report = roster::check(&r, &rules);
    report.models.pop();
    let err = roster_pdf(&r, &report, &rules, Lang::Es, Paper::A4).unwrap_err();
    assert!(err.to_string().contains("2"), "{err}");
}

/// The font size of every text run, weighted by its characters, from the
/// page content (`pdftotext -bbox-layout` gives each word's box height).
fn font_sizes(bytes: &[u8]) -> Option<Vec<(f32, usize)>> {
    if !tool("pdftotext") {
        return None;
    }
    let f = write_temp(bytes);
    let out = Command::new("pdftotext")
        .args(["-bbox"])
        .arg(f.path())
        .arg("-")
        .output()
        .expect("run pdftotext -bbox");
    let html = String::from_utf8_lossy(&out.stdout);
    let num = |line: &str, key: &str| -> Option<f32> {
        let at = line.find(&format!("{key}=\""))? + key.len() + 2;
        line[at..].split('"').next()?.parse().ok()
    };
    Some(
        html.lines()
            .filter(|l| l.trim_start().starts_with("<word"))
            .filter_map(|l| {
                let h = num(l, "yMax")? - num(l, "yMin")?;
                let word = l.split('>').nth(1)?.split('<').next()?;
                Some((h, word.chars().count()))
            })
            .collect(),
    )
}

#[test]
fn body_text_is_at_least_8_points() {
    let rules = rules();
    let r = load(&example_files()[0], &rules);
    let Some(sizes) = font_sizes(&render(&r, &rules, Lang::Es, Paper::A4)) else {
        return;
    };
    // pdftotext's word box is the font's ascent + descent: about 1.16 × the
    // size for DejaVu. Weight by characters: the body is most of the text.
    let chars: usize = sizes.iter().map(|(_, n)| n).sum();
    let at_least_8pt: usize = sizes
        .iter()
        .filter(|(h, _)| *h >= 8.0 * 1.1)
        .map(|(_, n)| n)
        .sum();
    assert!(chars > 1000, "{chars} chars");
    assert!(
        at_least_8pt * 10 >= chars * 7,
        "only {at_least_8pt} of {chars} chars are 8 pt or more"
    );
    // Nothing is unreadably small (stat labels are the smallest, ~5.5 pt).
    assert!(
        sizes.iter().all(|(h, _)| *h >= 5.0 * 1.1),
        "{:?}",
        sizes.iter().map(|(h, _)| *h).fold(f32::MAX, f32::min)
    );
}

#[test]
fn the_sheet_lists_every_action_with_its_dp_cost() {
    let rules = rules();
    let r = load(&example_files()[0], &rules);
    for (lang, title) in [
        (Lang::Es, "Acciones y su coste en PD"),
        (Lang::En, "Actions and their DP cost"),
    ] {
        let Some(text) = pdf_layout_text(&render(&r, &rules, lang, Paper::A4)) else {
            return;
        };
        assert!(text.contains(title), "{text}");
        for a in &rules.actions {
            let name = a.name.get(lang);
            // The cost follows the name on its row.
            let cost =
                a.dp.map_or(lang.pick("su coste", "its cost").to_string(), |d| {
                    d.to_string()
                });
            let found = text.lines().any(|l| {
                l.match_indices(name).any(|(at, _)| {
                    l[at + name.len()..]
                        .trim_start()
                        .starts_with(&format!("{cost} "))
                        || l[at + name.len()..].trim() == cost
                })
            });
            assert!(found, "{name} {cost} missing:\n{text}");
        }
    }
}

#[test]
fn a_megabyte_name_prints_and_the_sheet_stays_small() {
    let rules = rules();
    let mut r = Roster::starter("Banda de nombres largos");
    let huge = "Ñandú el Interminable ".repeat(48_000);
    assert!(huge.len() > 1_000_000);
    r.models[0].name = huge.clone();
    r.models[0].notes = huge.clone();
    r.totem = Some(huge.clone());
    r.models.push(Model {
        name: "Íñigo".into(),
        troop: "sorcerer".into(),
        spells: vec![Spell {
            effect: Default::default(),
            name: huge.clone(),
            level: 1,
            cost: 1,
            text: huge,
            hit: None,
        }],
        ..Default::default()
    });
    // Completes (the speed is measured in benches/roster.rs), marks the
    // texts cut, and the file stays the size of an ordinary sheet.
    let pdf = render(&r, &rules, Lang::Es, Paper::A4);
    assert!(pdf.len() < 200 * 1024, "{} bytes", pdf.len());
    assert!(page_count(&pdf) <= 2);
    let Some(text) = pdf_text(&pdf) else {
        return;
    };
    assert!(text.contains("Ñandú el Interminable"));
    assert!(text.contains('…'));
}
