//! `leetcode`: a 9×9 array of one-character strings (LeetCode 36/37), also as
//! pasted from code: single quotes, `{` `}` braces, bare digits, a leading
//! declaration up to `=` (`board =`, `char[][] board = new char[][]`, Go's
//! `board := [][]byte`) and a trailing `;`. Boards may span lines and follow
//! one another. A board may also be one quoted string of 81 cells (`grid1 =
//! '003020600…'`), and a list of such strings is a list of boards.

use super::detect;
use super::parser::{Boards, LineParser, Parsed, Rest};
use super::render::render_nested;
use super::text::{cell_value, column_of, grid_from, is_filler};
use crate::error::{Found, ParseError, Quantity};
use crate::grid::Grid;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Expect {
    /// Outside a board: its opening bracket (or a declaration, `;`, `,`).
    #[default]
    Board,
    /// A row's opening bracket (or, after 9 rows and a trailing comma, the board's close).
    Row,
    /// `,` or the board's close after a row.
    AfterRow,
    /// A cell (or, after 9 cells and a trailing comma, the row's close).
    Cell,
    /// `,` or the row's close after a cell.
    AfterCell,
    /// In a list of boards written as strings (`["53..7…", "…"]`): the
    /// next string (or, after a trailing comma, the list's close).
    Item,
    /// `,` or the list's close after a board string.
    AfterItem,
}

#[derive(Debug, Default)]
pub(super) struct Parser {
    expect: Expect,
    /// The closing brackets owed, innermost last.
    closers: Vec<char>,
    cells: Vec<u8>,
    rows: usize,
    in_row: usize,
    start: usize,
    /// What is left of a broken board, once [`LineParser::reset`] has run.
    rest: Rest,
    /// Set by an error: the brackets of its board still open after its line.
    broke: Option<Rest>,
    /// A declaration (`name =`) whose board has not begun yet: its line.
    owed: Option<usize>,
    /// The closing bracket of the broken board being skipped (`]` or `}`).
    skip_kind: char,
}

const CELL: &str = "a cell \"1\"-\"9\" or \".\"";

impl Parser {
    fn open(&mut self, c: char) {
        self.closers.push(if c == '[' { ']' } else { '}' });
    }

    fn close(&mut self, c: char, lineno: usize, column: usize) -> Result<(), ParseError> {
        // Popped only when it matches: after an error, the brackets still
        // open say how much of the board is left to skip.
        match self.closers.last().copied() {
            Some(want) if want == c => {
                self.closers.pop();
                Ok(())
            }
            Some(want) => Err(ParseError::expected(
                lineno,
                column,
                format!("'{want}'"),
                Found::Char(c),
            )),
            None => Err(ParseError::expected(
                lineno,
                column,
                "'[' or '{'",
                Found::Char(c),
            )),
        }
    }

