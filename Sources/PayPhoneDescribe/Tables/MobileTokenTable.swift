/// For each country code with a mobile token (Argentina's 9), the digit
/// prefixes after it with which reading the rest as a new national number
/// could change it (`Data/describe/mobile-tokens.txt`).
///
/// libphonenumber's geocoder places such a mobile number by parsing the
/// digits after the token again; digits starting with none of these
/// prefixes (an international prefix, the country code, a national prefix
/// or carrier code the region strips) parse as themselves, so they are
/// looked up as they are, and only the others are parsed.
final class MobileTokenTable: Sendable {
  struct Line: Sendable {
    /// The token's digits (`9`).
    let token: [UInt8]
    /// Value 1 for the prefixes that may read differently, else 0.
    let changing: DigitTrie
  }

  private let lines: [Int: Line]

  init(_ text: StaticString) {
    let bytes = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    var lines: [Int: Line] = [:]
    for line in bytes.split(separator: 0x0A) where line.first != UInt8(ascii: "#") {
      let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
      guard fields.count == 3, let code = Int(String(decoding: fields[0], as: UTF8.self)),
        let changing = DigitTrie(entries: UnsafeBufferPointer(rebasing: fields[2]))
      else { continue }
      lines[code] = Line(token: Array(fields[1]), changing: changing)
    }
    self.lines = lines
  }

  /// The line of a country code, nil when it has no mobile token.
  func line(countryCode: Int) -> Line? { lines[countryCode] }
}
