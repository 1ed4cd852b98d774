//! Text for the clipboard: a level and its moves in the game's own format (Copy), and the
//! one-line game ID (Copy link): `tumblebox:1:GAME:LEVEL:MOVES:CHECK`, base64url and FNV-1a.

use super::replay::{Replay, TraceInput};

/// The moves of a trace input as one line: the judge's operations line (shubbles), or what
/// follows `--moves`.
fn moves_line(input: &TraceInput) -> String {
    if input.game == "shubbles" {
        return input.file.lines().nth(1).unwrap_or("").to_string();
    }
    input.args.iter().skip_while(|a| *a != "--moves").nth(1).cloned().unwrap_or_default()
}

/// Moves (their texts, from `start`) as one line in the game's notation: what Paste, the
/// `--moves` flag and [`Replay::split_moves`] read back.
pub fn moves_line_of<R: Replay>(start: &R, title: &str, moves: &[String]) -> String {
    moves_line(&start.trace_input(title, moves))
}

/// A level and moves as text in the game's own format, one line of moves after the level:
/// what the window's Copy puts on the clipboard (and Paste reads back).
pub fn copy_text<R: Replay>(start: &R, title: &str, moves: &[String]) -> String {
    let input = start.trace_input(title, moves);
    if input.game == "shubbles" {
        return input.file;
    }
    format!("{}{}\n", input.file, moves_line(&input))
}

/// A game in one line (Copy link): `tumblebox:1:GAME:LEVEL:MOVES:CHECK`, the level and the
/// moves in base64url, then an FNV-1a checksum of everything before it, in hex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameId {
    pub game: String,
    pub level: String,
    pub moves: String,
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn b64(bytes: &[u8]) -> String {
    let mut out = String::new();
    for c in bytes.chunks(3) {
        let n = c.iter().enumerate().fold(0u32, |n, (i, &b)| n | (b as u32) << (16 - 8 * i));
        for i in 0..=c.len() {
            out.push(B64[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

fn unb64(text: &str) -> Option<Vec<u8>> {
    let vals: Vec<u32> =
        text.bytes().map(|c| B64.iter().position(|&b| b == c).map(|v| v as u32)).collect::<Option<_>>()?;
    let mut out = Vec::new();
    for c in vals.chunks(4) {
        if c.len() == 1 {
            return None;
        }
        let n = c.iter().enumerate().fold(0u32, |n, (i, &v)| n | v << (18 - 6 * i));
        for i in 0..c.len() - 1 {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    Some(out)
}

fn fnv32(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5u32, |h, b| (h ^ b as u32).wrapping_mul(0x0100_0193))
}

impl GameId {
    pub fn of<R: Replay>(start: &R, title: &str, moves: &[String]) -> GameId {
        GameId::with_par(start, title, None, moves)
    }

    /// As [`GameId::of`], the level's par kept where its text has room for one
    /// ([`Replay::shared_level_text`]).
    pub fn with_par<R: Replay>(start: &R, title: &str, par: Option<usize>, moves: &[String]) -> GameId {
        let input = start.trace_input(title, moves);
        GameId { game: R::GAME.to_string(), level: start.shared_level_text(title, par), moves: moves_line(&input) }
    }

    /// `None` when the text is not a game ID at all; otherwise the ID or what is wrong with it.
    pub fn parse(text: &str) -> Option<Result<GameId, String>> {
        let rest = text.trim().strip_prefix("tumblebox:")?;
        Some((|| {
            let parts: Vec<&str> = rest.split(':').collect();
            let [version, game, level, moves, check] = parts.as_slice() else {
                return Err("expected tumblebox:1:GAME:LEVEL:MOVES:CHECK".to_string());
            };
            if *version != "1" {
                return Err(format!("a game ID of version 1, not {}", crate::error::quote(version)));
            }
            let body = &text.trim()[..text.trim().len() - check.len() - 1];
            if u32::from_str_radix(check, 16).ok() != Some(fnv32(body)) {
                return Err("its checksum does not match: the ID was cut or changed".to_string());
            }
            if crate::games::GameKind::from_key(game).is_none() {
                let keys = crate::games::GameKind::keys_said();
                return Err(format!("a game: {keys}, not {}", crate::error::quote(game)));
            }
            let text = |s: &str| {
                unb64(s).and_then(|b| String::from_utf8(b).ok()).ok_or("its level or moves are not base64url text")
            };
            Ok(GameId { game: game.to_string(), level: text(level)?, moves: text(moves)? })
        })())
    }
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let body = format!("tumblebox:1:{}:{}:{}", self.game, b64(self.level.as_bytes()), b64(self.moves.as_bytes()));
        write!(f, "{body}:{:08x}", fnv32(&body))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_round_trips_every_length() {
        for n in 0..40 {
            let bytes: Vec<u8> = (0..n).map(|i| (i * 37 + 11) as u8).collect();
            assert_eq!(unb64(&b64(&bytes)).unwrap(), bytes, "{n}");
        }
        // RFC 4648 test vectors, in the URL alphabet without padding.
        assert_eq!(b64(b"foobar"), "Zm9vYmFy");
        assert_eq!(b64(b"fo"), "Zm8");
        assert_eq!(b64(&[0xfb, 0xff]), "-_8");
    }

    #[test]
    fn a_game_id_reads_back_and_refuses_damage() {
        let id = GameId { game: "sokoban".into(), level: "1 7\nSB....T\n0 0\n".into(), moves: "EEEEE".into() };
        let text = id.to_string();
        assert!(text.starts_with("tumblebox:1:sokoban:") && !text.contains('\n'));
        assert_eq!(GameId::parse(&text), Some(Ok(id)));
        assert_eq!(GameId::parse("4 5 SAMPLE-01"), None);
        let cut = &text[..text.len() - 1];
        assert!(GameId::parse(cut).unwrap().unwrap_err().contains("checksum"));
        let changed = text.replacen("sokoban", "stacks", 1);
        assert!(GameId::parse(&changed).unwrap().unwrap_err().contains("checksum"));
    }
}
