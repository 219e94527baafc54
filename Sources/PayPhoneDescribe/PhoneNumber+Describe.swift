public import PayPhoneNumbers

extension PhoneNumber {
  /// The number's time zones, in libphonenumber's order; `["Etc/Unknown"]`
  /// when unknown. See `PhoneNumberDescriber.timeZones(of:)`.
  ///
  ///     try PhoneNumber("+351 922 212 827").timeZones  // ["Atlantic/Azores", "Europe/Lisbon"]
  public var timeZones: [String] {
    PhoneNumberDescriber.english.timeZones(of: self)
  }

  /// The number's place in `locale`, else its country's name; nil when not
  /// valid. See `PhoneNumberDescriber.location(of:userRegion:)`; for many
  /// numbers in one language, make a describer once.
  ///
  ///     try PhoneNumber("+49 4962 79096").location(locale: try DescriptionLocale("de"), userRegion: .de)
  ///     // "Papenburg-Aschendorf"
  public func location(locale: DescriptionLocale = .english, userRegion: RegionCode? = nil) -> String? {
    PhoneNumberDescriber.describer(for: locale).location(of: self, userRegion: userRegion)
  }

  /// The carrier the number was first given to, in `locale`. See
  /// `PhoneNumberDescriber.carrierName(of:)`.
  ///
  ///     try PhoneNumber("+46 73 861 64 36").carrierName(locale: try DescriptionLocale("de"))  // "Telenor Sverige"
  public func carrierName(locale: DescriptionLocale = .english) -> String? {
    PhoneNumberDescriber.describer(for: locale).carrierName(of: self)
  }

  /// The carrier's name where it is safe to show (regions without number
  /// portability). See `PhoneNumberDescriber.safeCarrierName(of:)`.
  ///
  ///     try PhoneNumber("+221 75 567 79 31").safeCarrierName()  // "Promobile"
  ///     try PhoneNumber("+46 73 861 64 36").safeCarrierName()   // nil: Sweden ports numbers
  public func safeCarrierName(locale: DescriptionLocale = .english) -> String? {
    PhoneNumberDescriber.describer(for: locale).safeCarrierName(of: self)
  }
}

extension PhoneNumberDescriber {
  static let english = PhoneNumberDescriber()

  static func describer(for locale: DescriptionLocale) -> PhoneNumberDescriber {
    locale == .english ? english : PhoneNumberDescriber(locale: locale)
  }
}
