import PayPhoneNumbers
import PayPhoneTestSupport
import Testing

/// The differential tier of short numbers: libphonenumber's
/// `ShortNumberInfo` (PyPI `phonenumbers==9.0.43`) on the numbers of
/// `Tests/Fixtures/short.jsonl` (Tools/oracle/short.py) — every region's
/// examples of every kind, with digits added, dropped and changed, random
/// short digit strings, formatting, `+` and country codes, letters, other
/// scripts' digits, text around; every call, every mismatch printed.
@Suite struct ShortNumberOracleTests {
  struct OracleCase: Decodable {
    let kind: String
    let region: String
    // "number" lines.
    let number: String?
    let parsed: String?
    let possible: Bool?
    let valid: Bool?
    let cost: String?
    let carrierSpecific: Bool?
    let smsService: Bool?
    let possibleAny: Bool?
    let validAny: Bool?
    let costAny: String?
    let carrierSpecificAny: Bool?
    let emergency: Bool?
    let connectsToEmergency: Bool?
    // "example" lines.
    let example: String?
    let tollFree: String?
    let standardRate: String?
    let premiumRate: String?
    let unknownCost: String?
  }

  static let cases: [OracleCase] = (try? OracleFixture.cases(OracleCase.self, from: "short")) ?? []

  /// The differences between PayPhone's answers and the oracle's for one number.
  static func mismatches(of oracleCase: OracleCase) -> [String] {
    guard let text = oracleCase.number else { return ["number line without a number"] }
    let region = RegionCode(oracleCase.region) ?? .unknown
    var found: [String] = []
    func check<Value: Equatable>(_ name: String, _ got: Value?, _ expected: Value?) {
      if got != expected {
        found.append(
          "\(name): expected \(expected.map { "\($0)" } ?? "nil"), got \(got.map { "\($0)" } ?? "nil")")
      }
    }
    check("emergency", ShortNumbers.isEmergencyNumber(text, in: region), oracleCase.emergency)
    check(
      "connectsToEmergency", ShortNumbers.connectsToEmergencyNumber(text, in: region),
      oracleCase.connectsToEmergency)
    let number: PhoneNumber
    do throws(PhoneNumberError) {
      number = try PhoneNumber(text, region: region)
    } catch {
      check("parsed", error.code.rawValue, oracleCase.parsed)
      return found
    }
    check("parsed", nil, oracleCase.parsed)
    check("possible", ShortNumbers.isPossible(number, in: region), oracleCase.possible)
    check("valid", ShortNumbers.isValid(number, in: region), oracleCase.valid)
    check("cost", ShortNumbers.expectedCost(of: number, in: region).rawValue, oracleCase.cost)
    check("carrierSpecific", ShortNumbers.isCarrierSpecific(number, in: region), oracleCase.carrierSpecific)
    check("smsService", ShortNumbers.isSMSService(number, in: region), oracleCase.smsService)
    check("possibleAny", ShortNumbers.isPossible(number), oracleCase.possibleAny)
    check("validAny", ShortNumbers.isValid(number), oracleCase.validAny)
    check("costAny", ShortNumbers.expectedCost(of: number).rawValue, oracleCase.costAny)
    check("carrierSpecificAny", ShortNumbers.isCarrierSpecific(number), oracleCase.carrierSpecificAny)
    return found
  }

  @Test func everyCallAgreesWithLibphonenumber() {
    var failures: [String] = []
    var numbers = 0
    for oracleCase in Self.cases where oracleCase.kind == "number" {
      numbers += 1
      let found = Self.mismatches(of: oracleCase)
      if !found.isEmpty {
        failures.append(
          "\(oracleCase.number?.debugDescription ?? "") in \(oracleCase.region): "
            + found.joined(separator: "; "))
      }
    }
    for failure in failures { print("short mismatch: \(failure)") }
    print("short: \(numbers - failures.count) of \(numbers) numbers agree with libphonenumber on every call")
    #expect(numbers > 20_000)
    #expect(
      failures.isEmpty, "\(failures.count) of \(numbers) numbers disagree; first: \(failures.first ?? "")")
  }

  @Test func exampleNumbersAreTheOracles() {
    var failures: [String] = []
    var regions: [RegionCode] = []
    for oracleCase in Self.cases where oracleCase.kind == "example" {
      let region = RegionCode(oracleCase.region) ?? .unknown
      regions.append(region)
      let expected = [
        oracleCase.example, oracleCase.tollFree, oracleCase.standardRate, oracleCase.premiumRate,
        oracleCase.unknownCost,
      ]
      let got = [
        ShortNumbers.exampleNumber(for: region), ShortNumbers.exampleNumber(for: region, cost: .tollFree),
        ShortNumbers.exampleNumber(for: region, cost: .standardRate),
        ShortNumbers.exampleNumber(for: region, cost: .premiumRate),
        ShortNumbers.exampleNumber(for: region, cost: .unknown),
      ].map { $0 ?? "" }
      if got != expected.map({ $0 ?? "" }) {
        failures.append("\(region): expected \(expected), got \(got)")
      }
    }
    for failure in failures { print("short example mismatch: \(failure)") }
    #expect(regions == ShortNumbers.supportedRegions)
    #expect(regions.count == 241)
    #expect(failures.isEmpty, "\(failures.count) regions disagree; first: \(failures.first ?? "")")
  }
}

