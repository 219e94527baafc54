import Testing

@testable import PayPhoneNumbers

/// Which keys the as-you-type formatter reads as digits, and as which
/// digit, against its Python oracle over every assigned code point: Python's
/// `str.isdigit` (decimal digits of every script, superscripts, circled
/// digits) and `unicodedata.digit`. Python 3.11 knows Unicode 14; code
/// points assigned later are not compared.
@Suite struct AsYouTypeDigitsOracleTests {
  @Test func keysAreDigitsExactlyWhenTheOracleReadsThemAsDigits() throws {
    let lines = try OracleProcess.runScript("as_you_type_oracle.py", ["--digits"]).split(separator: "\n")
    var compared = 0
    var digits = 0
    var mismatches: [String] = []
    for line in lines.dropFirst() {
      let fields = line.split(separator: ":")
      let code = try #require(UInt32(fields[0], radix: 16))
      let expected = try #require(Int(fields[1]))
      guard let key = Unicode.Scalar(code) else { continue }
      let byte = AsYouTypeFormatter.dialledByte(key, isFirst: false)
      let ours = byte.map { Int($0) - 0x30 } ?? -1
      compared += 1
      if expected >= 0 { digits += 1 }
      if ours != expected { mismatches.append("U+\(fields[0]): expected \(expected), got \(ours)") }
    }
    print(
      "as-you-type digits: \(lines.first ?? ""), \(compared) code points, \(digits) digits, \(mismatches.count) mismatches"
    )
    for mismatch in mismatches { print("  mismatch: \(mismatch)") }
    #expect(compared > 140_000)
    #expect(digits > 600)
    #expect(mismatches.isEmpty)
  }
}
