//! The app's fonts (issue 37: the web module's size): DejaVu Sans
//! Condensed, the PDF's own copy (one in the binary), for all text, and
//! two tiny cuts of egui's emoji fonts for the symbols on the buttons,
//! drawn as they were before. egui's default fonts (Ubuntu, Hack, Noto
//! Emoji, emoji-icon-font: 1.4 MB) are not linked; scripts/subset-fonts
//! makes the files and the test below names any symbol they lack.

use std::sync::Arc;

use egui::{FontData, FontDefinitions, FontFamily, FontTweak};

/// The UI's emoji and symbols from egui's Noto Emoji (scripts/subset-fonts).
static NOTO_SYMBOLS: &[u8] = include_bytes!("../../assets/fonts/ImpiaSymbols-Noto.ttf");
/// The rest from egui's emoji-icon-font.
static ICON_SYMBOLS: &[u8] = include_bytes!("../../assets/fonts/ImpiaSymbols-Icons.ttf");

/// The symbol fonts first (each holds only its symbols, so letters and
/// digits fall through to DejaVu), with egui's own scale for each; DejaVu
/// at 97 %: its lines are then no taller than egui's Ubuntu Light's were
/// (1.13 em against 1.15), so the layouts measured with it still fit (the
/// acting card at 150 % overflowed by 4 points at 100 %).
fn definitions() -> FontDefinitions {
    let mut fonts = FontDefinitions::empty();
    let faces = [
        ("symbols-noto", NOTO_SYMBOLS, 0.81),
        ("symbols-icons", ICON_SYMBOLS, 0.90),
        ("dejavu", crate::pdf::REGULAR_TTF, 0.97),
    ];
    for (name, bytes, scale) in faces {
        let data = FontData::from_static(bytes).tweak(FontTweak {
            scale,
            ..Default::default()
        });
        fonts.font_data.insert(name.into(), Arc::new(data));
        for family in [FontFamily::Proportional, FontFamily::Monospace] {
            fonts.families.entry(family).or_default().push(name.into());
        }
    }
    fonts
}

/// Install the app's fonts (a no-op when they are already in).
pub fn install_fonts(ctx: &egui::Context) {
    ctx.set_fonts(definitions());
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use printpdf::ParsedFont;

    fn cmap(bytes: &[u8]) -> ParsedFont {
        ParsedFont::from_bytes(bytes, 0, &mut Vec::new()).expect("the font parses")
    }

    fn has(f: &ParsedFont, c: char) -> bool {
        f.lookup_glyph_index(c as u32).is_some_and(|g| g != 0)
    }

    /// Every non-ASCII char in the code's lines (comments aside) and in
    /// the shipped tables and rosters.
    fn chars_shown(dir: &Path, out: &mut std::collections::BTreeMap<char, String>) {
        for e in std::fs::read_dir(dir).expect("source folder").flatten() {
            let p = e.path();
            if p.is_dir() {
                chars_shown(&p, out);
                continue;
            }
            let ext = p.extension().and_then(|x| x.to_str()).unwrap_or("");
            if ext != "rs" && ext != "yaml" {
                continue;
            }
            let text = std::fs::read_to_string(&p).expect("readable source");
            for line in text.lines() {
                if line.trim_start().starts_with("//") || line.trim_start().starts_with('#') {
                    continue;
                }
                for c in line.chars().filter(|c| !c.is_ascii()) {
                    out.entry(c).or_insert_with(|| p.display().to_string());
                }
            }
        }
    }

    #[test]
    fn every_symbol_the_app_writes_has_a_glyph_in_its_fonts() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut shown = std::collections::BTreeMap::new();
        for dir in ["src", "crates/impia-core/src", "tables", "rosters"] {
            chars_shown(&root.join(dir), &mut shown);
        }
        assert!(shown.contains_key(&'ñ'), "the scan found the Spanish text");
        let fonts = [
            cmap(super::NOTO_SYMBOLS),
            cmap(super::ICON_SYMBOLS),
            cmap(crate::pdf::REGULAR_TTF),
        ];
        let missing: Vec<String> = shown
            .iter()
            .filter(|(c, _)| !fonts.iter().any(|f| has(f, **c)))
            .map(|(c, file)| format!("{c} (U+{:04X}, {file})", *c as u32))
            .collect();
        assert!(
            missing.is_empty(),
            "no glyph for {missing:?}: add it to scripts/subset-fonts and run it"
        );
    }

    #[test]
    fn the_symbol_fonts_hold_only_symbols_so_text_stays_in_dejavu() {
        for bytes in [super::NOTO_SYMBOLS, super::ICON_SYMBOLS] {
            let f = cmap(bytes);
            for c in ('0'..='9')
                .chain('a'..='z')
                .chain('A'..='Z')
                .chain(['#', '*', ' '])
            {
                assert!(!has(&f, c), "a symbol font draws {c:?}");
            }
        }
    }
}