/// libphonenumber's documented short-number behaviour, one rule at a time.
@Suite struct ShortNumberRulesTests {
  @Test func emergencyNumbersAreValidShortNumbersButNotValidPhoneNumbers() throws {
    let number = try PhoneNumber("112", region: .de)
    #expect(!number.isValid)
    #expect(ShortNumbers.isValid(number, in: .de))
    #expect(ShortNumbers.isPossible(number, in: .de))
    #expect(ShortNumbers.expectedCost(of: number, in: .de) == .tollFree)
    #expect(ShortNumbers.isEmergencyNumber("112", in: .de))
  }

  @Test func extraDigitsConnectExceptInBrazilChileAndNicaragua() {
    #expect(ShortNumbers.connectsToEmergencyNumber("9116", in: .us))
    #expect(!ShortNumbers.isEmergencyNumber("9116", in: .us))
    #expect(ShortNumbers.isEmergencyNumber("190", in: .br))
    #expect(!ShortNumbers.connectsToEmergencyNumber("1900", in: .br))
    #expect(!ShortNumbers.connectsToEmergencyNumber("1330", in: "CL"))
    #expect(!ShortNumbers.connectsToEmergencyNumber("+911", in: .us))
  }

  @Test func aNumberDialledInAnotherCountryIsNoShortNumberThere() throws {
    let number = try PhoneNumber("112", region: .de)
    #expect(!ShortNumbers.isValid(number, in: .fr))
    #expect(ShortNumbers.expectedCost(of: number, in: .fr) == .unknown)
  }

  @Test func costsAndServices() throws {
    #expect(ShortNumbers.expectedCost(of: try PhoneNumber("3665", region: .fr), in: .fr) == .premiumRate)
    #expect(ShortNumbers.isSMSService(try PhoneNumber("3330", region: .de), in: .de))
    #expect(ShortNumbers.isCarrierSpecific(try PhoneNumber("33669", region: .us), in: .us))
    #expect(ShortNumbers.exampleNumber(for: .fr, cost: .premiumRate) == "1000")
    #expect(ShortNumbers.exampleNumber(for: .de, cost: .unknown) == nil)
    #expect(
      ShortNumberCost.allCases.map(\.rawValue) == [
        "toll_free", "standard_rate", "premium_rate", "unknown_cost",
      ])
  }

  @Test func theInfoGathersEveryAnswer() throws {
    let info = try ShortNumberInfo("112", region: .de)
    #expect(info.isPossible && info.isValid && info.isEmergency && info.connectsToEmergency)
    #expect(info.cost == .tollFree && !info.isCarrierSpecific && !info.isSMSService)
    #expect(throws: PhoneNumberError.self) { try ShortNumberInfo("abc", region: .de) }
  }

  /// The examples of the doc comments (answers checked with phonenumbers 9.0.43).
  @Test func theDocumentedExamplesHold() throws {
    #expect(ShortNumbers.exampleNumber(for: .fr) == "15")
    #expect(ShortNumbers.connectsToEmergencyNumber("1123", in: .de))
    #expect(ShortNumbers.isPossible(try PhoneNumber("123456", region: .fr), in: .fr))
    #expect(ShortNumbers.isPossible(try PhoneNumber("+33 1234")))
    #expect(ShortNumbers.isValid(try PhoneNumber("1010", region: .fr), in: .fr))
    #expect(ShortNumbers.isValid(try PhoneNumber("+33 1010")))
    #expect(ShortNumbers.expectedCost(of: try PhoneNumber("116000", region: .fr), in: .fr) == .tollFree)
    #expect(ShortNumbers.expectedCost(of: try PhoneNumber("+33 3665")) == .premiumRate)
    #expect(ShortNumbers.expectedCost(of: try PhoneNumber("+1 911")) == .unknown)
    #expect(ShortNumbers.isCarrierSpecific(try PhoneNumber("+1 33669")))
    #expect(ShortNumbers.isEmergencyNumber("1-1-2", in: .de))
    #expect(!ShortNumbers.isEmergencyNumber("+112", in: .de))
    #expect(try ShortNumberInfo("3665", region: .fr).cost == .premiumRate)
  }
}
