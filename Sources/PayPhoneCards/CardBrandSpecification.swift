/// Everything a ``CardBrandTable`` knows about one brand.
///
/// A plain value; ``CardBrandTable/init(_:tieBreakOrder:)`` checks it.
///
///     let store = CardBrandSpecification(
///       brand: CardBrand(rawValue: "store-card"), name: "Store Card",
///       lengths: [16], grouping: .byFour,
///       securityCode: CardSecurityCode(name: "CVV", length: 3), requiresLuhn: true,
///       prefixes: [try IINRange("9012")])
public struct CardBrandSpecification: Hashable, Sendable {
  /// The brand id.
  public let brand: CardBrand
  /// The brand's display name, e.g. `"American Express"`.
  public let name: String
  /// The digit counts a number of this brand may have, ascending.
  public let lengths: [Int]
  /// How numbers of this brand are grouped for display.
  public let grouping: CardGrouping
  /// The brand's security code.
  public let securityCode: CardSecurityCode
  /// Whether a number needs a valid Luhn check digit to be valid (UnionPay
  /// does not).
  public let requiresLuhn: Bool
  /// The IIN prefixes and prefix ranges of the brand.
  public let prefixes: [IINRange]

  /// Creates a specification; `lengths` are kept sorted ascending.
  public init(
    brand: CardBrand, name: String, lengths: [Int], grouping: CardGrouping,
    securityCode: CardSecurityCode, requiresLuhn: Bool, prefixes: [IINRange]
  ) {
    self.brand = brand
    self.name = name
    self.lengths = lengths.sorted()
    self.grouping = grouping
    self.securityCode = securityCode
    self.requiresLuhn = requiresLuhn
    self.prefixes = prefixes
  }

  /// Whether a number of `count` digits has an allowed length.
  public func allows(length count: Int) -> Bool {
    lengths.contains(count)
  }
}
