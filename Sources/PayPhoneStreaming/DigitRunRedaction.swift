/// Hides card-number-like digit runs in text bound for standard error.
///
/// Usage errors quote what was given (`--today needs a date as YYYY-MM-DD,
/// not '…'`, the columns of a CSV header), and that can be a card number
/// typed into the wrong place. A run of 12 or more digits (of any script),
/// possibly grouped by single spaces, hyphens or dots, keeps its last four
/// digits and its separators; the other digits become `*`.
///
///     DigitRunRedaction.redact("not '4111 1111 1111 1111'")  // "not '**** **** **** 1111'"
package enum DigitRunRedaction {
  package static let minimumDigits = 12

  package static func redact(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var output = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      guard isDigit(scalars[index]) else {
        output.append(scalars[index])
        index += 1
        continue
      }
      // The run: digits, with single separators between them.
      var end = index
      var digits = 0
      var scan = index
      while scan < scalars.count {
        if isDigit(scalars[scan]) {
          digits += 1
          scan += 1
          end = scan
        } else if isSeparator(scalars[scan]) && scan + 1 < scalars.count && isDigit(scalars[scan + 1]) {
          scan += 1
        } else {
          break
        }
      }
      var digitsLeft = digits
      for scalar in scalars[index..<end] {
        if isDigit(scalar) {
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

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .decimalNumber
  }

  private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "-" || scalar == "."
  }
}
