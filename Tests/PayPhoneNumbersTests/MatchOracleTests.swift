import PayPhoneNumbers
import PayPhoneTestSupport
import Testing

/// The differential tier of number matching: libphonenumber's
/// `is_number_match` (PyPI `phonenumbers==9.0.43`) on the pairs of
/// `Tests/Fixtures/match.jsonl` (Tools/oracle/match.py) — every region's
/// example numbers in every written form, shortened, with extensions,
/// leading zeros, changed digits, other country codes, letters, other
/// scripts' digits and junk. Two texts, a number and a text, two numbers;
/// every mismatch is printed.
@Suite struct MatchOracleTests {
  struct OracleCase: Decodable {
    let a: String
    let b: String
    let region: String?
    let strings: String
    let numbers: String?
    let numberText: String?
  }

  static let cases: [OracleCase] = (try? OracleFixture.cases(OracleCase.self, from: "match")) ?? []

  @Test func theFixtureCoversEveryMatchTypeAndRegion() {
    #expect(Self.cases.count > 10_000)
    let types = Set(Self.cases.map(\.strings))
    #expect(types == Set(PhoneNumberMatchType.allCases.map(\.rawValue)))
    #expect(Set(Self.cases.compactMap(\.region)).count > 200)
  }

  @Test func twoTextsMatchAsTheOracleSays() {
    var failures: [String] = []
    for oracleCase in Self.cases {
      let got = PhoneNumber.match(oracleCase.a, oracleCase.b).rawValue
      if got != oracleCase.strings {
        failures.append(
          "\(oracleCase.a.debugDescription) vs \(oracleCase.b.debugDescription): "
            + "expected \(oracleCase.strings), got \(got)")
      }
    }
    report(failures, of: Self.cases.count, "text/text")
  }

  @Test func aNumberAndATextMatchAsTheOracleSays() {
    var failures: [String] = []
    var compared = 0
    for oracleCase in Self.cases {
      guard let expected = oracleCase.numberText else { continue }
      let region = oracleCase.region.map { RegionCode($0) ?? .unknown }
      guard let number = try? PhoneNumber(oracleCase.a, region: region) else {
        failures.append(
          "\(oracleCase.a.debugDescription) in \(region?.rawValue ?? "no region"): does not parse")
        continue
      }
      compared += 1
      let got = number.match(oracleCase.b).rawValue
      if got != expected {
        failures.append(
          "\(oracleCase.a.debugDescription) (\(region?.rawValue ?? "no region")) vs text "
            + "\(oracleCase.b.debugDescription): expected \(expected), got \(got)")
      }
    }
    #expect(compared > 5_000)
    report(failures, of: compared, "number/text")
  }

  @Test func twoNumbersMatchAsTheOracleSays() {
    var failures: [String] = []
    var compared = 0
    for oracleCase in Self.cases {
      guard let expected = oracleCase.numbers, let regionCode = oracleCase.region else { continue }
      let region = RegionCode(regionCode) ?? .unknown
      compared += 1
      let got: String
      if let first = try? PhoneNumber(oracleCase.a, region: region),
        let second = try? PhoneNumber(oracleCase.b, region: region)
      {
        got = first.match(second).rawValue
      } else {
        got = PhoneNumberMatchType.notANumber.rawValue
      }
      if got != expected {
        failures.append(
          "\(oracleCase.a.debugDescription) vs \(oracleCase.b.debugDescription) in \(regionCode): "
            + "expected \(expected), got \(got)")
      }
    }
    #expect(compared > 3_000)
    report(failures, of: compared, "number/number")
  }

  private func report(_ failures: [String], of count: Int, _ name: String) {
    for failure in failures { print("match mismatch (\(name)): \(failure)") }
    print("match \(name): \(count - failures.count) of \(count) agree with libphonenumber")
    #expect(
      failures.isEmpty, "\(failures.count) of \(count) \(name) pairs disagree; first: \(failures.first ?? "")"
    )
  }
}

