#if DEBUG
  import Synchronization
#endif

/// The work a long paste makes the as-you-type formatter do, for the tests
/// that check it stays linear in the keys (`LongPasteTests`): bytes its
/// national number writes or moves beyond one-byte appends, and how often
/// the text awaiting a country code is built from scratch.
///
/// The formatter and its `DigitQueue` report their work here and keep no
/// count of their own. A debug build counts into the meter a test sets for
/// its task, and only then; a release build counts nothing (the reports
/// are empty and compile away).
///
///     let counts = WorkMeter.Counts()
///     WorkMeter.$current.withValue(counts) { formatter.input("5") }
///     counts.movedBytes  // the bytes that key moved
enum WorkMeter {
  #if DEBUG
    /// What a test counts, on whatever thread its formatter runs.
    final class Counts: Sendable {
      private let moved = Atomic<Int>(0)
      private let rebuilds = Atomic<Int>(0)

      init() {}

      /// Bytes written or moved beyond plain appends of one byte.
      var movedBytes: Int { moved.load(ordering: .relaxed) }
      /// How often the text awaiting a country code was built from scratch.
      var awaitedTextRebuilds: Int { rebuilds.load(ordering: .relaxed) }

      fileprivate func addMoved(_ count: Int) { moved.add(count, ordering: .relaxed) }
      fileprivate func addRebuild() { rebuilds.add(1, ordering: .relaxed) }
    }

    /// The counts of the task running now: set by a test, nil otherwise.
    @TaskLocal static var current: Counts?

    /// `count` bytes written or moved.
    static func moved(_ count: Int) { current?.addMoved(count) }

    /// The awaited text built from scratch.
    static func rebuiltAwaitedText() { current?.addRebuild() }
  #else
    @inline(__always) static func moved(_ count: Int) {}

    @inline(__always) static func rebuiltAwaitedText() {}
  #endif
}
