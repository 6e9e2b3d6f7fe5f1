//! `sudokit shuffle`: random isomorphs of each puzzle, reproducible from a
//! seed whatever the order the puzzles are handled in.

use std::hash::BuildHasher;

use sudokit::canon::Transform;
use sudokit::format::Layout;
use sudokit::random::stream;

use super::{ExitStatus, Verb, Walk, each_puzzle};
use crate::cli::args::ShuffleArgs;
use crate::cli::json::{ShuffleRecord, TransformRecord};
use crate::cli::output::{Flush, Out};

pub fn run(args: &ShuffleArgs) -> anyhow::Result<ExitStatus> {
    let seed = args.seed.unwrap_or_else(|| {
        // No seed asked for: one from the process's own random hashing keys
        // and the clock, said on request so that the run can be repeated.
        std::collections::hash_map::RandomState::new().hash_one(std::time::SystemTime::now())
    });
    let mut out = Out::stdout(Flush::line_buffered(args.puzzles.output.line_buffered));
    if args.verbose {
        out.diag(format_args!("shuffle: seed {seed}"));
    }
    let json = args.puzzles.output.json;
    let to = args.to.map(Layout::from);
    let walk = Walk {
        verb: Verb::Shuffle,
        format: args.puzzles.input.format.into(),
        error_records: json,
        lookahead: false,
    };
    // Puzzles read so far across every input: puzzle i draws from stream i.
    let mut read: u64 = 0;
    each_puzzle(
        &args.puzzles.files,
        walk,
        &mut out,
        |puzzle, source, _, out| {
            let mut rng = stream(seed, read);
            read += 1;
            for copy in 1..=args.copies {
                let transform = Transform::random(&mut rng);
                let board = transform.apply(&puzzle.grid);
                if json {
                    let (source, index) = puzzle.named(source);
                    out.json(&ShuffleRecord {
                        source,
                        index,
                        line: puzzle.line,
                        copy,
                        seed,
                        puzzle: puzzle.grid.to_line(),
                        board: board.to_line(),
                        transform: TransformRecord::from(&transform),
                    })?;
                } else {
                    out.board(&board, to.unwrap_or(puzzle.layout))?;
                }
            }
            Ok(ExitStatus::Success)
        },
    )
}
