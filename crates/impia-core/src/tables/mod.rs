//! The rule data: loaded from the YAML files of `tables/` (embedded in the
//! binary), optionally overridden or extended by a user folder, and checked
//! strictly (unknown fields, missing columns, duplicate ids, gaps and overlaps
//! in die ranges), each error naming file, line and column.

pub mod range;
pub mod reference;
pub mod roll;
pub mod types;

use std::collections::HashSet;
use std::path::Path;

use serde::de::DeserializeOwned;

use crate::dice_expr::{DiceExpr, DiceExprError};
use crate::error::{DataError, Pos, locate_key, locate_key_value};
use crate::fsutil::YamlFolder;
pub use crate::fsutil::read_text;
pub use range::RowRange;
pub use types::*;

/// The shipped tables, embedded so that `impia` works from any folder.
pub const BUILTIN_FILES: &[(&str, &str)] = &[
    (
        "troops.yaml",
        include_str!("../../../../tables/troops.yaml"),
    ),
    (
        "melee_weapons.yaml",
        include_str!("../../../../tables/melee_weapons.yaml"),
    ),
    (
        "ranged_weapons.yaml",
        include_str!("../../../../tables/ranged_weapons.yaml"),
    ),
    (
        "armours.yaml",
        include_str!("../../../../tables/armours.yaml"),
    ),
    (
        "equipment.yaml",
        include_str!("../../../../tables/equipment.yaml"),
    ),
    (
        "upgrades.yaml",
        include_str!("../../../../tables/upgrades.yaml"),
    ),
    (
        "actions.yaml",
        include_str!("../../../../tables/actions.yaml"),
    ),
    (
        "dark_forces.yaml",
        include_str!("../../../../tables/dark_forces.yaml"),
    ),
    (
        "spell_backlash.yaml",
        include_str!("../../../../tables/spell_backlash.yaml"),
    ),
    ("fall.yaml", include_str!("../../../../tables/fall.yaml")),
    ("jump.yaml", include_str!("../../../../tables/jump.yaml")),
    ("cover.yaml", include_str!("../../../../tables/cover.yaml")),
    (
        "warband.yaml",
        include_str!("../../../../tables/warband.yaml"),
    ),
    (
        "reference.yaml",
        include_str!("../../../../tables/reference.yaml"),
    ),
];

/// Every table of the game, typed and checked.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleSet {
    pub troops: Vec<Troop>,
    pub melee_weapons: Vec<MeleeWeapon>,
    pub ranged_weapons: Vec<RangedWeapon>,
    pub armours: Vec<Armour>,
    pub equipment: Vec<Equipment>,
    pub upgrades: Vec<Upgrade>,
    pub actions: Vec<ActionCost>,
    /// Die-range tables: dark forces, spell backlash, and any a user adds.
    pub roll_tables: Vec<RollTable>,
    pub fall: FallTable,
    pub jump: JumpTable,
    pub cover: CoverTable,
    pub warband: WarbandRules,
    /// The rules reference shown in the app (R01–R42 and our readings).
    pub reference: reference::Reference,
}

/// Anything with a stable id, for duplicate checks and overrides.
pub trait HasId {
    fn id(&self) -> &str;
}

macro_rules! has_id {
    ($($t:ty),*) => { $(impl HasId for $t { fn id(&self) -> &str { &self.id } })* };
}
has_id!(
    Troop,
    MeleeWeapon,
    RangedWeapon,
    Armour,
    Equipment,
    Upgrade,
    ActionCost,
    RollTable
);

/// One source text of a table file: its name (for errors) and content.
struct Source<'a> {
    name: String,
    text: &'a str,
    /// One of the shipped tables: embedded and tested, so the YAML guard
    /// (`core::yaml::check`) is spared at every start.
    shipped: bool,
}

fn parse<T: DeserializeOwned>(src: &Source<'_>) -> Result<T, DataError> {
    if src.text.trim().is_empty() {
        return Err(DataError::whole(&src.name, "the file is empty"));
    }
    if src.shipped {
        return serde_yaml::from_str(src.text).map_err(|e| DataError::yaml(&src.name, &e));
    }
    crate::yaml::from_str(&src.name, src.text)
}

/// A list file: parse it and refuse duplicate ids, pointing at the second one.
fn parse_list<T: DeserializeOwned + HasId>(src: &Source<'_>) -> Result<Vec<T>, DataError> {
    let items: Vec<T> = parse(src)?;
    check_unique(&items, src)?;
    Ok(items)
}

