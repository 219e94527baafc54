import PayPhoneTestSupport
import Testing

@testable import PayPhoneNumbers

/// The hot-path tables answer as the descriptions and formats they are
/// built from.
@Suite struct RegionTablesTests {
  /// The international format a number takes, found from its national
  /// format through `internationalRules`, is the one a search of the
  /// international list finds, on inputs of every national format's
  /// pattern in every region with international formats of its own.
  @Test func internationalRulesAgreeWithTheSearch() throws {
    var regions = 0
    var compared = 0
    var mapped = 0
    var mismatches: [String] = []
    for (index, metadata) in PhoneMetadataStore.shared.allMetadata().enumerated() {
      let metadata = try #require(metadata)
      guard !metadata.internationalNumberFormats.isEmpty else { continue }
      regions += 1
      let tables = metadata.tables
      #expect(tables.internationalRules.count == metadata.numberFormats.count)
      mapped += tables.internationalRules.filter { $0 >= 0 }.count
      for format in metadata.numberFormats {
        var generator = try PatternInputGenerator(pattern: format.pattern.source, seed: UInt64(index + 7))
        for _ in 0..<16 {
          let input = generator.witness()
          input.withUnsafeBufferPointer { digits in
            let searched = tables.internationalFormats.choose(digits)
            guard let national = tables.formats.choose(digits) else {
              compared += 1
              if let searched { mismatches.append("\(metadata.regionCode) \(input): none vs \(searched)") }
              return
            }
            let rule = tables.internationalRules[national]
            guard rule != -2 else { return }
            compared += 1
            if searched != Int(rule) {
              mismatches.append("\(metadata.regionCode) \(input): \(rule) vs \(String(describing: searched))")
            }
          }
        }
      }
    }
    for mismatch in mismatches.prefix(20) { print("MISMATCH \(mismatch)") }
    print(
      "international rules: \(regions) regions, \(mapped) mapped, \(compared) inputs, \(mismatches.count) mismatches"
    )
    #expect(regions >= 30 && mapped >= 200 && compared >= 1000)
    #expect(mismatches.isEmpty)
  }

  /// A layout filled in from its pattern's shape writes what the pattern's
  /// match writes, on inputs the pattern matches whole (the only ones the
  /// shape is used for).
  @Test func shapedFormatsWriteWhatTheirMatchesWrite() throws {
    var shaped = 0
    var compared = 0
    var mismatches: [String] = []
    for (index, metadata) in PhoneMetadataStore.shared.allMetadata().enumerated() {
      let metadata = try #require(metadata)
      for format in metadata.numberFormats + metadata.internationalNumberFormats {
        guard format.pattern.shape != nil else { continue }
        shaped += 1
        var generator = try PatternInputGenerator(pattern: format.pattern.source, seed: UInt64(index + 1))
        for (kind, layout) in [
          (PhoneNumberFormat.national, format.nationalLayout), (.international, format.layout),
        ] {
          #expect(format.nationalGrouping != nil && format.grouping != nil, "\(format.pattern.source)")
          for _ in 0..<8 {
            let input = generator.witness()
            guard !input.isEmpty, format.pattern.matchesEntirely(input) else { continue }
            compared += 1
            let (ours, reference) = input.withUnsafeBufferPointer { digits in
              let ours = UTF8Writer.string(
                capacity: format.groupingCapacity(in: kind, inputCount: digits.count)
              ) {
                format.appendGrouping(of: digits, in: kind, into: &$0)
              }
              let reference = UTF8Writer.string(capacity: layout.outputCapacity(inputCount: digits.count)) {
                layout.apply(format.pattern, to: digits, into: &$0)
              }
              return (ours, reference)
            }
            if ours != reference {
              mismatches.append(
                "\(metadata.regionCode) \(format.pattern.source) \(format.format): \(ours) vs \(reference)")
            }
          }
        }
      }
    }
    for mismatch in mismatches.prefix(20) { print("MISMATCH \(mismatch)") }
    print("shaped formats: \(shaped) formats, \(compared) inputs, \(mismatches.count) mismatches")
    #expect(shaped > 500)
    #expect(compared > 5000)
    #expect(mismatches.isEmpty)
  }

  /// The general type's stored length answers are the computed ones.
  @Test func storedLengthAnswersAreTheComputedOnes() throws {
    for metadata in PhoneMetadataStore.shared.allMetadata() {
      let metadata = try #require(metadata)
      for length in 0..<64 {
        #expect(metadata.lengthCheck(length) == metadata.computedLengthCheck(length, type: .unknown))
      }
      #expect(metadata.lengthCheck(70) == metadata.computedLengthCheck(70, type: .unknown))
    }
  }

