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

// issue 22: split by what it does (left for want of time)
#[allow(clippy::too_many_lines)]
fn lay_out(fonts: &Fonts, r: &Report, l: Lang, width: f32, height: f32) -> Block {
    let mut b = Block::new(width);
    let p = |es: &'static str, en: &'static str| l.pick(es, en);
    let title = r
        .sides
        .iter()
        .map(|s| s.warband.as_str())
        .collect::<Vec<_>>()
        .join(" vs ");
    let mut y = TITLE.ascent();
    b.text(fonts, 0.0, y, TITLE, Align::Left, &title);
    b.text(
        fonts,
        width,
        y,
        SMALL,
        Align::Right,
        &format!("{} {}", p("Escenario:", "Scenario:"), r.scenario),
    );
    b.hline(0.0, width, y + 2.0, Ink::Black, 0.8);
    y += 4.0 + RESULT.ascent();
    let result = match (r.result, &r.winner) {
        ("playing", _) => p("Partida en curso", "Game in progress").to_string(),
        (_, Some(w)) => format!("{} {w}", p("Gana", "Won by")),
        _ => p("Empate", "A draw").to_string(),
    };
    b.text(fonts, 0.0, y, RESULT, Align::Left, &result);
    y += GAP + 1.0;

    // The two warbands side by side.
    let col = (width - GAP) / 2.0;
    let mut bottom = y;
    for (i, s) in r.sides.iter().enumerate() {
        let x = i as f32 * (col + GAP);
        let mut cy = y + BOLD.ascent();
        let who = if s.player.is_empty() {
            s.warband.clone()
        } else {
            format!("{} ({})", s.warband, s.player)
        };
        b.text(fonts, x, cy, BOLD, Align::Left, &who);
        cy += 2.0 + VP.ascent();
        b.text(
            fonts,
            x,
            cy,
            VP,
            Align::Left,
            &format!("{} {}", s.vp.total, glossary::VP.get(l)),
        );
        cy += 2.0;
        let lines = [
            format!(
                "{} {} · {} {} · {} {}",
                s.vp.kills,
                p("por bajas", "kills"),
                s.vp.totem,
                p("por Tótem", "totem"),
                s.vp.scenario,
                p("de escenario", "scenario")
            ),
            format!(
                "{} {} · {} {} · {} {} · {} {}",
                s.standing,
                p("en pie", "standing"),
                s.down,
                p("Abatidas", "Down"),
                s.fled,
                p("huidas", "fled"),
                s.removed,
                p("retiradas", "removed")
            ),
            format!("{} {}", s.dp_spent, p("PD gastados", "DP spent")),
            s.downs_by
                .first()
                .map(|(n, k)| format!("{} {n} ({k})", p("Más bajas:", "Most Down:")))
                .unwrap_or_default(),
        ];
        for line in lines.iter().filter(|t| !t.is_empty()) {
            cy = b.paragraph(fonts, x, cy, col, LEADING, &[Span::new(BODY, line)]);
        }
        bottom = bottom.max(cy);
    }
    y = bottom + GAP;
    b.hline(0.0, width, y - GAP / 2.0, Ink::Muted, 0.4);

    // The luck of the dice.
    y = b.paragraph(
        fonts,
        0.0,
        y,
        width,
        LEADING + 0.6,
        &[Span::new(
            BOLD,
            p("La suerte de los dados", "The luck of the dice"),
        )],
    );
    for k in &r.luck {
        let who = if k.player.is_empty() {
            k.side
        } else {
            &k.player
        };
        let mut text = format!(
            "{who}: {} {}, {} {:.1}, {} {}.",
            k.rolls,
            p("tiradas", "rolls"),
            p("éxitos esperados", "expected successes"),
            k.expected,
            p("reales", "actual"),
            k.actual
        );
        for x in [&k.luckiest, &k.unluckiest].into_iter().flatten() {
            text.push_str(&format!(
                " {} {}: {}.",
                glossary::TURN.get(l),
                x.turn,
                x.text
            ));
        }
        y = b.paragraph(fonts, 0.0, y, width, LEADING, &[Span::new(BODY, text)]);
    }
    y += GAP;
    b.hline(0.0, width, y - GAP / 2.0, Ink::Muted, 0.4);

    // The story, as long as the page lasts.
    y = b.paragraph(
        fonts,
        0.0,
        y,
        width,
        LEADING + 0.6,
        &[Span::new(BOLD, glossary::TURN_BY_TURN.get(l))],
    );
    for t in &r.turns {
        let parts = t.story(l);
        let spans = [
            Span::new(BOLD, format!("{} {}. ", glossary::TURN.get(l), t.turn)),
            Span::new(BODY, parts.join("; ")),
        ];
        if y + 3.0 * LEADING > height {
            b.text(fonts, 0.0, y + BODY.ascent(), BODY, Align::Left, "…");
            break;
        }
        y = b.paragraph(fonts, 0.0, y, width, LEADING, &spans);
    }
    b.height = y;
    b
}
