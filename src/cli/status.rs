//! Exit status, the one table: what 0, 2 and 3 mean for every command. `tumblebox --help`
//! prints [`STATUSES`], each command's `--help` its row of [`COMMANDS`], `docs/cli.md` holds
//! both (a test compares them), and a test per command checks the code against the row.
//!
//! Depends on nothing but the standard library and the library's messages.

use tumblebox::error::ParseError;
use tumblebox::render::export::Staged;

/// Answered (and proven, where the command proves).
pub const OK: u8 = 0;
/// Bad input or flags, an input that cannot be read, an output that cannot be written
/// (checked before the work starts), standard output closed or failing, no display.
pub const BAD: u8 = 2;
/// A limit decided the outcome, of the whole command or of any one of its levels.
pub const LIMIT: u8 = 3;

/// The statuses, as `tumblebox --help` and `docs/cli.md` give them.
pub const STATUSES: [(&str, &str); 4] = [
    ("0", "answered; where the command proves (see each command), proven: optimal, or unsolvable"),
    (
        "2",
        "bad input or flags, an input that cannot be read, an output that cannot be written (every output is \
         checked before the work starts), standard output closed or failing, or no display for the window: \
         one line on stderr, nothing on stdout, no file written",
    ),
    ("3", "a limit (time, states, frames, boxes, turns) decided the outcome, of the command or of any one level"),
    ("128+N", "stopped by signal N (Ctrl-C 130, SIGTERM 143); temporary files removed"),
];

/// One command's row: what its 0 and its 3 mean (2 means the same everywhere).
pub struct Row {
    pub command: &'static str,
    pub ok: &'static str,
    pub limit: &'static str,
}

/// Every command: what 0 and 3 mean for it.
pub const COMMANDS: &[Row] = &[
    Row { command: "tumblebox [FILE]", ok: "the window opened and closed", limit: "never" },
    Row {
        command: "vexed judge",
        ok: "every puzzle answered: a proven minimum solution, or `No solution` (proven)",
        limit: "a limit stopped a puzzle: no answer printed for it, stderr says which",
    },
    Row {
        command: "vexed solve",
        ok: "a solution proven optimal, or the level proven unsolvable",
        limit: "a limit stopped the proof (the best solution found is printed, not called optimal) or the search",
    },
    Row {
        command: "vexed prove",
        ok: "a solution proven optimal, or proven: no solution below the length asked",
        limit: "a limit stopped the proof or the sweep",
    },
    Row {
        command: "vexed bench",
        ok: "every level proven optimal or unsolvable",
        limit: "a limit decided any level (the CSV's `limit` column says which)",
    },
    Row {
        command: "vexed export",
        ok: "written; without --moves, the solver's solution proven optimal",
        limit: "--max-frames refused the animation (nothing written), or a limit left the animated solution \
                unproven (written, with a note) or stopped the search (nothing written)",
    },
    Row {
        command: "vexed trace",
        ok: "traced; without --moves, the solver's solution proven optimal",
        limit: "a limit left the traced solution unproven, or stopped the search (nothing printed)",
    },
    Row {
        command: "shubbles judge",
        ok: "the final state (or `!`) printed, and the pictures asked for written",
        limit: "--max-frames refused the animation (nothing printed or written)",
    },
    Row { command: "shubbles trace", ok: "traced", limit: "never" },
    Row {
        command: "shubbles solve",
        ok: "the fewest operations, or `impossible` (proven)",
        limit: "--max-states stopped the search",
    },
    Row { command: "sokoban judge", ok: "every maze answered (UVa 589 is exact)", limit: "never" },
    Row {
        command: "sokoban solve",
        ok: "a solution (replayed; the words say whether it is proven push-optimal; with --optimal it always is), \
             or the level proven unsolvable",
        limit: "a limit (time, states, the box limit) stopped the search",
    },
    Row {
        command: "sokoban bench",
        ok: "every level solved (with --optimal: proven push-optimal) or proven unsolvable",
        limit: "a limit stopped any level (the summary counts them, each level's line says which); \
                --merge: that, or levels below the highest merged are in no CSV (the summary lists them)",
    },
    Row {
        command: "sokoban export",
        ok: "written",
        limit: "--max-frames refused the animation, or a limit stopped the solver (nothing written)",
    },
    Row { command: "sokoban trace", ok: "traced", limit: "a limit stopped the solver (nothing printed)" },
    Row { command: "stacks judge", ok: "answered (the turn, or -1)", limit: "never" },
    Row { command: "stacks export", ok: "written", limit: "--max-frames refused the animation (nothing written)" },
    Row { command: "stacks trace", ok: "traced", limit: "never" },
    Row { command: "export", ok: "written", limit: "--max-frames refused the animation (nothing written)" },
    Row {
        command: "certify",
        ok: "every level certified: its par proven optimal, proven unsolvable, or its ending turn",
        limit: "a limit decided any level (`not certified`, or a par `not proven`)",
    },
    Row { command: "generate", ok: "the levels printed", limit: "never" },
    Row { command: "progress", ok: "what the store keeps printed", limit: "never" },
    Row { command: "progress export", ok: "everything the store keeps written", limit: "never" },
    Row { command: "progress import", ok: "the file merged into the store (nothing there replaced)", limit: "never" },
];

