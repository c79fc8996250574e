//! A campaign pack: a table pack (docs/TABLE-PACKS.md, its tables checked
//! as strictly as any pack's) grown by a `campaign:` section at the end of
//! the file: the house-rule label, the experience awards and what an
//! advance costs, income, hiring costs, and what each row of the injury and
//! advance tables does to a model. The rules summary has no campaign rules:
//! every pack carries its label, shown wherever it is used.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::error::{DataError, Pos};
use crate::packs::{Body, Origin, Pack, PackTable, RollBody, parse_pack_file};
use crate::tables::ProfileEffect;
use crate::text::Text;

/// The example pack that ships with impia (Spanish and English).
pub const SHIPPED_CAMPAIGN: (&str, &str) = (
    "tables/campaign/casa.yaml",
    include_str!("../../../../tables/campaign/casa.yaml"),
);

/// A loaded campaign pack.
#[derive(Clone, Debug, PartialEq)]
pub struct CampaignPack {
    pub tables: Pack,
    /// "house rules — not in the rules summary", in both languages.
    pub label: Text,
    pub injury: String,
    pub advance: String,
    pub experience: Experience,
    /// The experience each advance spends: the first, the second…; the last
    /// repeats.
    pub advance_costs: Vec<u32>,
    pub starting_gold: i64,
    pub income: Income,
    pub hiring: Vec<Hire>,
    /// What each row of a table does, by table id then row label.
    pub results: BTreeMap<String, BTreeMap<String, RowEffect>>,
}

