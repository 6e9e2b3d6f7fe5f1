//! Reading ahead on a second thread once an input shows itself long.

use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::JoinHandle;

/// Items read and parsed in this thread before the rest moves to a second
/// one: a short input never pays for starting a thread (0.1 ms and more
/// on a busy machine), a long one has its reading and parsing overlap the
/// solving.
const INLINE_ITEMS: usize = 4096;

/// Items the reading thread hands over at a time, and batches it may hold
/// ready: enough that neither side waits for the other in a steady run.
const BATCH: usize = 4096;
const BATCHES_AHEAD: usize = 4;

/// An iterator whose items past the first [`INLINE_ITEMS`] are produced by
/// a second thread, in the same order. Without `enabled` (each answer is
/// due as soon as its line is read: `--line-buffered`, a terminal, `tail
/// -f`) it stays in this thread.
pub struct ReadAhead<I: Iterator> {
    state: State<I>,
}

enum State<I: Iterator> {
    Inline {
        items: I,
        left: usize,
    },
    Thread {
        batches: Receiver<Vec<I::Item>>,
        batch: std::vec::IntoIter<I::Item>,
        reader: Option<JoinHandle<()>>,
    },
    Done,
}

impl<I: Iterator> std::fmt::Debug for ReadAhead<I> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let state = match self.state {
            State::Inline { left, .. } => format!("inline, {left} before reading ahead"),
            State::Thread { .. } => "reading ahead".to_owned(),
            State::Done => "done".to_owned(),
        };
        f.debug_struct("ReadAhead").field("state", &state).finish()
    }
}

impl<I> ReadAhead<I>
where
    I: Iterator + Send + 'static,
    I::Item: Send + 'static,
{
    pub fn new(items: I, enabled: bool) -> ReadAhead<I> {
        let left = if enabled { INLINE_ITEMS } else { usize::MAX };
        ReadAhead {
            state: State::Inline { items, left },
        }
    }
}

/// The items moved to a new reading thread; if no thread can be started
/// (resources exhausted), they stay in this one.
fn start<I>(items: I) -> State<I>
where
    I: Iterator + Send + 'static,
    I::Item: Send + 'static,
{
    // The items go to the thread once it exists, so a failed start loses
    // nothing.
    let (give, take) = sync_channel::<I>(1);
    let (to, batches) = sync_channel(BATCHES_AHEAD);
    let reader = std::thread::Builder::new()
        .name("read-ahead".to_owned())
        .spawn(move || {
            if let Ok(items) = take.recv() {
                read_ahead(items, to);
            }
        });
    match reader {
        Ok(reader) => match give.send(items) {
            Ok(()) => State::Thread {
                batches,
                batch: Vec::new().into_iter(),
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

/// Sends `items` in batches until they end or the receiver is gone.
fn read_ahead<I: Iterator>(mut items: I, to: SyncSender<Vec<I::Item>>) {
    loop {
        let batch: Vec<I::Item> = items.by_ref().take(BATCH).collect();
        if batch.is_empty() || to.send(batch).is_err() {
            return;
        }
    }
}

impl<I> Iterator for ReadAhead<I>
where
    I: Iterator + Send + 'static,
    I::Item: Send + 'static,
{
    type Item = I::Item;

    fn next(&mut self) -> Option<I::Item> {
        loop {
            match &mut self.state {
                State::Inline { items, left } if *left > 0 => {
                    *left -= 1;
                    return items.next();
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
                    batches,
                    batch,
                    reader,
                } => {
                    if let Some(item) = batch.next() {
                        return Some(item);
                    }
                    match batches.recv() {
                        Ok(next) => *batch = next.into_iter(),
                        Err(_) => {
                            // The reader has finished: at the end of the
                            // items, or by a panic, which goes on here.
                            if let Some(Err(panic)) = reader.take().map(JoinHandle::join) {
                                std::panic::resume_unwind(panic);
                            }
                            self.state = State::Done;
                        }
                    }
                }
                State::Done => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            for enabled in [false, true] {
                let got: Vec<usize> = ReadAhead::new(0..n, enabled).collect();
                assert_eq!(
                    got,
                    (0..n).collect::<Vec<_>>(),
                    "{n} items, read ahead {enabled}"
                );
            }
        }
    }

    #[test]
    fn read_ahead_of_an_endless_input_keeps_order_and_can_be_dropped() {
        // The reader then waits on a full hand-over; dropping the consumer
        // must not wait for it (the test would hang).
        let mut items = ReadAhead::new(0.., true);
        assert_eq!(items.nth(100_000), Some(100_000));
        drop(items);
    }
}
