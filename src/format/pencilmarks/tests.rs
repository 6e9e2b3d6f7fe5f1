use super::super::{Candidates, Format, Layout, detect, parse_str, render};
use crate::grid::Grid;
use crate::logic::Board;

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The candidates of `PUZZLE` as the logical solver starts from them.
fn marks() -> [u16; 81] {
    let grid: Grid = PUZZLE.parse().expect("puzzle");
    let board = Board::from_grid(&grid);
    std::array::from_fn(|cell| match board.value(cell) {
        0 => board.candidates(cell),
        v => 1 << (v - 1),
    })
}

/// `masks` drawn as HoDoKu and Sudopedia's PM grids draw them: `.---.`
/// above, `:---+---:` between bands, `'---'` below, cells padded to the
/// widest of their column.
fn pm_grid(masks: &[u16; 81]) -> String {
    let text = |cell: usize| -> String {
        (0..9u8)
            .filter(|d| masks[cell] & 1 << d != 0)
            .map(|d| char::from(b'1' + d))
            .collect()
    };
    let width = (0..81).map(|c| text(c).len()).max().unwrap_or(1);
    let rule = "-".repeat(3 * (width + 1) + 2);
    let border =
        |corner: char, joint: char| format!("{corner}{rule}{joint}{rule}{joint}{rule}{corner}\n");
    let mut out = border('.', '.');
    for row in 0..9 {
        if row == 3 || row == 6 {
            out.push_str(&border(':', '+'));
        }
        for col in 0..9 {
            out.push_str(if col % 3 == 0 { "| " } else { " " });
            out.push_str(&format!("{:<width$}", text(row * 9 + col)));
            if col % 3 == 2 {
                out.push(' ');
            }
        }
        out.push_str("|\n");
    }
    out + &border('\'', '\'')
}

