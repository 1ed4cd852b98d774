//! `sokoban bench --merge`: its streamed CSV reader and the merge. Any bytes, cut into up to
//! three files at NUL bytes, are merged or refused with one short line without control
//! characters naming a file; read a byte at a time they give the same answer (the reader's
//! BOM, CR LF and quotes across its buffer's edges); a merge's CSV merges again to the same
//! rows and counts, and from then on to the same bytes.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::io::Write;
use tumblebox::sokoban::bench::HEADER;
use tumblebox::sokoban::merge::{MergeError, Merged, Shard, merge};

fn go(files: &[&[u8]], buffer: usize) -> Result<(Merged, Vec<u8>), String> {
    let mut shards = Vec::new();
    for (k, f) in files.iter().enumerate() {
        shards.push(Shard::open(&format!("f{k}.csv"), std::io::BufReader::with_capacity(buffer, *f))?);
    }
    let mut out = format!("{HEADER}\n").into_bytes();
    let m = merge(&mut shards, &mut |pack, row| writeln!(out, "{}", row.csv(pack))).map_err(|e| match e {
        MergeError::Bad(m) => m,
        MergeError::Write(e) => panic!("writing to memory failed: {e}"),
    })?;
    Ok((m, out))
}

fuzz_target!(|data: &[u8]| {
    let files: Vec<&[u8]> = data.splitn(3, |&b| b == 0).collect();
    let whole = go(&files, 8192);
    assert_eq!(whole, go(&files, 1), "read a byte at a time");
    match whole {
        Ok((m, out)) => {
            assert!(m.rows > 0 && m.solved + m.limited + m.unsolvable == m.rows, "{m:?}");
            let (again, out2) = go(&[&out], 8192).expect("a merged CSV merges again");
            assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), out2.iter().filter(|&&b| b == b'\n').count());
            // The same rows and counts. The pack and titles are written as a CSV field (a
            // control character escaped as `\u{14}`, a formula's `=` behind a `'`, quoted), so
            // the first merge may change their text; from then on nothing changes.
            assert_eq!(Merged { files: m.files, pack: m.pack.clone(), ..again.clone() }, m);
            let (third, out3) = go(&[&out2], 8192).expect("a merged CSV merges again");
            assert_eq!((third, out3), (again, out2));
            assert!(!m.summary().trim_end().chars().any(|c| c.is_control() && c != '\n'));
        }
        Err(e) => {
            assert!(e.starts_with('f'), "{e}");
            assert!(!e.chars().any(char::is_control), "{e:?}");
            assert!(e.chars().count() < 1000, "{} characters", e.chars().count());
        }
    }
});
