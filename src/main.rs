//! The `tumblebox` binary: the command line (`src/cli/`), or the window when no command is
//! given.

mod cli;

/// Ctrl-C, SIGTERM and SIGHUP remove the temporary files and work folders being written
/// (`tumblebox::cleanup`), then end the process with status 128 + the signal's number.
fn clean_up_on_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    if let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) {
        std::thread::spawn(move || {
            if let Some(sig) = signals.forever().next() {
                tumblebox::cleanup::remove_all();
                std::process::exit(128 + sig);
            }
        });
    }
}

fn main() -> std::process::ExitCode {
    cli::guard_standard_streams();
    let cli = match cli::parse() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    clean_up_on_signals();
    cli::run(cli)
}
