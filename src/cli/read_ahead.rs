//! Reading ahead on a second thread once an input shows itself long, for
//! `solve` and `validate`: the items of [`super::reading::Parsed`] come to
//! the caller a bundle at a time.

use std::io::{self, BufRead};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::JoinHandle;

use super::reading::Parsed;
use sudokit::format::Delivery;
use sudokit::format::Item;

/// Items read and parsed in this thread before the rest moves to a second
/// one: a short input never pays for starting a thread, a long one has its
/// reading and parsing overlap the solving.
const INLINE_ITEMS: usize = 4096;

/// Items the reading thread hands over at a time, and bundles it may hold
/// ready: enough that neither side waits for the other in a steady run.
const BUNDLE: usize = 4096;
const BUNDLES_AHEAD: usize = 4;

/// A source of items whose items past the first [`INLINE_ITEMS`] are
/// produced by a second thread, in the same order. At [`Delivery::AtOnce`]
/// (each answer is due as soon as its line is read) it stays in this thread.
///
/// Items come in bundles ([`ReadAhead::fill`]), which the caller walks by
/// reference: a puzzle is a hundred bytes and more, and handing each one
/// over by value costs the solving loop about as much as writing its answer.
/// A bundle the caller is done with goes back to the reading thread, which
/// drops its items and fills it again there.
pub struct ReadAhead<S: Source> {
    state: State<S>,
}

/// What a [`ReadAhead`] reads: items appended to a bundle, up to a given
/// number at a time.
pub trait Source: Send + 'static {
    type Item: Send + 'static;

    /// Appends the next `max` items to `bundle`, or as many as are left.
    fn fill(&mut self, bundle: &mut Vec<Self::Item>, max: usize);
}

impl<R: BufRead + Send + 'static> Source for Parsed<R> {
    type Item = io::Result<Item>;

    fn fill(&mut self, bundle: &mut Vec<Self::Item>, max: usize) {
        Parsed::fill(self, bundle, max);
    }
}

enum State<S: Source> {
    Inline {
        items: S,
        left: usize,
    },
    Thread {
        bundles: Receiver<Vec<S::Item>>,
        /// Bundles walked, back to the reading thread.
        spent: SyncSender<Vec<S::Item>>,
        reader: Option<JoinHandle<()>>,
    },
    Done,
}

impl<S: Source> std::fmt::Debug for ReadAhead<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let state = match self.state {
            State::Inline { left, .. } => format!("inline, {left} before reading ahead"),
            State::Thread { .. } => "reading ahead".to_owned(),
            State::Done => "done".to_owned(),
        };
        f.debug_struct("ReadAhead").field("state", &state).finish()
    }
}

impl<S: Source> ReadAhead<S> {
    pub fn new(items: S, delivery: Delivery) -> ReadAhead<S> {
        let left = match delivery {
            Delivery::Buffered => INLINE_ITEMS,
            Delivery::AtOnce => usize::MAX,
        };
        ReadAhead {
            state: State::Inline { items, left },
        }
    }

    /// Replaces what `bundle` holds by the next items, in order: one at a
    /// time in this thread, up to [`BUNDLE`] at a time from the reading
    /// thread. False, with `bundle` empty, once the items have ended; a
    /// reading thread's panic goes on here.
    pub fn fill(&mut self, bundle: &mut Vec<S::Item>) -> bool {
        loop {
            match &mut self.state {
                State::Inline { items, left } if *left > 0 => {
                    *left -= 1;
                    bundle.clear();
                    items.fill(bundle, 1);
                    if bundle.is_empty() {
                        self.state = State::Done;
                        return false;
                    }
                    return true;
                }
                State::Inline { .. } => {
                    let State::Inline { items, .. } =
                        std::mem::replace(&mut self.state, State::Done)
                    else {
                        unreachable!("matched as inline just above")
                    };
                    self.state = start(items);
                }
                State::Thread {
                    bundles,
                    spent,
                    reader,
                } => match bundles.recv() {
                    Ok(next) => {
                        // The reader takes it back if it still reads; if
                        // not, the items are dropped here.
                        let _ = spent.try_send(std::mem::replace(bundle, next));
                        return true;
                    }
                    Err(_) => {
                        // The reader has finished: at the end of the items,
                        // or by a panic, which goes on here.
                        if let Some(Err(panic)) = reader.take().map(JoinHandle::join) {
                            std::panic::resume_unwind(panic);
                        }
                        self.state = State::Done;
                    }
                },
                State::Done => {
                    bundle.clear();
                    return false;
                }
            }
        }
    }
}

