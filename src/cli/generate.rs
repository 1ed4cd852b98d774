//! `tumblebox generate GAME`: random level candidates (`tumblebox::generate`) kept when the
//! solvers certify them, spread from easy to hard: how `assets/levels/` was made.

use super::status::{Done, Failure};
use tumblebox::games::GameKind;
use tumblebox::{shubbles, sokoban, stacks, vexed};

/// `tumblebox generate`'s arguments.
#[derive(clap::Args)]
pub struct GenerateArgs {
    /// vexed, shubbles, sokoban or stacks (the registry's keys)
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(GameKind::ALL.map(|k| k.key())))]
    pub game: String,
    /// How many levels to keep, spread from easy to hard (1 to 100)
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u16).range(1..=100))]
    pub count: u16,
    /// Random seed
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

pub fn run(a: GenerateArgs) -> Result<Done, Failure> {
    let kind = GameKind::from_key(&a.game).ok_or_else(|| Failure::bad(format!("a game: {}", GameKind::keys_said())))?;
    Ok(Done::text(generate(kind, a.count as usize, a.seed)))
}

/// Picks `count` items spread evenly over candidates sorted by difficulty, hardest last.
fn spread<T>(mut items: Vec<(u64, T)>, count: usize) -> Vec<(u64, T)> {
    items.sort_by_key(|x| x.0);
    let n = items.len();
    if n <= count {
        return items;
    }
    let picks: Vec<usize> = (0..count).map(|i| i * (n - 1) / (count - 1).max(1)).collect();
    items.into_iter().enumerate().filter(|(i, _)| picks.contains(i)).map(|(_, x)| x).collect()
}

fn generate(game: GameKind, count: usize, seed: u64) -> String {
    use tumblebox::generate::*;
    let mut rng = Rng::new(seed);
    let mut out = String::new();
    match game {
        GameKind::Vexed => {
            let mut found = Vec::new();
            let limits = vexed::solve::Limits { max_states: Some(300_000), time: None };
            while found.len() < count * 25 {
                let b = vexed_candidate(&mut rng);
                if b.is_solved() {
                    continue;
                }
                if let Ok(r) = vexed::solve::solve(&b, limits)
                    && let vexed::solve::Outcome::Solved { moves, proven: true } = r.outcome
                    && moves.len() >= 2
                    && !found.iter().any(|(_, x): &(u64, vexed::Board)| x == &b)
                {
                    found.push(((moves.len() as u64) << 32 | r.expanded.min(u32::MAX as usize) as u64, b));
                }
            }
            for (i, (key, b)) in spread(found, count).into_iter().enumerate() {
                out.push_str(&vexed::format::android_line(&format!("Tumble {}", i + 1), &b, (key >> 32) as usize));
                out.push('\n');
            }
        }
        GameKind::Shubbles => {
            let mut found = Vec::new();
            while found.len() < count * 10 {
                let Some(s) = shubbles_candidate(&mut rng) else { continue };
                if let shubbles::solve::Outcome::Solved(ops) = shubbles::solve::solve(&s, 400_000)
                    && ops.len() >= 2
                {
                    found.push((ops.len() as u64, s));
                }
            }
            for (i, (len, s)) in spread(found, count).into_iter().enumerate() {
                out.push_str(&format!("{};{};Box {}\n", s.text(), len, i + 1));
            }
        }
        GameKind::Sokoban => {
            let mut found = Vec::new();
            while found.len() < count * 20 {
                let Some(m) = sokoban_candidate(&mut rng) else { continue };
                if let Some(sol) = sokoban::solve::solve(&m)
                    && sol.pushes >= 2
                {
                    found.push(((sol.pushes as u64) << 32 | sol.moves.len() as u64, m));
                }
            }
            for (_, m) in spread(found, count) {
                out.push_str(&sokoban::format::write(&m));
            }
            out.push_str("0 0\n");
        }
        GameKind::Stacks => {
            let mut found = Vec::new();
            while found.len() < count * 20 {
                let g = stacks_candidate(&mut rng);
                if let Some(t) = g.ending_turn(1000)
                    && t >= 2
                {
                    found.push((t as u64, g));
                }
            }
            let boards: Vec<String> = spread(found, count).iter().map(|(_, g)| stacks::format::write(g)).collect();
            out.push_str(&boards.join("\n"));
        }
    }
    out
}
