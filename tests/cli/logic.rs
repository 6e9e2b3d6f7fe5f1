//! `sudokit rate`, `explain` and `hint`: the logical solver on the command
//! line, checked against Sudoku Explainer's own ratings of the sample in
//! `fixtures/ratings/`.

use super::{check, fixture, stderr, sudokit};

/// The sample's puzzles with SE's ER, EP and ED.
fn sample() -> Vec<(String, [f32; 3])> {
    fixture("ratings/se_sample.tsv")
        .lines()
        .skip(1)
        .filter_map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let rating = |k: usize| fields.get(k).and_then(|f| f.parse().ok());
            Some((
                (*fields.first()?).to_owned(),
                [rating(1)?, rating(2)?, rating(3)?],
            ))
        })
        .collect()
}

/// Every puzzle of the sample gets SE's exact ER/EP/ED and a level, those
/// SE rates 7.3 and up (Nishio, cell and region forcing chains) too.
#[test]
fn rate_agrees_with_sudoku_explainer() {
    let sample = sample();
    assert_eq!(sample.len(), 100);
    let out = sudokit(&["rate", "ratings/se_sample.tsv"], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    let mut lines = text.lines();
    for (k, (_, [er, ep, ed])) in sample.iter().enumerate() {
        let line = lines.next().expect("a rating line");
        let (rating, _level) = line.split_once(' ').expect("ER/EP/ED level");
        assert_eq!(
            rating,
            format!("{er:.1}/{ep:.1}/{ed:.1}"),
            "puzzle {}",
            k + 1
        );
    }
    assert_eq!(lines.next(), None);
}

#[test]
fn rate_json_adds_the_rating_to_the_solve_record() {
    let (puzzle, [er, ep, ed]) = sample()
        .into_iter()
        .find(|(_, r)| r[0] > 3.0 && r[0] <= 6.2)
        .expect("a puzzle past the singles");
    let out = sudokit(&["rate", "--json"], &format!("{puzzle}\n"));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["status"], "solved");
    assert_eq!(v["puzzle"], puzzle.as_str());
    assert!(v["solution"].as_str().is_some_and(|s| s.len() == 81));
    let rating = &v["rating"];
    let close = |field: &str, want: f32| {
        (rating[field].as_f64().unwrap_or(-1.0) - f64::from(want)).abs() < 0.01
    };
    assert!(
        close("er", er) && close("ep", ep) && close("ed", ed),
        "{rating}"
    );
    assert!(rating["hardest"].as_str().is_some_and(|h| !h.is_empty()));
    assert!(rating["steps"].as_u64().is_some_and(|n| n > 0));
    assert!(rating["level"].as_str().is_some());
}

#[test]
fn puzzles_without_one_solution_are_not_rated_explained_or_hinted() {
    let empty = format!("{}\n", "0".repeat(81));
    let conflict = format!("55{}\n", "0".repeat(79));
    for command in ["rate", "explain", "hint"] {
        let out = check(&[command], &empty, "", 1);
        assert!(
            stderr(&out).contains("not unique"),
            "{command}: {}",
            stderr(&out)
        );
        let out = check(&[command], &conflict, "", 1);
        assert!(
            stderr(&out).contains("invalid (givens conflict): row 1: 5 at r1c1, r1c2"),
            "{}",
            stderr(&out)
        );
        let out = sudokit(&[command, "--json"], &empty);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(v["status"], "multiple", "{command}");
    }
}

