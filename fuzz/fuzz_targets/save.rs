//! The save reader: any text either parses or is refused with a one-line message; a save that
//! parses writes back to a text that parses to the same save; replaying it through its game's
//! rules (what the loader does) never panics, and replays the same after the round trip.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tumblebox::games::visit::check_save as check;
use tumblebox::save::Save;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = tumblebox::input::decode(data) else { return };
    match Save::parse(&text) {
        Ok(save) => {
            let again = Save::parse(&save.write()).expect("a written save reads back");
            assert_eq!(again.history.len(), save.history.len());
            assert_eq!(again.cursor, save.cursor);
            let first = check(&save).map_err(|e| e.message);
            assert_eq!(first.is_ok(), check(&again).is_ok());
        }
        Err(e) => assert!(!e.to_string().contains('\n'), "{e}"),
    }
});
