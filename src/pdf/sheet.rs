//! The pieces of the printed roster, each laid out as a block: the page
//! header and the warband summary (with its problems when invalid) here, one
//! card per model in `card.rs`, the reference footer (action costs, R38 spell
//! backlash, R39 dark forces) in `reference.rs`.

use crate::core::roster::{ModelReportView, Problem, Roster, RosterReport};
use crate::core::tables::RuleSet;
use crate::core::text::Lang;

use super::fonts::{Face, Fonts};
use super::layout::{Align, Area, Block};
use super::style::{Ink, Span, Style};
use super::text::ellipsize;

/// Body text: 8.2 pt, readable at arm's length on the table (issue 13 asks
/// for at least 8 pt).
pub const BODY: Style = Style::new(Face::Regular, 8.2, Ink::Black);
pub const BOLD: Style = BODY.with_face(Face::Bold);
/// Secondary text (rule reminders, legends): muted, a little smaller.
pub const SMALL: Style = Style::new(Face::Regular, 7.2, Ink::Muted);
/// The most warband problems the summary lists; the rest are counted
/// (`impia roster check` lists them all).
pub const MAX_LISTED_PROBLEMS: usize = 40;

/// Line height of body text, in mm.
pub const LEADING: f32 = 3.25;
/// Line height of small text, in mm.
pub const SMALL_LEADING: f32 = 3.0;
/// Inner padding of a card, in mm.
pub const PAD: f32 = 2.0;

/// Everything a block needs to know about the sheet it belongs to.
#[derive(Clone, Copy)]
pub struct Ctx<'a> {
    pub fonts: &'a Fonts,
    pub lang: Lang,
    pub rules: &'a RuleSet,
}

impl Ctx<'_> {
    pub fn pick<'s>(&self, es: &'s str, en: &'s str) -> &'s str {
        self.lang.pick(es, en)
    }
}

/// "Líder: tiene 1 PD…" → the label in bold, the rest plain. Only a short
/// prefix without a full stop counts as a label.
pub fn labelled(text: &str, style: Style) -> Vec<Span> {
    match text.split_once(": ") {
        Some((label, rest)) if label.chars().count() <= 40 && !label.contains('.') => vec![
            Span::new(style.with_face(Face::Bold), label),
            Span::new(style, format!(": {rest}")),
        ],
        _ => vec![Span::new(style, text)],
    }
}

/// The band at the top of every page: warband name, validity, page number.
pub fn page_header(
    cx: Ctx,
    roster: &Roster,
    valid: bool,
    page: usize,
    pages: usize,
    width: f32,
) -> Block {
    let title = Style::new(Face::Bold, 15.0, Ink::Black);
    let mut b = Block::new(width);
    let page_label = format!(
        "{} {page} {} {pages}",
        cx.pick("Página", "Page"),
        cx.pick("de", "of")
    );
    let page_w = cx.fonts.width(SMALL.face, 8.0, &page_label);
    let tag = cx.pick("NO VÁLIDA", "INVALID");
    let tag_style = Style::new(Face::Bold, 9.0, Ink::Red);
    let tag_w = if valid {
        0.0
    } else {
        cx.fonts.width(tag_style.face, tag_style.size, tag) + 4.0
    };
    let name = ellipsize(cx.fonts, title, &roster.name, width - page_w - tag_w - 6.0);
    let base = title.ascent() + 0.3;
    b.text(cx.fonts, 0.0, base, title, Align::Left, &name);
    if !valid {
        let x = cx.fonts.width(title.face, title.size, &name) + 3.0;
        b.boxed(
            Area::new(x, base - 3.9, tag_w - 1.0, 5.0),
            Ink::RedPale,
            Ink::Red,
            0.6,
        );
        b.text(cx.fonts, x + 1.5, base - 0.2, tag_style, Align::Left, tag);
    }
    b.text(
        cx.fonts,
        width,
        base,
        SMALL.with_ink(Ink::Muted).with_size(8.0),
        Align::Right,
        &page_label,
    );
    b.hline(0.0, width, base + 2.0, Ink::Black, 0.8);
    b.height = base + 2.0;
    b
}

