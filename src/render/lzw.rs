//! GIF's LZW, written for frames whose unchanged pixels are free: such a pixel may be sent as
//! its own colour or as the frame's transparent index (both show the same colour over the frame
//! before), and the encoder picks, pixel by pixel, whichever makes the longer dictionary match.
//!
//! The search: from each position, the longest string of the dictionary that the pixels ahead
//! allow (a free pixel allows two symbols, so the search branches; a bounded number of branches
//! is followed, always each to its end, so the match found cannot be extended). The entry a
//! code adds is the previous match and the first symbol of this one, added as the decoder adds
//! it (after reading the code), so the encoder's table and the decoder's are the same at every
//! code. The "KwKwK" case (a match that is the previous one and its own first symbol, the entry
//! not yet in the table) is checked for explicitly.
//!
//! When the table is full (4096 codes) the encoder either clears it at once or keeps using it
//! unchanged while it still pays (see [`Clear`]).

/// A pixel the encoder may send as its colour or as the transparent index.
pub const FREE: u16 = 1 << 8;

/// A free pixel the search tries as transparent first (a tie keeps transparency); without it,
/// its own colour first.
pub const PREFER_T: u16 = 1 << 9;

/// The largest code (12 bits).
const MAX_CODES: usize = 4096;

/// How many other branches one match may explore beyond the one it follows.
const BRANCHES: usize = 24;

/// What to do when the dictionary is full.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Clear {
    /// Send a clear code as soon as the table is full.
    Eager,
    /// Keep the full table while its codes stay long; clear when they shorten (the run of
    /// pixels a code covers, averaged over recent codes, falls below half of its average since
    /// the table filled).
    Deferred,
}

/// The dictionary: each code's children in a dense table (by symbol, then code, 0 for none:
/// symbol-major, so the children of consecutive codes by one symbol share cache lines, and a
/// frame's few common colours keep a few kilobytes hot), and each code's prefix, last symbol,
/// first symbol and length. The table is kept per thread and emptied after use by undoing the
/// entries added (far fewer than its cells), so an encoder neither allocates nor clears it
/// whole.
///
/// Runs of one symbol get a shortcut: a code whose string is `n` times one symbol is found by
/// symbol and `n` ([`Dict::run_code`]), so a match walking a run of equal pixels jumps to its
/// end instead of taking a child a pixel.
struct Dict {
    child: Box<[[u16; MAX_CODES]; 256]>,
    /// For a string of one symbol repeated, its length; else 0.
    pure: [u16; MAX_CODES],
    /// For such a string, [`RUN`] and its symbol; else 0 (one load tells whether a pixel of
    /// that symbol continues a run).
    run_of: [u16; MAX_CODES],
    /// The code of each symbol repeated `n` times (by symbol, then `n`), for `n` up to
    /// `longest[symbol]`.
    runs: Vec<u16>,
    longest: [u16; 256],
    prefix: [u16; MAX_CODES],
    suffix: [u8; MAX_CODES],
    head: [u8; MAX_CODES],
    len: [u32; MAX_CODES],
    first_free: usize,
    next: usize,
}

/// Marks [`Dict::run_of`]'s entries.
const RUN: u16 = 1 << 8;

