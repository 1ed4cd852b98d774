//! The input convention and the message helpers: decoding never fails on UTF-8 after
//! normalising, quotes are short and free of control characters.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tumblebox::error::{QUOTE_MAX, one_line, quote};

fuzz_target!(|data: &[u8]| {
    let norm = tumblebox::input::normalize(data);
    assert!(!norm.contains(&b'\r'));
    if let Ok(text) = tumblebox::input::decode(data) {
        let mut lines = tumblebox::input::Lines::new(&text);
        while lines.skip_blank() {
            let (_, l) = lines.next_line().unwrap();
            let q = quote(l);
            assert!(q.chars().count() <= QUOTE_MAX * 12 + 3);
            assert!(!q.chars().any(|c| c.is_control()));
        }
        assert!(!one_line(&text).chars().any(|c| c.is_control()));
    }
});
