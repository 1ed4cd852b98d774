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
                // `_exit`, not `exit`: the C library's exit handlers would tear the graphics
                // driver down under the window's threads still drawing (a rare crash on
                // SIGTERM under Xvfb). What is written is flushed first.
                use std::io::Write;
                let _ = std::io::stdout().flush();
                let _ = std::io::stderr().flush();
                unsafe { libc::_exit(128 + sig) };
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