  /// The type candidates never leave out a description that matches.
  @Test func typeCandidatesKeepEveryMatchingDescription() throws {
    var checked = 0
    for (index, metadata) in PhoneMetadataStore.shared.allMetadata().enumerated() {
      let metadata = try #require(metadata)
      var random = SeededGenerator(seed: UInt64(index + 1))
      for length in [0, 1, 2, 5, 7, 8, 9, 10, 11, 12, 15, 17, 62, 63, 64] {
        for _ in 0..<30 {
          let input = (0..<length).map { _ in UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &random) }
          input.withUnsafeBufferPointer { digits in
            let candidates = metadata.tables.typeCandidates(for: digits)
            for kind in NumberDescription.Kind.allCases
            where metadata.description(kind)?.matches(digits) == true {
              checked += 1
              #expect(candidates & 1 << UInt32(kind.rawValue) != 0, "\(metadata.regionCode) \(kind)")
            }
          }
        }
      }
    }
    #expect(checked > 1000)
  }

  /// libphonenumber's getNumberTypeHelper, spelled out over the
  /// descriptions: the reference for `numberType`, which may skip the
  /// general check and most descriptions.
  static func referenceType(_ metadata: RegionMetadata, _ digits: UnsafeBufferPointer<UInt8>)
    -> PhoneNumberType
  {
    func matches(_ kind: NumberDescription.Kind) -> Bool {
      metadata.description(kind)?.matches(digits) == true
    }
    guard matches(.general) else { return .unknown }
    let order: [(NumberDescription.Kind, PhoneNumberType)] = [
      (.premiumRate, .premiumRate), (.tollFree, .tollFree), (.sharedCost, .sharedCost), (.voip, .voip),
      (.personalNumber, .personalNumber), (.pager, .pager), (.uan, .uan), (.voicemail, .voicemail),
    ]
    for (kind, type) in order where matches(kind) { return type }
    if matches(.fixedLine) {
      if metadata.sameMobileAndFixedLinePattern || matches(.mobile) { return .fixedLineOrMobile }
      return .fixedLine
    }
    if !metadata.sameMobileAndFixedLinePattern && matches(.mobile) { return .mobile }
    return .unknown
  }

  /// `numberType` answers as the reference on every region, on random
  /// digits of every usual length and on the tables' example numbers.
  @Test func numberTypesAreTheReferenceOnes() throws {
    var implied = 0
    var checked = 0
    var mismatches: [String] = []
    let examples = try MetadataPatternCorpus.exampleNumbers().map { Array($0.utf8) }
    for (index, metadata) in PhoneMetadataStore.shared.allMetadata().enumerated() {
      let metadata = try #require(metadata)
      implied += metadata.tables.generalIsImplied ? 1 : 0
      var random = SeededGenerator(seed: UInt64(index + 100))
      var inputs = examples
      for length in 2...17 {
        for _ in 0..<40 {
          inputs.append((0..<length).map { _ in UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &random) })
        }
      }
      for input in inputs {
        input.withUnsafeBufferPointer { digits in
          checked += 1
          let ours = metadata.numberType(digits)
          let reference = Self.referenceType(metadata, digits)
          if ours != reference {
            mismatches.append(
              "\(metadata.regionCode) \(String(decoding: input, as: UTF8.self)): \(ours) vs \(reference)")
          }
        }
      }
    }
    for mismatch in mismatches.prefix(20) { print("MISMATCH \(mismatch)") }
    print(
      "number types: \(checked) inputs, general implied in \(implied) regions, \(mismatches.count) mismatches"
    )
    #expect(checked > 300_000)
    #expect(mismatches.isEmpty)
  }

  /// Language inclusion, the test that lets `numberType` skip the general
  /// description: (pattern, pattern it is checked against, included?).
  @Test(arguments: [
    ("12", "1\\d", true), ("1\\d", "12", false), ("\\d{3}", "\\d{2,4}", true), ("\\d{5}", "\\d{2,4}", false),
    ("(?:1|2)3", "[12]3", true), ("[1-3]3", "[12]3", false), ("7\\d{9}", "[1-9]\\d{9}", true),
    ("7\\d{9}", "[1-68]\\d{9}|7\\d{8}", false), ("", "1?", true), ("1?", "1", false),
  ])
  func languageInclusion(pattern: String, in other: String, included: Bool) throws {
    #expect(try DigitPattern(pattern).storage.isIncluded(in: DigitPattern(other).storage) == included)
  }

  /// The lengths a pattern has inputs of, which let the format and type
  /// checks skip automata: (pattern, lengths).
  @Test(arguments: [
    ("\\d{3}", [3]), ("1\\d{2,4}", [3, 4, 5]), ("(?:12)?3", [1, 3]), ("", [0]), ("0|[1-9]\\d{9}", [1, 10]),
    ("\\d{70}", []), ("\\d+", Array(1..<64)),
  ])
  func acceptedLengths(pattern: String, lengths: [Int]) throws {
    let bits = try DigitPattern(pattern).storage.acceptedLengths
    #expect((0..<64).filter { bits >> UInt64($0) & 1 != 0 } == lengths)
  }
}
