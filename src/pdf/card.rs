//! One model's card: name band, profile, weapons, gear, rules, spells,
//! notes, problems, and the boxes ticked by hand during a game.

use crate::core::glossary;
use crate::core::roster::{MeleeView, ModelReportView, Problem, RangedView, Spell};
use crate::core::tables::Stat;

use super::fonts::Face;
use super::layout::{Align, Area, Block};
use super::sheet::{BODY, BOLD, Ctx, LEADING, PAD, SMALL, labelled};
use super::style::{Ink, Span, Style};
use super::text::ellipsize;

/// One model: name band, profile, weapons, gear, rules, spells, notes,
/// problems, and the boxes ticked by hand during a game. A card taller than
/// `max_height` (a page) is cut there and says so: what one page holds is
/// bounded, whatever the length of the model's lists.
/// `campaign`: the model's line of a campaign sheet (issue 38).
pub fn card(
    cx: Ctx,
    v: &ModelReportView,
    (problems, campaign): (&[&Problem], Option<&str>),
    width: f32,
    max_height: f32,
) -> Block {
    let mut b = Block::new(width);
    let inner = width - 2.0 * PAD;
    let mut y = card_band(cx, &mut b, v, width);
    if let Some(line) = campaign {
        let spans = [Span::new(BOLD.with_ink(Ink::Muted), line)];
        y = b.paragraph(cx.fonts, PAD, y + 1.0, inner, LEADING, &spans);
    }
    y = stats_table(cx, &mut b, v, PAD, y + 1.2, inner);
    y = weapons_table(cx, &mut b, &v.melee, &v.ranged, PAD, y + 1.0, inner);
    y += 0.6;
    if let Some(spans) = gear_line(cx, v) {
        y = b.paragraph(cx.fonts, PAD, y, inner, LEADING, &spans);
    }
    for rule in rule_lines(cx, v) {
        y = b.paragraph(cx.fonts, PAD, y, inner, LEADING, &labelled(&rule, BODY));
    }
    y = spells(cx, &mut b, &v.spells, PAD, y, inner);
    if !v.notes.trim().is_empty() {
        let spans = [
            Span::new(
                BOLD.with_ink(Ink::Muted),
                format!("{}: ", cx.pick("Notas", "Notes")),
            ),
            Span::new(BODY.with_ink(Ink::Muted), v.notes.trim()),
        ];
        y = b.paragraph(cx.fonts, PAD, y + 0.4, inner, LEADING, &spans);
    }
    for p in problems {
        let spans = [
            Span::new(
                BOLD.with_ink(Ink::Red),
                format!("⚠ {} ", p.cite.get(cx.lang)),
            ),
            Span::new(BODY.with_ink(Ink::Red), p.message.get(cx.lang)),
        ];
        y = b.paragraph(cx.fonts, PAD, y + 0.4, inner, LEADING, &spans);
    }
    y = trackers(cx, &mut b, v, PAD, y + 1.0, inner);
    let bottom = max_height - PAD;
    if y > bottom && b.cut_at(bottom - LEADING) {
        let note = SMALL.with_ink(Ink::Red);
        b.text(
            cx.fonts,
            PAD,
            bottom - 0.6,
            note,
            Align::Left,
            cx.pick(
                "… (tarjeta cortada: no cabe en una página)",
                "… (card cut: it does not fit on a page)",
            ),
        );
        y = bottom;
    }
    b.height = y + PAD - 0.4;
    let (ink, w) = if problems.is_empty() {
        (Ink::Black, 0.6)
    } else {
        (Ink::Red, 1.4)
    };
    b.frame(Area::new(0.0, 0.0, width, b.height), ink, w);
    b
}

/// The model's special rules, the troop's own labelled with the troop's
/// name like the others ("Guerrero: Controla objetivos.").
fn rule_lines(cx: Ctx, v: &ModelReportView) -> Vec<String> {
    let troop_rule = cx
        .rules
        .troop(&v.troop)
        .and_then(|t| t.special.as_ref())
        .map(|t| t.get(cx.lang));
    v.rules
        .iter()
        .map(|r| {
            if Some(r.as_str()) == troop_rule {
                format!("{}: {r}", v.troop_name)
            } else {
                r.clone()
            }
        })
        .collect()
}

