internal import PayPhoneCore
internal import PayPhoneText

/// Reads one record of the generated metadata table (the format described
/// at the top of `Data/phone/metadata.txt`) into a `RegionMetadata`,
/// compiling its patterns; and so the alternate-format and short-number
/// tables' records.
enum PhoneMetadataRecordParser {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  static func parse(_ record: StaticString) throws(Failure) -> RegionMetadata {
    var regionCode: RegionCode?
    var countryCode = 0
    var values: [String: String] = [:]
    var descriptions = [NumberDescription?](repeating: nil, count: NumberDescription.Kind.allCases.count)
    var formats: [NumberFormat] = []
    var internationalFormats: [NumberFormat] = []

    for fields in lines(of: record) {
      let name = fields[0]
      switch name {
      case "region":
        guard fields.count == 3, let region = RegionCode(fields[1]), let code = Int(fields[2]) else {
          throw Failure(description: "bad region line")
        }
        regionCode = region
        countryCode = code
      case "desc":
        guard fields.count == 6,
          let kind = NumberDescription.Kind.allCases.first(where: { $0.tableName == fields[1] })
        else { throw Failure(description: "bad desc line: \(fields.joined(separator: "\t"))") }
        descriptions[kind.rawValue] = NumberDescription(
          pattern: fields[2].isEmpty || fields[2] == "NA" ? nil : try compile(fields[2]),
          possibleLengths: lengths(fields[3]),
          localOnlyLengths: lengths(fields[4]),
          exampleNumber: fields[5].isEmpty ? nil : fields[5])
      case "format", "intlFormat":
        let format = try numberFormat(fields)
        if name == "format" {
          formats.append(format)
        } else {
          internationalFormats.append(format)
        }
      default:
        guard fields.count == 2 else {
          throw Failure(description: "bad line: \(fields.joined(separator: "\t"))")
        }
        values[name] = fields[1]
      }
    }
    guard let regionCode else { throw Failure(description: "record without a region line") }
    return RegionMetadata(
      regionCode: regionCode,
      countryCode: countryCode,
      internationalPrefix: try values["idd"].map { (source) throws(Failure) in try compile(source) },
      preferredInternationalPrefix: values["preferredIdd"],
      nationalPrefix: values["nationalPrefix"],
      nationalPrefixForParsing: try values["nationalPrefixForParsing"].map { (source) throws(Failure) in
        try compile(source)
      },
      nationalPrefixTransformRule: values["nationalPrefixTransform"],
      preferredExtensionPrefix: values["preferredExtensionPrefix"],
      isMobileNumberPortable: values["portable"] == "1",
      sameMobileAndFixedLinePattern: values["sameMobileAndFixed"] == "1",
      leadingDigits: try values["leadingDigits"].map { (source) throws(Failure) in try compile(source) },
      descriptions: descriptions,
      numberFormats: formats,
      internationalNumberFormats: internationalFormats)
  }

  /// The `format` lines of a record of the alternate-format table
  /// (`Data/phone/alternate-formats.txt`), in order.
  static func parseFormats(_ record: StaticString) throws(Failure) -> [NumberFormat] {
    var formats: [NumberFormat] = []
    for fields in lines(of: record) where fields[0] == "format" {
      formats.append(try numberFormat(fields))
    }
    return formats
  }

  /// A record's lines (empty ones skipped), each as its TAB-separated
  /// fields (empty ones kept: a line may end in them). Split on the UTF-8
  /// bytes: the record text is ASCII but for the odd example or rule, so
  /// cutting it into `Character`s would be work spent on grapheme breaking
  /// that no separator needs.
  static func lines(of record: StaticString) -> [[String]] {
    record.withUTF8Buffer { bytes in
      var lines: [[String]] = []
      var fields: [String] = []
      var fieldStart = 0
      for index in 0...bytes.count {
        let byte = index < bytes.count ? bytes[index] : 0x0A
        guard byte == 0x09 || byte == 0x0A else { continue }
        let start = fieldStart
        fieldStart = index + 1
        if byte == 0x0A && fields.isEmpty && start == index { continue }  // an empty line
        fields.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
        if byte == 0x0A {
          lines.append(fields)
          fields = []
        }
      }
      return lines
    }
  }

  /// A `format` or `intlFormat` line's fields as a format.
  private static func numberFormat(_ fields: [String]) throws(Failure) -> NumberFormat {
    guard fields.count == 7 else {
      throw Failure(description: "bad format line: \(fields.joined(separator: "\t"))")
    }
    return NumberFormat(
      pattern: try compile(fields[1]),
      format: fields[2],
      leadingDigitsPatterns: try fields[3].split(separator: " ").map { (part) throws(Failure) in
        try compile(String(part))
      },
      nationalPrefixFormattingRule: fields[4].isEmpty ? nil : fields[4],
      nationalPrefixOptionalWhenFormatting: fields[5] == "1",
      carrierCodeFormattingRule: fields[6].isEmpty ? nil : fields[6])
  }

  /// The patterns compiled so far, by source. The same pattern text comes
  /// back in many records (`00`, the international prefix of most regions;
  /// `(\d{3})(\d{4})` in many formats). A compiled pattern is immutable,
  /// so the records share it, and each distinct pattern is compiled once.
  private static let compiled = Locked<[String: DigitPattern]>([:])

  static func compile(_ source: String) throws(Failure) -> DigitPattern {
    if let known = compiled.withLock({ $0[source] }) { return known }
    let pattern: DigitPattern
    do {
      pattern = try DigitPattern(source)
    } catch {
      throw Failure(description: "pattern \(source): \(error.message)")
    }
    // Compiled outside the lock; should another thread have compiled the
    // same source meanwhile, both copies are the same pattern.
    compiled.withLock { $0[source] = pattern }
    return pattern
  }

  static func lengths(_ field: String) -> [Int] {
    field.split(separator: ",").compactMap { Int($0) }.sorted()
  }
}
