//! The printed roster: a sheet to put on the table, in Spanish or English, on
//! A4 or Letter. Reads core types only.
//!
//! Every page has the warband's name and page number on top; the first page
//! adds the points, the totem (R33) and, for an invalid warband, its problems;
//! the last ends with the action costs and the R39 dark forces and R38 spell
//! backlash tables. Model cards go in reading order, two to a row, and never
//! split across pages.
//!
//! Work and memory are linear in the roster: text fitting measures each char
//! once, and a paragraph prints at most `layout::MAX_PARAGRAPH_CHARS` chars.

mod card;
mod fonts;
mod layout;
mod reference;
mod render;
mod sheet;
mod text;

use printpdf::{PdfDocument, PdfParseErrorSeverity, PdfSaveOptions};

use crate::core::roster::{ModelReportView, Problem, Roster, RosterReport};
use crate::core::tables::RuleSet;
use crate::core::text::Lang;
use fonts::Fonts;
use layout::Block;
use render::{FontIds, Page};
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
    let footer = reference::reference_footer(cx, width);
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
            let card = card::card(cx, v, &problems, col);
            if card.height > column_room {
                card::card(cx, v, &problems, width)
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

/// Where a card goes in its row.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Slot {
    /// The left (0) or right (1) column.
    Column(usize),
    /// A full-width card, across both columns.
    Both,
}

/// The rows of cards on the current page: cards are read left to right,
/// then top to bottom, like the roster's own order.
#[derive(Clone, Copy, Debug)]
struct Rows {
    /// Top of the current row.
    top: f32,
    /// Bottom of the current row's tallest card.
    bottom: f32,
    /// The current row has a free right column.
    right_free: bool,
}

impl Rows {
    fn new(top: f32) -> Rows {
        Rows {
            top,
            bottom: top,
            right_free: false,
        }
    }

    /// Where `card` goes, and the y of its top, if it fits above `limit`: the
    /// right column of the current row, else a new row below it.
    fn slot(&self, card: &Block, col: f32, limit: f32) -> Option<(Slot, f32)> {
        let wide = card.width > col;
        if !wide && self.right_free && self.top + card.height <= limit {
            return Some((Slot::Column(1), self.top));
        }
        let y = if self.bottom > self.top {
            self.bottom + GAP
        } else {
            self.bottom
        };
        let slot = if wide { Slot::Both } else { Slot::Column(0) };
        (y + card.height <= limit).then_some((slot, y))
    }

    fn take(&mut self, slot: Slot, y: f32, card: &Block) {
        match slot {
            Slot::Column(1) => {
                self.bottom = self.bottom.max(y + card.height);
                self.right_free = false;
            }
            Slot::Column(_) => {
                self.top = y;
                self.bottom = y + card.height;
                self.right_free = true;
            }
            Slot::Both => {
                self.top = y;
                self.bottom = y + card.height;
                self.right_free = false;
            }
        }
    }
}

/// Place cards in reading order, two to a row, each row below the taller
/// card of the row before, starting a new page when a card does not fit
/// above `bottom(page)`. The first page starts `first_offset` lower (the
/// summary). A card taller than a whole page still goes alone at the top of
/// a fresh page.
fn flow(frame: &Frame, first_offset: f32, cards: &[Block], bottom: impl Fn(usize) -> f32) -> Flow {
    let mut pages = vec![Block::new(0.0)];
    let mut rows = Rows::new(frame.top + first_offset);
    for card in cards {
        let limit = bottom(pages.len() - 1);
        let (slot, y) = rows.slot(card, frame.col, limit).unwrap_or_else(|| {
            pages.push(Block::new(0.0));
            rows = Rows::new(frame.top);
            let slot = if card.width > frame.col {
                Slot::Both
            } else {
                Slot::Column(0)
            };
            (slot, frame.top)
        });
        rows.take(slot, y, card);
        let Some(page) = pages.last_mut() else {
            continue;
        };
        let x = match slot {
            Slot::Column(c) => frame.left + c as f32 * (frame.col + GAP),
            Slot::Both => frame.left,
        };
        page.place(card, x, y);
    }
    Flow {
        pages,
        end: rows.bottom,
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
    fn cards_go_in_reading_order_two_to_a_row() {
        let frame = Frame {
            top: 10.0,
            left: 10.0,
            col: 90.0,
        };
        // A tall first card: the second still goes beside it, the third
        // below the taller of the two, on the left.
        let cards = [card(90.0, 60.0), card(90.0, 20.0), card(90.0, 20.0)];
        let sheet = flow(&frame, 0.0, &cards, |_| 200.0);
        assert_eq!(sheet.pages.len(), 1);
        let mut rows = Rows::new(10.0);
        let places: Vec<(Slot, f32)> = cards
            .iter()
            .map(|c| {
                let (s, y) = rows.slot(c, 90.0, 200.0).unwrap();
                rows.take(s, y, c);
                (s, y)
            })
            .collect();
        assert_eq!(
            places,
            vec![
                (Slot::Column(0), 10.0),
                (Slot::Column(1), 10.0),
                (Slot::Column(0), 10.0 + 60.0 + GAP)
            ]
        );
        assert!((sheet.end - (10.0 + 60.0 + GAP + 20.0)).abs() < 1e-4);
    }

    #[test]
    fn a_wide_card_takes_a_row_of_its_own() {
        let mut rows = Rows::new(0.0);
        let narrow = card(90.0, 20.0);
        let (s, y) = rows.slot(&narrow, 90.0, 100.0).unwrap();
        rows.take(s, y, &narrow);
        let wide = card(190.0, 50.0);
        assert_eq!(
            rows.slot(&wide, 90.0, 100.0),
            Some((Slot::Both, 20.0 + GAP))
        );
        assert!(rows.slot(&card(190.0, 90.0), 90.0, 100.0).is_none());
    }

    #[test]
    fn flow_starts_a_new_page_when_a_row_does_not_fit() {
        let frame = Frame {
            top: 10.0,
            left: 10.0,
            col: 90.0,
        };
        let cards: Vec<Block> = (0..5).map(|_| card(90.0, 40.0)).collect();
        let sheet = flow(&frame, 0.0, &cards, |_| 100.0);
        // Two rows fit (10 + 40 + 3 + 40 = 93), so four cards per page.
        assert_eq!(sheet.pages.len(), 2);
        assert!((sheet.end - 50.0).abs() < 1e-4);
    }
}
