//! Error positions of every parser, and the shapes each one accepts.

use super::*;
use crate::format::{Format, Layout, parse_str};

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
    let got: Vec<_> = crate::format::Reader::new(&bytes[..], Format::Line)
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
            let got = crate::format::line::fast_line(&line).map(|grid| grid.cells()[at]);
            assert_eq!(got, expected, "byte {byte:#04x} at {at}");
        }
    }
}
