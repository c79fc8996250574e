//! Links as QR codes: the modules for the app to draw, and Unicode blocks
//! for a terminal.

use qrcode::{Color, EcLevel, QrCode};

/// A QR code's modules, row by row (`true` dark), without the quiet zone.
#[derive(Clone, Debug)]
pub struct Modules {
    pub width: usize,
    pub dark: Vec<bool>,
}

impl Modules {
    pub fn of(text: &str) -> Option<Modules> {
        // Medium error correction: a phone reads it off a screen at a slant.
        let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
        Some(Modules {
            width: code.width(),
            dark: code
                .to_colors()
                .into_iter()
                .map(|c| c == Color::Dark)
                .collect(),
        })
    }

    pub fn is_dark(&self, x: usize, y: usize) -> bool {
        x < self.width && y < self.width && self.dark[y * self.width + x]
    }

    /// Two rows per line in half blocks, light on dark terminals and dark
    /// on light ones alike: drawn as dark modules on a light quiet zone.
    pub fn to_blocks(&self) -> String {
        const QUIET: isize = 2;
        let w = self.width as isize;
        let light = |x: isize, y: isize| {
            x < 0 || y < 0 || x >= w || y >= w || !self.is_dark(x as usize, y as usize)
        };
        let mut out = String::new();
        let mut y = -QUIET;
        while y < w + QUIET {
            for x in -QUIET..w + QUIET {
                out.push(match (light(x, y), light(x, y + 1)) {
                    (true, true) => '█',
                    (true, false) => '▀',
                    (false, true) => '▄',
                    (false, false) => ' ',
                });
            }
            out.push('\n');
            y += 2;
        }
        out
    }
}
