import PayPhoneCards
import Testing

@Suite struct CardBrandTableTests {
  /// The compiled standard table is the table of CardBrands.md (the
  /// PayPhoneCards documentation), row by row.
  @Test func standardTableIsTheDocumentsTable() {
    let table = CardBrandTable.standard
    #expect(table.brands.map(\.rawValue) == Reference.listingOrder)
    #expect(table.tieBreakOrder.map(\.rawValue) == Reference.tieBreakOrder)
    for reference in Reference.brands {
      guard let specification = table.specification(for: CardBrand(rawValue: reference.id)) else {
        Issue.record("missing brand \(reference.id)")
        continue
      }
      #expect(specification.prefixes.map(\.low) == reference.ranges.map(\.low), "\(reference.id)")
      #expect(specification.prefixes.map(\.high) == reference.ranges.map(\.high), "\(reference.id)")
      #expect(specification.lengths == reference.lengths, "\(reference.id)")
      #expect(
        specification.grouping == (reference.fourSixRest ? .fourSixRest : .byFour), "\(reference.id)")
      #expect(
        specification.securityCode
          == CardSecurityCode(name: reference.codeName, length: reference.codeLength), "\(reference.id)")
      #expect(specification.requiresLuhn == reference.luhnRequired, "\(reference.id)")
    }
    #expect(table.decidingDigits == 8)
  }

  @Test func standardTablePassesTheChecksOfACustomTable() throws {
    let standard = CardBrandTable.standard
    let rebuilt = try CardBrandTable(standard.specifications, tieBreakOrder: standard.tieBreakOrder)
    #expect(rebuilt == standard)
  }

  @Test(arguments: [
    (CardBrand.americanExpress, "American Express"), (.dinersClub, "Diners Club"), (.unionPay, "UnionPay"),
    (.mastercard, "Mastercard"), (.jcb, "JCB"),
  ])
  func brandsHaveDisplayNames(_ brand: CardBrand, _ name: String) {
    #expect(CardBrandTable.standard.specification(for: brand)?.name == name)
  }

  @Test func unknownBrandHasNoSpecification() {
    #expect(CardBrandTable.standard.specification(for: CardBrand(rawValue: "rupay")) == nil)
  }

  // MARK: Custom tables

  private static func storeCard(_ prefixes: [IINRange], lengths: [Int] = [16]) -> CardBrandSpecification {
    CardBrandSpecification(
      brand: CardBrand(rawValue: "store-card"), name: "Store Card", lengths: lengths, grouping: .byFour,
      securityCode: CardSecurityCode(name: "CVV", length: 3), requiresLuhn: true, prefixes: prefixes)
  }

  @Test func customTableAddsABrandWithoutTouchingTheStandardOne() throws {
    let table = try CardBrandTable(
      CardBrandTable.standard.specifications + [Self.storeCard([try IINRange("7")])])
    #expect(table.inspect(try CardNumber("7000 0000 0000 0005")).brand == CardBrand(rawValue: "store-card"))
    #expect(table.inspect(try CardNumber("7000 0000 0000 0005")).isValid)
    #expect(CardBrandTable.standard.inspect(try CardNumber("7000 0000 0000 0005")).brand == nil)
    #expect(table.brands.last == CardBrand(rawValue: "store-card"))
  }

  @Test func customTieBreakOrderDecidesEqualLengthOverlaps() throws {
    let first = CardBrandSpecification(
      brand: CardBrand(rawValue: "first"), name: "First", lengths: [16], grouping: .byFour,
      securityCode: CardSecurityCode(name: "CVV", length: 3), requiresLuhn: true,
      prefixes: [try IINRange("50", through: "59")])
    let second = CardBrandSpecification(
      brand: CardBrand(rawValue: "second"), name: "Second", lengths: [16], grouping: .fourSixRest,
      securityCode: CardSecurityCode(name: "CVC", length: 4), requiresLuhn: false,
      prefixes: [try IINRange("55")])
    let listed = try CardBrandTable([first, second])
    #expect(listed.inspect(try CardNumber("5500")).brand?.rawValue == "first")
    #expect(listed.inspect(try CardNumber("5")).candidates.map(\.rawValue) == ["first"])
    let reordered = try CardBrandTable([first, second], tieBreakOrder: [second.brand, first.brand])
    #expect(reordered.inspect(try CardNumber("5500")).brand?.rawValue == "second")
    #expect(reordered.inspect(try CardNumber("5")).candidates.map(\.rawValue) == ["first", "second"])
    #expect(reordered.inspect(try CardNumber("5600")).brand?.rawValue == "first")
    let unionLike = reordered.inspect(try CardNumber("5500 000000 00001"))
    #expect(unionLike.isValid == false)  // 15 digits: not an allowed length
    let sixteen = reordered.inspect(try CardNumber("5500 000000 000001"))
    #expect(sixteen.isValid && !sixteen.passesLuhn)
  }

  @Test func emptyTableKnowsNoBrand() throws {
    let table = try CardBrandTable([])
    let inspection = table.inspect(try CardNumber("4111111111111111"))
    #expect(inspection.candidates.isEmpty && inspection.brand == nil && !inspection.isPotentiallyValid)
    #expect(inspection.passesLuhn)
  }

  @Test func brandListedTwiceIsRefused() throws {
    let brand = Self.storeCard([try IINRange("7")])
    #expect(throws: CardError.self) { try CardBrandTable([brand, brand]) }
    do {
      _ = try CardBrandTable([brand, brand])
    } catch {
      #expect(error.code == .invalidOrder)
    }
  }

  @Test func tieBreakOrderMustListEveryBrandOnce() throws {
    let brand = Self.storeCard([try IINRange("7")])
    do {
      _ = try CardBrandTable([brand], tieBreakOrder: [.visa])
      Issue.record("accepted a tie-break order without the table's brand")
    } catch {
      #expect(error.code == .invalidOrder)
    }
  }

  @Test(arguments: [[8], [6], []])
  func lengthsMustExceedTheLongestPrefix(_ lengths: [Int]) throws {
    do {
      _ = try CardBrandTable([Self.storeCard([try IINRange("12345678")], lengths: lengths)])
      Issue.record("accepted lengths \(lengths)")
    } catch {
      #expect(error.code == .invalidBrand)
    }
  }

  @Test func securityCodeAndGroupsMustBePositive() throws {
    let bad = CardBrandSpecification(
      brand: CardBrand(rawValue: "bad"), name: "Bad", lengths: [16],
      grouping: CardGrouping(leadingGroups: [0], repeatingGroup: 4),
      securityCode: CardSecurityCode(name: "CVV", length: 3), requiresLuhn: true,
      prefixes: [try IINRange("7")])
    #expect(
      throws: CardError(
        code: .invalidBrand, message: "brand bad has a non-positive code length or group size")
    ) {
      try CardBrandTable([bad])
    }
  }

  @Test func tooManyBrandsAreRefused() throws {
    let brands = try (0..<65).map { index in
      CardBrandSpecification(
        brand: CardBrand(rawValue: "brand-\(index)"), name: "B", lengths: [16], grouping: .byFour,
        securityCode: CardSecurityCode(name: "CVV", length: 3), requiresLuhn: true,
        prefixes: [try IINRange(String(1000 + index))])
    }
    do {
      _ = try CardBrandTable(brands)
      Issue.record("accepted 65 brands")
    } catch {
      #expect(error.code == .tooManyBrands)
    }
    #expect(try CardBrandTable(Array(brands.prefix(64))).brands.count == 64)
  }

  // MARK: IIN ranges

  @Test(arguments: [("4", "4", "4"), ("2221", "2229", "2221-2229"), ("0", "09", nil), ("99", "1", nil)])
  func rangeEndsMustHaveTheSameLength(_ low: String, _ high: String, _ description: String?) {
    let range = try? IINRange(low, through: high)
    #expect(range?.description == description)
  }

  @Test(arguments: ["", "123456789", "12a", "١٢", "-1"])
  func prefixMustBeOneToEightASCIIDigits(_ prefix: String) {
    #expect(throws: CardError.self) { try IINRange(prefix) }
  }

  @Test func rangeKeepsLeadingZeros() throws {
    let range = try IINRange("0012", through: "0099")
    #expect(range.low == "0012" && range.high == "0099" && range.digits == 4)
    #expect(range.contains(prefixOf: [0, 0, 5, 0, 1]))
    #expect(!range.contains(prefixOf: [0, 1, 0, 0]))
    #expect(!range.contains(prefixOf: [0, 0, 5]))
  }
}
