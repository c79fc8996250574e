//! Loading packs and checking them strictly: ids unique and well formed,
//! row ranges that cover every total the dice can give with no overlap (or
//! leave values out on purpose with `omit`), nested dice that parse and agree
//! between the languages, lookup grids with one result per row and column,
//! codes the legend or the result grammar knows, `then` links to roll tables
//! of the same pack with no loop. Every error names file, line and column.

use std::collections::HashSet;
use std::path::Path;

use super::cell::LegendEntry;
use super::format::{KeyText, PText, RawPack, RawRow, RawTable};
use super::locate::{Region, table_spans};
use super::nested;
use super::{
    Body, Cell, CellResult, Choice, Input, InputKind, Key, LookupBody, LookupRow, Modifier, Origin,
    OutOfRange, Outcome, Pack, PackTable, RatioRule, RollBody, RollRow,
};
use crate::core::dice_expr::DiceExpr;
use crate::core::error::{DataError, Pos};
use crate::core::tables::range::describe_values;
use crate::core::tables::{RowRange, read_limited};
use crate::core::text::Text;

const ID_RULE: &str = "lowercase letters, digits, '_' and '-'";

fn valid_id(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-')
}

/// Whether a YAML text is a pack file: it has a top-level `pack:` key.
/// Other YAML files of a `--tables` folder are rule tables.
pub fn is_pack_file(text: &str) -> bool {
    text.lines().any(|l| l.starts_with("pack:"))
}

/// The pack format this impia reads.
pub const PACK_VERSION: u32 = 1;

/// A pack from a newer impia is refused with a message that says so, before
/// its (possibly new) fields are read.
fn check_version(name: &str, text: &str) -> Result<(), DataError> {
    #[derive(serde::Deserialize)]
    struct Head {
        #[serde(default)]
        version: Option<u32>,
    }
    let Ok(head) = serde_yaml::from_str::<Head>(text) else {
        // Not even a mapping: the full parse says what is wrong.
        return Ok(());
    };
    match head.version {
        Some(v) if v > PACK_VERSION => {
            let pos = crate::core::error::locate_key(text, "version")
                .unwrap_or(crate::core::error::Pos { line: 1, column: 1 });
            Err(DataError::at(
                name,
                pos,
                format!(
                    "this pack is format version {v}, written for a newer impia; this impia reads version {PACK_VERSION} — update impia to use it"
                ),
            ))
        }
        Some(0) => Err(DataError::whole(name, "version must be 1 or more")),
        _ => Ok(()),
    }
}

/// Parse and check one pack file (`pack:`, `name:`, `tables:`).
pub fn parse_pack_file(name: &str, text: &str, origin: Origin) -> Result<Pack, DataError> {
    if text.trim().is_empty() {
        return Err(DataError::whole(name, "the file is empty"));
    }
    // No file may make the parser hang or eat the memory (deep nesting, aliases).
    crate::core::yaml::check(name, text)?;
    check_version(name, text)?;
    let raw: RawPack = serde_yaml::from_str(text).map_err(|e| DataError::yaml(name, &e))?;
    let whole = Region::whole(name, text);
    let n = raw.tables.len();
    let regions: Vec<Region> = match table_spans(text, n) {
        Some(spans) => spans
            .into_iter()
            .map(|(start, end)| Region {
                file: name,
                text,
                start,
                end,
            })
            .collect(),
        None => vec![whole; n],
    };
    if n == 0 {
        return Err(whole.err(
            whole.key_or_top("pack"),
            "a pack needs at least one table under `tables:`",
        ));
    }
    let mut tables = Vec::with_capacity(n);
    for (t, r) in raw.tables.iter().zip(&regions) {
        tables.push(build_table(t, r)?);
    }
    let pack = Pack {
        id: raw.pack.clone(),
        name: raw.name.0.clone(),
        description: raw.description.map(|t| t.0),
        source: raw.source.map(|t| t.0),
        origin,
        tables,
    };
    check_pack(&pack, &whole, &regions)?;
    Ok(pack)
}

/// The packs of a user folder: its pack files and its sub-folders (each a
/// pack folder); a folder with a `pack.yaml` is itself a pack. With
/// `folder_is_pack`, a folder of loose table files is a pack too (the app's
/// "open pack folder"). Each broken pack is a problem; the others load.
pub fn load_user_packs(dir: &Path, folder_is_pack: bool) -> (Vec<Pack>, Vec<DataError>) {
    let shown = dir.display().to_string();
    if dir.join("pack.yaml").is_file() {
        return match load_pack_folder(dir) {
            Ok(p) => (vec![p], Vec::new()),
            Err(e) => (Vec::new(), e),
        };
    }
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            return (
                Vec::new(),
                vec![DataError::whole(
                    shown,
                    format!("cannot read the pack folder: {e}"),
                )],
            );
        }
    };
    let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    let mut packs = Vec::new();
    let mut problems = Vec::new();
    let mut loose = 0;
    for path in paths {
        let hidden = path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if hidden {
            continue;
        }
        if path.is_dir() {
            if yaml_files(&path).is_empty() {
                continue;
            }
            match load_pack_folder(&path) {
                Ok(p) => packs.push(p),
                Err(e) => problems.extend(e),
            }
        } else if is_yaml(&path) {
            let text = match read_limited(&path) {
                Ok(t) => t,
                Err(e) => {
                    problems.push(e);
                    continue;
                }
            };
            if is_pack_file(&text) {
                let name = path.display().to_string();
                match parse_pack_file(&name, &text, Origin::User(path.clone())) {
                    Ok(p) => packs.push(p),
                    Err(e) => problems.push(e),
                }
            } else {
                loose += 1;
            }
        }
    }
    if folder_is_pack && packs.is_empty() && problems.is_empty() {
        if loose > 0 {
            return match load_pack_folder(dir) {
                Ok(p) => (vec![p], Vec::new()),
                Err(e) => (Vec::new(), e),
            };
        }
        problems.push(DataError::whole(
            shown,
            "no pack here: a pack is a YAML file that starts with `pack:`, or a folder of table files",
        ));
    }
    (packs, problems)
}

