internal import PayPhone
internal import PayPhoneStreaming

/// The `--region CC` option every command that takes one reads the same
/// way: a supported region (ISO 3166-1 alpha-2, any case) or `001`; any
/// other code is a usage error that names it.
enum RegionOption {
  /// The region given with `--region`, nil when the option is absent.
  static func value(_ arguments: ParsedArguments) throws(UsageError) -> RegionCode? {
    guard let text = arguments.value("--region") else { return nil }
    guard let region = RegionCode(text), region == .nonGeographic || known.contains(region) else {
      throw UsageError(
        "unknown region '\(text)' for --region: give an ISO 3166-1 alpha-2 code that has phone metadata "
          + "(GB, US, DE, ...; 'payphone regions' lists them)")
    }
    return region
  }

  private static let known = Set(PhoneMetadata.supportedRegions)
}
