import PayPhoneDescribe
import PayPhoneNumbers
import PayPhoneTestSupport
import Testing

/// The differential tier: every answer of `Tests/Fixtures/describe.jsonl`
/// (libphonenumber 9.0.43's geocoder, carrier and time-zone mappers, see
/// `Tools/oracle/describe.py`) against PayPhoneDescribe's. Every mismatch
/// is printed; the expected agreement is 100%.
@Suite struct DescribeOracleTests {
  struct Case: Decodable {
    let input: String
    let region: String?
    let locale: String
    let userRegion: String?
    let e164: String
    let location: String?
    let country: String?
    let carrier: String?
    let safeCarrier: String?
    let timeZones: [String]
  }

  @Test func everyAnswerAgreesWithTheOracle() throws {
    let cases = try OracleFixture.cases(Case.self, from: "describe")
    #expect(cases.count >= 20_000)
    var describers: [String: PhoneNumberDescriber] = [:]
    var mismatches: [String] = []
    var compared = 0
    for item in cases {
      let describer: PhoneNumberDescriber
      if let known = describers[item.locale] {
        describer = known
      } else {
        describer = PhoneNumberDescriber(locale: try DescriptionLocale(item.locale))
        describers[item.locale] = describer
      }
      let label = "\(item.input) [\(item.region ?? "-")] locale=\(item.locale) user=\(item.userRegion ?? "-")"
      guard let number = try? PhoneNumber(item.input, region: item.region.map { RegionCode($0) ?? .unknown })
      else {
        mismatches.append("\(label): does not parse, oracle gives \(item.e164)")
        continue
      }
      func check(_ field: String, _ ours: String?, _ theirs: String?) {
        compared += 1
        if ours != theirs {
          mismatches.append("\(label) \(field): ours \(ours ?? "null"), oracle \(theirs ?? "null")")
        }
      }
      check("e164", number.formatted(.e164), item.e164)
      check(
        "location",
        describer.location(of: number, userRegion: item.userRegion.map { RegionCode($0) ?? .unknown }),
        item.location)
      check("country", describer.countryName(of: number), item.country)
      check("carrier", describer.carrierName(of: number), item.carrier)
      check("safeCarrier", describer.safeCarrierName(of: number), item.safeCarrier)
      compared += 1
      let zones = describer.timeZones(of: number)
      if zones != item.timeZones {
        mismatches.append("\(label) timeZones: ours \(zones), oracle \(item.timeZones)")
      }
    }
    for mismatch in mismatches { print("describe mismatch: \(mismatch)") }
    print("describe oracle: \(cases.count) numbers, \(compared) answers, \(mismatches.count) mismatches")
    #expect(mismatches.isEmpty, "\(mismatches.count) of \(compared) answers differ from the oracle")
  }
}
