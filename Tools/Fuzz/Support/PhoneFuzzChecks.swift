internal import PayPhone

/// What both phone targets do with a parsed number: every format, validity,
/// type and possibility, and the properties that hold for any number.
enum PhoneFuzzChecks {
  /// Every region with metadata, the non-geographic `001`, and codes
  /// without metadata.
  static let regions: [RegionCode] = PhoneMetadata.supportedRegions + [.nonGeographic, "ZZ", "gb"]

  static func exercise(_ text: String, region: RegionCode?) {
    let number: PhoneNumber
    do throws(PhoneNumberError) {
      number = try PhoneNumber(text, region: region)
    } catch {
      fuzzCheck(!error.message.isEmpty, "an error without a message: \(error.code)")
      return
    }
    let countryCode = "\(number.countryCode)"
    let national = number.nationalNumber
    fuzzCheck(
      (2...17).contains(national.utf8.count) && national.utf8.allSatisfy(isASCIIDigit),
      "national number \(national)")
    if let numberExtension = number.numberExtension {
      fuzzCheck(
        !numberExtension.isEmpty && numberExtension.utf8.allSatisfy(isASCIIDigit),
        "extension \(numberExtension)")
    }
    let e164 = number.formatted(.e164)
    fuzzCheck(e164 == "+" + countryCode + national, "E.164 \(e164) of \(countryCode) \(national)")
    let international = number.formatted(.international)
    fuzzCheck(international.hasPrefix("+" + countryCode), "international \(international)")
    _ = number.formatted(.national)
    let uri = number.formatted(.rfc3966)
    fuzzCheck(uri.hasPrefix("tel:+" + countryCode), "RFC 3966 \(uri)")
    _ = number.formattedForCalling(from: region ?? .us)
    _ = number.formattedForCalling(from: .nonGeographic)
    _ = number.possibility
    for type in PhoneNumberType.allCases {
      _ = number.possibility(for: type)
    }
    _ = number.description
    if number.isValid {
      fuzzCheck(number.region != nil && number.type != .unknown, "valid without a region or type: \(e164)")
      // What libphonenumber guarantees of a valid number's E.164: it reads
      // back, with the same country code (country codes are prefix-free
      // and `+` takes the code first). Not that it reads back as the same
      // number: reading strips a national prefix or carrier code the
      // national number starts with (JP `+810003768466784648` reads back
      // as `+81003768466784648`, which reads back as `+81466784648`; both
      // libphonenumber and PayPhone do so), and a main region's transform
      // rule can rewrite it.
      do throws(PhoneNumberError) {
        let again = try PhoneNumber(e164)
        fuzzCheck(
          again.countryCode == number.countryCode,
          "\(e164) reads back with country code \(again.countryCode)")
        let twice = try PhoneNumber(e164)
        fuzzCheck(twice == again, "\(e164) reads back differently the second time")
      } catch {
        fuzzCheck(false, "valid number \(e164) does not read back: \(error)")
      }
    }
  }

  private static func isASCIIDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
