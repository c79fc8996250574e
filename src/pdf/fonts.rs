//! The sheet's two typefaces, embedded in the binary, and text measurement
//! from their glyph advances.
//!
//! DejaVu Sans Condensed (Bitstream Vera licence, `assets/fonts/LICENSE-DejaVu.txt`):
//! every Spanish letter, the symbols the sheet uses (★ ⚠ × · —), and narrow
//! enough for a dense two-column sheet. printpdf subsets it on save, so a
//! sheet carries only the glyphs it prints.

use std::sync::OnceLock;

use printpdf::ParsedFont;

use super::PdfError;

/// The regular face, also the app's fallback font (`ui::install_fonts`):
/// one copy in the binary for both (issue 36).
pub static REGULAR_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed.ttf");
const BOLD_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed-Bold.ttf");

/// Millimetres per PostScript point.
pub const MM_PER_PT: f32 = 25.4 / 72.0;

/// Characters measured once at start-up; anything else is looked up per use.
const TABLE_LEN: usize = 0x250;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    Regular,
    Bold,
}

/// One parsed typeface with its advance widths in em.
pub struct FontFace {
    pub parsed: ParsedFont,
    units_per_em: f32,
    /// Advance of each char below `TABLE_LEN`, in em.
    table: Vec<f32>,
}

impl FontFace {
    fn parse(bytes: &[u8], name: &str) -> Result<FontFace, PdfError> {
        let mut warnings = Vec::new();
        let parsed = ParsedFont::from_bytes(bytes, 0, &mut warnings).ok_or_else(|| {
            PdfError::Font(format!(
                "{name}: cannot parse the embedded font ({warnings:?})"
            ))
        })?;
        let units_per_em = f32::from(parsed.pdf_font_metrics.units_per_em.max(1));
        let mut face = FontFace {
            parsed,
            units_per_em,
            table: Vec::new(),
        };
        face.table = (0..TABLE_LEN as u32)
            .map(|cp| char::from_u32(cp).map_or(0.0, |c| face.lookup(c)))
            .collect();
        Ok(face)
    }

    fn lookup(&self, c: char) -> f32 {
        let gid = self.parsed.lookup_glyph_index(c as u32).unwrap_or(0);
        f32::from(self.parsed.get_horizontal_advance(gid)) / self.units_per_em
    }

    /// Advance of one char, in em.
    fn advance(&self, c: char) -> f32 {
        self.table
            .get(c as usize)
            .copied()
            .unwrap_or_else(|| self.lookup(c))
    }

    /// Whether the font draws `c` (rather than the empty-box glyph).
    #[cfg(test)]
    pub fn has(&self, c: char) -> bool {
        self.parsed
            .lookup_glyph_index(c as u32)
            .is_some_and(|g| g != 0)
    }
}

/// Both faces, parsed once per process.
pub struct Fonts {
    pub regular: FontFace,
    pub bold: FontFace,
}

impl Fonts {
    /// The embedded fonts; parsing them costs a few milliseconds, so it happens once.
    pub fn get() -> Result<&'static Fonts, PdfError> {
        static FONTS: OnceLock<Result<Fonts, PdfError>> = OnceLock::new();
        FONTS
            .get_or_init(|| {
                Ok(Fonts {
                    regular: FontFace::parse(REGULAR_TTF, "DejaVuSansCondensed.ttf")?,
                    bold: FontFace::parse(BOLD_TTF, "DejaVuSansCondensed-Bold.ttf")?,
                })
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    pub fn face(&self, face: Face) -> &FontFace {
        match face {
            Face::Regular => &self.regular,
            Face::Bold => &self.bold,
        }
    }

    /// Width of `text` set in `face` at `size` points, in millimetres. The
    /// sheet writes one glyph per char with no kerning, so this is exact.
    pub fn width(&self, face: Face, size: f32, text: &str) -> f32 {
        let f = self.face(face);
        let em: f32 = text.chars().map(|c| f.advance(c)).sum();
        em * size * MM_PER_PT
    }

    /// Width of one char, in millimetres: fitting sums these as it goes
    /// instead of measuring a growing string again.
    pub fn char_width(&self, face: Face, size: f32, c: char) -> f32 {
        self.face(face).advance(c) * size * MM_PER_PT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fonts_draw_every_spanish_letter_and_the_sheet_symbols() {
        let fonts = Fonts::get().unwrap();
        for c in "áéíóúñüÁÉÍÓÚÑÜ¿¡«»×·—–★⚠…".chars() {
            assert!(fonts.regular.has(c), "regular lacks {c}");
            assert!(fonts.bold.has(c), "bold lacks {c}");
        }
    }

    #[test]
    fn bold_text_is_wider_and_width_scales_with_size() {
        let fonts = Fonts::get().unwrap();
        let r = fonts.width(Face::Regular, 10.0, "Precisión");
        let b = fonts.width(Face::Bold, 10.0, "Precisión");
        assert!(b > r && r > 0.0);
        let r2 = fonts.width(Face::Regular, 20.0, "Precisión");
        assert!((r2 - 2.0 * r).abs() < 1e-4);
    }
}
