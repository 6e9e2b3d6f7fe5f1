//! Long inputs and runs of boards: CSV rows, JSON lists read in pieces,
//! runs of rows, and the blocks of one-per-line input.

use super::*;
use crate::format::{Format, Layout, parse_str};

/// CSV rows whose fields are quoted, as many CSV writers quote them, are
/// line puzzles, with a quoted header passed over; a bare quoted string is
/// still JSON. Errors are located inside the quotes.
#[test]
fn quoted_csv_rows_are_line_puzzles() {
    let text = format!("\"quizzes\",\"solutions\"\n\"{LC37}\",\"{LC37}\"\n\"{LC37}\";1\n");
    assert_eq!(items(&text, Format::Auto), vec![Ok(LC37.to_owned()); 2]);
    assert_eq!(
        crate::format::Reader::new(text.as_bytes(), Format::Auto)
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
        let got: Vec<Result<String, String>> =
            crate::format::Reader::new(text.as_bytes(), Format::Grid)
                .with_delivery(crate::format::Delivery::AtOnce)
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

    use crate::format::{Delivery, Item, Items, Reader};

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
