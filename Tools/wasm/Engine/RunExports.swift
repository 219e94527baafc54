internal import PayPhone
internal import PayPhoneCore
@_spi(PayPhoneInternal) internal import PayPhoneRecords
internal import PayPhoneRequests

// `run(command, request)`: the `--jsonl` contract as a function, answered
// by the tool's own request path (PayPhoneRequests) with the tool's
// defaults (no options given), so each request gets the record the tool
// writes for the same line.

/// Answers `request` (one JSON object, as a `--jsonl` line) for `command`.
/// `today` (`YYYY-MM-DD`) is the `expiry` command's default, as the
/// system date is the tool's. An unknown command is an error.
@_cdecl("pp_run")
func run(
  _ commandBytes: UnsafePointer<UInt8>?, _ commandCount: Int32, _ request: UnsafePointer<UInt8>?,
  _ requestCount: Int32, _ todayBytes: UnsafePointer<UInt8>?, _ todayCount: Int32
) -> Int32 {
  let command = text(commandBytes, commandCount)
  let line = UnsafeBufferPointer(start: request, count: request == nil ? 0 : Int(requestCount))
  return respond { output in
    let handle: (JSONFields, inout LineWriter) throws(BadInputLine) -> Void
    switch command {
    case "phone": handle = RegionRequests(defaultRegion: nil).answerPhone
    case "as-you-type": handle = RegionRequests(defaultRegion: nil).answerAsYouType
    case "match": handle = RegionRequests(defaultRegion: nil).answerMatch
    case "short": handle = RegionRequests(defaultRegion: nil).answerShort
    case "find":
      handle = FindRequests(defaultRegion: nil, leniency: .valid, findsCards: false, redacts: false).answer
    case "card": handle = CardRequests().answer
    case "mask": handle = maskRequests.answer
    case "text": handle = TextRequests(defaultLimit: TextLimit()).answer
    case "expiry":
      guard let today = CalendarDay(iso8601: text(todayBytes, todayCount)) else {
        return output.error("invalid_date", "today must be a date as YYYY-MM-DD")
      }
      handle = ExpiryRequests(today: today).answer
    default:
      return output.error(
        "unknown_command",
        "no command '\(command)': phone, card, expiry, mask, text, as-you-type, find, match, short or regions"
      )
    }
    LineRequest.answer(line, into: &output, handle)
    return true
  }
}

/// The masks compiled so far, kept across calls as the tool keeps them
/// across lines.
let maskRequests = MaskRequests(defaultMask: nil)

/// `regions`: every region's record, one per line (names are null: the
/// module carries no ICU locale data).
@_cdecl("pp_regions")
func regions() -> Int32 {
  respond { output in
    for region in RegionRecord.all(locale: "en") { output.append(region) }
    return true
  }
}

/// `{"version": "MAJOR.MINOR.PATCH"}`.
@_cdecl("pp_version")
func version() -> Int32 {
  respond { output in
    output.beginObject()
    output.field("version", "\(PayPhoneVersion.current)")
    output.endObject()
    return true
  }
}
