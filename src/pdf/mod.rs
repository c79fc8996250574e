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
//! What is printed is bounded too (issue 21: a 2 MB roster of 33,000 models
//! peaked at 1.6 GB, most of it printpdf's operations, 128 bytes each, five
//! per line of text): at most [`MAX_CARDS`] cards, each cut to one page,
//! and at most `sheet::MAX_LISTED_PROBLEMS` problems in the summary; the
//! rest is counted, not drawn.

mod card;
mod fonts;
mod layout;
mod reference;
mod render;
mod report;
mod sheet;
mod style;
mod text;

pub use fonts::REGULAR_TTF;
pub use report::report_pdf;

use printpdf::{PdfDocument, PdfParseErrorSeverity, PdfSaveOptions};

use crate::core::campaign::view::SheetView;
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

/// The most model cards one sheet prints (a warband for the table has a
/// dozen); the models past it are counted in a note after the last card.
pub const MAX_CARDS: usize = 100;

/// The most characters of the warband's name in the PDF's title (its
/// metadata, written more than once and hex-encoded: a 2 MB name made an
/// 8 MB file).
const MAX_TITLE_CHARS: usize = 200;

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
    sheet_pdf(roster, report, rules, lang, paper, None)
}

/// Issue 38: a campaign's roster sheet: the roster sheet with the
/// house-rule label under every page's header, the campaign's line, and on
/// each card the model's experience, advances, injuries and advances.
pub fn campaign_pdf(
    roster: &Roster,
    report: &RosterReport,
    rules: &RuleSet,
    lang: Lang,
    paper: Paper,
    campaign: &SheetView,
) -> Result<Vec<u8>, PdfError> {
    sheet_pdf(roster, report, rules, lang, paper, Some(campaign))
}

