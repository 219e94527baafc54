/// How a card number is split into groups for display.
///
/// Some leading groups of fixed sizes, then either a group size that repeats
/// to the end or one last group holding the rest. American Express and
/// Diners Club use 4-6-rest (`3782 822463 10005`); every other brand, and a
/// number whose brand is not known, groups by 4 all the way.
///
///     CardGrouping.fourSixRest.format("378282246310005")  // "3782 822463 10005"
///     CardGrouping.byFour.format("6205500000000000004")   // "6205 5000 0000 0000 004"
public struct CardGrouping: Hashable, Sendable, CustomStringConvertible {
  /// The sizes of the first groups, in order.
  public let leadingGroups: [Int]
  /// The size of every group after the leading ones, or nil for one group
  /// holding all the remaining digits.
  public let repeatingGroup: Int?

  /// Groups of 4 all the way: `4111 1111 1111 1111`.
  public static let byFour = CardGrouping(leadingGroups: [], repeatingGroup: 4)
  /// A group of 4, one of 6, then the rest: `3782 822463 10005`.
  public static let fourSixRest = CardGrouping(leadingGroups: [4, 6], repeatingGroup: nil)

  /// Creates a grouping. Sizes below 1 are ignored (a non-positive
  /// `repeatingGroup` acts as nil).
  public init(leadingGroups: [Int], repeatingGroup: Int?) {
    self.leadingGroups = leadingGroups
    self.repeatingGroup = repeatingGroup
  }

  /// `"4-6-rest"` (``fourSixRest``) or `"4 repeated"` (``byFour``).
  public var description: String {
    let last = repeatingGroup.map { "\($0) repeated" } ?? "rest"
    return (leadingGroups.map(String.init) + [last]).joined(separator: "-")
  }

  /// Splits ASCII digits into groups joined by single spaces. Characters
  /// are copied as they are; no trailing space is ever written.
  ///
  /// - Complexity: O(n).
  public func format(_ digits: String) -> String {
    var digits = digits
    return digits.withUTF8 { format(utf8: $0) }
  }

  func format(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String {
    guard !bytes.isEmpty else { return "" }
    let capacity = bytes.count * 2
    return String(unsafeUninitializedCapacity: capacity) { output in
      var written = 0
      var groupIndex = 0
      var inGroup = 0
      var groupSize = size(ofGroup: 0)
      for byte in bytes {
        if let size = groupSize, inGroup == size {
          output[written] = UInt8(ascii: " ")
          written += 1
          groupIndex += 1
          inGroup = 0
          groupSize = self.size(ofGroup: groupIndex)
        }
        output[written] = byte
        written += 1
        inGroup += 1
      }
      return written
    }
  }

  /// The size of group `index`, or nil when it runs to the end.
  private func size(ofGroup index: Int) -> Int? {
    var position = 0
    for size in leadingGroups where size > 0 {
      if position == index { return size }
      position += 1
    }
    guard let repeatingGroup, repeatingGroup > 0 else { return nil }
    return repeatingGroup
  }
}
