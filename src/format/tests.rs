//! Error positions of every parser, and the shapes each one accepts.

use super::{Format, Layout, parse_str};

const LC37: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The rows of an 81-cell line as JSON arrays of numbers, `[5,3,0,…]`.
fn json_rows(line: &str) -> Vec<String> {
    boj_rows(line)
        .lines()
        .map(|r| format!("[{}]", r.split_whitespace().collect::<Vec<_>>().join(",")))
        .collect()
}

/// The items of `text` as `Ok(line form)` or `Err("line:col: message")`.
fn items(text: &str, format: Format) -> Vec<Result<String, String>> {
    parse_str(text, format)
        .into_iter()
        .map(|item| {
            item.map(|p| p.grid.to_line())
                .map_err(|e| e.error.to_string())
        })
        .collect()
}

/// The single error of `text`.
#[track_caller]
fn error(text: &str, format: Format) -> String {
    let all = items(text, format);
    let errors: Vec<String> = all.iter().filter_map(|i| i.clone().err()).collect();
    assert_eq!(errors.len(), 1, "expected one error in {all:?}");
    errors[0].clone()
}

fn boj_rows(line: &str) -> String {
    line.as_bytes()
        .chunks(9)
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .map(|&b| {
                    if b == b'.' {
                        "0".into()
                    } else {
                        (b as char).to_string()
                    }
                })
                .collect();
            cells.join(" ") + "\n"
        })
        .collect()
}

#[test]
fn line_errors() {
    assert_eq!(
        error(&format!("{}x\n", &LC37[..80]), Format::Line),
        "1:81: expected a digit 0-9 or '.', found 'x'"
    );
    assert_eq!(
        error(&format!("{}\n", &LC37[..80]), Format::Line),
        "1:81: expected 81 cells, found 80 cells"
    );
    assert_eq!(
        error(&format!("{LC37}5\n"), Format::Line),
        "1:82: expected 81 cells, found more than 81 cells"
    );
    assert_eq!(
        error(&format!("{LC37}x\n"), Format::Line),
        "1:82: expected a separator (white space , ; : |) after 81 cells, found 'x'"
    );
    assert_eq!(
        error(&format!("\n# c\n  {}\t1\n", &LC37[..20]), Format::Line),
        "3:23: expected 81 cells, found 20 cells"
    );
    assert_eq!(
        error("5 3\n", Format::Line),
        "1:2: expected 81 cells, found 1 cell"
    );
}

#[test]
fn line_accepts_separators_headers_and_comments() {
    for sep in [" ", "\t", ",", ";", ":", "|"] {
        assert_eq!(
            items(&format!("{LC37}{sep}rated 9.0\n"), Format::Auto),
            vec![Ok(LC37.to_owned())]
        );
    }
    let text = format!("puzzle,solution\n# a comment\n\n{LC37},x\r\n{LC37}");
    let got = parse_str(&text, Format::Auto);
    assert_eq!(got.len(), 2);
    let lines: Vec<usize> = got
        .iter()
        .filter_map(|i| i.as_ref().ok())
        .map(|p| p.line)
        .collect();
    assert_eq!(lines, vec![4, 5]);
    assert!(
        got.iter()
            .all(|i| i.as_ref().is_ok_and(|p| p.layout == Layout::Line))
    );
}

#[test]
fn boj_errors() {
    let rows = boj_rows(LC37);
    assert_eq!(
        error("0 3 5 4 6 9 2 7 x\n", Format::Boj),
        "1:17: expected a number 0-9, found 'x'"
    );
    assert_eq!(
        error("0 3 5 4 6 9 2 7 99999999999999999999\n", Format::Boj),
        "1:17: expected a number 0-9, found '99999999999999999999'"
    );
    assert_eq!(
        error("0 3 5 4 6 9 2 7 8 1\n", Format::Boj),
        "1:20: expected 9 numbers in a row (or 1, 3, 27 or 81 to a line), found 10"
    );
    let short: String = rows
        .lines()
        .map(|l| format!("{l}\n"))
        .collect::<String>()
        .replacen("5 3 0 0 7 0 0 0 0\n6", "5 3 0 0 7 0 0 0 0\n6 0", 1);
    assert_eq!(
        items(&short, Format::Boj)[0],
        Err("2:19: expected 9 numbers in a row, found a 10th".into())
    );
    let eight: String = rows.lines().take(8).map(|l| format!("{l}\n")).collect();
    assert_eq!(
        error(&eight, Format::Boj),
        "9:1: expected row 9 of 9, found the end of the input"
    );
    let gap = rows.replacen('\n', "\n\n", 1);
    assert_eq!(
        items(&gap, Format::Boj)[0],
        Err("2:1: expected row 2 of 9, found a blank line".into())
    );
}

#[test]
fn boj_recovers_at_the_next_blank_line() {
    let rows = boj_rows(LC37);
    let broken = rows.replacen("5 3", "5 x", 1);
    let got = items(&format!("{broken}\n{rows}"), Format::Boj);
    assert_eq!(got.len(), 2);
    assert!(got[0].is_err());
    assert_eq!(got[1], Ok(LC37.to_owned()));
}

#[test]
fn grid_errors() {
    assert_eq!(
        error("5 3 . | . 7 . | . . x\n", Format::Grid),
        "1:21: expected a digit, '.', '_' or a border (| - + =), found 'x'"
    );
    assert_eq!(
        error("5 3 . | . 7 . | . .\n", Format::Grid),
        "1:20: expected 9 cells in a row, found 8"
    );
    assert_eq!(
        error("5 3 . | . 7 . | . . . 1\n", Format::Grid),
        "1:23: expected 9 cells in a row, found a 10th"
    );
    assert_eq!(
        error("53..7....\n", Format::Grid),
        "2:1: expected row 2 of 9, found the end of the input"
    );
}

#[test]
fn grid_takes_underscores_and_skips_rules_and_labels() {
    let mut text = String::from("[Puzzle]\n+-------+-------+-------+\n");
    for row in LC37.as_bytes().chunks(9) {
        let s: String = row
            .iter()
            .map(|&b| if b == b'.' { '_' } else { b as char })
            .collect();
        text.push_str(&format!("| {} | {} | {} |\n", &s[..3], &s[3..6], &s[6..]));
    }
    assert_eq!(items(&text, Format::Auto), vec![Ok(LC37.to_owned())]);
}

