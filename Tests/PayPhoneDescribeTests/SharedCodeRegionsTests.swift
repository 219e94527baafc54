import PayPhoneNumbers
import PayPhoneTestSupport
import Testing

@testable import PayPhoneDescribe

/// The table of regions a number of a shared country code may be valid in
/// (`Data/describe/regions.txt`) only rules out regions that cannot
/// validate the number: the geocoder's country region found through it is
/// the one trying every region of the country code gives.
@Suite struct SharedCodeRegionsTests {
  static let sharedCountryCodes = [1, 7, 39, 44, 47, 61, 212, 262, 290, 358, 590, 599]

  /// libphonenumber's rule, region by region: the one region of the
  /// country code the number is valid in, nil for none or several.
  static func regionTryingEvery(_ number: PhoneNumber) -> RegionCode? {
    let valid = PhoneMetadata.regions(forCountryCode: number.countryCode).filter { number.isValid(for: $0) }
    return valid.count == 1 ? valid[0] : nil
  }

  @Test func everySharedCountryCodeHasALineListingItsRegions() {
    for code in Self.sharedCountryCodes {
      let line = DescribeTables.sharedCodeRegions.line(countryCode: code)
      #expect(line?.regions == PhoneMetadata.regions(forCountryCode: code), "+\(code)")
    }
    #expect(DescribeTables.sharedCodeRegions.line(countryCode: 49) == nil)
    #expect(DescribeTables.sharedCodeRegions.line(countryCode: 1000) == nil)
  }

  @Test func theCountryRegionIsTheOneTryingEveryRegionGives() throws {
    var generator = SeededGenerator(seed: 15)
    var mismatches: [String] = []
    var checked = 0
    var valid = 0
    for code in Self.sharedCountryCodes {
      for region in PhoneMetadata.regions(forCountryCode: code) {
        for type in PhoneNumberType.allCases {
          guard let example = PhoneMetadata.exampleNumber(for: region, type: type) else { continue }
          let digits = Array(example.nationalNumber.utf8)
          // The example, then numbers near it: digits changed, cut, added.
          for round in 0..<60 {
            var mutated = digits
            if round > 0 {
              for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let index = Int.random(in: 0..<mutated.count, using: &generator)
                mutated[index] = UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &generator)
              }
              if round % 5 == 0 {
                mutated.removeLast(Int.random(in: 0...min(3, mutated.count - 1), using: &generator))
              }
              if round % 7 == 0 {
                mutated.append(UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &generator))
              }
            }
            let text = "+\(code)" + String(decoding: mutated, as: UTF8.self)
            guard let number = try? PhoneNumber(text) else { continue }
            checked += 1
            if number.isValid { valid += 1 }
            let ours = PhoneNumberDescriber.countryRegion(of: number)
            let expected = Self.regionTryingEvery(number)
            if ours != expected {
              mismatches.append(
                "\(text): ours \(ours?.rawValue ?? "nil"), every region \(expected?.rawValue ?? "nil")")
            }
          }
        }
      }
    }
    for mismatch in mismatches { print("shared-code region mismatch: \(mismatch)") }
    print("shared-code regions: \(checked) numbers (\(valid) valid), \(mismatches.count) mismatches")
    #expect(checked > 20_000)
    #expect(valid > 5_000)
    #expect(mismatches.isEmpty)
  }

  @Test func theOracleFixturesNumbersOfSharedCodesAgreeToo() throws {
    let cases = try OracleFixture.cases(DescribeOracleTests.Case.self, from: "describe")
    var checked = 0
    for item in cases {
      guard let number = try? PhoneNumber(item.input, region: item.region.map { RegionCode($0) ?? .unknown }),
        Self.sharedCountryCodes.contains(number.countryCode)
      else { continue }
      checked += 1
      #expect(
        PhoneNumberDescriber.countryRegion(of: number) == Self.regionTryingEvery(number), "\(item.input)")
    }
    #expect(checked > 1000)
  }
}
