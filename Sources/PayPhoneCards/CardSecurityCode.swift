/// A brand's card security code: what the brand calls it and how many digits
/// it has.
///
///     CardBrandTable.standard.specification(for: .americanExpress)?.securityCode
///     // CardSecurityCode(name: "CID", length: 4)
public struct CardSecurityCode: Hashable, Sendable, CustomStringConvertible {
  /// The brand's name for the code: `CVV`, `CVC`, `CID`, `CVN`, `CVE`, `CVP2`.
  public let name: String
  /// The number of digits.
  public let length: Int

  /// A security code called `name` with `length` digits.
  ///
  ///     CardSecurityCode(name: "CVV", length: 3).description  // "CVV 3"
  public init(name: String, length: Int) {
    self.name = name
    self.length = length
  }

  /// `"CID 4"`.
  public var description: String { "\(name) \(length)" }
}
