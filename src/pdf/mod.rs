//! The printed roster: a sheet to put on the table, in Spanish or English, on
//! A4 or Letter. Reads core types only.
//!
//! Every page has the warband's name and page number on top; the first page
//! adds the points, the totem (R33) and, for an invalid warband, its problems;
//! the last ends with the R39 dark forces and R38 spell backlash tables. Model
//! cards flow in two columns and never split across pages.

mod fonts;
mod layout;
mod sheet;

use printpdf::{PdfDocument, PdfParseErrorSeverity, PdfSaveOptions};

use crate::core::roster::{ModelReportView, Problem, Roster, RosterReport};
use crate::core::tables::RuleSet;
use crate::core::text::Lang;
use fonts::Fonts;
use layout::{Block, FontIds, Page};
use sheet::Ctx;

/// Paper sizes the sheet is laid out for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    A4,
    Letter,
}

impl Paper {
    /// Width and height in millimetres.
    fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }
}

/// Why a sheet could not be written.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PdfError {
    #[error("embedded font: {0}")]
    Font(String),
    #[error(
        "the report covers {report} models but the roster has {roster}: check the roster again before printing"
    )]
    ReportMismatch { roster: usize, report: usize },
    #[error("PDF writer: {0}")]
    Write(String),
}

/// Page margin, the gap between columns and between blocks, in mm.
const MARGIN: f32 = 10.0;
const GAP: f32 = 3.0;

/// Render the roster sheet to PDF bytes. An invalid roster prints too,
/// marked invalid on every page with its problems listed on the first.
pub fn roster_pdf(
    roster: &Roster,
    report: &RosterReport,
    rules: &RuleSet,
    lang: Lang,
    paper: Paper,
) -> Result<Vec<u8>, PdfError> {
    if roster.models.len() != report.models.len() {
        return Err(PdfError::ReportMismatch {
            roster: roster.models.len(),
            report: report.models.len(),
        });
    }
    let fonts = Fonts::get()?;
    let cx = Ctx { fonts, lang, rules };
    let pages = lay_out(cx, roster, report, paper);

    let mut doc = PdfDocument::new(&roster.name);
    let ids = FontIds {
        regular: doc.add_font(&fonts.regular.parsed),
        bold: doc.add_font(&fonts.bold.parsed),
    };
    let pages = pages.into_iter().map(|p| p.into_pdf(&ids)).collect();
    let mut warnings = Vec::new();
    let bytes = doc
        .with_pages(pages)
        .save(&PdfSaveOptions::default(), &mut warnings);
    match warnings
        .iter()
        .find(|w| w.severity == PdfParseErrorSeverity::Error)
    {
        Some(w) => Err(PdfError::Write(w.msg.clone())),
        None => Ok(bytes),
    }
}

/// The pages of the sheet, laid out.
fn lay_out(cx: Ctx, roster: &Roster, report: &RosterReport, paper: Paper) -> Vec<Page> {
    let rules = cx.rules;
    let (pw, ph) = paper.size();
    let width = pw - 2.0 * MARGIN;
    let col = (width - GAP) / 2.0;
    let views: Vec<ModelReportView> = roster
        .models
        .iter()
        .zip(&report.models)
        .map(|(m, r)| ModelReportView::new(m, r, rules, cx.lang))
        .collect();
    let summary = sheet::summary(cx, roster, report, &views, width);
    let footer = sheet::reference_footer(cx, width);
    // The header's height does not depend on the page number.
    let header_h = sheet::page_header(cx, roster, report.valid(), 1, 1, width).height;
    let frame = Frame {
        top: MARGIN + header_h + GAP,
        left: MARGIN,
        col,
    };
    // A card too tall for a column (a sorcerer with a grimoire of spells)
    // takes the page's full width instead, which halves its height.
    let column_room = ph - MARGIN - footer.height - GAP - frame.top;
    let cards: Vec<Block> = views
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let problems: Vec<&Problem> = report.problems_of(i).collect();
            let card = sheet::card(cx, v, &problems, col);
            if card.height > column_room {
                sheet::card(cx, v, &problems, width)
            } else {
                card
            }
        })
        .collect();

    // The reference tables go once, at the foot of the last page: flow the
    // cards on full pages, and again with the last page short if they left
    // no room for the tables there.
    let footer_top = ph - MARGIN - footer.height;
    let full = |_: usize| ph - MARGIN;
    let first_offset = summary.height + GAP;
    let mut sheet = flow(&frame, first_offset, &cards, full);
    if sheet.end > footer_top - GAP {
        let last = sheet.pages.len() - 1;
        let short = |page: usize| {
            if page >= last {
                footer_top - GAP
            } else {
                ph - MARGIN
            }
        };
        sheet = flow(&frame, first_offset, &cards, short);
    }
    let mut bodies = sheet.pages;
    bodies[0].place(&summary, MARGIN, frame.top);
    if let Some(last) = bodies.last_mut() {
        last.place(&footer, MARGIN, footer_top);
    }

    let n = bodies.len();
    bodies
        .into_iter()
        .enumerate()
        .map(|(i, mut body)| {
            let header = sheet::page_header(cx, roster, report.valid(), i + 1, n, width);
            body.place(&header, MARGIN, MARGIN);
            Page {
                width: pw,
                height: ph,
                body,
            }
        })
        .collect()
}

