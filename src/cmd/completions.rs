//! `sudokit completions`.

use super::ExitStatus;
use crate::cli::CompletionsArgs;

pub fn run(_args: &CompletionsArgs) -> anyhow::Result<ExitStatus> {
    anyhow::bail!("`sudokit completions` is not implemented yet")
}
