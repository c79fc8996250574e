//! Issue 21: no file is created through a dangling link, `--force` or
//! not; another user's link in a sticky world-writable folder is not
//! followed (the kernel's `protected_symlinks` rule); the temps of killed
//! saves go at the next save of their folder, a live one's never.

use crate::cli_support::impia;
use std::os::unix::fs::{MetadataExt, PermissionsExt, lchown, symlink};
use std::path::Path;

use impia::core::fsutil::write_atomic;

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("list")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .collect();
    v.sort();
    v
}

fn roster_file(dir: &Path, name: &str) -> String {
    let p = dir.join(format!("{name}.yaml"));
    std::fs::write(
        &p,
        format!(
            "name: {name}\nmodels:\n  - {{name: Jefe, troop: hero, leader: true, weapons: [medium_blade]}}\n"
        ),
    )
    .expect("write a roster");
    p.display().to_string()
}

#[test]
fn a_save_through_a_dangling_link_is_refused_and_creates_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let link = dir.path().join("enlace.yaml");
    let target = dir.path().join("lejos").join("destino.yaml");
    std::fs::create_dir(dir.path().join("lejos")).expect("mkdir");
    symlink(&target, &link).expect("symlink");
    let e = write_atomic(&link, b"x").expect_err("refused");
    assert!(e.to_string().contains("does not exist"), "{e}");
    assert!(!target.exists());
    assert!(
        std::fs::symlink_metadata(&link)
            .expect("the link stays")
            .file_type()
            .is_symlink()
    );
}

#[test]
fn game_new_and_roster_pdf_refuse_a_dangling_output_even_with_force() {
    let dir = tempfile::tempdir().expect("tempdir");
    let a = roster_file(dir.path(), "lobo");
    let b = roster_file(dir.path(), "cuervo");
    let target = dir.path().join("destino.yaml");
    let link = dir.path().join("partida.yaml");
    symlink(&target, &link).expect("symlink");
    let out = link.display().to_string();
    for force in [false, true] {
        let mut args = vec!["game", "new", "--a", &a, "--b", &b, "-o", &out];
        if force {
            args.push("--force");
        }
        let o = impia(&args);
        assert!(!o.status.success(), "force {force}: accepted");
        assert!(!target.exists(), "force {force}: created through the link");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("does not exist"), "{err}");
    }
    let pdf_target = dir.path().join("destino.pdf");
    let pdf_link = dir.path().join("hoja.pdf");
    symlink(&pdf_target, &pdf_link).expect("symlink");
    let pdf_out = pdf_link.display().to_string();
    for force in [false, true] {
        let mut args = vec!["roster", "pdf", &a, "-o", &pdf_out];
        if force {
            args.push("--force");
        }
        let o = impia(&args);
        assert!(!o.status.success(), "force {force}: accepted");
        assert!(
            !pdf_target.exists(),
            "force {force}: created through the link"
        );
    }
}

/// A sticky folder everyone can write to, as `/tmp`.
fn sticky_dir(root: &Path) -> std::path::PathBuf {
    let d = root.join("tmp");
    std::fs::create_dir(&d).expect("mkdir");
    std::fs::set_permissions(&d, std::fs::Permissions::from_mode(0o1777)).expect("chmod");
    d
}

fn running_as_root() -> bool {
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

#[test]
fn another_users_link_in_a_sticky_world_writable_folder_is_not_followed() {
    // Planting a link owned by someone else takes root (lchown).
    if !running_as_root() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, "precious").expect("write");
    let tmp = sticky_dir(dir.path());
    let link = tmp.join("partida.yaml");
    symlink(&victim, &link).expect("symlink");
    lchown(&link, Some(4242), Some(4242)).expect("lchown");
    let e = write_atomic(&link, b"owned").expect_err("not followed");
    assert!(e.to_string().contains("another user"), "{e}");
    assert_eq!(std::fs::read_to_string(&victim).expect("read"), "precious");
    // The folder's owner's link is followed, as the kernel does.
    std::os::unix::fs::chown(&tmp, Some(4242), None).expect("chown");
    write_atomic(&link, b"mine").expect("the folder owner's link");
    assert_eq!(std::fs::read_to_string(&victim).expect("read"), "mine");
    // So is the follower's own link.
    std::os::unix::fs::chown(&tmp, Some(0), None).expect("chown");
    lchown(&link, Some(0), Some(0)).expect("lchown");
    write_atomic(&link, b"again").expect("my own link");
    assert_eq!(std::fs::read_to_string(&victim).expect("read"), "again");
}

#[test]
fn a_link_to_an_existing_file_in_an_ordinary_folder_is_still_written_through() {
    let dir = tempfile::tempdir().expect("tempdir");
    let real = dir.path().join("real.yaml");
    std::fs::write(&real, "old").expect("write");
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    let link = dir.path().join("link.yaml");
    symlink("real.yaml", &link).expect("symlink");
    write_atomic(&link, b"new").expect("write through the link");
    assert_eq!(std::fs::read_to_string(&real).expect("read"), "new");
    assert!(
        std::fs::symlink_metadata(&link)
            .expect("meta")
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        std::fs::metadata(&real).expect("meta").permissions().mode() & 0o777,
        0o640
    );
}

#[test]
fn temps_of_dead_saves_go_at_the_next_save_and_live_ones_stay() {
    let dir = tempfile::tempdir().expect("tempdir");
    // No process has this id (above Linux's pid_max): a killed save's.
    let dead = ".impia-4000000000-a1B2c3.tmp";
    // Process 1 always runs; this process may be saving on another thread.
    let live = ".impia-1-d4E5f6.tmp";
    let mine = format!(".impia-{}-g7H8i9.tmp", std::process::id());
    // A temp of an older impia, without a process id: waits its day.
    let old = ".impia-j0K1l2.tmp";
    for n in [dead, live, mine.as_str(), old] {
        std::fs::write(dir.path().join(n), "half a save").expect("write");
    }
    write_atomic(&dir.path().join("otro.yaml"), b"x").expect("save");
    let mut want = vec![
        live.to_string(),
        mine.clone(),
        old.to_string(),
        "otro.yaml".to_string(),
    ];
    want.sort();
    assert_eq!(names(dir.path()), want);
}
