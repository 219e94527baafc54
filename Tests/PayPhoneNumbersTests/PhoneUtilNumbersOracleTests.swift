import PayPhoneTestSupport
import Testing

@testable import PayPhoneNumbers

/// The differential tier of the rest of PhoneNumberUtil's per-number calls,
/// against libphonenumber's Python port on the stored answers of
/// `Tools/oracle/phone_util_numbers.py` (every region's example numbers of
/// every type typed as people type them, plus noise). For each typed number:
/// the parse with its raw input (country-code source, carrier code),
/// possibility for every type, the original format, the mobile-dialling
/// format with and without formatting, the out-of-country format keeping
/// vanity letters, national formats with a carrier code and with the
/// preferred one, truncation, area-code and NDC lengths, geography and
/// international diallability. Every mismatch is printed.
///
/// The generator folds other scripts' digits before the oracle reads the
/// text, as PayPhone folds them before interpretation; PayPhone reads the
/// text as typed.
@Suite struct PhoneUtilNumbersOracleTests {
  struct Case: Decodable {
    let number: String
    let region: String?
    let expected: Expected
  }

  /// `[region, answer with raw input, answer without]`.
  struct ByCaller: Decodable {
    let caller: String
    let kept: String
    let plain: String

    init(from decoder: any Decoder) throws {
      var fields = try decoder.unkeyedContainer()
      caller = try fields.decode(String.self)
      kept = try fields.decode(String.self)
      plain = try fields.decode(String.self)
    }
  }

  /// `[region, withFormatting, answer without raw input, answer with]`.
  struct Mobile: Decodable {
    let caller: String
    let withFormatting: Bool
    let plain: String
    let kept: String

    init(from decoder: any Decoder) throws {
      var fields = try decoder.unkeyedContainer()
      caller = try fields.decode(String.self)
      withFormatting = try fields.decode(Bool.self)
      plain = try fields.decode(String.self)
      kept = try fields.decode(String.self)
    }
  }

  struct Expected: Decodable {
    let error: String?
    let e164: String?
    let source: String?
    let carrierCode: String?
    let possibility: [String]?
    let possibleForType: [Bool]?
    let original: [ByCaller]?
    let mobile: [Mobile]?
    let alpha: [ByCaller]?
    /// `[carrier code, answer]` pairs.
    let carrier: [[String]]?
    /// `[fallback, answer without raw input, answer with]`.
    let preferred: [String]?
    let truncated: String?
    let areaCodeLength: Int?
    let ndcLength: Int?
    let geographical: Bool?
    let internationallyDiallable: Bool?
  }

  static func mismatches(of oracleCase: Case) -> [String] {
    let expected = oracleCase.expected
    let region = oracleCase.region.map { RegionCode($0) ?? .unknown }
    let parsed: ParsedPhoneNumber
    do {
      parsed = try ParsedPhoneNumber(oracleCase.number, region: region)
    } catch {
      return expected.error == error.code.rawValue
        ? [] : ["error: expected \(expected.error ?? "success"), got \(error.code.rawValue)"]
    }
    guard expected.error == nil else { return ["error: expected \(expected.error ?? "?"), got success"] }
    let number = parsed.number
    var found: [String] = []
    func check<T: Equatable>(_ name: String, _ ours: T?, _ theirs: T?) {
      if ours != theirs {
        found.append(
          "\(name): expected \(theirs.map { "\($0)".debugDescription } ?? "null"), got \(ours.map { "\($0)".debugDescription } ?? "null")"
        )
      }
    }
    check("e164", number.description, expected.e164)
    check("source", parsed.countryCodeSource.rawValue, expected.source)
    check("carrierCode", parsed.preferredDomesticCarrierCode, expected.carrierCode)
    for (index, type) in PhoneNumberType.allCases.enumerated() {
      check("possibility(\(type))", number.possibility(for: type).rawValue, expected.possibility?[index])
      check("isPossible(\(type))", number.isPossible(for: type), expected.possibleForType?[index])
    }
    for entry in expected.original ?? [] {
      let caller = (RegionCode(entry.caller) ?? .unknown)
      check("originalFormat(\(caller))", parsed.formattedInOriginalFormat(from: caller), entry.kept)
      // Without the raw input, libphonenumber's original format is the national one.
      check("originalFormat(\(caller)) without raw input", number.formatted(.national), entry.plain)
    }
    for entry in expected.mobile ?? [] {
      let caller = (RegionCode(entry.caller) ?? .unknown)
      let name = "mobileDialing(\(caller), \(entry.withFormatting))"
      check(
        name, number.formattedForMobileDialing(from: caller, withFormatting: entry.withFormatting),
        entry.plain)
      check(
        name + " with raw input",
        parsed.formattedForMobileDialing(from: caller, withFormatting: entry.withFormatting), entry.kept)
    }
    for entry in expected.alpha ?? [] {
      let caller = (RegionCode(entry.caller) ?? .unknown)
      check(
        "keepingAlpha(\(caller))", parsed.formattedForCallingKeepingAlphaCharacters(from: caller), entry.kept)
      check(
        "keepingAlpha(\(caller)) without raw input", number.formattedForCalling(from: caller), entry.plain)
    }
    for carrier in expected.carrier ?? [] where carrier.count == 2 {
      check(
        "national(carrierCode: \(carrier[0]))", number.formattedNational(carrierCode: carrier[0]), carrier[1])
    }
    if let preferred = expected.preferred, preferred.count == 3 {
      // Without the raw input there is no preferred carrier code: the fallback is used.
      check(
        "national(preferredCarrierCodeOr: \(preferred[0])) without raw input",
        number.formattedNational(carrierCode: preferred[0]), preferred[1])
      check(
        "national(preferredCarrierCodeOr: \(preferred[0]))",
        parsed.formattedNational(preferredCarrierCodeOr: preferred[0]), preferred[2])
    }
    check("truncated", number.truncatedToValidNumber()?.description, expected.truncated)
    check("areaCodeLength", number.geographicalAreaCodeLength, expected.areaCodeLength)
    check("ndcLength", number.nationalDestinationCodeLength, expected.ndcLength)
    check("geographical", number.isGeographical, expected.geographical)
    check("internationallyDiallable", number.canBeInternationallyDialled, expected.internationallyDiallable)
    return found
  }

  @Test func agreesWithLibphonenumber() throws {
    let cases = try OracleFixture.cases(Case.self, from: "phone_util_numbers")
    var failures: [String] = []
    var checks = 0
    for oracleCase in cases {
      let found = Self.mismatches(of: oracleCase)
      checks += 1
      if !found.isEmpty {
        failures.append(
          "\(oracleCase.number.debugDescription) region \(oracleCase.region ?? "nil"): \(found.joined(separator: "; "))"
        )
      }
    }
    print(
      "phone_util numbers oracle: \(cases.count) typed numbers, \(cases.count - failures.count) agree on every call, \(failures.count) disagree"
    )
    for failure in failures { print("  mismatch: \(failure)") }
    #expect(cases.count >= 6000)
    #expect(failures.isEmpty)
  }
}
