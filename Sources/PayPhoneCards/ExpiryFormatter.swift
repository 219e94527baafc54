public import PayPhoneMasks
import PayPhoneText

/// Formats an expiry date field as it is typed, on the `##/##` shorthand
/// mask.
///
/// The mask writes the `/` only once a year digit follows it, so the text
/// never ends in `/` and backspace always deletes a digit. Before the mask,
/// three readings of what a person means:
/// - a first digit from 2 to 9 can only start a month: `4` → `04`;
/// - one month digit followed by a separator is a month: `1/` → `01`,
///   `1/2` → `01/2` (`0/` stays `0`);
/// - a pasted four-digit year keeps its last two digits: `12/2034`,
///   `1/2034` and `122034` → `12/34`, `01/34`.
///
/// Digits of any script count; other characters are dropped.
///
///     let formatter = ExpiryFormatter()
///     formatter.format("4").text       // "04"
///     formatter.format("042").text     // "04/2"
///     formatter.format("04/").text     // "04" (backspace over "04/2")
///     formatter.format("1225").isComplete  // true
public struct ExpiryFormatter: Sendable, Hashable {
  /// The `##/##` mask the text is shaped by.
  public let mask = ShorthandMask("##/##")

  public init() {}

  /// Formats the field's whole text; the caret belongs at the end of the
  /// result. `value` holds the digits (`MMYY` so far).
  ///
  /// - Complexity: O(n).
  public func format(_ text: String) -> ShorthandMask.Result {
    mask.apply(Self.normalizedDigits(DigitFolding.fold(text)))
  }

  /// The month and year digits the text means, before masking.
  static func normalizedDigits(_ text: String) -> String {
    let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    let bytes = Array(text.utf8)
    var groups: [[UInt8]] = []
    var current: [UInt8] = []
    for byte in bytes {
      if isDigit(byte) {
        current.append(byte)
      } else if !current.isEmpty {
        groups.append(current)
        current = []
      }
    }
    let endsInSeparator = current.isEmpty && !groups.isEmpty
    if !current.isEmpty { groups.append(current) }
    guard let first = groups.first else { return "" }

    var month = first
    var year = Array(groups.dropFirst().joined())
    let separated = groups.count > 1 || endsInSeparator
    if separated && first.count == 1 && first[0] != UInt8(ascii: "0") {
      month = [UInt8(ascii: "0")] + first
    } else if !separated && first.count == 6 {
      month = Array(first.prefix(2))
      year = Array(first.dropFirst(2))
    } else if first[0] >= UInt8(ascii: "2") {
      month = [UInt8(ascii: "0")] + first
    }
    if month.count == 2 && year.count == 4 { year = Array(year.suffix(2)) }
    return String(decoding: month + year, as: UTF8.self)
  }
}
