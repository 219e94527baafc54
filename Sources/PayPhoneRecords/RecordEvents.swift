package import PayPhone

/// One step of a record's walk (``RecordWriting``), kept to be replayed:
/// plain values, the text in ``RecordEvents/bytes``.
package struct RecordEvent: Sendable {
  package enum Kind: UInt8, Sendable {
    case beginRecord, endRecord, beginList, endList
    /// `value` bytes of text at `start`; in a list of strings, no key.
    case string
    case null, integer, boolean
    /// A list of `value` strings, which follow.
    case strings
  }

  package let kind: Kind
  package let key: RecordKey
  /// `key.rawValue`, read here once rather than through a call per read
  /// from the modules that replay the steps.
  package let keyIndex: UInt8
  package let start: Int
  package let value: Int

  init(kind: Kind, key: RecordKey, start: Int = 0, value: Int = 0) {
    self.kind = kind
    self.key = key
    keyIndex = UInt8(key.rawValue)
    self.start = start
    self.value = value
  }
}

/// The writer that keeps a walk's steps as plain values, for a surface that
/// makes its own objects of them later (the Python package makes dicts,
/// with its interpreter's lock held, of steps made without it). A
/// record's `input` is kept as null: such a surface answers it with the
/// caller's own text object.
package struct RecordEvents: RecordWriting, Sendable {
  package private(set) var events: [RecordEvent] = []
  package private(set) var bytes: [UInt8] = []

  /// Room for about `records` records' steps and text.
  package init(capacity records: Int) {
    events.reserveCapacity(records * 20)
    bytes.reserveCapacity(records * 128)
  }

  package mutating func removeAll() {
    events.removeAll(keepingCapacity: true)
    bytes.removeAll(keepingCapacity: true)
  }

  package mutating func beginRecord() { events.append(RecordEvent(kind: .beginRecord, key: .ok)) }
  package mutating func endRecord() { events.append(RecordEvent(kind: .endRecord, key: .ok)) }

  private mutating func text(_ key: RecordKey, _ text: String) {
    var text = text
    text.withUTF8 { field(key, utf8: $0) }
  }

  package mutating func field(_ key: RecordKey, _ value: @autoclosure () -> String?) {
    guard key != .input, let value = value() else { return events.append(RecordEvent(kind: .null, key: key)) }
    text(key, value)
  }

  package mutating func field(_ key: RecordKey, utf8: UnsafeBufferPointer<UInt8>) {
    let start = bytes.count
    bytes.append(contentsOf: utf8)
    events.append(RecordEvent(kind: .string, key: key, start: start, value: utf8.count))
  }

  package mutating func field(_ key: RecordKey, _ number: PhoneNumber, formatted format: PhoneNumberFormat) {
    number.withFormatted(format) { field(key, utf8: $0) }
  }

  package mutating func field(_ key: RecordKey, _ value: Int?) {
    guard let value else { return events.append(RecordEvent(kind: .null, key: key)) }
    events.append(RecordEvent(kind: .integer, key: key, value: value))
  }

  package mutating func field(_ key: RecordKey, _ value: Bool?) {
    guard let value else { return events.append(RecordEvent(kind: .null, key: key)) }
    events.append(RecordEvent(kind: .boolean, key: key, value: value ? 1 : 0))
  }

  package mutating func field(_ key: RecordKey, _ values: [String]) {
    events.append(RecordEvent(kind: .strings, key: key, value: values.count))
    for value in values { text(key, value) }
  }

  package mutating func beginList(_ key: RecordKey) { events.append(RecordEvent(kind: .beginList, key: key)) }
  package mutating func endList() { events.append(RecordEvent(kind: .endList, key: .ok)) }

  // Each record's walk specialised here, where the records are: a walk
  // through the generic `Record` protocol from another module is not.
  package mutating func append(_ record: PhoneRecord) { record.write(to: &self) }
  package mutating func append(_ record: AsYouTypeRecord) { record.write(to: &self) }
  package mutating func append(_ record: CardRecord) { record.write(to: &self) }
  package mutating func append(_ record: FindRecord) { record.write(to: &self) }
}