    fn token(
        &mut self,
        lineno: usize,
        column: usize,
        here: &str,
        out: &mut Boards,
    ) -> Result<usize, ParseError> {
        // `here` is the line from the token on: its character, then the rest.
        let mut chars = here.chars();
        let c = chars.next().unwrap_or(' ');
        let rest = chars.as_str();
        let err = |expected: String, found: Found| {
            Err(ParseError::expected(lineno, column, expected, found))
        };
        let is_open = matches!(c, '[' | '{');
        let is_close = matches!(c, ']' | '}');
        match self.expect {
            Expect::Board => {
                if is_open {
                    self.owed = None;
                    self.open(c);
                    self.start = lineno;
                    self.expect = Expect::Row;
                } else if matches!(c, '"' | '\'') {
                    // A board written as one quoted string of 81 cells, as
                    // Python and JavaScript code often holds one
                    // (`grid = '003020600…'`).
                    self.owed = None;
                    let expected = "'[' or '{' to start a board, or a string of 81 cells";
                    let used = self.read_string(lineno, column, c, rest, expected)?;
                    self.start = lineno;
                    self.finish_board(out);
                    return Ok(used);
                } else if let Some(eq) = (c.is_alphabetic() || c == '_')
                    .then(|| detect::declaration_end(here))
                    .flatten()
                {
                    // Another declaration on the same line (`a = …; b = …`):
                    // its name, up to `=`, is passed over.
                    self.declared(lineno, column, out);
                    return Ok(eq - c.len_utf8());
                } else if !matches!(c, ';' | ',') {
                    return err("'[' or '{' to start a board".into(), Found::Char(c));
                }
            }
            Expect::Row
                if matches!(c, '"' | '\'')
                    && self.rows == 0
                    && self.closers.len() == 1
                    && quoted(c, rest).is_none() =>
            {
                // A list of boards, each one string of 81 cells.
                return self.item(lineno, column, c, rest, out);
            }
            Expect::Item if matches!(c, '"' | '\'') => {
                return self.item(lineno, column, c, rest, out);
            }
            Expect::Item | Expect::AfterItem if is_close => {
                self.close(c, lineno, column)?;
                self.clear();
            }
            Expect::Item => {
                return err("a string of 81 cells".into(), Found::Char(c));
            }
            Expect::AfterItem => {
                if c == ',' {
                    self.expect = Expect::Item;
                } else {
                    return err("',' or the end of the list".into(), Found::Char(c));
                }
            }
            Expect::Row => {
                if is_open && self.rows < 9 {
                    self.open(c);
                    self.in_row = 0;
                    self.expect = Expect::Cell;
                } else if is_open {
                    return err("the end of the board after 9 rows".into(), Found::Char(c));
                } else if is_close && self.rows == 9 {
                    self.close(c, lineno, column)?;
                    self.finish_board(out);
                } else {
                    let expected = format!("'[' or '{{' to start row {}", self.rows + 1);
                    return err(expected, Found::Char(c));
                }
            }
            Expect::AfterRow => {
                if c == ',' {
                    self.expect = Expect::Row;
                } else if is_close {
                    if self.rows != 9 {
                        let found = Found::Text(format!(
                            "the end of the board after {}",
                            Quantity(self.rows as u64, "row")
                        ));
                        return err("9 rows".into(), found);
                    }
                    self.close(c, lineno, column)?;
                    self.finish_board(out);
                } else {
                    return err("',' or the end of the board".into(), Found::Char(c));
                }
            }
            Expect::Cell | Expect::AfterCell if is_close => {
                if self.expect == Expect::Cell && self.in_row != 9 && self.in_row != 0 {
                    return err(CELL.into(), Found::Char(c));
                }
                if self.in_row != 9 {
                    let found = Found::Text(format!(
                        "the end of row {} after {}",
                        self.rows + 1,
                        Quantity(self.in_row as u64, "cell")
                    ));
                    return err("9 cells".into(), found);
                }
                self.close(c, lineno, column)?;
                self.rows += 1;
                self.expect = Expect::AfterRow;
            }
            Expect::Cell => {
                let (value, used) = match c {
                    '"' | '\'' => quoted(c, rest).ok_or_else(|| {
                        let token: String = std::iter::once(c)
                            .chain(rest.chars().take_while(|&x| x != c))
                            .collect();
                        ParseError::expected(
                            lineno,
                            column,
                            CELL,
                            Found::Token(format!("{token}{c}")),
                        )
                    })?,
                    _ => match cell_value(c) {
                        Some(v) => (v, 0),
                        None => return err(CELL.into(), Found::Char(c)),
                    },
                };
                if self.in_row == 9 {
                    return err(
                        format!("the end of row {} after 9 cells", self.rows + 1),
                        Found::Text("a 10th cell".into()),
                    );
                }
                self.cells.push(value);
                self.in_row += 1;
                self.expect = Expect::AfterCell;
                return Ok(used);
            }
            Expect::AfterCell => {
                if c == ',' {
                    self.expect = Expect::Cell;
                } else {
                    return err("',' or the end of the row".into(), Found::Char(c));
                }
            }
        }
        Ok(0)
    }

    /// A board string as an element of a list of them: the bytes of `rest`
    /// it used. The list stays open, also after a string that is not a
    /// board: that one is an error of its own, and the list goes on after
    /// its closing quote. A string left open ends the list.
    fn item(
        &mut self,
        lineno: usize,
        column: usize,
        quote: char,
        rest: &str,
        out: &mut Boards,
    ) -> Result<usize, ParseError> {
        let used = match self.read_string(lineno, column, quote, rest, "a string of 81 cells") {
            Ok(used) => {
                out.push(Ok(Parsed {
                    grid: grid_from(&self.cells),
                    line: lineno,
                    origin: None,
                    candidates: None,
                }));
                used
            }
            Err(e) => {
                let end = rest.find(quote).ok_or_else(|| e.clone())?;
                out.push(Err(e.starting_at(lineno)));
                end + quote.len_utf8()
            }
        };
        self.cells.clear();
        self.expect = Expect::AfterItem;
        Ok(used)
    }

