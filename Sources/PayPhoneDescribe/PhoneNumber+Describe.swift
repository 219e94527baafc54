public import PayPhoneNumbers

extension PhoneNumber {
  /// The number's time zones, in libphonenumber's order; `["Etc/Unknown"]`
  /// when unknown. See `PhoneNumberDescriber.timeZones(of:)`.
  ///
  ///     try PhoneNumber("+44 20 7946 0958").timeZones  // ["Europe/London"]
  public var timeZones: [String] {
    PhoneNumberDescriber.english.timeZones(of: self)
  }

  /// The number's place in `locale`, else its country's name; nil when not
  /// valid. See `PhoneNumberDescriber.location(of:userRegion:)`; for many
  /// numbers in one language, make a describer once.
  ///
  ///     try PhoneNumber("+49 30 901820").location(locale: try DescriptionLocale("de"))  // "Berlin"
  public func location(locale: DescriptionLocale = .english, userRegion: RegionCode? = nil) -> String? {
    PhoneNumberDescriber.describer(for: locale).location(of: self, userRegion: userRegion)
  }

  /// The carrier the number was first given to, in `locale`. See
  /// `PhoneNumberDescriber.carrierName(of:)`.
  ///
  ///     try PhoneNumber("+40 721 234 567").carrierName()  // "Vodafone"
  public func carrierName(locale: DescriptionLocale = .english) -> String? {
    PhoneNumberDescriber.describer(for: locale).carrierName(of: self)
  }

  /// The carrier's name where it is safe to show (regions without number
  /// portability). See `PhoneNumberDescriber.safeCarrierName(of:)`.
  ///
  ///     try PhoneNumber("+40 721 234 567").safeCarrierName()  // nil: Romania ports numbers
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
