import PayPhoneCards
import Testing

private func inspect(_ digits: String) throws -> CardInspection {
  CardBrandTable.standard.inspect(try CardNumber(digits))
}

private func ids(_ brands: [CardBrand]) -> [String] { brands.map(\.rawValue) }

/// Every field of the library's answer that differs from the reference's,
/// as one line per difference.
private func differences(_ digits: String) -> [String] {
  guard let number = try? CardNumber(digits) else { return ["\(digits): not read"] }
  let inspection = CardBrandTable.standard.inspect(number)
  var found: [String] = []
  func check<Value: Equatable>(_ name: String, _ actual: Value, _ expected: Value) {
    if actual != expected { found.append("\(digits) \(name): \(actual) != reference \(expected)") }
  }
  check("candidates", ids(inspection.candidates), Reference.candidates(digits))
  check("brand", inspection.brand?.rawValue, Reference.brandOf(digits))
  check("luhn", inspection.passesLuhn, Reference.luhn(digits))
  check("lengthValid", inspection.isLengthValid, Reference.lengthValid(digits))
  check("valid", inspection.isValid, Reference.valid(digits))
  check("potentiallyValid", inspection.isPotentiallyValid, Reference.potentiallyValid(digits))
  check("formatted", number.formatted(inspection.grouping), Reference.formatted(digits))
  let brandID = Reference.brandOf(digits)
  let code = brandID.map { Reference.brand($0) }.map {
    CardSecurityCode(name: $0.codeName, length: $0.codeLength)
  }
  check("securityCode", inspection.securityCode, code)
  check("bin", inspection.bin, Reference.bin(digits))
  check("bin", number.bin, Reference.bin(digits))
  for cvc in ["123", "1234", "12", "12345", "١٢٣", "１２３４", "12a", "12 3", ""] {
    check("cvcValid \(cvc)", inspection.isValidSecurityCode(cvc), Reference.cvcValid(cvc, brandID: brandID))
  }
  return found
}

private func expectAgreement(
  _ inputs: some Sequence<String>, sourceLocation: SourceLocation = #_sourceLocation
) {
  var mismatches: [String] = []
  var count = 0
  for digits in inputs {
    count += 1
    mismatches += differences(digits)
  }
  #expect(count > 0, sourceLocation: sourceLocation)
  #expect(
    mismatches.isEmpty,
    "\(mismatches.count) mismatches in \(count) inputs:\n\(mismatches.prefix(30).joined(separator: "\n"))",
    sourceLocation: sourceLocation)
}

@Suite struct CardDetectionTests {
  // MARK: Examples written in the documents

  /// CardBrands.md "While the number is typed" and the command-line reference's
  /// "candidates", listed in the
  /// contract's order.
  @Test(arguments: [
    ("4", ["visa", "maestro", "elo", "naranja"]),
    ("5", ["mastercard", "maestro", "elo", "verve", "naranja"]),
    ("65", ["discover", "elo", "troy"]),
    ("9", ["troy"]),
    ("622", ["unionpay"]),
    ("0", []),
    ("7", []),
  ])
  func candidatesFollowTheDocumentedExamples(_ digits: String, _ expected: [String]) throws {
    #expect(ids(try inspect(digits).candidates) == expected)
    #expect(ids(CardBrandTable.standard.candidates(for: try CardNumber(digits))) == expected)
  }

  /// Prefixes from credit-card-type's own test suite whose answer reads the
  /// same under the contract's rule, plus the ones where the contract's rule
  /// (a longer prefix always beats Maestro's `6`) removes Maestro.
  @Test(arguments: [
    ("2", ["mastercard", "jcb", "mir"]),
    ("3", ["american-express", "diners-club", "jcb"]),
    ("6", ["discover", "unionpay", "maestro", "elo", "hiper", "hipercard", "troy"]),
    ("60", ["discover", "maestro", "hipercard"]),
    ("601", ["discover", "maestro"]),
    ("64", ["discover", "maestro"]),
    ("62", ["unionpay", "maestro", "elo"]),
    ("43", ["visa", "elo"]),
    // Naranja's 402918 inside Visa's 4, 527572 inside Mastercard's 51-55,
    // 589562 inside Maestro's 56-59.
    ("40", ["visa", "elo", "naranja"]),
    ("4029", ["visa", "naranja"]),
    ("402918", ["naranja"]),
    ("52", ["mastercard", "naranja"]),
    ("589", ["maestro", "naranja"]),
    // Troy: 9792, and blocks of 65 between Discover's and Elo's.
    ("97", ["troy"]),
    ("979", ["troy"]),
    ("650", ["discover", "elo", "troy"]),
    ("6509", ["discover", "elo", "troy"]),
    ("65092", ["elo", "troy"]),
    ("6508", ["discover", "troy"]),
    ("650837", ["discover", "troy"]),
    ("6587", ["discover", "troy"]),
    ("40117", ["visa", "elo"]),
    ("63", ["maestro", "elo", "hiper"]),
    ("636", ["maestro", "elo"]),
    ("637", ["maestro", "hiper"]),
    ("6373742", ["maestro", "hiper"]),
    ("606", ["maestro", "hipercard"]),
    ("50", ["maestro", "elo", "verve"]),
    ("5061", ["maestro", "verve"]),
    // 627700-627799 is all UnionPay or Elo (627780), so no completion is Maestro.
    ("6277", ["unionpay", "elo"]),
    ("62778", ["unionpay", "elo"]),
    // 655000-655058 and the rest of 65 are Discover or Elo.
    ("655", ["discover", "elo"]),
    ("654", ["discover", "troy"]),
    ("65502", ["discover", "elo"]),
  ])
  func candidatesWhileTyping(_ digits: String, _ expected: [String]) throws {
    #expect(ids(try inspect(digits).candidates) == expected)
  }

