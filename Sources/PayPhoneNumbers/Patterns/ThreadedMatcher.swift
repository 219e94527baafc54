/// Finds the match `java.util.regex` would report, with its group spans, by
/// simulating the pattern program with prioritised threads (a Pike VM).
///
/// Threads are kept in priority order (the order a backtracking engine would
/// try them); at each input position a program point is claimed by the first
/// thread to reach it, and a match cuts off every thread of lower priority.
/// The result is the backtracking engine's first match, found in one pass
/// over the input with no backtracking and no recursion.
///
/// - Complexity: O(input length × program size) time; memory O(program size ×
///   group count), independent of the input length.
enum ThreadedMatcher {
  /// The `Int` scratch a run needs.
  static func scratchCount(program: PatternProgram) -> Int {
    let count = program.instructions.count
    return 3 * count + 2 * count * program.slotCount + 2 * program.slotCount + 2 * (2 * count + 2)
  }

  /// The first match in priority order of a prefix of `input`, or with
  /// `wholeInput` of all of it; `scratch` holds ``scratchCount(program:)`` values.
  static func firstMatch(
    program: UnsafeBufferPointer<PatternInstruction>, slotCount: Int, input: UnsafeBufferPointer<UInt8>,
    wholeInput: Bool, scratch: UnsafeMutablePointer<Int>
  ) -> PatternMatch? {
    var machine = PikeMachine(
      program: program, slots: slotCount, scratch: scratch, input: input, wholeInput: wholeInput)
    return machine.run()
  }
}

/// The threads waiting at one input position: their digit instructions in
/// priority order, and each thread's capture slots.
private struct ThreadList {
  let pcs: UnsafeMutablePointer<Int>
  let captures: UnsafeMutablePointer<Int>
  var count = 0
}

private struct PikeMachine {
  let program: UnsafeBufferPointer<PatternInstruction>
  let slots: Int
  let input: UnsafeBufferPointer<UInt8>
  let wholeInput: Bool
  /// The input position at which each instruction was last reached.
  let visited: UnsafeMutablePointer<Int>
  var current: ThreadList
  var upcoming: ThreadList
  /// The captures of the thread being followed.
  let work: UnsafeMutablePointer<Int>
  let best: UnsafeMutablePointer<Int>
  /// Pairs: (instruction, 0) to follow, or (-1 - slot, value) to restore a slot.
  let stack: UnsafeMutablePointer<Int>
  var bestEnd = -1

  init(
    program: UnsafeBufferPointer<PatternInstruction>, slots: Int, scratch: UnsafeMutablePointer<Int>,
    input: UnsafeBufferPointer<UInt8>, wholeInput: Bool
  ) {
    let count = program.count
    self.program = program
    self.slots = slots
    self.input = input
    self.wholeInput = wholeInput
    visited = scratch
    current = ThreadList(pcs: scratch + count, captures: scratch + 3 * count)
    upcoming = ThreadList(pcs: scratch + 2 * count, captures: scratch + 3 * count + count * slots)
    work = scratch + 3 * count + 2 * count * slots
    best = work + slots
    stack = best + slots
    visited.update(repeating: -1, count: count)
    work.update(repeating: -1, count: slots)
  }

  mutating func run() -> PatternMatch? {
    _ = follow(from: 0, at: 0)
    swap(&current, &upcoming)
    var position = 0
    while current.count > 0 && position < input.count {
      let digit = input[position] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      upcoming.count = 0
      for index in 0..<current.count {
        let instruction = program[current.pcs[index]]
        guard instruction.digits >> UInt16(digit) & 1 != 0 else { continue }
        copy(current.captures + index * slots, to: work)
        // A match cuts off the remaining, lower-priority threads.
        if follow(from: Int(instruction.next), at: position + 1) { break }
      }
      swap(&current, &upcoming)
      position += 1
    }
    guard bestEnd >= 0 else { return nil }
    return PatternMatch(end: bestEnd, slots: best, count: slots)
  }

  /// Follows the non-consuming instructions from `start` in priority order,
  /// queueing the digit instructions reached on `upcoming`; returns true on a
  /// match.
  private mutating func follow(from start: Int, at position: Int) -> Bool {
    var top = 1
    stack[0] = start
    stack[1] = 0
    while top > 0 {
      top -= 1
      let code = stack[2 * top]
      if code < 0 {
        work[-1 - code] = stack[2 * top + 1]
        continue
      }
      if visited[code] == position { continue }
      visited[code] = position
      let instruction = program[code]
      switch instruction.opcode {
      case .digit:
        upcoming.pcs[upcoming.count] = code
        copy(work, to: upcoming.captures + upcoming.count * slots)
        upcoming.count += 1
      case .jump:
        push(Int(instruction.next), &top)
      case .split:
        push(Int(instruction.alternative), &top)
        push(Int(instruction.next), &top)
      case .save:
        let slot = Int(instruction.alternative)
        push(-1 - slot, &top, value: work[slot])
        work[slot] = position
        push(Int(instruction.next), &top)
      case .assertEnd:
        if position == input.count { push(Int(instruction.next), &top) }
      case .match:
        if !wholeInput || position == input.count {
          bestEnd = position
          copy(work, to: best)
          return true
        }
      }
    }
    return false
  }

  /// Copies one thread's slots; a plain loop, as the few slots make a
  /// `memmove` call the larger cost.
  @inline(__always)
  private func copy(_ source: UnsafeMutablePointer<Int>, to target: UnsafeMutablePointer<Int>) {
    var slot = 0
    while slot < slots {
      target[slot] = source[slot]
      slot += 1
    }
  }

  @inline(__always)
  private func push(_ code: Int, _ top: inout Int, value: Int = 0) {
    stack[2 * top] = code
    stack[2 * top + 1] = value
    top += 1
  }
}
