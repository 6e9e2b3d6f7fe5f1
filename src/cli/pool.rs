//! A pool of worker threads that keeps order: the thread that reads hands
//! over bundles of tasks, the workers take the tasks of the oldest bundle
//! one at a time, and each bundle's results reach the writer whole and in
//! the order the bundles were handed over, whatever the number of threads.
//!
//! The reader is one of the workers: while too many bundles wait, it takes
//! tasks itself instead of reading on. A bounded channel of pending results
//! keeps the work in flight, and so memory, bounded.

use std::collections::VecDeque;
use std::io;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

/// What the workers do with a task.
pub trait Work: Send + Sync + 'static {
    type Task: Send + Sync + 'static;
    /// What a task gives the writer.
    type Done: Send + 'static;

    /// Does `task`, appending its results to `out`.
    fn run(&self, task: &Self::Task, out: &mut Vec<Self::Done>);
}

/// The worker threads, waiting for bundles from a [`Submit`].
pub struct Pool<W: Work> {
    queue: Arc<Queue<W>>,
}

impl<W: Work> Pool<W> {
    /// Starts `workers` threads (more may join: see [`Submit`]). They start
    /// before there is work: on a busy machine a new thread can take a
    /// while to get a core.
    pub fn start(workers: usize) -> io::Result<Pool<W>> {
        let queue = Arc::new(Queue::default());
        for i in 1..=workers {
            let shared = Arc::clone(&queue);
            // Detached: a worker that panics (a bug) drops its bundle's
            // results, and the writer reports that.
            let started = std::thread::Builder::new()
                .name(format!("sudokit-solve-{i}"))
                .spawn(move || {
                    place(i);
                    work(&shared);
                });
            if let Err(err) = started {
                // The threads that did start end.
                queue.close();
                return Err(err);
            }
        }
        Ok(Pool { queue })
    }

    /// The side that hands over bundles, with `work` to do their tasks, and
    /// the side that takes their results in order. At most `depth` bundles
    /// are in flight; the submitting thread does tasks itself while
    /// `ahead` bundles or more wait. The pool closes when the [`Submit`] is
    /// dropped.
    pub fn submitter(self, work: Arc<W>, depth: usize, ahead: usize) -> (Submit<W>, Results<W>) {
        let (pending, results) = mpsc::sync_channel(depth);
        let submit = Submit {
            queue: Closer(self.queue),
            work,
            pending,
            ahead,
        };
        (submit, Results { pending: results })
    }
}

/// Hands bundles of tasks to the pool; closes it when dropped.
pub struct Submit<W: Work> {
    queue: Closer<W>,
    work: Arc<W>,
    pending: SyncSender<Receiver<Vec<W::Done>>>,
    ahead: usize,
}

impl<W: Work> Submit<W> {
    /// Hands `tasks` to the workers and their pending results to the
    /// writer, doing tasks itself while the budget in flight is spent or
    /// too many bundles wait; false once the writer has gone.
    pub fn submit(&self, tasks: Vec<W::Task>) -> bool {
        let queue = &self.queue.0;
        let (done, mut done_rx) = mpsc::sync_channel(1);
        if tasks.is_empty() {
            // No task to finish the bundle: it is done already.
            let _ = done.send(Vec::new());
        } else {
            queue.push(Bundle::new(Arc::clone(&self.work), tasks, done));
        }
        loop {
            match self.pending.try_send(done_rx) {
                Ok(()) => break,
                Err(TrySendError::Full(rx)) => {
                    done_rx = rx;
                    if !queue.help() {
                        // Every task is being done: the writer moves on.
                        return self.pending.send(done_rx).is_ok();
                    }
                }
                Err(TrySendError::Disconnected(_)) => return false,
            }
        }
        while queue.backlog() >= self.ahead && queue.help() {}
        true
    }

    /// Does what is left to take, once every bundle is handed over, then
    /// closes the pool.
    pub fn finish(self) {
        while self.queue.0.help() {}
    }
}

/// Each bundle's results, in the order the bundles were handed over.
pub struct Results<W: Work> {
    pending: Receiver<Receiver<Vec<W::Done>>>,
}