  @Test(arguments: [
    "12", "123", "181", "1802", "221", "222099", "2721", "212", "2132", "306", "31", "32", "33", "8172",
    "809", "90", "98", "9791", "9793",
  ])
  func prefixesOfNoBrandHaveNoCandidates(_ digits: String) throws {
    let inspection = try inspect(digits)
    #expect(inspection.candidates.isEmpty)
    #expect(inspection.brand == nil)
    #expect(!inspection.isPotentiallyValid)
    #expect(inspection.securityCode == nil)
  }

  /// CardBrands.md, "Detection": "Specific beats broad", and the contract's Verve rule.
  @Test(arguments: [
    ("4011780000000000", "elo"),
    ("4936980000000000", "maestro"),
    ("6011000000000000", "discover"),
    ("6221260000000000", "unionpay"),
    ("6229250000000000", "unionpay"),
    ("5060990000000000", "verve"),
    ("5061270000000000", "verve"),
    ("5061280000000000", "maestro"),
    ("5079410000000000", "verve"),
    ("5041750000000000", "elo"),
    ("5041740000000000", "maestro"),
    ("5067790000000000", "maestro"),
    ("5090000000000000", "elo"),
    ("6277800000000000", "elo"),
    ("6277810000000000", "unionpay"),
    ("6218300000000000", "maestro"),
    ("6373742300000000", "hiper"),
    ("6373742200000000", "maestro"),
    ("6500310000000000", "elo"),
    ("6500340000000000", "discover"),
    ("5600000000000000", "maestro"),
    ("2720990000000000", "mastercard"),
    ("2721000000000000", nil),
    ("2220990000000000", nil),
    ("2204000000000000", "mir"),
    ("2205000000000000", nil),
    ("3528000000000000", "jcb"),
    ("3527000000000000", nil),
    ("3060000000000000", nil),
    ("8171000000000000", "unionpay"),
    ("8172000000000000", nil),
    // Troy's 650923 inside Elo's 650901-650978, equal length: Troy.
    ("6509230000000000", "troy"),
    ("6509220000000000", "elo"),
    ("6509240000000000", "elo"),
    ("9792000000000000", "troy"),
    ("6500520000000000", "troy"),
    ("6500530000000000", "discover"),
    ("6508370400000000", "troy"),
    ("6508370500000000", "discover"),
    ("6588090000000000", "troy"),
    ("6588100000000000", "discover"),
    ("4029180000000000", "naranja"),
    ("4029190000000000", "visa"),
    ("5275720000000000", "naranja"),
    ("5895620000000000", "naranja"),
    ("5895630000000000", "maestro"),
  ])
  func specificPrefixBeatsBroad(_ digits: String, _ expected: String?) throws {
    #expect(try inspect(digits).brand?.rawValue == expected)
  }

  /// CardBrands.md, "Validity": a 16-digit Visa with a bad check digit is still
  /// potentially valid (Visa allows 18 and 19), a 16-digit Mastercard is not.
  @Test func potentialValidityLooksAtLongerLengths() throws {
    let visa = try inspect("4111111111111112")
    #expect(!visa.isValid && visa.isLengthValid && visa.isPotentiallyValid)
    let mastercard = try inspect("5555555555554445")
    #expect(!mastercard.isValid && mastercard.isLengthValid && !mastercard.isPotentiallyValid)
    let longVisa = try inspect("4111111111111111112")
    #expect(!longVisa.isValid && !longVisa.isPotentiallyValid)
    let tooLong = try inspect("41111111111111111111")
    #expect(tooLong.brand == .visa && !tooLong.isLengthValid && !tooLong.isPotentiallyValid)
  }

  @Test func unionPayIsValidWithoutLuhn() throws {
    let inspection = try inspect("6200000000000006")
    #expect(!inspection.passesLuhn)
    #expect(inspection.isValid)
  }

  /// Every prefix of an Amex number as typed, grouped 4-6-rest.
  @Test func typingAnAmericanExpressNumber() throws {
    let expected = [
      "3", "37", "378", "3782", "3782 8", "3782 82", "3782 822", "3782 8224", "3782 82246", "3782 822463",
      "3782 822463 1", "3782 822463 10", "3782 822463 100", "3782 822463 1000", "3782 822463 10005",
    ]
    let digits = "378282246310005"
    for (index, formatted) in expected.enumerated() {
      let prefix = String(digits.prefix(index + 1))
      let number = try CardNumber(prefix)
      let inspection = CardBrandTable.standard.inspect(number)
      #expect(number.formatted(inspection.grouping) == formatted, "\(prefix)")
      #expect(inspection.brand == (index == 0 ? nil : .americanExpress), "\(prefix)")
      #expect(inspection.isPotentiallyValid, "\(prefix)")
      #expect(inspection.isValid == (index == expected.count - 1), "\(prefix)")
    }
  }

