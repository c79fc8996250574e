//! The reference footer at the foot of the last page: every action with its
//! DP cost (the list players look up mid-game, from `tables/actions.yaml`),
//! then the two die tables, R39 dark forces and R38 spell backlash.

use crate::core::tables::RollTable;

use super::fonts::Face;
use super::layout::{Align, Area, Block};
use super::sheet::{BODY, BOLD, Ctx, SMALL, SMALL_LEADING};
use super::style::{Ink, Span, Style};
use super::text::ellipsize;

/// Columns of the action costs table.
const COST_COLUMNS: usize = 4;

/// The reference footer: action costs across the width, then the two die
/// tables of R39 and R38 side by side.
pub fn reference_footer(cx: Ctx, width: f32) -> Block {
    let rules = cx.rules;
    let mut b = Block::new(width);
    b.hline(0.0, width, 0.0, Ink::Black, 0.8);
    let costs = action_costs(cx, width);
    b.place(&costs, 0.0, 2.0);
    let top = 2.0 + costs.height + 2.0;
    let gap = 5.0;
    let col = (width - gap) / 2.0;
    let mut h: f32 = top;
    for (i, id) in ["dark_forces", "spell_backlash"].iter().enumerate() {
        if let Some(t) = rules.roll_table(id) {
            let table = roll_table(cx, t, col);
            b.place(&table, i as f32 * (col + gap), top);
            h = h.max(top + table.height);
        }
    }
    b.height = h;
    b
}

/// Every action of the tables with its DP cost, in columns, in the tables'
/// order (R09–R41); a spell's cost is its own.
fn action_costs(cx: Ctx, width: f32) -> Block {
    let l = cx.lang;
    let mut b = Block::new(width);
    let title = Style::new(Face::Bold, 9.0, Ink::Black);
    let mut y = b.paragraph(
        cx.fonts,
        0.0,
        0.0,
        width,
        3.8,
        &[
            Span::new(
                title,
                l.pick("Acciones y su coste en PD", "Actions and their DP cost"),
            ),
            Span::new(
                SMALL,
                l.pick(
                    " · se pagan de la Reserva común o de los PD propios (R11)",
                    " · paid from the destiny pool or the model's own DP (R11)",
                ),
            ),
        ],
    );
    y += 0.4;
    let actions = &cx.rules.actions;
    let rows = actions.len().div_ceil(COST_COLUMNS);
    let gap = 3.0;
    let col = (width - gap * (COST_COLUMNS - 1) as f32) / COST_COLUMNS as f32;
    let row_h = 3.9;
    let cost_w = cx.fonts.width(Face::Bold, BODY.size, "00");
    for r in 0..rows {
        if r % 2 == 0 {
            b.fill(
                Area::new(0.0, y + r as f32 * row_h, width, row_h),
                Ink::Shade,
            );
        }
    }
    for (i, a) in actions.iter().enumerate() {
        let (c, r) = (i / rows, i % rows);
        let x = c as f32 * (col + gap);
        let base = y + r as f32 * row_h + 2.9;
        let (cost, cost_style) = match a.dp {
            Some(dp) => (dp.to_string(), BOLD),
            None => (l.pick("su coste", "its cost").to_string(), BODY),
        };
        let cost_room = cost_w.max(cx.fonts.width(cost_style.face, cost_style.size, &cost));
        let name = ellipsize(cx.fonts, BODY, a.name.get(l), col - cost_room - 2.5);
        b.text(cx.fonts, x + 0.8, base, BODY, Align::Left, &name);
        b.text(
            cx.fonts,
            x + col - 0.8,
            base,
            cost_style,
            Align::Right,
            &cost,
        );
    }
    y += rows as f32 * row_h;
    b.height = y;
    b
}

/// One die table: title with its rule id, how to roll, and every row.
fn roll_table(cx: Ctx, t: &RollTable, width: f32) -> Block {
    let l = cx.lang;
    let mut b = Block::new(width);
    let title = Style::new(Face::Bold, 9.0, Ink::Black);
    let title = Span::new(title, format!("{} ({})", t.name.get(l), t.rule));
    let mut y = b.paragraph(cx.fonts, 0.0, 0.0, width, 3.8, &[title]);
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
        SMALL_LEADING,
        &[Span::new(SMALL, how)],
    ) + 0.4;
    let text = BODY;
    let range_w = 10.0;
    for (i, row) in t.rows.iter().enumerate() {
        let mut cell = Block::new(width - range_w);
        let bottom = cell.paragraph(
            cx.fonts,
            0.0,
            0.35,
            cell.width - 0.8,
            3.15,
            &[Span::new(text, row.text.get(l))],
        );
        let h = bottom + 0.2;
        if i % 2 == 0 {
            b.fill(Area::new(0.0, y, width, h), Ink::Shade);
        }
        b.text(
            cx.fonts,
            range_w / 2.0,
            y + 0.35 + text.ascent(),
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
