/// What a record is written to: a record walks its fields in its schema's
/// order (``RecordSchema``) and hands each to a writer, which makes JSON
/// (``LineWriter``), CSV cells, a C caller's bytes or a Python dict of
/// them.
///
/// A string's value comes as an autoclosure, so a writer that keeps only
/// some fields (the CSV columns) does not pay for the others' formatting.
package protocol RecordWriting {
  /// A record starts (a list's element, inside ``beginList(_:)``).
  mutating func beginRecord()
  mutating func endRecord()
  mutating func field(_ key: RecordKey, _ value: @autoclosure () -> String?)
  mutating func field(_ key: RecordKey, _ value: Int?)
  mutating func field(_ key: RecordKey, _ value: Bool?)
  mutating func field(_ key: RecordKey, _ values: [String])
  /// A string field given as its UTF-8 (valid UTF-8, lent for the call):
  /// a record's way to hand over text it wrote into a buffer without making
  /// a `String` of it, for a writer that copies bytes.
  mutating func field(_ key: RecordKey, utf8: UnsafeBufferPointer<UInt8>)
  /// A list of records follows (each between `beginRecord` and
  /// `endRecord`), then ``endList()``.
  mutating func beginList(_ key: RecordKey)
  mutating func endList()
  /// Whether the writer keeps every field (JSON, Python), so that a record
  /// makes all its values at once where that is cheaper; false for one
  /// that keeps some (the CSV columns), which then pays only for those.
  var keepsEveryField: Bool { get }
}

/// A record: the answer to one request of a command, declared by its
/// ``schema`` and written by walking it.
package protocol Record {
  static var schema: RecordSchema { get }
  func write<Writer: RecordWriting>(to writer: inout Writer)
}

extension RecordWriting {
  package var keepsEveryField: Bool { true }

  package mutating func field(_ key: RecordKey, utf8: UnsafeBufferPointer<UInt8>) {
    field(key, String(decoding: utf8, as: UTF8.self))
  }

  /// A failure's fields: `"ok": false`, the error's code and its message.
  mutating func failure(code: String, message: String) {
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
  package mutating func beginList(_ key: RecordKey) { beginArray(key.spelling) }
  package mutating func endList() { endArray() }
}
