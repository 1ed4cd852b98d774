//! Shared helpers for the integration tests: where `../shared/data` is, and the rule that a
//! missing data folder fails loudly under CI.
#![allow(dead_code)]

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
