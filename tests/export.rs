//! Exported PNG and GIF files, decoded and sampled. Expected contents are worked out by hand
//! from the rules (comments show the working); geometry constants are the scene's documented
//! layout: a 10 x 10 view, the box's 5 x 7 grid centred, 48 pixels per cell at 480 x 480.

use std::path::{Path, PathBuf};
use std::process::Command;
use tumblebox::scene::Ink;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tumblebox"))
}

fn tmpdir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tumblebox-export-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn run_shubbles(args: &[&str], input: &str) -> String {
    use std::io::Write;
    let mut child = bin()
        .args(["shubbles", "judge"])
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// A decoded animation: full RGBA canvases after each frame, and each frame's delay.
struct Decoded {
    width: usize,
    height: usize,
    frames: Vec<Vec<u8>>,
    delays: Vec<u16>,
}

impl Decoded {
    fn pixel(&self, frame: usize, x: usize, y: usize) -> [u8; 3] {
        let i = (y * self.width + x) * 4;
        let f = &self.frames[frame];
        [f[i], f[i + 1], f[i + 2]]
    }
}

/// The frames a GIF shows, one per animation frame: the writer sends equal frames in a row as
/// one frame lasting their time, so a frame lasting k times the commonest delay counts k times.
fn decode(path: &Path) -> Decoded {
    let raw = decode_raw(path);
    let mut count = std::collections::HashMap::new();
    raw.delays.iter().for_each(|&d| *count.entry(d).or_insert(0) += 1);
    let unit = count.into_iter().max_by_key(|&(d, n)| (n, std::cmp::Reverse(d))).map_or(1, |(d, _)| d.max(1));
    let mut d = Decoded { width: raw.width, height: raw.height, frames: Vec::new(), delays: Vec::new() };
    for (f, delay) in raw.frames.into_iter().zip(raw.delays) {
        let k = if delay % unit == 0 { delay / unit } else { 1 };
        for _ in 0..k.max(1) {
            d.frames.push(f.clone());
            d.delays.push(if k > 1 { unit } else { delay });
        }
    }
    d
}

/// The frames as the GIF stores them.
fn decode_raw(path: &Path) -> Decoded {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::RGBA);
    let mut d = opts.read_info(std::fs::File::open(path).unwrap()).unwrap();
    let (w, h) = (d.width() as usize, d.height() as usize);
    let mut canvas = vec![0u8; w * h * 4];
    let mut frames = Vec::new();
    let mut delays = Vec::new();
    while let Some(f) = d.read_next_frame().unwrap() {
        for y in 0..f.height as usize {
            for x in 0..f.width as usize {
                let s = (y * f.width as usize + x) * 4;
                if f.buffer[s + 3] == 0 {
                    continue; // transparent: keep what is underneath
                }
                let t = ((y + f.top as usize) * w + x + f.left as usize) * 4;
                canvas[t..t + 4].copy_from_slice(&f.buffer[s..s + 4]);
            }
        }
        assert_eq!(f.dispose, gif::DisposalMethod::Keep);
        frames.push(canvas.clone());
        delays.push(f.delay);
    }
    Decoded { width: w, height: h, frames, delays }
}

/// The pixel at a view point (view units: the 10 x 10 square).
fn px(p: [f32; 2]) -> (usize, usize) {
    ((p[0] * 48.0) as usize, (p[1] * 48.0) as usize)
}

/// The centre of a cell (1-based number) in view units, box in orientation `o`.
/// Box frame: cell (row, col) centre at (col + 0.5, row + 0.5); the pivot (3.5, 2.5) sits at
/// the view centre (5, 5); a clockwise quarter turn maps offset (x, y) to (-y, x).
fn centre(cell: usize, o: u8) -> [f32; 2] {
    let spans = [(0, 5), (1, 6), (1, 5), (0, 5), (1, 6)];
    let mut i = cell - 1;
    let (mut row, mut col) = (0, 0);
    for (r, (a, b)) in spans.iter().enumerate() {
        let n = b - a + 1;
        if i < n {
            row = r;
            col = a + i;
            break;
        }
        i -= n;
    }
    let (mut x, mut y) = (col as f32 + 0.5 - 3.5, row as f32 + 0.5 - 2.5);
    for _ in 0..o {
        (x, y) = (-y, x);
    }
    [5.0 + x, 5.0 + y]
}