/// libphonenumber's documented examples of `isNumberMatch`, and the rules
/// the fixture exercises in bulk, one by one.
@Suite struct MatchRulesTests {
  @Test func nanpaSevenDigitLocalNumbersAreShortMatches() throws {
    let number = try PhoneNumber("+1 345 657 1234")
    #expect(number.match("657 1234") == .shortNationalSignificantNumber)
    #expect(number.match("345 657") == .noMatch)
    #expect(PhoneNumber.match("+1 345 657 1234", "657 1234") == .shortNationalSignificantNumber)
  }

  @Test func extensionsMustAgreeWhenBothHaveOne() throws {
    let plain = try PhoneNumber("+44 20 7946 0958")
    let withExtension = try PhoneNumber("+44 20 7946 0958 ext. 12")
    #expect(plain.match(withExtension) == .shortNationalSignificantNumber)
    #expect(withExtension.match(try PhoneNumber("+44 20 7946 0958 x12")) == .exact)
    #expect(withExtension.match(try PhoneNumber("+44 20 7946 0958 x13")) == .noMatch)
  }

  @Test func italianLeadingZeroIsPartOfTheNumber() {
    #expect(PhoneNumber.match("+39 02 1234 5678", "+39 02 1234 5678") == .exact)
    #expect(PhoneNumber.match("+39 02 1234 5678", "+39 2 1234 5678") == .shortNationalSignificantNumber)
  }

  @Test func missingCountryCodesGiveNationalMatches() throws {
    #expect(PhoneNumber.match("+44 20 7946 0958", "020 7946 0958") == .nationalSignificantNumber)
    #expect(PhoneNumber.match("020 7946 0958", "(020) 7946-0958") == .nationalSignificantNumber)
    #expect(try PhoneNumber("+44 20 7946 0958").match("+44 20 7946 0958") == .exact)
    #expect(PhoneNumber.match("020 7946 0958", "abc") == .notANumber)
    #expect(PhoneNumber.match("+44 20 7946 0958", "+1 650 253 0000") == .noMatch)
  }

  @Test func matchTypesCarryTheContractCodes() {
    #expect(
      PhoneNumberMatchType.allCases.map(\.rawValue) == [
        "exact_match", "nsn_match", "short_nsn_match", "no_match", "not_a_number",
      ])
    #expect(PhoneNumberMatchType.exact.isMatch && !PhoneNumberMatchType.noMatch.isMatch)
  }

  /// The examples of the doc comments (answers checked with phonenumbers 9.0.43).
  @Test func theDocumentedExamplesHold() throws {
    let office = try PhoneNumber("+1 345 657 1234")
    #expect(office.match(try PhoneNumber("+1 345 657 1234")) == .exact)
    #expect(office.match(try PhoneNumber("+1 345 657 1234 ext. 12")) == .shortNationalSignificantNumber)
    #expect(office.match(try PhoneNumber("+44 20 7946 0958")) == .noMatch)
    #expect(office.match("345 657 1234") == .nationalSignificantNumber)
    #expect(office.match("hello") == .notANumber)
    let london = try PhoneNumber("+44 20 7946 0958")
    #expect(london.match("020 7946 0958") == .nationalSignificantNumber)
    #expect(london.match("020 7946 0958").rawValue == "nsn_match")
  }

  /// Numbers made from parts, as a caller may: leading zeros compare as
  /// libphonenumber's numbers do (dropped for the suffix rule); an empty
  /// national number or extension cannot be made.
  @Test func numbersMadeFromPartsMatchByTheirDigits() throws {
    let italian = try PhoneNumber(countryCode: 39, nationalNumber: "0212345678")
    #expect(
      italian.match(try PhoneNumber(countryCode: 39, nationalNumber: "212345678"))
        == .shortNationalSignificantNumber)
    #expect(italian.match(try PhoneNumber(countryCode: 39, nationalNumber: "0212345678")) == .exact)
    #expect(
      try PhoneNumber(countryCode: 39, nationalNumber: "00").match(
        PhoneNumber(countryCode: 39, nationalNumber: "0")) == .shortNationalSignificantNumber)
    #expect(
      throws: PhoneNumberError(code: .invalidDigits, message: "The extension is not 1 to 20 ASCII digits.")
    ) {
      try PhoneNumber(countryCode: 39, nationalNumber: "0212345678", numberExtension: "")
    }
    #expect(throws: PhoneNumberError.self) { try PhoneNumber(countryCode: 44, nationalNumber: "") }
  }
}
