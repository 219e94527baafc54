/// Reads one record of the generated metadata table (the format described
/// at the top of `Data/phone/metadata.txt`) into a `RegionMetadata`,
/// compiling its patterns.
enum PhoneMetadataRecordParser {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  static func parse(_ record: StaticString) throws(Failure) -> RegionMetadata {
    let text = record.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
    var regionCode: RegionCode?
    var countryCode = 0
    var values: [String: String] = [:]
    var descriptions = [NumberDescription?](repeating: nil, count: NumberDescription.Kind.allCases.count)
    var formats: [NumberFormat] = []
    var internationalFormats: [NumberFormat] = []

    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      // A record line may end in empty fields: keep them.
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      let name = fields[0].drop { $0 == " " }
      switch name {
      case "region":
        guard fields.count == 3, let code = Int(fields[2]) else {
          throw Failure(description: "bad region line")
        }
        regionCode = RegionCode(rawValue: fields[1])
        countryCode = code
      case "desc":
        guard fields.count == 6,
          let kind = NumberDescription.Kind.allCases.first(where: { $0.tableName == fields[1] })
        else { throw Failure(description: "bad desc line: \(line)") }
        descriptions[kind.rawValue] = NumberDescription(
          pattern: fields[2].isEmpty || fields[2] == "NA" ? nil : try compile(fields[2]),
          possibleLengths: lengths(fields[3]),
          localOnlyLengths: lengths(fields[4]),
          exampleNumber: fields[5].isEmpty ? nil : fields[5])
      case "format", "intlFormat":
        let format = try numberFormat(fields, line: line)
        if name == "format" {
          formats.append(format)
        } else {
          internationalFormats.append(format)
        }
      default:
        guard fields.count == 2 else { throw Failure(description: "bad line: \(line)") }
        values[String(name)] = fields[1]
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
      isMainCountryForCode: values["mainCountry"] == "1",
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
    let text = record.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
    var formats: [NumberFormat] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields[0].drop(while: { $0 == " " }) == "format" else { continue }
      formats.append(try numberFormat(fields, line: line))
    }
    return formats
  }

  /// A `format` or `intlFormat` line's fields as a format.
  private static func numberFormat(_ fields: [String], line: Substring) throws(Failure) -> NumberFormat {
    guard fields.count == 7 else { throw Failure(description: "bad format line: \(line)") }
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

  private static func compile(_ source: String) throws(Failure) -> DigitPattern {
    do {
      return try DigitPattern(source)
    } catch {
      throw Failure(description: "pattern \(source): \(error.message)")
    }
  }

  private static func lengths(_ field: String) -> [Int] {
    field.split(separator: ",").compactMap { Int($0) }.sorted()
  }
}
