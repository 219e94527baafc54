import PayPhoneTestSupport
import Testing

@testable import PayPhoneNumbers

/// The differential tier of the rest of PhoneNumberUtil's calls that take
/// text, rules or regions rather than one typed number, against
/// libphonenumber's Python port on the stored answers of
/// `Tools/oracle/phone_util_text.py`, `phone_util_patterns.py` and
/// `phone_util_regions.py`. Every mismatch is printed.
///
/// The generators fold other scripts' digits before the oracle reads a
/// text, as PayPhone folds them before interpretation; PayPhone reads the
/// text as typed.
@Suite struct PhoneUtilOracleTests {
  /// Prints the tally and every failure, and fails on any.
  static func report(_ name: String, cases: Int, failures: [String], minimum: Int) {
    print("\(name): \(cases) cases, \(cases - failures.count) agree, \(failures.count) mismatches")
    for failure in failures { print("  mismatch: \(failure)") }
    #expect(cases >= minimum)
    #expect(failures.isEmpty)
  }

  static func describe<T>(_ value: T?) -> String {
    value.map { "\($0)".debugDescription } ?? "null"
  }

  struct TextCase: Decodable {
    let text: String
    let alpha: String
    let isAlpha: Bool
    let diallable: String
    let digits: String
  }

  @Test func textHelpersAgreeWithLibphonenumber() throws {
    let cases = try OracleFixture.cases(TextCase.self, from: "phone_util_text")
    var failures: [String] = []
    for textCase in cases {
      var found: [String] = []
      func check<T: Equatable>(_ name: String, _ ours: T, _ theirs: T) {
        if ours != theirs {
          found.append("\(name): expected \(Self.describe(theirs)), got \(Self.describe(ours))")
        }
      }
      check(
        "convertingAlphaCharacters", PhoneNumber.convertingAlphaCharacters(in: textCase.text), textCase.alpha)
      check("isAlphaNumber", PhoneNumber.isAlphaNumber(textCase.text), textCase.isAlpha)
      check(
        "normalizingDiallableCharacters", PhoneNumber.normalizingDiallableCharacters(textCase.text),
        textCase.diallable)
      check("normalizingDigits", PhoneNumber.normalizingDigits(textCase.text), textCase.digits)
      if !found.isEmpty {
        failures.append("\(textCase.text.debugDescription): \(found.joined(separator: "; "))")
      }
    }
    Self.report("phone_util text oracle", cases: cases.count, failures: failures, minimum: 4000)
  }

  struct PatternCase: Decodable {
    struct Rule: Decodable {
      let pattern: String
      let format: String
      let leading: [String]
      let npRule: String?
    }

    let number: String
    let region: String?
    let rules: [Rule]
    let expected: [String: String]
  }

  @Test func formatByPatternAgreesWithLibphonenumber() throws {
    let cases = try OracleFixture.cases(PatternCase.self, from: "phone_util_patterns")
    var failures: [String] = []
    for patternCase in cases {
      let rules = try patternCase.rules.map { rule in
        try PhoneNumberFormatRule(
          pattern: rule.pattern, format: rule.format, leadingDigitsPatterns: rule.leading,
          nationalPrefixFormattingRule: rule.npRule)
      }
      let number = try PhoneNumber(
        patternCase.number, region: patternCase.region.map { RegionCode($0) ?? .unknown })
      var found: [String] = []
      for format in PhoneNumberFormat.allCases {
        let ours = number.formatted(format, using: rules)
        let theirs = patternCase.expected[format.rawValue]
        if ours != theirs {
          found.append("\(format): expected \(Self.describe(theirs)), got \(Self.describe(ours))")
        }
      }
      if !found.isEmpty {
        failures.append(
          "\(patternCase.number.debugDescription) region \(patternCase.region ?? "nil") rules \(patternCase.rules.map { "\($0.pattern) \($0.format) \($0.leading) \(Self.describe($0.npRule))" }): \(found.joined(separator: "; "))"
        )
      }
    }
    Self.report("phone_util patterns oracle", cases: cases.count, failures: failures, minimum: 3000)
  }

