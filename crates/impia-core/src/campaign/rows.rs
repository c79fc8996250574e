//! A table row applied to a model: its mark, its death, its gold.

use super::state::{CampaignState, Fallen, line};
use super::{CampaignPack, Refused, refused};
use crate::roster::Mark;

impl CampaignState {
    /// A table's row applied to a model: its mark, its death, its gold.
    pub(super) fn result(
        &mut self,
        pack: &CampaignPack,
        table: &str,
        uid: u32,
        dice: &[u32],
        row: usize,
        game: u32,
    ) -> Result<(), Refused> {
        let Some(e) = pack.effect(table, row) else {
            return Err(refused(
                format!("la tabla {table} no tiene fila {row}"),
                format!("table {table} has no row {row}"),
            ));
        };
        let label = pack
            .roll_table(table)
            .and_then(|(_, b)| b.rows.get(row))
            .map(|r| r.label.clone())
            .unwrap_or_default();
        let dice_words = dice
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join("+");
        let m = self.member_mut(uid)?;
        m.history.push(line(
            game,
            format!(
                "{} ({dice_words}): {}",
                table_name(pack, table, true),
                e.name.es
            ),
            format!(
                "{} ({dice_words}): {}",
                table_name(pack, table, false),
                e.name.en
            ),
        ));
        if e.effects != Default::default() || e.cost != 0 {
            m.model.marks.push(Mark {
                id: format!("{}/{table}/{label}", pack.id()),
                name: e.name.clone(),
                game,
                effects: e.effects.clone(),
                cost: e.cost,
            });
        }
        let name = m.model.name.clone();
        if e.dead
            && let Some(i) = self.members.iter().position(|x| x.uid == uid)
        {
            let m = self.members.remove(i);
            self.fallen.push(Fallen {
                uid: m.uid,
                model: m.model,
                xp: m.xp,
                game,
                history: m.history,
            });
        }
        if e.gold != 0 {
            self.entry(
                e.gold,
                format!("{}: {}", name, e.name.es),
                format!("{}: {}", name, e.name.en),
            );
        }
        Ok(())
    }
}

fn table_name(pack: &CampaignPack, table: &str, es: bool) -> String {
    pack.roll_table(table)
        .map(|(t, _)| {
            if es {
                t.name.es.clone()
            } else {
                t.name.en.clone()
            }
        })
        .unwrap_or_else(|| table.to_string())
}
