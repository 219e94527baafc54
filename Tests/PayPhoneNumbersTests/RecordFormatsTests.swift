import Testing

@testable import PayPhoneNumbers

/// `withRecordFormats` writes the E.164, international, national and RFC
/// 3966 formats into one buffer for the record writers (the CLI's `phone
/// --jsonl`, the C ABI, the Python package); each must be byte for byte
/// what `formatted(_:)` (checked against libphonenumber by the oracle tiers)
/// gives for the same number.
@Suite struct RecordFormatsTests {
  static func written(_ number: PhoneNumber) -> [String] {
    var texts: [String] = []
    number.withRecordFormats { formats in
      texts = [formats.e164, formats.international, formats.national, formats.rfc3966].map {
        String(decoding: $0, as: UTF8.self)
      }
      #expect(formats.all.count == texts.map(\.utf8.count).reduce(0, +))
      #expect(formats.e164.elementsEqual("+\(number.countryCode)\(number.nationalNumber)".utf8))
    }
    return texts
  }

  static func formatted(_ number: PhoneNumber) -> [String] {
    [.e164, .international, .national, .rfc3966].map { number.formatted($0) }
  }

  /// Every region's example number of every type, parsed, made from its
  /// parts (so with the format rule chosen only as it is written), and
  /// each with an extension.
  @Test func everyExampleNumberAgrees() throws {
    var checked = 0
    var mismatches: [String] = []
    for region in PhoneMetadata.supportedRegions {
      for type in PhoneNumberType.allCases {
        guard let example = PhoneMetadata.exampleNumber(for: region, type: type) else { continue }
        let parsed = try PhoneNumber(example.formatted(.e164))
        let withExtension = try PhoneNumber(example.formatted(.e164) + " ext. 4021")
        let fromParts = try PhoneNumber(
          countryCode: example.countryCode, nationalNumber: example.nationalNumber, numberExtension: "77")
        for number in [example, parsed, withExtension, fromParts] {
          checked += 1
          if Self.written(number) != Self.formatted(number) {
            mismatches.append(
              "\(region.rawValue) \(number): \(Self.written(number)) vs \(Self.formatted(number))")
          }
        }
      }
    }
    #expect(checked > 3000)
    #expect(mismatches.isEmpty, "\(mismatches.count) of \(checked): \(mismatches.prefix(20))")
  }

  /// Numbers no format rule fits, extensions, and a country code
  /// with no metadata (every format is then the national number).
  @Test(
    arguments: [
      (1, "2", nil), (44, "12", nil), (44, "2079460958", "123"), (49, "301234567890123", "1"),
      (999, "12345", nil),
      (800, "12345678", "5"), (979, "123456789", nil), (882, "1234", nil),
    ] as [(Int, String, String?)])
  func unusualNumbersAgree(countryCode: Int, nationalNumber: String, numberExtension: String?) throws {
    let number = try PhoneNumber(
      countryCode: countryCode, nationalNumber: nationalNumber, numberExtension: numberExtension)
    #expect(Self.written(number) == Self.formatted(number))
  }
}

extension RecordFormatsTests {
  /// The RFC 3966 rewrite's bit sets are `PhoneCharacters.isSeparator` of
  /// every ASCII byte.
  @Test func asciiSeparatorBitsAreTheSeparators() {
    for byte in 0..<128 {
      let scalar = Unicode.Scalar(UInt8(byte))
      let bit =
        byte < 64
        ? PhoneNumber.asciiSeparatorsLow >> UInt64(byte) & 1 != 0
        : PhoneNumber.asciiSeparatorsHigh >> UInt64(byte - 64) & 1 != 0
      #expect(bit == PhoneCharacters.isSeparator(scalar), "byte \(byte)")
    }
  }
}