fn check_unique<T: HasId>(items: &[T], src: &Source<'_>) -> Result<(), DataError> {
    let mut seen = HashSet::new();
    for item in items {
        if !seen.insert(item.id()) {
            let pos = locate_key_value(src.text, "id", item.id(), 1)
                .or_else(|| locate_key_value(src.text, "id", item.id(), 0))
                .unwrap_or(Pos { line: 1, column: 1 });
            return Err(DataError::at(
                &src.name,
                pos,
                format!("duplicate id '{}': every id must be unique", item.id()),
            ));
        }
    }
    Ok(())
}

/// Override entries by id and append new ones (a user folder over the shipped data).
fn merge<T: HasId>(base: &mut Vec<T>, extra: Vec<T>) {
    for item in extra {
        match base.iter().position(|b| b.id() == item.id()) {
            Some(i) => base[i] = item,
            None => base.push(item),
        }
    }
}

fn builtin(name: &str) -> Source<'static> {
    let text = BUILTIN_FILES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
        .unwrap_or("");
    Source {
        name: format!("tables/{name}"),
        text,
        shipped: true,
    }
}

impl RuleSet {
    /// The shipped tables alone.
    pub fn builtin() -> Result<RuleSet, DataError> {
        let rs = RuleSet {
            troops: parse_list(&builtin("troops.yaml"))?,
            melee_weapons: parse_list(&builtin("melee_weapons.yaml"))?,
            ranged_weapons: parse_list(&builtin("ranged_weapons.yaml"))?,
            armours: parse_list(&builtin("armours.yaml"))?,
            equipment: parse_list(&builtin("equipment.yaml"))?,
            upgrades: parse_list(&builtin("upgrades.yaml"))?,
            actions: parse_list(&builtin("actions.yaml"))?,
            roll_tables: vec![
                parse_roll_table(&builtin("dark_forces.yaml"))?,
                parse_roll_table(&builtin("spell_backlash.yaml"))?,
            ],
            fall: parse(&builtin("fall.yaml"))?,
            jump: parse(&builtin("jump.yaml"))?,
            cover: parse(&builtin("cover.yaml"))?,
            warband: parse(&builtin("warband.yaml"))?,
            reference: parse(&builtin("reference.yaml"))?,
        };
        rs.check_links("tables")?;
        Ok(rs)
    }

    /// The shipped tables with a user folder over them: a file named like a
    /// shipped one overrides its entries by id and adds new ones; any other
    /// `.yaml` file is read as an extra die-range table.
    pub fn load(user_dir: Option<&Path>) -> Result<RuleSet, DataError> {
        match user_dir {
            Some(dir) => RuleSet::load_folder(&read_folder(dir)?),
            None => RuleSet::builtin(),
        }
    }

    /// The shipped tables with the table files of a folder already read
    /// (pack files, `pack:` at the top, are left to `packs`).
    pub fn load_folder(folder: &YamlFolder) -> Result<RuleSet, DataError> {
        let mut rs = RuleSet::builtin()?;
        for (path, text) in &folder.files {
            let text = text.as_ref().map_err(Clone::clone)?;
            if crate::yaml::is_pack_file(text) {
                continue;
            }
            let src = Source {
                name: path.display().to_string(),
                text,
                shipped: false,
            };
            let file = path
                .file_name()
                .map(|f| f.to_string_lossy().to_string())
                .unwrap_or_default();
            rs.merge_file(&file, &src)?;
        }
        rs.check_links(&folder.dir.display().to_string())?;
        Ok(rs)
    }

    /// Lay one user table file over these tables, as [`RuleSet::load`] does
    /// with each file of the folder: `file` is its name (`armours.yaml`
    /// overrides armours, an unknown name is an extra die-range table).
    fn merge_file(&mut self, file: &str, src: &Source<'_>) -> Result<(), DataError> {
        check_numbers(src)?;
        let rs = self;
        match file {
            "troops.yaml" => merge(&mut rs.troops, parse_list(src)?),
            "melee_weapons.yaml" => merge(&mut rs.melee_weapons, parse_list(src)?),
            "ranged_weapons.yaml" => merge(&mut rs.ranged_weapons, parse_list(src)?),
            "armours.yaml" => merge(&mut rs.armours, parse_list(src)?),
            "equipment.yaml" => merge(&mut rs.equipment, parse_list(src)?),
            "upgrades.yaml" => merge(&mut rs.upgrades, parse_list(src)?),
            "actions.yaml" => merge(&mut rs.actions, parse_list(src)?),
            "fall.yaml" => rs.fall = parse(src)?,
            "jump.yaml" => rs.jump = parse(src)?,
            "cover.yaml" => rs.cover = parse(src)?,
            "warband.yaml" => rs.warband = parse(src)?,
            "reference.yaml" => rs.reference = parse(src)?,
            _ => {
                let t = parse_roll_table(src)?;
                merge(&mut rs.roll_tables, vec![t]);
            }
        }
        Ok(())
    }

