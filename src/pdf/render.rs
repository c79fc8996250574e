//! A laid-out page as printpdf operations: points, origin at the bottom
//! left, colours and fonts written only when they change.

use printpdf::{
    FontId, Line, LinePoint, Mm, Op, PaintMode, PdfFontHandle, PdfPage, Point, Pt, Rect, TextItem,
};

use super::fonts::{Face, MM_PER_PT};
use super::layout::{Block, Item};
use super::style::{Ink, Style};

/// A page of the sheet: one block the size of the paper.
pub struct Page {
    pub width: f32,
    pub height: f32,
    pub body: Block,
}

/// The PDF ids of the two faces in one document.
pub struct FontIds {
    pub regular: FontId,
    pub bold: FontId,
}

impl FontIds {
    fn handle(&self, face: Face) -> PdfFontHandle {
        match face {
            Face::Regular => PdfFontHandle::External(self.regular.clone()),
            Face::Bold => PdfFontHandle::External(self.bold.clone()),
        }
    }
}

/// Graphics state already set in the content stream, so that repeated
/// colours and fonts are not written again.
#[derive(Default)]
struct Pen {
    fill: Option<Ink>,
    stroke: Option<Ink>,
    thickness: Option<f32>,
    font: Option<(Face, f32)>,
}

impl Pen {
    fn fill(&mut self, ink: Ink, ops: &mut Vec<Op>) {
        if self.fill != Some(ink) {
            ops.push(Op::SetFillColor { col: ink.color() });
            self.fill = Some(ink);
        }
    }

    fn stroke(&mut self, ink: Ink, width_pt: f32, ops: &mut Vec<Op>) {
        if self.stroke != Some(ink) {
            ops.push(Op::SetOutlineColor { col: ink.color() });
            self.stroke = Some(ink);
        }
        if self.thickness != Some(width_pt) {
            ops.push(Op::SetOutlineThickness { pt: Pt(width_pt) });
            self.thickness = Some(width_pt);
        }
    }

    fn font(&mut self, ids: &FontIds, style: Style, ops: &mut Vec<Op>) {
        if self.font != Some((style.face, style.size)) {
            ops.push(Op::SetFont {
                font: ids.handle(style.face),
                size: Pt(style.size),
            });
            self.font = Some((style.face, style.size));
        }
    }
}

fn pt(mm: f32) -> Pt {
    Pt(mm / MM_PER_PT)
}

impl Page {
    /// The page as printpdf operations (PDF space: points, origin bottom-left).
    pub fn into_pdf(self, ids: &FontIds) -> PdfPage {
        let h = self.height;
        let point = |x: f32, y: f32| Point {
            x: pt(x),
            y: pt(h - y),
        };
        let mut ops = Vec::with_capacity(self.body.items.len() * 4);
        let mut pen = Pen::default();
        for item in self.body.items {
            match item {
                Item::Text { x, y, style, text } => {
                    pen.fill(style.ink, &mut ops);
                    ops.push(Op::StartTextSection);
                    pen.font(ids, style, &mut ops);
                    ops.push(Op::SetTextCursor { pos: point(x, y) });
                    ops.push(Op::ShowText {
                        items: vec![TextItem::Text(text)],
                    });
                    ops.push(Op::EndTextSection);
                }
                Item::Rect {
                    x,
                    y,
                    w,
                    h: rh,
                    fill,
                    stroke,
                } => {
                    let mode = match (fill, stroke) {
                        (Some(f), Some((s, sw))) => {
                            pen.fill(f, &mut ops);
                            pen.stroke(s, sw, &mut ops);
                            PaintMode::FillStroke
                        }
                        (Some(f), None) => {
                            pen.fill(f, &mut ops);
                            PaintMode::Fill
                        }
                        (None, Some((s, sw))) => {
                            pen.stroke(s, sw, &mut ops);
                            PaintMode::Stroke
                        }
                        (None, None) => continue,
                    };
                    let mut rect = Rect::from_xywh(pt(x), pt(h - y - rh), pt(w), pt(rh));
                    rect.mode = Some(mode);
                    ops.push(Op::DrawRectangle { rectangle: rect });
                }
                Item::Line {
                    x1,
                    y1,
                    x2,
                    y2,
                    ink,
                    width,
                } => {
                    pen.stroke(ink, width, &mut ops);
                    ops.push(Op::DrawLine {
                        line: Line {
                            points: vec![
                                LinePoint {
                                    p: point(x1, y1),
                                    bezier: false,
                                },
                                LinePoint {
                                    p: point(x2, y2),
                                    bezier: false,
                                },
                            ],
                            is_closed: false,
                        },
                    });
                }
            }
        }
        PdfPage::new(Mm(self.width), Mm(self.height), ops)
    }
}
