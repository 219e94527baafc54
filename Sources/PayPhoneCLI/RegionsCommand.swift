internal import PayPhone
@_spi(PayPhoneInternal) internal import PayPhoneRecords
internal import PayPhoneStreaming

/// `payphone regions`: every supported region and non-geographic entity,
/// for country pickers.
struct RegionsCommand: Command {
  static let name = "regions"
  static let summary = "List regions: country code, name, flag, example, masks"
  static let valueOptions: Set<String> = ["--locale"]
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
    for entry in RegionRecord.all(locale: locale) {
      if json {
        output.append(entry)
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
