//! The pieces of the printed roster, each laid out as a block: the page
//! header, the warband summary (with its problems when invalid), one card
//! per model, and the reference footer (R38 spell backlash, R39 dark forces).

use crate::core::roster::{
    MeleeView, ModelReportView, Problem, RangedView, Roster, RosterReport, Spell,
};
use crate::core::tables::{RollTable, RuleSet, Stat};
use crate::core::text::Lang;

use super::fonts::{Face, Fonts};
use super::layout::{Align, Area, Block, Ink, Span, Style, ellipsize};

const BODY: Style = Style::new(Face::Regular, 6.4, Ink::Black);
const BOLD: Style = BODY.with_face(Face::Bold);
const SMALL: Style = Style::new(Face::Regular, 5.6, Ink::Muted);
/// Line height of body text, in mm.
const LEADING: f32 = 2.55;
/// Inner padding of a card, in mm.
const PAD: f32 = 1.8;

/// Everything a block needs to know about the sheet it belongs to.
#[derive(Clone, Copy)]
pub struct Ctx<'a> {
    pub fonts: &'a Fonts,
    pub lang: Lang,
    pub rules: &'a RuleSet,
}

impl Ctx<'_> {
    fn pick<'s>(&self, es: &'s str, en: &'s str) -> &'s str {
        self.lang.pick(es, en)
    }
}

/// "Líder: tiene 1 PD…" → the label in bold, the rest plain. Only a short
/// prefix without a full stop counts as a label.
fn labelled(text: &str, style: Style) -> Vec<Span> {
    match text.split_once(": ") {
        Some((label, rest)) if label.chars().count() <= 40 && !label.contains('.') => vec![
            Span::new(style.with_face(Face::Bold), label),
            Span::new(style, format!(": {rest}")),
        ],
        _ => vec![Span::new(style, text)],
    }
}

/// The band at the top of every page: warband name, validity, page number.
pub fn page_header(
    cx: Ctx,
    roster: &Roster,
    valid: bool,
    page: usize,
    pages: usize,
    width: f32,
) -> Block {
    let title = Style::new(Face::Bold, 13.0, Ink::Black);
    let mut b = Block::new(width);
    let page_label = format!(
        "{} {page} {} {pages}",
        cx.pick("Página", "Page"),
        cx.pick("de", "of")
    );
    let page_w = cx.fonts.width(SMALL.face, 7.0, &page_label);
    let tag = cx.pick("NO VÁLIDA", "INVALID");
    let tag_style = Style::new(Face::Bold, 8.0, Ink::Red);
    let tag_w = if valid {
        0.0
    } else {
        cx.fonts.width(tag_style.face, tag_style.size, tag) + 4.0
    };
    let name = ellipsize(cx.fonts, title, &roster.name, width - page_w - tag_w - 6.0);
    let base = title.ascent() + 0.3;
    b.text(cx.fonts, 0.0, base, title, Align::Left, &name);
    if !valid {
        let x = cx.fonts.width(title.face, title.size, &name) + 3.0;
        b.boxed(
            Area::new(x, base - 3.4, tag_w - 1.0, 4.4),
            Ink::RedPale,
            Ink::Red,
            0.6,
        );
        b.text(cx.fonts, x + 1.5, base - 0.3, tag_style, Align::Left, tag);
    }
    b.text(
        cx.fonts,
        width,
        base,
        SMALL.with_ink(Ink::Muted).with_size(7.0),
        Align::Right,
        &page_label,
    );
    b.hline(0.0, width, base + 2.0, Ink::Black, 0.8);
    b.height = base + 2.0;
    b
}

/// Under the first page's header: points, models, DP per turn, totem and its
/// rule, and every problem of an invalid warband with its rule id.
pub fn summary(
    cx: Ctx,
    roster: &Roster,
    report: &RosterReport,
    views: &[ModelReportView],
    width: f32,
) -> Block {
    let rules = cx.rules;
    let mut b = Block::new(width);
    let l = cx.lang;
    let pool: i32 = views.iter().map(|v| v.dp).sum();
    let over = report.total > report.points_limit;
    let totem = roster.totem.as_deref().filter(|t| !t.trim().is_empty());
    let mut spans = vec![
        Span::new(
            BOLD.with_size(8.0),
            format!("{} / {} pts", report.total, report.points_limit),
        )
        .inked(if over { Ink::Red } else { Ink::Black }),
        Span::new(
            BODY.with_size(8.0),
            format!(" · {} {}", views.len(), l.pick("miniaturas", "models")),
        ),
        Span::new(
            BODY.with_size(8.0),
            format!(" · {} {pool}", l.pick("PD por turno:", "DP per turn:")),
        ),
        Span::new(
            BODY.with_size(8.0),
            format!(" · {}: ", rules.warband.totem.name.get(l)),
        ),
    ];
    spans.push(match totem {
        Some(t) => Span::new(BOLD.with_size(8.0), t),
        None => Span::new(BOLD.with_size(8.0).with_ink(Ink::Red), "—"),
    });
    let mut y = b.paragraph(cx.fonts, 0.0, 0.0, width, 3.6, &spans);
    let totem_rule = format!(
        "{}: {}",
        rules.warband.totem.name.get(l),
        rules.warband.totem.text.get(l)
    );
    y = b.paragraph(
        cx.fonts,
        0.0,
        y + 0.3,
        width,
        2.4,
        &labelled(&totem_rule, SMALL),
    );
    let legend = cx.pick(
        "Pavor (R31): desde la primera casilla gris (= Coraje), 1 complicación en todas las tiradas; \
         si acaba su activación en la roja (doble del Coraje), huye de la batalla.",
        "Fear (R31): from the first grey box (= Courage), 1 complication on every roll; \
         ending its activation on the red box (twice Courage), the model flees the battle.",
    );
    y = b.paragraph(cx.fonts, 0.0, y, width, 2.4, &labelled(legend, SMALL));
    if !report.valid() {
        y = problems_box(cx, &mut b, &report.problems, y + 1.2, width);
    }
    b.height = y;
    b
}

