//! The laptop's Undo (issue 33): it may always undo, and while the game is
//! shared both phones are told; but a result the warbands' records hold is
//! withdrawn only after a warning that names it, and the records then keep
//! the entry marked withdrawn.

use super::{Form, GameView, widgets};
use crate::core::text::{Lang, Text};

impl GameView {
    /// Undo as the laptop; `withdraw`: the warning was answered.
    pub(super) fn undo_as_laptop(&mut self, withdraw: bool) {
        let Some(g) = self.game.as_mut() else {
            return;
        };
        if g.undo_withdraws_result() && !withdraw {
            self.confirm_withdraw = true;
            return;
        }
        let r = match self.share.laptop_undo(g, withdraw) {
            Some(r) => r,
            None => g.undo(),
        };
        self.form = Form::None;
        match r {
            Ok(h) => {
                self.message = None;
                // The seats told the phones already.
                if let Some(h) = h {
                    self.show(&h);
                }
            }
            Err(e) => {
                self.say(Text::each(|l| e.message(l)), true);
                if let Some(h) = e.happened() {
                    self.show_beside(h);
                }
            }
        }
    }

    /// Undo was pressed on a result the records hold: say which result it
    /// withdraws, and undo only on "Withdraw".
    pub(super) fn withdraw_modal(&mut self, ctx: &egui::Context, l: Lang) {
        if !self.confirm_withdraw {
            return;
        }
        let Some(g) = self.game.as_ref() else {
            self.confirm_withdraw = false;
            return;
        };
        let result = g.result_words(l);
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("withdraw_modal")).show(ctx, |ui| {
            ui.heading(l.pick("¿Retirar el resultado?", "Withdraw the result?"));
            ui.label(result);
            ui.label(l.pick(
                "Está confirmado y en el historial de las bandas. Deshacer el final lo retira: \
                 la entrada queda, marcada como retirada, y deja de contar en la liga.",
                "It is confirmed and in the warbands' records. Undoing the end withdraws it: \
                 the entry stays, marked withdrawn, and no longer counts in the league.",
            ));
            ui.horizontal(|ui| {
                if widgets::big_button(ui, l.pick("↶ Retirar", "↶ Withdraw")).clicked() {
                    answer = Some(true);
                }
                if ui.button(l.pick("Cancelar", "Cancel")).clicked() {
                    answer = Some(false);
                }
            });
        });
        match answer {
            Some(true) => {
                self.confirm_withdraw = false;
                self.undo_as_laptop(true);
            }
            Some(false) => self.confirm_withdraw = false,
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use egui_kittest::kittest::Queryable as _;

    use super::super::test_kit::*;
    use crate::core::game::{Action, Host, act};
    use crate::core::text::Lang;

    /// Issue 33: Undo on an end the records hold asks first, naming the
    /// result; Cancel leaves the records as they were, Withdraw keeps the
    /// entry marked withdrawn.
    #[test]
    fn undo_of_a_recorded_end_should_warn_naming_the_result_then_withdraw_it() {
        let dir = tempfile::tempdir().expect("tmp");
        let file = dir.path().join("g.yaml");
        let g = new_game();
        let mut host = Host::detached(g);
        host.save_as(&file, false).expect("a game file");
        host.apply(Action::EndGame(act::EndGame {}))
            .expect("the end");
        let result = host.result_words(Lang::En);
        let records = || {
            // Issue 38: the game's result files, in name order.
            let mut v: Vec<_> = std::fs::read_dir(dir.path().join("records").join("results"))
                .expect("records")
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
                .map(|p| std::fs::read_to_string(p).expect("a record"))
                .collect();
            v.sort();
            v
        };
        let before = records();
        assert_eq!(before.len(), 1);
        let mut a = app(new_game(), Lang::En);
        a.game.game = Some(host);
        let mut h = harness(a);
        h.run();
        h.get_by_label("↶ Undo").click();
        h.run();
        h.get_by_label("Withdraw the result?");
        h.get_by_label(&result);
        h.get_by_label("Cancel").click();
        h.run();
        assert!(game(&h).state().ended.is_some(), "nothing undone");
        assert_eq!(records(), before, "the records as they were");
        h.get_by_label("↶ Undo").click();
        h.run();
        h.get_by_label("↶ Withdraw").click();
        h.run();
        assert!(game(&h).state().ended.is_none());
        let after = records();
        assert_eq!(after.len(), 2, "the result and its withdrawal");
        assert!(after[0] == before[0], "the result file never rewritten");
        assert!(after[1].contains("withdrawn: true"), "{}", after[1]);
    }
}
