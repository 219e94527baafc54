import PayPhoneTestSupport
import Testing

@testable import PayPhoneNumbers

/// Which keys the as-you-type formatter reads as digits, and as which
/// digit, against its Python oracle over every assigned code point: Python's
/// `str.isdigit` (decimal digits of every script, superscripts, circled
/// digits) and `unicodedata.digit`, stored as
/// `Tests/Fixtures/as_you_type_digits.jsonl` by
/// `Tools/oracle/as_you_type_digits.py`. Python 3.11 knows Unicode 14; code
/// points assigned later are not compared.
@Suite struct AsYouTypeDigitsOracleTests {
  /// The header line (`unicode`), then runs of code points that read the
  /// same (`first` to `last` inclusive, `digit` -1 for "not a digit").
  struct Line: Decodable {
    let unicode: String?
    let first: UInt32?
    let last: UInt32?
    let digit: Int?
  }

  @Test func keysAreDigitsExactlyWhenTheOracleReadsThemAsDigits() throws {
    let lines = try OracleFixture.cases(Line.self, from: "as_you_type_digits")
    let version = try #require(lines.first?.unicode)
    var compared = 0
    var digits = 0
    var mismatches: [String] = []
    for line in lines.dropFirst() {
      let first = try #require(line.first)
      let last = try #require(line.last)
      let expected = try #require(line.digit)
      for code in first...last {
        guard let key = Unicode.Scalar(code) else { continue }
        let byte = AsYouTypeFormatter.dialledByte(key, isFirst: false)
        let ours = byte.map { Int($0) - 0x30 } ?? -1
        compared += 1
        if expected >= 0 { digits += 1 }
        if ours != expected {
          mismatches.append(
            "U+\(String(code, radix: 16, uppercase: true)): expected \(expected), got \(ours)")
        }
      }
    }
    print(
      "as-you-type digits: unicode \(version), \(compared) code points, \(digits) digits, "
        + "\(mismatches.count) mismatches")
    for mismatch in mismatches { print("  mismatch: \(mismatch)") }
    #expect(compared > 140_000)
    #expect(digits > 600)
    #expect(mismatches.isEmpty)
  }
}