/// A bundle whose results were lost: a task panicked (a bug).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lost;

impl<W: Work> Iterator for Results<W> {
    type Item = Result<Vec<W::Done>, Lost>;

    /// The next bundle's results, once all its tasks are done; `None` once
    /// the [`Submit`] is gone and every bundle is taken.
    fn next(&mut self) -> Option<Self::Item> {
        let done = self.pending.recv().ok()?;
        Some(done.recv().map_err(|_| Lost))
    }
}

/// The bundles handed to the workers, oldest first.
struct Queue<W: Work> {
    state: Mutex<QueueState<W>>,
    /// Signalled when a bundle comes or the queue closes.
    ready: Condvar,
}

impl<W: Work> Default for Queue<W> {
    fn default() -> Self {
        Queue {
            state: Mutex::new(QueueState {
                bundles: VecDeque::new(),
                closed: false,
                sleeping: 0,
            }),
            ready: Condvar::new(),
        }
    }
}

struct QueueState<W: Work> {
    bundles: VecDeque<Arc<Bundle<W>>>,
    /// No bundle will come.
    closed: bool,
    /// Threads asleep in [`Queue::next`].
    sleeping: usize,
}

impl<W: Work> Queue<W> {
    fn lock(&self) -> MutexGuard<'_, QueueState<W>> {
        // Nothing panics while holding the lock; if something did, the
        // queue itself would still be whole.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn push(&self, bundle: Bundle<W>) {
        let tasks = bundle.tasks.len();
        let wake = {
            let mut state = self.lock();
            state.bundles.push_back(Arc::new(bundle));
            tasks.min(state.sleeping)
        };
        // No more threads than the bundle has tasks: with many threads and
        // few cores, waking them all for every bundle costs more than the
        // work.
        for _ in 0..wake {
            self.ready.notify_one();
        }
    }

    fn close(&self) {
        self.lock().closed = true;
        self.ready.notify_all();
    }

    /// The oldest bundle with tasks left to take; `None` once the queue is
    /// closed and empty. Sleeps while there is none.
    fn next(&self) -> Option<Arc<Bundle<W>>> {
        let mut state = self.lock();
        loop {
            if let Some(bundle) = state.bundles.front() {
                return Some(Arc::clone(bundle));
            }
            if state.closed {
                return None;
            }
            state.sleeping += 1;
            state = self
                .ready
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
            state.sleeping -= 1;
        }
    }

    /// Bundles with tasks left to take.
    fn backlog(&self) -> usize {
        self.lock().bundles.len()
    }

    /// Does one task of the oldest bundle, if there is one left to take,
    /// without waiting; false when there is none.
    fn help(&self) -> bool {
        let Some(bundle) = self.lock().bundles.front().map(Arc::clone) else {
            return false;
        };
        let i = bundle.next.fetch_add(1, Ordering::Relaxed);
        if i < bundle.tasks.len() {
            bundle.run(i);
        } else {
            self.taken(&bundle);
        }
        true
    }

    /// Takes `bundle` off the queue once all its tasks are taken (if
    /// another thread has not already).
    fn taken(&self, bundle: &Arc<Bundle<W>>) {
        let mut state = self.lock();
        if state
            .bundles
            .front()
            .is_some_and(|b| Arc::ptr_eq(b, bundle))
        {
            state.bundles.pop_front();
        }
    }
}

/// Closes the queue when dropped: the workers then finish.
struct Closer<W: Work>(Arc<Queue<W>>);

impl<W: Work> Drop for Closer<W> {
    fn drop(&mut self) {
        self.0.close();
    }
}

/// A bundle being worked on: its tasks are taken one at a time by whichever
/// thread comes, and the thread that finishes the last one hands the
/// results, in order, to the writer.
struct Bundle<W: Work> {
    work: Arc<W>,
    tasks: Vec<W::Task>,
    /// The next task to take.
    next: AtomicUsize,
    /// Tasks not yet done.
    left: AtomicUsize,
    /// Each task's results.
    results: Vec<Mutex<Vec<W::Done>>>,
    /// A task panicked (a bug): the bundle's results are dropped and the
    /// writer reports it.
    broken: AtomicBool,
    done: Mutex<Option<SyncSender<Vec<W::Done>>>>,
}

