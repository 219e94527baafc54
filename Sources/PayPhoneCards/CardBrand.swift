/// A payment card brand, identified by the id the web ecosystem uses
/// (`"visa"`, `"american-express"`, ...).
///
/// An open set: the static constants name the brands of the standard table,
/// and a custom ``CardBrandTable`` may bring its own, so a new brand never
/// breaks a caller's `switch`. Encodes as its id.
///
///     let brand = CardBrand(rawValue: "american-express")
///     brand == .americanExpress  // true
///     brand.rawValue             // "american-express"
public struct CardBrand: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The brand id, e.g. `"diners-club"`.
  public let rawValue: String

  /// Creates a brand from its id. Any string is accepted; a table decides
  /// which brands it knows.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// The brand id.
  ///
  ///     "\(CardBrand.visa)"  // "visa"
  public var description: String { rawValue }

  /// Visa (`visa`).
  public static let visa = CardBrand(rawValue: "visa")
  /// Mastercard (`mastercard`), including the 2-series.
  public static let mastercard = CardBrand(rawValue: "mastercard")
  /// American Express (`american-express`).
  public static let americanExpress = CardBrand(rawValue: "american-express")
  /// Discover (`discover`).
  public static let discover = CardBrand(rawValue: "discover")
  /// Diners Club (`diners-club`).
  public static let dinersClub = CardBrand(rawValue: "diners-club")
  /// JCB (`jcb`).
  public static let jcb = CardBrand(rawValue: "jcb")
  /// UnionPay (`unionpay`).
  public static let unionPay = CardBrand(rawValue: "unionpay")
  /// Maestro (`maestro`).
  public static let maestro = CardBrand(rawValue: "maestro")
  /// Mir (`mir`).
  public static let mir = CardBrand(rawValue: "mir")
  /// Elo (`elo`).
  public static let elo = CardBrand(rawValue: "elo")
  /// Hiper (`hiper`).
  public static let hiper = CardBrand(rawValue: "hiper")
  /// Hipercard (`hipercard`).
  public static let hipercard = CardBrand(rawValue: "hipercard")
  /// Verve (`verve`).
  public static let verve = CardBrand(rawValue: "verve")
  /// Troy (`troy`), Turkey's domestic scheme: `9792` and blocks of `65`.
  public static let troy = CardBrand(rawValue: "troy")
  /// Naranja (`naranja`), Argentina's: `589562`, `402918`, `527572`.
  public static let naranja = CardBrand(rawValue: "naranja")
}

#if !hasFeature(Embedded)
  /// Codable as its id, as every type with a raw value is:
  /// `try JSONEncoder().encode(CardBrand.mastercard)` gives `"mastercard"`.
  extension CardBrand: Codable {}
#endif