/// The grey band with the name, Leader mark, troop and cost; returns its bottom.
fn card_band(cx: Ctx, b: &mut Block, v: &ModelReportView, width: f32) -> f32 {
    let h = 6.6;
    let name_style = Style::new(Face::Bold, 10.5, Ink::Black);
    let right_style = BODY.with_size(8.4);
    b.fill(Area::new(0.0, 0.0, width, h), Ink::Band);
    b.hline(0.0, width, h, Ink::Black, 0.5);
    let base = 4.8;
    let right = format!("{} · {} pts", v.troop_name, v.cost);
    b.text(
        cx.fonts,
        width - PAD,
        base,
        right_style,
        Align::Right,
        &right,
    );
    let right_w = cx.fonts.width(right_style.face, right_style.size, &right);
    let leader = if v.leader {
        format!("★ {}", crate::core::glossary::LEADER.get(cx.lang))
    } else {
        String::new()
    };
    let leader_style = Style::new(Face::Bold, 8.4, Ink::Red);
    let leader_w = if v.leader {
        cx.fonts
            .width(leader_style.face, leader_style.size, &leader)
            + 2.0
    } else {
        0.0
    };
    let name = ellipsize(
        cx.fonts,
        name_style,
        &v.name,
        width - 2.0 * PAD - right_w - leader_w - 2.0,
    );
    b.text(cx.fonts, PAD, base, name_style, Align::Left, &name);
    if v.leader {
        let x = PAD + cx.fonts.width(name_style.face, name_style.size, &name) + 2.0;
        b.text(cx.fonts, x, base, leader_style, Align::Left, &leader);
    }
    h
}

/// The largest size (at most `max`) at which every label fits `width`.
fn fitting_size(cx: Ctx, face: Face, labels: &[&str], width: f32, max: f32) -> f32 {
    let widest = labels
        .iter()
        .map(|t| cx.fonts.width(face, max, t))
        .fold(0.0_f32, f32::max);
    if widest <= width {
        max
    } else {
        max * width / widest
    }
}

/// The profile: six attributes, then DP, armour and move, in boxed cells.
fn stats_table(cx: Ctx, b: &mut Block, v: &ModelReportView, x: f32, top: f32, width: f32) -> f32 {
    let l = cx.lang;
    let mut cells: Vec<(&str, String)> = Stat::ALL
        .iter()
        .map(|&s| (glossary::stat(s).get(l), v.stats.get(s).to_string()))
        .collect();
    cells.push((glossary::DP.get(l), v.dp.to_string()));
    cells.push((glossary::ARMOUR.get(l), v.armour.to_string()));
    cells.push((glossary::MOVE.get(l), format!("{} cm", v.movement_cm)));
    let n = cells.len() as f32;
    let cell_w = width / n;
    let labels: Vec<&str> = cells.iter().map(|(t, _)| *t).collect();
    let label_size = fitting_size(cx, Face::Regular, &labels, cell_w - 0.8, 7.0);
    let (label_h, value_h) = (3.3, 5.2);
    b.fill(Area::new(x, top, width, label_h), Ink::Shade);
    b.frame(Area::new(x, top, width, label_h + value_h), Ink::Faint, 0.4);
    b.hline(x, x + width, top + label_h, Ink::Faint, 0.3);
    for (i, (label, value)) in cells.iter().enumerate() {
        let cx0 = x + cell_w * i as f32;
        let mid = cx0 + cell_w / 2.0;
        if i > 0 {
            let ink = if i == 6 { Ink::Black } else { Ink::Faint };
            b.vline(
                cx0,
                top,
                top + label_h + value_h,
                ink,
                if i == 6 { 0.6 } else { 0.3 },
            );
        }
        let ls = Style::new(Face::Regular, label_size, Ink::Muted);
        b.text(cx.fonts, mid, top + 2.5, ls, Align::Center, label);
        // "10 cm" shrinks to stay inside its cell.
        let size = fitting_size(cx, Face::Bold, &[value.as_str()], cell_w - 1.4, 11.5);
        let vs = Style::new(Face::Bold, size, Ink::Black);
        b.text(cx.fonts, mid, top + label_h + 4.0, vs, Align::Center, value);
    }
    top + label_h + value_h
}

