internal import PayPhoneText

/// Formatting by a caller's rules and with carrier codes:
/// libphonenumber's `formatByPattern` and
/// `formatNationalNumberWithCarrierCode`.
extension PhoneNumber {
  /// The number written in `format`, grouped by the first of `rules` that
  /// fits it (the national number as is when none does); the extension and
  /// the country code as `formatted(_:)` writes them.
  ///
  ///     let rule = try PhoneNumberFormatRule(
  ///       pattern: "(\\d{2})(\\d{4})(\\d{4})", format: "$1-$2-$3",
  ///       nationalPrefixFormattingRule: "($NP$FG)")
  ///     let number = try PhoneNumber("+44 20 7946 0958")
  ///     number.formatted(.national, using: [rule])       // "(020)-7946-0958"
  ///     number.formatted(.international, using: [rule])  // "+44 20-7946-0958"
  ///
  /// A number with an unknown country code comes back as its national number.
  public func formatted(_ format: PhoneNumberFormat, using rules: [PhoneNumberFormatRule]) -> String {
    let store = PhoneMetadataStore.shared
    guard let metadata = store.mainMetadata(countryCode: countryCode) else { return nationalNumber }
    let digits = Array(nationalNumber.utf8)
    let chosen = digits.withUnsafeBufferPointer { buffer in rules.first { $0.applies(to: buffer) } }
    var text = nationalNumber
    if let chosen {
      var rule = chosen.nationalPrefixFormattingRule
      if let given = rule, !given.isEmpty {
        if let nationalPrefix = metadata.nationalPrefix, !nationalPrefix.isEmpty {
          rule = given.replacing(every: "$NP", with: nationalPrefix).replacing(every: "$FG", with: "$1")
        } else {
          rule = nil
        }
      }
      text = Self.formattedNationalNumber(
        digits, pattern: chosen.compiledPattern, layout: chosen.format, format: format,
        nationalPrefixRule: rule)
    }
    return Self.prefixed(
      text + Self.extensionSuffix(numberExtension, metadata, format), countryCode: countryCode, format: format
    )
  }

  /// The national format with `carrierCode` written where the region's
  /// rules put a carrier selection code (Brazil, Colombia, ...); the plain
  /// national format where they put none or `carrierCode` is empty.
  ///
  ///     try PhoneNumber("+55 11 96123 4567").formattedNational(carrierCode: "15")
  ///     // "0 15 (11) 96123-4567"
  public func formattedNational(carrierCode: String) -> String {
    guard let metadata = PhoneMetadataStore.shared.mainMetadata(countryCode: countryCode) else {
      return nationalNumber
    }
    let digits = Array(nationalNumber.utf8)
    let chosen = digits.withUnsafeBufferPointer { metadata.chooseFormat(for: .national, $0) }
    var text = nationalNumber
    if let chosen {
      text = Self.formattedNationalNumber(
        digits, pattern: chosen.pattern, layout: chosen.format, format: .national,
        nationalPrefixRule: chosen.nationalPrefixFormattingRule,
        carrierCode: carrierCode, carrierCodeRule: chosen.carrierCodeFormattingRule)
    }
    return text + Self.extensionSuffix(numberExtension, metadata, .national)
  }

  /// libphonenumber's `formatNsnUsingPattern`: `digits` with every match of
  /// `pattern` replaced by `layout`, whose first group is written by the
  /// carrier-code rule (national format with a carrier code) or the
  /// national-prefix rule (national format); RFC 3966 separators for
  /// `.rfc3966`.
  static func formattedNationalNumber(
    _ digits: [UInt8], pattern: DigitPattern, layout: String, format: PhoneNumberFormat,
    nationalPrefixRule: String?, carrierCode: String? = nil, carrierCodeRule: String? = nil
  ) -> String {
    var template = layout
    if format == .national, let carrierCode, !carrierCode.isEmpty, let carrierCodeRule,
      !carrierCodeRule.isEmpty
    {
      template = NumberFormat.applyingFirstGroupRule(
        carrierCodeRule.replacing(every: "$CC", with: carrierCode), to: layout)
    } else if format == .national, let nationalPrefixRule, !nationalPrefixRule.isEmpty {
      template = NumberFormat.applyingFirstGroupRule(nationalPrefixRule, to: layout)
    }
    let layout = FormatLayout(template)
    return digits.withUnsafeBufferPointer { digits in
      UTF8Writer.string(capacity: layout.outputCapacity(inputCount: digits.count)) { output in
        layout.apply(pattern, to: digits, into: &output)
        if format == .rfc3966 { output.rewrite(from: 0, rfc3966Separators) }
      }
    }
  }

  /// The country code put in front of a formatted national number, as
  /// `format` writes it.
  static func prefixed(_ text: String, countryCode: Int, format: PhoneNumberFormat) -> String {
    switch format {
    case .e164: "+\(countryCode)" + text
    case .international: "+\(countryCode) " + text
    case .rfc3966: "tel:+\(countryCode)-" + text
    case .national: text
    }
  }
}
