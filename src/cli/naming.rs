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
    /// or nothing; each followed by `: `.
    pub fn prefix(self, source: &str, index: usize, several: bool) -> String {
        match (self.filename.unwrap_or(several), several) {
            (true, true) => format!("{source}:{index}: "),
            (true, false) => format!("{source}: "),
            (false, true) => format!("{index}: "),
            (false, false) => String::new(),
        }
    }
}

impl Naming {
    /// [`Naming::prefix`] where only the input's name brings the index
    /// along (`rate`: one line per rated puzzle, its source when several
    /// inputs are named or `-H` asks).
    pub fn prefix_when_named(self, source: &str, index: usize, several: bool) -> String {
        if self.filename == Some(true) {
            self.prefix(source, index, several)
        } else {
            String::new()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Naming;

    #[test]
    fn names_as_grep_does() {
        let one = Naming::new(false, false, 1);
        assert_eq!(one.prefix("a", 2, false), "");
        assert_eq!(one.prefix("a", 2, true), "a:2: ");
        let many = Naming::new(false, false, 3);
        assert_eq!(many.prefix("a", 1, false), "a: ");
        assert_eq!(many.prefix("a", 2, true), "a:2: ");
        let never = Naming::new(false, true, 3);
        assert_eq!(never.prefix("a", 2, true), "2: ");
        assert_eq!(never.prefix("a", 1, false), "");
        let always = Naming::new(true, false, 1);
        assert_eq!(always.prefix("a", 1, false), "a: ");
        assert_eq!(always.prefix_when_named("a", 2, true), "a:2: ");
        assert_eq!(one.prefix_when_named("a", 2, true), "");
        assert_eq!(never.prefix_when_named("a", 2, true), "");
    }
}
