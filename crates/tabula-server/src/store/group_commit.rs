//! Group commit, shared by the SQLite and PostgreSQL stores: every write goes to one writer
//! task. While one transaction commits, new writes queue; the writer then lets the tasks
//! that are ready run while they keep adding writes, takes everything queued (up to its
//! batch size) into one transaction (one fsync, one `COMMIT`), and answers each caller only
//! once that transaction has committed.
//!
//! Should a batch be refused (a constraint, a duplicate id, a gap in a log), its writes are
//! tried again one by one, so that a bad write fails alone; should it fail from a fault of
//! the store (a full disk, a removed file, a lost database), the whole batch fails with that
//! fault ([`StoreError::Unavailable`], answered 503) and nothing of it was written.
//!
//! A write may have a deadline (the PostgreSQL store's have one, [`WRITE_WAIT`] after they
//! were submitted): the writer gives up a batch that has not reached its `COMMIT` by the
//! earliest deadline of its writes, and answers a write that waited in the queue past its
//! deadline without writing it. Waiting behind a batch that hangs (a database that cannot be
//! reached) therefore never adds a second wait to the first: every such write is answered
//! within [`WRITE_WAIT`] plus [`COMMIT_WAIT`](super::COMMIT_WAIT) of its submission. (The SQLite store's writes
//! have none: its writer waits on nothing but its own disk and lock, and a queue behind a
//! slow disk is no outage.)

use super::{StoreError, WRITE_WAIT};
use std::future::Future;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

/// A write waiting for its transaction, and the caller to answer once it committed.
pub(super) struct Pending<Op> {
    pub op: Op,
    pub done: oneshot::Sender<Result<(), StoreError>>,
    /// When the writer gives the write up if it has not reached its `COMMIT` (`None`: never).
    pub deadline: Option<Instant>,
}

/// What a store's writer task does with a batch.
pub(super) trait Batch {
    /// One write.
    type Op: Send;

