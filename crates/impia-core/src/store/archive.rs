//! The whole library as one zip of YAML files, and back (issue 37: nothing
//! is trapped in one browser). The zip holds `rosters/NAME.yaml`,
//! `games/NAME.yaml` and `records/NAME.yaml`, stored uncompressed (YAML
//! is small; a zip writer of our own is 60 lines, a zip crate is ten).
//! Reading takes stored and deflated entries (a zip the player made again
//! with the system's tools), UTF-8 YAML only, within fixed bounds: a
//! damaged or hostile file is an error that says what is wrong, never a
//! panic or an unbounded allocation.
//!
//! Importing never replaces a document: the same text is left as it is, a
//! different text under a name in use comes in under a new name (a roster
//! or a game) or stays out (a record, named after its warband), and the
//! answer says which.

use std::io;

use super::{MAX_DOC_BYTES, Shelf, Store, check_name};

/// At most this many entries, and this many bytes once read, in a zip.
const MAX_ENTRIES: usize = 20_000;
const MAX_TOTAL_BYTES: usize = 512 * 1024 * 1024;

const LOCAL: u32 = 0x0403_4b50;
const CENTRAL: u32 = 0x0201_4b50;
const END: u32 = 0x0605_4b50;
/// Bit 11: names are UTF-8.
const UTF8: u16 = 0x0800;

/// What an import did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Imported {
    /// Documents that were not there.
    pub added: usize,
    /// Documents already there with the same text.
    pub same: usize,
    /// A different text under a name in use: (shelf/name, the new name).
    pub renamed: Vec<(String, String)>,
    /// Entries left out, each with why.
    pub skipped: Vec<String>,
}

fn bad(what: impl Into<String>) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what.into())
}

/// The zip of every document in `store`.
pub fn export(store: &dyn Store) -> io::Result<Vec<u8>> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    let mut count: u16 = 0;
    for shelf in Shelf::ALL {
        for name in store.list(shelf)? {
            let text = store.read(shelf, &name)?;
            let path = format!("{}/{name}", shelf.dir());
            let offset = u32::try_from(out.len()).map_err(|_| bad("the library is over 4 GB"))?;
            let size = u32::try_from(text.len()).map_err(|_| bad("a document is over 4 GB"))?;
            let crc = crc32fast::hash(text.as_bytes());
            let head = |sig: u32| {
                let mut h = Vec::new();
                h.extend(sig.to_le_bytes());
                if sig == CENTRAL {
                    h.extend(20u16.to_le_bytes()); // made by: zip 2.0
                }
                h.extend(20u16.to_le_bytes()); // needed: zip 2.0
                h.extend(UTF8.to_le_bytes());
                h.extend(0u16.to_le_bytes()); // stored
                h.extend(0u16.to_le_bytes()); // time 00:00
                h.extend(0x0021u16.to_le_bytes()); // date 1980-01-01
                h.extend(crc.to_le_bytes());
                h.extend(size.to_le_bytes());
                h.extend(size.to_le_bytes());
                h.extend((path.len() as u16).to_le_bytes());
                h.extend(0u16.to_le_bytes()); // no extra field
                h
            };
            out.extend(head(LOCAL));
            out.extend(path.as_bytes());
            out.extend(text.as_bytes());
            central.extend(head(CENTRAL));
            central.extend([0u8; 6]); // comment, disk, internal attributes
            central.extend(0u32.to_le_bytes()); // external attributes
            central.extend(offset.to_le_bytes());
            central.extend(path.as_bytes());
            count = count
                .checked_add(1)
                .ok_or_else(|| bad("over 65,535 documents"))?;
        }
    }
    let at = u32::try_from(out.len()).map_err(|_| bad("the library is over 4 GB"))?;
    let len = central.len() as u32;
    out.extend(central);
    out.extend(END.to_le_bytes());
    out.extend([0u8; 4]); // this disk, the directory's disk
    out.extend(count.to_le_bytes());
    out.extend(count.to_le_bytes());
    out.extend(len.to_le_bytes());
    out.extend(at.to_le_bytes());
    out.extend(0u16.to_le_bytes()); // no comment
    Ok(out)
}

