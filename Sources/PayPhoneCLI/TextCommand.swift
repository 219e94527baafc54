internal import PayPhone
@_spi(PayPhoneInternal) internal import PayPhoneRecords
internal import PayPhoneRequests
internal import PayPhoneStreaming

/// `payphone text`: grapheme counts, lengths, a soft limit and folded digits.
struct TextCommand: LineCommand {
  static let name = "text"
  static let summary = "Count graphemes, check a length limit, fold digits to ASCII"
  static let valueOptions: Set<String> = ["--limit", "--warning-fraction"]
  static let help = """
    Usage: payphone text [--limit N] [--warning-fraction F] [--jsonl] [TEXT ...]

    Counts user-perceived characters (ICU extended grapheme clusters), UTF-16
    units and UTF-8 bytes, evaluates a soft length limit (the text is never cut)
    and folds every Unicode decimal digit to ASCII.

    Options:
      --limit N               the limit, in graphemes (default 280)
      --warning-fraction F    level is "warning" from F * limit (default 0.9)
      --jsonl                 read {"text": "...", "limit": 80, "warningFraction": 0.9}
                              per stdin line, write one JSON object per line
      --jobs N                answer stdin on N threads, in input order
                              (default: one per core; 1 to 256)

    Examples:
      payphone text 'héllo 👋🏽'
      payphone text --limit 10 '👨‍👩‍👧‍👦🇺🇸 ٠١٢'
      echo '{"text": "Zoë ☎ ٤٥", "limit": 5}' | payphone text --jsonl

    """

  let defaultLimit: TextLimit

  init(_ arguments: ParsedArguments) throws(UsageError) {
    var limit = TextLimit()
    if let text = arguments.value("--limit") {
      guard let value = Int(text), value >= 0 else {
        throw UsageError("--limit needs a whole number of graphemes, 0 or more, not '\(text)'")
      }
      limit = TextLimit(limit: value)
    }
    if let text = arguments.value("--warning-fraction") {
      guard let value = Double(text), value >= 0, value <= 1 else {
        throw UsageError("--warning-fraction needs a number from 0 to 1, not '\(text)'")
      }
      limit = TextLimit(limit: limit.limit, warningFraction: value)
    }
    defaultLimit = limit
  }

  func process(json fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    try TextRequests(defaultLimit: defaultLimit).answer(fields, into: &output)
  }

  func process(plain input: String, into output: inout LineWriter) -> Bool {
    let metrics = TextMetrics(input)
    let evaluation = defaultLimit.evaluate(graphemes: metrics.graphemes)
    output.plainLine(
      "\(metrics.graphemes) graphemes, \(metrics.utf16) UTF-16, \(metrics.utf8) UTF-8 — "
        + "\(evaluation.level.rawValue), \(evaluation.remaining) left — folded: \(DigitFolding.fold(input))")
    return true
  }
}
