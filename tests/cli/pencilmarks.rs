//! The `pencilmarks` format on the command line: a player's position with
//! pencil marks, read by every command, and the player's mistakes reported.
//!
//! `pencilmarks/position.*` is one position in three shapes (sudokit's own
//! `explain --grid` drawing, HoDoKu's PM grid, the 729-character line): the
//! board before step 12 of `explain` on a puzzle of the SE sample, after a
//! Pointing removed 5 from r1c5 and r1c6. `wrong-mark.txt` is it with the
//! solution's 9 erased from r1c1's marks, `wrong-digit.txt` with a wrong 6
//! placed in r1c1.

use super::{check, fixture, stderr, sudokit};

const SHAPES: [&str; 3] = [
    "pencilmarks/position.txt",
    "pencilmarks/position-hodoku.txt",
    "pencilmarks/position.729",
];

/// The position's solution.
const SOLUTION: &str =
    "952487361381629457746153982839745126567312894124968573475291638218536749693874215";

/// The position's digits alone, as an 81-character line.
fn digits() -> String {
    let out = sudokit(&["solve", "--json", SHAPES[0]], "");
    let text = String::from_utf8_lossy(&out.stdout);
    let at = text.find("\"puzzle\":\"").expect("a puzzle field") + 10;
    text[at..at + 81].to_owned()
}

#[test]
fn hint_starts_from_the_players_marks_in_every_shape() {
    // The hidden single exists only because the player removed the 5s.
    for file in SHAPES {
        check(
            &["hint", file],
            "",
            "Hidden Single in column 6: r4c6=5\n",
            0,
        );
    }
    // From the digits alone, the Pointing that removes them comes first.
    check(
        &["hint"],
        &digits(),
        "Pointing: 5 in box 1 on row 1 => r1c5<>5, r1c6<>5\n",
        0,
    );
    // The step is right: the solution has a 5 at r4c6.
    assert_eq!(&SOLUTION[27 + 5..27 + 6], "5");
    let out = sudokit(
        &["hint", "--json", "--format", "pencilmarks", SHAPES[2]],
        "",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(r#""placements":[{"cell":"r4c6","digit":5}]"#),
        "{text}"
    );
}

#[test]
fn rate_and_explain_start_from_the_marks() {
    let out = check(&["rate", SHAPES[1]], "", "1.5/1.5/1.5 easy\n", 0);
    assert!(stderr(&out).is_empty());
    let out = sudokit(&["explain", SHAPES[2]], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("Hidden Single in column 6: r4c6=5\n"),
        "{text}"
    );
    assert!(!text.contains("Pointing"), "{text}");
}

#[test]
fn solve_and_validate_read_pencilmarks() {
    for file in SHAPES {
        check(
            &["solve", "--to", "line", file],
            "",
            &format!("{SOLUTION}\n"),
            0,
        );
        check(&["validate", file], "", "valid\n", 0);
    }
    // Pencilmarks in, pencilmarks out: the solution's 729-character line.
    let out = sudokit(&["solve", SHAPES[0]], "");
    let line = String::from_utf8_lossy(&out.stdout).trim_end().to_owned();
    assert_eq!(line.len(), 729);
    check(
        &["solve", "--to", "line"],
        &line,
        &format!("{SOLUTION}\n"),
        0,
    );
    let out = sudokit(&["solve", "--json", SHAPES[1]], "");
    assert!(
        String::from_utf8_lossy(&out.stdout).contains(r#""format":"pencilmarks""#),
        "{out:?}"
    );
}

#[test]
fn a_mark_that_removed_the_true_digit_is_reported_with_its_cell() {
    let message = "wrong-mark.txt:2: puzzle 1: unsolvable (no solution): \
                   r1c1: 9 is not a candidate but the solution has it";
    for command in ["hint", "explain", "rate", "solve"] {
        let out = check(&[command, "pencilmarks/wrong-mark.txt"], "", "", 1);
        assert!(
            stderr(&out).contains(message),
            "{command}: {}",
            stderr(&out)
        );
    }
    check(
        &["solve", "--count", "pencilmarks/wrong-mark.txt"],
        "",
        "0\n",
        1,
    );
    let out = sudokit(&["hint", "--json", "pencilmarks/wrong-mark.txt"], "");
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            r#""status":"unsolvable","mistakes":[{"cell":"r1c1","digit":9,"kind":"mark"}]"#
        ),
        "{text}"
    );
    // The digits alone are still a proper puzzle: validate checks digits.
    check(
        &["validate", "pencilmarks/wrong-mark.txt"],
        "",
        "valid\n",
        0,
    );
}

