//! The shubbles judge's whole path (text and picture), and the level-file reader.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let plain = tumblebox::judge::shubbles(data, false);
    let picture = tumblebox::judge::shubbles(data, true);
    assert_eq!(plain.is_ok(), picture.is_ok());
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = tumblebox::levels::parse_shubbles(text);
        let _ = tumblebox::shubbles::format::parse_ops(text, 1);
    }
});
