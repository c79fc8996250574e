//! A tiny layout kit: blocks of positioned text, rules and boxes, measured in
//! millimetres from the block's top-left corner, with word wrap from the
//! fonts' real advances. A block is laid out once, then placed on a page.

use printpdf::{
    Color, FontId, Greyscale, Line, LinePoint, Mm, Op, PaintMode, PdfFontHandle, PdfPage, Point,
    Pt, Rect, Rgb, TextItem,
};

use super::fonts::{Face, Fonts, MM_PER_PT};

/// The few colours of the sheet: ink-friendly greys and one red for problems.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ink {
    Black,
    Muted,
    Faint,
    Band,
    Shade,
    Red,
    RedPale,
    White,
}

impl Ink {
    fn color(self) -> Color {
        let grey = |g: f32| Color::Greyscale(Greyscale::new(g, None));
        let rgb = |r: f32, g: f32, b: f32| Color::Rgb(Rgb::new(r, g, b, None));
        match self {
            Ink::Black => grey(0.1),
            Ink::Muted => grey(0.38),
            Ink::Faint => grey(0.62),
            Ink::Band => grey(0.86),
            Ink::Shade => grey(0.94),
            Ink::Red => rgb(0.70, 0.07, 0.07),
            Ink::RedPale => rgb(0.99, 0.92, 0.92),
            Ink::White => grey(1.0),
        }
    }
}

/// How a run of text looks: face, size in points and colour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    pub face: Face,
    pub size: f32,
    pub ink: Ink,
}

impl Style {
    pub const fn new(face: Face, size: f32, ink: Ink) -> Style {
        Style { face, size, ink }
    }

    pub const fn with_ink(self, ink: Ink) -> Style {
        Style { ink, ..self }
    }

    pub const fn with_face(self, face: Face) -> Style {
        Style { face, ..self }
    }

    pub const fn with_size(self, size: f32) -> Style {
        Style { size, ..self }
    }

    /// Distance from a line's top to its baseline, in mm (about the cap height
    /// plus a little air).
    pub fn ascent(self) -> f32 {
        self.size * MM_PER_PT * 0.80
    }
}

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
enum Item {
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

/// A run of text in one style, part of a paragraph.
#[derive(Clone, Debug, PartialEq)]
pub struct Span {
    pub style: Style,
    pub text: String,
}

impl Span {
    pub fn new(style: Style, text: impl Into<String>) -> Span {
        Span {
            style,
            text: text.into(),
        }
    }

    pub fn inked(self, ink: Ink) -> Span {
        Span {
            style: self.style.with_ink(ink),
            ..self
        }
    }
}

/// A word of a paragraph: its text, style, and whether a space precedes it.
struct Word<'a> {
    text: &'a str,
    style: Style,
    space_before: bool,
}

/// Split spans into words; a span that does not start with a space glues
/// onto the word before it ("Líder" bold + ": …" regular).
fn words(spans: &[Span]) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut space = false;
    for span in spans {
        for (i, piece) in span.text.split(' ').enumerate() {
            space |= i > 0;
            if piece.is_empty() {
                continue;
            }
            out.push(Word {
                text: piece,
                style: span.style,
                space_before: space && !out.is_empty(),
            });
            space = false;
        }
    }
    out
}

/// A laid-out piece of a line: x offset, style, text.
type Run = (f32, Style, String);

