//! Output files under `--out`: planned before anything is written, written
//! whole or not at all (a temporary file renamed into place), and their
//! temporary files removed when the run is interrupted.

use std::collections::HashMap;
use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use anyhow::bail;

use super::inputs::{FileId, InputFile, file_id};
use crate::cli::output::{diag, in_words};

/// Decides where each input's results go under `dir`, refusing (before
/// anything is written) a plan that would overwrite an input or write two
/// inputs to one file. Returns one target per input (`None` for inputs that
/// are already known to fail).
pub fn plan(files: &[InputFile], dir: &Path) -> anyhow::Result<Vec<Option<PathBuf>>> {
    if files.iter().any(|f| f.path.is_none()) {
        bail!(
            "--out: standard input has no path to mirror under {}",
            dir.display()
        );
    }
    if dir.as_os_str() == "-" {
        // `-` means standard input or output everywhere else; a directory
        // by that name is surely not what was meant.
        bail!("--out -: --out takes a directory (without --out, results go to standard output)");
    }
    if dir.exists() && !dir.is_dir() {
        bail!("--out {}: not a directory", dir.display());
    }
    let inputs: HashMap<FileId, &str> = files
        .iter()
        .filter_map(|f| Some((file_id(f.path.as_deref()?)?, f.name.as_str())))
        .collect();
    let mut claimed: HashMap<PathBuf, &str> = HashMap::new();
    let mut targets = Vec::with_capacity(files.len());
    for file in files {
        if file.error.is_some() || file.rel.as_os_str().is_empty() {
            targets.push(None);
            continue;
        }
        let target = dir.join(&file.rel);
        if let Some(other) = claimed.insert(target.clone(), &file.name) {
            bail!(
                "--out: {other} and {} would both be written to {}",
                file.name,
                target.display()
            );
        }
        // Only an existing file can be an input; one that does not exist
        // yet is safe to create.
        if let Some(input) = file_id(&target).and_then(|id| inputs.get(&id)) {
            bail!(
                "--out: refusing to write {}: it is the input file {input}",
                target.display()
            );
        }
        targets.push(Some(target));
    }
    // One output where another needs a directory (`a` and `a/b.txt`, from
    // two roots): whichever came second could not be written.
    let planned = files.iter().zip(&targets);
    for (target, name) in planned.filter_map(|(f, t)| Some((t.as_ref()?, &f.name))) {
        let inside = target.ancestors().skip(1).take_while(|a| *a != dir);
        if let Some((parent, other)) = inside.filter_map(|a| Some((a, claimed.get(a)?))).next() {
            bail!(
                "--out: {other} would be written to {}, which {name} needs as a directory for {}",
                parent.display(),
                target.display()
            );
        }
    }
    Ok(targets)
}

/// An output file being written: a temporary file beside its final name,
/// renamed into place when complete, so that no reader ever sees half a file
/// under the final name. Dropped without `commit`, it removes itself. While
/// it exists its temporary file is listed in [`TEMPORARIES`].
#[derive(Debug)]
pub struct Sink {
    temp: PathBuf,
    target: PathBuf,
    writer: Option<BufWriter<File>>,
}

/// The temporary files of the live [`Sink`]s. A file is created and listed,
/// and renamed or removed and unlisted, under this lock, so that the
/// interruption handler, which holds it to the end, never misses a file nor
/// sees one renamed into place under its final name after it has looked.
static TEMPORARIES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn temporaries() -> MutexGuard<'static, Vec<PathBuf>> {
    TEMPORARIES.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Of the directories leading to `dir`, the first one that is not a
/// directory (for the error when one cannot be made).
fn blocking(dir: &Path) -> &Path {
    dir.ancestors()
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .find(|a| !a.as_os_str().is_empty() && !a.is_dir())
        .unwrap_or(dir)
}

impl Sink {
    pub fn create(target: &Path) -> io::Result<Sink> {
        let dir = target.parent().unwrap_or(Path::new("."));
        fs::create_dir_all(dir).map_err(|err| {
            // "File exists" would mislead: some part of the way is a file
            // (or a dangling link) where a directory must go.
            if err.kind() == io::ErrorKind::AlreadyExists {
                io::Error::other(format!("{} is not a directory", blocking(dir).display()))
            } else {
                err
            }
        })?;
        let name = target.file_name().unwrap_or_default().to_string_lossy();
        let pid = std::process::id();
        // The name is hidden (a later batch over this tree skips it) and
        // unique to this process; `create_new` never takes over a file.
        for attempt in 0..ATTEMPTS {
            let temp = dir.join(temporary_name(&name, pid, attempt));
            let mut live = temporaries();
            match File::options().write(true).create_new(true).open(&temp) {
                Ok(file) => {
                    live.push(temp.clone());
                    return Ok(Sink {
                        temp,
                        target: target.to_owned(),
                        writer: Some(BufWriter::with_capacity(64 * 1024, file)),
                    });
                }
                Err(err) if err.kind() == io::ErrorKind::AlreadyExists => {}
                Err(err) => return Err(err),
            }
        }
        Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            "no free temporary file name",
        ))
    }

    pub fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self.writer.as_mut() {
            Some(writer) => writer.write_all(bytes),
            None => Ok(()),
        }
    }

    /// Completes the file and moves it into place.
    pub fn commit(mut self) -> Result<(), String> {
        let what =
            |err: io::Error| format!("writing {}: {}", self.target.display(), in_words(&err));
        if let Some(writer) = self.writer.take() {
            let file = writer.into_inner().map_err(|e| what(e.into_error()))?;
            drop(file);
        }
        let mut live = temporaries();
        fs::rename(&self.temp, &self.target).map_err(what)?;
        live.retain(|temp| *temp != self.temp);
        self.temp = PathBuf::new();
        Ok(())
    }
}

