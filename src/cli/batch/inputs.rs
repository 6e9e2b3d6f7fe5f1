//! The inputs of a batch, listed before any is read: the paths named, each
//! directory's regular, non-hidden files in sorted path order (`-r` to
//! descend), filtered by `--glob`.

use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use globset::{GlobBuilder, GlobMatcher};

use crate::cli::STDIN_NAME;
use crate::cli::output::{diag, in_words};

/// One input, as listed before any is read.
#[derive(Debug)]
pub struct InputFile {
    /// Where to read from; `None` for standard input.
    pub path: Option<PathBuf>,
    /// The name in results and messages.
    pub name: String,
    /// The path under `--out`: relative to the directory named on the command
    /// line, or the bare file name for a file named directly.
    pub rel: PathBuf,
    /// Size in bytes, when known up front (for the progress bar's estimate).
    pub size: Option<u64>,
    /// A regular file: one with a size, or one found in a directory whose
    /// size was not looked up. (Anything else named directly, a FIFO say,
    /// is a stream.)
    pub regular: bool,
    /// Why it cannot be read, found while listing directories.
    pub error: Option<String>,
    /// Found by walking a directory, not named on the command line: it is
    /// skipped, not an error, when it turns out not to be puzzle text.
    pub walked: bool,
}

impl InputFile {
    pub fn file(path: PathBuf, rel: PathBuf, size: Option<u64>) -> InputFile {
        InputFile {
            name: path.display().to_string(),
            path: Some(path),
            rel,
            size,
            regular: size.is_some(),
            error: None,
            walked: false,
        }
    }

    /// A regular file found in a directory, its size not looked up.
    fn listed(path: PathBuf, rel: PathBuf) -> InputFile {
        InputFile {
            regular: true,
            walked: true,
            ..InputFile::file(path, rel, None)
        }
    }

    /// Its size in bytes: as listed, else looked up now; `None` for
    /// standard input, an input that could not be listed, or anything but
    /// a regular file.
    pub fn size(&self) -> Option<u64> {
        match (&self.path, &self.error) {
            (Some(path), None) => self.size.or_else(|| {
                fs::metadata(path)
                    .ok()
                    .filter(|m| m.is_file())
                    .map(|m| m.len())
            }),
            _ => None,
        }
    }

    fn failed(path: &Path, err: &io::Error) -> InputFile {
        InputFile {
            name: path.display().to_string(),
            path: Some(path.to_owned()),
            rel: PathBuf::new(),
            size: None,
            regular: false,
            error: Some(in_words(err)),
            walked: false,
        }
    }
}

/// `--glob` patterns. A pattern without `/` is matched against the file name
/// (`*.txt` finds text files at any depth, as in .gitignore); one with `/`
/// against the path below the directory named on the command line.
#[derive(Debug)]
pub struct NameFilter {
    /// In command-line order: a later match wins, as in ripgrep.
    patterns: Vec<Pattern>,
    /// Some pattern keeps files: a file no pattern matches is left out.
    keeps: bool,
}

#[derive(Debug)]
struct Pattern {
    matcher: GlobMatcher,
    /// Matched against the path below the directory named (the pattern has
    /// a `/`), else against the file name.
    path: bool,
    /// `!GLOB`: leaves matching files out.
    excludes: bool,
}

impl NameFilter {
    pub fn new(patterns: &[String]) -> anyhow::Result<NameFilter> {
        let mut built = Vec::new();
        for pattern in patterns {
            let (excludes, glob) = match pattern.strip_prefix('!') {
                Some(rest) => (true, rest),
                None => (false, pattern.as_str()),
            };
            let matcher = GlobBuilder::new(glob)
                .literal_separator(true)
                .build()
                .map_err(|e| anyhow::anyhow!("--glob: {e}"))?
                .compile_matcher();
            built.push(Pattern {
                matcher,
                path: glob.contains('/'),
                excludes,
            });
        }
        Ok(NameFilter {
            keeps: built.iter().any(|p| !p.excludes),
            patterns: built,
        })
    }

    fn accepts(&self, rel: &Path) -> bool {
        let hit = |p: &Pattern| {
            if p.path {
                p.matcher.is_match(rel)
            } else {
                rel.file_name().is_some_and(|name| p.matcher.is_match(name))
            }
        };
        match self.patterns.iter().rev().find(|p| hit(p)) {
            Some(p) => !p.excludes,
            None => !self.keeps,
        }
    }
}

/// What identifies a file or directory however it is reached (through
/// symbolic links, `..`, or a hard link).
#[cfg(unix)]
pub type FileId = (u64, u64);
#[cfg(not(unix))]
pub type FileId = PathBuf;

