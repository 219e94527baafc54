import PayPhoneTestSupport
import Testing

@testable import PayPhoneNumbers

/// The two-digit candidate filters skip only patterns that cannot match:
/// every region's type and format answers are the unfiltered ones.
@Suite struct PrefixCandidatesTests {
  /// libphonenumber's `chooseFormattingPatternForNumber`, trying every
  /// format for writing a number in `format` in turn.
  static func chooseUnfiltered(
    _ metadata: RegionMetadata, _ format: PhoneNumberFormat, _ digits: UnsafeBufferPointer<UInt8>
  ) -> NumberFormat? {
    let international = format != .national && !metadata.internationalNumberFormats.isEmpty
    return (international ? metadata.internationalNumberFormats : metadata.numberFormats).first { rule in
      rule.decidingLeadingDigits.map { $0.matchesPrefix(digits) } != false
        && rule.pattern.matchesEntirely(digits)
    }
  }

  /// Every two-digit start, then random digits (lengths 2 to 17), and the
  /// tables' example numbers.
  static func inputs(seed: UInt64) -> [[UInt8]] {
    var random = SeededGenerator(seed: seed)
    var inputs: [[UInt8]] = []
    for prefix in 0..<100 {
      for length in [2, 3, 5, 7, 8, 9, 10, 11, 12, 13, 17] {
        var digits = [UInt8(ascii: "0") + UInt8(prefix / 10), UInt8(ascii: "0") + UInt8(prefix % 10)]
        while digits.count < length {
          digits.append(UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &random))
        }
        inputs.append(digits)
      }
    }
    return inputs
  }

  @Test func filteredTypeAndFormatAnswersAreTheUnfilteredOnes() throws {
    var checked = 0
    var skipped = 0
    var mismatches: [String] = []
    let examples = try MetadataPatternCorpus.exampleNumbers().map { Array($0.utf8) }
    for (index, metadata) in PhoneMetadataStore.shared.allMetadata().enumerated() {
      let metadata = try #require(metadata)
      for input in Self.inputs(seed: UInt64(index + 1)) + examples {
        input.withUnsafeBufferPointer { digits in
          checked += 1
          let mask = metadata.tables.typeCandidates(for: digits)
          for kind in NumberDescription.Kind.allCases where mask & 1 << UInt32(kind.rawValue) == 0 {
            skipped += 1
            if metadata.description(kind)?.matches(digits) == true {
              mismatches.append(
                "\(metadata.regionCode) \(kind) skipped on \(String(decoding: input, as: UTF8.self))")
            }
          }
          for format in [PhoneNumberFormat.national, .international] {
            let filtered = metadata.chooseFormat(for: format, digits)
            let unfiltered = Self.chooseUnfiltered(metadata, format, digits)
            if filtered !== unfiltered {
              mismatches.append(
                "\(metadata.regionCode) \(format) format on \(String(decoding: input, as: UTF8.self))")
            }
          }
        }
      }
    }
    for mismatch in mismatches.prefix(50) { print("MISMATCH \(mismatch)") }
    #expect(checked > 250_000)
    #expect(skipped > checked)
    #expect(mismatches.isEmpty)
  }

  /// `matchesGeneralPattern` skips the run for lengths its pattern has
  /// no input of: the same answers as the pattern, for every length.
  @Test func generalPatternLengthsKeepTheAnswers() throws {
    var random = SeededGenerator(seed: 5)
    for region in [RegionCode.gb, .us, .de, .it, .br] {
      let metadata = try #require(PhoneMetadataStore.shared.metadata(for: region))
      let pattern = try #require(metadata.generalDescription?.pattern)
      for _ in 0..<2_000 {
        let digits = (0..<Int.random(in: 0...18, using: &random)).map { _ in
          UInt8.random(in: 0x30...0x39, using: &random)
        }
        digits.withUnsafeBufferPointer { buffer in
          #expect(metadata.matchesGeneralPattern(buffer) == pattern.matchesEntirely(buffer))
        }
      }
    }
  }

  @Test func shortAndNonDigitInputsAreNotFiltered() throws {
    let metadata = try #require(PhoneMetadataStore.shared.metadata(for: .gb))
    let candidates = try #require(metadata.tables.typeCandidates)
    for input in ["7", "", "7x", "x7", "+44"] {
      Array(input.utf8).withUnsafeBufferPointer { digits in
        #expect(candidates.mask(for: digits) == ~0, "\(input)")
      }
    }
  }
}
