//! Prints each level's par beside the start position's lower bound under the column-only bound
//! and under the full bound. Usage: cargo run --release --features tools --example bound_gap -- android/impossible_pack.txt
use tumblebox::vexed::format::{latin1, parse_android};
use tumblebox::vexed::solve::{Compiled, LowerBound};

fn main() {
    let (mut sum_par, mut sum_old, mut sum_new) = (0, 0, 0);
    for path in std::env::args().skip(1).filter(|p| !p.ends_with("levelsets.txt")) {
        let text = latin1(&std::fs::read(&path).expect("readable pack"));
        for (i, l) in parse_android(&text).expect("a valid pack").iter().enumerate() {
            let Ok((c, m)) = Compiled::new(&l.board) else { continue };
            let mut cols = LowerBound::default();
            cols.columns_only = true;
            let old = cols.estimate(&c, &m);
            let new = LowerBound::default().estimate(&c, &m);
            let par = l.par.unwrap_or(0);
            println!("{path} #{} par {par} columns {old} full {new}", i + 1);
            sum_par += par;
            sum_old += old as usize;
            sum_new += new as usize;
        }
    }
    println!("total: par {sum_par} columns {sum_old} full {sum_new}");
}
