//! A save's library lines (`solution WHO WHEN MOVES`, `snapshot WHEN "NAME" MOVES`) after a
//! small level of each game (the first byte picks it): any text either reads or is refused with
//! one line whose column, if it names one, lies on that line; a save that reads writes back to
//! one with the same library; replaying it (what the loader does) never panics and answers
//! the same after the round trip.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tumblebox::games::visit::check_save as check;
use tumblebox::save::Save;

const HEADS: [&str; 4] = [
    "tumblebox save 2\ngame sokoban\ntitle Room\nlevel\n| ; Room\n| #######\n| #@ $ .#\n| #######\n",
    "tumblebox save 2\ngame vexed\ntitle SAMPLE-01\nlevel\n| 4 5 SAMPLE-01\n| #A--#\n| ##-B#\n| #AB##\n| #####\n| 0 0\n",
    "tumblebox save 2\ngame shubbles\ntitle Fig\nlevel\n| .........@...o....ooo..xox...\n|\n",
    "tumblebox save 2\ngame stacks\ntitle Four\nlevel\n| 4 4\n| 0 0 2 0\n| 0 0 1 0\n| 0 0 1 2\n| 0 2 0 0\n| 2 1 1\n| 3 2 3\n| 2 2 1\n| 4 1 2\n",
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(lines) = std::str::from_utf8(rest) else { return };
    let text = format!("{}{lines}\nend\n", HEADS[pick as usize % HEADS.len()]);
    match Save::parse(&text) {
        Ok(save) => {
            let again = Save::parse(&save.write()).expect("a written save reads back");
            let found = |s: &Save| s.found.iter().map(|f| (f.line.clone(), f.by, f.when)).collect::<Vec<_>>();
            let snaps = |s: &Save| s.snapshots.iter().map(|x| (x.name.clone(), x.line.clone(), x.when)).collect::<Vec<_>>();
            assert_eq!(found(&again), found(&save));
            assert_eq!(snaps(&again), snaps(&save));
            let first = check(&save).map_err(|e| e.message);
            assert_eq!(first, check(&again).map_err(|e| e.message));
        }
        Err(e) => {
            assert!(!e.to_string().contains('\n'), "{e}");
            if let Some(c) = e.column {
                let line = text.lines().nth(e.line - 1).unwrap_or("");
                assert!(c >= 1 && c <= line.chars().count(), "{e} on {line:?}");
            }
        }
    }
});
