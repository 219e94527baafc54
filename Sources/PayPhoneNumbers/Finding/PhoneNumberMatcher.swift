internal import PayPhoneText

/// A phone number found in free text: where it is, what was written, and
/// the number.
///
///     let match = Array(PhoneNumberMatcher(text: "Call 020 7946 0958 today", region: .gb)).first
///     match?.scalarRange       // 5..<18
///     match?.rawText           // "020 7946 0958"
///     match?.number.formatted(.e164)  // "+442079460958"
///
/// `==` compares every field.
public struct PhoneNumberMatch: Sendable, Hashable {
  /// The match's range in Unicode scalars (code points) of the text.
  public let scalarRange: Range<Int>
  /// The same range as indices of the text.
  public let range: Range<String.Index>
  /// The matched text as written (digits of other scripts as typed).
  public let rawText: String
  /// The parsed number.
  public let number: PhoneNumber

  package init(scalarRange: Range<Int>, range: Range<String.Index>, rawText: String, number: PhoneNumber) {
    self.scalarRange = scalarRange
    self.range = range
    self.rawText = rawText
    self.number = number
  }
}

/// Finds the phone numbers in free text exactly as libphonenumber's
/// `PhoneNumberMatcher` does: its candidate pattern and trimming, its
/// inner-match rules, its four leniencies and its limit on failed tries.
///
/// A lazy sequence: each match is found as it is asked for. A value, safe
/// to share between threads; each iterator has its own state. The text's
/// decimal digits of any script are folded to ASCII before matching;
/// ranges and raw text refer to the text as given.
///
///     let text = "Ring +44 20 7946 0958 or 020 7946 0959 (office)"
///     for match in PhoneNumberMatcher(text: text, region: .gb) {
///       print(match.rawText, match.number.formatted(.e164))
///     }
///     // +44 20 7946 0958 +442079460958
///     // 020 7946 0959 +442079460959
///
/// - Complexity: O(n) in the text's length per pass, bounded work per
///   candidate (at most `maxTries` failed candidates are tried).
public struct PhoneNumberMatcher: Sequence, Sendable {
  /// The text searched.
  public let text: String
  /// The region assumed for numbers written without a calling code; nil to
  /// find only numbers written internationally.
  public let region: RegionCode?
  /// How sure the matcher must be.
  public let leniency: PhoneNumberLeniency
  /// How many candidates may fail before the rest of the text is given up.
  public let maxTries: Int

  /// A matcher over `text`.
  ///
  ///     PhoneNumberMatcher(text: note, region: .us, leniency: .possible, maxTries: 100)
  public init(
    text: String, region: RegionCode?, leniency: PhoneNumberLeniency = .valid, maxTries: Int = 65535
  ) {
    self.text = text
    self.region = region
    self.leniency = leniency
    self.maxTries = maxTries
  }

  /// An iterator from the start of the text.
  public func makeIterator() -> Iterator {
    Iterator(text: text, scanner: PhoneNumberScanner(region: region, leniency: leniency, maxTries: maxTries))
  }

  /// Finds the matches one by one.
  public struct Iterator: IteratorProtocol {
    private let text: String
    private let scalars: [Unicode.Scalar]
    private var scanner: PhoneNumberScanner
    /// An index of the text and its scalar offset: ranges are worked out
    /// walking forward from the last one.
    private var cursor: String.Index
    private var cursorOffset = 0

    init(text: String, scanner: PhoneNumberScanner) {
      self.text = text
      scalars = FoldedScalars.scalars(of: text)
      self.scanner = scanner
      cursor = text.unicodeScalars.startIndex
    }

    /// The next match, or nil when there are no more.
    public mutating func next() -> PhoneNumberMatch? {
      guard let found = scalars.withUnsafeBufferPointer({ scanner.next(in: $0) }) else { return nil }
      let lower = index(atScalarOffset: found.range.lowerBound)
      let upper = index(atScalarOffset: found.range.upperBound)
      return PhoneNumberMatch(
        scalarRange: found.range, range: lower..<upper, rawText: String(text.unicodeScalars[lower..<upper]),
        number: found.number)
    }

    private mutating func index(atScalarOffset offset: Int) -> String.Index {
      // In ASCII text a scalar is a byte: the index is the UTF-8 offset's.
      if scalars.count == text.utf8.count { return text.utf8.index(text.utf8.startIndex, offsetBy: offset) }
      cursor = text.unicodeScalars.index(cursor, offsetBy: offset - cursorOffset)
      cursorOffset = offset
      return cursor
    }
  }
}

/// A text's Unicode scalars with every decimal digit (any script) folded
/// to its ASCII digit: one scalar each, so offsets stay those of the text.
package enum FoldedScalars {
  /// The folded scalars of `text`.
  package static func scalars(of text: String) -> [Unicode.Scalar] {
    var text = text
    // ASCII text (most notes): a byte is a scalar, and no digit to fold.
    let ascii = text.withUTF8 { bytes -> [Unicode.Scalar]? in
      var combined: UInt8 = 0
      for byte in bytes { combined |= byte }
      guard combined < 0x80 else { return nil }
      return [Unicode.Scalar](unsafeUninitializedCapacity: bytes.count) { buffer, count in
        for index in bytes.indices { buffer[index] = Unicode.Scalar(bytes[index]) }
        count = bytes.count
      }
    }
    if let ascii { return ascii }
    var result: [Unicode.Scalar] = []
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if scalar.value < 0x80 {
        result.append(scalar)
      } else if let digit = DigitFolding.digitValue(of: scalar) {
        result.append(Unicode.Scalar(UInt8(0x30 + digit)))
      } else {
        result.append(scalar)
      }
    }
    return result
  }
}
