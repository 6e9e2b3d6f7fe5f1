//! The `records` format: `sudokit batch`'s text output read back by the next
//! command, each board under the path and index its record names.

use super::{check, stderr, sudokit};

const LC37: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const LC37_SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const BOJ_SOLVED: &str =
    "135469278782135649469278135321546897874913526596827413917652384643781952258394761";
const UNSOLVABLE: &str =
    "12345678.........9...............................................................";

#[test]
fn batch_text_output_is_validate_input() {
    let batch = sudokit(&["batch", "batch/line.txt", "batch/boj.txt"], "");
    let records = String::from_utf8_lossy(&batch.stdout).into_owned();
    assert!(records.starts_with("batch/line.txt:1:"), "{records}");
    // The solved boards are valid, each named by its record; the status
    // records hold no board and are errors that say which record they are.
    let output = check(
        &["validate", "--complete"],
        &records,
        "batch/line.txt:1: valid\nbatch/boj.txt:1: valid\n",
        2,
    );
    let err = stderr(&output);
    assert!(
        err.contains(
            "sudokit: <stdin>:2:18: expected 81 cells after 'path:index:', \
             found the status 'unsolvable' of batch/line.txt:2, which holds no board"
        ),
        "{err}"
    );
    assert!(
        err.contains("found the status 'invalid' of batch/line.txt:3"),
        "{err}"
    );
    // Only the solved records, and all is well.
    let solved: String = records
        .lines()
        .filter(|l| l.len() > 81)
        .map(|l| format!("{l}\n"))
        .collect();
    check(
        &["validate", "--complete"],
        &solved,
        "batch/line.txt:1: valid\nbatch/boj.txt:1: valid\n",
        0,
    );
}

