// Records as Python objects, in two steps: a record walks its fields into
// `RecordEvents` (plain Swift values, made with the GIL released), then
// `PythonRecordBuilder` turns those into dicts and lists (with the GIL).
#if Python
  internal import CPython
  internal import PayPhoneRecords

  /// One step of a record's walk (``RecordWriting``), kept to be replayed.
  enum RecordEvent {
    case beginRecord, endRecord, endList
    case beginList(RecordKey)
    case string(RecordKey, String?)
    case integer(RecordKey, Int?)
    case boolean(RecordKey, Bool?)
    case strings(RecordKey, [String])
  }

  /// The writer that keeps a walk's steps.
  struct RecordEvents: RecordWriting {
    var events: [RecordEvent] = []

    mutating func beginRecord() { events.append(.beginRecord) }
    mutating func endRecord() { events.append(.endRecord) }
    mutating func field(_ key: RecordKey, _ value: @autoclosure () -> String?) {
      events.append(.string(key, value()))
    }
    mutating func field(_ key: RecordKey, _ value: Int?) { events.append(.integer(key, value)) }
    mutating func field(_ key: RecordKey, _ value: Bool?) { events.append(.boolean(key, value)) }
    mutating func field(_ key: RecordKey, _ values: [String]) { events.append(.strings(key, values)) }
    mutating func beginList(_ key: RecordKey) { events.append(.beginList(key)) }
    mutating func endList() { events.append(.endList) }
  }

  /// The interned `str` of each record key, made when the module is.
  nonisolated(unsafe) private var keyObjects: [Object] = []

  /// Makes the keys' `str`s; false with an exception set when it cannot.
  func makeKeyObjects() -> Bool {
    guard keyObjects.isEmpty else { return true }
    var made: [Object] = []
    for key in RecordKey.allCases {
      guard let object = PyUnicode_InternFromString(cString(key.spelling)) else {
        made.forEach { payphone_decref($0) }
        return false
      }
      made.append(object)
    }
    keyObjects = made
    return true
  }

  /// A record key's `str` (borrowed: the module keeps it).
  @inline(__always)
  func keyObject(_ key: RecordKey) -> Object { keyObjects[key.rawValue] }

  /// Dicts with a record's keys in its order, each value None: a
  /// record's dict is a copy of its template with the values replaced,
  /// which is cheaper than growing a new dict key by key. A command's
  /// records have a few shapes (an answer's, a failure's), so the list is
  /// short. Read and written with the GIL held only.
  nonisolated(unsafe) private var templates: [(keys: [RecordKey], dict: Object)] = []

  /// The template of a record with `keys`; nil with an exception set.
  private func template(_ keys: [RecordKey]) -> Object? {
    for template in templates where template.keys == keys { return template.dict }
    guard let template = PyDict_New() else { return nil }
    for key in keys {
      let none = payphone_none()
      let status = PyDict_SetItem(template, keyObject(key), none)
      payphone_decref(none)
      guard status == 0 else {
        payphone_decref(template)
        return nil
      }
    }
    templates.append((keys, template))
    return template
  }

  /// Replays records' events as Python objects (GIL held).
  struct PythonRecordBuilder {
    let events: [RecordEvent]
    private(set) var index = 0
    /// The keys of the record being made (kept to spare an allocation a record).
    private var keys: [RecordKey] = []

    init(_ events: [RecordEvent]) { self.events = events }

    var isAtEnd: Bool { index == events.count }

    /// The keys of the record whose fields start at `start`, in order.
    private mutating func recordKeys(from start: Int) -> [RecordKey] {
      keys.removeAll(keepingCapacity: true)
      var position = start
      var depth = 0
      while true {
        switch events[position] {
        case .endRecord where depth == 0: return keys
        case .beginRecord: depth += 1
        case .endRecord: depth -= 1
        case .beginList(let key) where depth == 0: keys.append(key)
        case .string(let key, _) where depth == 0, .integer(let key, _) where depth == 0,
          .boolean(let key, _) where depth == 0, .strings(let key, _) where depth == 0:
          keys.append(key)
        default: break
        }
        position += 1
      }
    }

    /// The record that starts at the next event, as a new dict. `input`,
    /// when given, is its `input` field's value: the caller's own `str`,
    /// not a copy of its text. Nil with an exception set (`MemoryError`).
    mutating func record(input: Object? = nil) -> Object? {
      guard case .beginRecord = events[index] else { preconditionFailure("a record's walk starts a record") }
      index += 1
      guard let template = template(recordKeys(from: index)), let dict = PyDict_Copy(template) else { return nil }
      while true {
        let event = events[index]
        index += 1
        let key: RecordKey
        let value: Object?
        switch event {
        case .endRecord:
          return dict
        case .string(.input, _) where input != nil:
          key = .input
          value = retained(input!)
        case .string(let name, let text):
          key = name
          value = pythonString(text)
        case .integer(let name, let number):
          key = name
          value = number.map { PyLong_FromSsize_t($0) } ?? payphone_none()
        case .boolean(let name, let flag):
          key = name
          value = flag.map { payphone_bool($0 ? 1 : 0) } ?? payphone_none()
        case .strings(let name, let texts):
          key = name
          value = pythonList(texts)
        case .beginList(let name):
          key = name
          value = list()
        case .beginRecord, .endList:
          preconditionFailure("a record's fields are fields")
        }
        guard let value else {
          payphone_decref(dict)
          return nil
        }
        let status = PyDict_SetItem(dict, keyObject(key), value)
        payphone_decref(value)
        if status < 0 {
          payphone_decref(dict)
          return nil
        }
      }
    }

    /// The records up to the list's end, as a new list.
    private mutating func list() -> Object? {
      guard let list = PyList_New(0) else { return nil }
      while true {
        if case .endList = events[index] {
          index += 1
          return list
        }
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
    }

    /// The next record's values after `input` and `ok` (`ok` true), as
    /// new objects; or its `error` and `message` (`ok` false). Nil with an
    /// exception set.
    mutating func values() -> (ok: Bool, values: [Object])? {
      guard case .beginRecord = events[index] else { preconditionFailure("a record's walk starts a record") }
      index += 1
      var ok = false
      var values: [Object] = []
      while true {
        let event = events[index]
        index += 1
        let value: Object?
        switch event {
        case .endRecord:
          return (ok, values)
        case .string(.input, _):
          continue
        case .boolean(.ok, let flag):
          ok = flag ?? false
          continue
        case .string(_, let text): value = pythonString(text)
        case .integer(_, let number): value = number.map { PyLong_FromSsize_t($0) } ?? payphone_none()
        case .boolean(_, let flag): value = flag.map { payphone_bool($0 ? 1 : 0) } ?? payphone_none()
        case .strings(_, let texts): value = pythonList(texts)
        case .beginList, .beginRecord, .endList: preconditionFailure("a flat record")
        }
        guard let value else {
          values.forEach { payphone_decref($0) }
          return nil
        }
        values.append(value)
      }
    }
  }
#endif
