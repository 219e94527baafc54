import PayPhoneNumbers
import PayPhoneTestSupport
import Testing

/// The differential tier: our answers against libphonenumber's Python port
/// (PyPI `phonenumbers==9.0.43`) on tens of thousands of generated inputs —
/// every region and type, every form people type, invalid and failing
/// inputs — stored as `Tests/Fixtures/phone_oracle.jsonl` by
/// `Tools/oracle/phone_oracle.py` (regenerate with
/// `bash Tools/oracle/regenerate.sh phone_oracle`). Every contract field is
/// compared; every mismatch is printed.
///
/// One deliberate deviation, applied to the oracle's answer before
/// comparing: extension digits of other scripts are folded to ASCII (the
/// CLI contract folds all Unicode digits; libphonenumber keeps an
/// extension's digits as typed).
@Suite struct PhoneOracleTests {
  /// One fixture line: the input, its default region and the oracle's
  /// answer (E.164 is stored as its parts: "+" + countryCode +
  /// nationalNumber).
  struct OracleCase: Decodable {
    let input: String
    let defaultRegion: String?
    let ok: Bool
    let error: String?
    let countryCode: Int?
    let nationalNumber: String?
    let `extension`: String?
    let region: String?
    let valid: Bool?
    let possible: Bool?
    let type: String?
    let international: String?
    let national: String?
    let rfc3966: String?
  }

  static func folded(_ text: String?) -> String? {
    text.map { text in
      String(
        String.UnicodeScalarView(
          text.unicodeScalars.map { scalar in
            guard scalar.properties.generalCategory == .decimalNumber,
              let value = scalar.properties.numericValue
            else { return scalar }
            return Unicode.Scalar(0x30 + UInt32(value))!
          }))
    }
  }

  static func mismatches(of oracleCase: OracleCase) -> [String] {
    let expected = oracleCase
    let region = oracleCase.defaultRegion.map { RegionCode($0) ?? .unknown }
    let number: PhoneNumber
    do {
      number = try PhoneNumber(oracleCase.input, region: region)
    } catch {
      return expected.ok || expected.error != error.code.rawValue
        ? ["error: expected \(expected.error ?? "success"), got \(error.code.rawValue)"] : []
    }
    guard expected.ok else { return ["error: expected \(expected.error ?? "?"), got success \(number)"] }
    var found: [String] = []
    func check<T: Equatable>(_ name: String, _ ours: T?, _ theirs: T?) {
      if ours != theirs {
        found.append(
          "\(name): expected \(theirs.map { "\($0)" } ?? "null"), got \(ours.map { "\($0)" } ?? "null")")
      }
    }
    check(
      "e164", number.formatted(.e164), expected.countryCode.map { "+\($0)\(expected.nationalNumber ?? "")" })
    check("countryCode", number.countryCode, expected.countryCode)
    check("nationalNumber", number.nationalNumber, expected.nationalNumber)
    check("extension", number.numberExtension, folded(expected.extension))
    check("region", number.region?.rawValue, expected.region)
    check("valid", number.isValid, expected.valid)
    check("possible", number.isPossible, expected.possible)
    check("type", number.type.rawValue, expected.type)
    check("international", number.formatted(.international), folded(expected.international))
    check("national", number.formatted(.national), folded(expected.national))
    check("rfc3966", number.formatted(.rfc3966), folded(expected.rfc3966))
    // The three at once, as the records take them.
    number.withFormats { international, national, rfc3966 in
      check(
        "withFormats international", String(decoding: international, as: UTF8.self),
        folded(expected.international))
      check("withFormats national", String(decoding: national, as: UTF8.self), folded(expected.national))
      check("withFormats rfc3966", String(decoding: rfc3966, as: UTF8.self), folded(expected.rfc3966))
    }
    return found
  }

  @Test func agreesWithLibphonenumberOnGeneratedInputs() throws {
    let cases = try OracleFixture.cases(OracleCase.self, from: "phone_oracle")
    var failures: [String] = []
    for oracleCase in cases {
      let found = Self.mismatches(of: oracleCase)
      if !found.isEmpty {
        failures.append(
          "\(oracleCase.input.debugDescription) region \(oracleCase.defaultRegion ?? "nil"): "
            + found.joined(separator: "; "))
      }
    }
    print(
      "phone oracle: \(cases.count) cases, \(cases.count - failures.count) agree, \(failures.count) mismatches"
    )
    for failure in failures { print("  mismatch: \(failure)") }
    #expect(cases.count >= 30000)
    #expect(failures.isEmpty)
  }
}