/// Greedy word wrap of spans into lines of at most `width` mm.
pub fn wrap(fonts: &Fonts, spans: &[Span], width: f32) -> Vec<Vec<Run>> {
    let mut lines: Vec<Vec<Run>> = Vec::new();
    let mut line: Vec<Run> = Vec::new();
    let mut x = 0.0_f32;
    for w in words(spans) {
        let measure = |t: &str| fonts.width(w.style.face, w.style.size, t);
        let mut space = if w.space_before && !line.is_empty() {
            measure(" ")
        } else {
            0.0
        };
        let ww = measure(w.text);
        if !line.is_empty() && x + space + ww > width {
            lines.push(std::mem::take(&mut line));
            x = 0.0;
            space = 0.0;
        }
        if ww > width {
            let parts = break_long_word(fonts, w.text, w.style, width);
            let last = parts.len().saturating_sub(1);
            for (i, part) in parts.into_iter().enumerate() {
                x = measure(&part);
                push_run(&mut line, 0.0, w.style, &part, false);
                if i < last {
                    lines.push(std::mem::take(&mut line));
                }
            }
            continue;
        }
        push_run(&mut line, x + space, w.style, w.text, space > 0.0);
        x += space + ww;
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Append a word starting at `x`, merging it into the previous run when the
/// style is the same (fewer text objects, and the space is a real glyph).
fn push_run(line: &mut Vec<Run>, x: f32, style: Style, text: &str, space_before: bool) {
    if let Some((_, s, t)) = line.last_mut()
        && *s == style
    {
        if space_before {
            t.push(' ');
        }
        t.push_str(text);
        return;
    }
    line.push((x, style, text.to_string()));
}

/// Cut a word wider than the line into pieces that fit (long names, URLs).
fn break_long_word(fonts: &Fonts, word: &str, style: Style, width: f32) -> Vec<String> {
    let mut parts = Vec::new();
    let mut cur = String::new();
    for c in word.chars() {
        cur.push(c);
        if fonts.width(style.face, style.size, &cur) > width && cur.chars().count() > 1 {
            cur.pop();
            parts.push(std::mem::take(&mut cur));
            cur.push(c);
        }
    }
    if !cur.is_empty() {
        parts.push(cur);
    }
    parts
}

/// Shorten `text` with an ellipsis until it fits in `width` mm.
pub fn ellipsize(fonts: &Fonts, style: Style, text: &str, width: f32) -> String {
    if fonts.width(style.face, style.size, text) <= width {
        return text.to_string();
    }
    let mut s: String = text.to_string();
    while !s.is_empty() {
        s.pop();
        let candidate = format!("{}…", s.trim_end());
        if fonts.width(style.face, style.size, &candidate) <= width {
            return candidate;
        }
    }
    String::new()
}

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
    items: Vec<Item>,
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
        let lines = wrap(fonts, spans, width);
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
    pub fn place(&mut self, other: &Block, x: f32, y: f32) {
        self.items
            .extend(other.items.iter().cloned().map(|i| i.moved(x, y)));
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    const BODY: Style = Style::new(Face::Regular, 7.0, Ink::Black);

    fn line_texts(lines: &[Vec<Run>]) -> Vec<String> {
        lines
            .iter()
            .map(|l| {
                l.iter()
                    .map(|(_, _, t)| t.as_str())
                    .collect::<Vec<_>>()
                    .join("|")
            })
            .collect()
    }

    #[test]
    fn wrap_keeps_every_line_inside_the_width() {
        let fonts = Fonts::get().unwrap();
        let text = "Una energía oscura parece absorber la fuerza vital de los combatientes. \
                    Este Turno de juego cada miniatura generará 1 PD menos.";
        let lines = wrap(fonts, &[Span::new(BODY, text)], 40.0);
        assert!(lines.len() > 2);
        for l in &lines {
            let (x, s, t) = l.last().unwrap();
            assert!(x + fonts.width(s.face, s.size, t) <= 40.0 + 1e-3, "{t}");
        }
        let joined: Vec<String> = line_texts(&lines);
        assert_eq!(joined.join(" "), text);
    }

    #[test]
    fn wrap_glues_a_label_to_its_punctuation_and_keeps_styles() {
        let fonts = Fonts::get().unwrap();
        let spans = [
            Span::new(BODY.with_face(Face::Bold), "Líder"),
            Span::new(BODY, ": tiene 1 PD extra propio."),
        ];
        let lines = wrap(fonts, &spans, 200.0);
        assert_eq!(lines.len(), 1);
        assert_eq!(line_texts(&lines), vec!["Líder|: tiene 1 PD extra propio."]);
        let bold_w = fonts.width(Face::Bold, 7.0, "Líder");
        assert!((lines[0][1].0 - bold_w).abs() < 1e-4);
    }

    #[test]
    fn a_word_wider_than_the_line_is_cut() {
        let fonts = Fonts::get().unwrap();
        let lines = wrap(fonts, &[Span::new(BODY, "Ñandú".repeat(20))], 15.0);
        assert!(lines.len() > 1);
        let text: String = line_texts(&lines).concat();
        assert_eq!(text, "Ñandú".repeat(20));
    }

    #[test]
    fn ellipsize_fits_the_width() {
        let fonts = Fonts::get().unwrap();
        let s = ellipsize(fonts, BODY, "Íñigo el Pequeño de las Tierras Impías", 20.0);
        assert!(s.ends_with('…'));
        assert!(fonts.width(BODY.face, BODY.size, &s) <= 20.0);
    }
}