thread_local! {
    /// Dictionaries not in use (empty), one per encoder a thread has run at once.
    static SPARE: std::cell::RefCell<Vec<Box<Dict>>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Dict {
    fn take() -> Box<Dict> {
        SPARE.with(|s| s.borrow_mut().pop()).unwrap_or_else(|| {
            Box::new(Dict {
                child: vec![[0; MAX_CODES]; 256].into_boxed_slice().try_into().expect("the table's size"),
                pure: [0; MAX_CODES],
                run_of: [0; MAX_CODES],
                runs: vec![0; MAX_CODES << 8],
                longest: [0; 256],
                prefix: [0; MAX_CODES],
                suffix: [0; MAX_CODES],
                head: [0; MAX_CODES],
                len: [1; MAX_CODES],
                first_free: 0,
                next: 0,
            })
        })
    }

    fn give_back(mut self: Box<Dict>) {
        self.empty();
        SPARE.with(|s| s.borrow_mut().push(self));
    }

    /// Removes every entry added.
    fn empty(&mut self) {
        for c in self.first_free..self.next {
            self.child[self.suffix[c] as usize][self.prefix[c] as usize & (MAX_CODES - 1)] = 0;
        }
        self.next = self.first_free;
    }

    fn reset(&mut self, first_free: usize) {
        self.empty();
        let literals = first_free - 2;
        for c in 0..first_free {
            self.suffix[c] = c as u8;
            self.head[c] = c as u8;
            self.len[c] = 1;
            self.pure[c] = (c < literals) as u16;
            self.run_of[c] = if c < literals { RUN | c as u16 } else { 0 };
        }
        for s in 0..literals {
            self.longest[s] = 1;
            self.runs[(s << 12) | 1] = s as u16;
        }
        self.first_free = first_free;
        self.next = first_free;
    }

    #[inline]
    fn child(&self, code: u16, sym: u8) -> Option<u16> {
        let c = self.child[sym as usize][code as usize & (MAX_CODES - 1)];
        if c == 0 { None } else { Some(c) }
    }

    fn add(&mut self, code: u16, sym: u8) {
        let new = self.next;
        self.child[sym as usize][code as usize & (MAX_CODES - 1)] = new as u16;
        self.prefix[new] = code;
        self.suffix[new] = sym;
        self.head[new] = self.head[code as usize];
        self.len[new] = self.len[code as usize] + 1;
        let n = self.pure[code as usize];
        (self.pure[new], self.run_of[new]) = if n > 0 && self.suffix[code as usize] == sym {
            self.runs[((sym as usize) << 12) | (n as usize + 1)] = new as u16;
            self.longest[sym as usize] = n + 1;
            (n + 1, RUN | sym as u16)
        } else {
            (0, 0)
        };
        self.next += 1;
    }

    /// The code of `sym` repeated `n` times (`n` at most `longest[sym]`).
    #[inline]
    fn run_code(&self, sym: u8, n: u16) -> u16 {
        self.runs[((sym as usize) << 12) | n as usize]
    }
}

/// Bits out, least significant first.
struct Bits {
    out: Vec<u8>,
    acc: u64,
    n: u32,
}

impl Bits {
    #[inline]
    fn put(&mut self, code: u16, width: u32) {
        self.acc |= (code as u64) << self.n;
        self.n += width;
        while self.n >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n -= 8;
        }
    }

    fn finish(mut self) -> Vec<u8> {
        if self.n > 0 {
            self.out.push(self.acc as u8);
        }
        self.out
    }
}

/// How many of the first `max` pixels of `px` (at most all of them) are `v`, from the first on.
#[inline]
fn run_length(px: &[u16], v: u16, max: usize) -> usize {
    let px = &px[..max.min(px.len())];
    let four = v as u64 * 0x0001_0001_0001_0001;
    let mut i = 0;
    while let Some(q) = px.get(i..i + 4) {
        let x = (q[0] as u64 | (q[1] as u64) << 16 | (q[2] as u64) << 32 | (q[3] as u64) << 48) ^ four;
        if x != 0 {
            return i + (x.trailing_zeros() / 16) as usize;
        }
        i += 4;
    }
    i + px[i..].iter().take_while(|&&w| w == v).count()
}

/// Whether pixel `v` (a symbol, maybe [`FREE`]) may be sent as `s`.
#[inline]
fn allows(v: u16, s: u8, transparent: u8) -> bool {
    (v & 0xff) as u8 == s || (v & FREE != 0 && s == transparent)
}

/// The LZW code stream (without the sub-block framing) for `pixels`, each a symbol below
/// `1 << min_size`, or such a symbol with [`FREE`] set: it may then be sent as `transparent`
/// instead. `min_size` is GIF's minimum code size (2 to 8).
pub fn encode(pixels: &[u16], min_size: u8, transparent: u8, clear: Clear) -> Vec<u8> {
    encode_under(pixels, min_size, transparent, clear, usize::MAX).expect("no limit")
}

/// As [`encode`], or none as soon as the code stream is known to take at least `limit` bytes
/// (so a trial that cannot beat a stream already made stops early).
pub fn encode_under(pixels: &[u16], min_size: u8, transparent: u8, clear: Clear, limit: usize) -> Option<Vec<u8>> {
    encode_paced(pixels, min_size, transparent, clear, limit, &mut Pace::default())
}

