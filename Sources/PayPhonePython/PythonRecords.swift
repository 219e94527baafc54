// Records as Python objects: a record (made with the GIL released) walks
// its fields into `PythonRecordWriter` with the GIL held.
#if Python
  internal import CPython
  internal import PayPhone
  @_spi(PayPhoneInternal) internal import PayPhoneRecords
  @_spi(PayPhoneInternal) internal import PayPhoneCore

  /// The interned `str` of each record key, made when the module is. A
  /// builder reads them through its own copy of the pointer (a global's
  /// every read checks that it is initialised).
  nonisolated(unsafe) private var keyObjects = UnsafeMutablePointer<Object>.allocate(capacity: 0)
  nonisolated(unsafe) private var keyObjectsMade = false

  /// Makes the keys' `str`s; false with an exception set when it cannot.
  func makeKeyObjects() -> Bool {
    guard !keyObjectsMade else { return true }
    let made = UnsafeMutablePointer<Object>.allocate(capacity: RecordKey.allCases.count)
    for key in RecordKey.allCases {
      guard let object = PyUnicode_InternFromString(cString(key.spelling)) else {
        for earlier in 0..<key.rawValue { payphone_decref(made[earlier]) }
        made.deallocate()
        return false
      }
      (made + key.rawValue).initialize(to: object)
    }
    keyObjects = made
    repeatedValues = UnsafeMutablePointer<KeptString?>.allocate(capacity: repeatedSlotCount)
    repeatedValues.initialize(repeating: nil, count: repeatedSlotCount)
    codeStrings = UnsafeMutablePointer<Object?>.allocate(capacity: codeSlotCount)
    codeStrings.initialize(repeating: nil, count: codeSlotCount)
    keyObjectsMade = true
    return true
  }

  /// The `str`s of values that repeat from record to record (error codes
  /// and messages, types, regions, brands), kept with their text: a slot
  /// per hash of the key and the text, each slot's text compared before
  /// use, so a clash only costs a new `str`. Read and written with the GIL
  /// held only.
  private let repeatedSlotCount = 1024
  private typealias KeptString = (key: UInt8, text: String, object: Object)
  nonisolated(unsafe) private var repeatedValues = UnsafeMutablePointer<KeptString?>.allocate(capacity: 0)

  /// The `str` of each region code and number type, made when first
  /// written: a slot per region (its letter pair's index, then one for
  /// `001`), then one per type (its place in `allCases`). Read and written
  /// with the GIL held only.
  private let numberTypes = PhoneNumberType.allCases
  private let codeSlotCount = RegionCode.letterPairCount + 1 + numberTypes.count
  nonisolated(unsafe) private var codeStrings = UnsafeMutablePointer<Object?>.allocate(capacity: 0)

  /// Whether a field's values repeat enough to keep their `str`s.
  private func repeats(_ key: RecordKey) -> Bool {
    switch key {
    case .error, .message, .type, .region, .kind, .brand, .candidates, .cvcName: true
    default: false
    }
  }

  /// The kept `str` of `text` for `key` in `kept` (``repeatedValues``), or
  /// a new one kept from now on; a new reference. Nil with an exception set.
  private func repeatedString(_ key: UInt8, _ text: String, in kept: UnsafeMutablePointer<KeptString?>)
    -> Object?
  {
    var text = text
    return text.withUTF8 { utf8 in
      // The length and the first and last eight bytes pick the slot.
      var hash = UInt64(key) << 56 ^ UInt64(utf8.count) << 48
      let raw = UnsafeRawBufferPointer(utf8)
      if raw.count >= 8 {
        hash ^= raw.loadUnaligned(as: UInt64.self) &* 0x9E37_79B9_7F4A_7C15
        hash ^= raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self) &* 0xC2B2_AE3D_27D4_EB4F
      } else {
        for byte in raw { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      }
      let slot = kept + Int((hash ^ hash >> 29) % UInt64(repeatedSlotCount))
      // Compared byte for byte: `==` on strings compares canonical equivalence.
      if let kept = slot.pointee, kept.key == key,
        kept.text.utf8.withContiguousStorageIfAvailable({ $0.hasSameBytes(as: utf8) }) == true
      {
        return retained(kept.object)
      }
      guard let made = pythonString(utf8) else { return nil }
      let old = slot.pointee
      slot.pointee = (key, String(decoding: utf8, as: UTF8.self), retained(made))
      if let old { payphone_decref(old.object) }
      return made
    }
  }

  /// The package's function that makes a record's template from its keys
  /// (`_setup`): a dict whose keys the interpreter may share among its
  /// copies, so that a copy holds only its values.
  nonisolated(unsafe) var templateMaker: Object?

  /// A record shape's template: a dict with its keys in order, holding the
  /// values of the first record of that shape that recur. A record's dict is a copy
  /// of its template with the values that differ put in, which is cheaper
  /// than growing a new dict key by key; `values` are the template's own
  /// (borrowed), compared by identity (`True`, `None`, small ints and kept
  /// `str`s repeat from record to record). A command's records have a few
  /// shapes (an answer's, a failure's), so the list is short. Read and
  /// written with the GIL held only.
  private final class Template {
    let keys: [UInt8]
    let dict: Object
    let values: [Object]

    init(keys: [UInt8], dict: Object, values: [Object]) {
      self.keys = keys
      self.dict = dict
      self.values = values
    }
  }
  nonisolated(unsafe) private var templates: [Template] = []

  /// The template of a record with `keys`, made with `values` when there is
  /// none yet; nil with an exception set.
  private func template(_ keys: UnsafeBufferPointer<UInt8>, values: UnsafeBufferPointer<Object>) -> Template?
  {
    for template in templates
    where template.keys.withUnsafeBufferPointer({ $0.hasSameBytes(as: keys) }) { return template }
    guard let names = PyTuple_New(keys.count) else { return nil }
    defer { payphone_decref(names) }
    for (index, key) in keys.enumerated() { PyTuple_SetItem(names, index, retained(keyObjects[Int(key)])) }
    guard let maker = templateMaker, let none = payphone_borrowed_none() else {
      _ = raise(payphone_runtime_error(), "payphone._payphone is not set up")
      return nil
    }
    guard let arguments = PyTuple_New(1) else { return nil }
    defer { payphone_decref(arguments) }
    PyTuple_SetItem(arguments, 0, retained(names))
    guard let dict = PyObject_CallObject(maker, arguments) else { return nil }
    guard payphone_is_dict(dict) != 0, PyObject_Size(dict) == keys.count else {
      payphone_decref(dict)
      _ = raise(payphone_runtime_error(), "a record template must be a dict of the record's keys")
      return nil
    }
    // Kept: values that recur (kept strs, True, small ints, None), never a
    // record's own text (an input may be a card number) or list.
    let kept = zip(keys, values).map { key, value in
      let recurs = RecordKey(rawValue: Int(key)).map(repeats) ?? false
      return recurs || (payphone_is_str(value) == 0 && payphone_is_list(value) == 0)
        ? value : none
    }
    for (key, value) in zip(keys, kept) where PyDict_SetItem(dict, keyObjects[Int(key)], value) != 0 {
      payphone_decref(dict)
      return nil
    }
    let template = Template(keys: Array(keys), dict: dict, values: kept)
    templates.append(template)
    return template
  }

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
        switch RecordKey(rawValue: Int(fields.keys[index])) {
        case .input?:
          payphone_decref(value)
        case .ok?:
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
