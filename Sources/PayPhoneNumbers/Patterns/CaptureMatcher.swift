/// Finds the match `java.util.regex` would report, with its group spans,
/// choosing between two engines that give the same answer: the
/// ``BoundedBacktracker`` when its scratch fits in 1 KiB of stack (phone-length
/// inputs), else the ``ThreadedMatcher``, whose memory does not grow with the
/// input.
struct CaptureMatcher: Sendable {
  /// Which engine runs; tests force each one to check both.
  enum Engine {
    case automatic
    case backtracking
    case threads
  }

  /// Scratch up to this many bytes is allocated on the stack by
  /// `withUnsafeTemporaryAllocation`; beyond it a call costs a heap allocation.
  static let stackScratchBytes = 1024

  let program: PatternProgram

  /// The highest-priority match of a prefix of `input` (Java `lookingAt`),
  /// or, with `wholeInput`, of all of it (Java `matches`).
  func firstMatch(
    in input: UnsafeBufferPointer<UInt8>, wholeInput: Bool, engine: Engine = .automatic
  ) -> PatternMatch? {
    program.instructions.withUnsafeBufferPointer { instructions in
      let slotCount = program.slotCount
      let backtrackingScratch = BoundedBacktracker.scratchCount(program: program, inputCount: input.count)
      let useBacktracking: Bool
      switch engine {
      case .automatic:
        useBacktracking = backtrackingScratch * MemoryLayout<Int32>.stride <= Self.stackScratchBytes
      case .backtracking:
        useBacktracking = input.count < Int(Int32.max)
      case .threads:
        useBacktracking = false
      }
      if useBacktracking {
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: backtrackingScratch) { scratch in
          guard let base = scratch.baseAddress else { return nil }
          return BoundedBacktracker.firstMatch(
            program: instructions, slotCount: slotCount, input: input, wholeInput: wholeInput, scratch: base)
        }
      }
      let threadsScratch = ThreadedMatcher.scratchCount(program: program)
      return withUnsafeTemporaryAllocation(of: Int.self, capacity: threadsScratch) { scratch in
        guard let base = scratch.baseAddress else { return nil }
        return ThreadedMatcher.firstMatch(
          program: instructions, slotCount: slotCount, input: input, wholeInput: wholeInput, scratch: base)
      }
    }
  }
}