    /// Writes `ops` in one transaction: `Ok` once it has committed; on any error but
    /// [`StoreError::OutcomeUnknown`] nothing of them was written. A batch that has not
    /// sent its `COMMIT` by `deadline` is given up ([`StoreError::Unavailable`]), and its
    /// `COMMIT` is waited for at most [`COMMIT_WAIT`](super::COMMIT_WAIT) (`None`: no deadline).
    fn write(
        &mut self,
        ops: &[&Self::Op],
        deadline: Option<Instant>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;
}

/// Sends `op` to the writer task behind `queue`, and waits until it is committed; the writer
/// gives it up if it has not reached its `COMMIT` within `wait` (`None`: no limit).
pub(super) async fn submit<Op>(
    queue: &mpsc::Sender<Pending<Op>>,
    op: Op,
    wait: Option<Duration>,
) -> Result<(), StoreError> {
    let (done, answer) = oneshot::channel();
    let deadline = wait.map(|w| Instant::now() + w);
    queue
        .send(Pending { op, done, deadline })
        .await
        .map_err(|_| StoreError::Closed)?;
    answer.await.map_err(|_| StoreError::Closed)?
}

/// The writer task: runs until every sender of `queue` is gone, committing at most
/// `max_batch` writes per transaction.
pub(super) async fn run<B: Batch>(
    mut writer: B,
    mut queue: mpsc::Receiver<Pending<B::Op>>,
    max_batch: usize,
) {
    let mut batch = Vec::with_capacity(max_batch);
    while let Some(first) = queue.recv().await {
        batch.push(first);
        gather(&queue, max_batch).await;
        while batch.len() < max_batch {
            match queue.try_recv() {
                Ok(p) => batch.push(p),
                Err(_) => break,
            }
        }
        let now = Instant::now();
        for p in batch.extract_if(.., |p| p.deadline.is_some_and(|d| d <= now)) {
            let _ = p.done.send(Err(late()));
        }
        if batch.is_empty() {
            continue;
        }
        let deadline = batch.iter().filter_map(|p| p.deadline).min();
        let ops: Vec<&B::Op> = batch.iter().map(|p| &p.op).collect();
        match writer.write(&ops, deadline).await {
            Ok(()) => {
                for p in batch.drain(..) {
                    let _ = p.done.send(Ok(()));
                }
                continue;
            }
            // A fault fails the whole batch: nothing of it was committed.
            Err(e) if e.is_fault() || batch.len() == 1 => {
                for p in batch.drain(..) {
                    let _ = p.done.send(Err(e.clone()));
                }
                continue;
            }
            Err(_) => {}
        }
        // One write was refused: the others are tried alone, so that it fails alone.
        let mut fault: Option<StoreError> = None;
        for p in batch.drain(..) {
            let result = match &fault {
                Some(e) => Err(e.clone()),
                None if p.deadline.is_some_and(|d| d <= Instant::now()) => Err(late()),
                None => writer.write(&[&p.op], p.deadline).await,
            };
            if let Err(e) = &result
                && e.is_fault()
            {
                fault = Some(e.clone());
            }
            let _ = p.done.send(result);
        }
    }
}

/// The answer to a write given up at its deadline: it was never sent to be committed.
pub(super) fn late() -> StoreError {
    StoreError::Unavailable(format!(
        "the database did not take the write within {} s; nothing was stored",
        WRITE_WAIT.as_secs_f32()
    ))
}

/// Lets the tasks that are ready run before a batch is taken, as long as they keep adding
/// writes to `queue` (at most [`GATHER_YIELDS`] times, and not beyond `max_batch`). Under
/// load the writes of actions already read are then committed with the batch instead of
/// starting the next one: fewer, larger transactions, so fewer round trips to the database
/// per write (on SQLite each statement wakes its connection thread). An idle queue costs one
/// yield.
async fn gather<Op>(queue: &mpsc::Receiver<Pending<Op>>, max_batch: usize) {
    let mut queued = queue.len();
    for _ in 0..GATHER_YIELDS {
        tokio::task::yield_now().await;
        let now = queue.len();
        if now == queued || now + 1 >= max_batch {
            break;
        }
        queued = now;
    }
}

/// The most times [`gather`] lets other tasks run before a batch is taken.
const GATHER_YIELDS: usize = 8;

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};
    use tokio::sync::Semaphore;

    /// A writer that records each batch (ops are numbers; 13 is refused, 99 a fault) and
    /// commits only when the test lets it.
    struct Recorder {
        batches: Arc<Mutex<Vec<Vec<u32>>>>,
        gate: Arc<Semaphore>,
    }

    impl Batch for Recorder {
        type Op = u32;

        async fn write(&mut self, ops: &[&u32], _: Option<Instant>) -> Result<(), StoreError> {
            self.gate.acquire().await.unwrap().forget();
            self.batches
                .lock()
                .unwrap()
                .push(ops.iter().map(|&&op| op).collect());
            if ops.contains(&&99) {
                Err(StoreError::Unavailable("disk full".into()))
            } else if ops.contains(&&13) {
                Err(StoreError::Database("refused".into()))
            } else {
                Ok(())
            }
        }
    }

    async fn started(
        ops: &[u32],
    ) -> (
        Arc<Mutex<Vec<Vec<u32>>>>,
        Arc<Semaphore>,
        Vec<oneshot::Receiver<Result<(), StoreError>>>,
    ) {
        let batches = Arc::new(Mutex::new(Vec::new()));
        let gate = Arc::new(Semaphore::new(0));
        let (queue, rx) = mpsc::channel(64);
        let mut answers = Vec::new();
        for &op in ops {
            let (done, answer) = oneshot::channel();
            let deadline = None;
            queue.send(Pending { op, done, deadline }).await.unwrap();
            answers.push(answer);
        }
        let writer = Recorder {
            batches: batches.clone(),
            gate: gate.clone(),
        };
        tokio::spawn(run(writer, rx, 8));
        (batches, gate, answers)
    }

    #[tokio::test]
    async fn queued_writes_share_one_transaction_and_are_answered_only_once_it_committed() {
        let ops: Vec<u32> = (0..10).collect();
        let (batches, gate, mut answers) = started(&ops).await;
        tokio::task::yield_now().await;
        for a in &mut answers {
            assert!(
                a.try_recv().is_err(),
                "nothing is answered before its commit"
            );
        }
        gate.add_permits(2);
        for a in answers {
            assert!(a.await.unwrap().is_ok());
        }
        assert_eq!(
            *batches.lock().unwrap(),
            vec![(0..8).collect::<Vec<_>>(), vec![8, 9]],
            "at most 8 per transaction"
        );
    }

    #[tokio::test]
    async fn a_refused_write_fails_alone_and_a_fault_fails_the_whole_batch() {
        let (batches, gate, answers) = started(&[1, 13, 2]).await;
        gate.add_permits(4);
        let mut results = Vec::new();
        for a in answers {
            results.push(format!("{:?}", a.await.unwrap()));
        }
        assert_eq!(results, ["Ok(())", "Err(Database(\"refused\"))", "Ok(())"]);
        assert_eq!(
            *batches.lock().unwrap(),
            vec![vec![1, 13, 2], vec![1], vec![13], vec![2]]
        );
        let (_, gate, answers) = started(&[3, 99, 4]).await;
        gate.add_permits(1);
        for a in answers {
            assert!(a.await.unwrap().unwrap_err().is_fault());
        }
    }

    /// Writes that tasks ready to run send while the writer gathers its batch go into that
    /// batch: here the first write wakes two tasks that send one each (without the gathering,
    /// the first write is committed alone).
    #[tokio::test(flavor = "current_thread")]
    async fn writes_of_ready_tasks_join_the_batch_being_gathered() {
        let batches = Arc::new(Mutex::new(Vec::new()));
        let gate = Arc::new(Semaphore::new(16));
        let (queue, rx) = mpsc::channel(64);
        let recorder = Recorder {
            batches: batches.clone(),
            gate,
        };
        let writer = tokio::spawn(run(recorder, rx, 512));
        let go = Arc::new(tokio::sync::Notify::new());
        let send = |queue: mpsc::Sender<Pending<u32>>, op: u32| async move {
            submit(&queue, op, None).await.unwrap();
        };
        let mut tasks = Vec::new();
        for op in [2, 3] {
            let (queue, go, send) = (queue.clone(), go.clone(), send);
            tasks.push(tokio::spawn(async move {
                go.notified().await;
                send(queue, op).await;
            }));
        }
        tokio::task::yield_now().await; // the two tasks now wait for `go`
        tasks.push(tokio::spawn({
            let go = go.clone();
            async move {
                let (done, answer) = oneshot::channel();
                let deadline = None;
                queue
                    .send(Pending {
                        op: 1,
                        done,
                        deadline,
                    })
                    .await
                    .unwrap();
                go.notify_waiters();
                answer.await.unwrap().unwrap();
            }
        }));
        for t in tasks {
            t.await.unwrap();
        }
        writer.await.unwrap();
        assert_eq!(*batches.lock().unwrap(), vec![vec![1, 2, 3]]);
    }

    /// A database that cannot be reached: each batch hangs until its deadline, as a pool
    /// waiting for a connection does.
    struct Unreachable;

    impl Batch for Unreachable {
        type Op = u32;

        async fn write(&mut self, _: &[&u32], deadline: Option<Instant>) -> Result<(), StoreError> {
            tokio::time::sleep_until(deadline.expect("every write has one")).await;
            Err(late())
        }
    }

    /// Twelve writes, one every 100 ms, to a database that cannot be reached, each allowed
    /// a second: each is answered (refused) within its own second and a margin, never after
    /// the wait of the batch ahead of it plus its own (about two seconds).
    #[tokio::test]
    async fn a_write_queued_behind_a_hanging_batch_is_answered_within_its_own_wait() {
        let wait = Duration::from_secs(1);
        let (queue, rx) = mpsc::channel(64);
        tokio::spawn(run(Unreachable, rx, 512));
        let mut writes = Vec::new();
        for op in 0..12 {
            let queue = queue.clone();
            writes.push(tokio::spawn(async move {
                let sent = Instant::now();
                let answer = submit(&queue, op, Some(wait)).await;
                (answer, sent.elapsed())
            }));
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        for w in writes {
            let (answer, took) = w.await.unwrap();
            assert!(answer.unwrap_err().is_fault());
            assert!(took < wait + wait / 2, "answered after {took:?}");
        }
    }

    #[test]
    fn the_waits_of_a_write_fit_the_documented_answer_time() {
        use super::super::{COMMIT_WAIT, OUTAGE_ANSWER};
        assert!(WRITE_WAIT + COMMIT_WAIT < OUTAGE_ANSWER);
        assert!(super::super::postgres::ACQUIRE_TIMEOUT <= WRITE_WAIT);
    }
}
