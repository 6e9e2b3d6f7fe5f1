use std::process::ExitCode;

use clap::Parser;

mod cli;

use cli::{Cli, ExitStatus, diag, in_words, is_broken_pipe};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return usage(&err),
    };
    match cli::run(&cli) {
        Ok(status) => status.into(),
        // A reader that went away (`| head`) is not an error.
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            diag(format_args!("{err:#}"));
            ExitStatus::Error.into()
        }
    }
}

/// Prints clap's answer to a command line it handled itself (`--help`,
/// `--version`, a usage error) and gives its exit status. Unlike
/// `clap::Error::exit`, a failed write of help or version text to standard
/// output (a full disk) is said and makes the status 2.
fn usage(err: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    let to_stdout = matches!(
        err.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    );
    let printed = err.print().and_then(|()| {
        if to_stdout {
            std::io::Write::flush(&mut std::io::stdout())
        } else {
            Ok(())
        }
    });
    match printed {
        Err(e) if to_stdout && e.kind() != std::io::ErrorKind::BrokenPipe => {
            diag(format_args!("standard output: {}", in_words(&e)));
            ExitStatus::Error.into()
        }
        _ => ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2)),
    }
}
