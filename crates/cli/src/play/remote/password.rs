//! The password, from AGORA_PASSWORD or typed at the terminal without echo.

use std::io::{self, BufRead, Write};

use rustix::termios::{LocalModes, OptionalActions, tcgetattr, tcsetattr};

/// AGORA_PASSWORD when set, else the password typed after `prompt` (on standard error, so
/// that standard output stays the game), with echo off while it is typed; `None` when none
/// can be read.
pub fn ask(prompt: &str) -> Option<String> {
    if let Ok(password) = std::env::var("AGORA_PASSWORD")
        && !password.is_empty()
    {
        return Some(password);
    }
    let stdin = io::stdin();
    let mut err = io::stderr();
    let _ = write!(err, "{prompt} ");
    let _ = err.flush();
    // Echo off only when standard input is a terminal; piped input has none to turn off.
    let saved = tcgetattr(&stdin).ok();
    if let Some(saved) = &saved {
        let mut quiet = saved.clone();
        quiet.local_modes.remove(LocalModes::ECHO);
        let _ = tcsetattr(&stdin, OptionalActions::Now, &quiet);
    }
    let mut line = String::new();
    let read = stdin.lock().read_line(&mut line);
    if let Some(saved) = &saved {
        let _ = tcsetattr(&stdin, OptionalActions::Now, saved);
        let _ = writeln!(err);
    }
    let password = line.trim_end_matches(['\r', '\n']).to_string();
    (read.is_ok() && !password.is_empty()).then_some(password)
}
