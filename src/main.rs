use std::process::ExitCode;

use clap::Parser;
use sudokit::cli::Cli;
use sudokit::cmd::is_broken_pipe;
use sudokit::output::diag;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match sudokit::run(&cli) {
        Ok(status) => status.into(),
        // A reader that went away (`| head`) is not an error.
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            diag(format_args!("{err:#}"));
            sudokit::ExitStatus::Error.into()
        }
    }
}