fn one(text: &str, format: Format) -> crate::format::Puzzle {
    let mut items = parse_str(text, format);
    assert_eq!(items.len(), 1, "{text}");
    items.remove(0).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// `line:column: message` of the one item of `text`, an error.
fn error(text: &str) -> String {
    let items = parse_str(text, Format::Pencilmarks);
    match items.first() {
        Some(Err(e)) => format!("{}:{}: {}", e.error.line, e.error.column, e.error.kind),
        other => panic!("expected an error, got {other:?} for {text}"),
    }
}

#[test]
fn the_729_line_reads_back_to_the_same_candidates_and_digits() {
    let masks = marks();
    let candidates = Candidates::from_masks(masks).expect("9-bit masks");
    let line = candidates.to_string();
    assert_eq!(line.len(), 729);
    assert!(line.starts_with("....5......3......12.4....."), "{line}");
    let puzzle = one(&line, Format::Auto);
    assert_eq!(puzzle.layout, Layout::Pencilmarks);
    assert_eq!(puzzle.candidates.as_deref(), Some(&candidates));
    // The givens, and the cells left with one candidate, are placed.
    let grid: Grid = PUZZLE.parse().expect("puzzle");
    assert!(grid.is_kept_by(&puzzle.grid));
    let singles = masks.iter().filter(|m| m.count_ones() == 1).count();
    assert_eq!(puzzle.grid.givens(), singles);
    // `0` is a removed candidate as `.` is, and a separator ends the line.
    let zeros = line.replace('.', "0");
    assert_eq!(one(&format!("{zeros},rest"), Format::Auto), puzzle);
    // Indented, the line takes the careful path, to the same board.
    let indented = one(&format!("  {line}\tx"), Format::Pencilmarks);
    assert_eq!(
        (indented.grid, indented.candidates),
        (puzzle.grid, puzzle.candidates)
    );
}

#[test]
fn the_boxed_grid_reads_as_the_same_board_as_the_line() {
    let masks = marks();
    let text = pm_grid(&masks);
    assert_eq!(detect(&text), Layout::Pencilmarks, "{text}");
    let boxed = one(&text, Format::Auto);
    let line = one(
        &Candidates::from_masks(masks).expect("masks").to_string(),
        Format::Auto,
    );
    assert_eq!(
        (boxed.grid, &boxed.candidates),
        (line.grid, &line.candidates)
    );
    assert_eq!(boxed.line, 2);
    // Simple Sudoku's corners, and cells run up against the `|`.
    let simple = text
        .replace(['.', '\''], "*")
        .replace(':', "|")
        .replace(" |", "|");
    assert_eq!(one(&simple, Format::Auto).candidates, line.candidates);
}

#[test]
fn a_board_of_digits_written_as_pencilmarks_reads_back_as_it_was() {
    let grid: Grid = PUZZLE.parse().expect("puzzle");
    let mut text = String::new();
    render(&grid, Layout::Pencilmarks, &mut text);
    assert_eq!(text.len(), 730);
    let back = one(&text, Format::Auto);
    assert_eq!(back.grid, grid);
    // Blanks hold every digit: nothing of a grid is taken for a mark.
    let marks = back.candidates.expect("marks");
    assert_eq!(marks.mask(2), Candidates::ALL);
    assert_eq!(marks.mask(0), 1 << 4);
}

#[test]
fn an_unmarked_cell_holds_every_digit_and_an_empty_one_none() {
    let mut masks = marks();
    masks[2] = 0;
    let line = Candidates::from_masks(masks).expect("masks").to_string();
    let puzzle = one(&line, Format::Pencilmarks);
    assert_eq!(puzzle.grid.get(0, 2), 0);
    assert_eq!(puzzle.candidates.expect("marks").mask(2), 0);
    let text = pm_grid(&marks()).replacen("124 ", ".   ", 1);
    let puzzle = one(&text, Format::Pencilmarks);
    assert_eq!(puzzle.candidates.expect("marks").mask(2), Candidates::ALL);
}

#[test]
fn bad_lines_are_located() {
    let line = Candidates::from_masks(marks()).expect("masks").to_string();
    // A digit out of its place: r1c1's place 2 holds a 3.
    let moved = format!(".3{}", &line[2..]);
    assert_eq!(
        error(&moved),
        "1:2: expected '2' or '.' at place 2 of r1c1, found '3'"
    );
    let late = format!("{}x{}", &line[..100], &line[101..]);
    assert_eq!(
        error(&late),
        "1:101: expected '2' or '.' at place 2 of r2c3, found 'x'"
    );
    assert_eq!(
        error(&line[..728]),
        "1:729: expected 729 candidate places, found 728 places"
    );
    assert_eq!(
        error(&format!("{line}1")),
        "1:730: expected 729 candidate places, found more"
    );
    assert_eq!(
        error(&format!("{} {}", &line[..100], &line[100..])),
        "1:101: expected 729 candidate places, found 100 places"
    );
}

#[test]
fn bad_rows_are_located() {
    let text = pm_grid(&marks());
    let lines: Vec<&str> = text.lines().collect();
    let with = |row: usize, new: &str| {
        let mut l = lines.clone();
        l[row] = new;
        l.join("\n")
    };
    let row2 = lines[2];
    // The column of the `4` of r2c2's candidates, 247.
    let at = row2.find(" 247 ").expect("r2c2") + 3;
    assert_eq!(
        error(&with(2, &row2.replacen("247", "2x7", 1))),
        format!(
            "3:{at}: expected a candidate digit 1-9, '.' or a border (| or white space), found 'x'"
        )
    );
    assert_eq!(
        error(&with(2, &row2.replacen("247", "242", 1))),
        format!(
            "3:{}: expected each candidate once in a cell, found a second '2'",
            at + 1
        )
    );
    assert_eq!(
        error(&with(2, &row2.replacen("247", "207", 1))),
        format!("3:{at}: expected a candidate digit 1-9, found '0'")
    );
    assert_eq!(
        error(&with(2, &format!("{row2} 5"))),
        format!(
            "3:{}: expected 9 cells in a row, found a 10th",
            row2.len() + 2
        )
    );
    let short = row2.replacen(" 247 ", " ", 1);
    assert!(
        error(&with(2, &short)).contains("expected 9 cells in a row, found 8"),
        "{short}"
    );
    assert_eq!(
        error(&with(2, "")),
        "3:1: expected row 2 of 9, found a blank line"
    );
    // The board after a broken one is still read.
    let two = format!("{}\n\n{text}", with(2, &row2.replacen("247", "2x7", 1)));
    let items = parse_str(&two, Format::Pencilmarks);
    assert_eq!(items.len(), 2, "{items:?}");
    assert!(items[0].is_err() && items[1].is_ok(), "{items:?}");
}

#[test]
fn boxed_grids_and_lines_follow_one_another() {
    let masks = marks();
    let line = Candidates::from_masks(masks).expect("masks").to_string();
    let text = format!("{}\n{line}\n# next\n{}", pm_grid(&masks), pm_grid(&masks));
    let items = parse_str(&text, Format::Auto);
    let lines: Vec<usize> = items
        .iter()
        .map(|i| i.as_ref().map_or(0, |p| p.line))
        .collect();
    assert_eq!(lines, [2, 15, 18]);
}

#[test]
fn detection_keeps_grids_and_boj_and_finds_candidates() {
    let masks = marks();
    let line = Candidates::from_masks(masks).expect("masks").to_string();
    assert_eq!(detect(&line), Layout::Pencilmarks);
    // A broken line of candidates is still one, to be reported as one.
    assert_eq!(detect(&line[..500]), Layout::Pencilmarks);
    let pm = pm_grid(&masks);
    let first_row = pm.lines().nth(1).expect("a row");
    assert_eq!(detect(first_row), Layout::Pencilmarks);
    assert!(super::super::detect::needs_lookahead(
        pm.lines().next().expect("border")
    ));
    // Under a border, or drawn with `|`, rows of single cells leave it open
    // until a row with several digits in a cell, or nine rows.
    let top = "+---+\n| 1 2 3 | 4 5 6 | 7 8 9 |\n| 4 5 6 | 7 8 9 | 1 2 3 |";
    assert!(super::super::detect::needs_lookahead(top));
    assert_eq!(
        detect(&format!("{top}\n| 7 8 9 | 1 2 3 | 45 6 56 |")),
        Layout::Pencilmarks
    );
    let nine = format!("{top}\n{}", "| 7 8 9 | 1 2 3 | 4 5 6 |\n".repeat(7));
    assert!(!super::super::detect::needs_lookahead(&nine));
    assert_eq!(detect(&nine), Layout::Grid);
    // Boards of single cells keep their layouts, borders or not.
    assert_eq!(detect("+-------+\n| 5 3 . | . 7 . | . . . |"), Layout::Grid);
    assert_eq!(detect("*-----------*\n|53.|.7.|...|"), Layout::Grid);
    assert_eq!(detect(".-----.\n| 5 3 4 | 6 7 8 | 9 1 2 |"), Layout::Grid);
    assert_eq!(detect("0 3 5 4 6 9 2 7 8"), Layout::Boj);
    assert_eq!(detect("003 020 600"), Layout::Grid);
    // One cell of several digits: a candidate row when drawn with `|`,
    // a BOJ row with two numbers run together when not.
    assert_eq!(detect("5 3 12 | 6 7 8 | 9 1 2"), Layout::Pencilmarks);
    assert_eq!(detect("5 3 12 6 7 8 9 1 2"), Layout::Boj);
    assert_eq!(detect("5 3 12 6 78 8 9 1 2"), Layout::Pencilmarks);
}
