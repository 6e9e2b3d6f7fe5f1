//! `sudokit batch`.

use super::ExitStatus;
use crate::cli::BatchArgs;

pub fn run(_args: &BatchArgs) -> anyhow::Result<ExitStatus> {
    anyhow::bail!("`sudokit batch` is not implemented yet")
}
