//! Which file a name or an open handle is, on every platform (issue 36):
//! the file layer compares identities to see a lock file removed, a game
//! file replaced under its writer, two names of one file, a hard link.
//!
//! Unix: device and inode, from the metadata. Windows: the volume serial
//! number and the file index, from `GetFileInformationByHandle` (through
//! `winapi-util`; std keeps them unstable), which NTFS keeps across a
//! rename, so a save's temp file has the identity the name then leads to;
//! the link count comes from the same call. A live writer's temp file is
//! told by its open handle (see [`held_open`]).
//!
//! Two checks of the file layer have no Windows meaning, and nothing
//! replaces them: the owner and group a save keeps (`fchown`; on Windows a
//! new file takes its folder's inherited permissions, as any new file
//! does), and the kernel's `protected_symlinks` rule for another user's
//! link in a sticky world-writable folder (Windows has no such folders,
//! and making a symlink there needs a privilege).

use std::fs::File;
use std::path::Path;

/// A file's identity: (device, inode) on Unix, (volume serial number,
/// file index) on Windows.
pub type FileKey = (u64, u64);

/// The identity of an open file.
#[cfg(unix)]
pub fn file_key(f: &File) -> Option<FileKey> {
    use std::os::unix::fs::MetadataExt;
    f.metadata().ok().map(|m| (m.dev(), m.ino()))
}

/// The identity of the file `path` leads to (symlinks followed).
#[cfg(unix)]
pub fn path_key(path: &Path) -> Option<FileKey> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

/// How many names (hard links) the file `path` leads to has.
#[cfg(unix)]
pub fn link_count(path: &Path) -> Option<u64> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| m.nlink())
}

#[cfg(windows)]
pub fn file_key(f: &File) -> Option<FileKey> {
    let i = winapi_util::file::information(f).ok()?;
    Some((i.volume_serial_number(), i.file_index()))
}

#[cfg(windows)]
pub fn path_key(path: &Path) -> Option<FileKey> {
    // Folders too: the handle is opened with backup semantics.
    let h = winapi_util::Handle::from_path_any(path).ok()?;
    let i = winapi_util::file::information(&h).ok()?;
    Some((i.volume_serial_number(), i.file_index()))
}

#[cfg(windows)]
pub fn link_count(path: &Path) -> Option<u64> {
    let h = winapi_util::Handle::from_path_any(path).ok()?;
    winapi_util::file::information(&h)
        .ok()
        .map(|i| i.number_of_links())
}

#[cfg(not(any(unix, windows)))]
pub fn file_key(_: &File) -> Option<FileKey> {
    None
}

#[cfg(not(any(unix, windows)))]
pub fn path_key(_: &Path) -> Option<FileKey> {
    None
}

#[cfg(not(any(unix, windows)))]
pub fn link_count(_: &Path) -> Option<u64> {
    None
}

/// Windows: whether another handle holds the file open, the sign of a
/// live writer (a save keeps its temp file open until the rename; a killed
/// process's handles are closed by the system). Asked with an open that
/// shares nothing: a sharing violation means someone has it open. A
/// process id in the name would be reused; an open handle is not.
#[cfg(windows)]
pub fn held_open(path: &Path) -> bool {
    use std::os::windows::fs::OpenOptionsExt;
    /// ERROR_SHARING_VIOLATION.
    const SHARING_VIOLATION: i32 = 32;
    match std::fs::OpenOptions::new()
        .read(true)
        .share_mode(0)
        .open(path)
    {
        Ok(_) => false,
        Err(e) => e.raw_os_error() == Some(SHARING_VIOLATION),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_and_its_name_have_one_identity_and_a_hard_link_shares_it() {
        let dir = tempfile::tempdir().expect("temp");
        let a = dir.path().join("a");
        let b = dir.path().join("b");
        std::fs::write(&a, "a").expect("a");
        std::fs::write(&b, "b").expect("b");
        let f = File::open(&a).expect("open");
        assert!(file_key(&f).is_some());
        assert_eq!(file_key(&f), path_key(&a));
        assert_ne!(path_key(&a), path_key(&b));
        assert_eq!(link_count(&a), Some(1));
        let c = dir.path().join("c");
        std::fs::hard_link(&a, &c).expect("link");
        assert_eq!(path_key(&c), path_key(&a));
        assert_eq!(link_count(&a), Some(2));
    }

    #[test]
    fn a_rename_keeps_the_identity() {
        let dir = tempfile::tempdir().expect("temp");
        let a = dir.path().join("a");
        std::fs::write(&a, "a").expect("a");
        let before = path_key(&a);
        let b = dir.path().join("b");
        std::fs::rename(&a, &b).expect("rename");
        assert_eq!(path_key(&b), before);
    }

    #[cfg(windows)]
    #[test]
    fn an_open_file_is_held_and_a_closed_one_is_not() {
        let dir = tempfile::tempdir().expect("temp");
        let a = dir.path().join("a");
        let f = File::create(&a).expect("create");
        assert!(held_open(&a));
        drop(f);
        assert!(!held_open(&a));
    }
}
