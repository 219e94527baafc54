/// Builds a deterministic automaton from a ``PatternProgram`` by the subset
/// construction: each state is the set of digit-consuming instructions the
/// program can be at after reading some input.
///
/// Priorities and captures do not matter for the language, so splits are
/// plain choices and saves are skipped. `$` is followed only to find out
/// whether a match is reachable at the end of the input; digit instructions
/// reached after it can never run, so they are dropped.
struct SubsetConstruction {
  /// `state * 10 + digit` → state; state 0 is the dead state.
  private(set) var transitions: [Int32] = []
  private(set) var flags: [UInt8] = []
  private(set) var start = 0

  /// A state's identity: its sorted digit instructions and its flags, hashed
  /// in one call rather than element by element.
  private struct StateKey: Hashable {
    let pcs: [Int32]
    let flags: UInt8

    func hash(into hasher: inout Hasher) {
      hasher.combine(flags)
      pcs.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
  }

  private let program: [PatternInstruction]
  private var states: [[Int32]] = []
  private var numbering: [StateKey: Int32] = [:]
  // Closure scratch: a visit stamp per instruction, one for the paths before
  // any `$` and one for the paths after one.
  private var stamp: Int32 = 0
  private var seenBeforeEnd: [Int32]
  private var seenAfterEnd: [Int32]
  private var stack: [Int32] = []
  private var reached: [Int32] = []
  private var ends: [Int32] = []

  init(program: [PatternInstruction], source: String) throws(DigitPatternError) {
    self.program = program
    seenBeforeEnd = [Int32](repeating: 0, count: program.count)
    seenAfterEnd = [Int32](repeating: 0, count: program.count)
    _ = register(StateKey(pcs: [], flags: 0))
    start = Int(closure(of: [0]))
    // The successors of one state, by digit, gathered in one pass over its
    // instructions (each adds its next to the seeds of its digits): digits
    // with the same seeds share one closure.
    var seedsByDigit = [[Int32]](repeating: [], count: 10)
    var next = 1
    while next < states.count {
      for digit in 0..<10 { seedsByDigit[digit].removeAll(keepingCapacity: true) }
      for pc in states[next] {
        let instruction = program[Int(pc)]
        var digits = instruction.digits
        while digits != 0 {
          seedsByDigit[digits.trailingZeroBitCount].append(instruction.next)
          digits &= digits - 1
        }
      }
      for digit in 0..<10 {
        let seeds = seedsByDigit[digit]
        guard !seeds.isEmpty else { continue }  // A state's transitions start at 0, the dead state.
        if let known = (0..<digit).first(where: { seedsByDigit[$0] == seeds }) {
          transitions[next * 10 + digit] = transitions[next * 10 + known]
          continue
        }
        let target = closure(of: seeds)
        transitions[next * 10 + digit] = target
      }
      if states.count > DigitAutomaton.maxStates {
        throw DigitPatternError(
          pattern: source, message: "pattern needs more than \(DigitAutomaton.maxStates) automaton states")
      }
      next += 1
    }
  }

  /// The state for the epsilon closure of `seeds`, created if new.
  private mutating func closure(of seeds: [Int32]) -> Int32 {
    stamp += 1
    var stateFlags: UInt8 = 0
    reached.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    stack.removeAll(keepingCapacity: true)
    stack.append(contentsOf: seeds)
    while let pc = stack.popLast() {
      guard seenBeforeEnd[Int(pc)] != stamp else { continue }
      seenBeforeEnd[Int(pc)] = stamp
      let instruction = program[Int(pc)]
      switch instruction.opcode {
      case .digit:
        reached.append(pc)
      case .split:
        stack.append(instruction.alternative)
        stack.append(instruction.next)
      case .jump, .save:
        stack.append(instruction.next)
      case .assertEnd:
        ends.append(instruction.next)
      case .match:
        stateFlags |= DigitAutomaton.Flag.acceptsHere | DigitAutomaton.Flag.acceptsAtEnd
      }
    }
    // After a `$` only a match at the end of the input is possible.
    stack.append(contentsOf: ends)
    while let pc = stack.popLast() {
      guard seenAfterEnd[Int(pc)] != stamp else { continue }
      seenAfterEnd[Int(pc)] = stamp
      let instruction = program[Int(pc)]
      switch instruction.opcode {
      case .digit:
        break
      case .split:
        stack.append(instruction.alternative)
        stack.append(instruction.next)
      case .jump, .save, .assertEnd:
        stack.append(instruction.next)
      case .match:
        stateFlags |= DigitAutomaton.Flag.acceptsAtEnd
      }
    }
    reached.sort()
    return register(StateKey(pcs: reached, flags: stateFlags))
  }

  private mutating func register(_ key: StateKey) -> Int32 {
    if let known = numbering[key] { return known }
    let state = Int32(states.count)
    numbering[key] = state
    states.append(key.pcs)
    flags.append(key.flags)
    transitions.append(contentsOf: repeatElement(0, count: 10))
    return state
  }
}
