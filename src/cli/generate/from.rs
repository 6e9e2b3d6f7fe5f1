//! `--from FILE`: the solution grids or patterns puzzles are made from.
//!
//! A file whose first data line holds an `x` is a file of patterns: 81
//! cells per pattern, `x` (or `X`, `*`, a digit) for a given and `.`, `0`
//! or `_` for a blank, on one line or spread over lines, with white space
//! and `|` `+` `-` `=` as decoration. Any other file is read as puzzles are
//! (every format): a complete board is a solution grid, and a board with
//! blanks gives its pattern of givens.

use std::io::Read;
use std::path::Path;

use anyhow::{Context, bail};
use sudokit::generate::{Pattern, Start};
use sudokit::{Format, Grid, Reader};

use crate::cli::inputs::open;

/// One entry of the file, with the line it starts on.
#[derive(Debug)]
pub struct Entry {
    pub start: Start,
    pub line: usize,
}

/// Reads the entries of `path`; errors name the file, line and column.
pub fn read(path: &Path) -> anyhow::Result<Vec<Entry>> {
    let mut input = open(path)?;
    let name = input.name.clone();
    let mut text = Vec::new();
    input
        .reader
        .read_to_end(&mut text)
        .with_context(|| name.clone())?;
    let entries = if holds_patterns(&text) {
        let text = String::from_utf8_lossy(&text);
        patterns(&text)
            .map_err(|(line, column, what)| anyhow::anyhow!("{name}:{line}:{column}: {what}"))?
    } else {
        grids(&text, &name)?
    };
    if entries.is_empty() {
        bail!("{name}: no solution grid or pattern in it");
    }
    Ok(entries)
}

/// Whether the first data line (not blank, not a `#` comment) holds an `x`.
fn holds_patterns(text: &[u8]) -> bool {
    text.split(|&b| b == b'\n')
        .map(|line| line.trim_ascii())
        .find(|line| !line.is_empty() && !line.starts_with(b"#"))
        .is_some_and(|line| line.iter().any(|&b| b == b'x' || b == b'X'))
}

/// The patterns of a pattern file, or the line, column and what is wrong.
fn patterns(text: &str) -> Result<Vec<Entry>, (usize, usize, String)> {
    let mut entries = Vec::new();
    let mut cells = Vec::with_capacity(81);
    let mut start = 0;
    let mut last = (0, 0);
    for (n, line) in text.lines().enumerate() {
        let line_no = n + 1;
        let data = line.trim_start_matches('\u{feff}');
        if data.trim_start().starts_with('#') {
            continue;
        }
        for (column, c) in data.chars().enumerate() {
            let given = match c {
                'x' | 'X' | '*' | '1'..='9' => true,
                '.' | '0' | '_' => false,
                c if c.is_whitespace() || "|+-=".contains(c) => continue,
                other => {
                    return Err((
                        line_no,
                        column + 1,
                        format!("expected 'x' for a given or '.' for a blank, found '{other}'"),
                    ));
                }
            };
            if cells.is_empty() {
                start = line_no;
            }
            cells.push(given);
            last = (line_no, column + 1);
            if cells.len() == 81 {
                let mut mask = [false; 81];
                mask.copy_from_slice(&cells);
                entries.push(Entry {
                    start: Start::Pattern(Pattern::new(mask)),
                    line: start,
                });
                cells.clear();
            }
        }
    }
    if !cells.is_empty() {
        return Err((
            last.0,
            last.1,
            format!("a pattern ends after {} of its 81 cells", cells.len()),
        ));
    }
    Ok(entries)
}

/// The boards of a puzzle file: solution grids, or patterns of givens.
fn grids(text: &[u8], name: &str) -> anyhow::Result<Vec<Entry>> {
    let mut entries = Vec::new();
    for item in Reader::new(text, Format::Auto) {
        let puzzle = match item.with_context(|| name.to_owned())? {
            Ok(puzzle) => puzzle,
            Err(bad) => bail!("{name}:{}", bad.error),
        };
        let grid: Grid = puzzle.grid;
        let start = if grid.is_complete() {
            if !grid.is_valid() {
                bail!(
                    "{name}:{}: a complete board that is no solution: a digit repeats in a row, column or box",
                    puzzle.line
                );
            }
            Start::Solution(grid)
        } else {
            Start::Pattern(Pattern::of(&grid))
        };
        entries.push(Entry {
            start,
            line: puzzle.line,
        });
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_read_on_one_line_or_over_nine() {
        let one = format!("{}{}\n", "x.".repeat(40), "x");
        let drawn = "x x x | . . . | x x x\n".repeat(9);
        let text = format!("# patterns\n{one}{drawn}");
        let entries = patterns(&text).expect("two patterns");
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[1].line, 3);
        match &entries[0].start {
            Start::Pattern(p) => assert_eq!(p.len(), 41),
            other => panic!("{other:?}"),
        }
        assert!(holds_patterns(text.as_bytes()));
        assert!(!holds_patterns(b"# x\n123\n"));
    }

    #[test]
    fn a_bad_pattern_is_located() {
        assert_eq!(
            patterns("x.x?\n").map(|e| e.len()),
            Err((
                1,
                4,
                "expected 'x' for a given or '.' for a blank, found '?'".into()
            ))
        );
        let short = patterns("xx\n..x\n").map(|e| e.len());
        assert_eq!(
            short,
            Err((2, 3, "a pattern ends after 5 of its 81 cells".into()))
        );
    }
}
