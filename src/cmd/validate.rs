//! `sudokit validate`.

use super::ExitStatus;
use crate::cli::ValidateArgs;

pub fn run(_args: &ValidateArgs) -> anyhow::Result<ExitStatus> {
    anyhow::bail!("`sudokit validate` is not implemented yet")
}
