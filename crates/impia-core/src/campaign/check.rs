//! A roll's dice must read the row its step claims; a game's part in words.

use super::{CampaignPack, PlayedModel, Refused, refused};

pub(super) fn down_words(m: &PlayedModel, es: bool) -> String {
    let mut w = Vec::new();
    if m.down {
        w.push(if es { "quedó Abatida" } else { "went Down" });
    }
    if m.removed {
        w.push(if es { "retirada" } else { "removed" });
    }
    if m.fled {
        w.push(if es { "huyó" } else { "fled" });
    }
    if w.is_empty() {
        String::new()
    } else {
        format!("; {}", w.join(", "))
    }
}

/// A roll's dice must be the table's and read the row given: a file's
/// step cannot claim another row than its dice read.
pub(super) fn check_roll(
    pack: &CampaignPack,
    table: &str,
    dice: &[u32],
    row: usize,
) -> Result<(), Refused> {
    let Some((_, body)) = pack.roll_table(table) else {
        return Err(refused(
            format!("el paquete no tiene la tabla {table}"),
            format!("the pack has no table {table}"),
        ));
    };
    let sides = body.dice.sides;
    let ok = dice.len() == body.dice.count as usize && dice.iter().all(|d| (1..=sides).contains(d));
    let total = dice.iter().map(|d| *d as i32).sum::<i32>() + body.dice.bonus;
    if !ok || body.row_for(total) != Some(row) {
        return Err(refused(
            format!("los dados {dice:?} no leen la fila {row} de la tabla {table}"),
            format!("the dice {dice:?} do not read row {row} of table {table}"),
        ));
    }
    Ok(())
}