impl<W: Work> Bundle<W> {
    fn new(work: Arc<W>, tasks: Vec<W::Task>, done: SyncSender<Vec<W::Done>>) -> Bundle<W> {
        Bundle {
            work,
            next: AtomicUsize::new(0),
            left: AtomicUsize::new(tasks.len()),
            results: tasks.iter().map(|_| Mutex::new(Vec::new())).collect(),
            tasks,
            broken: AtomicBool::new(false),
            done: Mutex::new(Some(done)),
        }
    }

    /// Does task `i`; the thread that does the last one sends the bundle's
    /// results.
    fn run(&self, i: usize) {
        let mut out = Vec::new();
        let ran = panic::catch_unwind(AssertUnwindSafe(|| self.work.run(&self.tasks[i], &mut out)));
        if ran.is_err() {
            self.broken.store(true, Ordering::Relaxed);
        }
        *self.results[i]
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = out;
        if self.left.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.finish();
        }
    }

    fn finish(&self) {
        let done = self
            .done
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if self.broken.load(Ordering::Relaxed) {
            // Dropping the sender tells the writer.
            return;
        }
        let mut all = Vec::new();
        for result in &self.results {
            all.append(&mut result.lock().unwrap_or_else(PoisonError::into_inner));
        }
        if let Some(done) = done {
            // The writer may have stopped (a closed pipe); nothing to do then.
            let _ = done.send(all);
        }
    }
}

/// A worker thread: takes tasks of the oldest bundle until the queue is
/// closed and every bundle is taken.
fn work<W: Work>(queue: &Queue<W>) {
    while let Some(bundle) = queue.next() {
        loop {
            let i = bundle.next.fetch_add(1, Ordering::Relaxed);
            if i >= bundle.tasks.len() {
                queue.taken(&bundle);
                break;
            }
            bundle.run(i);
        }
    }
}

/// The threads to use: the number `--jobs` asks for, or every core.
pub fn jobs(requested: Option<u64>) -> usize {
    match requested {
        Some(jobs) => usize::try_from(jobs).unwrap_or(1),
        None => std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
    }
}

/// Moves the calling thread onto the `n`th of the CPUs it may run on (round
/// robin), then lets it run on all of them again: each thread starts on a
/// CPU of its own, and the kernel can still move it off one that other work
/// needs. Left alone, Linux may start a new thread on the CPU of the thread
/// that started it and leave the two to share it while another CPU idles.
#[cfg(target_os = "linux")]
pub fn place(n: usize) {
    use nix::sched::{CpuSet, sched_getaffinity, sched_setaffinity};
    use nix::unistd::Pid;
    let me = Pid::from_raw(0);
    let Ok(allowed) = sched_getaffinity(me) else {
        return;
    };
    let cpus: Vec<usize> = (0..CpuSet::count())
        .filter(|&cpu| allowed.is_set(cpu).unwrap_or(false))
        .collect();
    if cpus.len() < 2 {
        return;
    }
    let mut one = CpuSet::new();
    if one.set(cpus[n % cpus.len()]).is_ok() && sched_setaffinity(me, &one).is_ok() {
        // Were this to fail, the thread would stay on that CPU: slower at
        // worst, never wrong.
        let _ = sched_setaffinity(me, &allowed);
    }
}