/// A stream's pace: its length in bytes each time it has sent another [`PACE_STEP`] pixels.
/// An encoding given the pace of a shorter stream of the same pixels stops once it is more
/// than [`PACE_SLACK`] behind it at some step, the first included (on the animations of
/// `scripts/bench-gif.sh` a way that falls that far behind the best so far catches up so
/// rarely that stopping it costs shubbles smooth 107 bytes of 718 K and the others at most
/// one; see docs/measured.md).
#[derive(Default)]
pub struct Pace {
    /// The pace to keep, empty for none.
    pub keep: Vec<u32>,
    /// This encoding's own pace.
    pub own: Vec<u32>,
}

/// Pixels between two measures of a stream's [`Pace`].
pub const PACE_STEP: usize = 1 << 13;

/// How far a stream may fall behind the pace it keeps, in 1/1024 of it (about 0.3 %).
const PACE_SLACK: u64 = 3;

/// As [`encode_under`], also stopping once the stream falls behind `pace.keep`; its own pace
/// goes to `pace.own`.
pub fn encode_paced(
    pixels: &[u16],
    min_size: u8,
    transparent: u8,
    clear: Clear,
    limit: usize,
    pace: &mut Pace,
) -> Option<Vec<u8>> {
    let mut enc = Encoder::new(min_size, transparent);
    let done = enc.run(pixels, clear, limit, pace);
    enc.dict.give_back();
    let out = enc.bits.finish();
    (done && out.len() < limit).then_some(out)
}

struct Encoder {
    dict: Box<Dict>,
    bits: Bits,
    literals: usize,
    clear_code: u16,
    min_size: u8,
    transparent: u8,
    width: u32,
    /// A stack of branches still to explore: (code, length so far).
    stack: Vec<(u16, u32)>,
    /// Whether the last search met a pixel that could continue its string two ways (both
    /// children in the table); if not, the pixels allow one string of the table alone.
    branched: bool,
}

impl Encoder {
    fn new(min_size: u8, transparent: u8) -> Encoder {
        let literals = 1usize << min_size;
        Encoder {
            dict: Dict::take(),
            bits: Bits { out: Vec::new(), acc: 0, n: 0 },
            literals,
            clear_code: literals as u16,
            min_size,
            transparent,
            width: min_size as u32 + 1,
            stack: Vec::with_capacity(BRANCHES + 2),
            branched: false,
        }
    }

    fn clear(&mut self) {
        self.bits.put(self.clear_code, self.width);
        self.dict.reset(self.literals + 2);
        self.width = self.min_size as u32 + 1;
    }

