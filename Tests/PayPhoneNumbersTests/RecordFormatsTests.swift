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

extension RecordFormatsTests {
  /// The bytes `runs` write for `digits` (`PhoneNumberBytes.append(wordRuns:...)`).
  static func written(_ runs: UnsafeBufferPointer<UInt64>, outputCount: Int, _ digits: [UInt8]) -> [UInt8] {
    var padded = [UInt8](repeating: 0, count: NumberDigits.paddedCount)
    padded.replaceSubrange(0..<digits.count, with: digits)
    var bytes: [UInt8] = []
    padded.withUnsafeBytes { padded in
      PhoneNumberBytes.withBuffer(capacity: outputCount + 8) { output in
        output.append(wordRuns: runs, outputCount: outputCount, digits: padded)
        bytes = Array(output.written(0..<output.count))
      }
    }
    return bytes
  }

  /// What `fill` writes with `program` for `digits`.
  static func filled(_ formats: RegionTables.Formats, _ program: RegionTables.FillProgram, _ digits: [UInt8])
    -> [UInt8]
  {
    var bytes: [UInt8] = []
    digits.withUnsafeBufferPointer { digits in
      PhoneNumberBytes.withBuffer(capacity: program.capacity(inputCount: digits.count) + 1) { output in
        formats.fill(program, digits, into: &output)
        bytes = Array(output.written(0..<output.count))
      }
    }
    return bytes
  }

  /// Every region's word runs, for every format and length they are made
  /// for, write what the format's fill program writes, and the RFC 3966
  /// runs what the rewrite of the international text gives; the lengths
  /// with runs are the pattern's up to 15.
  @Test func wordRunsWriteWhatFillWrites() throws {
    var checked = 0
    var mismatches: [String] = []
    for region in PhoneMetadata.supportedRegions {
      let metadata = try #require(PhoneMetadataStore.shared.metadata(for: region))
      for formats in [metadata.tables.formats, metadata.tables.internationalFormats] {
        for (index, entry) in formats.entries.enumerated() {
          for length in 1...15 {
            let runs = formats.lengthRuns(at: index, length: length)
            let expectsRuns =
              entry.lengths >> UInt64(length) & 1 != 0
              && (entry.international != nil || entry.national != nil)
            guard let runs, expectsRuns else {
              if expectsRuns { mismatches.append("\(region.rawValue) \(index) \(length): no runs") }
              if let runs, runs.international != nil || runs.national != nil || runs.rfc3966 != nil {
                mismatches.append(
                  "\(region.rawValue) \(index) \(length): runs for a length the pattern rejects")
              }
              continue
            }
            // Digits that differ from one another, so that a digit taken
            // from the wrong place shows.
            let digits = (0..<length).map { UInt8(ascii: "0") + UInt8(($0 * 7 + 3) % 10) }
            for (program, made) in [
              (entry.international, runs.international), (entry.national, runs.national),
            ] {
              guard let program else {
                if made != nil {
                  mismatches.append("\(region.rawValue) \(index) \(length): runs, no program")
                }
                continue
              }
              let made = try #require(made)
              let expected = Self.filled(formats, program, digits)
              checked += 1
              let got = Self.written(formats.elements(made), outputCount: Int(made.outputCount), digits)
              if got != expected {
                mismatches.append("\(region.rawValue) \(index) \(length): \(got) vs \(expected)")
              }
            }
            if let program = entry.international, let rfc3966 = runs.rfc3966 {
              let text = String(decoding: Self.filled(formats, program, digits), as: UTF8.self)
              let expected = Array(PhoneNumber.rfc3966Separators(text).utf8)
              checked += 1
              let got = Self.written(formats.elements(rfc3966), outputCount: Int(rfc3966.outputCount), digits)
              if got != expected {
                mismatches.append("\(region.rawValue) \(index) \(length) RFC 3966: \(got) vs \(expected)")
              }
            }
          }
        }
      }
    }
    #expect(checked > 1000)
    #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(20))")
  }

  /// Parsed numbers (so with the rule chosen) with no format rule (-1),
  /// long extensions (not inline), a national number of 16 or more digits
  /// (not inline), and lengths a rule's pattern takes in several: each
  /// takes the word runs or the general writer, and agrees with `formatted`.
  @Test(
    arguments: [
      "+44 20 7946 0958 ext. 1234567890123456", "+1 201 555 0123 ext. 12345678901234567",
      "+49 30 1234567890123", "+49 301234567890123456", "+44 1234", "+800 1234 5678", "+39 06 6982 1234",
      "+54 9 11 1234 5678", "+86 10 1234 5678 x1", "+7 912 345 67 89", "+61 4 1234 5678",
    ])
  func parsedEdgeNumbersAgree(_ text: String) throws {
    guard let number = try? PhoneNumber(text) else { return }
    #expect(Self.written(number) == Self.formatted(number))
  }

  /// Some of those parse, with the rule chosen (the word runs' case).
  @Test func parsedEdgeNumbersParse() throws {
    let number = try PhoneNumber("+44 20 7946 0958 ext. 1234567890123456")
    #expect(number.formatRule >= 0)
    #expect(Self.written(number) == Self.formatted(number))
  }
}
