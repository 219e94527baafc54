public import PayPhone

/// What a record is written to: a record walks its fields in its schema's
/// order (``RecordSchema``) and hands each to a writer, which makes JSON
/// (``LineWriter``), CSV cells, a C caller's bytes or a Python dict of
/// them.
///
/// A string's value comes as an autoclosure, so a writer that keeps only
/// some fields (the CSV columns) does not pay for the others' formatting.
/// Public only in the `PayPhoneInternal` SPI, with ``Record``, so that
/// other modules specialise ``PhoneRecord``'s walk for their writers.
@_spi(PayPhoneInternal) public protocol RecordWriting {
  /// A record starts (a list's element, inside ``beginList(_:)``).
  mutating func beginRecord()
  mutating func endRecord()
  mutating func field(_ key: RecordKey, _ value: @autoclosure () -> String?)
  mutating func field(_ key: RecordKey, _ value: Int?)
  mutating func field(_ key: RecordKey, _ value: Bool?)
  mutating func field(_ key: RecordKey, _ values: [String])
  /// A region's code (`"GB"`, `"001"`; nil for none): a writer that keeps
  /// an object per region takes the code itself (by default, its text).
  mutating func field(_ key: RecordKey, region: RegionCode?)
  /// A number's type (`"mobile"`): by default, its text.
  mutating func field(_ key: RecordKey, type: PhoneNumberType)
  /// `number`'s national number: a writer that copies bytes takes them as
  /// they are (by default, `number.nationalNumber`).
  mutating func field(_ key: RecordKey, nationalNumberOf number: PhoneNumber)
  /// A string field that is `number` written in `format`: a writer that
  /// copies bytes takes them as they are written, with no string made
  /// (by default, `number.formatted(format)`, made only if kept).
  mutating func field(_ key: RecordKey, _ number: PhoneNumber, formatted format: PhoneNumberFormat)
  /// The `international`, `national` and `rfc3966` fields of `number`, in
  /// that order: a writer that keeps them all takes them from
  /// `PhoneNumber.withFormats` (by default, each as
  /// ``field(_:_:formatted:)`` writes it).
  mutating func formatFields(of number: PhoneNumber)
  /// A list of records follows (each between `beginRecord` and
  /// `endRecord`), then ``endList()``.
  mutating func beginList(_ key: RecordKey)
  mutating func endList()
}

/// A record: the answer to one request of a command, declared by its
/// ``schema`` and written by walking it.
@_spi(PayPhoneInternal) public protocol Record {
  static var schema: RecordSchema { get }
  func write<Writer: RecordWriting>(to writer: inout Writer)
}

extension RecordWriting {
  package mutating func field(_ key: RecordKey, region: RegionCode?) { field(key, region?.rawValue) }
  package mutating func field(_ key: RecordKey, type: PhoneNumberType) { field(key, type.rawValue) }
  package mutating func field(_ key: RecordKey, nationalNumberOf number: PhoneNumber) {
    field(key, number.nationalNumber)
  }

  package mutating func field(_ key: RecordKey, _ number: PhoneNumber, formatted format: PhoneNumberFormat) {
    field(key, number.formatted(format))
  }

  package mutating func formatFields(of number: PhoneNumber) {
    field(.international, number, formatted: .international)
    field(.national, number, formatted: .national)
    field(.rfc3966, number, formatted: .rfc3966)
  }

  /// A failure's fields: `"ok": false`, the error's code and its message.
  @_spi(PayPhoneInternal) @inlinable
  public mutating func failure(code: String, message: String) {
    field(.ok, false)
    field(.error, code)
    field(.message, message)
  }
}

/// A line that is no request (not JSON, a field missing or of the wrong
/// kind, too long): `{"ok": false, "error": "bad_input_line", ...}`, or
/// another code a command gives before it has a request to answer.
package struct FailureRecord: Error, Sendable {
  package let code: String
  package let message: String

  package init(code: String, message: String) {
    self.code = code
    self.message = message
  }

  /// A line that could not be read as a request.
  package static func badInputLine(_ message: String) -> FailureRecord {
    FailureRecord(code: "bad_input_line", message: message)
  }

  package func write<Writer: RecordWriting>(to writer: inout Writer) {
    writer.beginRecord()
    writer.failure(code: code, message: message)
    writer.endRecord()
  }
}

extension LineWriter: RecordWriting {
  package mutating func beginRecord() { beginObject() }
  package mutating func endRecord() { endObject() }

  package mutating func field(_ key: RecordKey, _ value: @autoclosure () -> String?) {
    field(key.spelling, value())
  }

  package mutating func field(_ key: RecordKey, _ value: Int?) { field(key.spelling, value) }
  package mutating func field(_ key: RecordKey, _ value: Bool?) { field(key.spelling, value) }
  package mutating func field(_ key: RecordKey, _ values: [String]) { field(key.spelling, values) }

  package mutating func field(_ key: RecordKey, region: RegionCode?) {
    guard let region else { return field(key.spelling, nil as String?) }
    region.withUTF8 { field(key.spelling, utf8: $0) }
  }

  package mutating func field(_ key: RecordKey, nationalNumberOf number: PhoneNumber) {
    number.withNationalNumber { field(key.spelling, utf8: $0) }
  }

  package mutating func field(_ key: RecordKey, _ number: PhoneNumber, formatted format: PhoneNumberFormat) {
    number.withFormatted(format) { field(key.spelling, utf8: $0) }
  }

  package mutating func formatFields(of number: PhoneNumber) {
    number.withFormats { international, national, rfc3966 in
      field(RecordKey.international.spelling, utf8: international)
      field(RecordKey.national.spelling, utf8: national)
      field(RecordKey.rfc3966.spelling, utf8: rfc3966)
    }
  }

  package mutating func beginList(_ key: RecordKey) { beginArray(key.spelling) }
  package mutating func endList() { endArray() }
}
