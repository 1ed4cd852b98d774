//! Writes the Android levels with par at most P as one World Finals judge input (each board
//! framed in wall), for timing `vexed judge` on real boards:
//! `cargo run --release --features tools --example android_to_judge -- ../shared/data/vexed-levels/android 12 > par12.in`
use tumblebox::vexed::format::{latin1, parse_android, to_judge_text};

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().expect("usage: android_to_judge DIR MAX_PAR");
    let max_par: usize = args.next().and_then(|p| p.parse().ok()).expect("usage: android_to_judge DIR MAX_PAR");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("a folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt") && p.file_name().is_some_and(|n| n != "levelsets.txt"))
        .collect();
    files.sort();
    let mut count = 0;
    for f in files {
        let stem = f.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        for (i, l) in
            parse_android(&latin1(&std::fs::read(&f).expect("readable"))).expect("a pack").into_iter().enumerate()
        {
            if l.par.is_some_and(|p| p <= max_par) {
                print!("{}", to_judge_text(&format!("{stem}-{}", i + 1), &l.board));
                count += 1;
            }
        }
    }
    println!("0 0");
    eprintln!("{count} puzzles");
}
