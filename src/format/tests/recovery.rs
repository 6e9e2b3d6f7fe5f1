//! A broken board costs only itself: where each parser resumes, and what
//! it says of the lines it passes over.

use super::*;
use crate::format::Format;

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
    let got: Vec<_> = crate::format::Reader::new(&bytes[..], Format::Auto)
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
    let got: Vec<(usize, bool)> = crate::format::Reader::new(text.as_bytes(), Format::Boj)
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
    let lines: Vec<usize> = crate::format::Reader::new(text.as_bytes(), Format::Auto)
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
