//! Loading packs and checking them strictly: ids unique and well formed,
//! row ranges that cover every total the dice can give with no overlap (or
//! leave values out on purpose with `omit`), nested dice that parse and agree
//! between the languages, lookup grids with one result per row and column,
//! codes the legend or the result grammar knows, `then` links to roll tables
//! of the same pack with no loop. Every error names file, line and column.

use std::path::Path;

use super::Origin;
pub use super::check_kit::{check_nested, parse_range};
use super::check_roll::build_table;
use super::format::{RawPack, RawTable};
use super::links::check_pack;
use super::locate::{Region, table_spans};
use super::{Pack, PackTable};
use crate::error::DataError;
use crate::fsutil::{ReadBudget, YamlFolder, is_yaml};
use crate::tables::MAX_FILE_BYTES;
use crate::text::Text;

pub use crate::yaml::is_pack_file;

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
            let pos = crate::error::locate_key(text, "version")
                .unwrap_or(crate::error::Pos { line: 1, column: 1 });
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
    // A byte order mark would otherwise be read as part of the first key.
    let text = crate::fsutil::strip_bom(text);
    if text.trim().is_empty() {
        return Err(DataError::whole(name, "the file is empty"));
    }
    // No file may make the parser hang or eat the memory (deep nesting, aliases).
    crate::yaml::check(name, text)?;
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
    if dir.join("pack.yaml").is_file() {
        return match load_pack_folder(dir, &mut ReadBudget::new(dir)) {
            Ok(p) => (vec![p], Vec::new()),
            Err(e) => (Vec::new(), e),
        };
    }
    match YamlFolder::read(dir, MAX_FILE_BYTES) {
        Ok(folder) => user_packs(&folder, folder_is_pack),
        Err(e) => (Vec::new(), vec![unreadable(dir, &e)]),
    }
}

fn unreadable(dir: &Path, e: &std::io::Error) -> DataError {
    DataError::whole(
        dir.display().to_string(),
        format!("cannot read the pack folder: {e}"),
    )
}

/// The packs of a folder whose YAML files are already read (a `--tables`
/// folder, read once for the rule tables and the packs): its pack files,
/// and its sub-folders, read through what is left of the folder's budget.
pub fn user_packs(folder: &YamlFolder, folder_is_pack: bool) -> (Vec<Pack>, Vec<DataError>) {
    let dir = folder.dir.clone();
    let mut budget = folder.budget.clone();
    if dir.join("pack.yaml").is_file() {
        return match load_pack_folder(&dir, &mut budget) {
            Ok(p) => (vec![p], Vec::new()),
            Err(e) => (Vec::new(), e),
        };
    }
    let entries = match std::fs::read_dir(&dir) {
        Ok(e) => e,
        Err(e) => return (Vec::new(), vec![unreadable(&dir, &e)]),
    };
    // The sub-folders from the disk, the files as they were read.
    let mut paths: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .chain(folder.files.iter().map(|(p, _)| p.clone()))
        .collect();
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
            if yaml_files(&path).is_empty() || budget.spent() {
                continue;
            }
            match load_pack_folder(&path, &mut budget) {
                Ok(p) => packs.push(p),
                Err(e) => problems.extend(e),
            }
        } else if let Some(text) = folder.text(&path) {
            let text = match text
                .as_ref()
                .map_err(Clone::clone)
                .and_then(|t| checked(&path, t))
            {
                Ok(t) => t,
                Err(e) => {
                    problems.push(e);
                    continue;
                }
            };
            if is_pack_file(text) {
                let name = path.display().to_string();
                match parse_pack_file(&name, text, Origin::User(path.clone())) {
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
            // The loose files are read again, as one pack: a fresh budget.
            return match load_pack_folder(&dir, &mut ReadBudget::new(&dir)) {
                Ok(p) => (vec![p], Vec::new()),
                Err(e) => (Vec::new(), e),
            };
        }
        problems.push(DataError::whole(
            dir.display().to_string(),
            "no pack here: a pack is a YAML file that starts with `pack:`, or a folder of table files",
        ));
    }
    (packs, problems)
}

/// A text of the folder through the YAML guard.
fn checked<'t>(path: &Path, text: &'t str) -> Result<&'t str, DataError> {
    crate::yaml::check(&path.display().to_string(), text)?;
    Ok(text)
}

/// Read a file of a user folder through the folder's budget and the YAML
/// guard.
fn read_checked(budget: &mut ReadBudget, path: &Path) -> Result<String, DataError> {
    let text = budget.read(path, MAX_FILE_BYTES)?;
    crate::yaml::check(&path.display().to_string(), &text)?;
    Ok(text)
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
/// The YAML files of a pack folder, each read once within the budget.
fn read_folder(dir: &Path, budget: &mut ReadBudget) -> (Vec<(String, String)>, Vec<DataError>) {
    let mut texts: Vec<(String, String)> = Vec::new();
    let mut errors = Vec::new();
    for f in &yaml_files(dir) {
        match read_checked(budget, f) {
            Ok(t) => texts.push((f.display().to_string(), t)),
            Err(e) => {
                errors.push(e);
                // Past the budget, reading on only repeats the error.
                if budget.spent() {
                    break;
                }
            }
        }
    }
    (texts, errors)
}

/// One table file of a pack folder (not its `pack.yaml`).
fn loose_table<'a>(file: &'a str, text: &'a str) -> Result<(PackTable, Region<'a>), DataError> {
    let whole = Region::whole(file, text);
    if is_pack_file(text) {
        return Err(whole.err(
            whole.key_or_top("pack"),
            "in a pack folder only pack.yaml says `pack:`; this file should hold one table (id, name, dice or inputs, rows)",
        ));
    }
    let raw: RawTable = serde_yaml::from_str(text).map_err(|e| DataError::yaml(file, &e))?;
    Ok((build_table(&raw, &whole)?, whole))
}

fn load_pack_folder(dir: &Path, budget: &mut ReadBudget) -> Result<Pack, Vec<DataError>> {
    let (texts, mut errors) = read_folder(dir, budget);
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
        if let Err(e) = crate::yaml::check(file, text) {
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
            match loose_table(file, text) {
                Ok((t, whole)) => {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::RowRange;

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
