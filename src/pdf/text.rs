//! Fitting text: greedy word wrap, cutting a word wider than the line, and
//! ellipsis. Every function measures each char once (cumulative advances),
//! so fitting is linear in the text: a 1 MB name costs milliseconds, not the
//! quadratic re-measuring of the whole string per char it once did.

use super::fonts::Fonts;
use super::style::{Span, Style};

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
pub type Run = (f32, Style, String);

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
            for (i, (part, part_w)) in parts.into_iter().enumerate() {
                x = part_w;
                push_run(&mut line, 0.0, w.style, part, false);
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

/// Cut a word wider than the line into pieces that fit (long names, URLs),
/// each with its width; one pass over the chars.
fn break_long_word<'a>(
    fonts: &Fonts,
    word: &'a str,
    style: Style,
    width: f32,
) -> Vec<(&'a str, f32)> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut acc = 0.0_f32;
    for (i, c) in word.char_indices() {
        let w = fonts.char_width(style.face, style.size, c);
        // A piece holds at least one char, even one wider than the line.
        if acc + w > width && i > start {
            parts.push((&word[start..i], acc));
            start = i;
            acc = 0.0;
        }
        acc += w;
    }
    if start < word.len() {
        parts.push((&word[start..], acc));
    }
    parts
}

/// Shorten `text` with an ellipsis until it fits in `width` mm: the longest
/// prefix that fits with "…" after it, found in one pass that stops at the
/// width (so a megabyte name costs what its first line does).
pub fn ellipsize(fonts: &Fonts, style: Style, text: &str, width: f32) -> String {
    let ell = fonts.char_width(style.face, style.size, '…');
    let mut acc = 0.0_f32;
    // The end of the longest prefix that still leaves room for "…".
    let mut fit_end = 0;
    for (i, c) in text.char_indices() {
        let w = fonts.char_width(style.face, style.size, c);
        if acc + w + ell <= width {
            fit_end = i + c.len_utf8();
        }
        acc += w;
        if acc > width {
            return format!("{}…", text[..fit_end].trim_end());
        }
    }
    text.to_string()
}

/// The spans cut to at most `max` chars in all, the last one ending in "…".
pub fn clip_spans(spans: &[Span], max: usize) -> Vec<Span> {
    let mut left = max;
    let mut out = Vec::with_capacity(spans.len());
    for s in spans {
        match s.text.char_indices().nth(left) {
            None => {
                left -= s.text.chars().count();
                out.push(s.clone());
            }
            Some((cut, _)) => {
                out.push(Span::new(s.style, format!("{}…", &s.text[..cut])));
                break;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdf::fonts::Face;
    use crate::pdf::style::Ink;

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

    #[test]
    fn a_megabyte_word_is_cut_into_pieces_that_each_fit() {
        let fonts = Fonts::get().unwrap();
        let word = "Ñandú".repeat(200_000);
        let parts = break_long_word(fonts, &word, BODY, 60.0);
        assert!(parts.len() > 1000);
        let joined: String = parts.iter().map(|(p, _)| *p).collect();
        assert_eq!(joined.len(), word.len());
        for (p, w) in &parts {
            let real = fonts.width(BODY.face, BODY.size, p);
            assert!((real - w).abs() < 1e-2, "{p}: {real} vs {w}");
            assert!(*w <= 60.0 + 1e-3);
        }
    }

    #[test]
    fn ellipsize_keeps_a_text_that_fits_and_cuts_a_megabyte_one() {
        let fonts = Fonts::get().unwrap();
        assert_eq!(ellipsize(fonts, BODY, "Ulrak", 50.0), "Ulrak");
        let s = ellipsize(fonts, BODY, &"Tadeo ".repeat(200_000), 50.0);
        assert!(s.ends_with('…') && s.starts_with("Tadeo"), "{s}");
        assert!(fonts.width(BODY.face, BODY.size, &s) <= 50.0);
        assert!(s.len() < 100);
    }

    #[test]
    fn clip_spans_bounds_the_chars_and_marks_the_cut() {
        let spans = [
            Span::new(BODY, "Notas: "),
            Span::new(BODY, "á".repeat(5000)),
        ];
        let out = clip_spans(&spans, 100);
        let chars: usize = out.iter().map(|s| s.text.chars().count()).sum();
        assert_eq!(chars, 101);
        assert!(out[1].text.ends_with('…'));
        assert_eq!(clip_spans(&spans[..1], 100), spans[..1].to_vec());
    }
}