/// Where cards go on a page: below the header, in two columns.
struct Frame {
    top: f32,
    left: f32,
    col: f32,
}

/// Cards placed on pages, and where the content of the last page ends.
struct Flow {
    pages: Vec<Block>,
    end: f32,
}

/// Where a card goes on a page.
#[derive(Clone, Copy)]
enum Slot {
    Column(usize),
    /// A full-width card, across both columns.
    Both,
}

/// The slot for a card on the current page, if it fits above `limit`: the
/// shorter column first, then the other; a wide card below both.
fn slot(ys: [f32; 2], card: &Block, col: f32, limit: f32) -> Option<Slot> {
    let fits = |y: f32| y + card.height <= limit;
    if card.width > col {
        return fits(ys[0].max(ys[1])).then_some(Slot::Both);
    }
    let shorter = usize::from(ys[1] < ys[0]);
    [shorter, 1 - shorter]
        .into_iter()
        .find(|&c| fits(ys[c]))
        .map(Slot::Column)
}

/// Place cards in two columns, each where `slot` finds room above
/// `bottom(page)`, starting a new page when there is none. The first page
/// starts `first_offset` lower (the summary). A card taller than a whole
/// page still goes alone at the top of a fresh page.
fn flow(frame: &Frame, first_offset: f32, cards: &[Block], bottom: impl Fn(usize) -> f32) -> Flow {
    let mut pages = vec![Block::new(0.0)];
    let mut ys = [frame.top + first_offset; 2];
    for card in cards {
        let limit = bottom(pages.len() - 1);
        let found = slot(ys, card, frame.col, limit).unwrap_or_else(|| {
            pages.push(Block::new(0.0));
            ys = [frame.top; 2];
            if card.width > frame.col {
                Slot::Both
            } else {
                Slot::Column(0)
            }
        });
        let Some(page) = pages.last_mut() else {
            continue;
        };
        match found {
            Slot::Column(c) => {
                page.place(card, frame.left + c as f32 * (frame.col + GAP), ys[c]);
                ys[c] += card.height + GAP;
            }
            Slot::Both => {
                let y = ys[0].max(ys[1]);
                page.place(card, frame.left, y);
                ys = [y + card.height + GAP; 2];
            }
        }
    }
    Flow {
        pages,
        end: ys[0].max(ys[1]) - GAP,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(width: f32, height: f32) -> Block {
        let mut b = Block::new(width);
        b.height = height;
        b
    }

    #[test]
    fn a_card_goes_to_the_shorter_column_that_has_room() {
        assert!(matches!(
            slot([50.0, 30.0], &card(90.0, 20.0), 90.0, 100.0),
            Some(Slot::Column(1))
        ));
        assert!(matches!(
            slot([50.0, 90.0], &card(90.0, 40.0), 90.0, 100.0),
            Some(Slot::Column(0))
        ));
        assert!(slot([70.0, 80.0], &card(90.0, 40.0), 90.0, 100.0).is_none());
    }

    #[test]
    fn a_wide_card_goes_below_both_columns() {
        assert!(matches!(
            slot([20.0, 40.0], &card(190.0, 50.0), 90.0, 100.0),
            Some(Slot::Both)
        ));
        assert!(slot([20.0, 60.0], &card(190.0, 50.0), 90.0, 100.0).is_none());
    }

    #[test]
    fn flow_starts_a_new_page_when_no_column_has_room() {
        let frame = Frame {
            top: 10.0,
            left: 10.0,
            col: 90.0,
        };
        let cards: Vec<Block> = (0..5).map(|_| card(90.0, 40.0)).collect();
        let sheet = flow(&frame, 0.0, &cards, |_| 100.0);
        // Two cards per column fit (10 + 40 + 3 + 40 = 93), so four per page.
        assert_eq!(sheet.pages.len(), 2);
        assert!((sheet.end - 50.0).abs() < 1e-4);
    }
}