/// The row of a command (as [`Row::command`] names it).
pub fn row(command: &str) -> &'static Row {
    COMMANDS.iter().find(|r| r.command == command).unwrap_or_else(|| panic!("no exit status row for {command}"))
}

/// A command's `--help` footer: its row, and where the whole table is.
pub fn after(command: &str) -> String {
    let r = row(command);
    format!(
        "Exit status: 0 {}; 3 {}; 2 bad input or flags, or an input or output that cannot be read or written \
         (see tumblebox --help).",
        r.ok, r.limit
    )
}

/// `tumblebox --help`'s footer: the statuses.
pub fn summary() -> String {
    let mut s = String::from("Exit status:\n");
    for (code, what) in STATUSES {
        s.push_str(&format!("  {code:<6} {what}\n"));
    }
    s.push_str("Each command's --help says what 0 and 3 mean for it (docs/cli.md has the table).");
    s
}

/// The statuses and the per-command table as Markdown (what `docs/cli.md` holds; a test
/// compares them).
#[cfg_attr(not(test), allow(dead_code))]
pub fn markdown() -> String {
    let mut s = String::from("| status | meaning |\n|---|---|\n");
    for (code, what) in STATUSES {
        s.push_str(&format!("| {code} | {what} |\n"));
    }
    s.push_str("\n| command | 0 | 3 |\n|---|---|---|\n");
    for r in COMMANDS {
        s.push_str(&format!("| `{}` | {} | {} |\n", r.command, r.ok, r.limit));
    }
    s
}

/// A command that ends without an answer: one line on stderr, and its exit status.
pub struct Failure {
    pub msg: String,
    pub code: u8,
}

impl Failure {
    /// Bad input, bad flags, a file that cannot be read or written: exit status 2.
    pub fn bad(msg: impl Into<String>) -> Failure {
        Failure { msg: msg.into(), code: BAD }
    }

    /// A limit stopped the work before it produced anything: exit status 3.
    pub fn limit(msg: impl Into<String>) -> Failure {
        Failure { msg: msg.into(), code: LIMIT }
    }

    /// An input's parse error, named by the input's name.
    pub fn parse(source: &str, e: ParseError) -> Failure {
        Failure::bad(format!("{source}: {e}"))
    }
}

/// What a command produced: standard output, notes for standard error, output files staged
/// under temporary names, and the exit status.
#[derive(Default)]
pub struct Done {
    pub out: String,
    pub notes: Vec<String>,
    pub files: Vec<Staged>,
    pub code: u8,
}

impl Done {
    pub fn text(out: String) -> Done {
        Done { out, ..Done::default() }
    }

    /// Status 3 from now on (a limit decided something).
    pub fn limited(&mut self) {
        self.code = LIMIT;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `docs/cli.md` holds the table between these markers; `TUMBLEBOX_BLESS=1 cargo test
    /// docs_hold_the_table` writes it there.
    #[test]
    fn docs_hold_the_table() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/cli.md");
        let doc = std::fs::read_to_string(path).expect("docs/cli.md");
        let (begin, end) = ("<!-- exit-status:begin -->\n", "<!-- exit-status:end -->");
        let (a, b) = (doc.find(begin).expect("the begin marker") + begin.len(), doc.find(end).expect("the end marker"));
        if std::env::var("TUMBLEBOX_BLESS").is_ok() {
            std::fs::write(path, format!("{}{}{}", &doc[..a], markdown(), &doc[b..])).unwrap();
            return;
        }
        assert_eq!(&doc[a..b], markdown(), "docs/cli.md's exit status table differs from src/cli/status.rs");
    }

    #[test]
    fn every_command_has_a_row() {
        use clap::CommandFactory;
        let cli = super::super::Cli::command();
        let mut names = vec!["tumblebox [FILE]".to_string()];
        for c in cli.get_subcommands() {
            if c.has_subcommands() {
                names.extend(c.get_subcommands().map(|s| format!("{} {}", c.get_name(), s.get_name())));
                // A command that does something without a subcommand too (`progress`).
                if c.is_args_conflicts_with_subcommands_set() {
                    names.push(c.get_name().to_string());
                }
            } else {
                names.push(c.get_name().to_string());
            }
        }
        for n in &names {
            row(n);
        }
        assert_eq!(names.len(), COMMANDS.len(), "{names:?}");
    }

    /// `docs/cli.md`'s "Every command" section names every command and every flag clap knows.
    #[test]
    fn docs_name_every_command_and_flag() {
        use clap::CommandFactory;
        let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/cli.md")).expect("docs/cli.md");
        let a = doc.find("## Every command").expect("the section");
        let section = &doc[a..a + doc[a..].find("\n## The judges").expect("the next section")];
        let cli = super::super::Cli::command();
        let mut leaves: Vec<(String, &clap::Command)> = Vec::new();
        for c in cli.get_subcommands() {
            if c.has_subcommands() {
                leaves.extend(c.get_subcommands().map(|s| (format!("{} {}", c.get_name(), s.get_name()), s)));
            } else {
                leaves.push((c.get_name().to_string(), c));
            }
        }
        for (name, cmd) in leaves {
            assert!(section.contains(&format!("`{name} ")), "docs/cli.md does not name `{name}`");
            for arg in cmd.get_arguments() {
                if let Some(long) = arg.get_long() {
                    assert!(section.contains(&format!("`--{long}")), "docs/cli.md does not name {name} --{long}");
                }
            }
        }
    }
}
