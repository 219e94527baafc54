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

  private let program: [PatternInstruction]
  private var states: [[Int32]] = []
  private var numbering: [[Int32]: Int32] = [:]
  // Closure scratch: a visit stamp per instruction, one for the paths before
  // any `$` and one for the paths after one.
  private var stamp: Int32 = 0
  private var seenBeforeEnd: [Int32]
  private var seenAfterEnd: [Int32]
  private var stack: [Int32] = []

  init(program: [PatternInstruction], source: String) throws(DigitPatternError) {
    self.program = program
    seenBeforeEnd = [Int32](repeating: 0, count: program.count)
    seenAfterEnd = [Int32](repeating: 0, count: program.count)
    _ = register(key: [-1], pcs: [], flags: 0)
    start = Int(closure(of: [0]))
    var next = 1
    var pending: [(seeds: [Int32], target: Int32)] = []
    while next < states.count {
      let pcs = states[next]
      pending.removeAll(keepingCapacity: true)
      for digit in UInt8(0)..<10 {
        let seeds = pcs.compactMap { pc -> Int32? in
          let instruction = program[Int(pc)]
          return DigitSet(bits: instruction.digits).contains(digit) ? instruction.next : nil
        }
        let target: Int32
        if seeds.isEmpty {
          target = 0
        } else if let known = pending.first(where: { $0.seeds == seeds }) {
          target = known.target
        } else {
          target = closure(of: seeds)
          pending.append((seeds, target))
        }
        transitions[next * 10 + Int(digit)] = target
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
    var pcs: [Int32] = []
    var stateFlags: UInt8 = 0
    var ends: [Int32] = []
    stack.removeAll(keepingCapacity: true)
    stack.append(contentsOf: seeds.reversed())
    while let pc = stack.popLast() {
      guard seenBeforeEnd[Int(pc)] != stamp else { continue }
      seenBeforeEnd[Int(pc)] = stamp
      let instruction = program[Int(pc)]
      switch instruction.opcode {
      case .digit: pcs.append(pc)
      case .split:
        stack.append(instruction.alternative)
        stack.append(instruction.next)
      case .jump, .save: stack.append(instruction.next)
      case .assertEnd: ends.append(instruction.next)
      case .match: stateFlags |= DigitAutomaton.Flag.acceptsHere | DigitAutomaton.Flag.acceptsAtEnd
      }
    }
    // After a `$` only a match at the end of the input is possible.
    stack = ends
    while let pc = stack.popLast() {
      guard seenAfterEnd[Int(pc)] != stamp else { continue }
      seenAfterEnd[Int(pc)] = stamp
      let instruction = program[Int(pc)]
      switch instruction.opcode {
      case .digit: break
      case .split:
        stack.append(instruction.alternative)
        stack.append(instruction.next)
      case .jump, .save, .assertEnd: stack.append(instruction.next)
      case .match: stateFlags |= DigitAutomaton.Flag.acceptsAtEnd
      }
    }
    pcs.sort()
    var key = pcs
    key.append(-1 - Int32(stateFlags))
    return register(key: key, pcs: pcs, flags: stateFlags)
  }

  private mutating func register(key: [Int32], pcs: [Int32], flags stateFlags: UInt8) -> Int32 {
    if let known = numbering[key] { return known }
    let state = Int32(states.count)
    numbering[key] = state
    states.append(pcs)
    flags.append(stateFlags)
    transitions.append(contentsOf: repeatElement(0, count: 10))
    return state
  }
}
