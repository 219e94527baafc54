/// A set of card brands with their IIN prefixes, lengths, grouping and
/// security codes, compiled for detection while the number is typed.
///
/// ``standard`` is the table of `Data/cards/card-brands.txt` (the web
/// ecosystem's, braintree credit-card-type 10.3.0). A custom table is a value
/// you build and pass around; nothing global changes.
///
///     let number = try CardNumber("3782 822463 10005")
///     let inspection = CardBrandTable.standard.inspect(number)
///     inspection.brand    // .americanExpress
///     inspection.isValid  // true
///
/// Detection: among the prefixes a number matches, the longest wins; on
/// equal length, the brand earlier in ``tieBreakOrder``. A prefix of a
/// number typed so far has as ``candidates(for:)`` the brands that some
/// completion of it (long enough to be decided) would be detected as, in
/// listing order.
///
/// Building a table compiles its ranges into a decimal trie once, so build
/// a table once and keep it; a lookup then walks at most
/// ``decidingDigits`` steps. `==` compares the specifications and the
/// tie-break order; the compiled lookup follows from them.
public struct CardBrandTable: Sendable, Hashable {
  /// The brands, in listing order (the order of candidate lists).
  public let specifications: [CardBrandSpecification]
  /// The order that settles equal-length matches: earlier wins.
  public let tieBreakOrder: [CardBrand]
  /// The most brands a table holds.
  public static let maximumBrands = 64

  let trie: CardPrefixTrie
  /// What each candidate list of the trie means, worked out once.
  private let outcomes: [Outcome]

  /// The answer shared by every number that ends its trie walk on one
  /// candidate list.
  private struct Outcome: Sendable {
    let candidates: [CardBrand]
    /// The brand when exactly one candidate remains.
    let brand: CardBrand?
    let grouping: CardGrouping
    let securityCode: CardSecurityCode?
    let requiresLuhn: Bool
    /// Bit `n` set when the brand allows `n` digits (n < 64).
    let lengthMask: UInt64
    let longLengths: [Int]
    /// The longest length any candidate allows.
    let longestLength: Int

    init(_ list: [Int], _ specifications: [CardBrandSpecification]) {
      candidates = list.map { specifications[$0].brand }
      let single = list.count == 1 ? specifications[list[0]] : nil
      brand = single?.brand
      grouping = single?.grouping ?? .byFour
      securityCode = single?.securityCode
      requiresLuhn = single?.requiresLuhn ?? true
      let lengths = single?.lengths ?? []
      lengthMask = lengths.filter { (0..<64).contains($0) }.reduce(0) { $0 | 1 << UInt64($1) }
      longLengths = lengths.filter { $0 >= 64 }
      longestLength = list.map { specifications[$0].lengths.last ?? 0 }.max() ?? 0
    }

    /// Whether `count` digits make a number of a length the brand allows
    /// (none without a single brand: it has no lengths).
    @inline(__always)
    func isLengthValid(_ count: Int) -> Bool {
      count < 64 ? lengthMask & (1 << UInt64(count)) != 0 : longLengths.contains(count)
    }

    /// Whether `count` digits, passing Luhn or not, make a valid number:
    /// a length the brand allows, and Luhn unless the brand waives it.
    func isValid(_ count: Int, passesLuhn: @autoclosure () -> Bool) -> Bool {
      isLengthValid(count) && (!requiresLuhn || passesLuhn())
    }
  }

  /// The standard table, compiled on first use.
  public static let standard = CardBrandTable(
    validated: standardSpecifications, tieBreakOrder: standardTieBreakOrder)

  /// Builds a custom table.
  ///
  ///     var brands = CardBrandTable.standard.specifications
  ///     brands.append(storeCard)
  ///     let table = try CardBrandTable(brands)
  ///
  /// - Parameters:
  ///   - specifications: the brands in listing order.
  ///   - tieBreakOrder: every brand once; defaults to the listing order.
  /// - Throws: ``CardError`` for a brand listed twice, a
  ///   tie-break order that is not a permutation of the brands, a brand
  ///   without prefixes or lengths, an allowed length that does not exceed
  ///   the longest prefix of the table (a prefix must decide the brand and
  ///   leave room for a check digit), a non-positive code length or group
  ///   size, or more than 64 brands.
  public init(
    _ specifications: [CardBrandSpecification], tieBreakOrder: [CardBrand]? = nil
  ) throws(CardError) {
    let order = tieBreakOrder ?? specifications.map { $0.brand }
    try Self.check(specifications, tieBreakOrder: order)
    self.init(validated: specifications, tieBreakOrder: order)
  }

  /// Builds a table from data already checked (the generated standard table;
  /// its generator applies the same rules, and a test runs them again).
  init(validated specifications: [CardBrandSpecification], tieBreakOrder: [CardBrand]) {
    self.specifications = specifications
    self.tieBreakOrder = tieBreakOrder
    var rank = [CardBrand: Int]()
    for (position, brand) in tieBreakOrder.enumerated() where rank[brand] == nil {
      rank[brand] = position
    }
    let tieBreakRank = specifications.map { rank[$0.brand] ?? Int.max }
    trie = CardPrefixTrie(prefixes: specifications.map { $0.prefixes }, tieBreakRank: tieBreakRank)
    outcomes = trie.lists.map { Outcome($0, specifications) }
  }

  /// The brands in listing order.
  public var brands: [CardBrand] { specifications.map { $0.brand } }

