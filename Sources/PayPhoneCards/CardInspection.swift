import PayPhoneText

/// What a ``CardBrandTable`` says about a card number typed so far.
///
/// Holds no digits beyond ``bin``, the part of a card number PCI DSS allows
/// showing, so it is safe to log.
///
///     let inspection = CardBrandTable.standard.inspect(try CardNumber("65"))
///     inspection.brand       // nil: still three candidates
///     inspection.candidates  // [.discover, .elo, .troy]
public struct CardInspection: Hashable, Sendable {
  /// The brand, set only when exactly one candidate remains.
  public let brand: CardBrand?
  /// The brands some completion of the digits would be detected as, in the
  /// table's listing order. Empty when no brand starts this way.
  public let candidates: [CardBrand]
  /// How many digits the number has.
  public let digitCount: Int
  /// The Luhn check of the digits as they are.
  public let passesLuhn: Bool
  /// A brand is known and allows this many digits.
  public let isLengthValid: Bool
  /// The length is valid and the Luhn check passes, or the brand does not
  /// require it (UnionPay).
  public let isValid: Bool
  /// Some completion of the digits (the digits themselves included) is
  /// valid: a 16-digit Visa with a bad check digit still is (Visa also
  /// allows 18 and 19 digits); a 16-digit Mastercard with one is not.
  public let isPotentiallyValid: Bool
  /// How to group the number for display: the brand's, else by 4.
  public let grouping: CardGrouping
  /// The brand's security code; nil without a brand.
  public let securityCode: CardSecurityCode?
  /// The number's leading digits as ``CardNumber/bin`` gives them: 8 when
  /// it has 16 or more, else 6 (all when fewer).
  public var bin: String {
    withUnsafeBytes(of: binBytes.littleEndian) { String(decoding: $0.prefix(Int(binCount)), as: UTF8.self) }
  }

  /// The BIN's ASCII digits, the first in the lowest byte: kept as a number
  /// so that inspecting builds no string.
  private let binBytes: UInt64
  private let binCount: UInt8

  init(
    brand: CardBrand?, candidates: [CardBrand], digitCount: Int, passesLuhn: Bool, isLengthValid: Bool,
    isValid: Bool, isPotentiallyValid: Bool, grouping: CardGrouping, securityCode: CardSecurityCode?,
    binDigits: UnsafeBufferPointer<UInt8>
  ) {
    self.brand = brand
    self.candidates = candidates
    self.digitCount = digitCount
    self.passesLuhn = passesLuhn
    self.isLengthValid = isLengthValid
    self.isValid = isValid
    self.isPotentiallyValid = isPotentiallyValid
    self.grouping = grouping
    self.securityCode = securityCode
    var bytes: UInt64 = 0
    let count = min(binDigits.count, 8)
    for index in 0..<count { bytes |= UInt64(binDigits[index]) << (8 * UInt64(index)) }
    binBytes = bytes
    binCount = UInt8(count)
  }

  /// Whether `code` is a security code this card could carry, as a checkout
  /// form checks it (card-validator's `cvv`): only digits (any script's,
  /// read as ASCII; no spaces), exactly the brand's
  /// ``CardSecurityCode/length``, or 3 or 4 digits while no brand is known.
  /// The code is neither kept nor shown.
  ///
  ///     let amex = CardBrandTable.standard.inspect(try CardNumber("3782 822463 10005"))
  ///     amex.isValidSecurityCode("1234")  // true: Amex's CID has 4 digits
  ///     amex.isValidSecurityCode("123")   // false
  ///     CardBrandTable.standard.inspect(try CardNumber("6")).isValidSecurityCode("١٢٣")  // true
  public func isValidSecurityCode(_ code: String) -> Bool {
    let longest = securityCode?.length ?? 4
    var count = 0
    for scalar in code.unicodeScalars {
      // Stops early on a long paste: no longer code can be valid.
      guard count < longest, DigitFolding.digitValue(of: scalar) != nil else { return false }
      count += 1
    }
    if let securityCode { return count == securityCode.length }
    return count == 3 || count == 4
  }
}
