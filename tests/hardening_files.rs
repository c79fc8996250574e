//! Issue 14, files: saves keep permissions and symlinks, ignore planted
//! temp names, clean stale temps, take long names; reads refuse FIFOs and
//! devices without blocking and bound a folder; `roster pdf -o` never
//! overwrites what it should not; a BOM is accepted.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::hang::{HANG, no_hang};
use impia::core::fsutil::write_atomic;
use impia::core::packs::{PackSet, load_user_packs};
use impia::core::roster::{Roster, load_roster, save_roster};
use impia::core::tables::RuleSet;

fn rules() -> RuleSet {
    RuleSet::builtin().expect("rules")
}

/// Run the binary; kill it and fail if it is still running after 20 s (a
/// FIFO read would block for ever).
fn impia(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_impia"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run impia");
    let start = Instant::now();
    loop {
        if child.try_wait().expect("wait").is_some() {
            return child.wait_with_output().expect("output");
        }
        if start.elapsed() > HANG {
            let _ = child.kill();
            panic!("impia {args:?} blocked for {HANG:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn mkfifo(p: &Path) {
    let ok = Command::new("mkfifo")
        .arg(p)
        .status()
        .expect("mkfifo")
        .success();
    assert!(ok, "mkfifo {}", p.display());
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

fn mode(p: &Path) -> u32 {
    std::fs::metadata(p).expect("meta").permissions().mode() & 0o777
}

#[test]
fn a_save_keeps_a_private_file_private() {
    let dir = tempfile::tempdir().expect("tempdir");
    let p = dir.path().join("banda.yaml");
    save_roster(&p, &Roster::starter("A")).expect("save");
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    save_roster(&p, &Roster::starter("B")).expect("save again");
    assert_eq!(mode(&p), 0o600);
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    write_atomic(&p, b"x").expect("write");
    assert_eq!(mode(&p), 0o640);
}

#[test]
fn a_save_through_a_symlink_replaces_its_target_and_the_link_stays() {
    let dir = tempfile::tempdir().expect("tempdir");
    let real_dir = dir.path().join("real");
    std::fs::create_dir(&real_dir).expect("mkdir");
    let real = real_dir.join("banda.yaml");
    save_roster(&real, &Roster::starter("Antes")).expect("save");
    let link = dir.path().join("enlace.yaml");
    std::os::unix::fs::symlink("real/banda.yaml", &link).expect("symlink");
    save_roster(&link, &Roster::starter("Después")).expect("save through the link");
    let meta = std::fs::symlink_metadata(&link).expect("meta");
    assert!(meta.file_type().is_symlink(), "the link was replaced");
    let r = load_roster(&real, &rules()).expect("load the target");
    assert_eq!(r.name, "Después");
    // A dangling link is refused (issue 21): no file is created through it.
    let dangling = dir.path().join("nuevo.yaml");
    std::os::unix::fs::symlink("real/nuevo-destino.yaml", &dangling).expect("symlink");
    assert!(write_atomic(&dangling, b"hola").is_err());
    assert!(!real_dir.join("nuevo-destino.yaml").exists());
}

#[test]
fn a_symlink_planted_at_the_old_temp_name_is_not_followed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, "precious").expect("write");
    let p = dir.path().join("banda.yaml");
    // The name older versions used for their temp file, for this process.
    let planted = dir
        .path()
        .join(format!(".banda.yaml.tmp-{}", std::process::id()));
    std::os::unix::fs::symlink(&victim, &planted).expect("symlink");
    write_atomic(&p, b"roster").expect("write");
    assert_eq!(std::fs::read_to_string(&victim).expect("read"), "precious");
    assert_eq!(std::fs::read_to_string(&p).expect("read"), "roster");
}

#[test]
fn stale_temp_files_of_killed_saves_are_removed_when_the_file_is_saved() {
    let dir = tempfile::tempdir().expect("tempdir");
    let p = dir.path().join("banda.yaml");
    // No process has this id (above Linux's pid_max).
    let stale = dir.path().join(".banda.yaml.tmp-4000000000");
    std::fs::write(&stale, "half a save").expect("write");
    let other = dir.path().join(".otra.yaml.tmp-4000000000");
    std::fs::write(&other, "another file's").expect("write");
    write_atomic(&p, b"x").expect("write");
    assert_eq!(
        names(dir.path()),
        [".otra.yaml.tmp-4000000000", "banda.yaml"]
    );
}

#[test]
fn a_file_name_of_250_characters_saves() {
    let dir = tempfile::tempdir().expect("tempdir");
    for len in [245, 250] {
        let name = format!("{}.yaml", "b".repeat(len - 5));
        assert_eq!(name.len(), len);
        let p = dir.path().join(&name);
        write_atomic(&p, b"uno").expect("first save");
        write_atomic(&p, b"dos").expect("second save");
        assert_eq!(std::fs::read_to_string(&p).expect("read"), "dos");
    }
}

#[test]
fn a_save_over_a_fifo_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let p = dir.path().join("fifo.yaml");
    mkfifo(&p);
    let e = write_atomic(&p, b"x").expect_err("a FIFO is no file to replace");
    assert!(e.to_string().contains("FIFO"), "{e}");
    let meta = std::fs::symlink_metadata(&p).expect("meta");
    assert!(!meta.is_file(), "the FIFO was replaced");
}

