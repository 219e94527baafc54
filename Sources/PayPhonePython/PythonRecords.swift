// Records as Python objects, in two steps: a record walks its fields into
// `RecordEvents` (PayPhoneRecords: plain Swift values, made with the GIL
// released), then `PythonRecordBuilder` turns those into dicts and lists
// (with the GIL).
#if Python
  internal import CPython
  internal import PayPhone
  internal import PayPhoneRecords

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
    repeatedValues = UnsafeMutablePointer<Object?>.allocate(capacity: repeatedSlotCount)
    repeatedValues.initialize(repeating: nil, count: repeatedSlotCount)
    keyObjectsMade = true
    return true
  }

  /// The `str`s of values that repeat from record to record (error codes
  /// and messages, types, regions, brands), kept by content: a slot per
  /// hash of the key and the bytes, each slot checked against the bytes
  /// before use, so a clash only costs a new `str`. Read and written with
  /// the GIL held only.
  private let repeatedSlotCount = 1024
  nonisolated(unsafe) private var repeatedValues = UnsafeMutablePointer<Object?>.allocate(capacity: 0)

  /// Whether a field's values repeat enough to keep their `str`s.
  private func repeats(_ key: RecordKey) -> Bool {
    switch key {
    case .error, .message, .type, .region, .kind, .brand, .candidates, .cvcName: true
    default: false
    }
  }

  /// The kept `str` of `text` for `key` in `kept` (``repeatedValues``), or
  /// a new one kept from now on; a new reference. Nil with an exception set.
  private func repeatedString(
    _ key: UInt8, _ text: UnsafeRawBufferPointer, in kept: UnsafeMutablePointer<Object?>
  ) -> Object? {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(key)
    for byte in text { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let slot = kept + Int(hash % UInt64(repeatedSlotCount))
    if let kept = slot.pointee {
      var size = 0
      if let utf8 = PyUnicode_AsUTF8AndSize(kept, &size), size == text.count,
        UnsafeRawBufferPointer(start: utf8, count: size).elementsEqual(text)
      {
        return retained(kept)
      }
      PyErr_Clear()
    }
    guard
      let made = PyUnicode_FromStringAndSize(
        text.baseAddress?.assumingMemoryBound(to: CChar.self), text.count)
    else { return nil }
    let old = slot.pointee
    slot.pointee = retained(made)
    if let old { payphone_decref(old) }
    return made
  }

  /// The package's function that makes a record's template from its keys
  /// (`_setup`): a dict whose keys the interpreter may share among its
  /// copies, so that a copy holds only its values.
  nonisolated(unsafe) var templateMaker: Object?

  /// Dicts with a record's keys in its order, each value None: a
  /// record's dict is a copy of its template with the values replaced,
  /// which is cheaper than growing a new dict key by key. A command's
  /// records have a few shapes (an answer's, a failure's), so the list is
  /// short. Read and written with the GIL held only.
  nonisolated(unsafe) private var templates: [(keys: [UInt8], dict: Object)] = []

  /// The template of a record with `keys`; nil with an exception set.
  private func template(_ keys: [UInt8]) -> Object? {
    for template in templates where template.keys == keys { return template.dict }
    guard let names = PyTuple_New(keys.count) else { return nil }
    defer { payphone_decref(names) }
    for (index, key) in keys.enumerated() { PyTuple_SetItem(names, index, retained(keyObjects[Int(key)])) }
    guard let maker = templateMaker else {
      return raise(payphone_runtime_error(), "payphone._payphone is not set up")
    }
    guard let arguments = PyTuple_New(1) else { return nil }
    defer { payphone_decref(arguments) }
    PyTuple_SetItem(arguments, 0, retained(names))
    guard let template = PyObject_CallObject(maker, arguments) else { return nil }
    guard payphone_is_dict(template) != 0, PyObject_Size(template) == keys.count else {
      payphone_decref(template)
      return raise(payphone_runtime_error(), "a record template must be a dict of the record's keys")
    }
    templates.append((keys, template))
    return template
  }

  /// Replays records' events as Python objects (GIL held).
  struct PythonRecordBuilder {
    let events: [RecordEvent]
    let bytes: [UInt8]
    private(set) var index = 0
    /// The keys of the record being made (kept to spare an allocation a record).
    private var keys: [UInt8] = []
    /// ``keyObjects`` and ``repeatedValues``.
    private let keyStrings = keyObjects
    private let repeated = repeatedValues

    init(_ walk: borrowing RecordEvents) {
      events = walk.events
      bytes = walk.bytes
    }

    /// The last template used and its keys: the next record most often
    /// has the same shape.
    private var lastTemplate: (keys: [UInt8], dict: Object)?

    /// The template of the record whose fields start at `start`.
    private mutating func template(from start: Int) -> Object? {
      if let last = lastTemplate, hasKeys(last.keys, from: start) { return last.dict }
      let keys = recordKeys(from: start)
      guard let dict = PayPhonePython.template(keys) else { return nil }
      lastTemplate = (keys, dict)
      return dict
    }

    /// Whether the record whose fields start at `start` has `keys`, in order.
    private func hasKeys(_ keys: [UInt8], from start: Int) -> Bool {
      var position = start
      for key in keys {
        let event = events[position]
        guard !event.endsRecord, event.keyIndex == key else { return false }
        position = skip(from: position)
      }
      return events[position].endsRecord
    }

    /// The position after the field at `position` (a list of strings or
    /// of records included).
    private func skip(from position: Int) -> Int {
      let event = events[position]
      switch event.kind {
      case .strings: return position + 1 + event.value
      case .beginList:
        var next = position + 1
        var depth = 0
        while true {
          switch events[next].kind {
          case .beginRecord: depth += 1
          case .endRecord: depth -= 1
          case .endList where depth == 0: return next + 1
          case .strings: next += events[next].value
          default: break
          }
          next += 1
        }
      default: return position + 1
      }
    }

    /// The keys of the record whose fields start at `start`, in order.
    private mutating func recordKeys(from start: Int) -> [UInt8] {
      keys.removeAll(keepingCapacity: true)
      var position = start
      var depth = 0
      while true {
        let event = events[position]
        switch event.kind {
        case .endRecord where depth == 0: return keys
        case .beginRecord: depth += 1
        case .endRecord: depth -= 1
        case .endList: break
        case .strings where depth == 0:
          keys.append(event.keyIndex)
          position += event.value
        case .beginList where depth == 0, .string where depth == 0, .null where depth == 0,
          .integer where depth == 0, .boolean where depth == 0:
          keys.append(event.keyIndex)
        case .strings:
          position += event.value
        default: break
        }
        position += 1
      }
    }

    /// A new reference to a `str` of an event's text.
    private func string(_ event: RecordEvent) -> Object? {
      bytes.withUnsafeBytes { buffer in
        let text = UnsafeRawBufferPointer(rebasing: buffer[event.start..<event.start + event.value])
        if repeats(event.key) { return repeatedString(event.keyIndex, text, in: repeated) }
        return PyUnicode_FromStringAndSize(text.baseAddress?.assumingMemoryBound(to: CChar.self), event.value)
      }
    }

    /// The value of the field at the next event, as a new object (a list
    /// of strings or records takes the events that follow it).
    private mutating func value(input: Object?) -> Object? {
      let event = events[index]
      index += 1
      switch event.kind {
      case .string: return string(event)
      case .null:
        return event.key.isInput ? input.map(retained) ?? payphone_none() : payphone_none()
      case .integer: return PyLong_FromSsize_t(event.value)
      case .boolean: return payphone_bool(Int32(event.value))
      case .strings:
        guard let list = PyList_New(event.value) else { return nil }
        for offset in 0..<event.value {
          guard let item = string(events[index + offset]) else {
            payphone_decref(list)
            return nil
          }
          PyList_SetItem(list, offset, item)  // steals item
        }
        index += event.value
        return list
      case .beginList: return list()
      case .beginRecord, .endRecord, .endList: preconditionFailure("a record's fields are fields")
      }
    }

    /// The record that starts at the next event, as a new dict. `input`,
    /// when given, is its `input` field's value: the caller's own `str`.
    /// Nil with an exception set (`MemoryError`).
    mutating func record(input: Object? = nil) -> Object? {
      guard case .beginRecord = events[index].kind else {
        preconditionFailure("a record's walk starts a record")
      }
      index += 1
      guard let template = template(from: index), let dict = PyDict_Copy(template) else {
        return nil
      }
      while !events[index].endsRecord {
        let event = events[index]
        if case .null = event.kind, !event.key.isInput {
          index += 1  // None already: the template's value
          continue
        }
        guard let value = value(input: input) else {
          payphone_decref(dict)
          return nil
        }
        let status = PyDict_SetItem(dict, keyStrings[Int(event.keyIndex)], value)
        payphone_decref(value)
        if status < 0 {
          payphone_decref(dict)
          return nil
        }
      }
      index += 1
      return dict
    }

    /// The records up to the list's end, as a new list.
    private mutating func list() -> Object? {
      guard let list = PyList_New(0) else { return nil }
      while !events[index].endsList {
        guard let element = record() else {
          payphone_decref(list)
          return nil
        }
        let status = PyList_Append(list, element)
        payphone_decref(element)
        if status < 0 {
          payphone_decref(list)
          return nil
        }
      }
      index += 1
      return list
    }

    /// The next record's values after `input` and `ok` (`ok` true), as
    /// new objects; or its `error` and `message` (`ok` false). Nil with an
    /// exception set.
    mutating func values() -> (ok: Bool, values: [Object])? {
      guard case .beginRecord = events[index].kind else {
        preconditionFailure("a record's walk starts a record")
      }
      index += 1
      var ok = false
      var values: [Object] = []
      values.reserveCapacity(16)
      while !events[index].endsRecord {
        switch events[index].key {
        case .input:
          index += 1
        case .ok:
          ok = events[index].value != 0
          index += 1
        default:
          guard let value = value(input: nil) else {
            for value in values { payphone_decref(value) }
            return nil
          }
          values.append(value)
        }
      }
      index += 1
      return (ok, values)
    }
  }

  // Cases matched rather than compared: `==` on another module's enum is a
  // call through its `Equatable` conformance.
  extension RecordEvent {
    fileprivate var endsRecord: Bool { if case .endRecord = kind { true } else { false } }
    fileprivate var endsList: Bool { if case .endList = kind { true } else { false } }
  }

  extension RecordKey {
    fileprivate var isInput: Bool { if case .input = self { true } else { false } }
  }
#endif
