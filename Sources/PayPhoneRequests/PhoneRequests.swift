package import PayPhone
package import PayPhoneRecords

// The phone commands' requests: each reads a `--jsonl` line's fields, with
// the command's options as defaults that a line's camelCase fields
// override, and writes the line's record.

/// `phone`: `{"number": "...", "region": "GB"}`.
package struct PhoneRequests: Sendable {
  /// `--region`.
  package let defaultRegion: RegionCode?

  package init(defaultRegion: RegionCode?) {
    self.defaultRegion = defaultRegion
  }

  /// The line's number and the region it is read in.
  package func read(_ fields: JSONFields) throws(BadInputLine) -> (number: String, region: RegionCode?) {
    (try fields.string("number"), try RegionField.read(fields) ?? defaultRegion)
  }

  package func answer(_ fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    let (number, region) = try read(fields)
    output.append(PhoneRecord(input: number, region: region))
  }
}

/// `as-you-type`: `{"region": "US", "keys": "6502532222"}`.
package struct AsYouTypeRequests: Sendable {
  package let defaultRegion: RegionCode?

  package init(defaultRegion: RegionCode?) {
    self.defaultRegion = defaultRegion
  }

  package func answer(_ fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    let keys = try fields.string("keys")
    guard let region = try RegionField.read(fields) ?? defaultRegion else {
      throw BadInputLine(message: "missing \"region\" (required without --region)")
    }
    output.append(AsYouTypeRecord(keys: keys, region: region))
  }
}

/// `match`: `{"a": "...", "b": "...", "region": "GB"}`.
package struct MatchRequests: Sendable {
  package let defaultRegion: RegionCode?

  package init(defaultRegion: RegionCode?) {
    self.defaultRegion = defaultRegion
  }

  package func answer(_ fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    let first = try fields.string("a")
    let second = try fields.string("b")
    let region = try RegionField.read(fields) ?? defaultRegion
    output.append(MatchRecord(first, second, region: region))
  }
}

/// `short`: `{"number": "112", "region": "DE"}`.
package struct ShortRequests: Sendable {
  package let defaultRegion: RegionCode?

  package init(defaultRegion: RegionCode?) {
    self.defaultRegion = defaultRegion
  }

  package func answer(_ fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    let number = try fields.string("number")
    guard let region = try RegionField.read(fields) ?? defaultRegion else {
      throw BadInputLine(message: "missing \"region\" (required without --region)")
    }
    output.append(ShortRecord(number: number, region: region))
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

  package func answer(_ fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    let text = try fields.string("text")
    let region = try RegionField.read(fields) ?? defaultRegion
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

/// The `"region"` field of a request.
package enum RegionField {
  /// The field, nil when absent or null; a value that is no region code
  /// (`GBR`, `""`) gives `RegionCode.unknown`, a region without metadata,
  /// as any unsupported code does.
  package static func read(_ fields: JSONFields) throws(BadInputLine) -> RegionCode? {
    try fields.withOptionalStringBytes("region") { bytes in bytes.map { RegionCode(utf8: $0) ?? .unknown } }
  }
}
