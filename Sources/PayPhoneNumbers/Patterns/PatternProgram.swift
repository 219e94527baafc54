/// One instruction of a compiled pattern program.
struct PatternInstruction: Sendable, Hashable {
  enum Opcode: UInt8, Sendable {
    /// Consume one digit in `digits`, then continue at `next`.
    case digit
    /// Continue at `next` first and at `alternative` second (priority order).
    case split
    /// Continue at `next`.
    case jump
    /// Record the current offset in capture slot `alternative`, continue at `next`.
    case save
    /// Continue at `next` only at the end of the input.
    case assertEnd
    /// The pattern has matched.
    case match
  }

  var opcode: Opcode
  var digits: UInt16 = 0
  var next: Int32 = 0
  var alternative: Int32 = 0
}

/// A Thompson NFA in program form: the shared input of the DFA builder
/// (which ignores priorities and captures) and the capture matcher (which
/// follows them).
///
/// Bounded repetitions are expanded: `x{2,4}` becomes `x x (x (x)?)?`, which
/// gives the same priorities as a backtracking engine.
struct PatternProgram: Sendable {
  /// The largest program accepted; bounds compile time and matcher memory.
  static let maxInstructions = 100_000

  private(set) var instructions: [PatternInstruction] = []
  /// Two slots (start, end) per capturing group, group 1 first.
  let slotCount: Int
  /// The number of split and save instructions.
  private(set) var branchCount = 0

  init(compiling node: PatternNode, groupCount: Int, source: String) throws(DigitPatternError) {
    slotCount = 2 * groupCount
    try emit(node, source: source)
    try append(PatternInstruction(opcode: .match), source: source)
  }

  private var nextIndex: Int32 {
    Int32(instructions.count)
  }

  private mutating func append(_ instruction: PatternInstruction, source: String) throws(DigitPatternError) {
    guard instructions.count < Self.maxInstructions else {
      throw DigitPatternError(
        pattern: source, message: "pattern expands to more than \(Self.maxInstructions) instructions")
    }
    var instruction = instruction
    if instruction.opcode == .split || instruction.opcode == .save { branchCount += 1 }
    if instruction.opcode != .match && instruction.opcode != .split && instruction.opcode != .jump {
      instruction.next = nextIndex + 1
    }
    instructions.append(instruction)
  }

  private mutating func emit(_ node: PatternNode, source: String) throws(DigitPatternError) {
    switch node {
    case .empty:
      break
    case .digits(let set):
      try append(PatternInstruction(opcode: .digit, digits: set.bits), source: source)
    case .endOfInput:
      try append(PatternInstruction(opcode: .assertEnd), source: source)
    case .concatenation(let parts):
      for part in parts { try emit(part, source: source) }
    case .alternation(let choices):
      var exits: [Int] = []
      for (index, choice) in choices.enumerated() {
        let isLast = index == choices.count - 1
        let split = instructions.count
        if !isLast { try append(PatternInstruction(opcode: .split, next: nextIndex + 1), source: source) }
        try emit(choice, source: source)
        if !isLast {
          exits.append(instructions.count)
          try append(PatternInstruction(opcode: .jump), source: source)
          instructions[split].alternative = nextIndex
        }
      }
      for exit in exits { instructions[exit].next = nextIndex }
    case .group(let index, let body):
      try append(PatternInstruction(opcode: .save, alternative: Int32(2 * (index - 1))), source: source)
      try emit(body, source: source)
      try append(PatternInstruction(opcode: .save, alternative: Int32(2 * (index - 1) + 1)), source: source)
    case .repetition(let body, let min, let max, let greedy):
      for _ in 0..<min { try emit(body, source: source) }
      if let max {
        var splits: [Int] = []
        for _ in min..<max {
          splits.append(instructions.count)
          try append(PatternInstruction(opcode: .split), source: source)
          try emit(body, source: source)
        }
        for split in splits { orient(split, body: split + 1, exit: nextIndex, greedy: greedy) }
      } else {
        let loop = instructions.count
        try append(PatternInstruction(opcode: .split), source: source)
        try emit(body, source: source)
        try append(PatternInstruction(opcode: .jump, next: Int32(loop)), source: source)
        orient(loop, body: Int32(loop + 1), exit: nextIndex, greedy: greedy)
      }
    }
  }

  /// Points a split at the body and the exit, the preferred one first.
  private mutating func orient(_ split: Int, body: some BinaryInteger, exit: Int32, greedy: Bool) {
    let body = Int32(body)
    instructions[split].next = greedy ? body : exit
    instructions[split].alternative = greedy ? exit : body
  }
}