    /// The longest match at the start of `px`: (code, length).
    fn search(&mut self, px: &[u16]) -> (u16, u32) {
        let t = self.transparent;
        let v = px[0];
        let own = (v & 0xff) as u8;
        self.stack.clear();
        // A free pixel not of the transparent colour: two literals, the search's first branch.
        self.branched = v & FREE != 0 && own != t;
        let first = if self.branched {
            if v & PREFER_T != 0 {
                self.stack.push((own as u16, 1));
                t
            } else {
                self.stack.push((t as u16, 1));
                own
            }
        } else {
            own
        };
        let mut best = (first as u16, 1u32);
        let mut cur = (first as u16, 1u32);
        let mut branches = 0;
        let mut first_path = true;
        let dict = &*self.dict;
        let n = px.len();
        loop {
            // Follow `cur` to its end.
            let (mut code, len0) = cur;
            let mut len = len0 as usize;
            'path: while len < n {
                let mut v = px[len];
                let own = (v & 0xff) as u8;
                if v & FREE == 0 || own == t {
                    // One symbol allowed. A run of it continuing a string of it: jump to the
                    // longest string of it the run and the table allow (the same code a child
                    // a pixel would reach; no pixel of the run could branch).
                    let c = code as usize & (MAX_CODES - 1);
                    if dict.run_of[c] == RUN | own as u16 {
                        let k = dict.pure[c];
                        let room = (dict.longest[own as usize] - k) as usize;
                        if room > 0 {
                            let r = run_length(&px[len..], v, room);
                            code = dict.run_code(own, k + r as u16);
                            len += r;
                            continue;
                        }
                    }
                }
                // Plain pixels (one symbol, nothing marked): a child each. No run check is
                // needed here: the string is not a run of this pixel's symbol, or is the longest
                // run of it the table holds (checked above: then it has no child by it), and
                // no string extending it by another symbol is a run of any.
                while v <= 0xff {
                    // Indexed by the code unmasked (a code is below `MAX_CODES`), so the next
                    // lookup waits on this one's load alone.
                    let Some(&a) = dict.child[v as usize].get(code as usize) else {
                        break 'path;
                    };
                    if a == 0 {
                        break 'path;
                    }
                    code = a;
                    len += 1;
                    if len == n {
                        break 'path;
                    }
                    v = px[len];
                }
                let own = (v & 0xff) as u8;
                if v & FREE == 0 || own == t {
                    match dict.child(code, own) {
                        Some(a) => code = a,
                        None => break,
                    }
                    len += 1;
                    continue;
                }
                let a = dict.child(code, own);
                let b = dict.child(code, t);
                match (a, b) {
                    (Some(a), Some(b)) => {
                        self.branched = true;
                        let (a, b) = if v & PREFER_T != 0 { (a, b) } else { (b, a) };
                        if branches < BRANCHES {
                            branches += 1;
                            self.stack.push((a, len as u32 + 1));
                        }
                        code = b;
                    }
                    (Some(a), None) => code = a,
                    (None, Some(b)) => code = b,
                    (None, None) => break,
                }
                len += 1;
            }
            let len = len as u32;
            // The first path followed takes every preferred branch; another must be longer.
            if first_path || len > best.1 {
                best = (code, len);
            }
            first_path = false;
            match self.stack.pop() {
                Some(next) => cur = next,
                None => break,
            }
        }
        best
    }

    /// Compresses `px`; false (stopped) once the stream has reached `limit` bytes.
    fn run(&mut self, px: &[u16], clear: Clear, limit: usize, pace: &mut Pace) -> bool {
        let mut mark = PACE_STEP;
        self.clear();
        let t = self.transparent;
        let mut prev: Option<u16> = None;
        let mut p = 0usize;
        // Deferred clearing: the average run since the table filled, and a recent average
        // (both in 1/16 pixel).
        let (mut full_runs, mut full_codes) = (0u64, 0u64);
        let mut recent: u64 = 0;
        while p < px.len() {
            let rest = &px[p..];
            let (mut code, mut len) = self.search(rest);
            let adding = prev.is_some() && self.dict.next < MAX_CODES;
            if let Some(pc) = prev
                && adding
            {
                let plen = self.dict.len[pc as usize] as usize;
                if len as usize <= plen && plen < rest.len() && allows(rest[plen], self.dict.head[pc as usize], t) {
                    // KwKwK: the previous string and its first symbol, if the pixels allow it
                    // (the string compared from its end, along its prefixes). A search that
                    // never met two ways on has followed the one string of the table the
                    // pixels allow (every prefix of a string is in the table), so the previous
                    // string fits exactly when that string is it.
                    let fits = if self.branched {
                        let mut c = pc;
                        let mut i = plen;
                        loop {
                            i -= 1;
                            if !allows(rest[i], self.dict.suffix[c as usize], t) {
                                break false;
                            }
                            if i == 0 {
                                break true;
                            }
                            c = self.dict.prefix[c as usize];
                        }
                    } else {
                        code == pc && len as usize == plen
                    };
                    if fits {
                        code = self.dict.next as u16;
                        len = plen as u32 + 1;
                    }
                }
            }
            self.bits.put(code, self.width);
            if let Some(pc) = prev
                && adding
            {
                let first = if code as usize == self.dict.next {
                    self.dict.head[pc as usize]
                } else {
                    self.dict.head[code as usize]
                };
                self.dict.add(pc, first);
                if self.dict.next == 1 << self.width && self.width < 12 {
                    self.width += 1;
                }
            }
            if self.bits.out.len() >= limit {
                return false;
            }
            p += len as usize;
            if p >= mark {
                let at = self.bits.out.len() as u32;
                let j = pace.own.len();
                pace.own.push(at);
                if let Some(&k) = pace.keep.get(j)
                    && at as u64 * 1024 > k as u64 * (1024 + PACE_SLACK)
                {
                    return false;
                }
                mark += PACE_STEP;
            }
            prev = Some(code);
            if self.dict.next >= MAX_CODES && p < px.len() {
                let clear_now = match clear {
                    Clear::Eager => true,
                    Clear::Deferred => {
                        let run = (len as u64) << 4;
                        full_runs += run;
                        full_codes += 1;
                        recent = if full_codes == 1 { run } else { recent - (recent >> 4) + (run >> 4) };
                        full_codes > 64 && recent * 2 * full_codes < full_runs
                    }
                };
                if clear_now {
                    self.clear();
                    prev = None;
                    full_runs = 0;
                    full_codes = 0;
                }
            }
        }
        self.bits.put(self.clear_code + 1, self.width);
        true
    }
}