    /// Reads a string of 81 cells after its opening `quote` into `cells`:
    /// the bytes of `rest` it used (its cells and closing quote).
    fn read_string(
        &mut self,
        lineno: usize,
        column: usize,
        quote: char,
        rest: &str,
        expected: &str,
    ) -> Result<usize, ParseError> {
        let Some(end) = rest.find(quote) else {
            return Err(ParseError::expected(
                lineno,
                column,
                expected,
                Found::Text("a string that does not end on its line".into()),
            ));
        };
        let body = &rest[..end];
        if let Some((i, bad)) = body
            .chars()
            .enumerate()
            .find(|&(_, x)| cell_value(x).is_none())
        {
            return Err(ParseError::expected(
                lineno,
                column + 1 + i,
                "a digit 0-9 or '.'",
                Found::Char(bad),
            ));
        }
        let n = body.chars().count();
        if n != 81 {
            let found = Found::Text(format!("a string of {}", Quantity(n as u64, "cell")));
            return Err(ParseError::expected(lineno, column, expected, found));
        }
        self.cells = body.chars().filter_map(cell_value).collect();
        Ok(end + quote.len_utf8())
    }

    /// A declaration starts at `column` of `lineno`: one still owed its
    /// board is an error of its own (`a = # '…'` then `b = …`), so that
    /// it is not dropped without a word and the boards keep their places.
    fn declared(&mut self, lineno: usize, column: usize, out: &mut Boards) {
        // On one line (`a = b = [[…]]`, or a mistyped `b=oard = …`) it is
        // one declaration.
        if let Some(line) = self.owed.replace(lineno).filter(|&line| line != lineno) {
            let found = Found::Text("another declaration".into());
            let expected = format!("a board after the declaration on line {line}");
            out.push(Err(
                ParseError::expected(lineno, column, expected, found).starting_at(line)
            ));
        }
    }

    fn finish_board(&mut self, out: &mut Boards) {
        out.push(Ok(Parsed {
            grid: grid_from(&self.cells),
            line: self.start,
            origin: None,
            candidates: None,
        }));
        self.clear();
    }

    /// Forgets the board being read (and a declaration still owed one).
    fn clear(&mut self) {
        self.owed = None;
        self.expect = Expect::Board;
        self.closers.clear();
        self.cells.clear();
        self.rows = 0;
        self.in_row = 0;
    }
}

/// Whether `text` starts a board: a declaration (`board =`), or two
/// opening brackets before anything else.
fn starts_board(text: &str) -> bool {
    let t = text.trim_start();
    if detect::declaration_end(t).is_some() {
        return true;
    }
    let first: Vec<char> = t.chars().filter(|c| !c.is_whitespace()).take(2).collect();
    first.len() == 2 && first.iter().all(|c| matches!(c, '[' | '{'))
}

/// Where the initialiser of a Go array or slice literal starts, when `text`
/// begins with its type (`[][]byte{`, `[9][9]rune {`): the byte offset of
/// the `{`.
fn go_type_end(text: &str) -> Option<usize> {
    let mut rest = text;
    let mut dims = 0;
    while let Some(inner) = rest.strip_prefix('[') {
        let close = inner.find(']')?;
        if !inner[..close].chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        rest = &inner[close + 1..];
        dims += 1;
    }
    let name_len = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let after = rest[name_len..].trim_start();
    (dims == 2 && name_len > 0 && after.starts_with('{')).then(|| text.len() - after.len())
}

/// A quoted one-character cell after its opening `quote`: the value and the
/// bytes of `rest` it used (the character and the closing quote).
fn quoted(quote: char, rest: &str) -> Option<(u8, usize)> {
    let mut chars = rest.chars();
    let c = chars.next()?;
    let value = cell_value(c)?;
    (chars.next()? == quote).then_some((value, c.len_utf8() + quote.len_utf8()))
}

