//! `"…".parse::<Grid>()`: one board from text in any supported format.

use std::str::FromStr;

use super::{Format, Reader};
use crate::error::{Found, ParseError, ParseErrorKind};
use crate::grid::Grid;

impl FromStr for Grid {
    type Err = ParseError;

    /// Reads one board in any format sudokit reads, recognized as
    /// [`Format::Auto`] does. Text that holds no board, a malformed one,
    /// or more than one is an error with its line and column.
    ///
    /// ```
    /// use sudokit::Grid;
    ///
    /// let line: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    ///     .parse()?;
    /// let leetcode: Grid = r#"[["5","3",".",".","7",".",".",".","."],
    ///  ["6",".",".","1","9","5",".",".","."],[".","9","8",".",".",".",".","6","."],
    ///  ["8",".",".",".","6",".",".",".","3"],["4",".",".","8",".","3",".",".","1"],
    ///  ["7",".",".",".","2",".",".",".","6"],[".","6",".",".",".",".","2","8","."],
    ///  [".",".",".","4","1","9",".",".","5"],[".",".",".",".","8",".",".","7","9"]]"#
    ///     .parse()?;
    /// assert_eq!(line, leetcode);
    ///
    /// let err = "12x".parse::<Grid>().unwrap_err();
    /// assert_eq!((err.line, err.column), (1, 3));
    /// # Ok::<(), sudokit::ParseError>(())
    /// ```
    fn from_str(text: &str) -> Result<Grid, ParseError> {
        // Reading from a byte slice never fails: only parse errors remain.
        let mut items = Reader::new(text.as_bytes(), Format::Auto).filter_map(Result::ok);
        let grid = match items.next() {
            Some(Ok(puzzle)) => puzzle.grid,
            Some(Err(e)) => return Err(e.error),
            None => return Err(ParseError::new(1, 1, ParseErrorKind::NoPuzzle)),
        };
        match items.next() {
            None => Ok(grid),
            Some(Ok(second)) => Err(ParseError::expected(
                second.line,
                1,
                "one puzzle",
                Found::Text("a second one".to_owned()),
            )),
            Some(Err(e)) => Err(e.error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn every_format_reads_to_the_same_board_and_displays_as_a_line() {
        let line: Grid = LINE.parse().expect("line");
        assert_eq!(line.to_string(), LINE);
        let mut boj = String::new();
        for layout in [
            super::super::Layout::Boj,
            super::super::Layout::Leetcode,
            super::super::Layout::Json,
            super::super::Layout::Grid,
        ] {
            boj.clear();
            super::super::render(&line, layout, &mut boj);
            assert_eq!(boj.parse::<Grid>(), Ok(line), "{layout:?}: {boj}");
        }
    }

    #[test]
    fn no_board_a_bad_board_or_two_boards_are_located_errors() {
        let none = "# only a comment\n".parse::<Grid>().expect_err("no board");
        assert_eq!(none.kind, ParseErrorKind::NoPuzzle);

        let bad = format!("{}x", &LINE[..80])
            .parse::<Grid>()
            .expect_err("bad cell");
        assert_eq!((bad.line, bad.column), (1, 81));

        let two = format!("{LINE}\n\n{LINE}\n")
            .parse::<Grid>()
            .expect_err("two");
        assert_eq!((two.line, two.column), (3, 1));
        assert_eq!(
            two.to_string(),
            "3:1: expected one puzzle, found a second one"
        );
    }
}
