package import PayPhone
internal import PayPhoneCore
@_spi(PayPhoneInternal) package import PayPhoneRecords

// The input fields' requests (cards, expiry dates, masks, text): each reads
// a `--jsonl` line's fields, with the command's options as defaults that a
// line's camelCase fields override, and writes the line's record.

/// `card`: `{"number": "...", "cvc": "..."}`. The number and the code are
/// never echoed in an error.
package struct CardRequests: Sendable {
  package init() {}

  package func answer(_ fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    let input = try fields.string("number")
    // Read now so a wrong type is a bad line whatever the number; never echoed.
    let securityCode = try fields.optionalString("cvc")
    output.append(CardRecord(input: input, securityCode: securityCode))
  }
}

/// `expiry`: `{"expiry": "12/34", "today": "2026-11-29"}`.
package struct ExpiryRequests: Sendable {
  /// `--today`, else the system date.
  package let today: CalendarDay

  package init(today: CalendarDay) {
    self.today = today
  }

  package func answer(_ fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    let text = try fields.string("expiry")
    var today = self.today
    if let day = try fields.optionalString("today") {
      guard let parsed = CalendarDay(iso8601: day) else {
        throw BadInputLine(message: "field \"today\" must be a date as YYYY-MM-DD")
      }
      today = parsed
    }
    output.append(ExpiryRecord(text: text, today: today))
  }
}

/// `text`: `{"text": "...", "limit": 80, "warningFraction": 0.9}`.
package struct TextRequests: Sendable {
  /// `--limit` and `--warning-fraction`.
  package let defaultLimit: TextLimit

  package init(defaultLimit: TextLimit) {
    self.defaultLimit = defaultLimit
  }

  package func answer(_ fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    let text = try fields.string("text")
    let limit = TextLimit(
      limit: try fields.optionalInt("limit") ?? defaultLimit.limit,
      warningFraction: try fields.optionalDouble("warningFraction") ?? defaultLimit.warningFraction)
    output.append(TextRecord(text: text, limit: limit))
  }
}

/// `mask`: `{"mask": "+1 ([000]) [000]-[0000]", "text": "...", "caret": 5, "autocomplete": true}`.
package struct MaskRequests: Sendable {
  /// `--mask`, the mask of lines without one.
  package let defaultMask: String?
  /// Masks compiled so far, by format string, shared by the threads that
  /// answer lines; a stream with very many distinct formats starts over
  /// rather than growing without end.
  private let masks = Locked<[String: Result<TextMask, MaskError>]>([:])

  package init(defaultMask: String?) {
    self.defaultMask = defaultMask
  }

  /// The mask `format` compiled (the library's rule picks the notation: a
  /// `[` means bracket notation), or why it is unusable.
  package func compiled(_ format: String) -> Result<TextMask, MaskError> {
    if let known = masks.withLock({ $0[format] }) { return known }
    let compiled = Result { () throws(MaskError) in try TextMask(format) }
    masks.withLock { masks in
      if masks.count >= 4096 { masks.removeAll(keepingCapacity: true) }
      masks[format] = compiled
    }
    return compiled
  }

  package func answer(_ fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    let text = try fields.string("text")
    guard let format = try fields.optionalString("mask") ?? defaultMask else {
      throw BadInputLine(message: "missing required field \"mask\" (and no --mask default)")
    }
    let caret = try fields.optionalInt("caret")
    let autocomplete = try fields.optionalBool("autocomplete") ?? true
    output.append(
      MaskRecord(mask: compiled(format), text: text, caret: caret, autocomplete: autocomplete))
  }
}