impl Drop for Sink {
    fn drop(&mut self) {
        self.writer = None;
        if !self.temp.as_os_str().is_empty() {
            let mut live = temporaries();
            // Best effort: the run is already reporting why it gave up.
            let _ = fs::remove_file(&self.temp);
            live.retain(|temp| *temp != self.temp);
        }
    }
}

/// The name of a temporary file of [`Sink::create`]'s making beside `name`
/// (`.NAME.sudokit-PID-N.tmp`).
fn temporary_name(name: &str, pid: u32, attempt: u32) -> String {
    format!(".{name}.sudokit-{pid}-{attempt}.tmp")
}

/// The process that made the temporary file named `name`, if the name is
/// of [`temporary_name`]'s making.
fn temporary_pid(name: &str) -> Option<u32> {
    let rest = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (rest, attempt) = rest.rsplit_once('-')?;
    let (base, pid) = rest.rsplit_once('-')?;
    let base = base.strip_suffix(".sudokit")?;
    let number = |s: &str| {
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u32>().ok())
            .flatten()
    };
    let attempt = number(attempt)?;
    let pid = number(pid)?;
    (!base.is_empty() && attempt < ATTEMPTS && temporary_name(base, pid, attempt) == name)
        .then_some(pid)
}

/// Removes, from the directories the output files go to, the temporary
/// files that a run ended without clean-up (`kill -9`, a crash, a power
/// cut) left there: hidden files of [`temporary_name`]'s making whose
/// process is gone. Nothing else is touched, nor the temporary files of a
/// process still running. Whether a process runs is looked up in Linux's
/// `/proc`; elsewhere such files are left as they are.
#[cfg(target_os = "linux")]
pub fn remove_stale_temporaries(targets: &[Option<PathBuf>]) {
    let proc = Path::new("/proc");
    if !proc.join("self").exists() {
        return;
    }
    let dirs: std::collections::BTreeSet<&Path> = targets
        .iter()
        .flatten()
        .filter_map(|t| t.parent())
        .collect();
    for dir in dirs {
        // A directory not made yet holds nothing to remove.
        let Ok(entries) = fs::read_dir(dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let Some(pid) = entry.file_name().to_str().and_then(temporary_pid) else {
                continue;
            };
            let regular = entry.file_type().is_ok_and(|kind| kind.is_file());
            if !regular || proc.join(pid.to_string()).exists() {
                continue;
            }
            let path = entry.path();
            if fs::remove_file(&path).is_ok() {
                diag(format_args!(
                    "{}: removed, left by an earlier run that was killed (process {pid})",
                    path.display()
                ));
            }
        }
    }
}

#[cfg(not(target_os = "linux"))]
pub fn remove_stale_temporaries(_targets: &[Option<PathBuf>]) {}

/// Names tried for a temporary file before giving up.
const ATTEMPTS: u32 = 100;

/// On an interruption (Ctrl-C, `kill`, a closed terminal), removes the
/// temporary files of the output files being written, then ends the process
/// by the same signal, as it would have ended without this handler (a shell
/// script sees the interruption). Output files already in place stay.
///
/// A signal the process was started with ignored stays ignored (`nohup`
/// ignores SIGHUP; a shell script's background jobs ignore SIGINT). Where
/// that cannot be read, SIGHUP is left alone.
#[cfg(unix)]
pub fn remove_temporaries_on_interrupt() -> io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let ignored = ignored_signals();
    let watched = [SIGINT, SIGTERM, SIGHUP]
        .into_iter()
        .filter(|&signal| match ignored {
            Some(mask) => mask & (1 << (signal - 1)) == 0,
            None => signal != SIGHUP,
        });
    let mut signals = signal_hook::iterator::Signals::new(watched)?;
    std::thread::Builder::new()
        .name("sudokit-signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                // Held to the end: no file is renamed into place from now on.
                let live = temporaries();
                for temp in live.iter() {
                    let _ = fs::remove_file(temp);
                }
                let _ = signal_hook::low_level::emulate_default_handler(signal);
                // Not reached for these signals; the shell's code for them.
                std::process::exit(128 + signal);
            }
        })?;
    Ok(())
}

/// The signals this process ignores (bit `n - 1` for signal `n`), from
/// Linux's `/proc/self/status`; `None` where that cannot be read.
#[cfg(unix)]
fn ignored_signals() -> Option<u64> {
    let status = fs::read_to_string("/proc/self/status").ok()?;
    let mask = status
        .lines()
        .find_map(|line| line.strip_prefix("SigIgn:"))?;
    u64::from_str_radix(mask.trim(), 16).ok()
}

/// Elsewhere an interruption ends the process at once, as before.
#[cfg(not(unix))]
pub fn remove_temporaries_on_interrupt() -> io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{temporary_name, temporary_pid};

    #[test]
    fn only_names_of_our_making_are_temporary_files() {
        assert_eq!(temporary_pid(&temporary_name("a.txt", 42, 0)), Some(42));
        assert_eq!(temporary_pid(".a-b.txt.sudokit-7-99.tmp"), Some(7));
        for other in [
            ".a.txt.sudokit-42-100.tmp",
            ".a.txt.sudokit-42-.tmp",
            ".a.txt.sudokit--0.tmp",
            ".a.txt.sudokit-x-0.tmp",
            ".a.txt.sudokit-+4-0.tmp",
            "a.txt.sudokit-42-0.tmp",
            ".a.txt.sudokit-42-0.tmp~",
            "..sudokit-42-0.tmp",
            ".a.txt.other-42-0.tmp",
            ".a.txt.sudokit-99999999999-0.tmp",
            ".a.txt.sudokit-042-0.tmp",
        ] {
            assert_eq!(temporary_pid(other), None, "{other}");
        }
    }
}
