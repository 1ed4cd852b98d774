//! Shared helpers for the integration tests: where `../shared/data` is, and the rule that a
//! missing data folder fails loudly under CI.
#![allow(dead_code)]

pub mod dijkstra;
#[cfg(feature = "app")]
pub mod window;

use std::path::PathBuf;

/// The shared test data folder, or `None` (with a note) when it is absent outside CI.
/// Under `CI=true` a missing folder is a test failure.
pub fn data_dir(sub: &str) -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data").join(sub);
    if dir.is_dir() {
        return Some(dir);
    }
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("test data {} is missing (CI=true requires it)", dir.display());
    }
    eprintln!("skipping: test data {} is missing", dir.display());
    None
}

/// Sorted files in a folder with the given extension.
pub fn files(dir: &std::path::Path, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    v.sort();
    v
}

/// Runs the `tumblebox` binary with `args`, `stdin` written by a thread of its own (a big input
/// must not deadlock against a full output pipe), and collects its output.
pub fn run(args: &[&str], stdin: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_tumblebox"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// Writes `input` to a child's standard input and closes it. A broken pipe is not an error
/// here: a command that refuses its output before it reads its input (exit status 2, checked
/// before the work starts) may be gone before the input is written.
pub fn feed(mut stdin: std::process::ChildStdin, input: &[u8]) {
    use std::io::Write;
    match stdin.write_all(input) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("writing the input: {e}"),
        _ => {}
    }
}
