package import PayPhone
@_spi(PayPhoneInternal) package import PayPhoneRecords

// The phone commands' requests: each reads a `--jsonl` line's fields, with
// the command's options as defaults that a line's camelCase fields
// override, and writes the line's record.

/// The requests of the commands that read a number in a region (`phone`,
/// `as-you-type`, `match`, `short`): a line's `"region"` overrides
/// `--region`.
package struct RegionRequests: Sendable {
  /// `--region`.
  package let defaultRegion: RegionCode?

  package init(defaultRegion: RegionCode?) {
    self.defaultRegion = defaultRegion
  }

  /// The line's region, else `--region`.
  private func region(_ fields: JSONFields) throws(BadInputLine) -> RegionCode? {
    try fields.region() ?? defaultRegion
  }

  /// The line's region, else `--region`; a bad line when there is neither.
  private func requiredRegion(_ fields: JSONFields) throws(BadInputLine) -> RegionCode {
    guard let region = try region(fields) else {
      throw BadInputLine(message: "missing \"region\" (required without --region)")
    }
    return region
  }

  /// `phone`: the line's number and the region it is read in, from
  /// `{"number": "...", "region": "GB"}`.
  package func phone(_ fields: JSONFields) throws(BadInputLine) -> (number: String, region: RegionCode?) {
    (try fields.string("number"), try region(fields))
  }

  /// `phone`: `{"number": "...", "region": "GB"}`.
  package func answerPhone(_ fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    let (number, region) = try phone(fields)
    output.append(PhoneRecord(input: number, region: region))
  }

  /// `as-you-type`: `{"region": "US", "keys": "6502532222"}`.
  package func answerAsYouType(_ fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    let keys = try fields.string("keys")
    output.append(AsYouTypeRecord(keys: keys, region: try requiredRegion(fields)))
  }

  /// `match`: `{"a": "...", "b": "...", "region": "GB"}`.
  package func answerMatch(_ fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    let first = try fields.string("a")
    let second = try fields.string("b")
    output.append(MatchRecord(first, second, region: try region(fields)))
  }

  /// `short`: `{"number": "112", "region": "DE"}`.
  package func answerShort(_ fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    let number = try fields.string("number")
    output.append(ShortRecord(number: number, region: try requiredRegion(fields)))
  }
}

/// `find`: `{"text": "...", "region": "GB", "leniency": "valid", "cards": true, "redact": true}`.
package struct FindRequests: Sendable {
  package let defaultRegion: RegionCode?
  /// `--leniency`.
  package let leniency: PhoneNumberLeniency
  /// `--cards`.
  package let findsCards: Bool
  /// `--redact`.
  package let redacts: Bool

  package init(defaultRegion: RegionCode?, leniency: PhoneNumberLeniency, findsCards: Bool, redacts: Bool) {
    self.defaultRegion = defaultRegion
    self.leniency = leniency
    self.findsCards = findsCards
    self.redacts = redacts
  }

  /// The record of `text` found with the options alone (a plain line's,
  /// a CSV cell's).
  package func record(_ text: String) -> FindRecord {
    FindRecord(text: text, region: defaultRegion, leniency: leniency, cards: findsCards, redact: redacts)
  }

  package func answer(_ fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    let text = try fields.string("text")
    let region = try fields.region() ?? defaultRegion
    var leniency = self.leniency
    if let name = try fields.optionalString("leniency") {
      guard let value = PhoneNumberLeniency(rawValue: name) else {
        throw BadInputLine(
          message: "\"leniency\" must be possible, valid, strict_grouping or exact_grouping")
      }
      leniency = value
    }
    let cards = try fields.optionalBool("cards") ?? findsCards
    let redact = try fields.optionalBool("redact") ?? redacts
    output.append(FindRecord(text: text, region: region, leniency: leniency, cards: cards, redact: redact))
  }
}

extension JSONFields {
  /// The `"region"` field, nil when absent or null; a value that is no
  /// region code (`GBR`, `""`) gives `RegionCode.unknown`, a region without
  /// metadata, as any unsupported code does.
  fileprivate func region() throws(BadInputLine) -> RegionCode? {
    try withOptionalStringBytes("region") { bytes in bytes.map { RegionCode(utf8: $0) ?? .unknown } }
  }
}
