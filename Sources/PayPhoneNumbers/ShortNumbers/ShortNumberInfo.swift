/// Every short-number answer about one number dialled in one region, as
/// `payphone short` reports it.
///
///     let info = try ShortNumberInfo("112", region: .de)
///     info.isValid                        // true
///     info.cost                           // .tollFree
///     info.isEmergency                    // true
///     info.connectsToEmergency            // true
public struct ShortNumberInfo: Sendable, Hashable {
  /// The parsed number.
  public let number: PhoneNumber
  /// The region it is dialled in.
  public let region: RegionCode
  /// ``ShortNumbers/isPossible(_:in:)``.
  public let isPossible: Bool
  /// ``ShortNumbers/isValid(_:in:)``.
  public let isValid: Bool
  /// ``ShortNumbers/expectedCost(of:in:)``.
  public let cost: ShortNumberCost
  /// ``ShortNumbers/isEmergencyNumber(_:in:)`` on the text as typed.
  public let isEmergency: Bool
  /// ``ShortNumbers/connectsToEmergencyNumber(_:in:)`` on the text as typed.
  public let connectsToEmergency: Bool
  /// ``ShortNumbers/isCarrierSpecific(_:in:)``.
  public let isCarrierSpecific: Bool
  /// ``ShortNumbers/isSMSService(_:in:)``.
  public let isSMSService: Bool

  /// Parses `text` in `region` and asks every short-number question.
  ///
  ///     try ShortNumberInfo("3665", region: .fr).cost  // .premiumRate
  ///
  /// - Throws: `PhoneNumberError` when the text does not parse.
  public init(_ text: String, region: RegionCode) throws(PhoneNumberError) {
    let number = try PhoneNumber(text, region: region)
    self.number = number
    self.region = region
    isPossible = ShortNumbers.isPossible(number, in: region)
    isValid = ShortNumbers.isValid(number, in: region)
    cost = ShortNumbers.expectedCost(of: number, in: region)
    isEmergency = ShortNumbers.isEmergencyNumber(text, in: region)
    connectsToEmergency = ShortNumbers.connectsToEmergencyNumber(text, in: region)
    isCarrierSpecific = ShortNumbers.isCarrierSpecific(number, in: region)
    isSMSService = ShortNumbers.isSMSService(number, in: region)
  }
}

#if !hasFeature(Embedded)
  extension ShortNumberInfo: Codable {}
#endif
