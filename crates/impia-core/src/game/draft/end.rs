//! R14, R33: what an activation ends touching, declared on End activation
//! (issue 34: every client asks it, the phones too).

use super::{Choice, DeclKey, DeclKind, Declaration, Effect};
use crate::game::guard::Ctx;
use crate::game::refs::ModelRef;
use crate::game::state::GameState;
use crate::glossary::FEAR;
use crate::tables::Stat;
use crate::text::{Lang, Text};

/// R14, R33: what the activation of `m` ends touching: the terrain rows
/// with an effect (each with it), and the enemy totem's 15 cm while it
/// stands (the rule refuses it once destroyed).
pub(crate) fn end_declarations(st: &GameState, ctx: Ctx<'_>, m: ModelRef) -> Vec<Declaration> {
    let mut out = Vec::new();
    let choices: Vec<Choice> = ctx
        .rules
        .warband
        .terrain
        .iter()
        .map(|t| Choice {
            id: t.id.clone(),
            label: terrain_label(t),
        })
        .collect();
    if !choices.is_empty() {
        out.push(Declaration {
            key: DeclKey::Terrain,
            label: Text::new("Termina tocando (R14)", "Ends touching (R14)"),
            kind: DeclKind::Pick {
                choices,
                many: true,
            },
        });
    }
    let totem = m
        .side
        .opponent()
        .and_then(|o| st.side(o))
        .is_some_and(|s| s.totem_standing);
    if totem {
        let fear = ctx.rules.warband.fear.enemy_totem.fear;
        out.push(Declaration {
            key: DeclKey::EnemyTotem,
            label: Text::new(
                format!(
                    "A 15 cm o menos del Tótem enemigo (R33): {} {fear:+}",
                    FEAR.get(Lang::Es)
                ),
                format!(
                    "Within 15 cm of the enemy totem (R33): {} {fear:+}",
                    FEAR.get(Lang::En)
                ),
            ),
            kind: DeclKind::Flag {
                effect: Effect::default(),
            },
        });
    }
    out
}

/// A terrain row's name with what ending an activation on it does (R14).
fn terrain_label(t: &crate::tables::TerrainRules) -> Text {
    let mut es = Vec::new();
    let mut en = Vec::new();
    if t.end_fear != 0 {
        es.push(format!("{} {:+}", FEAR.get(Lang::Es), t.end_fear));
        en.push(format!("{} {:+}", FEAR.get(Lang::En), t.end_fear));
    }
    if t.end_toughness != 0 {
        let name = crate::glossary::stat(Stat::Toughness);
        es.push(format!("{} {:+}", name.get(Lang::Es), t.end_toughness));
        en.push(format!("{} {:+}", name.get(Lang::En), t.end_toughness));
    }
    if t.end_fall {
        es.push("Caída".to_string());
        en.push("a Fall".to_string());
    }
    if es.is_empty() {
        return t.name.clone();
    }
    Text::new(
        format!("{} ({})", t.name.es, es.join(", ")),
        format!("{} ({})", t.name.en, en.join(", ")),
    )
}
