@_spi(PayPhoneInternal) internal import PayPhoneCore

/// Which patterns of a list can still match a national number, by the
/// number's first two digits: one 32-bit mask per pair `00`...`99`, bit i
/// for pattern i.
///
/// A cleared bit means the pattern's automaton is dead after those two
/// digits (for a prefix check: dead before accepting), so the pattern cannot
/// match; a set bit means it may. Checking only the set bits, in order,
/// gives the same first match as checking every pattern, and touches the
/// tables of far fewer.
struct PrefixCandidates: Sendable {
  /// 100 masks (checked when built), so a pair's is read unchecked.
  private let masks: GeneratedTable<UInt32>

  /// At most this many patterns per list.
  static let capacity = 32

  /// Masks for a list of patterns, each given as whether it may match an
  /// input starting with two digits (0...9 each).
  init?(count: Int, mayMatch: (_ index: Int, _ first: Int, _ second: Int) -> Bool) {
    guard count <= Self.capacity else { return nil }
    var masks = [UInt32](repeating: 0, count: 100)
    for first in 0..<10 {
      for second in 0..<10 {
        for index in 0..<count where mayMatch(index, first, second) {
          masks[first * 10 + second] |= 1 << UInt32(index)
        }
      }
    }
    let table = GeneratedTable(copying: masks)
    do throws(TableDefect) {
      try table.check(count: 100)
    } catch {
      return nil
    }
    self.masks = table
  }

  /// The patterns that may match `digits`: all when it is shorter than two
  /// or does not start with two ASCII digits.
  func mask(for digits: UnsafeBufferPointer<UInt8>) -> UInt32 {
    guard digits.count >= 2 else { return ~0 }
    let first = digits[0] &- UInt8(ascii: "0")
    let second = digits[1] &- UInt8(ascii: "0")
    guard first < 10 && second < 10 else { return ~0 }
    // Always 100 masks: no bounds check, so only the mask's cache line is
    // read.
    return masks[unchecked: Int(first) &* 10 &+ Int(second)]
  }
}
