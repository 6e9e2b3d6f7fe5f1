//! From scanned JSON values to boards (which object field, which array is a
//! board and which a list of them), and a board written back as JSON.

use super::value::{Array, FIELDS, GENERATED_FIELDS, Kind, Value};
use crate::error::{Found, ParseError};
use crate::format::parser::{Boards, Parsed};
use crate::format::render::render_nested;
use crate::format::text::{cell_value, grid_from};
use crate::grid::Grid;

/// Where a value read for boards stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    /// At the top: the whole input, or one line of JSON Lines.
    Top,
    /// An element of a top-level list.
    Element,
}

/// The boards in a top-level value (or an element of a top-level array).
pub(super) fn boards(value: &Value, place: Place, out: &mut Boards) {
    let top = place == Place::Top;
    match &value.kind {
        Kind::Array(list) if top && !is_board_array(list) => {
            // Only lists of at most `KEEP_ITEMS` get here whole; longer ones
            // are streamed by `Parser::step`.
            for item in &list.items {
                boards(item, Place::Element, out);
            }
        }
        Kind::Object(object) => {
            let order = if object.generated {
                GENERATED_FIELDS
            } else {
                FIELDS
            };
            let chosen = order.iter().find_map(|name| {
                object
                    .fields
                    .iter()
                    .find(|(key, v)| key == name && !matches!(v.kind, Kind::Null))
            });
            let summary = || {
                object.keys == 1
                    && matches!(&object.fields[..], [(key, v)] if key == "summary" && matches!(v.kind, Kind::Object(_)))
            };
            match chosen {
                Some((_, v)) => {
                    out.push(board(v, value.line).map_err(|e| e.starting_at(value.line)))
                }
                // The summary line that ends `sudokit batch --json`
                // (`{"summary":{…}}`, nothing else) is not a puzzle.
                None if top && summary() => {}
                None => out.push(Err(value.error(
                    "an object with a \"solution\", \"grid\", \"board\" or \"puzzle\" field",
                ))),
            }
        }
        _ => out.push(board(value, value.line).map_err(|e| e.starting_at(value.line))),
    }
}

/// Whether an array is one board (9 rows, or 81 cells) rather than a list of puzzles.
/// Nine rows of nine with a stray array or object among their cells are a
/// board too, so that the stray cell is the one error (a list of nine
/// boards has no cells in its rows).
pub(super) fn is_board_array(array: &Array) -> bool {
    let row_like =
        |v: &Value| matches!(&v.kind, Kind::Array(row) if row.len == 9 && row.scalars + 2 >= 9);
    // Items of 81 cells are boards of their own (`[[5,3,0,…], …]`), not rows.
    let flat_boards = array
        .items
        .first()
        .is_some_and(|v| matches!(&v.kind, Kind::Array(a) if a.len == 81));
    (array.len == 81 && array.all_scalar())
        || (array.len > 0 && array.all_rows && !flat_boards)
        || (array.len == 9 && array.whole().is_some_and(|rows| rows.iter().all(row_like)))
}

const BOARD: &str = "a board: a 9×9 array or a string of 81 cells";

fn board(value: &Value, line: usize) -> Result<Parsed, ParseError> {
    let mut cells = [0u8; 81];
    match &value.kind {
        Kind::Str(s) => {
            let n = s.chars().count();
            if n != 81 {
                return Err(value.error("a string of 81 cells"));
            }
            for (i, c) in s.chars().enumerate() {
                // The string's characters start one column after its quote.
                cells[i] = cell_value(c).ok_or_else(|| {
                    ParseError::expected(
                        value.line,
                        value.column + 1 + i,
                        "a digit 0-9 or '.'",
                        Found::Char(c),
                    )
                })?;
            }
        }
        Kind::Array(array)
            if array.len == 81 && !array.items.iter().any(|v| matches!(v.kind, Kind::Array(_))) =>
        {
            let items = array.whole().ok_or_else(|| value.error(BOARD))?;
            for (i, item) in items.iter().enumerate() {
                cells[i] = cell(item)?;
            }
        }
        Kind::Array(array) => {
            if array.len != 9 {
                return Err(value.error("9 rows (or 81 cells)"));
            }
            let rows = array.whole().ok_or_else(|| value.error(BOARD))?;
            for (r, row) in rows.iter().enumerate() {
                let Kind::Array(row_items) = &row.kind else {
                    return Err(row.error(format!("row {} as an array of 9 cells", r + 1)));
                };
                if row_items.len != 9 {
                    return Err(row.error(format!("row {} with 9 cells", r + 1)));
                }
                let items = row_items.whole().ok_or_else(|| row.error(BOARD))?;
                for (c, item) in items.iter().enumerate() {
                    cells[r * 9 + c] = cell(item)?;
                }
            }
        }
        _ => return Err(value.error(BOARD)),
    }
    Ok(Parsed {
        grid: grid_from(&cells),
        line,
        origin: None,
        candidates: None,
    })
}

fn cell(value: &Value) -> Result<u8, ParseError> {
    let v = match &value.kind {
        Kind::Null => Some(0),
        Kind::Number(n) if n.len() == 1 => {
            cell_value(n.chars().next().unwrap_or(' ')).filter(|_| n != ".")
        }
        Kind::Str(s) if s.chars().count() == 1 => s.chars().next().and_then(cell_value),
        _ => None,
    };
    v.ok_or_else(|| {
        value.error("a number 0-9, null, or a one-character string \"1\"-\"9\" or \".\"")
    })
}

pub(in crate::format) fn render(grid: &Grid, out: &mut String) {
    render_nested(grid, out, |v, out| out.push(char::from(b'0' + v)));
}