/// Column widths of the weapons table: the name takes what the numbers leave.
fn weapon_columns(cx: Ctx, width: f32, heads: &[&str; 4], size: f32) -> [f32; 5] {
    let num: Vec<f32> = heads
        .iter()
        .zip([11.0_f32, 9.0, 9.0, 9.0])
        .map(|(h, min)| (cx.fonts.width(Face::Regular, size, h) + 1.6).max(min))
        .collect();
    let name = width - num.iter().sum::<f32>();
    [name, num[0], num[1], num[2], num[3]]
}

/// Weapons with their columns: melee (Combat, Strength, Penetration, R34)
/// and ranged (range bands, Strength, Penetration, R35).
fn weapons_table(
    cx: Ctx,
    b: &mut Block,
    melee: &[MeleeView],
    ranged: &[RangedView],
    x: f32,
    top: f32,
    width: f32,
) -> f32 {
    let l = cx.lang;
    let heads = [
        glossary::RANGE.get(l),
        glossary::stat(Stat::Combat).get(l),
        glossary::stat(Stat::Strength).get(l),
        glossary::PENETRATION.get(l),
    ];
    let head_size = 7.0;
    let cols = weapon_columns(cx, width, &heads, head_size);
    let head = Style::new(Face::Regular, head_size, Ink::Muted);
    let mut y = top + 2.7;
    b.text(cx.fonts, x, y, head, Align::Left, glossary::WEAPON.get(l));
    let mut cx0 = x + cols[0];
    for (h, w) in heads.iter().zip(&cols[1..]) {
        b.text(cx.fonts, cx0 + w / 2.0, y, head, Align::Center, h);
        cx0 += w;
    }
    b.hline(x, x + width, top + 3.5, Ink::Faint, 0.3);
    y = top + 3.5;
    let dash = "—".to_string();
    let mut rows: Vec<(String, bool, [String; 4])> = melee
        .iter()
        .map(|w| {
            let name = if w.carried {
                w.name.clone()
            } else {
                format!("{} ({})", w.name, l.pick("sin coste", "free"))
            };
            (
                name,
                w.carried,
                [
                    dash.clone(),
                    w.combat.to_string(),
                    w.strength.to_string(),
                    w.penetration.to_string(),
                ],
            )
        })
        .collect();
    rows.extend(ranged.iter().map(|w| {
        (
            w.name.clone(),
            true,
            [
                per_range(&w.range_cm),
                dash.clone(),
                per_range(&w.strength),
                per_range(&w.penetration),
            ],
        )
    }));
    for (name, carried, values) in rows {
        let base = y + 3.0;
        let ns = if carried {
            BOLD
        } else {
            BODY.with_ink(Ink::Muted)
        };
        let name = ellipsize(cx.fonts, ns, &name, cols[0] - 0.8);
        b.text(cx.fonts, x, base, ns, Align::Left, &name);
        let mut cx0 = x + cols[0];
        for (value, w) in values.iter().zip(&cols[1..]) {
            let vs = if *value == dash {
                BODY.with_ink(Ink::Faint)
            } else {
                BODY
            };
            b.text(cx.fonts, cx0 + w / 2.0, base, vs, Align::Center, value);
            cx0 += w;
        }
        y += 3.9;
        b.hline(x, x + width, y, Ink::Shade, 0.3);
    }
    y
}

fn per_range<T: ToString + PartialEq>(v: &[T; 3]) -> String {
    if v[0] == v[1] && v[1] == v[2] {
        v[0].to_string()
    } else {
        format!(
            "{}/{}/{}",
            v[0].to_string(),
            v[1].to_string(),
            v[2].to_string()
        )
    }
}

/// "Blindaje: Cuero o escamas · Equipo: Escudo, Hierbas místicas ×2", if
/// the model carries any. Upgrades need no list: each has its rule line.
fn gear_line(cx: Ctx, v: &ModelReportView) -> Option<Vec<Span>> {
    let mut spans = Vec::new();
    if let Some(a) = &v.armour_name {
        spans.push(Span::new(
            BOLD,
            format!("{}: ", glossary::ARMOUR.get(cx.lang)),
        ));
        spans.push(Span::new(BODY, a.clone()));
    }
    if !v.equipment.is_empty() {
        if !spans.is_empty() {
            spans.push(Span::new(BODY.with_ink(Ink::Muted), " · "));
        }
        spans.push(Span::new(
            BOLD,
            format!("{}: ", cx.pick("Equipo", "Equipment")),
        ));
        spans.push(Span::new(BODY, v.equipment.join(", ")));
    }
    (!spans.is_empty()).then_some(spans)
}

