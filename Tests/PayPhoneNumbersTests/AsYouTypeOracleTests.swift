import PayPhoneNumbers
import PayPhoneTestSupport
import PayPhoneText
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
    var formatter = AsYouTypeFormatter(region: RegionCode(oracleCase.region) ?? .unknown)
    let remember = Set(oracleCase.remember)
    var found: [String] = []
    for (index, key) in oracleCase.keys.unicodeScalars.enumerated() where index < oracleCase.steps.count {
      let text = formatter.input(key, rememberingPosition: remember.contains(index))
      if text != oracleCase.steps[index] {
        found.append(
          "key \(index): expected \(oracleCase.steps[index].debugDescription), got \(text.debugDescription)")
      }
      // libphonenumber counts the position in code points (Python str
      // indices): the scalar position must match it exactly, and the public
      // position is the same place in characters.
      if formatter.rememberedScalarPosition != oracleCase.positions[index] {
        found.append(
          "key \(index) position: expected \(oracleCase.positions[index]), "
            + "got \(formatter.rememberedScalarPosition)")
      }
      let characters = Self.characterOffset(
        ofScalar: oracleCase.positions[index], in: oracleCase.steps[index])
      if formatter.rememberedPosition != characters {
        found.append(
          "key \(index) position in characters: expected \(characters), got \(formatter.rememberedPosition)")
      }
    }
    return found
  }

  /// The characters (ICU grapheme clusters) that start before scalar
  /// offset `offset` of `text`: the character offset just after the
  /// scalar before `offset`.
  static func characterOffset(ofScalar offset: Int, in text: String) -> Int {
    let boundaries = Graphemes.boundaries(in: text)
    var utf8 = 0
    var scalars = 0
    for scalar in text.unicodeScalars where scalars < offset {
      utf8 += UTF8.width(scalar)
      scalars += 1
    }
    return boundaries.dropLast().filter { $0 < utf8 }.count
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
