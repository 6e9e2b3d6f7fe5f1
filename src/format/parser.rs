//! The interface between the [`Reader`](super::Reader) and each format's
//! parser: lines in, boards (or located errors) out, and how a parser
//! recovers after an error by skipping the rest of the broken board.

use super::{
    Candidates, Delivery, Layout, Origin, boj, drawn, json, leetcode, line, pencilmarks, records,
};
use crate::error::ParseError;
use crate::grid::Grid;

/// A board found by a format parser, and the line it starts on.
#[derive(Debug)]
pub(super) struct Parsed {
    pub grid: Grid,
    pub line: usize,
    /// Where a record says the board was first read.
    pub origin: Option<Box<Origin>>,
    /// The pencil marks, in a layout that gives them.
    pub candidates: Option<Box<Candidates>>,
}

/// What a parser hands out, in order: whole boards and located errors.
pub(super) type Boards = Vec<Result<Parsed, ParseError>>;

/// The interface each format's line-by-line parser implements.
pub(super) trait LineParser {
    /// Feeds one line (without its line end). Completed boards go to `out`.
    fn line(&mut self, text: &str, lineno: usize, out: &mut Boards) -> Result<(), ParseError>;
    /// The input ended after `lineno` lines: a half-read board is an error.
    fn finish(&mut self, lineno: usize, out: &mut Boards) -> Result<(), ParseError>;
    /// Whether boards of text already fed are still to be handed out (by
    /// [`LineParser::resume`]) before the next line.
    fn has_more(&self) -> bool {
        false
    }
    /// Hands out the next boards of text already fed: a parser that finds
    /// many boards in one line or value gives them a few at a time, so that
    /// memory does not grow with their number.
    fn resume(&mut self, _out: &mut Boards) -> Result<(), ParseError> {
        Ok(())
    }
    /// The line where the board being read starts, if one is begun: an
    /// error inside it is reported as the board's (JSON `line`).
    fn start(&self) -> Option<usize> {
        None
    }
    /// Forgets a half-read board after an error.
    fn reset(&mut self);
    /// After an error, whether `text`, the next line that is not blank,
    /// still belongs to the broken board and is skipped. A blank line always
    /// ends a broken board. Layouts whose boards span lines skip exactly the
    /// rest of it where its shape tells (the rows left, the brackets left
    /// open), so that the boards after it are read even with no blank line
    /// between them, and to the next blank line where it does not.
    fn skips(&mut self, text: &str) -> bool;
    /// Whether the skip under way goes to the next blank line because the
    /// broken board's extent could not be told: the lines it passes over
    /// are then reported, so that no board among them is lost unsaid.
    fn skips_blind(&self) -> bool {
        false
    }
    /// Hands each board out as soon as it is whole, for a reader whose
    /// answers are awaited one at a time (see [`super::rows::Rows`] for what holding
    /// the first board of a run guards against).
    fn answer_at_once(&mut self) {}
}

/// How much of a broken board is left to skip.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) enum Rest {
    /// Nothing: the next line is read as usual.
    #[default]
    Nothing,
    /// This many more lines holding cells (lines without cells go too).
    Rows(usize),
    /// Lines up to the one that closes this many brackets left open.
    Open(usize),
    /// Everything up to the next blank line: the shape does not tell.
    ToBlank,
}

impl Rest {
    /// After an error at the start of `text`, with `open` brackets of the
    /// board open before it: what is left once the line is skipped. Only
    /// the board's own kind of bracket counts (`close` is `]` or `}`): a
    /// stray one of the other kind (`["5", "3"} …`) is most likely the
    /// typo, and must not end the skip a row early.
    pub(super) fn after_brackets(open: usize, close: char, text: &str) -> Rest {
        let opener = if close == '}' { '{' } else { '[' };
        let mut open = open;
        super::text::work::add(text.len());
        // Brackets inside a quoted cell (`"["`) or a comment do not count.
        let mut quote = None;
        for (i, c) in text.char_indices() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '#') => break,
                (None, '/') if text[i..].starts_with("//") => break,
                (None, '"' | '\'') => quote = Some(c),
                (None, c) if c == opener => open += 1,
                (None, c) if c == close && open > 0 => {
                    open -= 1;
                    if open == 0 {
                        return Rest::Nothing;
                    }
                }
                _ => {}
            }
        }
        if open == 0 {
            Rest::Nothing
        } else {
            Rest::Open(open)
        }
    }

    /// Whether the broken board's end is not known (yet): a skip to the
    /// next blank line, brackets still open, or rows still owed where the
    /// skip ends (a blank line, a heading or the end of the input came
    /// before the rows its count said were left, so the lines passed over
    /// were not all the broken board's own).
    pub(super) fn is_blind(self) -> bool {
        matches!(self, Rest::ToBlank | Rest::Open(_) | Rest::Rows(1..))
    }

    /// Whether a line, holding cells or not, is skipped.
    pub(super) fn skips(&mut self, has_cells: bool) -> bool {
        match *self {
            Rest::Nothing => false,
            Rest::ToBlank => true,
            Rest::Open(_) => true,
            Rest::Rows(0) => {
                *self = Rest::Nothing;
                false
            }
            Rest::Rows(n) => {
                if has_cells {
                    *self = Rest::Rows(n - 1);
                }
                true
            }
        }
    }
}

pub(super) enum Parser {
    Boj(boj::Parser),
    Leetcode(leetcode::Parser),
    Line(line::Parser),
    Json(json::Parser),
    Grid(drawn::Parser),
    Records(records::Parser),
    Pencilmarks(pencilmarks::Parser),
}

impl Parser {
    pub(super) fn new(layout: Layout, delivery: Delivery) -> Parser {
        let mut parser = match layout {
            Layout::Boj => Parser::Boj(boj::Parser::default()),
            Layout::Leetcode => Parser::Leetcode(leetcode::Parser::default()),
            Layout::Line => Parser::Line(line::Parser),
            Layout::Json => Parser::Json(json::Parser::default()),
            Layout::Grid => Parser::Grid(drawn::Parser::default()),
            Layout::Records => Parser::Records(records::Parser),
            Layout::Pencilmarks => Parser::Pencilmarks(pencilmarks::Parser::default()),
        };
        if delivery == Delivery::AtOnce {
            parser.get().answer_at_once();
        }
        parser
    }

    pub(super) fn get(&mut self) -> &mut dyn LineParser {
        match self {
            Parser::Boj(p) => p,
            Parser::Leetcode(p) => p,
            Parser::Line(p) => p,
            Parser::Json(p) => p,
            Parser::Grid(p) => p,
            Parser::Records(p) => p,
            Parser::Pencilmarks(p) => p,
        }
    }
}
