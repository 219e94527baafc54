import PayPhoneText

/// A card number as typed: its digits, and nothing that would show them in
/// full by accident.
///
/// Reading accepts the digits of any script (`٤٢٤٢…`, fullwidth `４２…`),
/// spaces (any Unicode space separator), hyphens and dots; any other
/// character is an error. The number need not be complete: every prefix a
/// person types is a `CardNumber`, so it drives detection while typing.
///
/// `description`, `debugDescription`, `dump` and string interpolation show
/// the ``masked`` form (at most the first six and last four digits); only
/// ``digits`` gives the whole number, on purpose.
///
///     let number = try CardNumber("4242 4242 4242 4242")
///     "\(number)"     // "424242******4242"
///     number.last4    // "4242"
///     number.digits   // "4242424242424242"
public struct CardNumber: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  /// The digits, ASCII, without separators. The only way to the full
  /// number.
  public let digits: String

  /// Reads a card number.
  ///
  /// - Throws: ``CardError`` `invalidCharacter` for a character that
  ///   is not a digit, space, hyphen or dot (the message names the character
  ///   and its position, never the digits); `empty` when there is no digit.
  /// - Complexity: O(n); ASCII input takes a byte loop, other input is
  ///   folded scalar by scalar.
  public init(_ text: String) throws(CardError) {
    var text = text
    var failureOffset: Int?
    let digits = text.withUTF8 { bytes in
      String(unsafeUninitializedCapacity: bytes.count) { output in
        if let written = Self.readASCII(bytes, into: output, failure: &failureOffset) { return written }
        return Self.readUnicode(bytes, into: output, failure: &failureOffset)
      }
    }
    if let failureOffset { throw Self.invalidCharacter(in: text, atUTF8Offset: failureOffset) }
    guard !digits.isEmpty else {
      throw CardError(code: .empty, message: "the card number has no digits")
    }
    self.digits = digits
  }

  /// The number of `asciiDigits` (ASCII digits, one or more), as
  /// ``init(_:)`` reads them.
  package init(asciiDigits: UnsafeBufferPointer<UInt8>) {
    digits = String(decoding: asciiDigits, as: UTF8.self)
  }

  /// How many digits the number has.
  public var count: Int { digits.utf8.count }

  /// The last four digits (all of them when there are fewer).
  public var last4: String { String(digits.suffix(4)) }

  /// The bank identification number: the first 8 digits when the number
  /// has 16 or more (the 8-digit BIN rule), else the first 6 (all of them
  /// when fewer). With ``last4``, all of a card number PCI DSS allows
  /// showing.
  ///
  ///     try CardNumber("4242 4242 4242 4242").bin  // "42424242"
  ///     try CardNumber("3782 822463 10005").bin    // "378282"
  public var bin: String { String(decoding: digits.utf8.prefix(Self.binLength(count)), as: UTF8.self) }

  /// How many leading digits ``bin`` shows of a number of `count` digits.
  static func binLength(_ count: Int) -> Int { count >= 16 ? 8 : 6 }

  /// The number with hidden digits as `*`: the first six and last four
  /// digits show when it has 13 or more, only the last four when it has 9
  /// to 12, none when it has 8 or fewer. So at least three digits are
  /// always hidden.
  ///
  ///     try CardNumber("378282246310005").masked  // "378282*****0005"
  public var masked: String {
    let count = self.count
    let shownHead = count >= 13 ? 6 : 0
    let shownTail = count >= 9 ? 4 : 0
    var result = String(digits.prefix(shownHead))
    result += String(repeating: "*", count: count - shownHead - shownTail)
    result += String(digits.suffix(shownTail))
    return result
  }

  /// The digits grouped for display with `grouping`.
  ///
  ///     try CardNumber("378282246310005").formatted(.fourSixRest)  // "3782 822463 10005"
  public func formatted(_ grouping: CardGrouping) -> String {
    withASCIIDigits { grouping.format(utf8: $0) }
  }

  /// The digits grouped the way their brand in `table` groups them (by 4
  /// when the brand is not known yet).
  ///
  ///     try CardNumber("3056930902 5904").formatted()  // "3056 930902 5904"
  public func formatted(using table: CardBrandTable = .standard) -> String {
    formatted(table.inspect(self).grouping)
  }

  /// The masked number; see ``masked``.
  public var description: String { masked }

  /// `CardNumber(424242******4242)`.
  public var debugDescription: String { "CardNumber(\(masked))" }

  @inline(__always)
  func withASCIIDigits<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let result = digits.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(digits.utf8).withUnsafeBufferPointer(body)
  }
}

extension CardNumber {
  /// Copies the ASCII digits of all-ASCII input; nil (nothing decided) at
  /// the first non-ASCII byte, so the Unicode reader takes over.
  private static func readASCII(
    _ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>,
    failure: inout Int?
  ) -> Int? {
    var written = 0
    for (offset, byte) in bytes.enumerated() {
      if byte &- UInt8(ascii: "0") < 10 {
        output[written] = byte
        written &+= 1
      } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") {
        continue
      } else if byte >= 0x80 {
        return nil
      } else {
        failure = offset
        return 0
      }
    }
    return written
  }

  private static func readUnicode(
    _ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>,
    failure: inout Int?
  ) -> Int {
    var written = 0
    var offset = 0
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    while case .scalarValue(let scalar) = decoder.decode(&iterator) {
      defer { offset += UTF8.width(scalar) }
      if let value = DigitFolding.digitValue(of: scalar) {
        output[written] = UInt8(ascii: "0") + UInt8(value)
        written += 1
      } else if !isSeparator(scalar) {
        failure = offset
        return 0
      }
    }
    return written
  }

  /// Spaces (Unicode category Zs), hyphens and dashes, dots.
  private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x2D, 0x2E, 0x2010...0x2015, 0x2212, 0xFE63, 0xFF0D, 0xFF0E: return true
    default: return scalar.properties.generalCategory == .spaceSeparator
    }
  }

  private static func invalidCharacter(in text: String, atUTF8Offset offset: Int) -> CardError {
    let index = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
    let scalar = text.unicodeScalars[index]
    let position = text.distance(from: text.startIndex, to: index) + 1
    let hex = String(scalar.value, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    let shown: String
    switch scalar.properties.generalCategory {
    case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator,
      .nonspacingMark, .spacingMark, .enclosingMark:
      shown = code
    default:
      shown = "'\(Character(scalar))' (\(code))"
    }
    return CardError(
      code: .invalidCharacter,
      message: "character \(shown) at position \(position) is not a digit, space, hyphen or dot")
  }
}

#if !hasFeature(Embedded)
  extension CardNumber: CustomReflectable {
    /// Shows only the masked number to `dump` and debuggers.
    public var customMirror: Mirror {
      Mirror(self, children: ["masked": masked], displayStyle: .struct)
    }
  }
#endif
