/// The text-level steps of parsing, before any metadata is consulted:
/// finding the number in its surroundings, RFC 3966 URIs, viability and
/// normalisation to digits.
enum PhoneNumberText {
  /// The text's scalars, in a buffer that lives for the parse (on the stack).
  typealias Scalars = Slice<UnsafeBufferPointer<Unicode.Scalar>>

  private static let phoneContext = Array(";phone-context=".unicodeScalars)
  private static let telScheme = Array("tel:".unicodeScalars)
  private static let subaddress = Array(";isub=".unicodeScalars)

  /// libphonenumber's `buildNationalNumberForParsing`: runs `body` over the
  /// part of the text that holds the number, with a `tel:` URI's phone
  /// context put in front.
  static func withNumberForParsing<Result>(
    _ text: Scalars, _ body: (Scalars) throws(PhoneNumberError) -> Result
  ) throws(PhoneNumberError) -> Result {
    // Both markers start with a semicolon: without one, the number is the
    // possible number in the text.
    guard text.contains(";") else { return try body(possibleNumber(in: text)) }
    guard let contextStart = firstIndex(of: phoneContext, in: text) else {
      return try body(withoutSubaddress(possibleNumber(in: text)))
    }
    let valueStart = contextStart + phoneContext.count
    let valueEnd = text[valueStart...].firstIndex(of: ";") ?? text.endIndex
    let context = text[valueStart..<valueEnd]
    guard isValidPhoneContext(context) else {
      throw PhoneNumberError(code: .notANumber, message: "The phone-context value is invalid.")
    }
    let prefix = context.first == "+" ? context : context[context.startIndex..<context.startIndex]
    let numberStart = firstIndex(of: telScheme, in: text).map { $0 + telScheme.count } ?? text.startIndex
    guard numberStart < contextStart else { return try body(withoutSubaddress(prefix)) }
    let joined = Array(prefix) + Array(text[numberStart..<contextStart])
    return try joined.withUnsafeBufferPointer { (buffer) throws(PhoneNumberError) -> Result in
      try body(withoutSubaddress(buffer[...]))
    }
  }

  /// The number without an RFC 3966 subaddress (`;isub=`) and what follows.
  private static func withoutSubaddress(_ number: Scalars) -> Scalars {
    if let start = firstIndex(of: subaddress, in: number), start > number.startIndex {
      return number[..<start]
    }
    return number
  }

  private static func firstIndex(of pattern: [Unicode.Scalar], in text: Scalars) -> Int? {
    guard text.count >= pattern.count else { return nil }
    for start in text.startIndex...(text.endIndex - pattern.count)
    where text[start] == pattern[0] && text[start..<start + pattern.count].elementsEqual(pattern) {
      return start
    }
    return nil
  }

  /// RFC 3966: a global number (`+` and digits with visual separators) or a
  /// domain name.
  private static func isValidPhoneContext(_ context: Scalars) -> Bool {
    guard let first = context.first else { return false }
    if first == "+" {
      let rest = context.dropFirst()
      return rest.contains(where: PhoneCharacters.isDecimalDigit)
        && rest.allSatisfy { PhoneCharacters.isDecimalDigit($0) || "-.()".unicodeScalars.contains($0) }
    }
    var labels = context.split(separator: ".", omittingEmptySubsequences: false)
    if labels.count > 1 && labels.last?.isEmpty == true { labels.removeLast() }
    guard let top = labels.last, let topFirst = top.first, PhoneCharacters.isASCIILetter(topFirst) else {
      return false
    }
    return labels.allSatisfy { label in
      guard let labelFirst = label.first, let labelLast = label.last else { return false }
      let isAlphanumeric = { (scalar: Unicode.Scalar) in
        PhoneCharacters.isASCIILetter(scalar) || PhoneCharacters.isDecimalDigit(scalar)
      }
      return isAlphanumeric(labelFirst) && isAlphanumeric(labelLast)
        && label.allSatisfy { isAlphanumeric($0) || $0 == "-" }
    }
  }

