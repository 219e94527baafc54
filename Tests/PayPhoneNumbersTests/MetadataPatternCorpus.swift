@testable import PayPhoneNumbers

/// Every regular expression of the library's own metadata tables (all 254
/// records: number descriptions, formats and their leading digits,
/// international prefixes, national-prefix patterns, leading digits of
/// regions sharing a code), and their example numbers: the corpus the
/// equivalence test runs.
enum MetadataPatternCorpus {
  /// Every distinct pattern, sorted.
  static func allPatterns() throws -> [String] {
    var sources: Set<String> = []
    for metadata in PhoneMetadataStore.shared.allMetadata() {
      guard let metadata else { continue }
      for description in metadata.descriptions {
        if let pattern = description?.pattern { sources.insert(pattern.source) }
      }
      for format in metadata.numberFormats + metadata.internationalNumberFormats {
        sources.insert(format.pattern.source)
        for leading in format.leadingDigitsPatterns { sources.insert(leading.source) }
      }
      for pattern in [
        metadata.internationalPrefix, metadata.nationalPrefixForParsing, metadata.leadingDigits,
      ] {
        if let pattern { sources.insert(pattern.source) }
      }
    }
    return sources.sorted()
  }

  /// Every distinct example number of the tables, as digit strings.
  static func exampleNumbers() throws -> [String] {
    var examples: Set<String> = []
    for metadata in PhoneMetadataStore.shared.allMetadata() {
      for description in metadata?.descriptions ?? [] {
        if let example = description?.exampleNumber { examples.insert(example) }
      }
    }
    return examples.sorted()
  }
}
