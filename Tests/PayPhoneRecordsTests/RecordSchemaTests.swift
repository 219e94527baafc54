import PayPhone
@_spi(PayPhoneInternal) import PayPhoneRecords
import Testing

/// Every record walks exactly the fields its schema declares: the keys in
/// order, each value of the declared kind, null only where declared.
@Suite struct RecordSchemaTests {
  /// What a walk wrote at the top level of a record (and of each element).
  struct Walk: RecordWriting {
    enum Value: Equatable {
      case string(String?)
      case integer(Int?)
      case boolean(Bool?)
      case strings([String])
      case records
    }
    var fields: [(RecordKey, Value)] = []
    var elements: [[(RecordKey, Value)]] = []
    var depth = 0
    var inList = false

    mutating func beginRecord() {
      depth += 1
      if inList { elements.append([]) }
    }
    mutating func endRecord() { depth -= 1 }
    private mutating func add(_ key: RecordKey, _ value: Value) {
      if inList && depth > 1 {
        elements[elements.count - 1].append((key, value))
      } else {
        fields.append((key, value))
      }
    }
    mutating func field(_ key: RecordKey, _ value: @autoclosure () -> String?) { add(key, .string(value())) }
    mutating func field(_ key: RecordKey, _ value: Int?) { add(key, .integer(value)) }
    mutating func field(_ key: RecordKey, _ value: Bool?) { add(key, .boolean(value)) }
    mutating func field(_ key: RecordKey, _ values: [String]) { add(key, .strings(values)) }
    mutating func beginList(_ key: RecordKey) {
      add(key, .records)
      inList = true
    }
    mutating func endList() { inList = false }
  }

  static func walk(_ record: some Record) -> Walk {
    var walk = Walk()
    record.write(to: &walk)
    return walk
  }