  /// libphonenumber's `extractPossibleNumber`: from the first `+` or digit,
  /// without trailing non-word characters, and cut before a second number
  /// (`/x`, `\ x`).
  static func possibleNumber(in text: Scalars) -> Scalars {
    guard
      let start = text.firstIndex(where: { PhoneCharacters.isPlus($0) || PhoneCharacters.isDecimalDigit($0) })
    else { return text[text.endIndex...] }
    let trimmed = MatcherPatterns.trimmingUnwantedEnd(in: text.base, start..<text.endIndex)
    return text[start..<(MatcherPatterns.secondNumberStart(in: text.base, trimmed) ?? trimmed.upperBound)]
  }

  /// libphonenumber's `isViablePhoneNumber`: two digits, or an optional run
  /// of pluses, at least three digits among punctuation, then punctuation,
  /// letters (those a case-insensitive `[A-Za-z]` takes) and digits, and
  /// optionally an extension.
  static func isViable(_ number: Scalars) -> Bool {
    switch viableShape(number) {
    case .notViable: return false
    case .viable: return true
    case .viableWithExtensionFrom(let starts):
      return ExtensionMatcher.hasExtension(in: number, startingIn: starts)
    }
  }

  /// What ``isViable(_:)`` decides before any extension: not viable,
  /// viable as it is, or viable when the rest of the number from one of
  /// `starts` (the first three digits' end to the body's end) is an
  /// extension.
  enum ViableShape {
    case notViable
    case viable
    case viableWithExtensionFrom(ClosedRange<Int>)
  }

  static func viableShape(_ number: Scalars) -> ViableShape {
    guard number.count >= 2 else { return .notViable }
    if number.count == 2 && number.allSatisfy(PhoneCharacters.isDecimalDigit) { return .viable }
    var index = number.startIndex
    while index < number.endIndex && PhoneCharacters.isPlus(number[index]) { index += 1 }
    // At least three digits, each preceded only by punctuation or stars.
    var digits = 0
    while index < number.endIndex && digits < 3 {
      let scalar = number[index]
      if PhoneCharacters.isDecimalDigit(scalar) {
        digits += 1
      } else if !(PhoneCharacters.isPunctuation(scalar) || scalar == "*") {
        return .notViable
      }
      index += 1
    }
    guard digits == 3 else { return .notViable }
    // Further digits are absorbed by the trailing class, so the rest is
    // punctuation, stars, ASCII letters and digits up to an optional
    // extension that runs to the end.
    let bodyEnd = number[index...].firstIndex { !PhoneCharacters.isViableBodyCharacter($0) }
    guard let bodyEnd else { return .viable }
    return .viableWithExtensionFrom(index...bodyEnd)
  }

  /// libphonenumber's `normalize`: vanity letters become keypad digits
  /// when there are at least three ASCII letters (everything else but ASCII
  /// digits is dropped); otherwise every digit, of any script, is kept as
  /// ASCII and everything else dropped.
  ///
  /// Writes the ASCII digits to `output`, which holds at least
  /// `number.count` bytes, and returns how many it wrote.
  static func normalizedDigits(_ number: Scalars, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
    var letters = 0
    for scalar in number where PhoneCharacters.isASCIILetter(scalar) {
      letters += 1
      if letters == 3 { break }
    }
    var count = 0
    if letters >= 3 {
      for scalar in number {
        if scalar.value >= 0x30 && scalar.value <= 0x39 {
          output[count] = UInt8(scalar.value)
          count += 1
        } else if let digit = PhoneCharacters.keypadDigit(scalar) {
          output[count] = 0x30 + digit
          count += 1
        }
      }
    } else {
      for scalar in number {
        if let digit = PhoneCharacters.digitValue(scalar) {
          output[count] = 0x30 + digit
          count += 1
        }
      }
    }
    return count
  }
}
