import PayPhoneDescribe
import PayPhoneNumbers
import PayPhoneTestSupport
import Testing

/// Many tasks describing at once, each country code's tables decoded by
/// whichever gets there first: every answer is still the oracle's.
@Suite struct DescribeConcurrencyTests {
  @Test func concurrentFirstLookupsGiveTheOraclesAnswers() async throws {
    let cases = try OracleFixture.cases(DescribeOracleTests.Case.self, from: "describe")
      .filter { $0.userRegion == nil }
    let sample = Array(cases.prefix(1500))
    let mismatches = await withTaskGroup(of: [String].self) { group in
      for task in 0..<4 {
        group.addTask {
          var mismatches: [String] = []
          var describers: [String: PhoneNumberDescriber] = [:]
          // Each task walks the cases from a different place, so first
          // lookups of a country code race.
          for offset in 0..<sample.count {
            let item = sample[(offset + task * 373) % sample.count]
            guard let locale = try? DescriptionLocale(item.locale),
              let number = try? PhoneNumber(
                item.input, region: item.region.map { RegionCode($0) ?? .unknown })
            else {
              mismatches.append("\(item.input): does not parse")
              continue
            }
            let describer = describers[item.locale] ?? PhoneNumberDescriber(locale: locale)
            describers[item.locale] = describer
            if describer.location(of: number) != item.location
              || describer.carrierName(of: number) != item.carrier
              || describer.timeZones(of: number) != item.timeZones
            {
              mismatches.append("\(item.input) locale=\(item.locale)")
            }
          }
          return mismatches
        }
      }
      var all: [String] = []
      for await found in group { all += found }
      return all
    }
    for mismatch in mismatches { print("concurrent describe mismatch: \(mismatch)") }
    #expect(mismatches.isEmpty)
  }
}
