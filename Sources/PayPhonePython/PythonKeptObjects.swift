// The Python objects that records' dicts are made from and that last from
// record to record: the keys' `str`s, the `str`s of values that repeat, and
// each record shape's template dict. Read and written with the GIL held.
#if Python
  internal import CPython
  internal import PayPhone
  @_spi(PayPhoneInternal) internal import PayPhoneRecords
  @_spi(PayPhoneInternal) internal import PayPhoneCore

  /// The interned `str` of each record key, made when the module is. A
  /// builder reads them through its own copy of the pointer (a global's
  /// every read checks that it is initialised).
  nonisolated(unsafe) var keyObjects = UnsafeMutablePointer<Object>.allocate(capacity: 0)
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
  typealias KeptString = (key: UInt8, text: String, object: Object)
  nonisolated(unsafe) var repeatedValues = UnsafeMutablePointer<KeptString?>.allocate(capacity: 0)

  /// The `str` of each region code and number type, made when first
  /// written: a slot per region (its letter pair's index, then one for
  /// `001`), then one per type (its place in `allCases`). Read and written
  /// with the GIL held only.
  let numberTypes = PhoneNumberType.allCases
  let codeSlotCount = RegionCode.letterPairCount + 1 + numberTypes.count
  nonisolated(unsafe) var codeStrings = UnsafeMutablePointer<Object?>.allocate(capacity: 0)

  /// Whether a field's values repeat enough to keep their `str`s.
  func repeats(_ key: RecordKey) -> Bool {
    switch key {
    case .error, .message, .type, .region, .kind, .brand, .candidates, .cvcName: true
    default: false
    }
  }

  /// The kept `str` of `text` for `key` in `kept` (``repeatedValues``), or
  /// a new one kept from now on; a new reference. Nil with an exception set.
  func repeatedString(_ key: UInt8, _ text: String, in kept: UnsafeMutablePointer<KeptString?>)
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
  final class Template {
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
  func template(_ keys: UnsafeBufferPointer<UInt8>, values: UnsafeBufferPointer<Object>) -> Template? {
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
#endif
