/// What calling a short number is expected to cost: libphonenumber's
/// `ShortNumberCost`. Raw values are the CLI contract's codes.
///
///     let number = try PhoneNumber("112", region: .de)
///     ShortNumbers.expectedCost(of: number, in: .de)           // .tollFree
///     ShortNumbers.expectedCost(of: number, in: .de).rawValue  // "toll_free"
public enum ShortNumberCost: String, Sendable, Hashable, CaseIterable {
  /// Free to call (emergency numbers always are).
  case tollFree = "toll_free"
  /// Charged like an ordinary call.
  case standardRate = "standard_rate"
  /// Charged above an ordinary call.
  case premiumRate = "premium_rate"
  /// Not known: the number matches no cost category (it may still be premium rate).
  case unknown = "unknown_cost"
}

#if !hasFeature(Embedded)
  extension ShortNumberCost: Codable {}
#endif
