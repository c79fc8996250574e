//! Issue 21: the printed sheet is bounded, whatever the roster. A 2 MB
//! roster of 33,000 models made printpdf hold 1.6 GB of operations; now a
//! sheet prints at most `MAX_CARDS` cards, each cut to one page, and the
//! warband's name is cut in the PDF's title. The proxy checked here does not
//! depend on timing: the pages and bytes of a huge roster stay those of a
//! roster at the bound (the peak memory is in docs/PERFORMANCE.md).

use impia::core::roster::{self, Model, Roster, Spell};
use impia::core::tables::RuleSet;
use impia::core::text::Lang;
use impia::pdf::{MAX_CARDS, Paper, roster_pdf};

fn rules() -> RuleSet {
    RuleSet::builtin().expect("the built-in tables load")
}

fn render(r: &Roster, rules: &RuleSet) -> Vec<u8> {
    let report = roster::check(r, rules);
    roster_pdf(r, &report, rules, Lang::Es, Paper::A4).expect("the sheet renders")
}

/// `/Type/Page` dictionaries, not the `/Type/Pages` tree.
fn pages(bytes: &[u8]) -> usize {
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

fn soldiers(n: usize) -> Roster {
    let mut r = Roster::starter("Hueste sin fin");
    let model = r.models[0].clone();
    r.models = (0..n)
        .map(|i| Model {
            name: format!("Soldado {i}"),
            ..model.clone()
        })
        .collect();
    r
}

#[test]
fn a_warband_of_thousands_prints_no_more_than_the_bound() {
    let rules = rules();
    let at_bound = render(&soldiers(MAX_CARDS + 1), &rules);
    let huge = render(&soldiers(3_000), &rules);
    assert!(
        pages(&huge) <= pages(&at_bound),
        "{} pages for 3,000 models, {} at the bound",
        pages(&huge),
        pages(&at_bound)
    );
    assert!(
        huge.len() < 2 * at_bound.len(),
        "{} bytes for 3,000 models, {} at the bound",
        huge.len(),
        at_bound.len()
    );
    // The models left out are said, not dropped silently: the PDF's text
    // is compressed, so the check is that a small warband has no such
    // page: the bound's sheet has a page more than its cards need.
    assert!(pages(&render(&soldiers(4), &rules)) < pages(&at_bound));
}

fn sorcerer(spells: usize) -> Roster {
    let mut r = Roster::starter("Grimorio sin fin");
    r.models.push(Model {
        name: "Íñigo".into(),
        troop: "sorcerer".into(),
        spells: (0..spells)
            .map(|i| Spell {
                effect: Default::default(),
                name: format!("Hechizo {i}"),
                level: 1,
                cost: 1,
                text: "Una miniatura enemiga a 15 cm gana 1 marcador de Pavor.".into(),
                hit: None,
            })
            .collect(),
        ..Default::default()
    });
    r
}

#[test]
fn a_card_longer_than_a_page_is_cut_to_one_page() {
    let rules = rules();
    let page_full = render(&sorcerer(150), &rules);
    let huge = render(&sorcerer(3_000), &rules);
    assert!(pages(&huge) <= 2, "{} pages", pages(&huge));
    assert!(
        huge.len() * 2 < page_full.len() * 3,
        "{} bytes for 3,000 spells, {} for 150",
        huge.len(),
        page_full.len()
    );
}

#[test]
fn a_megabyte_warband_name_does_not_swell_the_file() {
    let rules = rules();
    let mut r = Roster::starter("x");
    r.name = "Ñandú el Interminable ".repeat(48_000);
    let pdf = render(&r, &rules);
    assert!(pdf.len() < 200 * 1024, "{} bytes", pdf.len());
}