#[test]
fn a_fifo_as_a_roster_is_refused_without_blocking() {
    let dir = tempfile::tempdir().expect("tempdir");
    let p = dir.path().join("banda.yaml");
    mkfifo(&p);
    let o = impia(&["roster", "check", p.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("FIFO"), "{}", stderr(&o));
    let e = load_roster(&p, &rules()).expect_err("refused");
    assert!(e.to_string().contains("not a regular file"), "{e}");
}

#[test]
fn a_device_as_a_roster_is_refused() {
    let o = impia(&["roster", "check", "/dev/zero"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("a device"), "{}", stderr(&o));
}

#[test]
fn a_fifo_in_the_tables_folder_is_refused_without_blocking() {
    let dir = tempfile::tempdir().expect("tempdir");
    mkfifo(&dir.path().join("omens.yaml"));
    let d = dir.path().to_str().expect("utf-8");
    let o = impia(&["table", "list", "--tables", d]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("FIFO"), "{}", stderr(&o));
}

#[test]
fn a_fifo_as_a_pack_is_refused_without_blocking() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pack = dir.path().join("mi-juego");
    std::fs::create_dir(&pack).expect("mkdir");
    std::fs::write(pack.join("a.yaml"), HOUSE_TABLE).expect("write");
    mkfifo(&pack.join("b.yaml"));
    let (packs, problems) = no_hang("a FIFO", || load_user_packs(dir.path(), false));
    assert!(packs.is_empty());
    let all: Vec<String> = problems.iter().map(|e| e.to_string()).collect();
    assert!(all.iter().any(|e| e.contains("FIFO")), "{all:?}");
}

const HOUSE_PACK: &str = "pack: grande\nname: G\ntables:\n  - id: a\n    name: A\n    dice: 1d6\n    rows:\n      - {range: 1-6, text: x}\n";

const HOUSE_TABLE: &str =
    "id: a\nname: A\ndice: 1d6\nrows:\n  - {range: 1-3, text: x}\n  - {range: 4-6, text: y}\n";

/// 2,501 hard links to one 2 MB file: the folder is refused once it passes
/// 64 MiB, without reading the rest.
#[test]
fn a_folder_of_hard_links_to_a_large_file_is_bounded() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pack = dir.path().join("grande");
    std::fs::create_dir(&pack).expect("mkdir");
    // A pack file: as a rule table it is skipped, so every link is read.
    let mut big = String::from(HOUSE_PACK);
    while big.len() < 2_000_000 {
        big.push_str("# relleno para llegar a dos megas de tabla\n");
    }
    let first = pack.join("t0000.yaml");
    std::fs::write(&first, &big).expect("write");
    for i in 1..2501 {
        std::fs::hard_link(&first, pack.join(format!("t{i:04}.yaml"))).expect("link");
    }
    let (packs, problems) = no_hang("2,501 links", || load_user_packs(dir.path(), false));
    assert!(packs.is_empty());
    let all: Vec<String> = problems.iter().map(|e| e.to_string()).collect();
    assert!(
        all.iter().any(|e| e.contains("64 MiB")),
        "{:?}",
        &all[..all.len().min(3)]
    );
    // As a `--tables` folder of rule tables too.
    let e = RuleSet::load(Some(&pack)).expect_err("over the budget");
    assert!(e.to_string().contains("64 MiB"), "{e}");
}