#[test]
fn leetcode_errors() {
    let row = r#"["5","3",".",".","7",".",".",".","."]"#;
    assert_eq!(
        error(r#"[["5","3","x"]]"#, Format::Leetcode),
        r#"1:11: expected a cell "1"-"9" or ".", found '"x"'"#
    );
    assert_eq!(
        error(r#"[["5","3","55"]]"#, Format::Leetcode),
        r#"1:11: expected a cell "1"-"9" or ".", found '"55"'"#
    );
    assert_eq!(
        error(r#"[["5","3"]]"#, Format::Leetcode),
        "1:10: expected 9 cells, found the end of row 1 after 2 cells"
    );
    assert_eq!(
        error(&format!("[{row}]"), Format::Leetcode),
        "1:39: expected 9 rows, found the end of the board after 1 row"
    );
    assert_eq!(
        error(r#"[["5"}"#, Format::Leetcode),
        "1:6: expected 9 cells, found the end of row 1 after 1 cell"
    );
    assert_eq!(
        error(&format!("[{}}}", &row[..row.len() - 1]), Format::Leetcode),
        "1:38: expected ']', found '}'"
    );
    let ten = format!("[{}]", [row; 10].join(","));
    assert_eq!(
        error(&ten, Format::Leetcode),
        "1:344: expected the end of the board after 9 rows, found '['"
    );
    // The input ends after the last character of line 9 (no line end), or
    // on line 10 after a line end.
    let open = format!("board = [{}", [row; 9].join(",\n"));
    assert_eq!(
        error(&open, Format::Leetcode),
        "9:38: expected ']', found the end of the input"
    );
    assert_eq!(
        error(&format!("{open}\n"), Format::Leetcode),
        "10:1: expected ']', found the end of the input"
    );
    let rows = boj_rows(LC37);
    let cut: Vec<&str> = rows.lines().take(8).collect();
    assert_eq!(
        error(&cut.join("\n"), Format::Boj),
        "8:18: expected row 9 of 9, found the end of the input"
    );
    assert_eq!(
        error(&format!("{}\n", cut.join("\n")), Format::Boj),
        "9:1: expected row 9 of 9, found the end of the input"
    );
}

#[test]
fn leetcode_spellings() {
    let rows: Vec<String> = LC37
        .as_bytes()
        .chunks(9)
        .map(|r| {
            r.iter()
                .map(|&b| format!("'{}'", b as char))
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect();
    let cpp = format!(
        "vector<vector<char>> board = {{{}}};",
        rows.iter()
            .map(|r| format!("{{{r}}}"))
            .collect::<Vec<_>>()
            .join(",\n")
    );
    let python = format!(
        "board = [\n{}\n]",
        rows.iter()
            .map(|r| format!("  [{r}],"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    let java = format!(
        "char[][] board = new char[][]{{{}}};",
        rows.iter()
            .map(|r| format!("{{{r}}}"))
            .collect::<Vec<_>>()
            .join(",")
    );
    let digits = format!(
        "int sudoku[9][9] = {{{}}};",
        rows.iter()
            .map(|r| format!("{{{}}}", r.replace('\'', "").replace('.', "0")))
            .collect::<Vec<_>>()
            .join(",")
    );
    // Go: `:=` or `var … =`, the slice or array type before the braces,
    // a trailing comma after every row.
    let go = |decl: &str| {
        format!(
            "{decl}{{\n{}\n}}",
            rows.iter()
                .map(|r| format!("\t{{{r}}},"))
                .collect::<Vec<_>>()
                .join("\n")
        )
    };
    let (go_slice, go_array) = (go("board := [][]byte"), go("var board = [9][9]rune "));
    for text in [cpp, python, java, digits, go_slice, go_array] {
        assert_eq!(
            items(&text, Format::Auto),
            vec![Ok(LC37.to_owned())],
            "{text}"
        );
        assert_eq!(
            items(&format!("{text}\n{text}"), Format::Leetcode).len(),
            2,
            "{text}"
        );
    }
}

/// Each item's line: where its puzzle starts, for an error too, and
/// whether it is one.
fn item_lines(text: &str) -> Vec<(usize, bool)> {
    parse_str(text, Format::Auto)
        .into_iter()
        .map(|item| match item {
            Ok(p) => (p.line, true),
            Err(e) => (e.line, false),
        })
        .collect()
}

/// A JSON puzzle that fails to read is reported at the line where its value
/// starts (the JSON `line` of its record), as boards of the other layouts
/// are; the error itself keeps its own place.
#[test]
fn json_errors_name_the_line_where_their_value_starts() {
    let bad = format!("{}x", &LC37[..80]);
    // A record over three lines with a bad cell on its last.
    let text = format!("{{\"id\": 1,\n \"puzzle\":\n  \"{bad}\"}}\n");
    assert_eq!(item_lines(&text), [(1, false)]);
    assert_eq!(
        error(&text, Format::Auto),
        "3:84: expected a digit 0-9 or '.', found 'x'"
    );
    // A record left open, then a good one.
    let text = format!("{{\"puzzle\":\"{LC37}\"\n{{\"puzzle\":\"{LC37}\"}}\n");
    assert_eq!(item_lines(&text), [(1, false), (2, true)]);
    // A list whose second element, begun on line 3, breaks on line 4.
    let text = format!("[\n{{\"puzzle\":\"{LC37}\"}},\n{{\"puzzle\":\n\"{bad}\"}}\n]\n");
    assert_eq!(item_lines(&text), [(2, true), (3, false)]);
    // A board of rows with a syntax error in its fifth row (line 6).
    let mut rows = ["[0,0,0,0,0,0,0,0,0]"; 9];
    rows[4] = "[x,0,0,0,0,0,0,0,0]";
    let text = format!("[\n{}\n]\n", rows.join(",\n"));
    assert_eq!(item_lines(&text), [(1, false)]);
    assert_eq!(
        error(&text, Format::Auto),
        "6:2: expected a JSON value, found 'x'"
    );
    // Nesting too deep, passed on the value's second line.
    let text = format!("{{\"puzzle\":\n{}\n", "[".repeat(70));
    assert_eq!(item_lines(&text)[0], (1, false));
}

#[test]
fn json_errors() {
    assert_eq!(
        error("[[5,3,0]]", Format::Json),
        "1:1: expected 9 rows (or 81 cells), found an array of 1"
    );
    assert_eq!(
        error("[[5,3,0],[1],[],[],[],[],[],[],[]]", Format::Json),
        "1:2: expected row 1 with 9 cells, found an array of 3"
    );
    assert_eq!(
        error(r#""53..""#, Format::Json),
        "1:1: expected a string of 81 cells, found '\"53..\"'"
    );
    let bad = format!("\"{}x\"", &LC37[..80]);
    assert_eq!(
        error(&bad, Format::Json),
        "1:82: expected a digit 0-9 or '.', found 'x'"
    );
    let rows =
        "[[5,3,0,0,7,0,0,0,0],\n [6,0,0,1,9,5,0,0,0],\n [0,9,8,0,0,0,0,6,99999999999999999999],";
    let text = format!("{rows}\n{}]", ["[0,0,0,0,0,0,0,0,0]"; 6].join(",\n"));
    assert_eq!(
        error(&text, Format::Json),
        "3:19: expected a number 0-9, null, or a one-character string \"1\"-\"9\" or \".\", found '99999999999999999999'"
    );
    assert_eq!(
        error("{\"id\": 3}", Format::Json),
        "1:1: expected an object with a \"solution\", \"grid\", \"board\" or \"puzzle\" field, found an object"
    );
    // The input ends just past the last character, or on the next line
    // after a line end.
    assert_eq!(
        error("[1,2", Format::Json),
        "1:5: expected ',' or ']', found the end of the input"
    );
    assert_eq!(
        error("[1,2\n", Format::Json),
        "2:1: expected ',' or ']', found the end of the input"
    );
    assert_eq!(
        error("{\"puzzle\" 1}", Format::Json),
        "1:11: expected ':', found '1'"
    );
}

#[test]
fn json_shapes() {
    let puzzle = format!("\"{LC37}\"");
    let rows: Vec<String> = LC37
        .as_bytes()
        .chunks(9)
        .map(|r| {
            format!(
                "[{}]",
                r.iter()
                    .map(|&b| if b == b'.' {
                        "null".into()
                    } else {
                        (b as char).to_string()
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            )
        })
        .collect();
    let nested = format!("[{}]", rows.join(","));
    let flat = format!(
        "[{}]",
        LC37.chars()
            .map(|c| if c == '.' { "0".into() } else { c.to_string() })
            .collect::<Vec<_>>()
            .join(",")
    );
    let strings = format!(
        "[{}]",
        LC37.as_bytes()
            .chunks(9)
            .map(|r| format!(
                "[{}]",
                r.iter()
                    .map(|&b| format!("\"{}\"", b as char))
                    .collect::<Vec<_>>()
                    .join(",")
            ))
            .collect::<Vec<_>>()
            .join(",")
    );
    for text in [
        puzzle.clone(),
        nested.clone(),
        flat,
        strings,
        format!("{{\"puzzle\": {puzzle}}}"),
        format!("{{\"solution\": null, \"grid\": {nested}, \"puzzle\": \"x\"}}"),
        format!("{{\"board\": {nested}}}"),
    ] {
        assert_eq!(
            items(&text, Format::Json),
            vec![Ok(LC37.to_owned())],
            "{text}"
        );
    }
    let several = format!("[{puzzle}, {{\"puzzle\": {puzzle}}}, {nested}]");
    assert_eq!(items(&several, Format::Auto).len(), 3);
    let lines =
        format!("{puzzle}\n{{\"summary\": {{\"puzzles\": 1}}}}\n{{\"puzzle\": {puzzle}}}\n");
    assert_eq!(
        items(&lines, Format::Auto),
        vec![Ok(LC37.to_owned()), Ok(LC37.to_owned())]
    );
    // Only sudokit's own summary line is passed over: `summary` and
    // nothing else, holding an object. Anything else is reported.
    for other in [
        r#"{"summary": 5}"#,
        r#"{"summary": {"puzzles": 1}, "note": 1}"#,
    ] {
        let text = format!("{puzzle}\n{other}\n{puzzle}\n");
        let got = items(&text, Format::Auto);
        assert_eq!(got.len(), 3, "{got:?}");
        assert!(
            got[1]
                .as_ref()
                .is_err_and(|e| e.starts_with("2:1: expected an object with")),
            "{got:?}"
        );
    }
    // An error record of sudokit's own `--json` says what it is.
    let record = r#"{"source":"a.txt","index":0,"line":0,"status":"error","error":"a.txt: gone"}"#;
    assert_eq!(
        items(&format!("{record}\n{puzzle}\n"), Format::Auto),
        vec![
            Err("1:1: expected an object with a \"solution\", \"grid\", \"board\" or \"puzzle\" field, \
                 found an error record (\"status\":\"error\"), which holds no board"
                .to_owned()),
            Ok(LC37.to_owned())
        ]
    );
}

#[test]
fn json_lines_go_on_after_an_error() {
    let text = format!("\"{LC37}\"\n[1,\n\"{LC37}\"\n");
    let got = items(&text, Format::Json);
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(got[0].is_ok());
    assert!(got[1].is_err());
}

#[test]
fn no_puzzle_is_an_error() {
    for text in ["", "\n\n", "# only a comment\n", "quizzes,solutions\n"] {
        assert_eq!(
            items(text, Format::Auto),
            vec![Err(format!(
                "{}:1: expected a puzzle, found none (the input is empty or holds only blank, comment or header lines)",
                text.lines().count().max(1)
            ))]
        );
    }
}

#[test]
fn invalid_utf8_and_nul_are_located() {
    let mut bytes = LC37.as_bytes().to_vec();
    bytes[10] = 0xff;
    let got: Vec<_> = super::Reader::new(&bytes[..], Format::Line)
        .filter_map(Result::ok)
        .collect();
    assert_eq!(got.len(), 1);
    assert_eq!(
        got[0].as_ref().map_err(|e| e.error.to_string()),
        Err("1:11: expected UTF-8 text, found the byte 0xff".into())
    );
    let nul = format!("{}\0{}\n", &LC37[..10], &LC37[11..]);
    assert_eq!(
        error(&nul, Format::Line),
        "1:11: expected a digit 0-9 or '.', found '\\0'"
    );
}

/// The fast path of a puzzle line takes every byte value as the careful
/// path does: a digit is its value, `.` is blank, anything else sends the
/// line to the careful path (`None`), wherever it stands.
#[test]
fn fast_line_takes_exactly_digits_and_dots() {
    for byte in 0..=u8::MAX {
        for at in [0, 15, 16, 40, 63, 64, 80] {
            let mut line = LC37.as_bytes().to_vec();
            line[at] = byte;
            let expected = match byte {
                b'0'..=b'9' => Some(byte - b'0'),
                b'.' => Some(0),
                _ => None,
            };
            let got = super::line::fast_line(&line).map(|grid| grid.cells()[at]);
            assert_eq!(got, expected, "byte {byte:#04x} at {at}");
        }
    }
}

/// A broken board spanning lines is skipped to its end, found from its
/// shape, so the boards right after it are read even without a blank line
/// between them; nothing after an error is dropped without a word.
#[test]
fn a_broken_board_costs_only_itself() {
    let boj = "0 3 5 4 6 9 2 7 8\n7 8 2 1 0 5 6 0 9\n0 6 0 2 7 8 1 3 5\n\
               3 2 1 0 4 6 8 9 7\n8 0 4 9 1 3 5 0 6\n5 9 6 8 2 0 4 1 3\n\
               9 1 7 6 5 2 0 8 0\n6 0 3 7 0 1 9 5 2\n2 5 8 3 9 4 7 6 0\n";
    let line = items(boj, Format::Boj)[0].clone().expect("the board reads");
    let broken = boj.replacen("0 6 0", "x 6 0", 1);
    let got = items(&format!("{broken}{boj}{boj}"), Format::Boj);
    assert_eq!(got.len(), 3, "{got:?}");
    assert!(got[0].is_err(), "{got:?}");
    assert_eq!(got[1..], [Ok(line.clone()), Ok(line.clone())]);
    // The whole board on one line, broken there: only that line goes.
    let flat = format!("{}\n", boj.split_whitespace().collect::<Vec<_>>().join(" "));
    let got = items(
        &format!("{}{flat}{boj}", flat.replacen('0', "x", 1)),
        Format::Boj,
    );
    assert_eq!(got[1..], [Ok(line.clone()), Ok(line.clone())], "{got:?}");

    // A drawn board broken in row 2, its borders and a comment skipped too.
    let drawn = "# first\n53..7.... \n6..195...\n.98....6.\n------\n8...6...3\n4..8.3..1\n\
                 7...2...6\n.6....28.\n...419..5\n....8..79\n";
    let lc37 = items(drawn, Format::Grid)[0]
        .clone()
        .expect("the board reads");
    let got = items(
        &format!("{}{drawn}", drawn.replacen("6..195", "6..x95", 1)),
        Format::Grid,
    );
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(
        got[0],
        Err("3:4: expected a digit, '.', '_' or a border (| - + =), found 'x'".into())
    );
    assert_eq!(got[1], Ok(lc37.clone()));

    // LeetCode boards one per line, and pretty-printed over many lines.
    let one = format!("board = {}\n", leetcode_board());
    let got = items(
        &format!("{}{one}{one}", one.replacen("\"3\"", "\"x\"", 1)),
        Format::Leetcode,
    );
    assert_eq!(got[1..], [Ok(lc37.clone()), Ok(lc37.clone())], "{got:?}");
    // A bracket in a quoted cell does not count; a board left unclosed ends
    // where the next one starts.
    let quoted = one.replacen("\"3\"", "\"]\"", 1);
    let unclosed = one.replacen("]]", "]", 1);
    for bad in [quoted, unclosed] {
        let got = items(&format!("{bad}{one}{one}"), Format::Leetcode);
        assert_eq!(got.len(), 3, "{got:?}");
        assert_eq!(got[1..], [Ok(lc37.clone()), Ok(lc37.clone())], "{got:?}");
    }
    let pretty = one.replace("],[", "],\n  [");
    let got = items(
        &format!("{}{pretty}", pretty.replacen("\"6\"", "\"x\"", 1)),
        Format::Leetcode,
    );
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(got[1], Ok(lc37));
}

/// LC37's board as LeetCode writes it, on one line.
fn leetcode_board() -> String {
    let rows: Vec<String> = LC37
        .as_bytes()
        .chunks(9)
        .map(|row| {
            let cells: Vec<String> = row.iter().map(|&c| format!("\"{}\"", c as char)).collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!("[{}]", rows.join(","))
}

/// BOJ numbers may be laid out 1, 3, 9, 27 or 81 to a line, the same on
/// every line of a board; other counts are errors where they occur.
#[test]
fn boj_lines_hold_one_layouts_count() {
    let numbers: Vec<String> = boj_rows(LC37)
        .split_whitespace()
        .map(String::from)
        .collect();
    let laid_out = |per_line: usize| -> String {
        numbers
            .chunks(per_line)
            .map(|line| format!("{}\n", line.join(" ")))
            .collect()
    };
    for per_line in [1, 3, 9, 27, 81] {
        let two = format!("{}{}", laid_out(per_line), laid_out(per_line));
        let got = items(&two, Format::Boj);
        assert_eq!(
            got,
            [Ok(LC37.to_owned()), Ok(LC37.to_owned())],
            "{per_line} to a line"
        );
    }
    let lines = laid_out(27);
    let lines: Vec<&str> = lines.lines().collect();
    let thirds = format!("{}\n{} 0\n{}\n", lines[0], lines[1], lines[2]);
    assert_eq!(
        items(&thirds, Format::Boj)[0],
        Err("2:55: expected 27 numbers to a line, as on its first, found more".into())
    );
    let cut = format!("{}\n{}\n", lines[0], lines[1]);
    assert_eq!(
        error(&cut, Format::Boj),
        "3:1: expected line 3 of 3, found the end of the input"
    );
    assert_eq!(
        items(&laid_out(3).replacen('\n', "\n0\n", 1), Format::Boj)[0],
        Err("2:2: expected 3 numbers to a line, as on its first, found 1".into())
    );
}

/// A broken line of another shape than the board's rows (a 10th number, a
/// one-line board short of one, a heading between boards) may be a stray
/// line rather than a row: skipping by count could join parts of two boards
/// into one, a wrong answer. The skip then goes to the next blank line, and
/// the lines it passes over are reported, not dropped unsaid.
#[test]
fn a_line_of_another_shape_skips_to_a_blank_line_and_says_so() {
    let rows = boj_rows(LC37);
    let flat = format!(
        "{}\n",
        rows.split_whitespace().collect::<Vec<_>>().join(" ")
    );
    let skipped = |n: usize| format!("skipped {n} more lines after the error above");
    let cases = [
        // A 10th number in the first row, then in the third.
        (rows.replacen('\n', " 1\n", 1), 17),
        (rows.replacen("0 9 8", "0 9 8 1", 1), 15),
        // A one-line board short of a number.
        (format!("{}{flat}", flat.replacen("5 ", "", 1)), 10),
    ];
    for (bad, lines) in cases {
        let got = items(&format!("{bad}{rows}\n{rows}"), Format::Boj);
        assert_eq!(got.len(), 3, "{got:?}");
        assert!(got[0].is_err(), "{got:?}");
        let report = got[1].clone().expect_err("the skip is reported");
        assert!(report.contains(&skipped(lines)), "{report}");
        assert_eq!(
            got[2],
            Ok(LC37.to_owned()),
            "the board after the blank line"
        );
    }
    // A stray line between drawn boards. A label there (`Puzzle 12`, as
    // collections name their boards) is passed over instead, as a heading
    // is in `boj`.
    let drawn = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n\
                 7...2...6\n.6....28.\n...419..5\n....8..79\n";
    let text = format!("{drawn}x 1 2\n{drawn}{drawn}\n{drawn}");
    let got = items(&text, Format::Grid);
    assert_eq!(got.len(), 4, "{got:?}");
    assert_eq!(got[0], Ok(LC37.to_owned()));
    assert!(got[1].is_err() && got[2].is_err(), "{got:?}");
    assert_eq!(got[3], Ok(LC37.to_owned()));
    for label in ["Puzzle 12", "Sudoku 1", "grid 01", "GRID 01:"] {
        let text = format!("{label}\n{drawn}{label}\n{drawn}{drawn}\n{drawn}");
        let got = items(&text, Format::Auto);
        assert_eq!(got, vec![Ok(LC37.to_owned()); 4], "{label:?}");
    }
    // A first line that is not text, before the layout is known: the lines
    // after it are skipped to a blank line and reported, not read a row off.
    let mut bytes = vec![0xFF];
    bytes.extend(format!("{rows}{rows}\n{rows}").bytes());
    let got: Vec<_> = super::Reader::new(&bytes[..], Format::Auto)
        .filter_map(Result::ok)
        .map(|item| {
            item.map(|p| p.grid.to_line())
                .map_err(|e| e.error.to_string())
        })
        .collect();
    assert_eq!(got.len(), 3, "{got:?}");
    let report = got[1].clone().expect_err("the skip is reported");
    assert!(report.contains(&skipped(17)), "{report}");
    assert_eq!(got[2], Ok(LC37.to_owned()));
}

/// A heading between boards (as copied from a judge's page, `예제 입력 1`,
/// or from a collection, `Case 2:`) parts them as a blank line does: every
/// board is read. Within a board it is an error, and the board is lost,
/// not shifted.
#[test]
fn a_heading_between_boj_boards_is_passed_over() {
    let rows = boj_rows(LC37);
    for heading in [
        "Case 2:",
        "예제 입력 1",
        "Sample Input 1",
        "Puzzle 3 of 10",
        "Puzzle two of three from the top95 list here",
    ] {
        for format in [Format::Boj, Format::Auto] {
            let text = format!("{heading}\n{rows}{heading}\n{rows}\n{heading}\n\n{rows}");
            assert_eq!(
                items(&text, format),
                vec![Ok(LC37.to_owned()); 3],
                "{heading:?} {format:?}"
            );
        }
        // Partway through a board: the board is an error, the next one read.
        let cut = rows.replacen('\n', &format!("\n{heading}\n"), 3);
        let got = items(&format!("{cut}\n{rows}"), Format::Boj);
        assert!(got[0].is_err(), "{got:?}");
        assert_eq!(got.last(), Some(&Ok(LC37.to_owned())), "{got:?}");
        assert_eq!(got.iter().filter(|g| g.is_ok()).count(), 1, "{got:?}");
    }
    // Rows with a typo stay errors: mostly numbers, or a one-letter word.
    for typo in ["5 3 x", "0 3 5 4 6 9 2 7 8x", "x", "ab 1 2 3"] {
        let got = items(&format!("{rows}\n{typo}\n{rows}\n{rows}"), Format::Boj);
        assert_eq!(got[0], Ok(LC37.to_owned()), "{typo:?}: {got:?}");
        assert!(got[1].is_err(), "{typo:?}: {got:?}");
    }
}

/// The lines skipped after an error take no position of their own: the
/// skip is reported with the position of the broken board, and the board
/// after the blank line is the second one, as it was written.
#[test]
fn a_skip_takes_no_position() {
    let rows = boj_rows(LC37);
    let broken = rows.replacen("0 9 8", "0 9 8 1", 1);
    let text = format!("{broken}\n{rows}");
    let got: Vec<(usize, bool)> = super::Reader::new(text.as_bytes(), Format::Boj)
        .filter_map(Result::ok)
        .map(|item| match item {
            Ok(p) => (p.index, true),
            Err(e) => (e.index, false),
        })
        .collect();
    assert_eq!(got, [(1, false), (1, false), (2, true)]);
}

/// A typo early in the first line still lets auto-detection choose the
/// layout the rest of the input is in: the first puzzle is the one error.
#[test]
fn a_typo_in_the_first_line_does_not_change_the_layout() {
    let line = LC37.replacen('.', "x", 1);
    let got = items(&format!("{line}\n{LC37}\n{LC37}\n"), Format::Auto);
    assert_eq!(got.len(), 3, "{got:?}");
    assert!(got[0].is_err(), "{got:?}");
    assert_eq!(got[1..], [Ok(LC37.to_owned()), Ok(LC37.to_owned())]);
    let rows = boj_rows(LC37);
    let broken = rows.replacen('0', "x", 1);
    let got = items(&format!("{broken}\n{rows}"), Format::Auto);
    assert!(got[0].is_err(), "{got:?}");
    assert_eq!(got.last(), Some(&Ok(LC37.to_owned())), "{got:?}");
}

/// A stray array among a board's cells is that board's one error, at the
/// stray cell, not nine errors of a list of boards.
#[test]
fn a_stray_array_in_a_board_is_one_error_at_its_place() {
    let rows: Vec<String> = boj_rows(LC37)
        .lines()
        .map(|row| format!("[{}]", row.replace(' ', ",")))
        .collect();
    let text = format!("[{}]\n", rows.join(",")).replacen("[5,3,", "[5,[3],", 1);
    let got = items(&text, Format::Json);
    assert_eq!(got.len(), 1, "{got:?}");
    let error = got[0].clone().expect_err("a stray array");
    assert!(error.starts_with("1:5: expected a number 0-9"), "{error}");
}

/// A key given twice counts once, with its last value, as in jq.
#[test]
fn a_repeated_key_takes_its_last_value() {
    let other = LC37.replacen('5', ".", 1);
    let text = format!("{{\"puzzle\": \"{other}\", \"puzzle\": \"{LC37}\"}}\n");
    assert_eq!(items(&text, Format::Json), [Ok(LC37.to_owned())]);
    let text = format!("{{\"grid\": \"{LC37}\", \"grid\": null, \"board\": \"{other}\"}}\n");
    assert_eq!(items(&text, Format::Json), [Ok(other.clone())]);
}

/// A value left open to the end of the input: when its error is at the
/// first thing on a later line (a stray `{`, or JSON Lines with a bracket
/// missing), the records from that line on are read as values of their
/// own; otherwise the lines after the error are reported, not passed over
/// unsaid.
#[test]
fn an_unclosed_json_value_reads_on_or_reports_the_lines_it_took() {
    let array = format!("\"{LC37}\"");
    let got = items(&format!("{{\n[{array}]\n{array}\n{array}\n"), Format::Json);
    assert_eq!(
        got[0],
        Err("2:1: expected a quoted field name, found '['".into())
    );
    assert_eq!(
        got[1..],
        [
            Ok(LC37.to_owned()),
            Ok(LC37.to_owned()),
            Ok(LC37.to_owned())
        ]
    );
    let got = items(
        &format!("{array}\n{{\"puzzle\": {array}\n{array}\n"),
        Format::Json,
    );
    assert_eq!(got.len(), 3, "{got:?}");
    assert_eq!(got[0], Ok(LC37.to_owned()));
    assert_eq!(got[1], Err("3:1: expected ',' or '}', found '\"'".into()));
    assert_eq!(got[2], Ok(LC37.to_owned()));
    let got = items(&format!("{{\"a\" 1\n{array}\n{array}\n"), Format::Json);
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(got[0], Err("1:6: expected ':', found '1'".into()));
    let report = got[1].clone().expect_err("the rest is reported");
    assert!(
        report.starts_with("2:1: skipped 2 more lines after the error above"),
        "{report}"
    );
}

/// Code that holds a board as one string of 81 cells reads too, as the
/// auto-detection's `name =` rule promises.
#[test]
fn a_declared_string_of_81_cells_is_a_board() {
    let text = format!(
        "puzzle = \"{LC37}\";\ngrid2 = '{}'\n",
        LC37.replace('.', "0")
    );
    assert_eq!(
        items(&text, Format::Auto),
        [Ok(LC37.to_owned()), Ok(LC37.to_owned())]
    );
    // Two declarations on one line, a string and an array.
    let text = format!("a = \"{LC37}\"; b = {};\n", leetcode_board());
    assert_eq!(
        items(&text, Format::Auto),
        [Ok(LC37.to_owned()), Ok(LC37.to_owned())]
    );
    assert_eq!(
        error(&format!("p = '{}'\n", &LC37[..80]), Format::Auto),
        "1:5: expected '[' or '{' to start a board, or a string of 81 cells, found a string of 80 cells"
    );
    assert_eq!(
        error(&format!("p = '{}x'\n", &LC37[..80]), Format::Auto),
        "1:86: expected a digit 0-9 or '.', found 'x'"
    );
}

/// A line with a token of nine cells or more is never a heading: when a
/// typo on the first line makes code-like boards read as `grid`, the
/// boards after it are reported, not passed over as labels.
#[test]
fn code_like_lines_are_not_headings() {
    let text = format!(
        "5{{\"id\": 1, \"puzzle\": \"{LC37}\"}}\n{{\"id\": 2, \"puzzle\": \"{LC37}\"}}\n\
         int b[9][9] = {{{{5,3,0,0,7,0,0,0,0}}}};\n"
    );
    let got = items(&text, Format::Auto);
    assert_eq!(got.len(), 2, "{got:?}");
    let report = got[1].clone().expect_err("the later lines are reported");
    assert!(report.starts_with("2:1: skipped 2 more lines"), "{report}");
    // A cell mistyped as `'='` is not the `=` of a declaration: the input
    // stays `leetcode`, and only that board is the error.
    let board = leetcode_board()
        .replace('"', "'")
        .replace('[', "{")
        .replace(']', "}");
    let text = format!(
        "vector<vector<char>> a{}\nvector<vector<char>> b{board}\n",
        board.replacen("'.'", "'='", 1)
    );
    assert_eq!(item_lines(&text), [(1, false), (2, true)]);
}

/// Junk right after a board on the same line means the board is not what
/// was written: the board is the error (at its own index and line), and
/// the boards after it keep their places.
#[test]
fn junk_after_a_board_on_its_line_makes_it_an_error() {
    let other = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    // A JSON object closed early: its `puzzle` is not the board the line
    // holds in `solution`.
    let text = format!("{{\"puzzle\":\"{LC37}\"}},\"solution\":\"{other}\"}}\n\"{other}\"\n");
    assert_eq!(item_lines(&text), [(1, false), (2, true)]);
    assert_eq!(
        error(&text, Format::Auto),
        "1:95: expected the end of the line after the JSON value, found ','"
    );
    // A string closed one cell early, and a stray bracket after a board.
    let shifted = format!("{}\"9", &LC37[..80]);
    for line in [
        format!("\"{shifted}\""),
        format!("{}}}", leetcode_board().replace('"', "")),
    ] {
        let text = format!("{line}\n\"{other}\"\n");
        assert_eq!(item_lines(&text), [(1, false), (2, true)], "{text}");
    }
    // The same in code: a declared string, and a board with a stray `.`.
    let text = format!("a = '{shifted}'\nb = '{other}'\n");
    assert_eq!(item_lines(&text), [(1, false), (2, true)]);
    let text = format!("a = {}.\nb = '{other}'\n", leetcode_board());
    assert_eq!(item_lines(&text), [(1, false), (2, true)]);
    // Separators, comments and more values on the line stay fine.
    let text = format!("a = '{LC37}'; b = '{other}', // two\n\"{LC37}\" \"{other}\"\n");
    assert_eq!(
        item_lines(&text),
        [(1, true), (1, true), (2, true), (2, true)]
    );
    let text = format!("{{\"puzzle\":\"{LC37}\"}} {{\"puzzle\":\"{other}\"}}\n");
    assert_eq!(item_lines(&text), [(1, true), (1, true)]);
    // A JSON list that lost its `[` is not a quoted CSV row.
    let text = format!("\"{LC37}\", \"{other}\"]\n");
    assert_eq!(item_lines(&text), [(1, false)]);
}

/// A declaration whose board never comes (commented out, or missing) is
/// an error of its own, at its index, not a board dropped without a word.
#[test]
fn a_declaration_without_its_board_is_an_error() {
    let text = format!("a = # '{LC37}'\nb = '{LC37}'\n");
    assert_eq!(item_lines(&text), [(1, false), (2, true)]);
    assert_eq!(
        error(&text, Format::Auto),
        "2:1: expected a board after the declaration on line 1, found another declaration"
    );
    let text = format!(
        "vector<vector<char>> a = // {}\nb = '{LC37}'\n",
        leetcode_board()
    );
    assert_eq!(item_lines(&text), [(1, false), (2, true)]);
    // The last one: the end of the input comes first.
    let text = format!("a = '{LC37}'\nb =\n");
    assert_eq!(item_lines(&text), [(1, true), (2, false)]);
    assert_eq!(
        error(&text, Format::Auto),
        "3:1: expected a board after the declaration on line 2, found the end of the input"
    );
    // Two declarations on one line are one (`a = b = …`, or a name with
    // a stray `=`).
    for head in ["a = b = ", "b=oard1 = "] {
        let text = format!("{head}{}\n", leetcode_board());
        assert_eq!(item_lines(&text), [(1, true)], "{text}");
    }
    // A board on the lines after its declaration is owed nothing; a
    // declaration whose value is an error is one error, not two.
    let text = format!("board =\n{}\nx = 5\nc = '{LC37}'\n", leetcode_board());
    assert_eq!(item_lines(&text), [(2, true), (3, false), (4, true)]);
}

/// After an error in a `leetcode` board written a row to a line, the skip
/// counts only the board's own kind of bracket: a stray `}` in a board of
/// `[` rows (a typo for `,`) does not end it a row early, which made every
/// later row an error of its own and shifted the boards after them.
#[test]
fn a_stray_bracket_of_the_other_kind_does_not_end_the_skip() {
    let rows = leetcode_board().replacen("],[", "],\n[", 8);
    let broken = rows.replacen("\"3\",", "\"3\"}", 1);
    assert_ne!(broken, rows);
    let text = format!("board1 = {broken}\nboard2 = {rows}\n");
    assert_eq!(item_lines(&text), [(1, false), (10, true)]);
}

/// After a JSON syntax error, lines that can only be the rest of the
/// broken value are passed over and reported, so that they do not take a
/// position each; a value with junk after it on its line that opened a
/// bracket never closed does not swallow the lines after it.
#[test]
fn json_leftovers_of_a_broken_value_keep_the_positions() {
    let other = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    // A row closed early: its board's other rows follow, a line each.
    let board = format!("[{}]", json_rows(LC37).join(",\n"));
    let broken = board.replacen(",3,", ",3,]", 1);
    let text = format!("{broken}\n\"{other}\"\n");
    assert_eq!(item_lines(&text), [(1, false), (2, false), (10, true)]);
    let report = items(&text, Format::Auto)[1].clone().expect_err("reported");
    assert!(report.starts_with("2:1: skipped 8 more lines"), "{report}");
    // An error inside a board written a row to a line leaves nothing
    // over: the boards after it, their rows ending in commas, are read.
    let typo = board.replacen(",3,", ",3x,", 1);
    let text = format!("{typo}\n{board}\n{board}\n");
    assert_eq!(item_lines(&text), [(1, false), (10, true), (19, true)]);
    // An object closed early is not two records joined.
    let text = format!("{{\"puzzle\":\"{LC37}\"}}\"solution\":\"{other}\"}}\n\"{other}\"\n");
    assert_eq!(item_lines(&text), [(1, false), (2, true)]);
    // Two records joined on one line are two boards.
    let text =
        format!("\"{LC37}\"\"{other}\"\n{{\"puzzle\":\"{LC37}\"}}{{\"puzzle\":\"{other}\"}}\n");
    assert_eq!(
        item_lines(&text),
        [(1, true), (1, true), (2, true), (2, true)]
    );
    // A string broken over two lines.
    let text = format!("\"{}\n{}\"\n\"{other}\"\n", &LC37[..40], &LC37[40..]);
    assert_eq!(item_lines(&text), [(1, false), (2, false), (3, true)]);
    // A stray `{` after a value: the lines after it are values again.
    let text = format!("\"{LC37}\"{{\n\"{other}\"\n\"{LC37}\"\n");
    assert_eq!(item_lines(&text), [(1, false), (2, true), (3, true)]);
}

/// A declared list of 81-cell strings, as test code keeps puzzles
/// (`const puzzles = ["…", "…"];`, Python's `puzzles = [...]`), is a list
/// of boards, each read where its string is. A string that is not a board
/// is an error of its own, at its line, and the list goes on.
#[test]
fn a_declared_list_of_strings_is_a_list_of_boards() {
    let bad = format!("{}x", &LC37[..80]);
    let text = format!("p = [\n'{LC37}',\n'{bad}',\n'53', '{LC37}'\n]\n");
    assert_eq!(
        item_lines(&text),
        [(2, true), (3, false), (4, false), (4, true)]
    );
    let text = format!("const puzzles = [\n  \"{LC37}\",\n  '{LC37}',\n];\nx = [\"{LC37}\"]\n");
    assert_eq!(items(&text, Format::Auto), vec![Ok(LC37.to_owned()); 3]);
    let lines: Vec<usize> = super::Reader::new(text.as_bytes(), Format::Auto)
        .filter_map(Result::ok)
        .filter_map(Result::ok)
        .map(|p| p.line)
        .collect();
    assert_eq!(lines, [2, 3, 5]);
    let text = format!("p = [\"{LC37}\" \"{LC37}\"]\n");
    assert_eq!(
        error(&text, Format::Auto),
        "1:90: expected ',' or the end of the list, found '\"'"
    );
    let text = format!("p = [\"{LC37}\", \"53\"]\n");
    assert_eq!(
        error(&text, Format::Auto),
        "1:91: expected a string of 81 cells, found a string of 2 cells"
    );
    // A board's rows written without their brackets are not a list.
    assert_eq!(
        error("p = ['5', '3']\n", Format::Auto),
        "1:6: expected '[' or '{' to start row 1, found '''"
    );
    let text = format!("p = [\"{LC37}\", 5]\n");
    assert_eq!(
        error(&text, Format::Auto),
        "1:91: expected a string of 81 cells, found '5'"
    );
}

/// CSV rows whose fields are quoted, as many CSV writers quote them, are
/// line puzzles, with a quoted header passed over; a bare quoted string is
/// still JSON. Errors are located inside the quotes.
#[test]
fn quoted_csv_rows_are_line_puzzles() {
    let text = format!("\"quizzes\",\"solutions\"\n\"{LC37}\",\"{LC37}\"\n\"{LC37}\";1\n");
    assert_eq!(items(&text, Format::Auto), vec![Ok(LC37.to_owned()); 2]);
    assert_eq!(
        super::Reader::new(text.as_bytes(), Format::Auto)
            .filter_map(Result::ok)
            .filter_map(Result::ok)
            .map(|p| p.layout)
            .collect::<Vec<_>>(),
        [Layout::Line; 2]
    );
    assert_eq!(
        items(&format!("\"{LC37}\"\n"), Format::Auto),
        vec![Ok(LC37.to_owned())]
    );
    assert_eq!(
        parse_str(&format!("\"{LC37}\"\n"), Format::Auto)[0]
            .as_ref()
            .map(|p| p.layout)
            .ok(),
        Some(Layout::Json)
    );
    let typo = format!("\"{}x\",\"1\"\n", &LC37[..80]);
    assert_eq!(
        error(&typo, Format::Auto),
        "1:82: expected a digit 0-9 or '.', found 'x'"
    );
    let glued = format!("\"{LC37}\"x\n");
    assert_eq!(
        error(&glued, Format::Line),
        "1:84: expected a separator (white space , ; : |) after the quoted cells, found 'x'"
    );
    let short = format!("\"{}\",\"1\"\n", &LC37[..79]);
    assert_eq!(
        error(&short, Format::Auto),
        "1:81: expected 81 cells, found 79 cells"
    );
}

/// A top-level JSON list longer than a piece (a mebibyte) is read a piece
/// at a time, each ending between two elements, so memory stays bounded
/// however long the list: the same boards, lines and positions as JSON
/// Lines of the same puzzles, elements of every shape, spanning lines or
/// several to a line; an error partway through keeps the boards before it;
/// a list left open is an error at the end, after its boards.
#[test]
fn a_long_json_list_is_read_in_pieces() {
    let rows = json_rows(LC37);
    let n = 15_000;
    let mut text = String::from("[\n");
    // The line each element starts on.
    let mut lines = Vec::new();
    let mut line = 2;
    for i in 0..n {
        let sep = if i + 1 < n { "," } else { "" };
        lines.push(line);
        let element = match i % 3 {
            0 => format!("{{\"puzzle\": \"{LC37}\"}}{sep}\n"),
            // Ends on the line the next element starts on.
            1 => format!("  {{\"id\": {i},\n   \"grid\": \"{LC37}\"\n  }}{sep} "),
            _ => format!("[\n{}\n]{sep}\n", rows.join(",\n")),
        };
        line += element.matches('\n').count();
        text.push_str(&element);
    }
    text.push_str("]\n");
    assert!(
        text.len() > 3 << 19,
        "{} bytes: more than one piece",
        text.len()
    );
    let got = parse_str(&text, Format::Auto);
    assert_eq!(got.len(), n);
    for (i, item) in got.iter().enumerate() {
        let puzzle = item.as_ref().expect("a board");
        assert_eq!(puzzle.grid.to_line(), LC37);
        assert_eq!(puzzle.index, i + 1);
        assert_eq!(puzzle.layout, Layout::Json);
        assert_eq!(puzzle.line, lines[i], "element {}", i + 1);
    }
    // An error two thirds in: the boards before it are read, the rest of
    // the list is not (its lines are reported as skipped), the value after
    // the list is.
    let at = text.len() * 2 / 3;
    let at = at + text[at..].find("{\"puzzle\"").expect("an object");
    let broken = format!("{}x{}[\"{LC37}\"]\n", &text[..at], &text[at..]);
    let got = items(&broken, Format::Json);
    let good = got.iter().take_while(|g| g.is_ok()).count();
    assert!(good > n / 2 && good < n, "{good}");
    assert!(
        got[good]
            .as_ref()
            .is_err_and(|e| e.ends_with("expected a JSON value, found 'x'")),
        "{:?}",
        got[good]
    );
    assert!(
        got[good + 1]
            .as_ref()
            .is_err_and(|e| e.contains("more lines after the error above")),
        "{:?}",
        got[good + 1]
    );
    assert_eq!(got[good + 2..], [Ok(LC37.to_owned())]);
    // Left open: the boards, then the error at the end.
    let open = &text[..text.len() - 2];
    let got = items(open, Format::Json);
    assert_eq!(got.len(), n + 1);
    assert!(
        got[n].as_ref().is_err_and(|e| e.contains(
            "expected the rest of the JSON list (',' or ']'), found the end of the input"
        )),
        "{:?}",
        got[n]
    );
}

/// A stray or lost row anywhere in a run of several boards written without
/// blank lines shifts every board after it: none of the run's boards is
/// answered then (each is an error saying why), and the board after the
/// next blank line is read as usual. Every answer is a board as written.
#[test]
fn a_stray_or_lost_row_in_a_long_run_answers_no_shifted_board() {
    // Distinct boards (digits relabelled), so that a shifted one shows.
    let boards: Vec<String> = (0..4)
        .map(|k| {
            LC37.chars()
                .map(|c| match c.to_digit(10) {
                    Some(d) => char::from_digit((d - 1 + k) % 9 + 1, 10).unwrap_or('.'),
                    None => '.',
                })
                .collect()
        })
        .collect();
    let after = &boards[0];
    for n in 2..=4 {
        let rows: Vec<String> = boards[..n]
            .iter()
            .flat_map(|b| boj_rows(b).lines().map(str::to_owned).collect::<Vec<_>>())
            .collect();
        for at in 0..rows.len() {
            let mut stray = rows.clone();
            stray.insert(at, "0 0 0 0 0 0 0 0 0".to_owned());
            let mut lost = rows.clone();
            lost.remove(at);
            for damaged in [stray, lost] {
                let text = format!("{}\n\n{}", damaged.join("\n"), boj_rows(after));
                for format in [Format::Boj, Format::Auto] {
                    let got = items(&text, format);
                    let answers: Vec<&String> =
                        got.iter().filter_map(|g| g.as_ref().ok()).collect();
                    assert_eq!(answers, [after], "n {n}, row {at}: {got:?}");
                    assert!(got[..got.len() - 1].iter().all(Result::is_err));
                }
            }
        }
        // Whole, every board of the run is answered, in order.
        let text = format!("{}\n", rows.join("\n"));
        let got = items(&text, Format::Boj);
        let want: Vec<Result<String, String>> = boards[..n].iter().map(|b| Ok(b.clone())).collect();
        assert_eq!(got, want);
        // The same in a drawn grid, rows of nine cells.
        let drawn: Vec<String> = boards[..n]
            .iter()
            .flat_map(|b| {
                b.as_bytes()
                    .chunks(9)
                    .map(|r| String::from_utf8_lossy(r).into_owned())
                    .collect::<Vec<_>>()
            })
            .collect();
        for at in 0..drawn.len() {
            let mut stray = drawn.clone();
            stray.insert(at, ".........".to_owned());
            let text = format!("{}\n\n{}\n", stray.join("\n"), drawn[..9].join("\n"));
            let got = items(&text, Format::Grid);
            let answers: Vec<&String> = got.iter().filter_map(|g| g.as_ref().ok()).collect();
            assert_eq!(answers, [&boards[0]], "grid, n {n}, row {at}: {got:?}");
        }
    }
}

/// A heading ends a broken board as a blank line does: partway through a
/// board it is that board's error (`found a heading`), and a skip after a
/// broken line ends at it, so the boards after it are read. Several
/// headings before the first board still leave the input `boj`.
#[test]
fn a_heading_ends_a_broken_board() {
    let rows = boj_rows(LC37);
    let short: Vec<&str> = rows.lines().take(8).collect();
    let short = format!("{}\n", short.join("\n"));
    let ten = rows.replacen('\n', " 1\n", 1);
    for broken in [short.as_str(), ten.as_str()] {
        let text =
            format!("예제 입력 1\n{rows}예제 입력 2\n{broken}예제 입력 3\n{rows}Case 4:\n{rows}");
        let got = items(&text, Format::Auto);
        let answers = got.iter().filter(|g| g.is_ok()).count();
        assert_eq!(answers, 3, "{got:?}");
        assert!(
            got[1].is_err() && got[got.len() - 2..].iter().all(Result::is_ok),
            "{got:?}"
        );
    }
    assert_eq!(
        error(&format!("{short}Case 2:\n"), Format::Boj),
        "9:1: expected row 9 of 9, found a heading"
    );
    for top in [
        "Sample Input 1\nSample Output 1\n",
        "Problem 2580\n예제 입력 1\n",
    ] {
        let text = format!("{top}{rows}Case 2:\n{rows}");
        assert_eq!(
            items(&text, Format::Auto),
            vec![Ok(LC37.to_owned()); 2],
            "{top:?}"
        );
    }
    // A number to a line: a lone word may be a mistyped number, not a
    // heading; the boards after it are not read shifted.
    let one: String = rows.split_whitespace().map(|n| format!("{n}\n")).collect();
    let typo = one.replacen('5', "ab", 1);
    let got = items(&format!("{one}\n{typo}{one}{one}"), Format::Auto);
    let answers: Vec<&String> = got.iter().filter_map(|g| g.as_ref().ok()).collect();
    assert_eq!(answers, [LC37], "{got:?}");
}

/// A JSON board padded past a piece (a mebibyte of white space) is still
/// one board: a list is read in pieces only when its first element is not
/// a row of cells. The rest of a list read in pieces after an error in it
/// is reported as skipped lines.
#[test]
fn a_padded_json_board_is_one_board_and_a_broken_long_list_says_what_it_skipped() {
    let rows = json_rows(LC37);
    let padded = format!(
        "[\n{},\n{}{}\n]\n",
        rows[0],
        "\n".repeat(1 << 21),
        rows[1..].join(",\n")
    );
    assert_eq!(items(&padded, Format::Auto), vec![Ok(LC37.to_owned())]);
    let n = 20_000;
    let mut elements = vec![format!("{{\"puzzle\":\"{LC37}\"}}"); n];
    elements[n / 2].push_str(" x");
    let text = format!("[\n{}\n]\n\"{LC37}\"\n", elements.join(",\n"));
    let got = items(&text, Format::Json);
    // The boards up to the broken element's, its error, the skip, and the
    // value after the list.
    assert_eq!(got.len(), n / 2 + 4, "{:?}", &got[n / 2..]);
    assert!(got[..=n / 2].iter().all(Result::is_ok));
    let line = n / 2 + 2;
    let column = "{\"puzzle\":\"\"} ".len() + 81 + 1;
    assert_eq!(
        got[n / 2 + 1],
        Err(format!("{line}:{column}: expected ',' or ']', found 'x'"))
    );
    let skipped = got[n / 2 + 2].clone().expect_err("the skip is reported");
    let want = format!(
        "{}:1: skipped {} more lines after the error above",
        line + 1,
        n / 2
    );
    assert!(skipped.starts_with(&want), "{skipped}");
    assert_eq!(got[n / 2 + 3], Ok(LC37.to_owned()));
}

/// The errors of a quoted CSV field point where the quotes go wrong.
#[test]
fn quoted_csv_errors_are_located() {
    let cases = [
        (
            format!("\"{LC37}\n"),
            "1:83: expected '\"' to close the quoted cells, found the end of the line",
        ),
        (
            format!("\"{LC37},\"{LC37}\n"),
            "1:83: expected '\"' to close the quoted cells, found ','",
        ),
        (
            format!("\"{LC37}\"x\n"),
            "1:84: expected a separator (white space , ; : |) after the quoted cells, found 'x'",
        ),
        (
            format!("\"{}\",1\n", &LC37[..80]),
            "1:82: expected 81 cells, found 80 cells",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(error(&text, Format::Line), want, "{text:?}");
    }
}

/// What parts runs and what a damage costs in them: a comment line or a
/// grid label between boards ends a run as a blank line does; a row with
/// a typo makes the boards of its run before it errors (with a stray or
/// lost row before it, any of them may be shifted), not the boards of the
/// runs before or after; a typo in a short line keeps the boards after it.
#[test]
fn runs_are_parted_by_comments_and_labels() {
    let rows = boj_rows(LC37);
    let stray = rows.replacen('\n', "\n0 0 0 0 0 0 0 0 0\n", 1);
    // A comment between two boards: the first one's run ended there.
    let got = items(&format!("{rows}# next\n{stray}"), Format::Boj);
    assert_eq!(got[0], Ok(LC37.to_owned()), "{got:?}");
    assert_eq!(got.iter().filter(|g| g.is_ok()).count(), 1, "{got:?}");
    // Project Euler 96: a label before each board; a stray row in the
    // second costs that board only, and the third is read.
    let drawn: Vec<&str> = LC37
        .as_bytes()
        .chunks(9)
        .map(|r| std::str::from_utf8(r).unwrap_or(""))
        .collect();
    let board = drawn.join("\n");
    let shifted = format!(
        "{}\n.........\n{}",
        drawn[..4].join("\n"),
        drawn[4..].join("\n")
    );
    let text = format!("Grid 01\n{board}\nGrid 02\n{shifted}\nGrid 03\n{board}\n");
    let got = items(&text, Format::Grid);
    let answers: Vec<&String> = got.iter().filter_map(|g| g.as_ref().ok()).collect();
    assert_eq!(answers, [LC37, LC37], "{got:?}");
    assert_eq!(got[0], Ok(LC37.to_owned()));
    assert_eq!(got.last(), Some(&Ok(LC37.to_owned())));
    // A typo in the fifth row of the fourth board of a run whose first
    // board is parted from the rest by a comment: that board is answered,
    // the others of the run and the broken one are not, the last one is
    // (skipping by count keeps it in line).
    let typo = rows.replacen("4 0 0 8 0 3", "4 0 0 x 0 3", 1);
    assert_ne!(typo, rows);
    let text = format!("{rows}// next\n{rows}{rows}{typo}{rows}");
    let got = items(&text, Format::Boj);
    let answers = got.iter().filter(|g| g.is_ok()).count();
    assert_eq!(answers, 2, "{got:?}");
    assert_eq!(got[0], Ok(LC37.to_owned()));
    assert_eq!(got.last(), Some(&Ok(LC37.to_owned())));
    // Three numbers to a line: a typo keeps the count, so the boards after
    // it are read.
    let three: String = rows
        .split_whitespace()
        .collect::<Vec<_>>()
        .chunks(3)
        .map(|c| format!("{}\n", c.join(" ")))
        .collect();
    let broken = three.replacen("0 6 0", "x 6 0", 1);
    let got = items(&format!("{three}{broken}{three}{three}"), Format::Boj);
    let answers = got.iter().filter(|g| g.is_ok()).count();
    assert_eq!(answers, 2, "{got:?}");
    assert_eq!(got.last(), Some(&Ok(LC37.to_owned())));
}

/// A JSON list of flat 81-number boards is a list of boards at any length
/// (not a board of 30 rows); a first line with a run of dots is a grid row
/// with a typo, not a header.
#[test]
fn flat_json_boards_and_dotted_first_lines() {
    let flat: Vec<String> = LC37
        .chars()
        .map(|c| c.to_digit(10).unwrap_or(0).to_string())
        .collect();
    let flat = format!("[{}]", flat.join(","));
    for n in [1, 9, 30, 100] {
        let text = format!("[{}]\n", vec![flat.as_str(); n].join(","));
        assert_eq!(
            items(&text, Format::Auto),
            vec![Ok(LC37.to_owned()); n],
            "{n}"
        );
    }
    let drawn: Vec<&str> = LC37
        .as_bytes()
        .chunks(9)
        .map(|r| std::str::from_utf8(r).unwrap_or(""))
        .collect();
    let typo = format!("....x....\n{}\n", drawn[1..].join("\n"));
    assert_eq!(
        error(&typo, Format::Grid),
        "1:5: expected a digit, '.', '_' or a border (| - + =), found 'x'"
    );
}

/// Rows with a typo are never headings, in `grid` either, even answered at
/// once (where no run check follows); titles with words in brackets are
/// headers or headings, not declarations; a C++ array initialised without
/// `=` is a board.
#[test]
fn typo_rows_titles_and_braced_arrays() {
    let drawn: Vec<&str> = LC37
        .as_bytes()
        .chunks(9)
        .map(|r| std::str::from_utf8(r).unwrap_or(""))
        .collect();
    let board = format!("{}\n", drawn.join("\n"));
    for typo in ["..ab", ".. ab", "ab ..", ". . ab", "1 ab"] {
        // The typo stands for the second board's first row.
        let text = format!("{board}{typo}\n{}\n{board}", drawn[1..].join("\n"));
        let got: Vec<Result<String, String>> = super::Reader::new(text.as_bytes(), Format::Grid)
            .with_delivery(super::Delivery::AtOnce)
            .filter_map(Result::ok)
            .map(|i| i.map(|p| p.grid.to_line()).map_err(|e| e.error.to_string()))
            .collect();
        assert!(
            got[1].as_ref().is_err_and(|e| e.starts_with("10:")),
            "{typo:?}: {got:?}"
        );
        let answers: Vec<&String> = got.iter().filter_map(|g| g.as_ref().ok()).collect();
        assert!(answers.iter().all(|a| *a == LC37), "{typo:?}: {got:?}");
    }
    for title in ["Sudoku: [[hard]]", "Sudoku{{hard}}", "puzzle [hard]"] {
        let text = format!("{title}\n{LC37}\n{LC37}\n");
        assert_eq!(
            items(&text, Format::Auto),
            vec![Ok(LC37.to_owned()); 2],
            "{title:?}"
        );
        let text = format!("{title}\n{board}");
        assert_eq!(
            items(&text, Format::Auto),
            vec![Ok(LC37.to_owned())],
            "{title:?}"
        );
    }
    let rows: Vec<String> = drawn
        .iter()
        .map(|r| {
            format!(
                "{{{}}}",
                r.chars()
                    .map(|c| format!("'{c}'"))
                    .collect::<Vec<_>>()
                    .join(",")
            )
        })
        .collect();
    for open in [
        "char board[9][9]{",
        "char grid[][9] {",
        "vector<vector<char>> board{",
    ] {
        let one_line = format!("{open}{}}};\n", rows.join(","));
        let lines = format!("{open}\n{}\n}};\n", rows.join(",\n"));
        for text in [one_line, lines] {
            assert_eq!(
                items(&text, Format::Auto),
                vec![Ok(LC37.to_owned())],
                "{text}"
            );
        }
    }
}

/// A one-puzzle-per-line input read in blocks, an item at a time or a
/// few at a time (`Items::fill`), gives exactly the items a [`super::Reader`] gives:
/// the same boards, errors, lines and indices, whatever the size of the
/// reads and of the fills.
#[test]
fn line_blocks_and_fills_give_the_reader_s_items() {
    use std::io::BufReader;

    use super::{Delivery, Item, Items, Reader};

    let mut text = String::from("\u{feff}puzzle,solution\n# a comment\n\n");
    for k in 0..300 {
        let line = match k % 13 {
            0 => format!("{LC37}\r\n"),
            1 => format!("{LC37},{LC37}\n"),
            2 => format!("{}x\n", &LC37[..80]),
            3 => format!("{}\n", &LC37[..80]),
            4 => format!("{LC37}5\n"),
            5 => format!("\"{LC37}\",\"x\"\n"),
            6 => "// code\n".to_owned(),
            7 => format!("  {LC37}\n"),
            8 => format!("{}\u{e9}{}\n", &LC37[..40], &LC37[41..]),
            9 => "\n".to_owned(),
            _ => format!("{LC37}\n"),
        };
        text.push_str(&line);
    }
    let mut bytes = text.into_bytes();
    // A line that is not UTF-8, and a last line without its end.
    bytes.extend_from_slice(b"53..7\xff...\n");
    bytes.extend_from_slice(LC37.as_bytes());

    let shown = |item: std::io::Result<Item>| match item {
        Ok(Ok(p)) => format!("{}:{} {:?} {}", p.index, p.line, p.layout, p.grid.to_line()),
        Ok(Err(e)) => format!("{}:{} {:?} {}", e.index, e.line, e.layout, e.error),
        Err(e) => format!("read: {e}"),
    };
    let expected: Vec<String> = Reader::new(&bytes[..], Format::Auto).map(shown).collect();
    assert!(expected.len() > 250, "{}", expected.len());
    assert!(
        expected.iter().any(|e| e.contains("expected")),
        "{expected:?}"
    );
    for capacity in [1, 7, 83, 100, 4096, 1 << 16] {
        for delivery in [Delivery::Buffered, Delivery::AtOnce] {
            let reader = || BufReader::with_capacity(capacity, &bytes[..]);
            let one_by_one: Vec<String> = Items::new(reader(), Format::Auto, delivery)
                .map(shown)
                .collect();
            assert_eq!(
                one_by_one, expected,
                "reads of {capacity}, delivered {delivery:?}"
            );
            for max in [1, 2, 5, 64, 1000] {
                let mut items = Items::new(reader(), Format::Auto, delivery);
                let mut filled = Vec::new();
                let mut got = Vec::new();
                loop {
                    filled.clear();
                    items.fill(&mut filled, max);
                    assert!(filled.len() <= max);
                    if filled.is_empty() {
                        break;
                    }
                    got.extend(filled.drain(..).map(shown));
                }
                assert_eq!(got, expected, "reads of {capacity}, fills of {max}");
            }
        }
    }
}