    /// These tables with one user table file's text laid over them, checked
    /// as [`RuleSet::load`] checks a folder: the same parsing, the same
    /// errors. `name` is the file's name (`armours.yaml`, `omens.yaml`); a
    /// pack file (`pack:` at the top) is left to the packs and changes
    /// nothing here.
    pub fn with_user_file(&self, name: &str, text: &str) -> Result<RuleSet, DataError> {
        let mut rs = self.clone();
        if crate::yaml::is_pack_file(text) {
            return Ok(rs);
        }
        let file = Path::new(name)
            .file_name()
            .map(|f| f.to_string_lossy().to_string())
            .unwrap_or_default();
        let src = Source {
            name: name.to_string(),
            text,
            shipped: false,
        };
        rs.merge_file(&file, &src)?;
        rs.check_links(name)?;
        Ok(rs)
    }

    /// Cross-table checks: every id a table points to exists.
    fn check_links(&self, where_: &str) -> Result<(), DataError> {
        for w in &self.ranged_weapons {
            if let Some(m) = &w.melee_as
                && self.melee_weapon(m).is_none()
            {
                return Err(DataError::whole(
                    format!("{where_}/ranged_weapons.yaml"),
                    format!(
                        "'{}' fights in melee as '{m}', which is not a melee weapon id",
                        w.id
                    ),
                ));
            }
        }
        Ok(())
    }

    pub fn troop(&self, id: &str) -> Option<&Troop> {
        self.troops.iter().find(|t| t.id == id)
    }
    pub fn melee_weapon(&self, id: &str) -> Option<&MeleeWeapon> {
        self.melee_weapons.iter().find(|t| t.id == id)
    }
    pub fn ranged_weapon(&self, id: &str) -> Option<&RangedWeapon> {
        self.ranged_weapons.iter().find(|t| t.id == id)
    }
    pub fn armour(&self, id: &str) -> Option<&Armour> {
        self.armours.iter().find(|t| t.id == id)
    }
    pub fn equipment_item(&self, id: &str) -> Option<&Equipment> {
        self.equipment.iter().find(|t| t.id == id)
    }
    pub fn upgrade(&self, id: &str) -> Option<&Upgrade> {
        self.upgrades.iter().find(|t| t.id == id)
    }
    pub fn action(&self, id: &str) -> Option<&ActionCost> {
        self.actions.iter().find(|t| t.id == id)
    }
    pub fn roll_table(&self, id: &str) -> Option<&RollTable> {
        self.roll_tables.iter().find(|t| t.id == id)
    }
}

/// The largest number, either sign, that a user's table may hold. The
/// summary's numbers stay below 200; this leaves room for house rules while
/// keeping the sums of costs and effects (and the game's arithmetic on them)
/// far from overflowing.
pub const MAX_TABLE_NUMBER: f64 = 10_000.0;

/// Refuse a number past [`MAX_TABLE_NUMBER`] (or not finite) anywhere in a
/// user's table file, at its line. A file that does not parse is left to the
/// typed parse, whose errors name the field.
fn check_numbers(src: &Source<'_>) -> Result<(), DataError> {
    use serde_yaml::Value;
    fn walk<'v>(v: &'v Value, key: &'v str) -> Option<(&'v str, String)> {
        match v {
            Value::Number(n) => {
                let x = n.as_f64().unwrap_or(f64::INFINITY);
                (!x.is_finite() || x.abs() > MAX_TABLE_NUMBER).then(|| (key, n.to_string()))
            }
            Value::Sequence(items) => items.iter().find_map(|x| walk(x, key)),
            Value::Mapping(m) => m
                .iter()
                .find_map(|(k, x)| walk(x, k.as_str().unwrap_or(key))),
            Value::Tagged(t) => walk(&t.value, key),
            _ => None,
        }
    }
    let Ok(v) = crate::yaml::from_str::<Value>(&src.name, src.text) else {
        return Ok(());
    };
    match walk(&v, "") {
        None => Ok(()),
        Some((key, n)) => {
            let pos = locate_key_value(src.text, key, &n, 0)
                .or_else(|| locate_key(src.text, key))
                .unwrap_or(Pos { line: 1, column: 1 });
            Err(DataError::at(
                &src.name,
                pos,
                format!(
                    "{key}: {n} is out of range; numbers in tables go from -{MAX_TABLE_NUMBER} to {MAX_TABLE_NUMBER}"
                ),
            ))
        }
    }
}