  @Test func typingAVisaNumber() throws {
    let expected = [
      "4", "42", "424", "4242", "4242 4", "4242 42", "4242 424", "4242 4242", "4242 4242 4", "4242 4242 42",
      "4242 4242 424", "4242 4242 4242", "4242 4242 4242 4", "4242 4242 4242 42", "4242 4242 4242 424",
      "4242 4242 4242 4242",
    ]
    let digits = "4242424242424242"
    for (index, formatted) in expected.enumerated() {
      let prefix = String(digits.prefix(index + 1))
      let number = try CardNumber(prefix)
      let inspection = CardBrandTable.standard.inspect(number)
      #expect(number.formatted(inspection.grouping) == formatted, "\(prefix)")
      // "4" could still be Maestro (493698) or Elo (401178...); "42" only Visa.
      #expect(inspection.brand == (index == 0 ? nil : .visa), "\(prefix)")
      #expect(inspection.isPotentiallyValid, "\(prefix)")
      #expect(inspection.isLengthValid == (index == 15), "\(prefix)")
    }
  }

  // MARK: Agreement with the reference (CardBrands.md scanned range by range)

  @Test func everyTypingPrefixOfPublishedNumbersAgrees() {
    expectAgreement(
      PublishedNumbers.all.flatMap { published in
        (1...published.digits.count).map { String(published.digits.prefix($0)) }
      })
  }

  /// Luhn-valid numbers at the low end, the high end and the middle of every
  /// range, in every length the brand allows, and the same with a wrong
  /// check digit.
  @Test func generatedNumbersInsideEveryRangeAgree() {
    var inputs: [String] = []
    for brand in Reference.brands {
      for range in brand.ranges {
        let low = Int(range.low)!
        let high = Int(range.high)!
        let middle = (low + high) / 2
        for prefix in Set([low, middle, high]) {
          let head = String(repeating: "0", count: range.low.count - String(prefix).count) + String(prefix)
          for length in brand.lengths {
            let fill = String(repeating: "7", count: length - 1 - head.count)
            let valid = Reference.withCheckDigit(head + fill)
            inputs.append(valid)
            inputs.append(String(valid.dropLast()) + String((Int(String(valid.last!))! + 5) % 10))
          }
        }
      }
    }
    #expect(inputs.count > 1000)
    expectAgreement(inputs)
  }

  /// The prefix just below and just above every range, at 16 digits.
  @Test func edgesJustOutsideEveryRangeAgree() {
    var inputs: [String] = []
    for brand in Reference.brands {
      for range in brand.ranges {
        let width = range.low.count
        for value in [Int(range.low)! - 1, Int(range.high)! + 1]
        where value >= 0 && String(value).count <= width {
          let head = String(repeating: "0", count: width - String(value).count) + String(value)
          inputs.append(Reference.withCheckDigit(head + String(repeating: "3", count: 15 - width)))
          inputs += (1...width).map { String(head.prefix($0)) }
        }
      }
    }
    expectAgreement(inputs)
  }

  /// Every prefix of one to four digits: 11,110 inputs.
  @Test func everyShortPrefixAgrees() {
    var inputs: [String] = []
    for length in 1...4 {
      for value in 0..<Reference.power(length) {
        let text = String(value)
        inputs.append(String(repeating: "0", count: length - text.count) + text)
      }
    }
    expectAgreement(inputs)
  }

  /// Every prefix (1 to 8 digits) of both ends of every range.
  @Test func prefixesOfEveryRangeEndAgree() {
    var inputs: Set<String> = []
    for brand in Reference.brands {
      for range in brand.ranges {
        for end in [range.low, range.high] {
          let padded = end + String(repeating: "9", count: 8 - end.count)
          for length in 1...8 { inputs.insert(String(padded.prefix(length))) }
          let zeros = end + String(repeating: "0", count: 8 - end.count)
          for length in 1...8 { inputs.insert(String(zeros.prefix(length))) }
        }
      }
    }
    expectAgreement(inputs.sorted())
  }

  /// Pseudo-random numbers of 12 to 20 digits (a fixed linear congruential
  /// sequence, so failures reproduce).
  @Test func pseudoRandomNumbersAgree() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var inputs: [String] = []
    let leads = ["4", "5", "6", "3", "2", "8", "1", "50", "62", "63", "65", "60"]
    for _ in 0..<3000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      var digits = leads[Int(state >> 33) % leads.count]
      let length = 12 + Int((state >> 20) % 9)
      while digits.count < length {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        digits += String((state >> 33) % 10)
      }
      inputs.append(digits)
      inputs.append(Reference.withCheckDigit(String(digits.dropLast())))
    }
    expectAgreement(inputs)
  }
}