#[test]
fn a_folder_of_too_many_files_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    for i in 0..1001 {
        std::fs::write(dir.path().join(format!("t{i:04}.yaml")), "a: 1\n").expect("write");
    }
    let (_, problems) = load_user_packs(dir.path(), false);
    let all: Vec<String> = problems.iter().map(|e| e.to_string()).collect();
    assert!(all.iter().any(|e| e.contains("more than 1000")), "{all:?}");
}

fn roster_file(dir: &Path) -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("rosters/guardia-del-paso.yaml");
    let p = dir.join("banda.yaml");
    std::fs::copy(src, &p).expect("copy");
    p
}

#[test]
fn roster_pdf_never_overwrites_the_roster_by_any_name() {
    let dir = tempfile::tempdir().expect("tempdir");
    let roster = roster_file(dir.path());
    let before = std::fs::read(&roster).expect("read");
    let link = dir.path().join("enlace.yaml");
    std::os::unix::fs::symlink(&roster, &link).expect("symlink");
    let hard = dir.path().join("duro.yaml");
    std::fs::hard_link(&roster, &hard).expect("link");
    let r = roster.to_str().expect("utf-8");
    for out in [&roster, &link, &hard] {
        let out = out.to_str().expect("utf-8");
        let o = impia(&["--lang", "en", "roster", "pdf", r, "-o", out, "--force"]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(stderr(&o).contains("roster file itself"), "{}", stderr(&o));
        assert_eq!(std::fs::read(&roster).expect("read"), before);
    }
}

#[test]
fn roster_pdf_refuses_a_fifo_or_a_device_as_output() {
    let dir = tempfile::tempdir().expect("tempdir");
    let roster = roster_file(dir.path());
    let fifo = dir.path().join("salida.pdf");
    mkfifo(&fifo);
    let r = roster.to_str().expect("utf-8");
    for out in [fifo.to_str().expect("utf-8"), "/dev/null"] {
        let o = impia(&["--lang", "en", "roster", "pdf", r, "-o", out, "--force"]);
        assert_eq!(o.status.code(), Some(2), "{out}: {}", stderr(&o));
        assert!(stderr(&o).contains("not a regular file"), "{}", stderr(&o));
    }
    assert!(!std::fs::symlink_metadata(&fifo).expect("meta").is_file());
}

#[test]
fn roster_pdf_asks_for_force_to_replace_a_file_that_is_not_a_pdf() {
    let dir = tempfile::tempdir().expect("tempdir");
    let roster = roster_file(dir.path());
    let r = roster.to_str().expect("utf-8");
    let notes = dir.path().join("notas.txt");
    std::fs::write(&notes, "mis notas").expect("write");
    let n = notes.to_str().expect("utf-8");
    let o = impia(&["--lang", "en", "roster", "pdf", r, "-o", n]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--force"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&notes).expect("read"), "mis notas");
    // A PDF is replaced without asking, and anything with --force.
    let o = impia(&["roster", "pdf", r, "-o", n, "--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = impia(&["roster", "pdf", r, "-o", n]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read(&notes).expect("read").starts_with(b"%PDF"));
}

#[test]
fn a_bom_before_the_first_key_is_accepted_in_every_yaml_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let rules = rules();
    // Roster.
    let roster = roster_file(dir.path());
    let text = std::fs::read_to_string(&roster).expect("read");
    std::fs::write(&roster, format!("\u{feff}{text}")).expect("write");
    load_roster(&roster, &rules).expect("a roster with a BOM loads");
    // A user table (an extra die-range table) and a pack in a tables folder.
    let tables = dir.path().join("tablas");
    std::fs::create_dir(&tables).expect("mkdir");
    let omens = "\u{feff}id: omens\nname: {es: Augurios, en: Omens}\nrule: R39\ndice: 1d6\nrows:\n  - range: 1-6\n    text: {es: a, en: a}\n";
    std::fs::write(tables.join("omens.yaml"), omens).expect("write");
    let pack = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/packs/house-roll.yaml"),
    )
    .expect("read");
    std::fs::write(tables.join("house.yaml"), format!("\u{feff}{pack}")).expect("write");
    let rs = RuleSet::load(Some(&tables)).expect("tables with a BOM load");
    assert!(rs.roll_table("omens").is_some());
    let set = PackSet::load(&rs, Some(&tables));
    assert!(set.problems.is_empty(), "{:?}", set.problems);
    assert!(set.pack("house").is_some());
}