/// The spells a model knows: name, level, DP cost and text (R38).
fn spells(cx: Ctx, b: &mut Block, spells: &[Spell], x: f32, top: f32, width: f32) -> f32 {
    if spells.is_empty() {
        return top;
    }
    let mut y = top + 0.5;
    let head = Style::new(Face::Bold, 7.4, Ink::Muted);
    b.text(
        cx.fonts,
        x,
        y + head.ascent(),
        head,
        Align::Left,
        cx.pick("HECHIZOS", "SPELLS"),
    );
    y += 3.2;
    for s in spells {
        let mut spans = vec![
            Span::new(BOLD, format!("✦ {}", s.name)),
            Span::new(
                BODY.with_ink(Ink::Muted),
                format!(
                    " ({} {} · {} {})",
                    cx.pick("nivel", "level"),
                    s.level,
                    s.cost,
                    glossary::DP.get(cx.lang)
                ),
            ),
        ];
        if !s.text.trim().is_empty() {
            spans.push(Span::new(BODY, format!(": {}", s.text.trim())));
        }
        y = b.paragraph(cx.fonts, x, y, width, LEADING, &spans);
    }
    y
}

/// A row of boxes to tick: fear markers up to twice Courage (shaded from
/// Courage on, where the complication starts; the last one means fleeing,
/// R31), then the DP the model gives and its own DP (R10, R32, herbs).
fn trackers(cx: Ctx, b: &mut Block, v: &ModelReportView, x: f32, top: f32, width: f32) -> f32 {
    let courage = v.stats.courage.max(1) as usize;
    let fear_n = 2 * courage;
    let dp_n = v.dp.max(0) as usize;
    let own_n = v.own_dp.max(0) as usize;
    let label = BOLD.with_size(8.0);
    let small = SMALL.with_size(7.0);
    let fear_label = glossary::FEAR.get(cx.lang);
    let flee = cx.pick("huye", "flees");
    let dp_label = glossary::DP.get(cx.lang);
    let own_label = cx.pick("propios", "own");
    let w = |s: Style, t: &str| cx.fonts.width(s.face, s.size, t);
    let fixed = w(label, fear_label)
        + w(small, flee)
        + w(label, dp_label)
        + 8.0
        + if own_n > 0 {
            w(small, own_label) + w(label, "+") + 2.5
        } else {
            0.0
        };
    let boxes = (fear_n + dp_n + own_n) as f32;
    // A box and its gap; smaller boxes when the row is crowded.
    let step = ((width - fixed) / boxes).clamp(3.0, 4.6);
    let side = step - 0.7;
    let base = top + side - 0.4;
    let mut cur = x;
    b.text(cx.fonts, cur, base, label, Align::Left, fear_label);
    cur += w(label, fear_label) + 1.2;
    for i in 0..fear_n {
        let fill = if i + 1 == fear_n {
            Ink::RedPale
        } else if i + 1 >= courage {
            Ink::Band
        } else {
            Ink::White
        };
        let stroke = if i + 1 == fear_n {
            Ink::Red
        } else {
            Ink::Black
        };
        b.boxed(Area::new(cur, top, side, side), fill, stroke, 0.5);
        cur += step;
    }
    b.text(cx.fonts, cur, base, small, Align::Left, flee);
    let dp_w = w(label, dp_label)
        + 1.2
        + dp_n as f32 * step
        + if own_n > 0 {
            w(label, "+") + 1.0 + own_n as f32 * step + w(small, own_label)
        } else {
            0.0
        };
    let mut cur = x + width - dp_w;
    b.text(cx.fonts, cur, base, label, Align::Left, dp_label);
    cur += w(label, dp_label) + 1.2;
    for _ in 0..dp_n {
        b.boxed(Area::new(cur, top, side, side), Ink::White, Ink::Black, 0.5);
        cur += step;
    }
    if own_n > 0 {
        b.text(cx.fonts, cur, base, label, Align::Left, "+");
        cur += w(label, "+") + 1.0;
        for _ in 0..own_n {
            b.boxed(Area::new(cur, top, side, side), Ink::Shade, Ink::Black, 0.5);
            cur += step;
        }
        b.text(cx.fonts, cur, base, small, Align::Left, own_label);
    }
    top + side
}