/// The smallest GIF minimum code size whose literals cover `max_symbol` (at least 2).
pub fn min_code_size(max_symbol: u8) -> u8 {
    let mut size = 2u8;
    while (1u16 << size) <= max_symbol as u16 {
        size += 1;
    }
    size
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plain LZW decoder written from the GIF specification (independent of the encoder),
    /// returning the symbols.
    fn decode(data: &[u8], min_size: u8) -> Vec<u8> {
        let clear = 1u32 << min_size;
        let eoi = clear + 1;
        let mut table: Vec<Vec<u8>> = Vec::new();
        let reset = |t: &mut Vec<Vec<u8>>| {
            t.clear();
            for i in 0..clear {
                t.push(vec![i as u8]);
            }
            t.push(Vec::new());
            t.push(Vec::new());
        };
        reset(&mut table);
        let mut width = min_size as u32 + 1;
        let (mut acc, mut n, mut at) = (0u64, 0u32, 0usize);
        let mut out = Vec::new();
        let mut prev: Option<Vec<u8>> = None;
        loop {
            while n < width {
                acc |= (data[at] as u64) << n;
                at += 1;
                n += 8;
            }
            let code = (acc & ((1 << width) - 1)) as u32;
            acc >>= width;
            n -= width;
            if code == clear {
                reset(&mut table);
                width = min_size as u32 + 1;
                prev = None;
                continue;
            }
            if code == eoi {
                return out;
            }
            let s = if (code as usize) < table.len() {
                table[code as usize].clone()
            } else {
                let p = prev.clone().expect("KwKwK after a code");
                assert_eq!(code as usize, table.len(), "code out of range");
                let mut s = p.clone();
                s.push(p[0]);
                s
            };
            if let Some(p) = prev
                && table.len() < 4096
            {
                let mut e = p.clone();
                e.push(s[0]);
                table.push(e);
                if table.len() == 1 << width && width < 12 {
                    width += 1;
                }
            }
            out.extend_from_slice(&s);
            prev = Some(s);
        }
    }

    fn check(px: &[u16], min_size: u8, t: u8, clear: Clear) -> Vec<u8> {
        let data = encode(px, min_size, t, clear);
        let got = decode(&data, min_size);
        assert_eq!(got.len(), px.len());
        for (i, (&g, &v)) in got.iter().zip(px).enumerate() {
            assert!(allows(v, g, t), "pixel {i}: sent {g} for {v:#x}");
        }
        data
    }

    #[test]
    fn runs_and_noise_round_trip() {
        let run: Vec<u16> = vec![3; 10_000];
        check(&run, 2, 0, Clear::Eager);
        let mut x = 12345u32;
        let noise: Vec<u16> = (0..50_000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                (x % 200) as u16
            })
            .collect();
        for c in [Clear::Eager, Clear::Deferred] {
            check(&noise, 8, 255, c);
        }
    }

    /// A stream keeping a pace: the same bytes as without one when it stays within it, its
    /// own pace a measure each [`PACE_STEP`] pixels, and stopped once it falls behind.
    #[test]
    fn a_stream_falling_behind_the_pace_it_keeps_stops() {
        let mut x = 99u32;
        let mut noise = |m: u32| -> Vec<u16> {
            (0..40_000)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 17;
                    x ^= x << 5;
                    (x % m) as u16
                })
                .collect()
        };
        // Sixteen symbols against four: the first takes about twice the bytes of the second.
        let (wide, narrow) = (noise(16), noise(4));
        let mut first = Pace::default();
        let alone = encode_paced(&narrow, 4, 15, Clear::Deferred, usize::MAX, &mut first).expect("no pace to keep");
        assert_eq!(alone, encode(&narrow, 4, 15, Clear::Deferred));
        assert_eq!(first.own.len(), 40_000 / PACE_STEP);
        assert!(first.own.windows(2).all(|w| w[0] < w[1]), "{:?}", first.own);
        let mut behind = Pace { keep: first.own.clone(), own: Vec::new() };
        assert_eq!(encode_paced(&wide, 4, 15, Clear::Deferred, usize::MAX, &mut behind), None);
        // It stops at the first measure.
        assert_eq!(behind.own.len(), 1);
        let mut ahead = Pace { keep: behind.own.clone(), own: Vec::new() };
        let kept = encode_paced(&narrow, 4, 15, Clear::Deferred, usize::MAX, &mut ahead);
        assert_eq!(kept.as_deref(), Some(&alone[..]));
        assert_eq!(ahead.own, first.own);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// Random symbols, some free, long enough to fill the table: another decoder (weezl)
        /// reads back a symbol each pixel allows, whichever way the table is cleared.
        #[test]
        fn weezl_reads_back_what_the_pixels_allow(
            min_size in 2u8..=8,
            seed in proptest::prelude::any::<u64>(),
            len in 1usize..20_000,
            runs in 0u8..3,
        ) {
            let mut x = seed | 1;
            let mut rnd = move || { x ^= x << 13; x ^= x >> 7; x ^= x << 17; x };
            let n = 1u64 << min_size;
            let t = (rnd() % n) as u8;
            let mut px = Vec::with_capacity(len);
            while px.len() < len {
                let v = (rnd() % n) as u16 | if rnd() % 3 == 0 { FREE } else { 0 } | if rnd() % 2 == 0 { PREFER_T } else { 0 };
                let run = if runs == 0 { 1 } else { 1 + (rnd() % (8 << runs)) as usize };
                px.extend(std::iter::repeat_n(v, run.min(len - px.len())));
            }
            for clear in [Clear::Eager, Clear::Deferred] {
                let data = encode(&px, min_size, t, clear);
                let got = weezl::decode::Decoder::new(weezl::BitOrder::Lsb, min_size).decode(&data).unwrap();
                proptest::prop_assert_eq!(got.len(), px.len());
                for (&g, &v) in got.iter().zip(&px) {
                    proptest::prop_assert!(allows(v, g, t), "sent {} for {:#x}", g, v);
                }
                proptest::prop_assert_eq!(decode(&data, min_size), got);
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

        /// Without free pixels the stream is plain greedy LZW, code for code what another
        /// encoder (weezl) makes, long runs of one symbol included (the encoder jumps along
        /// them: the same codes as a child a pixel).
        #[test]
        fn runs_make_the_codes_another_encoder_makes(
            min_size in 2u8..=8,
            seed in proptest::prelude::any::<u64>(),
            len in 1usize..30_000,
            longest in 1usize..3000,
        ) {
            let mut x = seed | 1;
            let mut rnd = move || { x ^= x << 13; x ^= x >> 7; x ^= x << 17; x };
            let n = 1u64 << min_size;
            let mut px = Vec::with_capacity(len);
            while px.len() < len {
                let v = (rnd() % n.min(6)) as u16;
                let run = 1 + (rnd() % longest as u64) as usize;
                px.extend(std::iter::repeat_n(v, run.min(len - px.len())));
            }
            let ours = encode(&px, min_size, 0, Clear::Eager);
            let symbols: Vec<u8> = px.iter().map(|&v| v as u8).collect();
            let theirs = weezl::encode::Encoder::new(weezl::BitOrder::Lsb, min_size).encode(&symbols).unwrap();
            proptest::prop_assert_eq!(ours, theirs);
        }
    }

    proptest::proptest! {
        /// A run's length, read four pixels at a time, is the pixels counted one by one.
        #[test]
        fn a_run_is_as_long_as_counted_one_by_one(
            px in proptest::collection::vec(0u16..3, 0..40),
            v in 0u16..3,
            max in 0usize..50,
        ) {
            let counted = px.iter().take(max).take_while(|&&w| w == v).count();
            proptest::prop_assert_eq!(run_length(&px, v, max), counted);
        }
    }

    #[test]
    fn min_code_sizes() {
        assert_eq!(min_code_size(0), 2);
        assert_eq!(min_code_size(3), 2);
        assert_eq!(min_code_size(4), 3);
        assert_eq!(min_code_size(127), 7);
        assert_eq!(min_code_size(128), 8);
        assert_eq!(min_code_size(255), 8);
    }
}