#[cfg(unix)]
pub fn file_id(path: &Path) -> Option<FileId> {
    use std::os::unix::fs::MetadataExt;
    fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

#[cfg(not(unix))]
pub fn file_id(path: &Path) -> Option<FileId> {
    fs::canonicalize(path).ok()
}

/// Lists the inputs in the order they are read: the arguments in the order
/// given, each directory's files in sorted path order.
pub fn collect(
    paths: &[PathBuf],
    recursive: bool,
    filter: &NameFilter,
    out_dir: Option<&Path>,
    sizes: Sizes,
) -> Vec<InputFile> {
    let mut files = Vec::new();
    // The output tree may sit inside an input directory; its files are
    // results, not puzzles, and reading them would grow with every run.
    let skip = out_dir.and_then(file_id);
    for arg in paths {
        if arg.as_os_str() == "-" {
            files.push(InputFile {
                path: None,
                name: STDIN_NAME.to_owned(),
                rel: PathBuf::new(),
                size: None,
                regular: false,
                error: None,
                walked: false,
            });
            continue;
        }
        match fs::metadata(arg) {
            Ok(meta) if meta.is_dir() => {
                let mut walk = DirWalk {
                    root: arg,
                    sizes,
                    recursive,
                    filter,
                    skip: skip.as_ref(),
                    visited: HashSet::new(),
                    files: &mut files,
                };
                walk.dir(Path::new(""));
            }
            Ok(meta) => {
                // A file named directly is read whatever its name (as rg and
                // fd do) and whatever its kind (a FIFO streams).
                let rel = arg.file_name().map(PathBuf::from).unwrap_or_default();
                let size = meta.is_file().then_some(meta.len());
                files.push(InputFile::file(arg.clone(), rel, size));
            }
            Err(err) => files.push(InputFile::failed(arg, &err)),
        }
    }
    files
}

/// Whether listing a directory looks up the size of every file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sizes {
    /// Every file's (for the progress bar's estimate).
    LookUp,
    /// Only where the kind of an entry needs a look-up anyway (a symbolic
    /// link).
    AsListed,
}

/// A walk of one directory named on the command line.
struct DirWalk<'a> {
    root: &'a Path,
    sizes: Sizes,
    recursive: bool,
    filter: &'a NameFilter,
    skip: Option<&'a FileId>,
    /// Directories already listed: one reached again (through a symbolic
    /// link back up the tree, say) is not listed twice, so a loop ends.
    visited: HashSet<FileId>,
    files: &'a mut Vec<InputFile>,
}

impl DirWalk<'_> {
    fn dir(&mut self, rel: &Path) {
        // Not `join("")`, which would add a `/` to the name in messages.
        let dir = if rel.as_os_str().is_empty() {
            self.root.to_path_buf()
        } else {
            self.root.join(rel)
        };
        if let Some(id) = file_id(&dir)
            && !self.visited.insert(id)
        {
            return;
        }
        let mut names = Vec::new();
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(err) => {
                self.files.push(InputFile::failed(&dir, &err));
                return;
            }
        };
        for entry in entries {
            match entry {
                // The kind as the directory listing gives it, when it does.
                Ok(entry) => names.push((entry.file_name(), entry.file_type().ok())),
                Err(err) => {
                    self.files.push(InputFile::failed(&dir, &err));
                    return;
                }
            }
        }
        // Sorting names at each level, then descending in place, gives the
        // files in sorted path order (paths compare component by component).
        names.sort_by(|a, b| a.0.cmp(&b.0));
        for (name, kind) in names {
            if name.as_encoded_bytes().starts_with(b".") {
                continue;
            }
            let rel = rel.join(&name);
            let path = self.root.join(&rel);
            if self.sizes == Sizes::AsListed && kind.is_some_and(|k| k.is_file()) {
                // A regular file (not a link): no look-up needed.
                if self.filter.accepts(&rel) {
                    self.files.push(InputFile::listed(path, rel));
                }
                continue;
            }
            // `metadata` follows symbolic links: a link to a puzzle file is
            // a puzzle file; a dangling link is reported, unless --glob
            // would have skipped it anyway.
            let meta = match fs::metadata(&path) {
                Ok(meta) => meta,
                Err(err) => {
                    if self.filter.accepts(&rel) {
                        self.files.push(InputFile::failed(&path, &err));
                    }
                    continue;
                }
            };
            if meta.is_dir() {
                if !self.recursive {
                    continue;
                }
                if self.skip.is_some() && file_id(&path).as_ref() == self.skip {
                    // Said, not silent: files the user put there are left out too.
                    diag(format_args!(
                        "{}: not read, it is the --out directory",
                        path.display()
                    ));
                    continue;
                }
                self.dir(&rel);
            } else if meta.is_file() && self.filter.accepts(&rel) {
                self.files.push(InputFile {
                    walked: true,
                    ..InputFile::file(path, rel, Some(meta.len()))
                });
            }
            // Anything else (a FIFO, socket or device met in a directory) is
            // not a puzzle file.
        }
    }
}

/// The bytes of every input, when every size is known.
pub fn total_bytes(files: &[InputFile]) -> Option<u64> {
    files
        .iter()
        .map(|f| if f.error.is_some() { Some(0) } else { f.size })
        .sum()
}