/// The items moved to a new reading thread; if no thread can be started
/// (resources exhausted), they stay in this one.
fn start<S: Source>(items: S) -> State<S> {
    // The items go to the thread once it exists, so a failed start loses
    // nothing.
    let (give, take) = sync_channel::<S>(1);
    let (to, bundles) = sync_channel(BUNDLES_AHEAD);
    // Every bundle there is: those ready, the one being filled, the one
    // walked and the one just walked, so that handing one back never waits.
    let (spent, back) = sync_channel(BUNDLES_AHEAD + 3);
    let reader = std::thread::Builder::new()
        .name("read-ahead".to_owned())
        .spawn(move || {
            if let Ok(items) = take.recv() {
                read_ahead(items, &to, &back);
            }
        });
    match reader {
        Ok(reader) => match give.send(items) {
            Ok(()) => State::Thread {
                bundles,
                spent,
                reader: Some(reader),
            },
            // The thread is gone before taking them (it cannot panic
            // before): they come back with the error.
            Err(returned) => State::Inline {
                items: returned.0,
                left: usize::MAX,
            },
        },
        Err(_) => State::Inline {
            items,
            left: usize::MAX,
        },
    }
}

/// Sends `items` in bundles until they end or the receiver is gone, filling
/// again the bundles that come back.
fn read_ahead<S: Source>(
    mut items: S,
    to: &SyncSender<Vec<S::Item>>,
    back: &Receiver<Vec<S::Item>>,
) {
    loop {
        let mut bundle = back.try_recv().unwrap_or_default();
        bundle.clear();
        bundle.reserve(BUNDLE);
        items.fill(&mut bundle, BUNDLE);
        if bundle.is_empty() || to.send(bundle).is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
    use std::sync::mpsc::{Sender, channel};

    use super::*;

    /// The items of an iterator, as a source.
    struct Each<I>(I);

    impl<I> Source for Each<I>
    where
        I: Iterator + Send + 'static,
        I::Item: Send + 'static,
    {
        type Item = I::Item;

        fn fill(&mut self, bundle: &mut Vec<I::Item>, max: usize) {
            bundle.extend(self.0.by_ref().take(max));
        }
    }

    /// Every item `ahead` gives, in order, and the size of each bundle.
    fn drain<S>(mut ahead: ReadAhead<S>) -> (Vec<S::Item>, Vec<usize>)
    where
        S: Source,
        S::Item: Clone,
    {
        let (mut all, mut sizes, mut bundle) = (Vec::new(), Vec::new(), Vec::new());
        while ahead.fill(&mut bundle) {
            sizes.push(bundle.len());
            all.extend(bundle.iter().cloned());
        }
        assert!(bundle.is_empty(), "an ended fill leaves the bundle empty");
        assert!(!ahead.fill(&mut bundle), "the end stays the end");
        (all, sizes)
    }

    #[test]
    fn read_ahead_keeps_every_item_in_order() {
        for n in [
            0,
            1,
            INLINE_ITEMS - 1,
            INLINE_ITEMS,
            INLINE_ITEMS + 1,
            50_000,
        ] {
            for delivery in [Delivery::AtOnce, Delivery::Buffered] {
                let (got, sizes) = drain(ReadAhead::new(Each(0..n), delivery));
                assert_eq!(got, (0..n).collect::<Vec<_>>(), "{n} items, {delivery:?}");
                // One at a time while inline, whole bundles after (the
                // last one may be short), never an empty one.
                let inline = match delivery {
                    Delivery::Buffered => n.min(INLINE_ITEMS),
                    Delivery::AtOnce => n,
                };
                assert!(sizes[..inline].iter().all(|&s| s == 1), "{n}, {delivery:?}");
                let rest = &sizes[inline..];
                assert!(rest.iter().all(|&s| (1..=BUNDLE).contains(&s)));
                if let Some((_, full)) = rest.split_last() {
                    assert!(full.iter().all(|&s| s == BUNDLE), "{n}, {delivery:?}");
                }
            }
        }
    }

    #[test]
    fn read_ahead_of_an_endless_input_keeps_order_and_can_be_dropped() {
        // The reader then waits on a full hand-over; dropping the consumer
        // must not wait for it (the test would hang).
        let mut ahead = ReadAhead::new(Each(0..), Delivery::Buffered);
        let mut bundle = Vec::new();
        let mut next = 0;
        while next <= 100_000 {
            assert!(ahead.fill(&mut bundle));
            assert_eq!(bundle[0], next);
            assert_eq!(bundle[bundle.len() - 1], next + bundle.len() - 1);
            next += bundle.len();
        }
        drop(ahead);
    }

    #[test]
    fn the_reader_holds_at_most_its_bundles_ahead() {
        /// Says so when dropped, with the items, as the reader ends.
        struct Ended(Sender<()>);
        impl Drop for Ended {
            fn drop(&mut self) {
                let _ = self.0.send(());
            }
        }
        let (ended, reader_ended) = channel();
        let ended = Ended(ended);
        let made = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&made);
        let items = (0..).inspect(move |_| {
            let _ = &ended;
            counter.fetch_add(1, SeqCst);
        });
        let mut ahead = ReadAhead::new(Each(items), Delivery::Buffered);
        let (mut bundle, mut taken) = (Vec::new(), 0);
        // Past the items read in this thread.
        while taken <= INLINE_ITEMS {
            assert!(ahead.fill(&mut bundle));
            taken += bundle.len();
        }
        for round in 0..40 {
            // Walked at different paces, so that the reader is caught
            // waiting, woken, and reading.
            for _ in 0..round % 7 {
                assert!(ahead.fill(&mut bundle));
                taken += bundle.len();
            }
            std::thread::sleep(std::time::Duration::from_millis(if round % 3 == 0 {
                20
            } else {
                1
            }));
            let ahead_by = made.load(SeqCst) - taken;
            // Those ready, and one more waiting to be handed over.
            assert!(
                ahead_by <= (BUNDLES_AHEAD + 1) * BUNDLE,
                "round {round}: {ahead_by} items read ahead"
            );
        }
        // The reader, waiting to hand a bundle over, ends with this.
        drop(ahead);
        assert!(
            reader_ended
                .recv_timeout(std::time::Duration::from_secs(30))
                .is_ok()
        );
    }

    #[test]
    fn a_panic_while_reading_ahead_goes_on_in_the_caller() {
        let items = (0..INLINE_ITEMS + 10).inspect(|&i| {
            assert!(i < INLINE_ITEMS + 5, "reading failed");
        });
        let caught = std::panic::catch_unwind(move || {
            drain(ReadAhead::new(Each(items), Delivery::Buffered))
        });
        assert!(caught.is_err());
    }

    /// A reader of `text` whose read after it fails.
    struct FailsAfter(std::io::Cursor<Vec<u8>>);

    impl std::io::Read for FailsAfter {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match self.0.read(buf)? {
                0 => Err(io::Error::other("the disk went away")),
                n => Ok(n),
            }
        }
    }

    #[test]
    fn parsed_items_read_ahead_keep_order_then_the_read_error() {
        use sudokit::format::Format;

        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
        let n = INLINE_ITEMS + 3 * BUNDLE + 5;
        let text = line.repeat(n).into_bytes();
        let input = std::io::BufReader::new(FailsAfter(std::io::Cursor::new(text)));
        let parsed = Parsed::new(input, Format::Auto, Delivery::Buffered);
        let mut ahead = ReadAhead::new(parsed, Delivery::Buffered);
        let (mut bundle, mut indexes, mut failed) = (Vec::new(), Vec::new(), None);
        while ahead.fill(&mut bundle) {
            assert!(failed.is_none(), "nothing after the error");
            for item in bundle.drain(..) {
                match item {
                    Ok(Ok(puzzle)) => indexes.push(puzzle.index),
                    Ok(Err(e)) => panic!("a bad puzzle: {e}"),
                    Err(err) => failed = Some(err.to_string()),
                }
            }
        }
        assert_eq!(indexes, (1..=n).collect::<Vec<_>>());
        assert_eq!(failed.as_deref(), Some("the disk went away"));
    }
}