  /// How many leading digits decide the brand: the longest prefix (8 in the
  /// standard table).
  public var decidingDigits: Int { trie.depth }

  /// The specification of `brand`, or nil when the table does not have it.
  public func specification(for brand: CardBrand) -> CardBrandSpecification? {
    specifications.first { $0.brand == brand }
  }

  /// The brands some completion of `number` would be detected as, in listing
  /// order: `4` gives visa, maestro, elo, naranja; `65` discover, elo, troy;
  /// `9` troy; `0` nothing.
  ///
  /// - Complexity: O(1): at most ``decidingDigits`` steps.
  public func candidates(for number: CardNumber) -> [CardBrand] {
    outcomes[number.withASCIIDigits { trie.listIndex(asciiDigits: $0) }].candidates
  }

  /// Everything known about `number` as typed so far: brand, candidates,
  /// Luhn, length, validity, potential validity, grouping, security code,
  /// BIN.
  ///
  ///     let inspection = CardBrandTable.standard.inspect(try CardNumber("4111 1111 1111 1112"))
  ///     inspection.isValid             // false: the Luhn check fails
  ///     inspection.isPotentiallyValid  // true: Visa also allows 18 and 19 digits
  ///
  /// - Complexity: O(n) in the number of digits, one pass for Luhn.
  public func inspect(_ number: CardNumber) -> CardInspection {
    number.withASCIIDigits { digits in
      let outcome = outcomes[trie.listIndex(asciiDigits: digits)]
      let count = digits.count
      let passesLuhn = Luhn.passes(asciiDigits: digits)
      let lengthValid = outcome.isLengthValid(count)
      let valid = outcome.isValid(count, passesLuhn: passesLuhn)
      return CardInspection(
        brand: outcome.brand,
        candidates: outcome.candidates,
        digitCount: count,
        passesLuhn: passesLuhn,
        isLengthValid: lengthValid,
        isValid: valid,
        isPotentiallyValid: valid || outcome.longestLength > count,
        grouping: outcome.grouping,
        securityCode: outcome.securityCode,
        binDigits: UnsafeBufferPointer(rebasing: digits.prefix(CardNumber.binLength(count))))
    }
  }

  /// The brand of `digits` (ASCII digits) when ``inspect(_:)`` would call
  /// them valid, else nil: the one test of validity, for callers that try
  /// many stretches of digits (cards in text) without making a
  /// ``CardNumber`` of each.
  ///
  /// - Complexity: O(n) in the number of digits; Luhn only when the brand
  ///   allows the length.
  package func validBrand(asciiDigits digits: UnsafeBufferPointer<UInt8>) -> CardBrand? {
    let outcome = outcomes[trie.listIndex(asciiDigits: digits)]
    return outcome.isValid(digits.count, passesLuhn: Luhn.passes(asciiDigits: digits)) ? outcome.brand : nil
  }

  /// Whether two tables hold the same specifications and tie-break order.
  ///
  ///     CardBrandTable.standard == .standard  // true
  public static func == (lhs: CardBrandTable, rhs: CardBrandTable) -> Bool {
    lhs.specifications == rhs.specifications && lhs.tieBreakOrder == rhs.tieBreakOrder
  }

  /// Hashes the specifications and tie-break order, as `==` compares them.
  ///
  ///     Set([CardBrandTable.standard, .standard]).count  // 1
  public func hash(into hasher: inout Hasher) {
    hasher.combine(specifications)
    hasher.combine(tieBreakOrder)
  }
}

extension CardBrandTable {
  fileprivate static func check(
    _ specifications: [CardBrandSpecification], tieBreakOrder: [CardBrand]
  ) throws(CardError) {
    guard specifications.count <= maximumBrands else {
      throw CardError(
        code: .tooManyBrands, message: "\(specifications.count) brands; a table holds \(maximumBrands)")
    }
    let brands = specifications.map { $0.brand }
    guard Set(brands).count == brands.count else {
      throw CardError(code: .invalidOrder, message: "a brand is listed twice")
    }
    guard tieBreakOrder.count == brands.count, Set(tieBreakOrder) == Set(brands) else {
      throw CardError(
        code: .invalidOrder, message: "the tie-break order must list every brand exactly once")
    }
    let longestPrefix = specifications.flatMap { $0.prefixes }.map { $0.digits }.max() ?? 0
    for specification in specifications {
      let brand = specification.brand.rawValue
      guard !specification.prefixes.isEmpty, let shortest = specification.lengths.first else {
        throw CardError(code: .invalidBrand, message: "brand \(brand) needs prefixes and lengths")
      }
      guard shortest > longestPrefix else {
        throw CardError(
          code: .invalidBrand,
          message: "brand \(brand) allows \(shortest) digits; every length must exceed the "
            + "longest prefix of the table (\(longestPrefix))")
      }
      guard specification.securityCode.length > 0,
        specification.grouping.leadingGroups.allSatisfy({ $0 > 0 }),
        (specification.grouping.repeatingGroup ?? 1) > 0
      else {
        throw CardError(
          code: .invalidBrand, message: "brand \(brand) has a non-positive code length or group size")
      }
      for range in specification.prefixes
      where range.digits < 1 || range.digits > IINRange.maximumDigits
        || range.lowerBound > range.upperBound || range.lowerBound < 0
        || range.upperBound >= CardPrefixTrie.power(range.digits)
      {
        throw CardError(code: .invalidRange, message: "brand \(brand) has a bad range \(range)")
      }
    }
  }
}
