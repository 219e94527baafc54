internal import PayPhoneText

/// Hides card-number-like digit runs in text bound for standard error.
///
/// Usage errors quote what was given (`--today needs a date as YYYY-MM-DD,
/// not '…'`, the columns of a CSV header), and that can be a card number
/// typed into the wrong place. A run of 12 or more digits (of any script),
/// in groups split by one to three separators as a card number in text may
/// be (``DigitGroupSeparators``: spaces, dashes, dots, slashes,
/// underscores, zero-width spaces), keeps its last four digits and its
/// separators; the other digits become `*`.
///
///     DigitRunRedaction.redact("not '4111 1111 1111 1111'")  // "not '**** **** **** 1111'"
///     DigitRunRedaction.redact("not '4111/1111/1111/1111'")  // "not '****/****/****/1111'"
package enum DigitRunRedaction {
  package static let minimumDigits = 12

  package static func redact(_ text: String) -> String {
    Array(text.unicodeScalars).withUnsafeBufferPointer { scalars in
      var output = String.UnicodeScalarView()
      var index = 0
      while index < scalars.count {
        guard DigitProperties.isDecimalDigit(scalars[index]) else {
          output.append(scalars[index])
          index += 1
          continue
        }
        let (end, digits) = run(in: scalars, from: index)
        var digitsLeft = digits
        for scalar in scalars[index..<end] {
          if DigitProperties.isDecimalDigit(scalar) {
            output.append(digits >= minimumDigits && digitsLeft > 4 ? "*" : scalar)
            digitsLeft -= 1
          } else {
            output.append(scalar)
          }
        }
        index = end
      }
      return String(output)
    }
  }

  /// The end of the run of digit groups starting at `start` (a digit), and
  /// how many digits it holds.
  private static func run(in scalars: UnsafeBufferPointer<Unicode.Scalar>, from start: Int)
    -> (end: Int, digits: Int)
  {
    var end = start
    var digits = 0
    var group: Int? = start
    while let groupStart = group {
      end = groupStart
      while end < scalars.count && DigitProperties.isDecimalDigit(scalars[end]) {
        digits += 1
        end += 1
      }
      group = DigitGroupSeparators.nextGroup(in: scalars, after: end, isDigit: DigitProperties.isDecimalDigit)
    }
    return (end, digits)
  }
}
