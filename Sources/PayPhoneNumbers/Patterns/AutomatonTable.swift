@_spi(PayPhoneInternal) internal import PayPhoneCore

/// The reader of a compiled automaton's tables in raw memory: the
/// per-state flags and the transitions (one byte each, or two when there
/// are more than 256 states) that ``DigitPatternStorage`` keeps after its
/// header. Its tables are checked by ``GeneratedTable``'s checks, the
/// library's one reader of tables in raw memory; its reads, made per
/// match, use the pointers directly.
///
/// The hot paths (every pattern match of parsing, validation and
/// formatting) read the tables without bounds checks. That is sound because
/// ``validate(flags:transitions:stateCount:isWide:start:)`` checked, once,
/// when the tables were built, that:
/// - there is at least the dead state 0, and the start state is a state;
/// - every transition names a state (so a run never leaves the tables);
/// - two-byte transitions start at an address aligned for `UInt16` (so
///   their loads are aligned).
///
/// A storage whose tables fail the check is never made: the pattern does
/// not compile.
struct AutomatonTable {
  // Raw pointers, not ``GeneratedTable``s: a reader is made per match,
  // and a table's owner reference would be retained and released with
  // each. The checks are the table's, in `validate`.
  private let flags: UnsafePointer<UInt8>
  /// Bytes: one per transition, or a `UInt16` (aligned) per two.
  private let transitions: UnsafeRawPointer
  let isWide: Bool
  let start: Int

  /// Why a table was refused.
  enum Defect: Error, Equatable {
    case noStates
    case startOutOfRange
    case transitionOutOfRange(index: Int)
    case misaligned
    /// State 0 is not dead: it accepts, or leads to another state.
    case liveDeadState
  }

  /// Checks the invariants the unchecked reads rely on, over `stateCount`
  /// states' flags at `flags` and `stateCount × 10` transitions at
  /// `transitions`.
  static func validate(
    flags: UnsafePointer<UInt8>, transitions: UnsafeRawPointer, stateCount: Int, isWide: Bool, start: Int
  ) throws(Defect) {
    guard stateCount >= 1 else { throw .noStates }
    guard start >= 0 && start < stateCount else { throw .startOutOfRange }
    // `matchesEntirely` runs on through the dead state, to the end or to
    // its next test: state 0 must not accept and must lead only to itself.
    guard flags[0] & DigitAutomaton.Flag.acceptsAtEnd == 0 else { throw .liveDeadState }
    let count = stateCount * 10
    let table = GeneratedTable<UInt8>(
      unowned: transitions.assumingMemoryBound(to: UInt8.self), count: isWide ? 2 * count : count)
    if isWide {
      do throws(TableDefect) {
        try table.check(aligned: UInt16.self, byteOffset: 0, count: count)
      } catch {
        throw .misaligned
      }
      for index in 0..<count
      where Int(table.load(uncheckedByteOffset: 2 * index, as: UInt16.self)) >= stateCount {
        throw .transitionOutOfRange(index: index)
      }
    } else {
      do throws(TableDefect) {
        try table.check(everyIndexBelow: stateCount)
      } catch {
        if case .outOfBounds(let index) = error { throw .transitionOutOfRange(index: index) }
        throw .noStates
      }
    }
    for digit in 0..<10 {
      let target =
        isWide
        ? Int(table.load(uncheckedByteOffset: 2 * digit, as: UInt16.self)) : Int(table[unchecked: digit])
      guard target == 0 else { throw .liveDeadState }
    }
  }

  /// A reader of tables that passed `validate` (the storage's own, whose
  /// check ran when it was made).
  @inline(__always)
  init(validated flags: UnsafePointer<UInt8>, transitions: UnsafeRawPointer, isWide: Bool, start: Int) {
    self.flags = flags
    self.transitions = transitions
    self.isWide = isWide
    self.start = start
  }

  /// The flags of `state` (a state of the table).
  @inline(__always)
  func flags(of state: Int) -> UInt8 {
    flags[state]
  }

  /// The state after `digit` (0...9) from `state`; 0 is the dead state.
  @inline(__always)
  func state(after digit: Int, from state: Int) -> Int {
    let index = state &* 10 &+ digit
    return isWide
      ? Int(transitions.load(fromByteOffset: index &* 2, as: UInt16.self))
      : Int(transitions.load(fromByteOffset: index, as: UInt8.self))
  }

  /// Whether the whole input is in the language.
  ///
  /// As the dead state is absorbing and does not accept (checked in
  /// `validate`), the run tests for it once per four digits, not after
  /// each; and the transitions are indexed by the byte itself, less the
  /// `"0"` folded into the load's offset.
  @inline(__always)
  func matchesEntirely(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
    // One loop per width, so the width is not tested per digit.
    let state =
      isWide
      ? Self.run(input, from: start) { state, byte in
        Int(transitions.load(fromByteOffset: (state &* 10 &+ Int(byte)) &* 2 &- 96, as: UInt16.self))
      }
      : Self.run(input, from: start) { state, byte in
        Int(transitions.load(fromByteOffset: state &* 10 &+ Int(byte) &- 48, as: UInt8.self))
      }
    guard let state else { return false }
    return flags[state] & DigitAutomaton.Flag.acceptsAtEnd != 0
  }

  /// The state after `input` from `state`, stepped by `next` (given a
  /// byte that is an ASCII digit), four digits at a time, stopping early at
  /// the dead state 0 only between them; nil when a byte is not an ASCII
  /// digit.
  @inline(__always)
  private static func run(
    _ input: UnsafeBufferPointer<UInt8>, from state: Int, _ next: (Int, UInt8) -> Int
  ) -> Int? {
    guard let base = input.baseAddress else { return state }
    @inline(__always)
    func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
    let count = input.count
    var state = state
    var index = 0
    while index &+ 4 <= count {
      let (first, second, third, fourth) = (base[index], base[index &+ 1], base[index &+ 2], base[index &+ 3])
      guard isDigit(first) else { return nil }
      state = next(state, first)
      guard isDigit(second) else { return nil }
      state = next(state, second)
      guard isDigit(third) else { return nil }
      state = next(state, third)
      guard isDigit(fourth) else { return nil }
      state = next(state, fourth)
      if state == 0 { return 0 }
      index &+= 4
    }
    while index < count {
      let byte = base[index]
      guard isDigit(byte) else { return nil }
      state = next(state, byte)
      index &+= 1
    }
    return state
  }

  /// Whether some prefix of the input (possibly empty) is in the language.
  @inline(__always)
  func matchesPrefix(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
    var state = start
    for byte in input {
      if flags[state] & DigitAutomaton.Flag.acceptsHere != 0 { return true }
      let digit = byte &- UInt8(ascii: "0")
      guard digit < 10 else { return false }
      state = self.state(after: Int(digit), from: state)
      if state == 0 { return false }
    }
    return flags[state] & DigitAutomaton.Flag.acceptsAtEnd != 0
  }
}
