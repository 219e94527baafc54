internal import PayPhoneCore
@_spi(PayPhoneInternal) package import PayPhoneRecords
internal import PayPhoneText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Streams stdin lines through `jobs` worker threads (one job: the calling
/// thread) and writes their answers in input order — byte for byte what
/// one thread would write.
///
/// The reader (the calling thread) only reads and cuts: each block it reads
/// (up to 64 KiB) is handed, up to its last line end, as one chunk of whole
/// lines (one copy, no per-line work; `LineReader.forEachChunk`) to the
/// next free worker, which splits it into lines, answers them into a
/// buffer of its own, then writes every finished chunk that is next in
/// line: the lines, too-long ones included, are those one thread reading
/// with `LineReader` answers. At most `2 × jobs` chunks are in flight, so memory stays bounded
/// whatever the input; and since a block is handed on as soon as it is
/// read, an interactive caller still gets each answer at once (the
/// contract's streaming promise).
package enum OrderedParallelLines {
  /// Reads stdin to its end, answering on `jobs` threads; returns the exit
  /// status (1 when stdin cannot be read).
  package static func run(
    jobs: Int, _ handle: @escaping @Sendable (LineReader.Line, inout LineWriter) -> Void
  ) -> Int32 {
    let pipeline = OrderedPipeline(jobs: jobs)
    let read = Result { () throws(LineReader.ReadFailure) in
      try LineReader().forEachChunk { chunk in
        pipeline.submit { output in chunk.forEachLine { line in handle(line, &output) } }
      }
    }
    pipeline.finish()
    guard case .failure(let failure) = read else { return 0 }
    StandardStreams.writeError("payphone: cannot read standard input: \(failure.reason)\n")
    return 1
  }
}

/// Work answered on `jobs` worker threads, the answers written to standard
/// output in the order the work was submitted: the workers, the queue of
/// work waiting for one, and the in-order writing. At most `2 × jobs` pieces
/// are in flight (submitted, not yet written). Each piece writes into a
/// writer the pipeline lends it, one written out before if there is one:
/// its buffer has grown to a chunk's answer already, so a chunk's answer
/// is written with no growing and copying of a fresh buffer. With one job
/// there is no worker thread: each piece is answered and written as it is
/// submitted, on the calling thread.
package final class OrderedPipeline: Sendable {
  private let waiting = Locked(Queue())
  /// Counts the items in `waiting`.
  private let available = Semaphore(value: 0)
  /// Bounds the chunks read but not yet written.
  private let inFlight: Semaphore
  private let answers = Locked(Answers())
  /// Writers written out and emptied, for the next pieces of work (a lock
  /// of their own: a worker taking one does not wait for a write). A
  /// writer is made only when none is spare, so there are never more than
  /// pieces in flight (`2 × jobs`).
  private let spareWriters = Locked<[LineWriter]>([])
  private let threads: Locked<[pthread_t]> = Locked([])

  enum Work: Sendable {
    case work(sequence: Int, @Sendable (inout LineWriter) -> Void)
    case stop
  }

  struct Queue: ~Copyable {
    var items: [Work] = []
    var head = 0
    var nextSequence = 0
  }

  struct Answers: ~Copyable {
    var nextToWrite = 0
    var finished: [Int: LineWriter] = [:]
  }

  package init(jobs: Int) {
    inFlight = Semaphore(value: 2 * jobs)
    var started: [pthread_t] = []
    for _ in 0..<(jobs > 1 ? jobs : 0) {
      let box = Unmanaged.passRetained(self).toOpaque()
      var thread = pthread_t()
      let result = pthread_create(
        &thread, nil,
        { argument in
          guard let argument else { return nil }
          Unmanaged<OrderedPipeline>.fromOpaque(argument).takeRetainedValue().work()
          return nil
        }, box)
      if result == 0 {
        started.append(thread)
      } else {
        Unmanaged<OrderedPipeline>.fromOpaque(box).release()
      }
    }
    threads.withLock { $0 = started }
  }

  /// Queues an item for the next free worker, waiting while too many are
  /// in flight. (With one job, or should no worker thread have started,
  /// answers and writes it here.)
  package func submit(_ work: @escaping @Sendable (inout LineWriter) -> Void) {
    guard threads.withLock({ !$0.isEmpty }) else {
      var output = spareWriters.withLock { $0.popLast() } ?? LineWriter()
      work(&output)
      output.flushToStandardOutput()
      spareWriters.withLock { $0.append(output) }
      return
    }
    inFlight.wait()
    enqueue { queue in
      defer { queue.nextSequence += 1 }
      return .work(sequence: queue.nextSequence, work)
    }
  }

  /// Lets the workers finish what is queued, then waits for them (a
  /// second call does nothing).
  package func finish() {
    let started = threads.withLock { threads in
      defer { threads = [] }
      return threads
    }
    for _ in started { enqueue { _ in .stop } }
    for thread in started { pthread_join(thread, nil) }
  }

  private func enqueue(_ make: (inout Queue) -> Work) {
    waiting.withLock { queue in
      queue.items.append(make(&queue))
    }
    available.signal()
  }

  private func work() {
    while true {
      available.wait()
      let next = waiting.withLock { queue -> Work in
        // Taken out, not just passed: the queue keeps no finished work alive.
        let item = queue.items[queue.head]
        queue.items[queue.head] = .stop
        queue.head += 1
        if queue.head >= 64 && queue.head * 2 >= queue.items.count {
          queue.items.removeFirst(queue.head)
          queue.head = 0
        }
        return item
      }
      guard case .work(let sequence, let work) = next else { return }
      var output = spareWriters.withLock { $0.popLast() } ?? LineWriter()
      work(&output)
      deliver(output, sequence: sequence)
    }
  }

  /// Stores a chunk's answer and writes every answer that is next in line.
  private func deliver(_ output: LineWriter, sequence: Int) {
    answers.withLock { answers in
      answers.finished[sequence] = output
      while var ready = answers.finished.removeValue(forKey: answers.nextToWrite) {
        ready.flushToStandardOutput()
        answers.nextToWrite += 1
        spareWriters.withLock { $0.append(ready) }
        inFlight.signal()
      }
    }
  }
}

/// A counting semaphore on a pthread mutex and condition variable (kept
/// at fixed addresses, as pthreads requires).
final class Semaphore: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  /// Guarded by `mutex`.
  private var count: Int

  init(value: Int) {
    count = value
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  func wait() {
    pthread_mutex_lock(mutex)
    while count == 0 { pthread_cond_wait(condition, mutex) }
    count -= 1
    pthread_mutex_unlock(mutex)
  }

  func signal() {
    pthread_mutex_lock(mutex)
    count += 1
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
  }
}
