import PayPhoneNumbers

/// For each country code with a mobile token (Argentina's 9), how the digits
/// after it read when parsed again as a national number of the code's main
/// region (`Data/describe/mobile-tokens.txt`).
///
/// libphonenumber's geocoder places such a mobile number by parsing the
/// digits after the token again. That parse can change them in one step
/// only: stripping an international prefix, the country code, or a national
/// prefix or carrier code. Digits with none of these read as themselves;
/// those starting with a national prefix match the table lists (`11 15`)
/// are read here with exactly the parse's checks (``reading(of:into:)``);
/// only the rest (a leading 0, the country code) need the parser.
final class MobileTokenTable: Sendable {
  struct Line: Sendable {
    /// The token's digits (`9`).
    let token: [UInt8]
    /// 0 for digits that read as themselves, 1 for those to parse, n >= 2
    /// for a national prefix match that `replacements[n - 2]` reads.
    let actions: DigitTrie
    /// The transform rule's reading of each national prefix match.
    let replacements: [Replacement]
    /// The main region's general national-number pattern.
    let general: DigitPattern
    /// The main region's general lengths (as for a number of unknown type).
    let lengths: PhoneMetadata.PossibleLengths
  }

  /// A national prefix match and what the transform rule makes of it.
  struct Replacement: Sendable {
    /// The length of the match (`1115`: 4).
    let prefixLength: Int
    /// The digits that stand for it (`911`).
    let digits: [UInt8]
  }

  /// How the digits after a token read when parsed again.
  enum Reading: Equatable {
    /// As themselves.
    case same
    /// As the first `count` bytes of the buffer given.
    case replaced(count: Int)
    /// The parse fails: the geocoder keeps the number as it was.
    case failed
    /// Only the parser knows.
    case parse
  }

  private let lines: [Int: Line]

  init(_ text: StaticString) {
    let bytes = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    var lines: [Int: Line] = [:]
    for line in bytes.split(separator: 0x0A) where line.first != UInt8(ascii: "#") {
      let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
      guard fields.count == 5, let code = Int(String(decoding: fields[0], as: UTF8.self)),
        let region = PhoneMetadata.regions(forCountryCode: code).first,
        let actions = DigitTrie(entries: UnsafeBufferPointer(rebasing: fields[2])),
        let general = try? DigitPattern(String(decoding: fields[4], as: UTF8.self))
      else { continue }
      var replacements: [Replacement] = []
      for entry in fields[3].split(separator: UInt8(ascii: " ")) {
        guard let arrow = entry.firstIndex(of: UInt8(ascii: ">")) else { continue }
        replacements.append(
          Replacement(prefixLength: arrow - entry.startIndex, digits: Array(entry[(arrow + 1)...])))
      }
      lines[code] = Line(
        token: Array(fields[1]), actions: actions, replacements: replacements, general: general,
        lengths: PhoneMetadata.possibleLengths(for: region))
    }
    self.lines = lines
  }

  /// The line of a country code, nil when it has no mobile token.
  func line(countryCode: Int) -> Line? { lines[countryCode] }
}

extension MobileTokenTable.Line {
  /// libphonenumber's shortest and longest national numbers.
  static let nationalLengths = 2...17

  /// How `digits` (ASCII, the digits after the token) read when parsed
  /// again as a national number, writing new digits into `buffer` (at
  /// least 17 bytes).
  ///
  /// A national prefix match is stripped, and the transform rule's digits
  /// put in its place, unless the stripping spoils digits the general
  /// pattern took, or leaves a length that is too short, local-only or
  /// invalid for the region (then the digits stay as they are); a result
  /// outside 2 to 17 digits fails the parse.
  func reading(of digits: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>)
    -> MobileTokenTable.Reading
  {
    guard Self.nationalLengths.contains(digits.count) else { return .parse }
    let action = Int(actions.value(digits: digits))
    if action == 0 { return .same }
    guard action >= 2, action - 2 < replacements.count else { return .parse }
    let replacement = replacements[action - 2]
    let rest = digits.count - replacement.prefixLength
    let count = replacement.digits.count + rest
    // A leading zero is kept apart by the parser.
    guard rest >= 0, count <= buffer.count, replacement.digits.first != UInt8(ascii: "0") else {
      return .parse
    }
    guard allowsStripping(toLength: count) else { return .same }
    _ = UnsafeMutableBufferPointer(rebasing: buffer[0..<replacement.digits.count])
      .initialize(from: replacement.digits)
    _ = UnsafeMutableBufferPointer(rebasing: buffer[replacement.digits.count..<count])
      .initialize(from: digits[replacement.prefixLength...])
    let stripped = UnsafeBufferPointer(rebasing: buffer[0..<count])
    if !general.matchesEntirely(stripped) && general.matchesEntirely(digits) { return .same }
    return Self.nationalLengths.contains(count) ? .replaced(count: count) : .failed
  }

  /// Whether digits of this length may stand once the prefix is stripped:
  /// not too short, not local-only, not a length between the region's
  /// that it lacks (libphonenumber's length test for an unknown type).
  private func allowsStripping(toLength length: Int) -> Bool {
    if lengths.localOnly.contains(length) { return false }
    guard let shortest = lengths.national.first, let longest = lengths.national.last else { return false }
    if length <= shortest || length > longest { return length >= shortest }
    return lengths.national.contains(length)
  }
}
