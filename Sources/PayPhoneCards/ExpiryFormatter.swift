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
/// Digits of any script count; other characters are dropped. The
/// formatter is an `TextMasking`: its result is the masks' `MaskResult`, with
/// the caret at the end of the text (in characters), and a text field
/// binding drives it like any mask (`apply(_:)` on a `CaretText` or a
/// `TextEdit`).
///
///     let formatter = ExpiryFormatter()
///     formatter.format("4").text       // "04"
///     formatter.format("042").text     // "04/2"
///     formatter.format("04/").text     // "04" (backspace over "04/2")
///     formatter.format("1225").isComplete  // true
public struct ExpiryFormatter: TextMasking, Hashable {
  /// The `##/##` mask the text is shaped by.
  ///
  ///     ExpiryFormatter().mask.format  // "##/##"
  public let mask = ShorthandMask("##/##")

  /// A formatter for `MM/YY` as it is typed.
  ///
  ///     ExpiryFormatter().format("1225").text  // "12/25"
  public init() {}

  /// Formats the field's whole text; the caret belongs at the end of the
  /// result. `value` holds the digits (`MMYY` so far).
  ///
  ///     ExpiryFormatter().format("1/2").text  // "01/2"
  ///
  /// - Complexity: O(n).
  public func format(_ text: String) -> MaskResult {
    mask.apply(Self.normalizedDigits(DigitFolding.fold(text)))
  }

  /// Formats the field's whole text, as `format(_:)`; the caret and gravity
  /// are not used: the caret goes to the end of the result.
  ///
  ///     ExpiryFormatter().apply(CaretText("042", caret: 1)).caret  // 4
  public func apply(_ input: CaretText) -> MaskResult {
    format(input.text)
  }

  /// The month and year digits the text means, before masking.
  static func normalizedDigits(_ text: String) -> String {
    var text = text
    return text.withUTF8 { bytes in
      // One pass: the first run of digits, whether anything follows it,
      // and every later digit.
      var digits: [UInt8] = []
      digits.reserveCapacity(bytes.count + 1)
      var firstCount = 0
      var separated = false
      for byte in bytes {
        if byte &- UInt8(ascii: "0") < 10 {
          digits.append(byte)
          if !separated { firstCount += 1 }
        } else if firstCount > 0 {
          separated = true
        }
      }
      guard firstCount > 0 else { return "" }
      var yearStart = firstCount
      if separated && firstCount == 1 && digits[0] != UInt8(ascii: "0") {
        digits.insert(UInt8(ascii: "0"), at: 0)
        yearStart = 2
      } else if !separated && firstCount == 6 && digits[0] < UInt8(ascii: "2") {
        // MMYYYY; six digits from 2 to 9 on start a month like any others,
        // or "800002" would show "80/02" and then re-format as "08/00".
        yearStart = 2
      } else if digits[0] >= UInt8(ascii: "2") {
        digits.insert(UInt8(ascii: "0"), at: 0)
        yearStart += 1
      }
      if yearStart == 2 && digits.count - yearStart == 4 { digits.removeSubrange(2..<4) }
      return String(decoding: digits, as: UTF8.self)
    }
  }
}