  /// Whether `written` is `declared` (the on-request fields only when
  /// `requested`), kinds and nulls as declared.
  static func check(
    _ written: [(RecordKey, Walk.Value)], against declared: [RecordField], requested: Bool = false,
    _ label: String
  ) {
    let expected = declared.filter { requested || !$0.isOnRequest }
    #expect(written.map(\.0) == expected.map(\.key), "\(label): keys")
    for ((key, value), field) in zip(written, expected) {
      let isNull: Bool
      switch (value, field.kind) {
      case (.string(let text), .string): isNull = text == nil
      case (.integer(let number), .integer): isNull = number == nil
      case (.boolean(let flag), .boolean): isNull = flag == nil
      case (.strings, .strings), (.records, .records): isNull = false
      default:
        Issue.record("\(label): \(key.name) is \(value), declared \(field.kind)")
        continue
      }
      if isNull { #expect(field.isNullable, "\(label): \(key.name) is null, declared not nullable") }
    }
  }

  static func checkFailure(_ walk: Walk, _ schema: RecordSchema, _ label: String) {
    Self.check(walk.fields, against: schema.failureFields, label)
    #expect(walk.fields.contains { $0.0 == .ok && $0.1 == .boolean(false) }, "\(label): ok is false")
  }

  @Test func phoneRecords() throws {
    let schema = RecordSchema.phone
    for (input, region) in [
      ("020 7946 0958 ext. 123", "GB"), ("+800 1234 5678", nil), ("+1 650 253 0000", nil),
    ] {
      Self.check(
        Self.walk(PhoneRecord(input: input, region: region.flatMap(RegionCode.init))).fields,
        against: schema.fields, input)
    }
    var described = PhoneRecord(input: "+49 30 901820", region: nil)
    described.description = PhoneNumberDescription(location: nil, carrier: nil, timeZones: ["Europe/Berlin"])
    Self.check(Self.walk(described).fields, against: schema.fields, requested: true, "described")
    Self.checkFailure(Self.walk(PhoneRecord(input: "not a number", region: nil)), schema, "failure")
  }

  @Test func cardRecords() {
    for (input, code) in [("3782 822463 10005", "1234"), ("4111", nil), ("6", "12")] {
      Self.check(
        Self.walk(CardRecord(input: input, securityCode: code)).fields, against: RecordSchema.card.fields,
        input)
    }
    Self.checkFailure(Self.walk(CardRecord(input: "4111x", securityCode: nil)), .card, "failure")
  }

  @Test func expiryMaskTextMatchShortAndAsYouTypeRecords() throws {
    let today = try #require(CalendarDay(iso8601: "2026-12-04"))
    Self.check(
      Self.walk(ExpiryRecord(text: "12/34", today: today)).fields, against: RecordSchema.expiry.fields,
      "expiry")
    Self.checkFailure(Self.walk(ExpiryRecord(text: "13/34", today: today)), .expiry, "expiry failure")
    let mask = Result { () throws(MaskError) in try TextMask("+1 ([000]) [000]-[0000]") }
    Self.check(
      Self.walk(MaskRecord(mask: mask, text: "6502530000", caret: nil, autocomplete: true)).fields,
      against: RecordSchema.mask.fields, "mask")
    let broken = Result { () throws(MaskError) in try TextMask("[000AA]") }
    Self.checkFailure(
      Self.walk(MaskRecord(mask: broken, text: "1", caret: 0, autocomplete: false)), .mask, "mask failure")
    Self.check(
      Self.walk(TextRecord(text: "héllo ٣", limit: TextLimit())).fields, against: RecordSchema.text.fields,
      "text")
    Self.check(
      Self.walk(MatchRecord("+44 20 7946 0958", "020 7946 0958", region: .gb)).fields,
      against: RecordSchema.match.fields, "match")
    Self.check(
      Self.walk(ShortRecord(number: "112", region: .de)).fields, against: RecordSchema.short.fields, "short")
    Self.checkFailure(Self.walk(ShortRecord(number: "", region: .de)), .short, "short failure")
    Self.check(
      Self.walk(AsYouTypeRecord(keys: "6502532222", region: .us)).fields,
      against: RecordSchema.asYouType.fields, "as-you-type")
    let tooMany = Self.walk(AsYouTypeRecord(keys: String(repeating: "1", count: 251), region: .us))
    Self.check(tooMany.fields, against: RecordSchema.lineFailureFields, "as-you-type failure")
  }

  @Test func findRecordsAndTheirMatches() {
    let text = "Call 020 7946 0958 or pay with 4111 1111 1111 1111"
    for redact in [false, true] {
      let walk = Self.walk(FindRecord(text: text, region: .gb, leniency: .valid, cards: true, redact: redact))
      Self.check(walk.fields, against: RecordSchema.find.fields, requested: redact, "find")
      #expect(walk.elements.count == 2)
      for element in walk.elements {
        guard case .string(let kind?) = element.first?.1, let declared = RecordSchema.find.elementFields[kind]
        else {
          Issue.record("a match without a declared kind")
          continue
        }
        Self.check(element, against: declared, "find \(kind) match")
      }
    }
    let long = String(repeating: "a", count: FindRecord.maximumTextLength + 1)
    let failure = Self.walk(
      FindRecord(text: long, region: nil, leniency: .valid, cards: false, redact: false))
    Self.check(failure.fields, against: RecordSchema.lineFailureFields, "find failure")
  }

  @Test func regionRecords() {
    let records = RegionRecord.all(locale: "en")
    #expect(records.count > 240)
    for record in records {
      Self.check(Self.walk(record).fields, against: RecordSchema.regions.fields, "\(record.region)")
    }
  }

  @Test func everyKeyIsDeclaredByARecordAndSpelledOnce() {
    var used = Set<RecordKey>()
    for schema in RecordSchema.all {
      for field in schema.fields + schema.failureFields + schema.elementFields.values.joined() {
        used.insert(field.key)
      }
    }
    #expect(used == Set(RecordKey.allCases))
    #expect(Set(RecordKey.allCases.map(\.name)).count == RecordKey.allCases.count)
  }
}