/// Little-endian reads that fail, not panic, past the end.
struct At<'a>(&'a [u8]);

impl At<'_> {
    fn u16(&self, i: usize) -> io::Result<u16> {
        let b = self
            .0
            .get(i..i + 2)
            .ok_or_else(|| bad("the zip ends too soon"))?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
    fn u32(&self, i: usize) -> io::Result<u32> {
        let b = self
            .0
            .get(i..i + 4)
            .ok_or_else(|| bad("the zip ends too soon"))?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn bytes(&self, i: usize, n: usize) -> io::Result<&[u8]> {
        i.checked_add(n)
            .and_then(|end| self.0.get(i..end))
            .ok_or_else(|| bad("the zip ends too soon"))
    }
}

/// The zip's files: (path inside the zip, its bytes); folders left out.
pub fn read_zip(zip: &[u8]) -> io::Result<Vec<(String, Vec<u8>)>> {
    let z = At(zip);
    // The end record is in the last 22 + 65,535 bytes (its comment).
    let from = zip.len().saturating_sub(22 + 65_535);
    let end = (from..=zip.len().saturating_sub(22))
        .rev()
        .find(|&i| z.u32(i).ok() == Some(END))
        .ok_or_else(|| bad("not a zip file (no end record)"))?;
    let count = usize::from(z.u16(end + 10)?);
    let mut at = z.u32(end + 16)? as usize;
    if count > MAX_ENTRIES {
        return Err(bad(format!("{count} entries: at most {MAX_ENTRIES}")));
    }
    let mut files = Vec::new();
    let mut total = 0usize;
    for n in 1..=count {
        if z.u32(at)? != CENTRAL {
            return Err(bad(format!("entry {n}: the zip's directory is damaged")));
        }
        let flags = z.u16(at + 8)?;
        let method = z.u16(at + 10)?;
        let crc = z.u32(at + 16)?;
        let csize = z.u32(at + 20)? as usize;
        let size = z.u32(at + 24)? as usize;
        let name_len = usize::from(z.u16(at + 28)?);
        let skip = usize::from(z.u16(at + 30)?) + usize::from(z.u16(at + 32)?);
        let local = z.u32(at + 42)? as usize;
        let name = String::from_utf8_lossy(z.bytes(at + 46, name_len)?).to_string();
        at += 46 + name_len + skip;
        if name.ends_with('/') {
            continue;
        }
        if flags & 1 != 0 {
            return Err(bad(format!("{name}: encrypted (not supported)")));
        }
        if size > MAX_DOC_BYTES || csize > MAX_DOC_BYTES {
            return Err(bad(format!("{name}: over {} MB", MAX_DOC_BYTES >> 20)));
        }
        total += size;
        if total > MAX_TOTAL_BYTES {
            return Err(bad(format!("over {} MB once read", MAX_TOTAL_BYTES >> 20)));
        }
        if z.u32(local)? != LOCAL {
            return Err(bad(format!("{name}: its entry is damaged")));
        }
        let data_at =
            local + 30 + usize::from(z.u16(local + 26)?) + usize::from(z.u16(local + 28)?);
        let raw = z.bytes(data_at, csize)?;
        let bytes = match method {
            0 => raw.to_vec(),
            8 => miniz_oxide::inflate::decompress_to_vec_with_limit(raw, size)
                .map_err(|e| bad(format!("{name}: damaged compressed data ({e:?})")))?,
            m => {
                return Err(bad(format!(
                    "{name}: compression method {m} (not supported)"
                )));
            }
        };
        if bytes.len() != size || crc32fast::hash(&bytes) != crc {
            return Err(bad(format!(
                "{name}: damaged (its checksum does not match)"
            )));
        }
        files.push((name, bytes));
    }
    Ok(files)
}

/// The zip's documents put into `store`, none replaced (see the module).
/// A zip that does not read is an error and nothing is written.
pub fn import(store: &mut dyn Store, zip: &[u8]) -> io::Result<Imported> {
    let files = read_zip(zip)?;
    let mut done = Imported::default();
    for (path, bytes) in files {
        // `rosters/x.yaml`, also inside one folder (a library zipped again).
        let mut parts = path.rsplit('/');
        let (name, dir) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
        let Some(shelf) = Shelf::ALL.into_iter().find(|s| s.dir() == dir) else {
            done.skipped
                .push(format!("{path}: not in rosters/, games/ or records/"));
            continue;
        };
        if let Err(e) = check_name(name) {
            done.skipped.push(format!("{path}: {e}"));
            continue;
        }
        let Ok(text) = String::from_utf8(bytes) else {
            done.skipped.push(format!("{path}: not UTF-8 text"));
            continue;
        };
        match store.read(shelf, name) {
            Ok(have) if have == text => done.same += 1,
            Ok(_) if shelf == Shelf::Records => {
                done.skipped
                    .push(format!("{path}: a different record of that name is kept"));
            }
            Ok(_) => {
                let taken = store.list(shelf)?;
                let stem = name.trim_end_matches(".yaml");
                let new = (2..10_000)
                    .map(|n| format!("{stem}-{n}.yaml"))
                    .find(|n| !taken.contains(n) && check_name(n).is_ok())
                    .ok_or_else(|| bad(format!("{path}: no free name")))?;
                store.write(shelf, &new, &text)?;
                done.renamed.push((path.clone(), new));
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                store.write(shelf, name, &text)?;
                done.added += 1;
            }
            Err(e) => return Err(e),
        }
    }
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Memory;

    /// Made by Python's zipfile (deflated, inside a folder, with a stray
    /// text file and a macOS resource entry), as a player's own zip is.
    const DEFLATED: &[u8] = include_bytes!("../../../../tests/data/library-deflated.zip");

    #[test]
    fn a_deflated_zip_made_elsewhere_imports_its_documents_and_names_the_rest() {
        let mut s = Memory::default();
        let done = import(&mut s, DEFLATED).expect("reads");
        assert_eq!(done.added, 2, "{done:?}");
        assert_eq!(done.skipped.len(), 2, "{done:?}");
        let roster = s
            .read(Shelf::Rosters, "guardia-del-paso.yaml")
            .expect("kept");
        let shipped = include_str!("../../../../rosters/guardia-del-paso.yaml");
        assert_eq!(roster, shipped);
        assert_eq!(
            s.read(Shelf::Records, "guardia-del-paso.yaml")
                .expect("kept"),
            "games: []\n# ñ\n"
        );
    }

    #[test]
    fn a_damaged_zip_is_an_error_at_every_length_and_writes_nothing() {
        let mut from = Memory::default();
        from.write(Shelf::Rosters, "a.yaml", "name: A\n")
            .expect("w");
        from.write(Shelf::Games, "g.yaml", "rosters: []\n")
            .expect("w");
        let zip = export(&from).expect("zip");
        for cut in 0..zip.len() {
            let mut s = Memory::default();
            let r = import(&mut s, &zip[..cut]);
            assert!(r.is_err(), "cut at {cut} read");
            assert!(s.list(Shelf::Rosters).expect("list").is_empty());
        }
        for at in 0..DEFLATED.len() {
            let mut bytes = DEFLATED.to_vec();
            bytes[at] ^= 0x55;
            // Any answer but a panic: a flipped byte in a name or a date
            // may still read.
            let _ = import(&mut Memory::default(), &bytes);
        }
    }

    #[test]
    fn a_name_in_the_zip_cannot_leave_its_shelf() {
        // One entry renamed by hand to `a/../../xx.yaml` (same length).
        let mut from = Memory::default();
        from.write(Shelf::Rosters, "xx.yaml", "x\n").expect("w");
        let mut zip = export(&from).expect("zip");
        let (good, evil) = (b"rosters/xx.yaml", b"a/../../xx.yaml");
        while let Some(i) = zip.windows(good.len()).position(|w| w == good) {
            zip[i..i + good.len()].copy_from_slice(evil);
        }
        let mut s = Memory::default();
        let done = import(&mut s, &zip).expect("reads");
        assert_eq!(done.added, 0, "{done:?}");
        assert_eq!(done.skipped.len(), 1, "{done:?}");
        assert!(
            Shelf::ALL
                .iter()
                .all(|sh| s.list(*sh).expect("l").is_empty())
        );
    }
}
