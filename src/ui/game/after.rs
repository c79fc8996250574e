//! Issue 38: after the game, each warband that came from a campaign gets
//! its after-game step as the core drafts it (`campaign::after`): the
//! house-rule label, experience to those who took part, a roll for each
//! model that went Down with the exact chance of every row shown before
//! the roll, the income, and one button that takes them all up to the
//! mark "after game N". The view words nothing and rolls nothing.

use super::GameView;
use crate::core::campaign::after::{self, AfterGame, SideAfter};
use crate::core::game::Side;
use crate::core::tables::RuleSet;
use crate::core::text::{Lang, Text};

/// The drafts for one state of the game, and what was confirmed.
#[derive(Default)]
pub struct AfterPanel {
    /// (game id, log length, confirmations) → each warband's draft.
    drafts: Option<((String, usize, usize), Vec<SideAfter>)>,
    /// Each side's confirmed steps in words, or why it failed.
    done: Vec<(Side, Result<Vec<String>, Text>)>,
}

impl GameView {
    /// The campaign warbands' after-game steps (nothing for a game
    /// without one).
    pub(super) fn after_game_ui(&mut self, ui: &mut egui::Ui, rules: &RuleSet, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        if g.setup().campaigns.a.is_none() && g.setup().campaigns.b.is_none() {
            return;
        }
        let key = (
            g.setup().game_id(),
            g.actions().len(),
            self.after.done.len(),
        );
        if !matches!(&self.after.drafts, Some((k, _)) if *k == key) {
            let drafts = after::after_games(g, rules, &self.library.campaigns());
            self.after.drafts = Some((key, drafts));
        }
        let mut confirm = None;
        if let Some((_, drafts)) = &self.after.drafts {
            for d in drafts {
                ui.separator();
                let done = self
                    .after
                    .done
                    .iter()
                    .find(|(s, _)| *s == d.side)
                    .map(|(_, r)| r);
                if side_ui(ui, d, done, l) {
                    confirm = Some(d.side);
                }
            }
        }
        if let Some(side) = confirm {
            let r = after::confirm_side(g, side, rules, &self.library.campaigns(), l)
                .map_err(|e| Text::new(e.to_string(), e.to_string()));
            self.after.done.retain(|(s, _)| *s != side);
            self.after.done.push((side, r));
        }
    }
}

/// One warband's after-game step; true when its Confirm was clicked.
fn side_ui(
    ui: &mut egui::Ui,
    d: &SideAfter,
    done: Option<&Result<Vec<String>, Text>>,
    l: Lang,
) -> bool {
    let Some(draft) = &d.draft else {
        ui.heading(l.pick("Campaña", "Campaign"));
        if let Some(e) = &d.error {
            super::widgets::error_label(ui, e.get(l));
        }
        return false;
    };
    ui.heading(format!(
        "{} — {} {}",
        draft.warband,
        l.pick("tras la partida", "after game"),
        draft.game
    ));
    // The house rule first, on every screen that uses the pack.
    ui.label(
        egui::RichText::new(format!("⚠ {}", draft.label.get(l))).color(ui.visuals().warn_fg_color),
    );
    match done {
        Some(Ok(words)) => {
            ui.label(
                egui::RichText::new(
                    l.pick("✔ Anotado en la campaña:", "✔ Written to the campaign:"),
                )
                .strong(),
            );
            for w in words {
                ui.label(w);
            }
            return false;
        }
        Some(Err(e)) => super::widgets::error_label(ui, e.get(l)),
        None => {}
    }
    if let Some(why) = &draft.refused {
        ui.label(why.get(l));
        return false;
    }
    // The button above the steps, in view at once; the steps and each
    // roll's odds below it are what it takes.
    let label = format!(
        "✔ {} «{} {}»",
        l.pick("Confirmar hasta", "Confirm up to"),
        l.pick("tras la partida", "after game"),
        draft.game
    );
    let clicked = super::widgets::big_button(ui, &label).clicked();
    ui.add_space(6.0);
    steps_ui(ui, draft, l);
    clicked
}

/// The drafted steps, each roll with the chance of every row.
fn steps_ui(ui: &mut egui::Ui, draft: &AfterGame, l: Lang) {
    for o in &draft.steps {
        ui.label(o.what.get(l));
        if o.odds.is_empty() {
            continue;
        }
        egui::Grid::new(("after_odds", &o.id))
            .num_columns(3)
            .spacing([10.0, 2.0])
            .show(ui, |ui| {
                for r in &o.odds {
                    ui.label(&r.label);
                    ui.label(format!("{} ({})", r.percent.get(l), r.exact));
                    ui.label(r.text.get(l));
                    ui.end_row();
                }
            });
    }
}
