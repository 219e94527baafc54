internal import PayPhone
internal import PayPhoneStreaming

/// `payphone regions`: every supported region and non-geographic entity,
/// for country pickers.
struct RegionsCommand: Command {
  static let name = "regions"
  static let summary = "List regions: country code, name, flag, example, masks"
  static let valueOptions: Set<String> = ["--locale"]
  static let flagOptions: Set<String> = ["--jsonl"]
  static let help = """
    Usage: payphone regions [--locale LOCALE] [--jsonl]

    Lists every supported region (and every non-geographic country code, as
    region "001"): country code, display name in LOCALE (from ICU's locale
    data), flag emoji, an example number in E.164 (mobile, else fixed-line,
    else any), and the national and international input masks.

    Options:
      --locale LOCALE   language of the names (default en): ja, de, pt_BR, ...
      --jsonl           one JSON object per line

    Examples:
      payphone regions
      payphone regions --locale ja --jsonl | head -3

    """

  let locale: String

  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard arguments.inputs.isEmpty else { throw UsageError("regions takes no inputs") }
    locale = arguments.value("--locale") ?? "en"
  }

  func run(_ arguments: ParsedArguments) -> Int32 {
    var output = LineWriter()
    let json = arguments.has("--jsonl")
    for entry in RegionEntry.all(locale: locale) {
      if json {
        output.beginObject()
        output.field("ok", true)
        output.field("region", entry.region.rawValue)
        output.field("countryCode", entry.countryCode)
        output.field("name", entry.name)
        output.field("flag", entry.flag)
        output.field("example", entry.example?.formatted(.e164))
        output.field("nationalMask", entry.nationalMask)
        output.field("internationalMask", entry.internationalMask)
        output.endObject()
      } else {
        let flag = entry.flag.map { $0 + " " } ?? ""
        let name = entry.name ?? "(non-geographic)"
        let example = entry.example?.formatted(.international) ?? "-"
        output.plainLine("\(entry.region.rawValue)\t+\(entry.countryCode)\t\(flag)\(name)\t\(example)")
      }
    }
    output.flushToStandardOutput()
    return 0
  }
}

/// One line of `payphone regions`.
struct RegionEntry {
  let region: RegionCode
  let countryCode: Int
  let name: String?
  let flag: String?
  let example: PhoneNumber?
  let nationalMask: String?
  let internationalMask: String?

  static func all(locale: String) -> [RegionEntry] {
    var entries = PhoneMetadata.supportedRegions.map { region in
      let example =
        PhoneMetadata.exampleNumber(for: region, type: .mobile)
        ?? PhoneMetadata.exampleNumber(for: region, type: .fixedLine)
        ?? PhoneNumberType.allCases.lazy.compactMap { PhoneMetadata.exampleNumber(for: region, type: $0) }
        .first
      let masks = example.map(PhoneInputMasks.init(example:))
      return RegionEntry(
        region: region, countryCode: PhoneMetadata.countryCode(for: region) ?? 0,
        name: PhoneMetadata.displayName(of: region, locale: locale), flag: PhoneMetadata.flag(of: region),
        example: example, nationalMask: masks?.national, internationalMask: masks?.international)
    }
    for countryCode in PhoneMetadata.nonGeographicCountryCodes {
      let masks = PhoneMetadata.inputMasks(forNonGeographicCountryCode: countryCode)
      entries.append(
        RegionEntry(
          region: .nonGeographic, countryCode: countryCode, name: nil, flag: nil,
          example: PhoneMetadata.exampleNumber(forNonGeographicCountryCode: countryCode),
          nationalMask: masks?.national, internationalMask: masks?.international))
    }
    return entries
  }
}
