//! The one loader (File › Open, paste, drop, `tumblebox FILE`, `certify`): any bytes are read
//! as some game's levels or refused with one line; never a panic, never a second line.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match tumblebox::loader::load(data) {
        Ok(l) => assert!(["vexed", "shubbles", "sokoban", "stacks"].contains(&l.game())),
        Err(e) => assert!(!e.contains('\n'), "{e}"),
    }
});
