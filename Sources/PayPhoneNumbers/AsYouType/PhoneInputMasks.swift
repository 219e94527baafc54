/// Input masks for a phone field, in the `#` notation of the masks module
/// (`#` a digit, anything else a literal): the layout a region's numbers
/// take, nationally and internationally.
///
/// Each mask is a number written in libphonenumber's national or
/// international format with every digit of its national number replaced
/// by `#`; everything else stays literal — the `+1 ` of the country code,
/// a national prefix written by the format (the `0` of `0## #### ####`),
/// punctuation.
///
///     let masks = PhoneMetadata.inputMasks(for: .us)
///     masks?.national       // "(###) ###-####"
///     masks?.international  // "+1 ###-###-####"
///
/// A mask describes numbers shaped like its example: other numbers of the
/// region (other lengths, other leading digits) may take other formats,
/// which `AsYouTypeFormatter` follows as the person types.
public struct PhoneInputMasks: Sendable, Hashable {
  /// The national layout: `(###) ###-####` in the US, `0## #### ####` in
  /// the UK.
  public let national: String
  /// The international layout: `+1 ###-###-####`, `+44 ## #### ####`.
  public let international: String
  /// The number the masks were made from.
  public let example: PhoneNumber

  /// The masks of the format `example` takes.
  ///
  ///     let number = try PhoneNumber("+41 44 668 18 00")
  ///     PhoneInputMasks(example: number).international  // "+41 ## ### ## ##"
  public init(example: PhoneNumber) {
    self.example = example
    let metadata = PhoneMetadataStore.shared.mainMetadata(countryCode: example.countryCode)
    let digits = Array(example.nationalNumber.utf8)
    let nationalMask = Self.mask(digits, metadata, international: false)
    national = String(decoding: nationalMask, as: UTF8.self)
    international =
      "+\(example.countryCode) "
      + String(decoding: Self.mask(digits, metadata, international: true), as: UTF8.self)
  }

  /// The national number laid out as `formatted` lays it out, its digits
  /// written as `#`.
  private static func mask(_ digits: [UInt8], _ metadata: RegionMetadata?, international: Bool) -> [UInt8] {
    let hashes = [UInt8](repeating: UInt8(ascii: "#"), count: digits.count)
    guard let metadata else { return hashes }
    return digits.withUnsafeBufferPointer { buffer in
      guard let chosen = metadata.chooseFormat(for: international ? .international : .national, buffer) else {
        return hashes
      }
      var layout = chosen.format
      if !international, let rule = chosen.nationalPrefixFormattingRule, !rule.isEmpty {
        layout = NumberFormat.applyingFirstGroupRule(rule, to: layout)
      }
      return FormatLayout(layout).applied(chosen.pattern, to: buffer, writingDigitsAs: UInt8(ascii: "#"))
    }
  }
}

extension PhoneMetadata {
  /// The input masks of a region, from its example mobile number (else its
  /// fixed-line one, else any); nil for a region without metadata or
  /// examples, and for `001` (see `inputMasks(forNonGeographicCountryCode:)`).
  ///
  ///     PhoneMetadata.inputMasks(for: .gb)?.national  // "0#### ######"
  public static func inputMasks(for region: RegionCode) -> PhoneInputMasks? {
    let example =
      exampleNumber(for: region, type: .mobile) ?? exampleNumber(for: region, type: .fixedLine)
      ?? PhoneNumberType.allCases.lazy.compactMap { exampleNumber(for: region, type: $0) }.first
    return example.map(PhoneInputMasks.init(example:))
  }

  /// The input masks of a non-geographic entity (+800, +882, ...), from its
  /// example number.
  ///
  ///     PhoneMetadata.inputMasks(forNonGeographicCountryCode: 800)?.international  // "+800 #### ####"
  public static func inputMasks(forNonGeographicCountryCode countryCode: Int) -> PhoneInputMasks? {
    exampleNumber(forNonGeographicCountryCode: countryCode).map(PhoneInputMasks.init(example:))
  }
}