/// The largest table or roster file we read: far above any real one, small
/// enough that a wrong file cannot eat the memory (the YAML parser holds
/// about 65 bytes per byte of a pathological file: some 170 MB at this size).
pub const MAX_FILE_BYTES: u64 = 2 * 1024 * 1024;

/// Parse a die-range table and check that its rows cover every total the
/// dice can give, with no overlap.
fn parse_roll_table(src: &Source<'_>) -> Result<RollTable, DataError> {
    let t: RollTable = parse(src)?;
    let dice: DiceExpr = t.dice.parse().map_err(|e: DiceExprError| {
        let pos = locate_key(src.text, "dice").unwrap_or(Pos { line: 1, column: 1 });
        DataError::at(&src.name, pos, e.to_string())
    })?;
    // A row's place, found only for an error: scanning the text for every
    // row was quadratic.
    let pos_of = |i: usize| {
        let range = &t.rows[i].range;
        let nth = t.rows[..i].iter().filter(|r| r.range == *range).count();
        locate_key_value(src.text, "range", range, nth)
            .or_else(|| locate_key(src.text, "rows"))
            .unwrap_or(Pos { line: 1, column: 1 })
    };
    // The first row that overlaps an earlier one, as if each row were
    // checked against the rows above it (the error names that pair), found
    // by a sort and one sweep.
    let overlap = |ranges: &[RowRange]| {
        range::first_overlap(ranges).map(|(i, j)| {
            DataError::at(
                &src.name,
                pos_of(i),
                format!(
                    "row '{}' overlaps row '{}' of table '{}'",
                    t.rows[i].range, t.rows[j].range, t.id
                ),
            )
        })
    };
    let mut ranges: Vec<RowRange> = Vec::with_capacity(t.rows.len());
    for (i, row) in t.rows.iter().enumerate() {
        match row.range.parse() {
            Ok(r) => ranges.push(r),
            // An overlap above the bad row is the first error.
            Err(e) => {
                return Err(overlap(&ranges)
                    .unwrap_or_else(|| DataError::at(&src.name, pos_of(i), e.to_string())));
            }
        }
    }
    if let Some(e) = overlap(&ranges) {
        return Err(e);
    }
    let rows_pos = locate_key(src.text, "rows").unwrap_or(Pos { line: 1, column: 1 });
    if t.rows.is_empty() {
        return Err(DataError::at(
            &src.name,
            rows_pos,
            "a table needs at least one row",
        ));
    }
    let missing = range::uncovered(dice.min(), dice.max(), &ranges);
    if !missing.is_empty() {
        return Err(DataError::at(
            &src.name,
            rows_pos,
            format!(
                "table '{}' has a gap: no row for {} (rolled with {}, every total from {} to {} needs a row)",
                t.id,
                range::describe_values(&missing),
                dice,
                dice.min(),
                dice.max()
            ),
        ));
    }
    Ok(t)
}