  struct RegionCase: Decodable {
    let kind: String
    let region: String?
    let ndd: String?
    let nddStripped: String?
    let types: [String]?
    let example: String?
    let invalidExample: String?
    let examples: [String?]?
    let countryCode: Int?
    let type: String?
    let hasExample: Bool?
    let candidates: [String]?
    let answers: [Bool]?
  }

  static func mismatches(of regionCase: RegionCase) -> [String] {
    var found: [String] = []
    func check<T: Equatable>(_ name: String, _ ours: T?, _ theirs: T?) {
      if ours != theirs { found.append("\(name): expected \(describe(theirs)), got \(describe(ours))") }
    }
    func names(_ types: Set<PhoneNumberType>) -> [String] { types.map(\.rawValue).sorted() }
    switch regionCase.kind {
    case "region":
      let region = RegionCode(regionCase.region ?? "") ?? .unknown
      check("nationalPrefix", PhoneMetadata.nationalPrefix(for: region), regionCase.ndd)
      check(
        "nationalPrefix stripped", PhoneMetadata.nationalPrefix(for: region, strippingNonDigits: true),
        regionCase.nddStripped)
      check("supportedTypes", names(PhoneMetadata.supportedTypes(for: region)), regionCase.types)
      check("exampleNumber", PhoneMetadata.exampleNumber(for: region)?.description, regionCase.example)
      check(
        "invalidExampleNumber", PhoneMetadata.invalidExampleNumber(for: region)?.description,
        regionCase.invalidExample)
      for (index, type) in PhoneNumberType.allCases.enumerated() {
        check(
          "exampleNumber(\(type))", PhoneMetadata.exampleNumber(for: region, type: type)?.description,
          regionCase.examples?[index] ?? nil)
      }
    case "nonGeo":
      let code = regionCase.countryCode ?? -1
      check(
        "supportedTypes", names(PhoneMetadata.supportedTypes(forNonGeographicCountryCode: code)),
        regionCase.types)
      check(
        "exampleNumber", PhoneMetadata.exampleNumber(forNonGeographicCountryCode: code)?.description,
        regionCase.example)
    case "anywhere":
      // libphonenumber's pick among the candidates follows its set order;
      // PayPhone's is the first region A to Z that has one.
      let type = PhoneNumberType(rawValue: regionCase.type ?? "") ?? .unknown
      let ours = PhoneMetadata.exampleNumber(ofType: type)?.description
      let candidates = regionCase.candidates ?? []
      check("exampleNumber(ofType: \(type)) exists", ours != nil, regionCase.hasExample)
      if let ours, !candidates.contains(ours) {
        found.append("exampleNumber(ofType: \(type)) \(ours) is no example")
      }
      let firstRegion = PhoneMetadata.supportedRegions.lazy.compactMap {
        PhoneMetadata.exampleNumber(for: $0, type: type)
      }.first
      if let firstRegion { check("exampleNumber(ofType: \(type)) is A to Z", ours, firstRegion.description) }
    case "geographical":
      let code = regionCase.countryCode ?? -1
      for (index, type) in PhoneNumberType.allCases.enumerated() {
        check(
          "isGeographical(\(type), \(code))", PhoneMetadata.isGeographical(type, countryCode: code),
          regionCase.answers?[index])
      }
    default:
      found.append("unknown kind \(regionCase.kind)")
    }
    return found
  }

  @Test func regionCallsAgreeWithLibphonenumber() throws {
    let cases = try OracleFixture.cases(RegionCase.self, from: "phone_util_regions")
    var failures: [String] = []
    for regionCase in cases {
      let found = Self.mismatches(of: regionCase)
      if !found.isEmpty {
        failures.append(
          "\(regionCase.kind) \(regionCase.region ?? regionCase.type ?? regionCase.countryCode.map(String.init) ?? ""): \(found.joined(separator: "; "))"
        )
      }
    }
    Self.report("phone_util regions oracle", cases: cases.count, failures: failures, minimum: 450)
  }
}