#[test]
fn a_wrong_placement_is_reported_with_the_cells_that_may_be_it() {
    let out = check(&["hint", "pencilmarks/wrong-digit.txt"], "", "", 1);
    let err = stderr(&out);
    assert!(
        err.contains("unsolvable (no solution): one of the placed digits r1c1=6,"),
        "{err}"
    );
    let out = sudokit(&["explain", "--json", "pencilmarks/wrong-digit.txt"], "");
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(r#"{"cell":"r1c1","digit":6,"kind":"digit"}"#),
        "{text}"
    );
    // Without the wrong 6 the position is the right one again.
    let fixed = fixture("pencilmarks/wrong-digit.txt").replacen("| 6     ", "| 12569 ", 1);
    check(&["hint"], &fixed, "Hidden Single in column 6: r4c6=5\n", 0);
}

/// Each candidate grid `explain --grid` prints reads back as a position
/// whose hint is the step printed after it, wherever no blank cell of the
/// grid has a single candidate left (the format reads such a cell as
/// placed, which may open an easier step). A step places one digit, or
/// none when it removes candidates (`<>`). The puzzle is the SE sample's
/// first (ER 7.2: its path goes up to forcing chains).
#[test]
fn explain_grids_read_back_as_pencilmarks() {
    let puzzle =
        "8...2..4...7..32.6......5.35.38....2...6.9....1....7...5..94............1.9...83.";
    let out = sudokit(&["explain", "--grid"], puzzle);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    let givens = puzzle.chars().filter(char::is_ascii_digit).count();
    let (mut placed, mut compared) = (0, 0);
    for block in lines.chunks(14) {
        let (grid, step) = (block[..13].join("\n"), block[13]);
        let hint = sudokit(&["hint"], &grid);
        assert_eq!(hint.status.code(), Some(0), "{grid}\n{}", stderr(&hint));
        let open = grid
            .split(['|', ' ', '\n'])
            .filter(|t| t.len() > 1 && t.chars().all(|c| c.is_ascii_digit()))
            .count();
        if open == 81 - givens - placed {
            let said = String::from_utf8_lossy(&hint.stdout);
            assert_eq!(said, format!("{step}\n"), "{grid}");
            compared += 1;
        }
        if !step.contains("<>") {
            placed += 1;
        }
    }
    assert!(compared >= 20, "only {compared} grids compared");
}

#[test]
fn bad_pencilmarks_are_located_errors() {
    let bad = fixture("pencilmarks/position.txt").replacen("258", "2x8", 1);
    let out = check(&["hint", "--format", "pencilmarks"], &bad, "", 2);
    assert!(
        stderr(&out).contains(
            "<stdin>:2:10: expected a candidate digit 1-9, '.' or a border (| or white space), found 'x'"
        ),
        "{}",
        stderr(&out)
    );
    let line = fixture("pencilmarks/position.729");
    let moved = format!("2{}", &line[1..]);
    let out = check(&["solve"], &moved, "", 2);
    assert!(
        stderr(&out).contains("<stdin>:1:1: expected '1' or '.' at place 1 of r1c1, found '2'"),
        "{}",
        stderr(&out)
    );
}
