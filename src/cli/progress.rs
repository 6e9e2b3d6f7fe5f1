//! The progress bar on standard error, for `batch` and `rate`.

use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle, TermLike};

use crate::cli::args::Progress;

/// Progress figures shared between the reader and the writer.
#[derive(Debug, Default)]
pub struct Counters {
    /// Input bytes consumed.
    pub bytes: AtomicU64,
    /// Puzzles (and unreadable puzzles) read.
    pub items: AtomicU64,
}

/// The progress bar, or nothing.
pub struct Bar {
    bar: Option<ProgressBar>,
    total_bytes: Option<u64>,
    /// The style with a bar and an ETA, put on once there is an estimate of
    /// the total (until then a bar would read "0/0").
    with_total: std::cell::Cell<Option<ProgressStyle>>,
    /// Inside [`Bar::suspend`]: a nested call just runs its closure.
    suspended: std::cell::Cell<bool>,
}

impl Bar {
    /// Whether a bar is drawn, as [`Bar::new`] decides.
    pub fn shown(when: Progress) -> bool {
        match when {
            Progress::Never => false,
            Progress::Auto => io::stderr().is_terminal(),
            Progress::Always => true,
        }
    }

    pub fn new(when: Progress, total_bytes: Option<u64>) -> Bar {
        let target = match when {
            Progress::Never => return Bar::none(),
            Progress::Auto if !io::stderr().is_terminal() => return Bar::none(),
            Progress::Auto => ProgressDrawTarget::stderr_with_hz(10),
            // indicatif hides itself off a terminal; `always` means always.
            Progress::Always => ProgressDrawTarget::term_like_with_hz(Box::new(AnsiStderr), 10),
        };
        // Numbers as the summary writes them: plain digits, a whole rate.
        let style = |template| {
            ProgressStyle::with_template(template)
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .with_key(
                    "rate",
                    |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = write!(w, "{:.0} puzzles/s", state.per_sec());
                    },
                )
                .progress_chars("=> ")
        };
        // The total is an estimate (puzzles read per byte, times the bytes
        // of all inputs), so the bar and the ETA firm up as the run goes on.
        // Without a size for every input (standard input), there is none.
        let with_total = total_bytes.map(|_| {
            style(
                "{spinner} {elapsed_precise} [{wide_bar}] {pos}/~{len} puzzles, {rate}, ETA {eta}",
            )
        });
        let counting = style("{spinner} {elapsed_precise} {pos} puzzles, {rate}");
        let bar = ProgressBar::with_draw_target(None, target).with_style(counting);
        bar.enable_steady_tick(Duration::from_millis(200));
        Bar {
            bar: Some(bar),
            total_bytes,
            with_total: std::cell::Cell::new(with_total),
            suspended: std::cell::Cell::new(false),
        }
    }

    /// A bar towards a known number of puzzles (`sudokit generate`), with
    /// what a puzzle is called in its line (`made`).
    pub fn towards(when: Progress, total: u64, made: &str) -> Bar {
        let bar = Bar::new(when, None);
        if let Some(b) = &bar.bar {
            b.set_length(total);
            let template = format!(
                "{{spinner}} {{elapsed_precise}} [{{wide_bar}}] {{pos}}/{{len}} {made}, ETA {{eta}}"
            );
            if let Ok(style) = ProgressStyle::with_template(&template) {
                b.set_style(style.progress_chars("=> "));
            }
        }
        bar
    }

    /// Shows `done` puzzles of a bar made by [`Bar::towards`].
    pub fn set_done(&self, done: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(done);
        }
    }

    fn none() -> Bar {
        Bar {
            bar: None,
            total_bytes: None,
            with_total: std::cell::Cell::new(None),
            suspended: std::cell::Cell::new(false),
        }
    }

    /// Whether a bar is drawn.
    pub fn is_shown(&self) -> bool {
        self.bar.is_some()
    }

    /// Shows `done` puzzles answered (counted as the summary counts them:
    /// not the unreadable ones).
    pub fn update(&self, done: u64, counters: &Counters) {
        let Some(bar) = &self.bar else { return };
        bar.set_position(done);
        if let Some(total) = self.total_bytes {
            let bytes = counters.bytes.load(Ordering::Relaxed);
            let items = counters.items.load(Ordering::Relaxed);
            if bytes > 0 && items > 0 {
                let estimate = (items as f64 * total as f64 / bytes as f64) as u64;
                bar.set_length(estimate.max(done));
                if let Some(style) = self.with_total.take() {
                    bar.set_style(style);
                }
            }
        }
    }

    /// Runs `f` (which writes to the terminal) with the bar out of the way:
    /// cleared first, drawn again after.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) if !self.suspended.get() => {
                self.suspended.set(true);
                let result = bar.suspend(f);
                self.suspended.set(false);
                result
            }
            _ => f(),
        }
    }

    /// The run is over with `done` puzzles answered: the total is no longer
    /// an estimate, and the last frame drawn says what the summary says.
    pub fn finish(&self, done: u64) {
        if let Some(bar) = &self.bar {
            bar.set_length(done);
            bar.set_position(done);
        }
    }

    pub fn clear(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        // An error ends the run early: leave no half-drawn bar above the message.
        self.clear();
    }
}

/// Standard error as a terminal, for `--progress always` (escape sequences
/// are written whether or not a terminal reads them).
#[derive(Debug)]
struct AnsiStderr;

impl AnsiStderr {
    fn put(&self, text: &str) -> io::Result<()> {
        io::stderr().lock().write_all(text.as_bytes())
    }

    /// Moves the cursor `n` places in `direction` (the escape's final letter).
    fn cursor(&self, n: usize, direction: char) -> io::Result<()> {
        // `ESC [ 0 A` would move one place, not none.
        if n == 0 {
            return Ok(());
        }
        self.put(&format!("\x1b[{n}{direction}"))
    }
}

impl TermLike for AnsiStderr {
    fn width(&self) -> u16 {
        std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.parse().ok())
            .unwrap_or(80)
    }

    fn move_cursor_up(&self, n: usize) -> io::Result<()> {
        self.cursor(n, 'A')
    }

    fn move_cursor_down(&self, n: usize) -> io::Result<()> {
        self.cursor(n, 'B')
    }

    fn move_cursor_right(&self, n: usize) -> io::Result<()> {
        self.cursor(n, 'C')
    }

    fn move_cursor_left(&self, n: usize) -> io::Result<()> {
        self.cursor(n, 'D')
    }

    fn write_line(&self, s: &str) -> io::Result<()> {
        self.put(&format!("{s}\n"))
    }

    fn write_str(&self, s: &str) -> io::Result<()> {
        self.put(s)
    }

    fn clear_line(&self) -> io::Result<()> {
        self.put("\r\x1b[2K")
    }

    fn flush(&self) -> io::Result<()> {
        io::stderr().flush()
    }
}
