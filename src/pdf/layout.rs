//! A tiny layout kit: blocks of positioned text, rules and boxes, measured in
//! millimetres from the block's top-left corner, with word wrap from the
//! fonts' real advances (`text.rs`). A block is laid out once, then placed on
//! a page (`render.rs` turns a page into PDF operations).

use super::fonts::Fonts;
use super::style::{Ink, Span, Style};
use super::text::{clip_spans, wrap};

/// Where text sits against its x.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

/// One thing drawn, in mm from the top-left of its block (y grows downward;
/// text y is the baseline).
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Item {
    Text {
        x: f32,
        y: f32,
        style: Style,
        text: String,
    },
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        fill: Option<Ink>,
        stroke: Option<(Ink, f32)>,
    },
    Line {
        x1: f32,
        y1: f32,
        x2: f32,
        y2: f32,
        ink: Ink,
        width: f32,
    },
}

impl Item {
    fn moved(mut self, dx: f32, dy: f32) -> Item {
        match &mut self {
            Item::Text { x, y, .. } | Item::Rect { x, y, .. } => {
                *x += dx;
                *y += dy;
            }
            Item::Line { x1, y1, x2, y2, .. } => {
                *x1 += dx;
                *x2 += dx;
                *y1 += dy;
                *y2 += dy;
            }
        }
        self
    }
}

/// The most characters one paragraph prints; the rest becomes "…".
pub const MAX_PARAGRAPH_CHARS: usize = 2_000;

/// A rectangle in mm: top-left corner, width and height.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Area {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Area {
    pub const fn new(x: f32, y: f32, w: f32, h: f32) -> Area {
        Area { x, y, w, h }
    }
}

/// A rectangle of laid-out content with its own coordinates.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Block {
    pub width: f32,
    pub height: f32,
    pub(super) items: Vec<Item>,
}

impl Block {
    pub fn new(width: f32) -> Block {
        Block {
            width,
            height: 0.0,
            items: Vec::new(),
        }
    }

    /// Text on one line, its baseline at `y`.
    pub fn text(&mut self, fonts: &Fonts, x: f32, y: f32, style: Style, align: Align, text: &str) {
        if text.is_empty() {
            return;
        }
        let x = match align {
            Align::Left => x,
            Align::Center => x - fonts.width(style.face, style.size, text) / 2.0,
            Align::Right => x - fonts.width(style.face, style.size, text),
        };
        self.items.push(Item::Text {
            x,
            y,
            style,
            text: text.to_string(),
        });
    }

    /// A wrapped paragraph whose first line's top is at `top`; returns the y
    /// just below its last line.
    pub fn paragraph(
        &mut self,
        fonts: &Fonts,
        x: f32,
        top: f32,
        width: f32,
        leading: f32,
        spans: &[Span],
    ) -> f32 {
        // An absurdly long text (a pasted megabyte) prints its start and an
        // ellipsis: a paragraph's work and the sheet's size stay bounded.
        let clipped = clip_spans(spans, MAX_PARAGRAPH_CHARS);
        let lines = wrap(fonts, &clipped, width);
        let ascent = spans.first().map_or(0.0, |s| s.style.ascent());
        let mut y = top;
        for line in lines {
            for (dx, style, text) in line {
                self.items.push(Item::Text {
                    x: x + dx,
                    y: y + ascent,
                    style,
                    text,
                });
            }
            y += leading;
        }
        y
    }

    pub fn fill(&mut self, area: Area, ink: Ink) {
        self.rect(area, Some(ink), None);
    }

    pub fn frame(&mut self, area: Area, ink: Ink, width_pt: f32) {
        self.rect(area, None, Some((ink, width_pt)));
    }

    /// A filled rectangle with an outline.
    pub fn boxed(&mut self, area: Area, fill: Ink, stroke: Ink, width_pt: f32) {
        self.rect(area, Some(fill), Some((stroke, width_pt)));
    }

    fn rect(&mut self, a: Area, fill: Option<Ink>, stroke: Option<(Ink, f32)>) {
        self.items.push(Item::Rect {
            x: a.x,
            y: a.y,
            w: a.w,
            h: a.h,
            fill,
            stroke,
        });
    }

    pub fn hline(&mut self, x1: f32, x2: f32, y: f32, ink: Ink, width_pt: f32) {
        self.items.push(Item::Line {
            x1,
            y1: y,
            x2,
            y2: y,
            ink,
            width: width_pt,
        });
    }

    pub fn vline(&mut self, x: f32, y1: f32, y2: f32, ink: Ink, width_pt: f32) {
        self.items.push(Item::Line {
            x1: x,
            y1,
            x2: x,
            y2,
            ink,
            width: width_pt,
        });
    }

    /// Copy another block's content here with its top-left at (x, y).
    /// Drop everything that reaches below `bottom`; whether anything was
    /// dropped. A card too long for a page is cut with this, so that no
    /// roster, however long its lists, makes a page of unbounded content.
    pub fn cut_at(&mut self, bottom: f32) -> bool {
        let before = self.items.len();
        self.items.retain(|i| {
            let low = match i {
                Item::Text { y, .. } => *y,
                Item::Rect { y, h, .. } => y + h,
                Item::Line { y1, y2, .. } => y1.max(*y2),
            };
            low <= bottom
        });
        self.items.len() < before
    }

    pub fn place(&mut self, other: &Block, x: f32, y: f32) {
        self.items
            .extend(other.items.iter().cloned().map(|i| i.moved(x, y)));
    }
}
