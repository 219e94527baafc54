import PayPhoneNumbers
import PayPhoneTestSupport
import Testing

/// The differential tier of the as-you-type formatter: every step of
/// thousands of typed key sequences against libphonenumber's Python port
/// (PyPI `phonenumbers==9.0.43`), stored as
/// `Tests/Fixtures/as_you_type_oracle.jsonl` by
/// `Tools/oracle/as_you_type_oracle.py` — every
/// region, national and international entry, IDD, carrier codes, the
/// person's own punctuation, digits of other scripts, too many digits and
/// random keys. Both the text after each key and the remembered position
/// are compared; every mismatch is printed.
@Suite struct AsYouTypeOracleTests {
  struct OracleCase: Decodable {
    let region: String
    let keys: String
    let remember: [Int]
    let steps: [String]
    let positions: [Int]
    let raisedAt: Int?
    let raised: String?
  }

  static func mismatches(of oracleCase: OracleCase) -> [String] {
    var formatter = AsYouTypeFormatter(region: RegionCode(oracleCase.region))
    let remember = Set(oracleCase.remember)
    var found: [String] = []
    for (index, key) in oracleCase.keys.unicodeScalars.enumerated() where index < oracleCase.steps.count {
      let text = formatter.input(key, rememberingPosition: remember.contains(index))
      if text != oracleCase.steps[index] {
        found.append(
          "key \(index): expected \(oracleCase.steps[index].debugDescription), got \(text.debugDescription)")
      }
      if formatter.rememberedPosition != oracleCase.positions[index] {
        found.append(
          "key \(index) position: expected \(oracleCase.positions[index]), got \(formatter.rememberedPosition)"
        )
      }
    }
    return found
  }

  @Test func agreesWithLibphonenumberStepByStep() throws {
    let cases = try OracleFixture.cases(OracleCase.self, from: "as_you_type_oracle")
    var failures: [String] = []
    var keys = 0
    var regions: Set<String> = []
    var raised: [String] = []
    for oracleCase in cases {
      keys += oracleCase.steps.count
      regions.insert(oracleCase.region.uppercased())
      if let at = oracleCase.raisedAt {
        raised.append(
          "\(oracleCase.region) \(oracleCase.keys.debugDescription) at key \(at): \(oracleCase.raised ?? "")")
      }
      let found = Self.mismatches(of: oracleCase)
      if !found.isEmpty {
        failures.append(
          "\(oracleCase.region) \(oracleCase.keys.debugDescription) remember \(oracleCase.remember): "
            + found.joined(separator: "; "))
      }
    }
    print(
      "as-you-type oracle: \(cases.count) sequences, \(keys) keys, \(regions.count) regions, "
        + "\(cases.count - failures.count) agree, \(failures.count) mismatches, \(raised.count) oracle exceptions"
    )
    for failure in failures { print("  mismatch: \(failure)") }
    for exception in raised { print("  oracle raised: \(exception)") }
    #expect(cases.count >= 6000)
    #expect(regions.isSuperset(of: PhoneMetadata.supportedRegions.map(\.rawValue)))
    #expect(failures.isEmpty)
    #expect(raised.isEmpty)
  }
}
