//! Reading and saving files so that nothing the user made is lost and no
//! file can hang or flood impia.
//!
//! Saves write an exclusively created temporary file with an unpredictable
//! name beside the target (`tempfile`), give it the target's permissions
//! (and its owner and group, when permitted),
//! flush it to disk, rename it over the target and flush the folder. A
//! symlink to an existing file is written through: its target is replaced
//! and the link stays. A save never creates a file through a link (a
//! dangling link is refused) and, as the kernel's `protected_symlinks`
//! rule, never follows another user's link in a sticky world-writable
//! folder such as `/tmp`.
//! Reads refuse anything that is not a regular file before opening it (a
//! FIFO would block for ever) and stop at a size limit.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::error::DataError;
use crate::file_id::{FileKey, file_key, path_key};

/// How many symlinks a save follows before it gives up (as the kernel's ELOOP).
const MAX_LINKS: usize = 40;

/// Prefix and suffix of our temporary files: short, so that a target name of
/// 255 bytes still works (the temp name is not derived from it).
const TEMP_PREFIX: &str = ".impia-";
const TEMP_SUFFIX: &str = ".tmp";

/// A temporary file of ours without a process id in its name (impia before
/// issue 21) older than this is left over from a killed save.
const STALE_AFTER: std::time::Duration = std::time::Duration::from_secs(24 * 3600);

/// Where a save to `path` would write: `path` itself, or the file its
/// symlinks lead to. A link that points nowhere is refused (the save would
/// create a file wherever the link says), and so is one the kernel would
/// not follow (see [`resolve_links`]). `--force` changes nothing here.
pub fn write_target(path: &Path) -> io::Result<PathBuf> {
    let target = resolve_links(path)?;
    if target != path && std::fs::symlink_metadata(&target).is_err() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "a symlink to {}, which does not exist; impia does not create files through a link",
                target.display()
            ),
        ));
    }
    Ok(target)
}

/// Atomically replace `path` with `bytes`. A crash at any moment leaves
/// either the old file or the new one, never a half-written file. A symlink
/// is followed and its target replaced; the permissions of an existing file
/// are kept. A target that exists and is not a regular file (a FIFO, a
/// device, a folder) is refused, and so is a link that points nowhere (the
/// save would create a file where the link says, which may be anywhere) or
/// that the kernel would not follow (see [`resolve_links`]).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_meta(path, bytes).map(|_| ())
}

/// As [`write_atomic`], and the new file's metadata and identity, taken on
/// the open file before the rename: the file the name now leads to (a
/// game's writer compares it at its next save, issue 32).
pub fn write_atomic_meta(
    path: &Path,
    bytes: &[u8],
) -> io::Result<(std::fs::Metadata, Option<FileKey>)> {
    let target = write_target(path)?;
    let existing = match std::fs::metadata(&target) {
        Ok(m) => Some(m),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    if let Some(m) = &existing
        && !m.is_file()
    {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "not a regular file ({}); refusing to replace it",
                kind_of(m)
            ),
        ));
    }
    let dir = parent_dir(&target);
    remove_stale_temps(&dir, &target);
    let mut builder = tempfile::Builder::new();
    // The process id in the name tells the next save whether the writer
    // still runs: `.impia-PID-RANDOM.tmp`.
    let prefix = format!("{TEMP_PREFIX}{}-", crate::platform::pid());
    builder.prefix(&prefix).suffix(TEMP_SUFFIX);
    #[cfg(unix)]
    {
        // A new file gets what `File::create` would give (0666 less the
        // umask), not tempfile's private 0600.
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(&dir)?;
    if let Some(m) = &existing {
        // Issue 32: an undo run as root left another user's game root's.
        // The owner first: a change of owner may clear set-id bits.
        keep_owner(tmp.as_file(), m);
        // Set on the open file, where the umask does not apply: 0600 stays 0600.
        tmp.as_file().set_permissions(m.permissions())?;
    }
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    let meta = tmp.as_file().metadata()?;
    let key = file_key(tmp.as_file());
    // On failure the temporary file is dropped, which deletes it.
    tmp.persist(&target).map_err(|e| e.error)?;
    // Make the rename itself durable. Some file systems refuse to sync a
    // folder; the data is already safe in the file, so that is no error.
    if let Ok(d) = std::fs::File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok((meta, key))
}

