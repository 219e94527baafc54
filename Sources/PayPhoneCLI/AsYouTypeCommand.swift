internal import PayPhone
@_spi(PayPhoneInternal) internal import PayPhoneRecords
internal import PayPhoneRequests
internal import PayPhoneStreaming

/// `payphone as-you-type`: what a phone field shows after each key.
struct AsYouTypeCommand: LineCommand {
  static let name = "as-you-type"
  static let summary = "Show a phone number formatted key by key, as typed in a region"
  static let valueOptions: Set<String> = ["--region"]
  static let help = """
    Usage: payphone as-you-type --region CC [--jsonl] [KEYS ...]

    Feeds the characters of KEYS one at a time to an as-you-type formatter for
    region CC and prints the text after every key, exactly as libphonenumber's
    AsYouTypeFormatter (9.0.43) shows it: national and international entry,
    + or an international prefix, national prefixes and carrier codes, digits
    of any script; punctuation typed by the person stops the formatting.

    Options:
      --region CC   the region the number is typed in (ISO 3166-1 alpha-2);
                    required unless every --jsonl line gives its own
      --jsonl       read {"region": "US", "keys": "6502532222"} per stdin line
                    ("region" optional with --region), write
                    {"ok": true, "steps": ["6", "65", ...]} per line
      --jobs N      answer stdin on N threads, in input order
                    (default: one per core; 1 to 256)

    Examples:
      payphone as-you-type --region US 6502532222
      payphone as-you-type --region GB +442079460958 02079460958
      echo '{"region": "DE", "keys": "030123456"}' | payphone as-you-type --jsonl

    """

  let defaultRegion: RegionCode?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    defaultRegion = try RegionOption.value(arguments)
    if defaultRegion == nil && !arguments.has("--jsonl") {
      throw UsageError("as-you-type needs --region CC")
    }
  }

  func process(json fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    try RegionRequests(defaultRegion: defaultRegion).answerAsYouType(fields, into: &output)
  }

  func process(plain input: String, into output: inout LineWriter) -> Bool {
    guard let defaultRegion else { return false }
    switch AsYouTypeRecord(keys: input, region: defaultRegion).answer {
    case .success(let steps):
      output.plainLine(steps.joined(separator: "  →  "))
      return true
    case .failure:
      output.plainLine("error: more than \(AsYouTypeRecord.maximumKeys) keys")
      return false
    }
  }
}