#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Experience {
    /// Each model that took part.
    pub took_part: u32,
    /// Each enemy model the model put Down.
    pub per_down: u32,
    /// Each model that took part, when its warband won.
    pub win: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Income {
    pub base: i64,
    pub per_vp: i64,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hire {
    /// A troop id of tables/troops.yaml.
    pub troop: String,
    pub gold: i64,
}

/// What a table row does to the model it was rolled for.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RowEffect {
    /// Short name, written on the model (its mark).
    pub name: Text,
    #[serde(default)]
    pub effects: ProfileEffect,
    /// Points the mark adds to the model's cost.
    #[serde(default)]
    pub cost: u32,
    /// The model dies: it goes to the warband's fallen.
    #[serde(default)]
    pub dead: bool,
    /// Gold gained (or lost when negative).
    #[serde(default)]
    pub gold: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCampaign {
    campaign: RawSection,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSection {
    version: Option<u32>,
    label: Text,
    injury: String,
    advance: String,
    #[serde(default)]
    experience: Experience,
    advance_costs: Vec<u32>,
    #[serde(default)]
    starting_gold: i64,
    #[serde(default)]
    income: Income,
    #[serde(default)]
    hiring: Vec<Hire>,
    results: BTreeMap<String, BTreeMap<String, RowEffect>>,
}

/// The campaign pack format this impia reads.
pub const CAMPAIGN_PACK_VERSION: u32 = 1;

impl CampaignPack {
    /// The example pack shipped with impia.
    pub fn shipped() -> Result<CampaignPack, DataError> {
        parse_campaign_pack(SHIPPED_CAMPAIGN.0, SHIPPED_CAMPAIGN.1, Origin::Shipped)
    }

    pub fn id(&self) -> &str {
        &self.tables.id
    }

    /// A roll table of the pack by id.
    pub fn roll_table(&self, id: &str) -> Option<(&PackTable, &RollBody)> {
        let t = self.tables.table(id)?;
        match &t.body {
            Body::Roll(r) => Some((t, r)),
            Body::Lookup(_) => None,
        }
    }

    /// What row `row` of table `table` does.
    pub fn effect(&self, table: &str, row: usize) -> Option<&RowEffect> {
        let (_, body) = self.roll_table(table)?;
        let label = &body.rows.get(row)?.label;
        self.results.get(table)?.get(label)
    }

    /// The experience the `n`-th advance (0-based) spends.
    pub fn advance_cost(&self, n: usize) -> u32 {
        self.advance_costs
            .get(n)
            .or(self.advance_costs.last())
            .copied()
            .unwrap_or(u32::MAX)
    }

    pub fn hire(&self, troop: &str) -> Option<&Hire> {
        self.hiring.iter().find(|h| h.troop == troop)
    }
}

/// Parse a campaign pack: the pack part (everything before the line
/// `campaign:`) as a table pack, then the `campaign:` section; `name`
/// names the file in errors, whose lines count from the file's start.
// The checks in the order the file reads, each naming its line.
#[allow(clippy::too_many_lines)]
pub fn parse_campaign_pack(
    name: &str,
    text: &str,
    origin: Origin,
) -> Result<CampaignPack, DataError> {
    let text = crate::fsutil::strip_bom(text);
    let at = text
        .match_indices("\ncampaign:")
        .map(|(i, _)| i + 1)
        .find(|i| text[*i + "campaign:".len()..].starts_with(['\n', ' ', '\r']))
        .ok_or_else(|| {
            DataError::whole(
                name,
                "a campaign pack needs a `campaign:` section at the end, after the pack's `tables:`",
            )
        })?;
    let tables = parse_pack_file(name, &text[..at], origin)?;
    let section = &text[at..];
    let offset = text[..at].matches('\n').count();
    let shift = |mut e: DataError| {
        if let Some(p) = e.pos.as_mut() {
            p.line += offset;
        }
        e
    };
    crate::yaml::check(name, section).map_err(shift)?;
    let raw: RawCampaign =
        serde_yaml::from_str(section).map_err(|e| shift(DataError::yaml(name, &e)))?;
    let raw = raw.campaign;
    let line_of = |needle: &str| {
        section
            .lines()
            .position(|l| l.trim_start().starts_with(needle))
            .map_or(
                Pos {
                    line: offset + 1,
                    column: 1,
                },
                |i| Pos {
                    line: offset + i + 1,
                    column: 1,
                },
            )
    };
    if let Some(v) = raw.version
        && v > CAMPAIGN_PACK_VERSION
    {
        return Err(DataError::at(
            name,
            line_of("version:"),
            format!(
                "campaign pack version {v} is newer than this impia reads ({CAMPAIGN_PACK_VERSION}); update impia"
            ),
        ));
    }
    if raw.label.es.trim().is_empty() || raw.label.en.trim().is_empty() {
        return Err(DataError::at(
            name,
            line_of("label:"),
            "the label (es and en) must say these are house rules, not in the rules summary",
        ));
    }
    if raw.advance_costs.is_empty() || raw.advance_costs.contains(&0) {
        return Err(DataError::at(
            name,
            line_of("advance_costs:"),
            "advance_costs: at least one number, each 1 or more",
        ));
    }
    let pack = CampaignPack {
        tables,
        label: raw.label,
        injury: raw.injury,
        advance: raw.advance,
        experience: raw.experience,
        advance_costs: raw.advance_costs,
        starting_gold: raw.starting_gold,
        income: raw.income,
        hiring: raw.hiring,
        results: raw.results,
    };
    // Every row of the two tables says what it does, and every result
    // names a row: a row without an effect would roll to nothing.
    for (key, id) in [("injury:", &pack.injury), ("advance:", &pack.advance)] {
        let Some((_, body)) = pack.roll_table(id) else {
            return Err(DataError::at(
                name,
                line_of(key),
                format!("`{key}` names '{id}', which is not a roll table of this pack"),
            ));
        };
        let results = pack.results.get(id.as_str());
        for row in &body.rows {
            if results.is_none_or(|r| !r.contains_key(&row.label)) {
                return Err(DataError::at(
                    name,
                    line_of("results:"),
                    format!("results: table '{id}' row '{}' has no effect", row.label),
                ));
            }
        }
        if !body.omit.is_empty() {
            return Err(DataError::at(
                name,
                line_of(key),
                format!(
                    "table '{id}' leaves totals out; a campaign table needs a row for every total"
                ),
            ));
        }
    }
    for (table, rows) in &pack.results {
        let Some((_, body)) = pack.roll_table(table) else {
            return Err(DataError::at(
                name,
                line_of(&format!("{table}:")),
                format!("results: '{table}' is not a roll table of this pack"),
            ));
        };
        for label in rows.keys() {
            if !body.rows.iter().any(|r| &r.label == label) {
                return Err(DataError::at(
                    name,
                    line_of(&format!("\"{label}\":")),
                    format!("results: table '{table}' has no row '{label}'"),
                ));
            }
        }
    }
    Ok(pack)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_campaign_pack_loads_and_says_it_is_house_rules() {
        let p = CampaignPack::shipped().expect("shipped pack");
        assert!(p.label.en.contains("house rules"), "{}", p.label.en);
        assert!(p.label.es.contains("reglas de la casa"), "{}", p.label.es);
    }

    #[test]
    fn a_row_without_an_effect_is_refused_with_its_line() {
        let (name, text) = SHIPPED_CAMPAIGN;
        let cut = text.replacen("      \"12\":", "      \"99\":", 1);
        let e = parse_campaign_pack(name, &cut, Origin::Shipped).expect_err("refused");
        assert!(
            e.message.contains("'12'") || e.message.contains("'99'"),
            "{e}"
        );
        assert!(e.pos.is_some(), "{e}");
    }

    #[test]
    fn a_pack_without_a_campaign_section_is_refused() {
        let (name, text) = SHIPPED_CAMPAIGN;
        let at = text.find("\ncampaign:").expect("section");
        let e = parse_campaign_pack(name, &text[..at], Origin::Shipped).expect_err("refused");
        assert!(e.message.contains("campaign:"), "{e}");
    }
}