impl LineParser for Parser {
    fn line(&mut self, text: &str, lineno: usize, out: &mut Boards) -> Result<(), ParseError> {
        let trimmed = text.trim_start();
        if is_filler(text) {
            return Ok(());
        }
        if self.expect != Expect::Board && starts_board(text) {
            // The board being read was left unclosed: it ends here, as an
            // error, and this line is read as the start of the next one.
            let want = self.closers.first().copied().unwrap_or(']');
            out.push(Err(ParseError::expected(
                lineno,
                1,
                format!("'{want}' to close the board begun on line {}", self.start),
                Found::Text("the start of another board".into()),
            )));
            self.clear();
        }
        let mut at = 0;
        if self.expect == Expect::Board
            && let Some(eq) = detect::declaration_end(trimmed)
        {
            let column = column_of(text, text.len() - trimmed.len());
            self.declared(lineno, column, out);
            at = text.len() - trimmed.len() + eq;
            // Java writes `new char[][] {{…}}` and Go `[][]byte{{…}}`:
            // skip to the initialiser.
            let after = text[at..].trim_start();
            if let Some(tail) = after.strip_prefix("new") {
                if let Some(brace) = tail.find('{') {
                    at = text.len() - tail.len() + brace;
                }
            } else if let Some(brace) = go_type_end(after) {
                at = text.len() - after.len() + brace;
            }
        }
        let mut column = column_of(text, at);
        let read_before = out.len();
        let mut chars = text[at..].char_indices();
        while let Some((i, c)) = chars.next() {
            // A comment to the end of the line (`# …`, `// …`) after code.
            // Quoted cells are taken whole by `token`, so this is outside one.
            if c == '#' || text[at + i..].starts_with("//") {
                break;
            }
            if !c.is_whitespace() {
                let rest = &text[at + i + c.len_utf8()..];
                let open = self.closers.len();
                let kind = self.closers.first().copied().unwrap_or(']');
                let between = self.expect == Expect::Board;
                let used = self
                    .token(lineno, column, &text[at + i..], out)
                    .map_err(|e| match out.last() {
                        // Junk right after a board that ended on this line
                        // (`[[…]].`, `'…'9'`): that board is not what was
                        // written, so it is the error.
                        Some(Ok(board)) if between && out.len() > read_before => {
                            let start = board.line;
                            out.pop();
                            ParseError::expected(
                                lineno,
                                column,
                                "the end of the line after the board (or ';', ',', a comment)",
                                Found::Char(c),
                            )
                            .starting_at(start)
                        }
                        _ => e,
                    })
                    .inspect_err(|_| {
                        self.skip_kind = kind;
                        self.broke = Some(Rest::after_brackets(open, kind, &text[at + i..]));
                    })?;
                if used > 0 {
                    let skipped = rest[..used].chars().count();
                    column += skipped;
                    for _ in 0..skipped {
                        chars.next();
                    }
                }
            }
            column += 1;
        }
        Ok(())
    }

    fn finish(&mut self, lineno: usize, _out: &mut Boards) -> Result<(), ParseError> {
        if self.expect == Expect::Board {
            return match self.owed.take() {
                Some(line) => Err(ParseError::expected(
                    lineno + 1,
                    1,
                    format!("a board after the declaration on line {line}"),
                    Found::EndOfInput,
                )
                .starting_at(line)),
                None => Ok(()),
            };
        }
        let expected = match self.closers.last() {
            Some(&c) => format!("'{c}'"),
            None => "the end of the board".into(),
        };
        Err(ParseError::expected(
            lineno + 1,
            1,
            expected,
            Found::EndOfInput,
        ))
    }

    fn start(&self) -> Option<usize> {
        (self.expect != Expect::Board).then_some(self.start)
    }

    fn reset(&mut self) {
        // A line that was not text may have closed brackets.
        self.rest = self.broke.take().unwrap_or(if self.closers.is_empty() {
            Rest::Nothing
        } else {
            Rest::ToBlank
        });
        self.clear();
    }

    fn skips(&mut self, text: &str) -> bool {
        // A line that starts a board (a declaration, or two opening
        // brackets before any cell) ends the broken one, whatever its
        // brackets said: one left unclosed must not take the next boards.
        if self.rest != Rest::Nothing && starts_board(text) {
            self.rest = Rest::Nothing;
            return false;
        }
        match self.rest {
            Rest::Open(open) => {
                self.rest = Rest::after_brackets(open, self.skip_kind, text);
                true
            }
            _ => self.rest.skips(true),
        }
    }

    fn skips_blind(&self) -> bool {
        self.rest.is_blind()
    }
}

pub(super) fn render(grid: &Grid, out: &mut String) {
    render_nested(grid, out, |v, out| {
        out.push('"');
        out.push(if v == 0 { '.' } else { char::from(b'0' + v) });
        out.push('"');
    });
}