/// A red box: the warband is invalid, and why, each line naming its rule.
fn problems_box(cx: Ctx, b: &mut Block, problems: &[Problem], top: f32, width: f32) -> f32 {
    let red = BODY.with_ink(Ink::Red);
    let mut inner = Block::new(width - 2.0 * PAD);
    let head = cx.pick(
        "BANDA NO VÁLIDA — corrige estos problemas antes de jugar:",
        "INVALID WARBAND — fix these problems before playing:",
    );
    let mut y = inner.paragraph(
        cx.fonts,
        0.0,
        0.0,
        inner.width,
        3.0,
        &[Span::new(red.with_face(Face::Bold).with_size(7.2), head)],
    );
    for p in problems {
        let message = p.message.get(cx.lang);
        let text = match &p.model {
            Some(m) => format!("{m}: {message}"),
            None => message.to_string(),
        };
        let spans = [
            Span::new(red.with_face(Face::Bold), format!("{} ", p.rule)),
            Span::new(red, text),
        ];
        y = inner.paragraph(cx.fonts, 2.0, y, inner.width - 2.0, LEADING, &spans);
    }
    let h = y + 2.0 * PAD - 0.8;
    b.boxed(Area::new(0.0, top, width, h), Ink::RedPale, Ink::Red, 1.0);
    b.place(&inner, PAD, top + PAD);
    top + h
}

/// One model: name band, profile, weapons, gear, rules, spells, notes,
/// problems, and the boxes ticked by hand during a game.
pub fn card(cx: Ctx, v: &ModelReportView, problems: &[&Problem], width: f32) -> Block {
    let mut b = Block::new(width);
    let inner = width - 2.0 * PAD;
    let mut y = card_band(cx, &mut b, v, width);
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
            Span::new(BOLD.with_ink(Ink::Red), format!("⚠ {} ", p.rule)),
            Span::new(BODY.with_ink(Ink::Red), p.message.get(cx.lang)),
        ];
        y = b.paragraph(cx.fonts, PAD, y + 0.4, inner, LEADING, &spans);
    }
    y = trackers(cx, &mut b, v, PAD, y + 1.0, inner);
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
    let h = 5.4;
    let name_style = Style::new(Face::Bold, 8.4, Ink::Black);
    let right_style = BODY.with_size(6.8);
    b.fill(Area::new(0.0, 0.0, width, h), Ink::Band);
    b.hline(0.0, width, h, Ink::Black, 0.5);
    let base = 3.8;
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
        format!("★ {}", cx.pick("Líder", "Leader"))
    } else {
        String::new()
    };
    let leader_style = Style::new(Face::Bold, 6.8, Ink::Red);
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

fn stat_label(stat: Stat, l: Lang) -> &'static str {
    match stat {
        Stat::Agility => l.pick("Agilidad", "Agility"),
        Stat::Combat => l.pick("Combate", "Combat"),
        Stat::Accuracy => l.pick("Precisión", "Accuracy"),
        Stat::Strength => l.pick("Fuerza", "Strength"),
        Stat::Toughness => l.pick("Dureza", "Toughness"),
        Stat::Courage => l.pick("Coraje", "Courage"),
    }
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
        .map(|&s| (stat_label(s, l), v.stats.get(s).to_string()))
        .collect();
    cells.push((l.pick("PD", "DP"), v.dp.to_string()));
    cells.push((l.pick("Blindaje", "Armour"), v.armour.to_string()));
    cells.push((
        l.pick("Movimiento", "Move"),
        format!("{} cm", v.movement_cm),
    ));
    let n = cells.len() as f32;
    let cell_w = width / n;
    let labels: Vec<&str> = cells.iter().map(|(t, _)| *t).collect();
    let label_size = fitting_size(cx, Face::Regular, &labels, cell_w - 0.8, 5.6);
    let (label_h, value_h) = (2.9, 4.4);
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
        b.text(cx.fonts, mid, top + 2.1, ls, Align::Center, label);
        let vs = Style::new(
            Face::Bold,
            if value.len() > 2 { 7.6 } else { 9.0 },
            Ink::Black,
        );
        b.text(cx.fonts, mid, top + label_h + 3.3, vs, Align::Center, value);
    }
    top + label_h + value_h
}

