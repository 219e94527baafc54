// Records as Python objects: a record (made with the GIL released) walks
// its fields into `PythonRecordWriter` with the GIL held.
#if Python
  internal import CPython
  internal import PayPhone
  @_spi(PayPhoneInternal) internal import PayPhoneRecords
  @_spi(PayPhoneInternal) internal import PayPhoneCore

  /// Room enough for a writer's open fields: a record has each key at most
  /// once, and records nest two deep at most (a record in a list of a
  /// record). Worked out once, not per writer.
  private let fieldCapacity = 2 * RecordKey.allCases.count

  /// Room for the fields of the records a writer has open: each one's key
  /// and value. A writer is used in place, never copied: its copies would
  /// share this storage.
  private final class FieldStorage {
    let capacity = fieldCapacity
    let keys: UnsafeMutablePointer<UInt8>
    let values: UnsafeMutablePointer<Object>

    init() {
      keys = .allocate(capacity: capacity)
      values = .allocate(capacity: capacity)
    }

    deinit {
      keys.deallocate()
      values.deallocate()
    }
  }

  /// The writer that single-record calls use, kept between calls so that a
  /// call allocates no storage of its own. Taken out while in use: a call
  /// made meanwhile (the package's template function calling back into the
  /// package) makes a writer of its own. Read and written with the GIL held
  /// only.
  nonisolated(unsafe) private var spareWriter: PythonRecordWriter?

  /// Runs `body` with the spare writer, or a new one while that is in use,
  /// its `input` unset; the writer is then kept for the next call.
  func withSpareWriter<Result>(_ body: (inout PythonRecordWriter) -> Result) -> Result {
    var writer = spareWriter.take() ?? PythonRecordWriter()
    writer.input = nil
    defer { spareWriter = writer }
    return body(&writer)
  }

  /// Makes a record's Python objects as the record walks its fields, with
  /// the GIL held: a record becomes a dict (a copy of its keys' template,
  /// the values put in), a list of records a list of dicts. The outermost
  /// record's fields wait for ``dict()`` or ``withFieldValues(_:)``. After a
  /// Python call fails (its exception set) the walk makes nothing more, and
  /// those two answer nil.
  struct PythonRecordWriter: RecordWriting {
    /// The caller's `str` that a record's `input` is answered with (its own
    /// object rather than a copy); nil for the record's text.
    var input: Object?
    /// The open records' fields, the innermost record's last: the first
    /// `fieldCount` of `fields`' keys and values (new references).
    private let fields = FieldStorage()
    private var fieldCount = 0
    /// The open records and lists, innermost last.
    private var open: [OpenValue] = []
    private var failed = false
    /// The last template used: the next record most often has its keys.
    private var lastTemplate: Template?
    /// ``keyObjects``, ``repeatedValues`` and ``codeStrings``, read once.
    private let keyStrings = keyObjects
    private let repeated = repeatedValues
    private let codes = codeStrings

    private enum OpenValue {
      /// A record whose fields start at this index of the open fields.
      case record(Int)
      /// A list (a new reference) that is the value of `key`.
      case list(key: UInt8, Object)
    }

    /// Adds a field of the innermost record; `value` nil: the Python call
    /// that made it failed.
    private mutating func add(_ key: UInt8, _ value: Object?) {
      guard let value else {
        failed = true
        return
      }
      precondition(fieldCount < fields.capacity, "records nest deeper than a record's writer holds")
      fields.keys[fieldCount] = key
      fields.values[fieldCount] = value
      fieldCount += 1
    }

    /// The keys of the fields from `start` on.
    private func keys(from start: Int) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(start: fields.keys + start, count: fieldCount - start)
    }

    /// The values of the fields from `start` on.
    private func values(from start: Int) -> UnsafeBufferPointer<Object> {
      UnsafeBufferPointer(start: fields.values + start, count: fieldCount - start)
    }

    /// Lets go of the fields from `start` on.
    private mutating func removeFields(from start: Int) {
      for value in values(from: start) { payphone_decref(value) }
      fieldCount = start
    }

    /// A new `str` of `text`: the kept one for a value that repeats.
    private func string(_ key: RecordKey, _ text: String) -> Object? {
      if repeats(key) { return repeatedString(UInt8(key.rawValue), text, in: repeated) }
      return pythonString(text)
    }

    mutating func beginRecord() { open.append(.record(fieldCount)) }

    mutating func endRecord() {
      guard case .record(let start) = open.removeLast() else { preconditionFailure("a record ends a record") }
      guard !open.isEmpty else { return }  // the outermost: its fields wait for the caller
      guard !failed else { return removeFields(from: start) }
      guard let dict = dict(from: start) else {
        failed = true
        return
      }
      guard case .list(_, let list) = open[open.count - 1] else {
        preconditionFailure("records nest in lists")
      }
      if PyList_Append(list, dict) < 0 { failed = true }
      payphone_decref(dict)
    }

    mutating func field(_ key: RecordKey, _ value: @autoclosure () -> String?) {
      guard !failed else { return }
      if let input, case .input = key { return add(UInt8(key.rawValue), retained(input)) }
      guard let text = value() else { return add(UInt8(key.rawValue), payphone_none()) }
      add(UInt8(key.rawValue), string(key, text))
    }

    mutating func field(_ key: RecordKey, region: RegionCode?) {
      guard let region else { return field(key, nil as String?) }
      code(key, slot: region.letterPairIndex ?? RegionCode.letterPairCount, region.rawValue)
    }

    mutating func field(_ key: RecordKey, type: PhoneNumberType) {
      let place = numberTypes.firstIndex(of: type) ?? 0
      code(key, slot: RegionCode.letterPairCount + 1 + place, type.rawValue)
    }

    /// Adds the kept `str` of a code (``codeStrings``' `slot`), made from
    /// `text` the first time.
    private mutating func code(_ key: RecordKey, slot index: Int, _ text: @autoclosure () -> String) {
      guard !failed else { return }
      let slot = codes + index
      if slot.pointee == nil { slot.pointee = pythonString(text()) }
      add(UInt8(key.rawValue), slot.pointee.map(retained))
    }

    mutating func field(_ key: RecordKey, nationalNumberOf number: PhoneNumber) {
      guard !failed else { return }
      var made: Object?
      number.withNationalNumber { made = pythonString($0) }
      add(UInt8(key.rawValue), made)
    }

    mutating func field(_ key: RecordKey, _ number: PhoneNumber, formatted format: PhoneNumberFormat) {
      guard !failed else { return }
      var made: Object?
      number.withFormatted(format) { made = pythonString($0) }
      add(UInt8(key.rawValue), made)
    }

    mutating func formatFields(of number: PhoneNumber) {
      guard !failed else { return }
      var made: (Object?, Object?, Object?)
      number.withFormats { made = (pythonString($0), pythonString($1), pythonString($2)) }
      add(UInt8(RecordKey.international.rawValue), made.0)
      add(UInt8(RecordKey.national.rawValue), made.1)
      add(UInt8(RecordKey.rfc3966.rawValue), made.2)
    }

    mutating func field(_ key: RecordKey, _ value: Int?) {
      guard !failed else { return }
      add(UInt8(key.rawValue), value.map { PyLong_FromSsize_t($0) } ?? payphone_none())
    }

    mutating func field(_ key: RecordKey, _ value: Bool?) {
      guard !failed else { return }
      add(UInt8(key.rawValue), value.map { payphone_bool($0 ? 1 : 0) } ?? payphone_none())
    }

    mutating func field(_ key: RecordKey, _ texts: [String]) {
      guard !failed else { return }
      guard let list = PyList_New(texts.count) else {
        failed = true
        return
      }
      for (index, text) in texts.enumerated() {
        guard let item = string(key, text) else {
          payphone_decref(list)
          failed = true
          return
        }
        PyList_SetItem(list, index, item)  // steals item
      }
      add(UInt8(key.rawValue), list)
    }

    mutating func beginList(_ key: RecordKey) {
      guard let list = PyList_New(0) else {
        failed = true
        return open.append(.list(key: UInt8(key.rawValue), payphone_none()))
      }
      open.append(.list(key: UInt8(key.rawValue), list))
    }

    mutating func endList() {
      guard case .list(let key, let list) = open.removeLast() else {
        preconditionFailure("a list ends a list")
      }
      if failed { return payphone_decref(list) }
      add(key, list)
    }

    /// A dict of the fields from `start` on, taken off the open fields: a
    /// copy of the template of their keys with their values put in.
    private mutating func dict(from start: Int) -> Object? {
      defer { removeFields(from: start) }
      let keys = keys(from: start)
      let values = values(from: start)
      guard let template = template(keys, values), let dict = PyDict_Copy(template.dict) else { return nil }
      for index in keys.indices where values[index] != template.values[index] {
        guard PyDict_SetItem(dict, keyStrings[Int(keys[index])], values[index]) == 0 else {
          payphone_decref(dict)
          return nil
        }
      }
      return dict
    }

    /// The template of a record's `keys`.
    private mutating func template(_ keys: UnsafeBufferPointer<UInt8>, _ values: UnsafeBufferPointer<Object>)
      -> Template?
    {
      if let last = lastTemplate, last.keys.withUnsafeBufferPointer({ $0.hasSameBytes(as: keys) }) {
        return last
      }
      lastTemplate = PayPhonePython.template(keys, values: values)
      return lastTemplate
    }

    /// The outermost record, finished, as a new dict; nil with an
    /// exception set. The writer is then ready for the next record.
    mutating func dict() -> Object? {
      guard !failed else {
        discard()
        return nil
      }
      return dict(from: 0)
    }

    /// Lends `body` the outermost record's values after `input` and `ok`
    /// (`ok` true), or its `error` and `message` (`ok` false), as
    /// references the writer owns for the call; nil with an exception set.
    /// The writer is then ready for the next record.
    mutating func withFieldValues<Result>(
      _ body: (_ ok: Bool, _ values: UnsafeBufferPointer<Object>) -> Result
    ) -> Result? {
      defer { discard() }
      guard !failed else { return nil }
      // The values are moved to the front, `input` and `ok` let go of.
      var ok = false
      var kept = 0
      for index in 0..<fieldCount {
        let value = fields.values[index]
        switch Int(fields.keys[index]) {
        case RecordKey.input.rawValue:
          payphone_decref(value)
        case RecordKey.ok.rawValue:
          ok = PyObject_IsTrue(value) == 1
          payphone_decref(value)
        default:
          fields.values[kept] = value
          kept += 1
        }
      }
      fieldCount = kept
      return body(ok, values(from: 0))
    }

    /// Lets go of everything made so far.
    private mutating func discard() {
      removeFields(from: 0)
      for case .list(_, let list) in open { payphone_decref(list) }
      open.removeAll(keepingCapacity: true)
      failed = false
    }
  }

#endif
