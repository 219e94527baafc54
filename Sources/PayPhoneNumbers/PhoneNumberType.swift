/// What kind of line a number belongs to: libphonenumber's twelve types.
///
/// The raw values are the stable snake_case names of the CLI contract.
public enum PhoneNumberType: String, Sendable, Hashable, CaseIterable {
  /// A fixed line: a number at an address (UK 020 ...).
  case fixedLine = "fixed_line"
  /// A mobile number (UK 07...).
  case mobile
  /// The region's fixed-line and mobile numbers cannot be told apart (the
  /// US, for one).
  case fixedLineOrMobile = "fixed_line_or_mobile"
  /// Free to call for the caller (US 800 ...).
  case tollFree = "toll_free"
  /// Charged above the normal rate, the excess going to the number's owner (UK 09...).
  case premiumRate = "premium_rate"
  /// The cost is shared between caller and recipient.
  case sharedCost = "shared_cost"
  /// Voice over IP.
  case voip
  /// A personal number tied to a person, not a line (UK 070...).
  case personalNumber = "personal_number"
  /// A pager number.
  case pager
  /// Universal access number: a company's number routed to its offices.
  case uan
  /// A voicemail access number.
  case voicemail
  /// A number that matches no type of its region.
  case unknown
}

#if !hasFeature(Embedded)
  extension PhoneNumberType: Codable {}
#endif
