//! The game report on one page (issue 15), in the roster sheet's look: the
//! result, each warband's VP and losses, the luck of the dice, then the
//! story turn by turn, cut with "…" if it would run off the page.

use printpdf::{PdfDocument, PdfParseErrorSeverity, PdfSaveOptions};

use super::fonts::{Face, Fonts};
use super::layout::{Align, Block};
use super::render::{FontIds, Page};
use super::sheet::{BODY, BOLD, LEADING, SMALL};
use super::style::{Ink, Span, Style};
use super::{GAP, MARGIN, Paper, PdfError};
use crate::core::game::report::Report;
use crate::core::glossary;
use crate::core::text::Lang;

const TITLE: Style = Style::new(Face::Bold, 15.0, Ink::Black);
const RESULT: Style = Style::new(Face::Bold, 12.0, Ink::Black);
const VP: Style = Style::new(Face::Bold, 20.0, Ink::Black);

/// Render `r` to PDF bytes.
pub fn report_pdf(r: &Report, lang: Lang, paper: Paper) -> Result<Vec<u8>, PdfError> {
    let fonts = Fonts::get()?;
    let (pw, ph) = paper.size();
    let body = lay_out(fonts, r, lang, pw - 2.0 * MARGIN, ph - 2.0 * MARGIN);
    let mut page = Block::new(pw);
    page.place(&body, MARGIN, MARGIN);
    let title = r
        .sides
        .iter()
        .map(|s| s.warband.as_str())
        .collect::<Vec<_>>()
        .join(" – ");
    let mut doc = PdfDocument::new(&title);
    let ids = FontIds {
        regular: doc.add_font(&fonts.regular.parsed),
        bold: doc.add_font(&fonts.bold.parsed),
    };
    let page = Page {
        width: pw,
        height: ph,
        body: page,
    };
    let mut warnings = Vec::new();
    let bytes = doc
        .with_pages(vec![page.into_pdf(&ids)])
        .save(&PdfSaveOptions::default(), &mut warnings);
    match warnings
        .iter()
        .find(|w| w.severity == PdfParseErrorSeverity::Error)
    {
        Some(w) => Err(PdfError::Write(w.msg.clone())),
        None => Ok(bytes),
    }
}

/// What every part of the page is laid out with.
struct Lay<'a> {
    fonts: &'a Fonts,
    r: &'a Report,
    l: Lang,
    width: f32,
}

impl Lay<'_> {
    fn p(&self, es: &'static str, en: &'static str) -> &'static str {
        self.l.pick(es, en)
    }
}

fn lay_out(fonts: &Fonts, r: &Report, l: Lang, width: f32, height: f32) -> Block {
    let mut b = Block::new(width);
    let cx = Lay { fonts, r, l, width };
    let y = heading(&mut b, &cx);
    let y = warbands(&mut b, &cx, y);
    let y = luck(&mut b, &cx, y);
    b.height = story(&mut b, &cx, y, height);
    b
}

/// The title, the scenario and the result; returns where the next part starts.
fn heading(b: &mut Block, cx: &Lay) -> f32 {
    let title =
        cx.r.sides
            .iter()
            .map(|s| s.warband.as_str())
            .collect::<Vec<_>>()
            .join(" vs ");
    let mut y = TITLE.ascent();
    b.text(cx.fonts, 0.0, y, TITLE, Align::Left, &title);
    b.text(
        cx.fonts,
        cx.width,
        y,
        SMALL,
        Align::Right,
        &format!("{} {}", cx.p("Escenario:", "Scenario:"), cx.r.scenario),
    );
    b.hline(0.0, cx.width, y + 2.0, Ink::Black, 0.8);
    y += 4.0 + RESULT.ascent();
    let result = cx.r.result_text(cx.l);
    b.text(cx.fonts, 0.0, y, RESULT, Align::Left, &result);
    y + GAP + 1.0
}

/// The two warbands side by side.
fn warbands(b: &mut Block, cx: &Lay, y: f32) -> f32 {
    let col = (cx.width - GAP) / 2.0;
    let mut bottom = y;
    for (i, s) in cx.r.sides.iter().enumerate() {
        let x = i as f32 * (col + GAP);
        let mut cy = y + BOLD.ascent();
        let who = s.who();
        b.text(cx.fonts, x, cy, BOLD, Align::Left, &who);
        cy += 2.0 + VP.ascent();
        b.text(cx.fonts, x, cy, VP, Align::Left, &s.vp_text(cx.l));
        cy += 2.0;
        let lines = [
            s.vp_parts_text(cx.l),
            s.models_text(cx.l),
            s.dp_spent_text(cx.l),
            s.most_down_text(cx.l).unwrap_or_default(),
        ];
        for line in lines.iter().filter(|t| !t.is_empty()) {
            cy = b.paragraph(cx.fonts, x, cy, col, LEADING, &[Span::new(BODY, line)]);
        }
        bottom = bottom.max(cy);
    }
    let y = bottom + GAP;
    b.hline(0.0, cx.width, y - GAP / 2.0, Ink::Muted, 0.4);
    y
}

/// The luck of the dice.
fn luck(b: &mut Block, cx: &Lay, y: f32) -> f32 {
    let mut y = b.paragraph(
        cx.fonts,
        0.0,
        y,
        cx.width,
        LEADING + 0.6,
        &[Span::new(
            BOLD,
            cx.p("La suerte de los dados", "The luck of the dice"),
        )],
    );
    for k in &cx.r.luck {
        let mut text = format!("{}.", k.summary_text(cx.l));
        for x in k.extremes(cx.l) {
            text.push_str(&format!(" {x}."));
        }
        y = b.paragraph(
            cx.fonts,
            0.0,
            y,
            cx.width,
            LEADING,
            &[Span::new(BODY, text)],
        );
    }
    y += GAP;
    b.hline(0.0, cx.width, y - GAP / 2.0, Ink::Muted, 0.4);
    y
}

/// The story, as long as the page lasts; returns the height used.
fn story(b: &mut Block, cx: &Lay, y: f32, height: f32) -> f32 {
    let mut y = b.paragraph(
        cx.fonts,
        0.0,
        y,
        cx.width,
        LEADING + 0.6,
        &[Span::new(BOLD, glossary::TURN_BY_TURN.get(cx.l))],
    );
    for t in &cx.r.turns {
        let parts = t.story(cx.l);
        let spans = [
            Span::new(BOLD, format!("{} {}. ", glossary::TURN.get(cx.l), t.turn)),
            Span::new(BODY, parts.join("; ")),
        ];
        if y + 3.0 * LEADING > height {
            b.text(cx.fonts, 0.0, y + BODY.ascent(), BODY, Align::Left, "…");
            break;
        }
        y = b.paragraph(cx.fonts, 0.0, y, cx.width, LEADING, &spans);
    }
    y
}
