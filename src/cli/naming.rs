//! Whether a verdict line (`validate`, `rate`) names its input, as grep
//! names files: when several inputs are named, or when `-H` says so; and
//! the board's index when its input holds several.

/// How verdict lines start.
#[derive(Debug, Clone, Copy)]
pub struct Naming {
    /// Forced by `-H` or `--no-filename`, or set by several inputs; `None`
    /// names the input only together with the index.
    filename: Option<bool>,
}

impl Naming {
    /// From `-H`, `--no-filename` and the number of inputs named.
    pub fn new(with_filename: bool, no_filename: bool, inputs: usize) -> Naming {
        let filename = if with_filename {
            Some(true)
        } else if no_filename {
            Some(false)
        } else if inputs > 1 {
            Some(true)
        } else {
            None
        };
        Naming { filename }
    }

    /// The start of a verdict line for board `index` of `source`: the
    /// source, the index when its input holds several (`several`), both,
    /// or nothing; each followed by `: `. Written into the line rather than
    /// built apart: a verdict per puzzle of a large file is one allocation.
    pub fn prefix<'a>(self, source: &'a str, index: usize, several: bool) -> Prefix<'a> {
        Prefix {
            source: self.filename.unwrap_or(several).then_some(source),
            index: several.then_some(index),
        }
    }
}

impl Naming {
    /// [`Naming::prefix`] where only the input's name brings the index
    /// along (`rate`: one line per rated puzzle, its source when several
    /// inputs are named or `-H` asks).
    pub fn prefix_when_named<'a>(self, source: &'a str, index: usize, several: bool) -> Prefix<'a> {
        if self.filename == Some(true) {
            self.prefix(source, index, several)
        } else {
            Prefix {
                source: None,
                index: None,
            }
        }
    }
}

/// What a verdict line starts with: `source:index: `, `source: `,
/// `index: ` or nothing.
#[derive(Debug, Clone, Copy)]
pub struct Prefix<'a> {
    source: Option<&'a str>,
    index: Option<usize>,
}

impl std::fmt::Display for Prefix<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.source, self.index) {
            (Some(source), Some(index)) => write!(f, "{source}:{index}: "),
            (Some(source), None) => write!(f, "{source}: "),
            (None, Some(index)) => write!(f, "{index}: "),
            (None, None) => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Naming;

    #[test]
    fn names_as_grep_does() {
        let one = Naming::new(false, false, 1);
        assert_eq!(one.prefix("a", 2, false).to_string(), "");
        assert_eq!(one.prefix("a", 2, true).to_string(), "a:2: ");
        let many = Naming::new(false, false, 3);
        assert_eq!(many.prefix("a", 1, false).to_string(), "a: ");
        assert_eq!(many.prefix("a", 2, true).to_string(), "a:2: ");
        let never = Naming::new(false, true, 3);
        assert_eq!(never.prefix("a", 2, true).to_string(), "2: ");
        assert_eq!(never.prefix("a", 1, false).to_string(), "");
        let always = Naming::new(true, false, 1);
        assert_eq!(always.prefix("a", 1, false).to_string(), "a: ");
        assert_eq!(always.prefix_when_named("a", 2, true).to_string(), "a:2: ");
        assert_eq!(one.prefix_when_named("a", 2, true).to_string(), "");
        assert_eq!(never.prefix_when_named("a", 2, true).to_string(), "");
    }
}