#[test]
fn records_by_name_are_written_as_lines() {
    let input = format!("a.txt:1:{LC37}\nb.txt:2:{LC37_SOLVED}\n");
    let lines = format!("{LC37_SOLVED}\n{LC37_SOLVED}\n");
    check(&["solve", "-f", "records"], &input, &lines, 0);
    check(&["solve", "--format", "records"], &input, &lines, 0);
    check(&["solve"], &input, &lines, 0);
    // `--to` keeps its layouts.
    let grid = sudokit(&["solve", "--to", "boj"], &input);
    assert!(
        String::from_utf8_lossy(&grid.stdout).starts_with("5 3 4 6 7 8 9 1 2\n"),
        "{grid:?}"
    );
    // A line puzzle read as records is an error at its start.
    let output = check(&["solve", "-f", "records"], &format!("{LC37}\n"), "", 2);
    assert!(
        stderr(&output).contains("<stdin>:1:1: expected a record, 'path:index:' then 81 cells"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn json_source_and_index_come_from_the_record() {
    let input = format!("# results\ndir/a b:c.txt:7:{LC37}\n");
    let output = check(
        &["solve", "--json"],
        &input,
        &format!(
            "{{\"source\":\"dir/a b:c.txt\",\"index\":7,\"line\":2,\"format\":\"records\",\
             \"puzzle\":\"{LC37}\",\"status\":\"solved\",\"solution\":\"{LC37_SOLVED}\",\
             \"grid\":[[5,3,4,6,7,8,9,1,2],[6,7,2,1,9,5,3,4,8],[1,9,8,3,4,2,5,6,7],\
             [8,5,9,7,6,1,4,2,3],[4,2,6,8,5,3,7,9,1],[7,1,3,9,2,4,8,5,6],[9,6,1,5,3,7,2,8,4],\
             [2,8,7,4,1,9,6,3,5],[3,4,5,2,8,6,1,7,9]]}}\n"
        ),
        0,
    );
    assert_eq!(stderr(&output), "");
    let valid = sudokit(&["validate", "--json"], &input);
    let text = String::from_utf8_lossy(&valid.stdout);
    assert!(
        text.starts_with(
            "{\"source\":\"dir/a b:c.txt\",\"index\":7,\"line\":2,\"format\":\"records\""
        ),
        "{text}"
    );
    // Batch run over its own output writes the same records.
    let records = format!("batch/line.txt:1:{LC37_SOLVED}\nbatch/boj.txt:1:{BOJ_SOLVED}\n");
    check(&["batch", "-"], &records, &records, 0);
}

#[test]
fn messages_name_the_record() {
    let input = format!("a.txt:4:{UNSOLVABLE}\n");
    let output = check(&["solve"], &input, "", 1);
    assert_eq!(
        stderr(&output),
        "sudokit: a.txt: puzzle 4 (<stdin>:1): unsolvable (no solution)\n"
    );
    let output = check(
        &["validate", "--complete"],
        &format!("x.txt:2:{LC37}\na.txt:4:{LC37_SOLVED}\n"),
        "x.txt:2: invalid\na.txt:4: valid\n",
        1,
    );
    assert_eq!(
        stderr(&output),
        "sudokit: x.txt: puzzle 2 (<stdin>:1): not complete (51 blank cells)\n"
    );
}

#[test]
fn status_and_error_records_are_located_errors() {
    let input = format!(
        "a.txt:3:unsolvable\nbad.txt:error: 1:81: expected a digit\na.txt:4:{LC37}\nb.txt:9:multiple\n"
    );
    let output = check(&["solve"], &input, &format!("{LC37_SOLVED}\n"), 2);
    assert_eq!(
        stderr(&output),
        "sudokit: <stdin>:1:9: expected 81 cells after 'path:index:', found the status \
         'unsolvable' of a.txt:3, which holds no board\n\
         sudokit: <stdin>:2:9: expected 'path:index:' then 81 cells, found the error record \
         of bad.txt, which holds no board\n\
         sudokit: <stdin>:4:9: expected 81 cells after 'path:index:', found the status \
         'multiple' of b.txt:9, which holds no board\n"
    );
    let json = sudokit(&["solve", "--json"], &input);
    let text = String::from_utf8_lossy(&json.stdout);
    assert!(
        text.starts_with(
            "{\"source\":\"<stdin>\",\"index\":1,\"line\":1,\"format\":\"records\",\"status\":\"error\""
        ),
        "{text}"
    );
}

#[test]
fn a_line_csv_with_colons_is_not_records() {
    // `puzzle:index:solution` rows are `line` input: the puzzle is the
    // first field, whatever follows it.
    let input = format!("{LC37}:1:{LC37_SOLVED}\n{LC37}:2:unsolvable\n");
    let output = sudokit(&["solve", "--json"], &input);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("\"format\":\"line\""), "{text}");
    assert!(!text.contains("records"), "{text}");
    assert_eq!(text.lines().count(), 2, "{text}");
    // Even when the first puzzle has a typo: it is that line's error.
    let typo = format!("{}x", &LC37[..80]);
    let input = format!("{typo}:1:{LC37_SOLVED}\n{LC37}:2:{LC37_SOLVED}\n");
    let output = check(&["solve"], &input, &format!("{LC37_SOLVED}\n"), 2);
    assert!(
        stderr(&output).contains("<stdin>:1:81: expected a digit 0-9 or '.', found 'x'"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn boards_of_two_layouts_solved_together_validate() {
    // `solve boj.txt line.txt` writes a BOJ board, then a line: the first
    // board is not rejected for the second's shape; each is read in its own
    // layout.
    let solved = sudokit(&["solve", "batch/boj.txt", "batch/line.txt"], "");
    let boards = String::from_utf8_lossy(&solved.stdout).into_owned();
    assert!(
        boards.ends_with(&format!("7 6 1\n{LC37_SOLVED}\n")),
        "{boards}"
    );
    check(
        &["validate", "--complete"],
        &boards,
        "<stdin>:1: valid\n<stdin>:2: valid\n",
        0,
    );
    // A record between BOJ boards too, under its own name.
    let mixed = format!("{boards}batch/line.txt:1:{LC37_SOLVED}\n");
    check(
        &["validate", "--complete"],
        &mixed,
        "<stdin>:1: valid\n<stdin>:2: valid\nbatch/line.txt:1: valid\n",
        0,
    );
    // The other way round, a board of many lines after line puzzles cannot
    // be read as one: the first error is at the line that starts it.
    let solved = sudokit(&["solve", "batch/line.txt", "batch/boj.txt"], "");
    let boards = String::from_utf8_lossy(&solved.stdout).into_owned();
    let output = check(&["validate"], &boards, "<stdin>:1: valid\n", 2);
    let err = stderr(&output);
    assert!(
        err.starts_with("sudokit: <stdin>:3:2: expected 81 cells, found 1 cell\n"),
        "{err}"
    );
}
