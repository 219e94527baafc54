/// What kind of line a number belongs to: libphonenumber's twelve types.
///
/// The raw values are the stable snake_case names of the CLI contract.
public enum PhoneNumberType: String, Sendable, Hashable, Codable, CaseIterable {
  case fixedLine = "fixed_line"
  case mobile
  /// The region's fixed-line and mobile numbers cannot be told apart (the
  /// US, for one).
  case fixedLineOrMobile = "fixed_line_or_mobile"
  case tollFree = "toll_free"
  case premiumRate = "premium_rate"
  /// The cost is shared between caller and recipient.
  case sharedCost = "shared_cost"
  /// Voice over IP.
  case voip
  /// A personal number tied to a person, not a line (UK 070...).
  case personalNumber = "personal_number"
  case pager
  /// Universal access number: a company's number routed to its offices.
  case uan
  case voicemail
  /// A number that matches no type of its region.
  case unknown
}
