internal import PayPhone
@_spi(PayPhoneInternal) internal import PayPhoneRecords
internal import PayPhoneRequests
internal import PayPhoneStreaming

/// `payphone find`: the phone numbers (and with `--cards`, the card
/// numbers) in free text, as libphonenumber's matcher finds them; with
/// `--redact`, the text with each replaced by a placeholder.
struct FindCommand: LineCommand {
  static let name = "find"
  static let summary = "Find phone numbers (and card numbers) in free text; redact them"
  static let valueOptions: Set<String> = ["--region", "--leniency", "--column"]
  static let flagOptions: Set<String> = ["--jsonl", "--csv", "--cards", "--redact"]
  static let help = """
    Usage: payphone find [--region CC] [--leniency L] [--cards] [--redact] [--jsonl | --csv --column NAME] [TEXT ...]

    Finds the phone numbers in free text exactly as libphonenumber's
    PhoneNumberMatcher does (9.0.43, at most 65535 failed tries per text).
    Offsets count Unicode scalars (code points) of the text as given; digits
    of any script are read as their ASCII digits.

    Options:
      --region CC      default region for numbers written without + or an
                       international prefix (without it, only those are found)
      --leniency L     possible, valid (default), strict_grouping or exact_grouping
      --cards          also find card numbers: 12-19 digits valid by the card
                       table, whole groups split by one to three spaces, dashes,
                       dots, slashes or underscores, letters touching or not; a
                       phone match overlapping a card is dropped. Cards are
                       reported by brand and last four digits, never in full
      --redact         add the text with each match replaced by [phone] or
                       [card]; in plain mode print only that text
      --jsonl          read {"text": "...", "region": "GB", "leniency": "valid"}
                       per stdin line ("region", "leniency" optional), write
                       {"ok": true, "matches": [...]} per line
      --csv            read CSV (RFC 4180, header row) from stdin and write it
                       back with phoneMatches (the E.164 numbers found, separated
                       by spaces) appended, and redacted with --redact; needs
                       --column
      --column NAME    the CSV column holding the text
      --jobs N         answer stdin on N threads, in input order
                       (default: one per core; 1 to 256)

    A text longer than 1 MiB (UTF-8) is an error for its line (text_too_long).

    Examples:
      payphone find --region GB 'Call 020 7946 0958 or +1 650-253-0000 ext. 12'
      echo '{"text": "card 4111 1111 1111 1111, tel 020 7946 0958", "region": "GB"}' | payphone find --jsonl --cards --redact
      payphone find --region US --csv --column note --redact < notes.csv

    """

  /// `--region`, `--leniency`, `--cards` and `--redact`.
  let options: FindRequests
  let csvColumn: String?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let region = try RegionOption.value(arguments)
    var leniency = PhoneNumberLeniency.valid
    if let name = arguments.value("--leniency") {
      guard let value = PhoneNumberLeniency(rawValue: name) else {
        throw UsageError(
          "--leniency must be possible, valid, strict_grouping or exact_grouping, not '\(DigitRunRedaction.redact(name))'"
        )
      }
      leniency = value
    }
    options = FindRequests(
      defaultRegion: region, leniency: leniency, findsCards: arguments.has("--cards"),
      redacts: arguments.has("--redact"))
    if arguments.has("--csv") {
      guard let column = arguments.value("--column") else { throw UsageError("--csv needs --column NAME") }
      guard !arguments.has("--jsonl") else { throw UsageError("choose one of --csv and --jsonl") }
      guard arguments.inputs.isEmpty else { throw UsageError("--csv reads stdin; drop the arguments") }
      csvColumn = column
    } else {
      guard arguments.value("--column") == nil else { throw UsageError("--column goes with --csv") }
      csvColumn = nil
    }
  }

  func run(_ arguments: ParsedArguments) -> Int32 {
    guard let csvColumn else { return runLines(arguments) }
    let appender = CSVColumnAppender(
      delimiter: UInt8(ascii: ","), columns: FindColumns(column: csvColumn, options: options),
      valueLimit: FindRecord.maximumTextLength + 1)
    return appender.run(jobs: arguments.jobs, command: Self.name)
  }

  func process(json fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    try options.answer(fields, into: &output)
  }

  func process(plain input: String, into output: inout LineWriter) -> Bool {
    let record = options.record(input)
    let matches: [TextMatch]
    switch record.answer {
    case .success(let found): matches = found
    case .failure(let failure):
      output.plainLine("error: \(failure.code): \(failure.message)")
      return false
    }
    if options.redacts {
      output.plainLine(TextFinder.redacted(input, matches: matches))
      return true
    }
    guard !matches.isEmpty else {
      output.plainLine("no numbers found")
      return true
    }
    let described = matches.map { match -> String in
      switch match {
      case .phone(let phone):
        let number =
          phone.number.formatted(.e164) + (phone.number.numberExtension.map { " ext. \($0)" } ?? "")
        return
          "\(number) at \(phone.scalarRange.lowerBound)-\(phone.scalarRange.upperBound) \"\(phone.rawText)\""
      case .card(let card):
        let name = CardBrandTable.standard.specification(for: card.brand)?.name ?? card.brand.rawValue
        return
          "\(name) card ending \(card.card.last4) at \(card.scalarRange.lowerBound)-\(card.scalarRange.upperBound)"
      }
    }
    output.plainLine(described.joined(separator: "\t"))
    return true
  }
}