/// Under the first page's header: points, models, DP per turn, totem and its
/// rule, and every problem of an invalid warband with its rule id.
pub fn summary(
    cx: Ctx,
    roster: &Roster,
    report: &RosterReport,
    views: &[ModelReportView],
    width: f32,
) -> Block {
    let rules = cx.rules;
    let mut b = Block::new(width);
    let l = cx.lang;
    let pool: i32 = views.iter().map(|v| v.dp).sum();
    let over = report.total > report.points_limit;
    let totem = roster.totem.as_deref().filter(|t| !t.trim().is_empty());
    let mut spans = vec![
        Span::new(
            BOLD.with_size(9.6),
            format!("{} / {} pts", report.total, report.points_limit),
        )
        .inked(if over { Ink::Red } else { Ink::Black }),
        Span::new(
            BODY.with_size(9.6),
            format!(" · {} {}", views.len(), l.pick("miniaturas", "models")),
        ),
        Span::new(
            BODY.with_size(9.6),
            format!(" · {} {pool}", l.pick("PD por turno:", "DP per turn:")),
        ),
        Span::new(
            BODY.with_size(9.6),
            format!(" · {}: ", rules.warband.totem.name.get(l)),
        ),
    ];
    spans.push(match totem {
        Some(t) => Span::new(BOLD.with_size(9.6), t),
        None => Span::new(BOLD.with_size(9.6).with_ink(Ink::Red), "—"),
    });
    let mut y = b.paragraph(cx.fonts, 0.0, 0.0, width, 4.4, &spans);
    let totem_rule = format!(
        "{}: {}",
        rules.warband.totem.name.get(l),
        rules.warband.totem.text.get(l)
    );
    y = b.paragraph(
        cx.fonts,
        0.0,
        y + 0.3,
        width,
        SMALL_LEADING,
        &labelled(&totem_rule, SMALL),
    );
    let legend = cx.pick(
        "Pavor (R31): desde la primera casilla gris (= Coraje), 1 complicación en todas las tiradas; \
         si acaba su activación en la roja (doble del Coraje), huye de la batalla.",
        "Fear (R31): from the first grey box (= Courage), 1 complication on every roll; \
         ending its activation on the red box (twice Courage), the model flees the battle.",
    );
    y = b.paragraph(
        cx.fonts,
        0.0,
        y,
        width,
        SMALL_LEADING,
        &labelled(legend, SMALL),
    );
    if !report.valid() {
        y = problems_box(cx, &mut b, &report.problems, y + 1.2, width);
    }
    b.height = y;
    b
}

/// A red box: the warband is invalid, and why, each line naming its rule.
fn problems_box(cx: Ctx, b: &mut Block, problems: &[Problem], top: f32, width: f32) -> f32 {
    let red = BODY.with_ink(Ink::Red);
    let mut inner = Block::new(width - 2.0 * PAD);
    let head = cx.pick(
        "BANDA NO VÁLIDA — corrige estos problemas antes de jugar:",
        "INVALID WARBAND — fix these problems before playing:",
    );
    let mut y = inner.paragraph(
        cx.fonts,
        0.0,
        0.0,
        inner.width,
        3.8,
        &[Span::new(red.with_face(Face::Bold).with_size(9.0), head)],
    );
    for p in problems.iter().take(MAX_LISTED_PROBLEMS) {
        let message = p.message.get(cx.lang);
        let text = match &p.model {
            Some(m) => format!("{m}: {message}"),
            None => message.to_string(),
        };
        let spans = [
            Span::new(
                red.with_face(Face::Bold),
                format!("{} ", p.cite.get(cx.lang)),
            ),
            Span::new(red, text),
        ];
        y = inner.paragraph(cx.fonts, 2.0, y, inner.width - 2.0, LEADING, &spans);
    }
    if problems.len() > MAX_LISTED_PROBLEMS {
        let more = problems.len() - MAX_LISTED_PROBLEMS;
        let text = match cx.lang {
            Lang::Es => format!("… y {more} problemas más: `impia roster check` los lista todos."),
            Lang::En => format!("… and {more} more problems: `impia roster check` lists them all."),
        };
        y = inner.paragraph(
            cx.fonts,
            2.0,
            y,
            inner.width - 2.0,
            LEADING,
            &[Span::new(red, text)],
        );
    }
    let h = y + 2.0 * PAD - 0.8;
    b.boxed(Area::new(0.0, top, width, h), Ink::RedPale, Ink::Red, 1.0);
    b.place(&inner, PAD, top + PAD);
    top + h
}

/// The note after the last card when the warband has more models than a
/// sheet prints ([`super::MAX_CARDS`]).
pub fn more_models_note(cx: Ctx, more: usize, width: f32) -> Block {
    let mut b = Block::new(width);
    let text = match cx.lang {
        Lang::Es => format!(
            "… y {more} miniaturas más, que la hoja no imprime: una hoja imprime como mucho {} tarjetas.",
            super::MAX_CARDS
        ),
        Lang::En => format!(
            "… and {more} more models, not printed: a sheet prints at most {} cards.",
            super::MAX_CARDS
        ),
    };
    let y = b.paragraph(
        cx.fonts,
        0.0,
        0.0,
        width,
        LEADING,
        &[Span::new(BOLD.with_ink(Ink::Red), text)],
    );
    b.height = y;
    b
}

/// Issue 38: under every page's header of a campaign sheet, the house-rule
/// label, then the campaign's line.
pub fn campaign_band(cx: Ctx, c: &crate::core::campaign::view::SheetView, width: f32) -> Block {
    let mut b = Block::new(width);
    let spans = [
        Span::new(BOLD.with_ink(Ink::Red), format!("⚠ {}  ", c.label)),
        Span::new(BODY, c.summary.as_str()),
    ];
    let y = b.paragraph(cx.fonts, 0.0, 1.2, width, LEADING, &spans);
    b.height = y + 0.4;
    b
}