/// Elsewhere threads start where the system puts them.
#[cfg(not(target_os = "linux"))]
pub fn place(_n: usize) {}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    /// Squares numbers, counting each task done; panics on `PANIC`, sleeps
    /// a little on multiples of 7 so that tasks finish out of order.
    #[derive(Default)]
    struct Square {
        done: Mutex<Vec<u64>>,
    }

    const PANIC: u64 = u64::MAX;

    impl Work for Square {
        type Task = u64;
        type Done = u64;

        fn run(&self, task: &u64, out: &mut Vec<u64>) {
            assert!(*task != PANIC, "a task that panics");
            if task.is_multiple_of(7) {
                std::thread::sleep(Duration::from_micros(200));
            }
            self.done.lock().expect("not poisoned").push(*task);
            out.push(task * task);
        }
    }

    /// Runs `bundles` through a pool of `workers` threads (and the reader),
    /// returning the results as the writer gets them.
    fn run(workers: usize, bundles: Vec<Vec<u64>>) -> (Vec<Result<Vec<u64>, Lost>>, Arc<Square>) {
        let work = Arc::new(Square::default());
        let pool = Pool::start(workers).expect("threads start");
        let (submit, results) = pool.submitter(Arc::clone(&work), 4, workers + 1);
        let reader = std::thread::spawn(move || {
            for tasks in bundles {
                assert!(submit.submit(tasks), "the writer is still there");
            }
            submit.finish();
        });
        let got: Vec<_> = results.collect();
        reader.join().expect("the reader ends");
        (got, work)
    }

    #[test]
    fn results_keep_the_order_of_the_bundles_whatever_the_thread_count() {
        let bundles: Vec<Vec<u64>> = (0..40u64)
            .map(|b| (0..b % 9).map(|t| b * 100 + t).collect())
            .collect();
        let want: Vec<Result<Vec<u64>, Lost>> = bundles
            .iter()
            .map(|tasks| Ok(tasks.iter().map(|t| t * t).collect()))
            .collect();
        for workers in [0, 1, 2, 5, 16] {
            let (got, _) = run(workers, bundles.clone());
            assert_eq!(got, want, "{workers} workers");
        }
    }

    #[test]
    fn every_task_is_done_exactly_once() {
        let bundles: Vec<Vec<u64>> = (0..50u64)
            .map(|b| (0..20).map(|t| b * 100 + t).collect())
            .collect();
        let mut want: Vec<u64> = bundles.iter().flatten().copied().collect();
        for workers in [0, 3] {
            let (_, work) = run(workers, bundles.clone());
            let mut done = work.done.lock().expect("not poisoned").clone();
            done.sort_unstable();
            want.sort_unstable();
            assert_eq!(done, want, "{workers} workers");
        }
    }

    #[test]
    fn a_task_that_panics_loses_its_bundle_only() {
        let bundles = vec![vec![1, 2], vec![3, PANIC, 4], vec![5]];
        for workers in [0, 2] {
            let (got, _) = run(workers, bundles.clone());
            assert_eq!(
                got,
                vec![Ok(vec![1, 4]), Err(Lost), Ok(vec![25])],
                "{workers} workers"
            );
        }
    }

    #[test]
    fn the_writer_going_away_stops_the_reader() {
        let work = Arc::new(Square::default());
        let pool = Pool::start(2).expect("threads start");
        let (submit, results) = pool.submitter(work, 2, 3);
        drop(results);
        // Each bundle is still done (its tasks may already be taken), but
        // the reader learns at once that nobody waits for the results.
        assert!(!submit.submit(vec![1, 2, 3]));
        submit.finish();
    }

    #[test]
    fn bundles_in_flight_stay_within_the_depth() {
        let work = Arc::new(Square::default());
        let pool = Pool::start(2).expect("threads start");
        let depth = 3;
        let (submit, mut results) = pool.submitter(Arc::clone(&work), depth, 3);
        let submitted = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&submitted);
        let reader = std::thread::spawn(move || {
            for b in 0..30u64 {
                if !submit.submit(vec![b; 4]) {
                    return;
                }
                counter.fetch_add(1, Ordering::SeqCst);
            }
            submit.finish();
        });
        let mut taken = 0;
        while taken < 30 {
            std::thread::sleep(Duration::from_millis(2));
            // Those waiting for the writer, and one being handed over.
            let ahead = submitted.load(Ordering::SeqCst) - taken;
            assert!(ahead <= depth + 1, "{ahead} bundles in flight");
            assert!(results.next().expect("a bundle").is_ok());
            taken += 1;
        }
        assert!(results.next().is_none());
        reader.join().expect("the reader ends");
    }
}