/// `explain` prints one step per line; replayed, the placements fill the
/// board to the solution `solve` gives. JSON: a record per step, then the
/// puzzle's `solve --json` record with its rating.
#[test]
fn explain_walks_to_the_solution_one_step_a_line() {
    let (puzzle, _) = sample()
        .into_iter()
        .find(|(_, r)| r[0] > 3.0 && r[0] <= 6.2)
        .expect("a puzzle past the singles");
    let out = sudokit(&["explain", "--json"], &format!("{puzzle}\n"));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let records: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let (last, steps) = records.split_last().expect("records");
    let solution = last["solution"]
        .as_str()
        .expect("the solution")
        .as_bytes()
        .to_vec();
    let mut board = puzzle.as_bytes().to_vec();
    for (k, step) in steps.iter().enumerate() {
        assert_eq!(step["step"], k + 1);
        assert!(step["rating"].as_f64().is_some_and(|r| r >= 1.0));
        for placed in step["placements"].as_array().expect("placements") {
            let cell = placed["cell"].as_str().expect("rXcY").as_bytes();
            let (r, c) = (usize::from(cell[1] - b'1'), usize::from(cell[3] - b'1'));
            let digit = placed["digit"].as_u64().expect("digit") as u8;
            assert_eq!(solution[r * 9 + c], b'0' + digit, "{step}");
            board[r * 9 + c] = b'0' + digit;
        }
        for removed in step["eliminations"].as_array().expect("eliminations") {
            let cell = removed["cell"].as_str().expect("rXcY").as_bytes();
            let (r, c) = (usize::from(cell[1] - b'1'), usize::from(cell[3] - b'1'));
            assert_ne!(
                u64::from(solution[r * 9 + c] - b'0'),
                removed["digit"].as_u64().expect("digit"),
                "{step}"
            );
        }
    }
    assert_eq!(board, solution, "the placements fill the board");
    assert!(last["rating"]["er"].as_f64().is_some());
    // Text: the same steps, one a line.
    let out = sudokit(&["explain"], &format!("{puzzle}\n"));
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_owned)
        .collect();
    let described: Vec<String> = steps
        .iter()
        .map(|s| s["description"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(lines, described);
}

#[test]
fn hint_gives_the_first_step_of_explain_and_refuses_a_wrong_digit() {
    let (puzzle, _) = sample().into_iter().next().expect("a puzzle");
    let explained = sudokit(&["explain"], &format!("{puzzle}\n"));
    let first = String::from_utf8_lossy(&explained.stdout)
        .lines()
        .next()
        .map(str::to_owned);
    let hint = sudokit(&["hint"], &format!("{puzzle}\n"));
    assert_eq!(hint.status.code(), Some(0), "{}", stderr(&hint));
    assert_eq!(
        String::from_utf8_lossy(&hint.stdout)
            .lines()
            .next()
            .map(str::to_owned),
        first
    );
    // A player's wrong digit: the board has no solution any more.
    let solution =
        String::from_utf8(sudokit(&["solve", "--to", "line"], &format!("{puzzle}\n")).stdout)
            .expect("UTF-8");
    let blank = puzzle.find('.').expect("a blank");
    let right = solution.as_bytes()[blank];
    let wrong = if right == b'9' { b'1' } else { right + 1 };
    let mut played = puzzle.clone().into_bytes();
    played[blank] = wrong;
    let played = String::from_utf8(played).expect("ASCII");
    let out = sudokit(&["hint"], &format!("{played}\n"));
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = stderr(&out);
    assert!(
        err.contains("unsolvable") || err.contains("invalid"),
        "{err}"
    );
}

#[test]
fn a_puzzle_that_needs_forcing_chains_of_8_and_up_is_rated() {
    let (puzzle, se) = sample()
        .into_iter()
        .find(|(_, r)| r[0] >= 8.0)
        .expect("a hard puzzle");
    for command in ["explain", "rate"] {
        let out = sudokit(&[command, "--json"], &format!("{puzzle}\n"));
        assert_eq!(out.status.code(), Some(0), "{command}: {}", stderr(&out));
    }
    let out = sudokit(&["rate", "--json"], &format!("{puzzle}\n"));
    let text = String::from_utf8_lossy(&out.stdout);
    let v: serde_json::Value = serde_json::from_str(text.trim()).expect("JSON");
    assert_eq!(
        v["rating"]["er"].as_f64().map(|er| (er * 10.0).round()),
        Some((f64::from(se[0]) * 10.0).round())
    );
    let hardest = v["rating"]["hardest"].as_str().unwrap_or_default();
    assert!(hardest.ends_with("Forcing Chains"), "{hardest}");
}
