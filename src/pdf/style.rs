//! How printed text looks: the sheet's inks, a style (face, size, ink) and
//! a span of text in one style. The layout (`layout.rs`) places them and
//! the wrapping (`text.rs`) measures them; neither needs the other for it.

use printpdf::{Color, Greyscale, Rgb};

use super::fonts::{Face, MM_PER_PT};

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
    pub(super) fn color(self) -> Color {
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