fn is_yaml(p: &Path) -> bool {
    p.is_file()
        && p.extension()
            .is_some_and(|x| x.eq_ignore_ascii_case("yaml") || x.eq_ignore_ascii_case("yml"))
}

fn yaml_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .map(|es| {
            es.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| is_yaml(p))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// A pack id from a folder name: `Mi Juego` → `mi_juego`.
fn slug(name: &str) -> String {
    let mut s: String = name
        .to_lowercase()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    while s.contains("__") {
        s = s.replace("__", "_");
    }
    let s = s.trim_matches('_').to_string();
    if s.is_empty() { "pack".into() } else { s }
}

/// A pack folder: an optional `pack.yaml` (id, names, and tables too if
/// wanted) and one table per other YAML file. Every file is checked; any
/// error keeps the pack out.
fn load_pack_folder(dir: &Path) -> Result<Pack, Vec<DataError>> {
    let files = yaml_files(dir);
    let mut texts: Vec<(String, String)> = Vec::new();
    let mut errors = Vec::new();
    for f in &files {
        match read_limited(f) {
            Ok(t) => texts.push((f.display().to_string(), t)),
            Err(e) => errors.push(e),
        }
    }
    let folder = dir
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_else(|| "pack".into());
    let mut id = slug(&folder);
    let mut name = Text::new(folder.clone(), folder.clone());
    let mut description = None;
    let mut source = None;
    let mut tables: Vec<PackTable> = Vec::new();
    let mut regions: Vec<Region> = Vec::new();
    let mut meta_region: Option<Region> = None;
    for (file, text) in &texts {
        let is_meta = Path::new(file)
            .file_name()
            .is_some_and(|n| n == "pack.yaml");
        if text.trim().is_empty() {
            errors.push(DataError::whole(file, "the file is empty"));
            continue;
        }
        if let Err(e) = crate::core::yaml::check(file, text) {
            errors.push(e);
            continue;
        }
        if is_meta {
            let raw: RawPack = match serde_yaml::from_str(text) {
                Ok(r) => r,
                Err(e) => {
                    errors.push(DataError::yaml(file, &e));
                    continue;
                }
            };
            let whole = Region::whole(file, text);
            meta_region = Some(whole);
            id = raw.pack.clone();
            name = raw.name.0.clone();
            description = raw.description.map(|t| t.0);
            source = raw.source.map(|t| t.0);
            let n = raw.tables.len();
            let rs: Vec<Region> = match table_spans(text, n) {
                Some(spans) => spans
                    .into_iter()
                    .map(|(start, end)| Region {
                        file,
                        text,
                        start,
                        end,
                    })
                    .collect(),
                None => vec![whole; n],
            };
            for (t, r) in raw.tables.iter().zip(rs) {
                match build_table(t, &r) {
                    Ok(t) => {
                        tables.push(t);
                        regions.push(r);
                    }
                    Err(e) => errors.push(e),
                }
            }
        } else {
            let whole = Region::whole(file, text);
            if is_pack_file(text) {
                errors.push(whole.err(
                    whole.key_or_top("pack"),
                    "in a pack folder only pack.yaml says `pack:`; this file should hold one table (id, name, dice or inputs, rows)",
                ));
                continue;
            }
            let raw: RawTable = match serde_yaml::from_str(text) {
                Ok(r) => r,
                Err(e) => {
                    errors.push(DataError::yaml(file, &e));
                    continue;
                }
            };
            match build_table(&raw, &whole) {
                Ok(t) => {
                    tables.push(t);
                    regions.push(whole);
                }
                Err(e) => errors.push(e),
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let shown = dir.display().to_string();
    if tables.is_empty() {
        return Err(vec![DataError::whole(
            shown,
            "the pack folder has no tables: put one table per YAML file in it",
        )]);
    }
    let pack = Pack {
        id,
        name,
        description,
        source,
        origin: Origin::User(dir.to_path_buf()),
        tables,
    };
    let fallback = Region::whole(&shown, "");
    let meta = meta_region.unwrap_or(fallback);
    check_pack(&pack, &meta, &regions).map_err(|e| vec![e])?;
    Ok(pack)
}

/// Pack-wide checks: the id, unique table ids, `then` links and loops.
fn check_pack(pack: &Pack, meta: &Region, regions: &[Region]) -> Result<(), DataError> {
    if !valid_id(&pack.id) {
        return Err(meta.err(
            meta.key_or_top("pack"),
            format!("pack id '{}' is not an id: use {ID_RULE}", pack.id),
        ));
    }
    let mut seen = HashSet::new();
    for (t, r) in pack.tables.iter().zip(regions) {
        if !seen.insert(t.id.as_str()) {
            return Err(r.err(
                r.key_value("id", &t.id, 0).unwrap_or(r.top()),
                format!(
                    "duplicate table id '{}' in pack '{}': every id must be unique",
                    t.id, pack.id
                ),
            ));
        }
    }
    let ids: Vec<&str> = pack.tables.iter().map(|t| t.id.as_str()).collect();
    for (t, r) in pack.tables.iter().zip(regions) {
        let Body::Roll(rb) = &t.body else { continue };
        for (i, row) in rb.rows.iter().enumerate() {
            let Some(target) = &row.then else { continue };
            let pos = || {
                r.key_value("then", target, 0)
                    .unwrap_or_else(|| row_pos(r, "range", &rb.rows[..i], &row.label))
            };
            match pack.table(target) {
                None => {
                    return Err(r.err(
                        pos(),
                        format!(
                            "row '{}' of table '{}' sends to '{target}', which is not a table of pack '{}' (its tables: {})",
                            row.label,
                            t.id,
                            pack.id,
                            ids.join(", ")
                        ),
                    ));
                }
                Some(tt) if !matches!(tt.body, Body::Roll(_)) => {
                    return Err(r.err(
                        pos(),
                        format!(
                            "row '{}' of table '{}' sends to '{target}', a lookup table: `then` needs a table to roll",
                            row.label, t.id
                        ),
                    ));
                }
                Some(_) => {}
            }
        }
    }
    // A loop of `then` links would roll for ever.
    for (t, r) in pack.tables.iter().zip(regions) {
        let mut path = vec![t.id.as_str()];
        if let Some(cycle) = find_loop(pack, &mut path) {
            return Err(r.err(
                r.key("then").unwrap_or(r.top()),
                format!(
                    "the `then` links loop: {} — a roll would never end",
                    cycle.join(" → ")
                ),
            ));
        }
    }
    Ok(())
}

fn find_loop<'a>(pack: &'a Pack, path: &mut Vec<&'a str>) -> Option<Vec<String>> {
    let cur = *path.last()?;
    let Some(Body::Roll(rb)) = pack.table(cur).map(|t| &t.body) else {
        return None;
    };
    for target in rb.rows.iter().filter_map(|r| r.then.as_deref()) {
        if let Some(i) = path.iter().position(|p| *p == target) {
            let mut cycle: Vec<String> = path[i..].iter().map(|s| s.to_string()).collect();
            cycle.push(target.to_string());
            return Some(cycle);
        }
        path.push(target);
        if let Some(c) = find_loop(pack, path) {
            return Some(c);
        }
        path.pop();
    }
    None
}

/// Where a row stands: its `range:`/`key:` line (the nth with that label).
fn row_pos(r: &Region, field: &str, before: &[RollRow], label: &str) -> Pos {
    let nth = before.iter().filter(|x| x.label == label).count();
    r.key_value(field, label, nth)
        .or_else(|| r.key_value(other_field(field), label, nth))
        .unwrap_or_else(|| r.key_or_top("rows"))
}

fn other_field(f: &str) -> &'static str {
    if f == "range" { "key" } else { "range" }
}

/// A row's key and the field it was written under.
fn row_key(row: &RawRow) -> Result<(&'static str, &KeyText), String> {
    match (&row.range, &row.key) {
        (Some(k), None) => Ok(("range", k)),
        (None, Some(k)) => Ok(("key", k)),
        (Some(_), Some(_)) => Err("a row has `range` or `key`, not both".into()),
        (None, None) => Err("a row needs its `range` (7, \"2-5\", \"14+\")".into()),
    }
}

/// A range as printed; on a d100 table `00` reads as 100 (`81-00`).
pub fn parse_range(s: &str, d100: bool) -> Result<RowRange, String> {
    let t = s.trim();
    if !d100 {
        return t.parse();
    }
    let fix = |p: &str| {
        let p = p.trim();
        if !p.is_empty() && p.chars().all(|c| c == '0') {
            "100".to_string()
        } else {
            p.to_string()
        }
    };
    if let Some(lo) = t.strip_suffix('+') {
        return format!("{}+", fix(lo)).parse();
    }
    if let Some(i) = t.get(1..).and_then(|rest| rest.find('-')).map(|i| i + 1) {
        return format!("{}-{}", fix(&t[..i]), fix(&t[i + 1..])).parse();
    }
    fix(t).parse()
}

/// The dice written in a text, checked: each parses, and both languages
/// roll the same dice.
pub fn check_nested(text: &Text) -> Result<Vec<DiceExpr>, String> {
    let es = nested::find(&text.es);
    let en = nested::find(&text.en);
    for f in es.iter().chain(&en) {
        if let Err(e) = &f.expr {
            return Err(format!("the dice '{}' in its text: {e}", f.written));
        }
    }
    let exprs = |fs: &[nested::Found]| -> Vec<DiceExpr> {
        fs.iter().filter_map(|f| f.expr.clone().ok()).collect()
    };
    let (a, b) = (exprs(&es), exprs(&en));
    if a != b {
        let list = |v: &[DiceExpr]| {
            if v.is_empty() {
                "nothing".to_string()
            } else {
                v.iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        };
        return Err(format!(
            "the Spanish text rolls {} but the English text rolls {}: both must roll the same dice",
            list(&a),
            list(&b)
        ));
    }
    Ok(a)
}

fn build_table(raw: &RawTable, r: &Region) -> Result<PackTable, DataError> {
    if !valid_id(&raw.id) {
        return Err(r.err(
            r.key_value("id", &raw.id, 0).unwrap_or(r.top()),
            format!("table id '{}' is not an id: use {ID_RULE}", raw.id),
        ));
    }
    let mut modifiers: Vec<Modifier> = Vec::new();
    for m in &raw.modifiers {
        let pos = || {
            r.key_value("id", &m.id, 0)
                .unwrap_or(r.key_or_top("modifiers"))
        };
        if !valid_id(&m.id) {
            return Err(r.err(
                pos(),
                format!("modifier id '{}' is not an id: use {ID_RULE}", m.id),
            ));
        }
        if modifiers.iter().any(|x| x.id == m.id) {
            return Err(r.err(
                pos(),
                format!("table '{}' has the modifier '{}' twice", raw.id, m.id),
            ));
        }
        modifiers.push(Modifier {
            id: m.id.clone(),
            name: m.name.0.clone(),
            value: m.value,
            only: m.only.clone(),
        });
    }
    let body = if raw.inputs.is_empty() {
        if modifiers.iter().any(|m| !m.only.is_empty()) {
            return Err(r.err(
                r.key_or_top("only"),
                "`only` picks the choices of a lookup's inputs; a roll table adds its modifiers to its one roll",
            ));
        }
        Body::Roll(build_roll(raw, r)?)
    } else {
        Body::Lookup(Box::new(build_lookup(raw, r, &modifiers)?))
    };
    Ok(PackTable {
        id: raw.id.clone(),
        name: raw.name.0.clone(),
        rule: raw.rule.as_ref().map(|k| k.0.clone()),
        description: raw.description.as_ref().map(|t| t.0.clone()),
        notes: raw.notes.iter().map(|t| t.0.clone()).collect(),
        modifiers,
        body,
    })
}

fn build_roll(raw: &RawTable, r: &Region) -> Result<RollBody, DataError> {
    let id = &raw.id;
    let lookup_only: [(&str, bool); 7] = [
        ("column_dice", raw.column_dice.is_some()),
        ("outcomes", !raw.outcomes.is_empty()),
        ("on_success", raw.on_success.is_some()),
        ("on_failure", raw.on_failure.is_some()),
        ("legend", !raw.legend.0.is_empty()),
        ("grid", raw.grid.is_some()),
        ("out_of_range", raw.out_of_range.is_some()),
    ];
    if let Some((field, _)) = lookup_only.iter().find(|(_, set)| *set) {
        return Err(r.err(
            r.key_or_top(field),
            format!(
                "table '{id}': `{field}` belongs to lookup tables (tables with `inputs`); a roll table has `dice` and `rows`"
            ),
        ));
    }
    let Some(dice_text) = &raw.dice else {
        return Err(r.err(
            r.top(),
            format!(
                "table '{id}' has neither `dice` (a roll table: 1d10, 2d6, 1d100…) nor `inputs` (a lookup table)"
            ),
        ));
    };
    let dice: DiceExpr = dice_text
        .parse()
        .map_err(|e: String| r.err(r.key_or_top("dice"), format!("table '{id}': {e}")))?;
    let d100 = dice.count == 1 && dice.sides == 100;
    if raw.rows.is_empty() {
        return Err(r.err(
            r.key_or_top("rows"),
            format!("table '{id}' needs at least one row"),
        ));
    }
    let mut rows: Vec<RollRow> = Vec::with_capacity(raw.rows.len());
    for row in &raw.rows {
        let (field, key) =
            row_key(row).map_err(|e| r.err(r.key_or_top("rows"), format!("table '{id}': {e}")))?;
        let label = key.0.clone();
        let pos = row_pos(r, field, &rows, &label);
        if row.up_to.is_some() || row.result.is_some() {
            return Err(r.err(
                pos,
                format!(
                    "table '{id}', row '{label}': `up_to` and `result` belong to lookup rows; a roll table's row has `range`, `text` and `then`"
                ),
            ));
        }
        let range =
            parse_range(&label, d100).map_err(|e| r.err(pos, format!("table '{id}': {e}")))?;
        if let Some(other) = rows.iter().find(|o| o.range.overlaps(&range)) {
            return Err(r.err(
                pos,
                format!(
                    "row '{label}' overlaps row '{}' of table '{id}'",
                    other.label
                ),
            ));
        }
        let nested = check_nested(&row.text.0)
            .map_err(|e| r.err(pos, format!("table '{id}', row '{label}': {e}")))?;
        rows.push(RollRow {
            label,
            range,
            text: row.text.0.clone(),
            nested,
            then: row.then.clone(),
        });
    }
    let mut omit: Vec<RowRange> = Vec::new();
    for k in &raw.omit {
        let pos = r.key_or_top("omit");
        let range = parse_range(&k.0, d100)
            .map_err(|e| r.err(pos, format!("table '{id}', `omit`: {e}")))?;
        if let Some(row) = rows.iter().find(|o| o.range.overlaps(&range)) {
            return Err(r.err(
                pos,
                format!(
                    "table '{id}' omits '{}', which row '{}' reads: a value is either omitted or in a row",
                    k.0, row.label
                ),
            ));
        }
        omit.push(range);
    }
    let missing: Vec<i32> = (dice.min()..=dice.max())
        .filter(|v| {
            !rows.iter().any(|row| row.range.contains(*v)) && !omit.iter().any(|o| o.contains(*v))
        })
        .collect();
    if !missing.is_empty() {
        return Err(r.err(
            r.key_or_top("rows"),
            format!(
                "table '{id}' has a gap: no row for {} (rolled with {dice}, every total from {} to {} needs a row, or list the values it leaves out under `omit`)",
                describe_values(&missing),
                dice.min(),
                dice.max()
            ),
        ));
    }
    Ok(RollBody { dice, rows, omit })
}

/// The kind of an axis of a lookup, for parsing its keys.
#[derive(Clone, Copy)]
enum Axis<'a> {
    Number,
    Choice(&'a [Choice]),
    /// Columns picked by a roll: ranges over the dice totals.
    Roll(DiceExpr),
}

fn axis_of(input: &Input) -> Axis<'_> {
    match &input.kind {
        InputKind::Choice(cs) => Axis::Choice(cs),
        _ => Axis::Number,
    }
}

fn parse_key(token: &str, axis: Axis) -> Result<Key, String> {
    match axis {
        Axis::Number | Axis::Roll(_) => {
            let range: RowRange = token.parse()?;
            Ok(Key::Range {
                label: token.to_string(),
                range,
            })
        }
        Axis::Choice(cs) => cs
            .iter()
            .position(|c| c.id == token)
            .map(Key::Choice)
            .ok_or_else(|| {
                format!(
                    "'{token}' is not one of the choices ({})",
                    cs.iter()
                        .map(|c| c.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }),
    }
}

/// Check an axis: every choice once; number ranges that do not overlap and
/// follow one another; rolled columns that cover the dice. The error comes
/// with the index of the key at fault, if one is.
fn check_axis(keys: &[Key], axis: Axis, what: &str) -> Result<(), (Option<usize>, String)> {
    match axis {
        Axis::Choice(cs) => {
            for (i, k) in keys.iter().enumerate() {
                if let Key::Choice(c) = k
                    && keys[..i].contains(k)
                {
                    return Err((
                        Some(i),
                        format!("the choice '{}' has two {what}s", cs[*c].id),
                    ));
                }
            }
            if let Some(c) = cs
                .iter()
                .enumerate()
                .find(|(ci, _)| !keys.contains(&Key::Choice(*ci)))
            {
                return Err((None, format!("no {what} for the choice '{}'", c.1.id)));
            }
            Ok(())
        }
        Axis::Number | Axis::Roll(_) => {
            let ranges: Vec<(usize, RowRange, &str)> = keys
                .iter()
                .enumerate()
                .filter_map(|(i, k)| match k {
                    Key::Range { label, range } => Some((i, *range, label.as_str())),
                    _ => None,
                })
                .collect();
            for (n, (i, r, label)) in ranges.iter().enumerate() {
                if let Some((_, _, other)) = ranges[..n].iter().find(|(_, o, _)| o.overlaps(r)) {
                    return Err((
                        Some(*i),
                        format!("{what} '{label}' overlaps {what} '{other}'"),
                    ));
                }
            }
            let mut sorted = ranges.clone();
            sorted.sort_by_key(|(_, r, _)| r.lo);
            for w in sorted.windows(2) {
                let (a, b) = (w[0].1, w[1].1);
                if let Some(hi) = a.hi
                    && i64::from(hi) + 1 < i64::from(b.lo)
                {
                    let gap: Vec<i32> = (hi + 1..b.lo).take(50).collect();
                    return Err((
                        None,
                        format!(
                            "no {what} for {}: the printed keys must follow one another",
                            describe_values(&gap)
                        ),
                    ));
                }
            }
            if let Axis::Roll(dice) = axis {
                let missing: Vec<i32> = (dice.min()..=dice.max())
                    .filter(|v| !ranges.iter().any(|(_, r, _)| r.contains(*v)))
                    .collect();
                if !missing.is_empty() {
                    return Err((
                        None,
                        format!(
                            "no {what} for {} (the columns are rolled with {dice})",
                            describe_values(&missing)
                        ),
                    ));
                }
            }
            Ok(())
        }
    }
}

/// Whitespace-separated tokens of a line with their byte offsets.
fn tokens(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                out.push((s, &line[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push((s, &line[s..]));
    }
    out
}

fn build_lookup(
    raw: &RawTable,
    r: &Region,
    modifiers: &[Modifier],
) -> Result<LookupBody, DataError> {
    let id = &raw.id;
    let fail = |key: &str, msg: String| r.err(r.key_or_top(key), format!("table '{id}': {msg}"));
    if raw.dice.is_some() {
        return Err(fail(
            "dice",
            "a lookup table has no `dice`: its results say what to roll (`5+ 1d6`), or `column_dice` rolls for the column".into(),
        ));
    }
    if !raw.omit.is_empty() {
        return Err(fail("omit", "`omit` belongs to roll tables".into()));
    }
    if raw.inputs.len() > 2 {
        return Err(fail(
            "inputs",
            format!(
                "a lookup table crosses one or two inputs, not {}",
                raw.inputs.len()
            ),
        ));
    }
    // Inputs.
    let mut inputs: Vec<Input> = Vec::new();
    for ri in &raw.inputs {
        let pos = r
            .key_value("id", &ri.id, 0)
            .unwrap_or(r.key_or_top("inputs"));
        let err = |msg: String| r.err(pos, format!("table '{id}', input '{}': {msg}", ri.id));
        if !valid_id(&ri.id) {
            return Err(err(format!("not an id: use {ID_RULE}")));
        }
        if inputs.iter().any(|i| i.id == ri.id) {
            return Err(err("the table has two inputs with this id".into()));
        }
        let numeric = ri.min.is_some() || ri.max.is_some();
        let kind = match &ri.choices {
            Some(_) if ri.measure || numeric => {
                return Err(err(
                    "an input has `choices`, or `measure: true`, or is a number with `min`/`max` — one of them".into(),
                ));
            }
            Some(cs) => {
                if cs.is_empty() {
                    return Err(err("`choices` is empty".into()));
                }
                let mut out: Vec<Choice> = Vec::new();
                for c in cs {
                    let cpos = r.key_value("id", &c.id, 0).unwrap_or(pos);
                    if !valid_id(&c.id) {
                        return Err(r.err(
                            cpos,
                            format!(
                                "table '{id}': choice id '{}' is not an id: use {ID_RULE}",
                                c.id
                            ),
                        ));
                    }
                    if out.iter().any(|o| o.id == c.id) {
                        return Err(r.err(
                            cpos,
                            format!("table '{id}': the choice '{}' is listed twice", c.id),
                        ));
                    }
                    let dice = match &c.dice {
                        Some(d) => Some(d.parse::<DiceExpr>().map_err(|e| {
                            r.err(cpos, format!("table '{id}', choice '{}': {e}", c.id))
                        })?),
                        None => None,
                    };
                    out.push(Choice {
                        id: c.id.clone(),
                        name: c.name.0.clone(),
                        dice,
                    });
                }
                InputKind::Choice(out)
            }
            None if ri.measure && numeric => {
                return Err(err(
                    "a measure takes no `min`/`max`: its rows' `up_to` say the bands".into(),
                ));
            }
            None if ri.measure => InputKind::Measure,
            None => {
                if let (Some(a), Some(b)) = (ri.min, ri.max)
                    && a > b
                {
                    return Err(err(format!("`min` {a} is above `max` {b}")));
                }
                InputKind::Number {
                    min: ri.min,
                    max: ri.max,
                }
            }
        };
        inputs.push(Input {
            id: ri.id.clone(),
            name: ri.name.0.clone(),
            kind,
        });
    }
    let column_dice = match &raw.column_dice {
        Some(_) if inputs.len() != 1 => {
            return Err(fail(
                "column_dice",
                "`column_dice` rolls for the column of a one-input lookup; with two inputs the second picks the column".into(),
            ));
        }
        Some(d) => Some(d.parse::<DiceExpr>().map_err(|e| fail("column_dice", e))?),
        None => None,
    };
    let measure_at = inputs
        .iter()
        .position(|i| matches!(i.kind, InputKind::Measure));
    if measure_at.is_some() && (inputs.len() != 1 || column_dice.is_some()) {
        return Err(fail(
            "inputs",
            "a measure (`measure: true`) can only be the one input of a lookup with `rows` and `up_to`".into(),
        ));
    }
    // Outcomes: the declared ones, and a roll's success and failure.
    let mut outcomes: Vec<Outcome> = Vec::new();
    for o in &raw.outcomes {
        let pos = r
            .key_value("id", &o.id, 0)
            .unwrap_or(r.key_or_top("outcomes"));
        if !valid_id(&o.id) {
            return Err(r.err(
                pos,
                format!(
                    "table '{id}': outcome id '{}' is not an id: use {ID_RULE}",
                    o.id
                ),
            ));
        }
        if outcomes.iter().any(|x| x.id == o.id) {
            return Err(r.err(
                pos,
                format!("table '{id}' has the outcome '{}' twice", o.id),
            ));
        }
        outcomes.push(Outcome {
            id: o.id.clone(),
            name: o.name.0.clone(),
        });
    }
    let mut pick = |field: &str, given: &Option<String>, default: &str, name: Text| {
        let want = given.clone().unwrap_or_else(|| default.to_string());
        if let Some(i) = outcomes.iter().position(|o| o.id == want) {
            return Ok(i);
        }
        if given.is_some() {
            return Err(fail(
                field,
                format!("`{field}` names '{want}', which is not one of the table's `outcomes`"),
            ));
        }
        outcomes.push(Outcome { id: want, name });
        Ok(outcomes.len() - 1)
    };
    let success = pick(
        "on_success",
        &raw.on_success,
        "success",
        Text::new("Éxito", "Success"),
    )?;
    let failure = pick(
        "on_failure",
        &raw.on_failure,
        "failure",
        Text::new("Fallo", "Failure"),
    )?;
    // Legend.
    let mut legend: Vec<LegendEntry> = Vec::new();
    for (code, e) in &raw.legend.0 {
        if code.is_empty() || code.contains(char::is_whitespace) {
            return Err(fail(
                "legend",
                format!("the legend code '{code}' must be one word, as it stands in the grid"),
            ));
        }
        let entry = LegendEntry {
            code: code.clone(),
            is: e.is.clone(),
            text: e.text.as_ref().map(|t| t.0.clone()),
            note: e.note.as_ref().map(|t| t.0.clone()),
        };
        // Check what it says now, with a stand-in number for `#` and stand-in dice.
        let probe: DiceExpr = "1d6".parse().map_err(|e: String| fail("legend", e))?;
        entry
            .cell(code, (code == "#").then_some("3"), &outcomes, Some(probe))
            .map_err(|e| fail("legend", format!("legend '{code}': {e}")))?;
        legend.push(entry);
    }
    let mut body = LookupBody {
        inputs,
        column_dice,
        columns: Vec::new(),
        rows: Vec::new(),
        outcomes,
        success,
        failure,
        out_of_range: OutOfRange::Refuse,
        legend,
    };
    if body.inputs.len() == 2 || body.column_dice.is_some() {
        build_grid(raw, r, &mut body)?;
    } else {
        build_rows(raw, r, &mut body)?;
    }
    body.out_of_range = build_out_of_range(raw, r, &body)?;
    // Modifiers may be limited to some choices.
    for m in modifiers {
        for c in &m.only {
            let known = body.inputs.iter().any(|i| match &i.kind {
                InputKind::Choice(cs) => cs.iter().any(|x| x.id == *c),
                _ => false,
            });
            if !known {
                return Err(fail(
                    "only",
                    format!(
                        "modifier '{}' is `only` for '{c}', which is not a choice of the table's inputs",
                        m.id
                    ),
                ));
            }
        }
    }
    Ok(body)
}

fn build_grid(raw: &RawTable, r: &Region, body: &mut LookupBody) -> Result<(), DataError> {
    let id = &raw.id;
    if !raw.rows.is_empty() {
        return Err(r.err(
            r.key_or_top("rows"),
            format!(
                "table '{id}': a lookup with two inputs (or `column_dice`) writes its results as a `grid`, not `rows`"
            ),
        ));
    }
    let Some(grid) = &raw.grid else {
        return Err(r.err(
            r.top(),
            format!(
                "table '{id}' needs a `grid`: its first line names the columns, each next line starts with its row key"
            ),
        ));
    };
    let row_axis = axis_of(&body.inputs[0]);
    let col_axis = match (body.column_dice, body.inputs.get(1)) {
        (Some(d), _) => Axis::Roll(d),
        (None, Some(i)) => axis_of(i),
        (None, None) => Axis::Number,
    };
    let lines: Vec<(usize, &str)> = grid
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    let at = |line: usize, offset: usize| {
        r.in_block("grid", line, offset)
            .unwrap_or(r.key_or_top("grid"))
    };
    let Some((hline, header)) = lines.first() else {
        return Err(r.err(
            r.key_or_top("grid"),
            format!("table '{id}': the grid is empty"),
        ));
    };
    let mut head = tokens(header);
    // A first word that is no column key is the corner's label (`FN`).
    if head
        .first()
        .is_some_and(|(_, t)| parse_key(t, col_axis).is_err())
        && head.len() > 1
    {
        head.remove(0);
    }
    let mut columns = Vec::with_capacity(head.len());
    for (off, t) in &head {
        let k = parse_key(t, col_axis)
            .map_err(|e| r.err(at(*hline, *off), format!("table '{id}', column: {e}")))?;
        columns.push(k);
    }
    check_axis(&columns, col_axis, "column").map_err(|(i, e)| {
        let pos = i
            .and_then(|i| head.get(i))
            .map(|(off, _)| at(*hline, *off))
            .unwrap_or(at(*hline, 0));
        r.err(pos, format!("table '{id}': {e}"))
    })?;
    let col_dice: Vec<Option<DiceExpr>> = columns
        .iter()
        .map(|k| match (k, col_axis) {
            (Key::Choice(c), Axis::Choice(cs)) => cs.get(*c).and_then(|c| c.dice),
            _ => None,
        })
        .collect();
    let mut rows: Vec<LookupRow> = Vec::new();
    let mut row_offsets: Vec<(usize, usize)> = Vec::new();
    for (li, line) in &lines[1..] {
        let toks = tokens(line);
        let Some(((koff, ktok), cells)) = toks.split_first() else {
            continue;
        };
        let key = parse_key(ktok, row_axis)
            .map_err(|e| r.err(at(*li, *koff), format!("table '{id}', row: {e}")))?;
        if cells.len() != columns.len() {
            return Err(r.err(
                at(*li, *koff),
                format!(
                    "table '{id}': row '{ktok}' has {} for {} columns",
                    match cells.len() {
                        1 => "1 result".to_string(),
                        n => format!("{n} results"),
                    },
                    columns.len()
                ),
            ));
        }
        let mut out = Vec::with_capacity(cells.len());
        for (ci, (off, code)) in cells.iter().enumerate() {
            let cell = body.resolve(code, col_dice[ci]).map_err(|e| {
                let col = head.get(ci).map(|(_, t)| *t).unwrap_or("?");
                r.err(
                    at(*li, *off),
                    format!("table '{id}', row '{ktok}', column '{col}': {e}"),
                )
            })?;
            out.push(cell);
        }
        rows.push(LookupRow { key, cells: out });
        row_offsets.push((*li, *koff));
    }
    if rows.is_empty() {
        return Err(r.err(
            r.key_or_top("grid"),
            format!("table '{id}': the grid has its column line but no rows"),
        ));
    }
    let keys: Vec<Key> = rows.iter().map(|r| r.key.clone()).collect();
    check_axis(&keys, row_axis, "row").map_err(|(i, e)| {
        let pos = i
            .and_then(|i| row_offsets.get(i))
            .map(|(li, off)| at(*li, *off))
            .unwrap_or(r.key_or_top("grid"));
        r.err(pos, format!("table '{id}': {e}"))
    })?;
    // Exact odds multiply the column roll's chances by the cells' own.
    if let Some(d) = body.column_dice {
        let outcomes = |d: &DiceExpr| u64::from(d.sides).saturating_pow(d.count);
        let cells = rows
            .iter()
            .flat_map(|r| &r.cells)
            .filter_map(|c| match &c.result {
                CellResult::Roll { dice, .. } => Some(outcomes(dice)),
                _ => None,
            })
            .max()
            .unwrap_or(1);
        if outcomes(&d).saturating_mul(cells) > 1 << 40 {
            return Err(r.err(
                r.key_or_top("column_dice"),
                format!(
                    "table '{id}': rolling {d} for the column and then the results' dice gives too many outcomes to compute exact odds"
                ),
            ));
        }
    }
    body.columns = columns;
    body.rows = rows;
    Ok(())
}

fn build_rows(raw: &RawTable, r: &Region, body: &mut LookupBody) -> Result<(), DataError> {
    let id = &raw.id;
    if raw.grid.is_some() {
        return Err(r.err(
            r.key_or_top("grid"),
            format!("table '{id}': a one-input lookup lists `rows`; a `grid` is for two inputs or `column_dice`"),
        ));
    }
    if raw.rows.is_empty() {
        return Err(r.err(
            r.key_or_top("rows"),
            format!("table '{id}' needs at least one row"),
        ));
    }
    let input = body.inputs[0].clone();
    let measure = matches!(input.kind, InputKind::Measure);
    let axis = axis_of(&input);
    let mut rows: Vec<LookupRow> = Vec::new();
    let mut positions: Vec<Pos> = Vec::new();
    let mut last_up_to: Option<f64> = None;
    for (i, row) in raw.rows.iter().enumerate() {
        let pos_default = r.key_or_top("rows");
        let (key, pos) = if measure {
            if row.range.is_some() || row.key.is_some() {
                return Err(r.err(
                    pos_default,
                    format!("table '{id}': the rows of a measure are keyed by `up_to`, not `key`"),
                ));
            }
            let pos = match row.up_to {
                Some(v) => r
                    .key_value("up_to", &format_up_to(v), 0)
                    .unwrap_or(pos_default),
                None => pos_default,
            };
            let is_last = i + 1 == raw.rows.len();
            match row.up_to {
                None if !is_last => {
                    return Err(r.err(
                        pos,
                        format!(
                            "table '{id}': only the last row may go on without `up_to` (beyond)"
                        ),
                    ));
                }
                Some(v) if !v.is_finite() || last_up_to.is_some_and(|p| v <= p) => {
                    return Err(r.err(
                        pos,
                        format!("table '{id}': `up_to` {v} must be above the row before"),
                    ));
                }
                _ => {}
            }
            last_up_to = row.up_to;
            (Key::UpTo(row.up_to), pos)
        } else {
            if row.up_to.is_some() {
                return Err(r.err(
                    pos_default,
                    format!("table '{id}': `up_to` is for an input with `measure: true`"),
                ));
            }
            let (field, k) =
                row_key(row).map_err(|e| r.err(pos_default, format!("table '{id}': {e}")))?;
            let nth = raw.rows[..i]
                .iter()
                .filter(|x| row_key(x).is_ok_and(|(_, kk)| kk.0 == k.0))
                .count();
            let pos = r.key_value(field, &k.0, nth).unwrap_or(pos_default);
            let key =
                parse_key(&k.0, axis).map_err(|e| r.err(pos, format!("table '{id}', row: {e}")))?;
            (key, pos)
        };
        if row.then.is_some() {
            return Err(r.err(pos, format!("table '{id}': `then` belongs to roll tables")));
        }
        let nested =
            check_nested(&row.text.0).map_err(|e| r.err(pos, format!("table '{id}': {e}")))?;
        let cell = match &row.result {
            Some(code) => {
                let c = body
                    .resolve(code, None)
                    .map_err(|e| r.err(pos, format!("table '{id}', `result`: {e}")))?;
                Cell {
                    code: String::new(),
                    result: c.result,
                    note: Some(row.text.0.clone()),
                }
            }
            None => Cell {
                code: String::new(),
                result: CellResult::Text {
                    text: row.text.0.clone(),
                    nested,
                },
                note: None,
            },
        };
        rows.push(LookupRow {
            key,
            cells: vec![cell],
        });
        positions.push(pos);
    }
    if !measure {
        let keys: Vec<Key> = rows.iter().map(|r| r.key.clone()).collect();
        check_axis(&keys, axis, "row").map_err(|(i, e)| {
            let pos = i
                .and_then(|i| positions.get(i).copied())
                .unwrap_or(r.key_or_top("rows"));
            r.err(pos, format!("table '{id}': {e}"))
        })?;
    }
    body.rows = rows;
    Ok(())
}

/// `5` for 5.0, `7.5` for 7.5: as YAML writes the number.
fn format_up_to(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        v.to_string()
    }
}

fn build_out_of_range(
    raw: &RawTable,
    r: &Region,
    body: &LookupBody,
) -> Result<OutOfRange, DataError> {
    let id = &raw.id;
    let Some(o) = &raw.out_of_range else {
        return Ok(OutOfRange::Refuse);
    };
    let fail = |msg: String| {
        r.err(
            r.key_or_top("out_of_range"),
            format!("table '{id}', `out_of_range`: {msg}"),
        )
    };
    let extra = o.double.is_some()
        || o.half.is_some()
        || o.from.is_some()
        || o.cap_at.is_some()
        || o.cap.is_some();
    match o.rule.as_str() {
        "refuse" | "nearest" if extra => Err(fail(format!(
            "`double`, `half`, `from`, `cap_at` and `cap` belong to `rule: ratio`, not `{}`",
            o.rule
        ))),
        "refuse" => Ok(OutOfRange::Refuse),
        "nearest" => Ok(OutOfRange::Nearest),
        "ratio" => {
            let numbers = body.inputs.len() == 2
                && body
                    .inputs
                    .iter()
                    .all(|i| matches!(i.kind, InputKind::Number { .. }));
            if !numbers {
                return Err(fail(
                    "`rule: ratio` divides the first input by the second: it needs two number inputs".into(),
                ));
            }
            let need = |v: &Option<KeyText>, name: &str| -> Result<Cell, DataError> {
                let Some(k) = v else {
                    return Err(fail(format!("`rule: ratio` needs `{name}`")));
                };
                body.resolve(&k.0, None)
                    .map_err(|e| fail(format!("`{name}`: {e}")))
            };
            let double = need(&o.double, "double")?;
            let half = need(&o.half, "half")?;
            let cap = need(&o.cap, "cap")?;
            let (Some(from), Some(cap_at)) = (o.from, o.cap_at) else {
                return Err(fail("`rule: ratio` needs `from` and `cap_at`".into()));
            };
            // Between half and double, first / second rounds down to 0 or 1.
            for n in [from.saturating_sub(1), from] {
                if n < cap_at {
                    body.resolve(&n.to_string(), None)
                        .map_err(|e| fail(format!("the code {n} it can give: {e}")))?;
                }
            }
            Ok(OutOfRange::Ratio(Box::new(RatioRule {
                double,
                half,
                from,
                cap_at,
                cap,
                text: o.text.as_ref().map(|t: &PText| t.0.clone()),
            })))
        }
        other => Err(fail(format!(
            "`rule: {other}` is not a rule: use refuse, nearest or ratio"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_zero_is_a_hundred_on_a_d100() {
        assert_eq!(
            parse_range("00", true),
            Ok(RowRange {
                lo: 100,
                hi: Some(100)
            })
        );
        assert_eq!(
            parse_range("81-00", true),
            Ok(RowRange {
                lo: 81,
                hi: Some(100)
            })
        );
        assert_eq!(parse_range("01", true), Ok(RowRange { lo: 1, hi: Some(1) }));
        assert_eq!(
            parse_range("00", false),
            Ok(RowRange { lo: 0, hi: Some(0) })
        );
    }

    #[test]
    fn slugs_folder_names() {
        assert_eq!(slug("Mi Juego"), "mi_juego");
        assert_eq!(slug("***"), "pack");
    }
}