/// A point of a cell's creature clear of its shape mark (a ring or a cross about the centre):
/// towards a corner, inside the body.
fn body(cell: usize, o: u8) -> [f32; 2] {
    let [x, y] = centre(cell, o);
    [x + 0.3, y + 0.3]
}

fn ink_for(c: char) -> [u8; 3] {
    match c {
        'o' => Ink::Shubble.rgb(),
        'x' => Ink::Smole.rgb(),
        '@' => Ink::Stot.rgb(),
        _ => Ink::Cell.rgb(),
    }
}

fn assert_state(d: &Decoded, frame: usize, state: &str, o: u8) {
    for (i, c) in state.chars().enumerate() {
        let (x, y) = px(body(i + 1, o));
        assert_eq!(d.pixel(frame, x, y), ink_for(c), "frame {frame}, cell {} should be `{c}`", i + 1);
    }
}

const FIG1A: &str = ".........@...o....ooo..xox...";

#[test]
fn stepwise_gif_shows_every_hidden_state() {
    let dir = tmpdir("stepwise");
    let gif = dir.join("half.gif");
    let out = run_shubbles(&["--gif", gif.to_str().unwrap()], &format!("{FIG1A}\n|\n"));
    // `|` turns the box upside down: world-down is box row 0. Column 1: o(3,1) and x(4,1) rise
    // 3 cells; column 2: o(2,2), o(3,2), o(4,2) rise 2; column 3: o(3,3), x(4,3) rise 3.
    // Frames: the start, the 90° intermediate, 180°, then three ticks of one cell each.
    // End: o in cells 2, 3, 4, 8, 14; x in cells 7 and 9; the stot stays in cell 10.
    let end = ".ooo..xox@...o...............";
    assert_eq!(out.trim(), end);
    let d = decode(&gif);
    assert_eq!((d.width, d.height), (480, 480));
    assert_eq!(d.frames.len(), 6);
    assert!(d.delays.iter().all(|&c| c == 100), "{:?}", d.delays);
    assert_state(&d, 0, FIG1A, 0);
    assert_state(&d, 1, FIG1A, 1); // the 90° intermediate: nothing has fallen
    assert_state(&d, 2, FIG1A, 2);
    assert_state(&d, 5, end, 2);
    // After one tick every creature has moved one cell: cell 19's shubble is now in cell 13.
    assert_eq!(d.pixel(3, px(centre(13, 2)).0, px(centre(13, 2)).1), Ink::Shubble.rgb());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn smooth_gif_turns_continuously() {
    let dir = tmpdir("smooth");
    let gif = dir.join("turn.gif");
    let out = run_shubbles(&["--gif", gif.to_str().unwrap(), "--smooth"], &format!("{FIG1A}\n+\n"));
    assert_eq!(out.trim(), ".........@......o...ooo...xox");
    let d = decode(&gif);
    assert!(d.delays.iter().all(|&c| c == 5), "20 fps");
    // At most one operation per second, plus rests: at least 20 frames for the one `+`.
    assert!(d.frames.len() >= 20, "{}", d.frames.len());
    assert_state(&d, 0, FIG1A, 0);
    assert_state(&d, d.frames.len() - 1, ".........@......o...ooo...xox", 1);
    // One second of rest (frames 0-20), then a half-second quarter turn: frame 25 is at 45°.
    // View point (5 + 4.5, 5 + 0.7) lies inside the box frame only when it is turned about
    // 45°; (5 + 3.6, 5 - 2.7) lies inside the unturned frame's corner but outside at 45°.
    let bg = Ink::Background.rgb();
    let inside45 = px([9.5, 5.7]);
    let corner = px([8.6, 2.3]);
    assert_eq!(d.pixel(20, inside45.0, inside45.1), bg);
    assert_ne!(d.pixel(20, corner.0, corner.1), bg);
    assert_ne!(d.pixel(25, inside45.0, inside45.1), bg);
    assert_eq!(d.pixel(25, corner.0, corner.1), bg);
    assert_eq!(d.pixel(30, inside45.0, inside45.1), bg);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn smooth_gif_shows_a_shubble_leaving() {
    let dir = tmpdir("leave");
    let gif = dir.join("leave.gif");
    // The spec's second example: `-` slides cell 29's shubble into cell 28; `+` drops it out.
    let out = run_shubbles(&["--gif", gif.to_str().unwrap(), "--smooth"], "x.....o....o@x.....o.o.oooo.o\n-+\n");
    assert_eq!(out.trim(), "x.....o.....@o...oox...oooo..");
    let d = decode(&gif);
    // Just below the outlet in the standard orientation: box point (5.5, 5.6), view (7.0, 8.1).
    let (x, y) = px([7.0, 8.1]);
    let blue = Ink::Shubble.rgb();
    let seen: Vec<usize> = (0..d.frames.len()).filter(|&f| d.pixel(f, x, y) == blue).collect();
    assert!(!seen.is_empty(), "the leaving shubble is never below the outlet");
    let last = *seen.last().unwrap();
    assert!(last < d.frames.len() - 1);
    assert_eq!(seen.len(), last - seen[0] + 1, "it passes once, continuously");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn png_shows_the_final_state_in_its_orientation() {
    let dir = tmpdir("png");
    let png = dir.join("final.png");
    run_shubbles(&["--png", png.to_str().unwrap()], &format!("{FIG1A}\n+\n"));
    let img = image::open(&png).unwrap().to_rgb8();
    assert_eq!(img.dimensions(), (480, 480));
    for (i, c) in ".........@......o...ooo...xox".chars().enumerate() {
        let (x, y) = px(body(i + 1, 1));
        assert_eq!(img.get_pixel(x as u32, y as u32).0, ink_for(c), "cell {}", i + 1);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn failed_sequences_animate_up_to_the_failure() {
    let dir = tmpdir("fail");
    let gif = dir.join("fail.gif");
    // `^` moves the stot from cell 10 to cell 5; the second `^` hits the wall.
    let out = run_shubbles(&["--gif", gif.to_str().unwrap()], &format!("{FIG1A}\n^^\n"));
    assert_eq!(out.trim(), "!");
    let d = decode(&gif);
    // Start, the stot in cell 5, the failure frame (cell 5 outlined in the highlight colour).
    assert_eq!(d.frames.len(), 3);
    let c5 = centre(5, 0);
    let (x, y) = px([c5[0] - 0.45, c5[1]]);
    assert_eq!(d.pixel(2, x, y), Ink::Highlight.rgb());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn failed_export_leaves_no_file() {
    let dir = tmpdir("nofile");
    let target = dir.join("missing-folder").join("x.gif");
    let mut child = bin()
        .args(["shubbles", "judge", "--gif", target.to_str().unwrap()])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    crate::common::feed(child.stdin.take().unwrap(), format!("{FIG1A}\n+\n").as_bytes());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("there is no folder"));
    assert!(!target.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn other_games_export() {
    let dir = tmpdir("games");
    let vx = dir.join("sample.in");
    std::fs::write(&vx, "4 5 SAMPLE-01\n#A--#\n##-B#\n#AB##\n#####\n0 0\n").unwrap();
    let gif = dir.join("vexed.gif");
    let st = bin()
        .args([
            "vexed",
            "export",
            vx.to_str().unwrap(),
            "--moves",
            "(B,1,3,L) (A,0,1,R)",
            "--gif",
            gif.to_str().unwrap(),
        ])
        .status()
        .unwrap();
    assert!(st.success());
    // (B,1,3,L): slide, vanish (B lands on B at once). (A,0,1,R): slide, fall, vanish.
    let d = decode(&gif);
    assert_eq!(d.frames.len(), 1 + 2 + 3);
    assert!(d.delays.iter().all(|&c| c == 100));

    let png = dir.join("vexed.png");
    assert!(
        bin()
            .args(["vexed", "export", vx.to_str().unwrap(), "--png", png.to_str().unwrap()])
            .status()
            .unwrap()
            .success()
    );
    assert!(image::open(&png).is_ok());

    // An illegal move is refused, and nothing is written.
    let bad = dir.join("bad.gif");
    let out = bin()
        .args(["vexed", "export", vx.to_str().unwrap(), "--moves", "(A,0,1,L)", "--gif", bad.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("move 1"));
    assert!(!bad.exists());

    if let Some(data) = crate::common::data_dir("pushing-boxes") {
        let gif = dir.join("sokoban.gif");
        let maze = data.join("uva589-sample.in");
        let st = bin()
            .args([
                "sokoban",
                "export",
                maze.to_str().unwrap(),
                "--level",
                "1",
                "--gif",
                gif.to_str().unwrap(),
                "--smooth",
            ])
            .status()
            .unwrap();
        assert!(st.success());
        let d = decode(&gif);
        assert!(d.delays.iter().all(|&c| c == 5));
        // EEEEE: five pushes; the box starts at column 1 and ends on T at column 6.
        let last = d.frames.len() - 1;
        // 1 x 7 maze in a 7.5 x 1.5 view at 480 px: 64 px per cell, the row centred vertically.
        let (cy, cell) = (240usize, 64.0f32);
        // A point of the crate's own colour: in its band between the frame and the boards.
        let box_x = |col: f32| ((0.25 + col + 0.18) * cell) as usize;
        assert_eq!(d.pixel(0, box_x(1.0), cy), Ink::Crate.rgb());
        assert_eq!(d.pixel(last, box_x(6.0), cy), Ink::CrateOnGoal.rgb());
    }
    if let Some(data) = crate::common::data_dir("new-game-2") {
        let gif = dir.join("stacks.gif");
        let input = data.join("boj17780-example2.in");
        let st =
            bin().args(["stacks", "export", input.to_str().unwrap(), "--gif", gif.to_str().unwrap()]).status().unwrap();
        assert!(st.success());
        // Example 2 ends in turn 1 at piece 3's move: pieces 1-3 each move one square right
        // onto the next, so the frames are: start, three moves, the square reaching four.
        let d = decode(&gif);
        assert_eq!(d.frames.len(), 1 + 3 + 1);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

// ---------------------------------------------------------------- export options

const SAMPLE_TWO: &str = "6 7 SAMPLE-02\n#--Y--#\n#-ZX-X#\n#-##-##\n#-XZ--#\n####YZ#\n#######\n0 0\n";
const SAMPLE_TWO_MOVES: &str =
    "(Y,0,3,R) (Z,4,5,L) (X,1,3,R) (Z,1,2,R) (Z,1,3,R) (X,3,4,R) (X,3,2,R) (X,4,5,L) (X,1,5,L)";

/// `vexed export` of SAMPLE-02 with its nine moves and the given options; the decoded GIF.
fn sample_two_gif(name: &str, opts: &[&str]) -> Decoded {
    let d = tmpdir(name);
    let f = d.join("s2.in");
    std::fs::write(&f, SAMPLE_TWO).unwrap();
    let gif = d.join("out.gif");
    let out = bin()
        .args(["vexed", "export", f.to_str().unwrap(), "--moves", SAMPLE_TWO_MOVES, "--gif", gif.to_str().unwrap()])
        .args(["--size", "120"])
        .args(opts)
        .output()
        .unwrap();
    assert!(out.status.success(), "{opts:?}: {}", String::from_utf8_lossy(&out.stderr));
    decode(&gif)
}

fn total_cs(d: &Decoded) -> u32 {
    d.delays.iter().map(|&x| x as u32).sum()
}

#[test]
fn speed_two_halves_the_duration() {
    for mode in [&["--smooth"][..], &[][..]] {
        let one = sample_two_gif("speed1", mode);
        let two = sample_two_gif("speed2", &[mode, &["--speed", "2"]].concat());
        let (a, b) = (total_cs(&one), total_cs(&two));
        // Within one 20 fps frame (the last frame is a sample, not a duration).
        assert!((2 * b as i64 - a as i64).abs() <= 10, "{mode:?}: {a} cs at 1x, {b} cs at 2x");
    }
}

#[test]
fn loop_and_hold_are_in_the_file() {
    let d = tmpdir("loop");
    let f = d.join("s2.in");
    std::fs::write(&f, SAMPLE_TWO).unwrap();
    for (args, want) in [(vec![], gif::Repeat::Infinite), (vec!["--loop", "1"], gif::Repeat::Finite(1))] {
        let g = d.join("l.gif");
        let out = bin()
            .args(["vexed", "export", f.to_str().unwrap(), "--moves", "(Y,0,3,R)", "--gif", g.to_str().unwrap()])
            .args(&args)
            .output()
            .unwrap();
        assert!(out.status.success());
        let mut opts = gif::DecodeOptions::new();
        opts.set_color_output(gif::ColorOutput::RGBA);
        let mut dec = opts.read_info(std::fs::File::open(&g).unwrap()).unwrap();
        while dec.read_next_frame().unwrap().is_some() {}
        assert_eq!(dec.repeat(), want, "{args:?}");
    }
    // --hold 2.5: the last frame 250 cs longer, nothing else changes.
    let plain = sample_two_gif("hold0", &[]);
    let held = sample_two_gif("hold1", &["--hold", "2.5"]);
    assert_eq!(plain.frames.len(), held.frames.len());
    let n = plain.delays.len();
    assert_eq!(plain.delays[..n - 1], held.delays[..n - 1]);
    assert_eq!(held.delays[n - 1], plain.delays[n - 1] + 250);
}

#[test]
fn a_range_of_moves_is_exported_alone() {
    // Stepwise: one frame for the start of the range, then one per physical step of moves 3 to
    // 5, counted from the trace (one line a step).
    let d = tmpdir("range");
    let f = d.join("s2.in");
    std::fs::write(&f, SAMPLE_TWO).unwrap();
    let out = bin().args(["vexed", "trace", f.to_str().unwrap(), "--moves", SAMPLE_TWO_MOVES]).output().unwrap();
    let trace = String::from_utf8(out.stdout).unwrap();
    let steps = trace
        .lines()
        .filter(|l| {
            ["move 3", "move 4", "move 5"]
                .iter()
                .any(|m| l.starts_with(&format!("{m} ")) || l.starts_with(&format!("{m}:")))
        })
        .count();
    let ranged = sample_two_gif("range1", &["--from-move", "3", "--to-move", "5"]);
    assert_eq!(ranged.frames.len(), 1 + steps);
    // Its first frame is the whole export's frame after moves 1 and 2.
    let whole = sample_two_gif("range2", &[]);
    let before: usize = trace.lines().filter(|l| l.starts_with("move 1") || l.starts_with("move 2")).count();
    assert_eq!(ranged.frames[0], whole.frames[before]);
    assert_eq!(ranged.frames.last(), whole.frames.get(before + steps));
    // Out of range: one line, exit 2.
    let out = bin()
        .args(["vexed", "export", f.to_str().unwrap(), "--moves", "(Y,0,3,R)", "--gif"])
        .arg(d.join("x.gif"))
        .args(["--from-move", "2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("expected 1 <= A <= B <= 1"));
    assert!(!d.join("x.gif").exists());
}

#[test]
fn captions_draw_a_band_under_the_board() {
    let plain = sample_two_gif("cap0", &[]);
    let cap = sample_two_gif("cap1", &["--caption"]);
    assert_eq!(plain.frames.len(), cap.frames.len());
    // The band: the bottom rows are the cell colour (light), with the text's dark ink in them
    // (anti-aliased: any pixel much darker than the band).
    let (w, h) = (cap.width, cap.height);
    let cell = Ink::Cell.rgb();
    let band: Vec<usize> =
        (h / 2..h).filter(|&y| (0..w).filter(|&x| cap.pixel(1, x, y) == cell).count() > w / 2).collect();
    assert!(band.len() >= 8, "{} rows of band", band.len());
    let luma = |p: [u8; 3]| (p[0] as u32 * 3 + p[1] as u32 * 6 + p[2] as u32) / 10;
    let xs: Vec<usize> = band
        .iter()
        .flat_map(|&y| (0..w).map(move |x| (x, y)))
        .filter(|&(x, y)| luma(cap.pixel(1, x, y)) < 140)
        .map(|(x, _)| x)
        .collect();
    assert!(xs.len() > 10, "no caption text: {} dark pixels", xs.len());
    // The text is set smaller rather than cut: all of it inside the picture, with a margin.
    assert!(xs.iter().all(|&x| x >= 1 && x + 1 < w), "text at the picture's edge");
    assert_ne!(plain.frames[1], cap.frames[1]);
}

#[test]
fn apng_has_the_gifs_frames_and_delays() {
    let d = tmpdir("apng");
    let f = d.join("s2.in");
    std::fs::write(&f, SAMPLE_TWO).unwrap();
    let (gif, apng) = (d.join("a.gif"), d.join("a.png"));
    for extra in [&["--smooth"][..], &["--hold", "1", "--loop", "2"][..]] {
        let out = bin()
            .args(["vexed", "export", f.to_str().unwrap(), "--moves", SAMPLE_TWO_MOVES, "--size", "96"])
            .args(["--gif", gif.to_str().unwrap(), "--apng", apng.to_str().unwrap()])
            .args(extra)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let g = decode_raw(&gif);
        let mut decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&apng).unwrap()));
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().unwrap();
        let actl = reader.info().animation_control.unwrap();
        // APNG counts plays, GIF repeats: --loop 2 is three plays.
        assert_eq!(actl.num_plays, if extra.contains(&"--loop") { 3 } else { 0 });
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        // The GIF sends equal frames in a row as one frame lasting their time: the APNG's
        // frames, merged so, are the GIF's.
        // Each frame after the first sends a rectangle drawn over the picture before (disposal
        // none; blend source replaces it, blend over keeps what is under a transparent pixel):
        // composed here by hand, in RGB.
        let mut delays: Vec<u16> = Vec::new();
        let mut last: Option<Vec<u8>> = None;
        let mut canvas = vec![0u8; 96 * 96 * 3];
        let mut parts = 0;
        let bpp = reader.output_color_type().0.samples();
        for i in 0..actl.num_frames {
            reader.next_frame(&mut buf).unwrap();
            let fc = reader.info().frame_control.unwrap();
            let d = (fc.delay_num as u32 * 100 / fc.delay_den.max(1) as u32) as u16;
            assert_eq!(fc.dispose_op, png::DisposeOp::None);
            let (x, y, w, h) = (fc.x_offset as usize, fc.y_offset as usize, fc.width as usize, fc.height as usize);
            assert!(x + w <= 96 && y + h <= 96 && (i > 0 || (w, h) == (96, 96)), "frame {i}: {fc:?}");
            parts += usize::from(w * h < 96 * 96);
            for r in 0..h {
                for c in 0..w {
                    let px = &buf[(r * w + c) * bpp..(r * w + c + 1) * bpp];
                    let opaque = bpp == 3 || px[3] == 255;
                    assert!(opaque || (px[3] == 0 && fc.blend_op == png::BlendOp::Over), "frame {i}: {px:?}");
                    if opaque {
                        let at = ((y + r) * 96 + x + c) * 3;
                        canvas[at..at + 3].copy_from_slice(&px[..3]);
                    }
                }
            }
            match delays.last_mut() {
                Some(l) if last.as_deref() == Some(&canvas[..]) => *l += d,
                _ => delays.push(d),
            }
            last = Some(canvas.clone());
        }
        // Moves change a part of the board: most frames send less than the whole picture.
        assert!(parts * 2 > actl.num_frames as usize, "{parts} of {} frames sent a part", actl.num_frames);
        assert_eq!(delays.len(), g.frames.len(), "{extra:?}");
        assert_eq!(delays, g.delays, "{extra:?}");
        // Every shade kept: the last frame's pixels match the GIF's where the GIF is exact (it shares
        // one palette), so at least the cells and walls agree.
        let rgb = &canvas;
        let same =
            (0..96 * 96).filter(|&i| rgb[i * 3..i * 3 + 3] == g.frames.last().unwrap()[i * 4..i * 4 + 3]).count();
        assert!(same > 96 * 96 * 9 / 10, "{same} of {} pixels agree", 96 * 96);
    }
}

#[test]
fn smooth_applies_to_an_apng_alone_and_a_missing_output_is_named() {
    let d = tmpdir("apng-alone");
    let f = d.join("s2.in");
    std::fs::write(&f, SAMPLE_TWO).unwrap();
    let frames = |extra: &[&str]| {
        let apng = d.join("alone.png");
        let out = bin()
            .args(["vexed", "export", f.to_str().unwrap(), "--moves", SAMPLE_TWO_MOVES, "--size", "64"])
            .args(["--apng", apng.to_str().unwrap()])
            .args(extra)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let r = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&apng).unwrap())).read_info().unwrap();
        r.info().animation_control.unwrap().num_frames as usize
    };
    // Every smooth frame lasts 5 cs (the GIF sends equal ones in a row as one).
    let smooth = total_cs(&sample_two_gif("alone-smooth", &["--smooth"])) as usize / 5;
    let stepwise = sample_two_gif("alone-step", &[]).frames.len();
    assert!(smooth > stepwise);
    assert_eq!((frames(&["--smooth"]), frames(&[])), (smooth, stepwise));
    // No output asked for: one line naming what could be.
    let out = bin().args(["vexed", "export", f.to_str().unwrap(), "--caption"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--gif <FILE>") && err.contains("--apng <FILE>"), "{err}");
}

#[test]
fn a_strip_puts_every_step_side_by_side() {
    let d = tmpdir("strip");
    let f = d.join("s1.in");
    std::fs::write(&f, "4 5 SAMPLE-01\n#A--#\n##-B#\n#AB##\n#####\n0 0\n").unwrap();
    let moves = "(B,1,3,L) (A,0,1,R)";
    let (strip, start, end) = (d.join("strip.png"), d.join("start.png"), d.join("end.png"));
    let run = |args: &[&str]| {
        let out = bin().args(["vexed", "export", f.to_str().unwrap(), "--size", "64"]).args(args).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    };
    run(&["--moves", moves, "--strip", strip.to_str().unwrap(), "--png", end.to_str().unwrap()]);
    run(&["--png", start.to_str().unwrap()]);
    // The start, then one frame per physical step: slide + vanish, slide + fall + vanish.
    let s = image::open(&strip).unwrap().to_rgb8();
    assert_eq!((s.width(), s.height()), (6 * 64, 64));
    let tile = |k: u32| image::imageops::crop_imm(&s, k * 64, 0, 64, 64).to_image();
    assert_eq!(tile(0), image::open(&start).unwrap().to_rgb8());
    assert_eq!(tile(5), image::open(&end).unwrap().to_rgb8());
    // Too long a strip is refused, and nothing is written.
    let big = d.join("big.png");
    let out = bin()
        .args(["stacks", "export"])
        .arg(common_stacks_board(&d))
        .args(["--turns", "100", "--strip", big.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("a strip holds at most 200 frames"));
    assert!(!big.exists());
}

/// A small stacks board (four pieces; 100 turns of it make far more than 200 frames), written
/// to `d`.
fn common_stacks_board(d: &Path) -> PathBuf {
    let f = d.join("board.in");
    std::fs::write(&f, "4 4\n0 0 2 0\n0 0 1 0\n0 0 1 2\n0 2 0 0\n2 1 1\n3 2 3\n2 2 1\n4 1 2\n").unwrap();
    f
}

#[test]
fn captions_keep_one_size_through_an_animation() {
    // A narrow board whose captions differ in length (the counter and the notation): every
    // frame's caption is set at one size, the widest caption's (none grows or shrinks).
    use tumblebox::anim::{Animate, Captioned};
    use tumblebox::save::Replay;
    let board = tumblebox::vexed::Board::from_level("3 3 SAMPLE-01\na--\n#-b\nab#\n0 0\n", false).unwrap();
    let mut moves = Vec::new();
    let mut at = board.clone();
    for text in ["(b,1,2,L)", "(a,0,0,R)"] {
        let mv = at.parse_move(text).unwrap();
        let (next, steps) = at.play(&mv).unwrap();
        moves.push(steps);
        at = next;
    }
    let names = vec!["(b,1,2,L)".to_string(), "(a,0,0,R) and a long note".to_string()];
    let mut sizes = Vec::new();
    let first = Captioned::new(board, names, 0);
    let tagged: Vec<Vec<_>> = tumblebox::anim::captioned::<tumblebox::vexed::Board, _>(&moves).collect();
    tumblebox::anim::each_keyframe(&first, &tagged, |s: &Captioned<tumblebox::vexed::Board>, steps, t| {
        for shape in s.scene(steps, t).shapes {
            if let tumblebox::scene::Shape::Text { size, .. } = shape {
                sizes.push(size);
            }
        }
        Ok::<(), ()>(())
    })
    .unwrap();
    assert!(sizes.len() > 4, "{sizes:?}");
    assert!(sizes.iter().all(|&s| s == sizes[0]), "caption sizes {sizes:?}");
    let widest =
        tumblebox::font::fit("move 2/2  (a,0,0,R) and a long note", 0.9 * 0.6, first.scene(&[], 0.0).width * 0.96);
    assert!((sizes[0] - widest).abs() < 1e-4, "{} vs the widest's {widest}", sizes[0]);
}

#[test]
fn sokobans_outside_is_not_drawn_and_its_walls_are() {
    // The cells outside the walls (no one can reach them) stay the picture's background; a
    // wall, the floor and the surround are three different colours.
    use tumblebox::anim::Animate;
    use tumblebox::render::raster::{Palette, Viewport, render};
    use tumblebox::save::Replay;
    let g = tumblebox::sokoban::scene::Game::from_level("  ###\n###.#\n#@$ #\n#####\n", false).unwrap();
    let sc = g.scene(&[], 0.0);
    let mut p = Palette::new();
    let img = render(&sc, 400, 400, &mut p).to_rgb(&p);
    let view = Viewport::fit(&sc, 400, 400);
    let at = |row: f32, col: f32| {
        let (x, y) = view.pixel([0.25 + col + 0.5, 0.25 + row + 0.5]);
        img[(y * 400 + x) * 3..][..3].to_vec()
    };
    assert_eq!(at(0.0, 0.0), Ink::Background.rgb().to_vec(), "the outside is drawn");
    assert_eq!(at(0.0, 2.0), Ink::Wall.rgb().to_vec(), "a wall");
    assert_eq!(at(2.0, 3.0), Ink::Floor.rgb().to_vec(), "the floor");
    assert_ne!(Ink::Floor.rgb(), Ink::Background.rgb());
}