fn sheet_pdf(
    roster: &Roster,
    report: &RosterReport,
    rules: &RuleSet,
    lang: Lang,
    paper: Paper,
    campaign: Option<&SheetView>,
) -> Result<Vec<u8>, PdfError> {
    if roster.models.len() != report.models.len() {
        return Err(PdfError::ReportMismatch {
            roster: roster.models.len(),
            report: report.models.len(),
        });
    }
    let fonts = Fonts::get()?;
    let cx = Ctx { fonts, lang, rules };
    let pages = lay_out(cx, roster, report, paper, campaign);

    let title: String = roster.name.chars().take(MAX_TITLE_CHARS).collect();
    let mut doc = PdfDocument::new(&title);
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
fn lay_out(
    cx: Ctx,
    roster: &Roster,
    report: &RosterReport,
    paper: Paper,
    campaign: Option<&SheetView>,
) -> Vec<Page> {
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
    let band = campaign.map(|c| sheet::campaign_band(cx, c, width));
    let header_h = sheet::page_header(cx, roster, report.valid(), 1, 1, width).height
        + band.as_ref().map_or(0.0, |b| b.height);
    let frame = Frame {
        top: MARGIN + header_h + GAP,
        left: MARGIN,
        col,
    };
    // A card too tall for a column (a sorcerer with a grimoire of spells)
    // takes the page's full width instead, which halves its height.
    let column_room = ph - MARGIN - footer.height - GAP - frame.top;
    let page_room = ph - MARGIN - frame.top;
    let mut cards: Vec<Block> = views
        .iter()
        .take(MAX_CARDS)
        .enumerate()
        .map(|(i, v)| {
            let problems: Vec<&Problem> = report.problems_of(i).collect();
            let line = campaign.and_then(|c| c.models.get(i)).map(String::as_str);
            let card = card::card(cx, v, (&problems, line), col, page_room);
            if card.height > column_room {
                card::card(cx, v, (&problems, line), width, page_room)
            } else {
                card
            }
        })
        .collect();
    if views.len() > MAX_CARDS {
        cards.push(sheet::more_models_note(cx, views.len() - MAX_CARDS, width));
    }

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
            if let Some(b) = &band {
                body.place(b, MARGIN, MARGIN + header.height);
            }
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

/// The split of a run of cards into two columns read in order: the first
/// `left` cards down the left column, the rest down the right.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Split {
    /// How many cards of the run go on this page.
    count: usize,
    left: usize,
    /// Height of the taller column.
    height: f32,
}

/// Height of cards stacked with gaps.
fn stack(cards: &[Block]) -> f32 {
    let n = cards.len() as f32;
    cards.iter().map(|c| c.height).sum::<f32>() + GAP * (n - 1.0).max(0.0)
}

/// The most cards of `run` (in order) that fit in two columns of height
/// `room`, split where the taller column is shortest. Only as many cards as
/// could fill both columns are tried, so a page costs a few dozen sums.
fn best_split(run: &[Block], room: f32) -> Option<Split> {
    let mut total = 0.0;
    let most = run
        .iter()
        .take_while(|c| {
            total += c.height + GAP;
            total <= 2.0 * (room + GAP)
        })
        .count();
    (1..=most).rev().find_map(|count| {
        let cards = &run[..count];
        (1..=count)
            .map(|left| Split {
                count,
                left,
                height: stack(&cards[..left]).max(stack(&cards[left..])),
            })
            .filter(|s| s.height <= room)
            .min_by(|a, b| a.height.total_cmp(&b.height))
    })
}

/// Place cards in reading order: on each page, a run of column cards goes
/// down the left column and then the right, split so the columns end level;
/// a full-width card goes below both. A new page starts when the next card
/// does not fit above `bottom(page)`. The first page starts `first_offset`
/// lower (the summary). A card taller than a whole page still goes alone at
/// the top of a fresh page.
fn flow(frame: &Frame, first_offset: f32, cards: &[Block], bottom: impl Fn(usize) -> f32) -> Flow {
    let mut pages = vec![Block::new(0.0)];
    let mut top = frame.top + first_offset;
    let mut i = 0;
    while i < cards.len() {
        let limit = bottom(pages.len() - 1);
        let fresh = top <= frame.top;
        let wide = |c: &Block| c.width > frame.col;
        if wide(&cards[i]) {
            if top + cards[i].height <= limit || fresh {
                if let Some(page) = pages.last_mut() {
                    page.place(&cards[i], frame.left, top);
                }
                top += cards[i].height + GAP;
                i += 1;
            } else {
                pages.push(Block::new(0.0));
                top = frame.top;
            }
            continue;
        }
        let run_end = cards[i..]
            .iter()
            .position(wide)
            .map_or(cards.len(), |k| i + k);
        let split = best_split(&cards[i..run_end], limit - top).or_else(|| {
            fresh.then(|| Split {
                count: 1,
                left: 1,
                height: cards[i].height,
            })
        });
        let Some(split) = split else {
            pages.push(Block::new(0.0));
            top = frame.top;
            continue;
        };
        if let Some(page) = pages.last_mut() {
            let mut ys = [top; 2];
            for (k, card) in cards[i..i + split.count].iter().enumerate() {
                let c = usize::from(k >= split.left);
                page.place(card, frame.left + c as f32 * (frame.col + GAP), ys[c]);
                ys[c] += card.height + GAP;
            }
        }
        top += split.height + GAP;
        i += split.count;
        if i < run_end {
            pages.push(Block::new(0.0));
            top = frame.top;
        }
    }
    Flow {
        pages,
        end: top - GAP,
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
    fn cards_go_down_the_left_column_then_the_right_ending_level() {
        // A tall card and four short ones: the tall one and the next fill
        // the left column; the other three the right, in order.
        let cards = [
            card(90.0, 110.0),
            card(90.0, 50.0),
            card(90.0, 40.0),
            card(90.0, 40.0),
            card(90.0, 40.0),
        ];
        let s = best_split(&cards, 200.0).unwrap();
        assert_eq!((s.count, s.left), (5, 2));
        assert!((s.height - 163.0).abs() < 1e-4, "{s:?}");
        // With less room, fewer cards go on the page.
        let s = best_split(&cards, 120.0).unwrap();
        assert_eq!(s.count, 3);
        assert!(best_split(&cards, 30.0).is_none());
    }

    #[test]
    fn a_wide_card_goes_below_both_columns() {
        let frame = Frame {
            top: 10.0,
            left: 10.0,
            col: 90.0,
        };
        let cards = [card(90.0, 20.0), card(90.0, 30.0), card(190.0, 50.0)];
        let sheet = flow(&frame, 0.0, &cards, |_| 200.0);
        assert_eq!(sheet.pages.len(), 1);
        // The two column cards side by side (30 tall), then the wide one.
        assert!(
            (sheet.end - (10.0 + 30.0 + GAP + 50.0)).abs() < 1e-4,
            "{}",
            sheet.end
        );
    }

    #[test]
    fn flow_starts_a_new_page_when_the_columns_are_full() {
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
