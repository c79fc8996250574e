//! Build facts the binary reports (`impia --version`: the release and the
//! commit), and on Windows the icon and version resource of `impia.exe`.
//! Nothing here is needed to build: without git the commit is "unknown",
//! without windres the .exe has no icon (a warning says so).

use std::path::{Path, PathBuf};
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let s = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (!s.is_empty()).then_some(s)
}

fn main() {
    // An archive of the sources (no git) may say its commit itself.
    println!("cargo:rerun-if-env-changed=IMPIA_COMMIT");
    let commit = std::env::var("IMPIA_COMMIT")
        .ok()
        .filter(|c| !c.is_empty())
        .or_else(|| git(&["rev-parse", "--short=10", "HEAD"]))
        .map(|c| {
            // Uncommitted changes are part of what was built: say so.
            let dirty = git(&["status", "--porcelain", "--untracked-files=no"]).is_some();
            if dirty { format!("{c}-modified") } else { c }
        })
        .unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=IMPIA_COMMIT={commit}");
    // A new commit, a checkout or a staged change: build again. The git
    // folder may be a worktree's (`.git` is then a file naming it).
    if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
        let dir = PathBuf::from(dir);
        for f in ["HEAD", "index"] {
            println!("cargo:rerun-if-changed={}", dir.join(f).display());
        }
        if let Some(r) = git(&["symbolic-ref", "-q", "HEAD"])
            && let Some(common) = git(&["rev-parse", "--git-common-dir"])
        {
            println!(
                "cargo:rerun-if-changed={}",
                Path::new(&common).join(r).display()
            );
        }
    }
    windows_resource();
}

/// The icon and version of `impia.exe`, through MinGW's windres (the
/// target's own compiler suite), linked into the binary only.
fn windows_resource() {
    println!("cargo:rerun-if-changed=assets/icon/impia.ico");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    let (Ok(out), Ok(root)) = (
        std::env::var("OUT_DIR"),
        std::env::var("CARGO_MANIFEST_DIR"),
    ) else {
        return;
    };
    let version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    let mut nums: Vec<u32> = version
        .split(['.', '-', '+'])
        .take(3)
        .map(|n| n.parse().unwrap_or(0))
        .collect();
    nums.resize(4, 0);
    let commas = nums
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let ico = Path::new(&root).join("assets/icon/impia.ico");
    // windres reads C strings: forward slashes, no escapes needed.
    let ico = ico.display().to_string().replace('\\', "/");
    let rc = format!(
        r#"1 ICON "{ico}"
1 VERSIONINFO
FILEVERSION {commas}
PRODUCTVERSION {commas}
BEGIN
  BLOCK "StringFileInfo"
  BEGIN
    BLOCK "040904B0"
    BEGIN
      VALUE "CompanyName", "impia"
      VALUE "FileDescription", "impia: table-side assistant for the Unholy Lands skirmish game"
      VALUE "FileVersion", "{version}"
      VALUE "InternalName", "impia"
      VALUE "OriginalFilename", "impia.exe"
      VALUE "ProductName", "impia"
      VALUE "ProductVersion", "{version}"
    END
  END
  BLOCK "VarFileInfo"
  BEGIN
    VALUE "Translation", 0x0409, 1200
  END
END
"#
    );
    let rc_path = Path::new(&out).join("impia.rc");
    if std::fs::write(&rc_path, rc).is_err() {
        println!(
            "cargo:warning=no icon in impia.exe: cannot write {}",
            rc_path.display()
        );
        return;
    }
    let res = Path::new(&out).join("impia-res.o");
    let windres = match std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() {
        Ok("x86") => "i686-w64-mingw32-windres",
        _ => "x86_64-w64-mingw32-windres",
    };
    let ran = Command::new(windres)
        .arg("--input")
        .arg(&rc_path)
        .args(["--output-format=coff", "--output"])
        .arg(&res)
        .status();
    match ran {
        Ok(s) if s.success() => {
            println!("cargo:rustc-link-arg-bin=impia={}", res.display());
        }
        other => println!("cargo:warning=no icon in impia.exe: {windres} failed ({other:?})"),
    }
}
