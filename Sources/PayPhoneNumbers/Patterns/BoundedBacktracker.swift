/// Finds the match a backtracking engine reports by trying the pattern
/// program depth-first in priority order, exactly as `java.util.regex` does,
/// but remembering every (instruction, input position) pair already tried so
/// that none is tried twice.
///
/// A pair tried before can only have failed (the first success ends the
/// search), and its outcome does not depend on the captures, so skipping it
/// changes nothing but the running time: at most one step per pair. Used for
/// short inputs, where the memory for the pairs is small; it runs ahead of
/// ``ThreadedMatcher`` there because it follows one path instead of keeping
/// a list of threads.
enum BoundedBacktracker {
  /// The `Int32` scratch a run needs: a bit per pair, the capture slots, and
  /// a stack of pending alternatives and capture restores (one per split or
  /// save instruction per position at most).
  static func scratchCount(program: PatternProgram, inputCount: Int) -> Int {
    let pairs = program.instructions.count * (inputCount + 1)
    let stackEntries = program.branchCount * (inputCount + 1) + 1
    return (pairs + 31) / 32 + program.slotCount + 2 * stackEntries
  }

  /// The first match in priority order of a prefix of `input`, or with
  /// `wholeInput` of all of it; `scratch` holds ``scratchCount(program:inputCount:)`` values.
  static func firstMatch(
    program: UnsafeBufferPointer<PatternInstruction>, slotCount: Int, input: UnsafeBufferPointer<UInt8>,
    wholeInput: Bool, scratch: UnsafeMutablePointer<Int32>
  ) -> PatternMatch? {
    let width = input.count + 1
    let words = (program.count * width + 31) / 32
    let tried = scratch
    tried.update(repeating: 0, count: words)
    let captures = scratch + words
    captures.update(repeating: -1, count: slotCount)
    let stack = captures + slotCount
    stack[0] = 0
    stack[1] = 0
    var top = 1
    while top > 0 {
      top -= 1
      var pc = Int(stack[2 * top])
      var position = Int(stack[2 * top + 1])
      if pc < 0 {
        captures[-1 - pc] = Int32(position)
        continue
      }
      path: while true {
        let pair = pc * width + position
        let bit: Int32 = 1 &<< Int32(pair & 31)
        if tried[pair >> 5] & bit != 0 { break path }
        tried[pair >> 5] |= bit
        let instruction = program[pc]
        switch instruction.opcode {
        case .digit:
          guard position < input.count else { break path }
          let digit = input[position] &- UInt8(ascii: "0")
          guard digit < 10 && instruction.digits >> UInt16(digit) & 1 != 0 else { break path }
          pc = Int(instruction.next)
          position += 1
        case .jump:
          pc = Int(instruction.next)
        case .split:
          stack[2 * top] = instruction.alternative
          stack[2 * top + 1] = Int32(position)
          top += 1
          pc = Int(instruction.next)
        case .save:
          let slot = Int(instruction.alternative)
          stack[2 * top] = -1 - instruction.alternative
          stack[2 * top + 1] = captures[slot]
          top += 1
          captures[slot] = Int32(position)
          pc = Int(instruction.next)
        case .assertEnd:
          guard position == input.count else { break path }
          pc = Int(instruction.next)
        case .match:
          guard !wholeInput || position == input.count else { break path }
          return PatternMatch(end: position, slots: captures, count: slotCount)
        }
      }
    }
    return nil
  }
}