/// Read a `--tables` folder once, for the rule tables and the packs.
pub fn read_folder(dir: &Path) -> Result<YamlFolder, DataError> {
    YamlFolder::read(dir, MAX_FILE_BYTES).map_err(|e| {
        DataError::whole(
            dir.display().to_string(),
            format!("cannot read the tables folder: {e}"),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn src(text: &str) -> Source<'_> {
        Source {
            name: "t.yaml".into(),
            text,
            shipped: false,
        }
    }

    #[test]
    fn builtin_tables_load() {
        let rs = RuleSet::builtin();
        assert!(rs.is_ok(), "{:?}", rs.err());
    }

    const TABLE: &str = "id: t\nname: {es: T, en: T}\nrule: R39\ndice: 1d10\nrows:\n  - range: \"1-4\"\n    text: {es: a, en: a}\n  - range: \"6-10\"\n    text: {es: b, en: b}\n";

    #[test]
    fn a_gap_in_a_die_range_table_is_an_error_with_its_place() {
        let e = parse_roll_table(&src(TABLE)).err().map(|e| e.to_string());
        let e = e.unwrap_or_default();
        assert!(e.starts_with("t.yaml:5:1:"), "{e}");
        assert!(e.contains("gap") && e.contains('5'), "{e}");
    }

    #[test]
    fn an_overlap_in_a_die_range_table_is_an_error_with_its_place() {
        let text = TABLE.replace("6-10", "4-10");
        let e = parse_roll_table(&src(&text)).err().map(|e| e.to_string());
        let e = e.unwrap_or_default();
        assert!(e.starts_with("t.yaml:8:5:"), "{e}");
        assert!(e.contains("overlaps"), "{e}");
    }

    #[test]
    fn the_first_overlap_in_row_order_is_the_error_even_with_a_bad_row_after_it() {
        // Rows 2 and 4 overlap row 1 and row 3 overlaps row 2; the rows are
        // not in order, and the last one does not parse.
        let text = "id: t\nname: {es: T, en: T}\nrule: R39\ndice: 1d10\nrows:\n  - range: \"6-10\"\n    text: {es: a, en: a}\n  - range: \"1-6\"\n    text: {es: b, en: b}\n  - range: \"2\"\n    text: {es: c, en: c}\n  - range: \"8\"\n    text: {es: d, en: d}\n  - range: \"x\"\n    text: {es: e, en: e}\n";
        let e = parse_roll_table(&src(text)).err().map(|e| e.to_string());
        let e = e.unwrap_or_default();
        assert!(
            e.starts_with("t.yaml:8:5: row '1-6' overlaps row '6-10' of table 't'"),
            "{e}"
        );
        let fixed = text.replace("\"1-6\"", "\"1\"").replace("\"2\"", "\"3-5\"");
        let e = parse_roll_table(&src(&fixed)).err().map(|e| e.to_string());
        let e = e.unwrap_or_default();
        assert!(
            e.starts_with("t.yaml:12:5: row '8' overlaps row '6-10'"),
            "{e}"
        );
        let fixed = fixed.replace("\"8\"", "\"2\"");
        let e = parse_roll_table(&src(&fixed)).err().map(|e| e.to_string());
        let e = e.unwrap_or_default();
        assert!(e.starts_with("t.yaml:14:5:") && e.contains("'x'"), "{e}");
    }

    #[test]
    fn a_typo_in_a_field_name_is_an_error_with_its_place() {
        let text = TABLE.replace("rule:", "rulle:");
        let e = parse_roll_table(&src(&text)).err().map(|e| e.to_string());
        let e = e.unwrap_or_default();
        assert!(e.starts_with("t.yaml:3:1:"), "{e}");
        assert!(e.contains("unknown field `rulle`"), "{e}");
    }

    #[test]
    fn a_missing_column_is_an_error() {
        let text = "- id: a\n  name: {es: A, en: A}\n  cost: 3\n";
        let e = parse_list::<Armour>(&src(text))
            .err()
            .map(|e| e.to_string());
        let e = e.unwrap_or_default();
        assert!(e.contains("missing field `armour`"), "{e}");
        assert!(e.starts_with("t.yaml:1:"), "{e}");
    }

    #[test]
    fn a_huge_number_in_a_user_table_is_refused_with_its_place() {
        // Found by fuzzing: a cost of 4294967295 made a roster's total
        // overflow (a panic in debug builds, a wrong total in release).
        let rs = RuleSet::builtin().expect("rules");
        let text = "- id: a\n  name: {es: A, en: A}\n  cost: 4294967295\n  armour: 2\n";
        let e = rs
            .with_user_file("armours.yaml", text)
            .err()
            .map(|e| e.to_string());
        let e = e.unwrap_or_default();
        assert!(
            e.starts_with("armours.yaml:3:3: cost: 4294967295 is out of range"),
            "{e}"
        );
        let text = "- id: a\n  name: {es: A, en: A}\n  cost: 10000\n  armour: -10000\n";
        assert!(rs.with_user_file("armours.yaml", text).is_ok());
        let fall = "rows:\n  - {up_to_cm: .inf}\n";
        let e = rs
            .with_user_file("fall.yaml", fall)
            .err()
            .map(|e| e.to_string());
        assert!(e.unwrap_or_default().contains("out of range"));
    }

    #[test]
    fn a_duplicate_id_points_at_the_second() {
        let text = "- id: a\n  name: {es: A, en: A}\n  cost: 3\n  armour: 2\n- id: a\n  name: {es: B, en: B}\n  cost: 3\n  armour: 2\n";
        let e = parse_list::<Armour>(&src(text))
            .err()
            .map(|e| e.to_string());
        let e = e.unwrap_or_default();
        assert!(e.starts_with("t.yaml:5:3:"), "{e}");
        assert!(e.contains("duplicate id 'a'"), "{e}");
    }
}