/// Give the new file the owner and group of the one it replaces, when this
/// process may (root may; another user may only keep a group of theirs).
/// Not permitted, the file stays the writer's: the save itself matters more.
#[cfg(unix)]
fn keep_owner(tmp: &std::fs::File, old: &std::fs::Metadata) {
    use std::os::unix::fs::MetadataExt;
    let Ok(now) = tmp.metadata() else {
        return;
    };
    if (now.uid(), now.gid()) == (old.uid(), old.gid()) {
        return;
    }
    if std::os::unix::fs::fchown(tmp, Some(old.uid()), Some(old.gid())).is_err() {
        // Not root: the group alone, if it is one of ours.
        let _ = std::os::unix::fs::fchown(tmp, None, Some(old.gid()));
    }
}

#[cfg(not(unix))]
fn keep_owner(_tmp: &std::fs::File, _old: &std::fs::Metadata) {}

/// The file a save must replace: `path`, or where its chain of symlinks ends
/// (which may not exist: the caller refuses that). Links are resolved here,
/// not by the kernel, so the kernel's `protected_symlinks` rule is applied
/// here too: a link in a sticky world-writable folder is followed only when
/// its owner is the one who follows it or the folder's owner.
fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut cur = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&cur) {
            Ok(m) if m.file_type().is_symlink() => {
                check_link_owner(&cur, &m)?;
                let to = std::fs::read_link(&cur)?;
                cur = if to.is_absolute() {
                    to
                } else {
                    parent_dir(&cur).join(to)
                };
            }
            Ok(_) => return Ok(cur),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(cur),
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other(format!(
        "more than {MAX_LINKS} symlinks in a row; refusing to follow them"
    )))
}

/// The kernel's `protected_symlinks` rule for one link: in a folder that is
/// sticky and writable by everyone, only a link owned by the follower or by
/// the folder's owner is followed; anyone could have planted the others.
#[cfg(unix)]
fn check_link_owner(link: &Path, link_meta: &std::fs::Metadata) -> io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    const STICKY: u32 = 0o1000;
    const OTHER_WRITE: u32 = 0o002;
    let dir = std::fs::metadata(parent_dir(link))?;
    if dir.mode() & STICKY == 0 || dir.mode() & OTHER_WRITE == 0 {
        return Ok(());
    }
    let owner = link_meta.uid();
    if owner == dir.uid() || Some(owner) == effective_uid() {
        return Ok(());
    }
    Err(io::Error::new(
        io::ErrorKind::PermissionDenied,
        format!(
            "{} is a symlink of another user in a folder everyone can write to; impia does not follow it",
            link.display()
        ),
    ))
}

#[cfg(not(unix))]
fn check_link_owner(_link: &Path, _link_meta: &std::fs::Metadata) -> io::Result<()> {
    Ok(())
}

/// Who this process acts as: the owner of `/proc/self` (Linux gives each
/// process's folder its effective user). `None` where that cannot be told,
/// and then only the folder owner's links are followed there.
#[cfg(unix)]
fn effective_uid() -> Option<u32> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata("/proc/self").ok().map(|m| m.uid())
}

fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Remove what killed saves left beside `target`: our temporary files
/// `.impia-PID-RANDOM.tmp` whose process is gone, the `.NAME.tmp-PID` files
/// of older impia versions for this file (when that process is gone), and
/// temporary files without a process id once they are a day old. A temp of
/// a running process (this one included: another thread may be saving) is
/// never touched. A file that cannot be removed is left; it costs space,
/// never data.
fn remove_stale_temps(dir: &Path, target: &Path) {
    let Some(name) = target.file_name().map(|n| n.to_string_lossy().to_string()) else {
        return;
    };
    let old_prefix = format!(".{name}.tmp-");
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let file_name = file_name.to_string_lossy();
        let stale = if cfg!(windows) && is_temp_name(&file_name, &old_prefix) {
            // Windows: a live writer holds its temp file open until the
            // rename; a killed one's handles are closed (issue 36).
            !held_open(&entry.path())
        } else if let Some(pid) = file_name.strip_prefix(&old_prefix) {
            pid.parse::<u32>()
                .is_ok_and(|pid| pid != crate::platform::pid() && !process_alive(pid))
        } else if let Some(pid) = temp_pid(&file_name) {
            // Without `/proc` nothing tells a live writer: such temps wait a day.
            if can_tell_processes() {
                pid != crate::platform::pid() && !process_alive(pid)
            } else {
                older_than_a_day(&entry)
            }
        } else if file_name.starts_with(TEMP_PREFIX) && file_name.ends_with(TEMP_SUFFIX) {
            older_than_a_day(&entry)
        } else {
            false
        };
        // Only regular files: a symlink or folder of that name is not ours.
        let regular = entry.file_type().is_ok_and(|t| t.is_file());
        if stale && regular {
            // Tidying only: a temp that stays is retried at the next save.
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// One of our temp names, of any version (see `remove_stale_temps`).
fn is_temp_name(name: &str, old_prefix: &str) -> bool {
    name.starts_with(old_prefix) || (name.starts_with(TEMP_PREFIX) && name.ends_with(TEMP_SUFFIX))
}

#[cfg(windows)]
fn held_open(path: &Path) -> bool {
    crate::file_id::held_open(path)
}

/// Elsewhere the process id tells (the caller does not ask this).
#[cfg(not(windows))]
fn held_open(_: &Path) -> bool {
    true
}

fn older_than_a_day(entry: &std::fs::DirEntry) -> bool {
    entry
        .metadata()
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_some_and(|age| age > STALE_AFTER)
}

/// Whether [`process_alive`] can tell (Linux: `/proc` is mounted).
fn can_tell_processes() -> bool {
    Path::new("/proc/self").exists()
}

/// The process id in one of our temp names, `.impia-PID-RANDOM.tmp`; `None`
/// for any other name (older temps are `.impia-RANDOM.tmp`, with no dash
/// after the prefix).
fn temp_pid(name: &str) -> Option<u32> {
    let rest = name.strip_prefix(TEMP_PREFIX)?.strip_suffix(TEMP_SUFFIX)?;
    let (pid, random) = rest.split_once('-')?;
    if random.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    pid.parse().ok()
}

/// Whether a process with this id runs (Linux: `/proc`). Elsewhere we cannot
/// tell by the id (Windows looks at the temp file's handles instead, see
/// `remove_stale_temps`).
fn process_alive(pid: u32) -> bool {
    Path::new("/proc/self").exists() && Path::new(&format!("/proc/{pid}")).exists()
}

/// What a file that is not a regular file is, in words.
fn kind_of(m: &std::fs::Metadata) -> &'static str {
    let t = m.file_type();
    if t.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

/// Refuse a path that exists and is not a regular file (after symlinks), in
/// words for an error message: `Err("a FIFO")`.
pub fn check_regular(path: &Path) -> io::Result<Result<(), &'static str>> {
    let m = std::fs::metadata(path)?;
    Ok(if m.is_file() {
        Ok(())
    } else {
        Err(kind_of(&m))
    })
}

/// Whether two paths name one file: the same inode (Unix) or file index
/// (Windows), which a hard link shares, else the same path after symlinks. A path that cannot be
/// read is no match.
pub fn same_file(a: &Path, b: &Path) -> bool {
    if let (Some(x), Some(y)) = (path_key(a), path_key(b)) {
        return x == y;
    }
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

/// Whether two metadata describe one file (same device and inode on Unix;
/// elsewhere, both regular files of one size, the best we can tell).
pub fn same_inode(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        a.dev() == b.dev() && a.ino() == b.ino()
    }
    #[cfg(not(unix))]
    {
        a.is_file() && b.is_file() && a.len() == b.len()
    }
}

/// Read a text file of at most `limit` bytes. Anything but a regular file is
/// refused before it is opened, because opening a FIFO blocks until someone
/// writes to it. The read itself stops past the limit, so a file that grows
/// while it is read cannot eat the memory either. A UTF-8 byte order mark
/// at the start is dropped (editors on Windows write one).
pub fn read_text(path: &Path, limit: u64) -> Result<String, DataError> {
    use std::io::Read;
    let name = path.display().to_string();
    let not_regular = |what: &str| {
        DataError::whole(
            &name,
            format!("this is {what}, not a regular file; impia reads only regular files"),
        )
    };
    let too_big = |len: String| {
        DataError::whole(
            &name,
            format!("the file is {len} bytes; at most {limit} are read"),
        )
    };
    match check_regular(path) {
        Err(e) => return Err(DataError::whole(&name, e.to_string())),
        Ok(Err(what)) => return Err(not_regular(what)),
        Ok(Ok(())) => {}
    }
    let file = std::fs::File::open(path).map_err(|e| DataError::whole(&name, e.to_string()))?;
    let meta = file
        .metadata()
        .map_err(|e| DataError::whole(&name, e.to_string()))?;
    // The path may have been swapped between the check and the open.
    if !meta.is_file() {
        return Err(not_regular(kind_of(&meta)));
    }
    if meta.len() > limit {
        return Err(too_big(meta.len().to_string()));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| DataError::whole(&name, e.to_string()))?;
    if bytes.len() as u64 > limit {
        return Err(too_big(format!("more than {limit}")));
    }
    let mut text = String::from_utf8(bytes).map_err(|e| {
        DataError::whole(
            &name,
            format!(
                "not UTF-8 text (bad byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })?;
    if text.starts_with(BOM) {
        text.drain(..BOM.len_utf8());
    }
    Ok(text)
}

/// The most bytes read from one user folder (its files and sub-folders):
/// far above any real set of tables, low enough that a folder of thousands
/// of hard links to one large file cannot exhaust the memory.
pub const MAX_FOLDER_BYTES: u64 = 64 * 1024 * 1024;

/// The most files read from one user folder.
pub const MAX_FOLDER_FILES: usize = 1_000;

/// What is left to read from a user folder: every file of it is read
/// through one budget, one file at a time, and the folder is refused once
/// it holds more files or bytes than [`MAX_FOLDER_FILES`] and
/// [`MAX_FOLDER_BYTES`].
#[derive(Clone, Debug)]
pub struct ReadBudget {
    folder: String,
    files_left: usize,
    bytes_left: u64,
    /// A read was refused for the budget: the rest of the folder is not read.
    spent: bool,
}

impl ReadBudget {
    pub fn new(folder: &Path) -> ReadBudget {
        ReadBudget {
            folder: folder.display().to_string(),
            files_left: MAX_FOLDER_FILES,
            bytes_left: MAX_FOLDER_BYTES,
            spent: false,
        }
    }

    /// Whether a read was refused because the folder is over the budget.
    pub fn spent(&self) -> bool {
        self.spent
    }

    /// Read one file of the folder (at most `limit` bytes, as [`read_text`]),
    /// counting it against the budget.
    pub fn read(&mut self, path: &Path, limit: u64) -> Result<String, DataError> {
        if self.files_left == 0 {
            self.spent = true;
            return Err(DataError::whole(
                &self.folder,
                format!(
                    "the folder holds more than {MAX_FOLDER_FILES} YAML files; impia reads at most that many"
                ),
            ));
        }
        let over = || {
            DataError::whole(
                &self.folder,
                format!(
                    "the folder's YAML files add up to more than {} MiB; impia reads at most that much from a folder",
                    MAX_FOLDER_BYTES / (1024 * 1024)
                ),
            )
        };
        // The size is known before the read, so an over-budget file is not
        // read; a file over the per-file limit gets that limit's error.
        let len = std::fs::metadata(path).map_or(0, |m| m.len());
        if len <= limit && len > self.bytes_left {
            let e = over();
            self.spent = true;
            return Err(e);
        }
        let text = read_text(path, limit)?;
        if text.len() as u64 > self.bytes_left {
            // It grew between the two looks.
            let e = over();
            self.spent = true;
            return Err(e);
        }
        self.files_left -= 1;
        self.bytes_left = self.bytes_left.saturating_sub(text.len() as u64);
        Ok(text)
    }
}

/// The YAML files at the top of a user folder (`--tables DIR`), read once
/// through one [`ReadBudget`] in name order: the rule tables and the table
/// packs both take their files from here rather than reading the folder
/// twice. A file that could not be read keeps its error; after the budget
/// refuses one, the rest is not read.
#[derive(Debug)]
pub struct YamlFolder {
    pub dir: PathBuf,
    /// Each YAML file (by its name, not only regular files) and its text.
    pub files: Vec<(PathBuf, Result<String, DataError>)>,
    /// The budget left for the folder's sub-folders.
    pub budget: ReadBudget,
}

impl YamlFolder {
    /// Read the YAML files of `dir`, each at most `limit` bytes; `Err` when
    /// the folder itself cannot be listed.
    pub fn read(dir: &Path, limit: u64) -> Result<YamlFolder, std::io::Error> {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| is_yaml(p))
            .collect();
        paths.sort();
        let mut budget = ReadBudget::new(dir);
        let mut files = Vec::with_capacity(paths.len());
        for path in paths {
            let text = budget.read(&path, limit);
            files.push((path, text));
            if budget.spent() {
                break;
            }
        }
        Ok(YamlFolder {
            dir: dir.to_path_buf(),
            files,
            budget,
        })
    }

    /// The text read for `path`, if the folder's reading came to it.
    pub fn text(&self, path: &Path) -> Option<&Result<String, DataError>> {
        self.files.iter().find(|(p, _)| p == path).map(|(_, t)| t)
    }
}

/// A YAML file by its name. Not only regular files: a FIFO or device named
/// `.yaml` is read and refused with a clear error, not skipped unsaid.
pub fn is_yaml(p: &Path) -> bool {
    !p.is_dir()
        && p.extension()
            .is_some_and(|x| x.eq_ignore_ascii_case("yaml") || x.eq_ignore_ascii_case("yml"))
}

/// The UTF-8 byte order mark.
pub const BOM: char = '\u{feff}';

/// `text` without a leading byte order mark.
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_file_and_leaves_no_temp() {
        let dir = tempfile::tempdir().expect("tempdir");
        let p = dir.path().join("a.yaml");
        write_atomic(&p, b"one").expect("first write");
        write_atomic(&p, b"two").expect("second write");
        assert_eq!(std::fs::read_to_string(&p).ok().as_deref(), Some("two"));
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .expect("list")
            .filter_map(|e| e.ok())
            .collect();
        assert_eq!(names.len(), 1);
    }

    #[test]
    fn a_missing_folder_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().expect("tempdir");
        let p = dir.path().join("no/such/dir/a.yaml");
        assert!(write_atomic(&p, b"x").is_err());
    }

    #[test]
    fn a_bom_is_dropped() {
        assert_eq!(strip_bom("\u{feff}pack: x"), "pack: x");
        assert_eq!(strip_bom("pack: x"), "pack: x");
    }
}
