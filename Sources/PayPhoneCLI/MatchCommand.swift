internal import PayPhone
@_spi(PayPhoneInternal) internal import PayPhoneRecords
internal import PayPhoneRequests
internal import PayPhoneStreaming

/// `payphone match`: whether two phone numbers are the same, as
/// libphonenumber's `is_number_match` says.
struct MatchCommand: LineCommand {
  static let name = "match"
  static let summary = "Tell whether two phone numbers are the same (exact, NSN, short NSN, no match)"
  static let valueOptions: Set<String> = ["--region"]
  static let help = """
    Usage: payphone match [--region CC] [--jsonl] [A B]

    Compares two phone numbers as libphonenumber's is_number_match (9.0.43)
    does and prints one of exact_match, nsn_match (same national number, a
    country code missing on one side), short_nsn_match (one national number
    ends with the other, or only one has an extension), no_match, or
    not_a_number. Different extensions never match; Italy's leading zero
    counts; a NANPA number matches its 7-digit local form as short_nsn_match.

    Without a region the two texts are compared as is_number_match compares
    strings (a text without a country code takes the other's). With a region
    each is first parsed in that region and the two numbers are compared; a
    text that does not parse gives not_a_number.

    Options:
      --region CC   parse both numbers in region CC (ISO 3166-1 alpha-2)
      --jsonl       read {"a": "...", "b": "...", "region": "GB"} per stdin line
                    ("region" optional, overrides --region), write
                    {"ok": true, "match": "nsn_match"} per line
      --jobs N      answer stdin on N threads, in input order
                    (default: one per core; 1 to 256)

    Without arguments and without --jsonl, each stdin line holds A and B
    separated by a tab.

    Examples:
      payphone match '+44 20 7946 0958' '020 7946 0958'
      payphone match --region US '650 253 0000' '+1 650-253-0000'
      echo '{"a": "+1 345 657 1234", "b": "657 1234"}' | payphone match --jsonl

    """

  let defaultRegion: RegionCode?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    defaultRegion = try RegionOption.value(arguments)
    if !arguments.has("--jsonl") && !arguments.inputs.isEmpty && arguments.inputs.count != 2 {
      throw UsageError("match takes two numbers, A and B (got \(arguments.inputs.count))")
    }
  }

  func run(_ arguments: ParsedArguments) -> Int32 {
    guard arguments.inputs.count == 2, !arguments.has("--jsonl") else { return runLines(arguments) }
    var output = LineWriter()
    output.plainLine(
      MatchRecord(arguments.inputs[0], arguments.inputs[1], region: defaultRegion).match.rawValue)
    StandardStreams.writeOutput(output.bytes)
    return 0
  }

  func process(json fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    try RegionRequests(defaultRegion: defaultRegion).answerMatch(fields, into: &output)
  }

  func process(plain input: String, into output: inout LineWriter) -> Bool {
    let parts = input.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2 else {
      output.plainLine("error: expected two numbers separated by a tab")
      return false
    }
    output.plainLine(MatchRecord(String(parts[0]), String(parts[1]), region: defaultRegion).match.rawValue)
    return true
  }
}