/// Column widths of the weapons table: the name takes what the numbers leave.
fn weapon_columns(cx: Ctx, width: f32, heads: &[&str; 4], size: f32) -> [f32; 5] {
    let num: Vec<f32> = heads
        .iter()
        .zip([8.5_f32, 7.0, 7.0, 7.0])
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
        l.pick("Distancia", "Range"),
        l.pick("Combate", "Combat"),
        l.pick("Fuerza", "Strength"),
        l.pick("Penetración", "Penetration"),
    ];
    let head_size = 5.4;
    let cols = weapon_columns(cx, width, &heads, head_size);
    let head = Style::new(Face::Regular, head_size, Ink::Muted);
    let mut y = top + 2.1;
    b.text(cx.fonts, x, y, head, Align::Left, l.pick("Arma", "Weapon"));
    let mut cx0 = x + cols[0];
    for (h, w) in heads.iter().zip(&cols[1..]) {
        b.text(cx.fonts, cx0 + w / 2.0, y, head, Align::Center, h);
        cx0 += w;
    }
    b.hline(x, x + width, top + 2.8, Ink::Faint, 0.3);
    y = top + 2.8;
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
        let base = y + 2.55;
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
        y += 3.3;
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
            format!("{}: ", cx.pick("Blindaje", "Armour")),
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
    let head = Style::new(Face::Bold, 6.0, Ink::Muted);
    b.text(
        cx.fonts,
        x,
        y + head.ascent(),
        head,
        Align::Left,
        cx.pick("HECHIZOS", "SPELLS"),
    );
    y += 2.5;
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
                    cx.pick("PD", "DP")
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
    let label = BOLD.with_size(6.2);
    let small = SMALL.with_size(5.2);
    let fear_label = cx.pick("Pavor", "Fear");
    let flee = cx.pick("huye", "flees");
    let dp_label = cx.pick("PD", "DP");
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
    let step = ((width - fixed) / boxes).clamp(2.4, 3.8);
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

/// The reference footer: the two die tables of R39 and R38 side by side.
pub fn reference_footer(cx: Ctx, width: f32) -> Block {
    let rules = cx.rules;
    let mut b = Block::new(width);
    let gap = 5.0;
    let col = (width - gap) / 2.0;
    let mut h: f32 = 0.0;
    for (i, id) in ["dark_forces", "spell_backlash"].iter().enumerate() {
        if let Some(t) = rules.roll_table(id) {
            let table = roll_table(cx, t, col);
            b.place(&table, i as f32 * (col + gap), 2.0);
            h = h.max(table.height + 2.0);
        }
    }
    b.hline(0.0, width, 0.0, Ink::Black, 0.8);
    b.height = h;
    b
}

/// One die table: title with its rule id, how to roll, and every row.
fn roll_table(cx: Ctx, t: &RollTable, width: f32) -> Block {
    let l = cx.lang;
    let mut b = Block::new(width);
    let title = Style::new(Face::Bold, 7.2, Ink::Black);
    let title = Span::new(title, format!("{} ({})", t.name.get(l), t.rule));
    let mut y = b.paragraph(cx.fonts, 0.0, 0.0, width, 3.0, &[title]);
    // How to roll: the table's own words, or its dice and what is added.
    let how = match &t.description {
        Some(d) => d.get(l).to_string(),
        None => std::iter::once(t.dice.as_str())
            .chain(t.modifiers.iter().map(|m| m.name.get(l)))
            .collect::<Vec<_>>()
            .join(" + "),
    };
    y = b.paragraph(
        cx.fonts,
        0.0,
        y - 0.3,
        width,
        2.3,
        &[Span::new(SMALL.with_size(5.6), how)],
    ) + 0.4;
    let text = SMALL.with_ink(Ink::Black).with_size(5.8);
    let range_w = 8.0;
    for (i, row) in t.rows.iter().enumerate() {
        let mut cell = Block::new(width - range_w);
        let bottom = cell.paragraph(
            cx.fonts,
            0.0,
            0.45,
            cell.width - 0.8,
            2.3,
            &[Span::new(text, row.text.get(l))],
        );
        let h = bottom + 0.35;
        if i % 2 == 0 {
            b.fill(Area::new(0.0, y, width, h), Ink::Shade);
        }
        b.text(
            cx.fonts,
            range_w / 2.0,
            y + 0.45 + text.ascent(),
            text.with_face(Face::Bold),
            Align::Center,
            &row.range,
        );
        b.place(&cell, range_w, y);
        y += h;
    }
    b.height = y;
    b
}
