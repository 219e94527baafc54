// The calls of the extension module `payphone._payphone`. Each reads its
// text arguments with the GIL held, makes its records with the GIL
// released (parsing, finding: the work on those texts alone), then walks
// the records into Python objects with the GIL again (formatting as it
// goes). The package's `__init__.py` wraps most of them (argument checks,
// defaults).
#if Python
  internal import CPython
  internal import PayPhone
  internal import PayPhoneCore
  @_spi(PayPhoneInternal) internal import PayPhoneRecords

  /// The arguments a call takes by position.
  typealias Arguments = UnsafePointer<Object?>?

  /// The `PhoneNumber` class and the `ParseError` exception, from the
  /// package (`_setup`); replaced when the package is reloaded. Read and
  /// written with the GIL held only.
  nonisolated(unsafe) private var phoneNumberType: Object?
  nonisolated(unsafe) private var parseErrorType: Object?

  /// Rows answered between two looks at pending signals (Ctrl-C) in a batch.
  private let chunkSize = 256

  /// `body` with the GIL released: it must touch no Python object.
  @inline(__always)
  func withoutGIL<T>(_ body: () -> T) -> T {
    let state = PyEval_SaveThread()
    defer { PyEval_RestoreThread(state) }
    return body()
  }

  /// The arguments of a call as its parameters (`names`) take them, by
  /// position then keyword: None (borrowed) for an optional one not given.
  /// Nil with `TypeError` set when they do not fit.
  func arguments(
    _ function: String, _ names: [StaticString], required: Int, _ positional: Arguments, _ count: Int,
    _ keywords: Object?
  ) -> [Object]? {
    guard count <= names.count else {
      _ = raise(
        payphone_type_error(), "\(function)() takes at most \(names.count) arguments (\(count) given)")
      return nil
    }
    // No arguments at all: no array either.
    guard let positional else { return arguments(names, required, [], function) }
    var values = [Object?](repeating: nil, count: names.count)
    for index in 0..<count { values[index] = positional[index] }
    if let keywords {
      for offset in 0..<PyTuple_Size(keywords) {
        guard let keyword = PyTuple_GetItem(keywords, offset),
          let slot = names.firstIndex(where: { PyUnicode_CompareWithASCIIString(keyword, cString($0)) == 0 })
        else {
          _ = raise(payphone_type_error(), "\(function)() got an unexpected keyword argument")
          return nil
        }
        guard values[slot] == nil else {
          _ = raise(payphone_type_error(), "\(function)() got multiple values for argument '\(names[slot])'")
          return nil
        }
        values[slot] = positional[count + offset]
      }
    }
    return arguments(names, required, values, function)
  }

  /// `values` with None for the optional ones not given; nil with
  /// `TypeError` set when a required one is missing.
  func arguments(_ names: [StaticString], _ required: Int, _ values: [Object?], _ function: String)
    -> [Object]?
  {
    var given: [Object] = []
    for index in names.indices {
      if index < values.count, let value = values[index] {
        given.append(value)
      } else if index < required {
        _ = raise(payphone_type_error(), "\(function)() missing required argument '\(names[index])'")
        return nil
      } else {
        given.append(payphone_borrowed_none())
      }
    }
    return given
  }

  /// `RegionCode.named` of a batch item, read from its UTF-8 where it has one.
  private func regionCode(_ text: BatchText?) -> RegionCode? {
    switch text {
    case .utf8(let bytes)?: bytes.isEmpty ? nil : RegionCode(utf8: bytes) ?? .unknown
    case .copied(let text)?: .named(text)
    case nil: nil
    }
  }

  /// The truth of an optional flag argument; nil with an exception set.
  func flag(_ object: Object) -> Bool? {
    let truth = PyObject_IsTrue(object)
    return truth < 0 ? nil : truth == 1
  }

  /// The record `make` makes without the GIL, as a dict. `input`, when
  /// given, is the record's `input` (the caller's own `str`).
  private func answerOne<R: Record>(input: Object? = nil, _ make: () -> R) -> Object? {
    let record = withoutGIL(make)
    return withSpareWriter { writer in
      writer.input = input
      record.write(to: &writer)
      return writer.dict()
    }
  }

  /// A text argument (or a batch item): the UTF-8 its `str` keeps (the
  /// call holds the `str`, which cannot change, so the bytes may be read
  /// without the GIL), or a copy where the `str` keeps none (a lone
  /// surrogate).
  private enum BatchText {
    case utf8(UnsafeBufferPointer<UInt8>)
    case copied(String)

    /// The text of `object`; nil with `TypeError` set when it is no `str`.
    init?(_ object: Object, _ what: @autoclosure () -> String) {
      var size = 0
      if payphone_is_str(object) != 0, let utf8 = PyUnicode_AsUTF8AndSize(object, &size) {
        self = .utf8(
          UnsafeBufferPointer(start: UnsafeRawPointer(utf8).assumingMemoryBound(to: UInt8.self), count: size))
        return
      }
      PyErr_Clear()
      guard let text = copyText(object, what()) else { return nil }
      self = .copied(text)
    }

    var string: String {
      switch self {
      case .utf8(let bytes): String(decoding: bytes, as: UTF8.self)
      case .copied(let text): text
      }
    }
  }

  /// The records of many texts (`items`), each with its extra text (a
  /// region, a security code) from `extras` (one per item, None for none)
  /// or `common` (one for all), as a new list of dicts. The items and
  /// extras are first taken as tuples of the call's own, so another thread
  /// changing the caller's lists meanwhile changes nothing here. Rows are
  /// answered in chunks, the GIL released for each, and signals (Ctrl-C)
  /// are looked at between chunks. `echoesInput`: a record's `input` is the
  /// caller's `str` itself.
  private func answerBatch<R: Record>(
    _ items: Object, _ itemsName: String, extras: Object?, common: Object?, _ extrasName: String,
    echoesInput: Bool, _ make: (BatchText, BatchText?) -> R
  ) -> Object? {
    guard let texts = snapshot(items, itemsName) else { return nil }
    defer { payphone_decref(texts) }
    let count = PyTuple_Size(texts)
    var extraTuple: Object?
    if let extras, payphone_is_none(extras) == 0 {
      guard let tuple = snapshot(extras, extrasName) else { return nil }
      extraTuple = tuple
      guard PyTuple_Size(tuple) == count else {
        payphone_decref(tuple)
        return raise(payphone_value_error(), "\(count) \(itemsName) but \(PyTuple_Size(tuple)) \(extrasName)")
      }
    }
    defer { extraTuple.map { payphone_decref($0) } }
    let (commonText, failed) = copyOptionalText(common, extrasName)
    guard !failed, let result = PyList_New(count) else { return nil }
    let commonExtra = commonText.map(BatchText.copied)
    var start = 0
    var writer = PythonRecordWriter()
    while start < count {
      let end = min(count, start + chunkSize)
      var chunk: [(text: BatchText, extra: BatchText?)] = []
      chunk.reserveCapacity(end - start)
      for index in start..<end {
        guard let item = PyTuple_GetItem(texts, index), let text = BatchText(item, "\(itemsName)[\(index)]")
        else {
          payphone_decref(result)
          return nil
        }
        var extra = commonExtra
        if let extraTuple, let given = PyTuple_GetItem(extraTuple, index), payphone_is_none(given) == 0 {
          guard let text = BatchText(given, "\(extrasName)[\(index)]") else {
            payphone_decref(result)
            return nil
          }
          extra = text
        }
        chunk.append((text, extra))
      }
      // Made last row first, so that taking each off the end (a move, where
      // reading it in place would copy it) gives them in order.
      var records = withoutGIL { chunk.reversed().map { make($0.text, $0.extra) } }
      // The collector paused while the chunk's records are made: they hold
      // only strs, ints, bools and lists of those, and a collection now
      // would walk every young object for nothing.
      let collecting = PyGC_Disable()
      for index in start..<end {
        writer.input = echoesInput ? PyTuple_GetItem(texts, index) : nil
        records.removeLast().write(to: &writer)
        guard let dict = writer.dict() else {
          if collecting != 0 { PyGC_Enable() }
          payphone_decref(result)
          return nil
        }
        PyList_SetItem(result, index, dict)  // steals dict
      }
      if collecting != 0 { PyGC_Enable() }
      start = end
      if PyErr_CheckSignals() < 0 {
        payphone_decref(result)
        return nil
      }
    }
    return result
  }

  // MARK: phone numbers

  /// The `phone` record of `text` read in the region `regionText` names.
  /// Its `input` is not made: the answer's is the caller's `str`.
  private func phoneRecord(_ text: BatchText, _ regionText: BatchText?) -> PhoneRecord {
    let region = regionCode(regionText)
    switch text {
    case .utf8(let bytes):
      return PhoneRecord(
        input: "",
        answer: Result { () throws(PhoneNumberError) in try PhoneNumber(utf8: bytes, region: region) })
    case .copied(let text):
      return PhoneRecord(input: text, region: region)
    }
  }

  /// `parse(number, region=None)`: a `PhoneNumber`, or `ParseError` raised.
  func parse(_: Object?, _ positional: Arguments, _ count: Int, _ keywords: Object?) -> Object? {
    let number: Object
    let region: Object?
    if keywords == nil, count == 1 || count == 2, let positional, let first = positional[0] {
      // The usual call, by position: no argument list made.
      (number, region) = (first, count == 2 ? positional[1] : nil)
    } else {
      guard let values = arguments("parse", ["number", "region"], required: 1, positional, count, keywords)
      else { return nil }
      (number, region) = (values[0], values[1])
    }
    guard let text = BatchText(number, "number") else { return nil }
    let (regionText, failed) = copyOptionalText(region, "region")
    guard !failed else { return nil }
    let record = { phoneRecord(text, regionText.map(BatchText.copied)) }
    // One number takes about a microsecond: the GIL is held (letting it go
    // and taking it back would cost a good part of that), except for a long
    // text. The str is the caller's argument, held for the call.
    let made: PhoneRecord
    if case .utf8(let bytes) = text, bytes.count > 256 { made = withoutGIL(record) } else { made = record() }
    return withSpareWriter { writer in
      made.write(to: &writer)
      return writer.withFieldValues { ok, values in
        ok ? phoneNumber(values) : raiseParseError(values)
      } ?? nil
    }
  }

  /// Raises `ParseError` with a failure's `values`: its error code and
  /// message.
  private func raiseParseError(_ values: UnsafeBufferPointer<Object>) -> Object? {
    guard let type = parseErrorType, let arguments = PyTuple_New(2) else {
      return raise(payphone_runtime_error(), "payphone._payphone is not set up")
    }
    defer { payphone_decref(arguments) }
    for (index, value) in values.prefix(2).enumerated() {
      PyTuple_SetItem(arguments, index, retained(value))
    }
    guard let error = PyObject_CallObject(type, arguments) else { return nil }
    PyErr_SetObject(type, error)
    payphone_decref(error)
    return nil
  }

  /// A `PhoneNumber` (a tuple subclass) of `values`, made as CPython makes
  /// a tuple subclass's instance: its type's allocation, then the items.
  private func phoneNumber(_ values: UnsafeBufferPointer<Object>) -> Object? {
    guard let type = phoneNumberType else {
      return raise(payphone_runtime_error(), "payphone._payphone is not set up")
    }
    guard let tuple = payphone_allocate_tuple(type, values.count) else { return nil }
    for (index, value) in values.enumerated() { PyTuple_SetItem(tuple, index, retained(value)) }
    return tuple
  }

  /// `normalize(numbers, regions, region)`: each number's `phone` record.
  func normalize(_: Object?, _ positional: Arguments, _ count: Int, _ keywords: Object?) -> Object? {
    guard
      let values = arguments(
        "normalize", ["numbers", "regions", "region"], required: 1, positional, count, keywords)
    else { return nil }
    return answerBatch(
      values[0], "numbers", extras: values[1], common: values[2], "regions", echoesInput: true
    ) { text, region in phoneRecord(text, region) }
  }

  // MARK: cards

  /// A security code argument: nil for none or "".
  private func securityCode(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }

  /// `card(number, cvc=None)`: the number's `card` record.
  func card(_: Object?, _ positional: Arguments, _ count: Int, _ keywords: Object?) -> Object? {
    guard let values = arguments("card", ["number", "cvc"], required: 1, positional, count, keywords),
      let text = copyText(values[0], "number")
    else { return nil }
    let (code, failed) = copyOptionalText(values[1], "cvc")
    guard !failed else { return nil }
    return answerOne(input: values[0]) { CardRecord(input: text, securityCode: securityCode(code)) }
  }

  /// `cards(numbers, cvcs=None)`: each number's `card` record.
  func cards(_: Object?, _ positional: Arguments, _ count: Int, _ keywords: Object?) -> Object? {
    guard let values = arguments("cards", ["numbers", "cvcs"], required: 1, positional, count, keywords)
    else { return nil }
    return answerBatch(values[0], "numbers", extras: values[1], common: nil, "cvcs", echoesInput: true) {
      text, code in CardRecord(input: text.string, securityCode: securityCode(code?.string))
    }
  }

  // MARK: numbers in text

  /// The leniency an argument names; nil with `ValueError` set.
  func leniency(_ object: Object) -> PhoneNumberLeniency? {
    guard payphone_is_none(object) == 0 else { return .valid }
    guard let name = copyText(object, "leniency") else { return nil }
    guard let leniency = PhoneNumberLeniency(rawValue: name) else {
      _ = raise(payphone_value_error(), "unknown leniency")
      return nil
    }
    return leniency
  }

  /// `find(text, region=None, leniency="valid", cards=False, redact=False)`:
  /// the text's `find` record.
  func find(_: Object?, _ positional: Arguments, _ count: Int, _ keywords: Object?) -> Object? {
    guard
      let values = arguments(
        "find", ["text", "region", "leniency", "cards", "redact"], required: 1, positional, count, keywords),
      let text = copyText(values[0], "text"), let leniency = leniency(values[2]),
      let cards = flag(values[3]), let redact = flag(values[4])
    else { return nil }
    let (region, failed) = copyOptionalText(values[1], "region")
    guard !failed else { return nil }
    return answerOne {
      FindRecord(
        text: text, region: RegionCode.named(region), leniency: leniency, cards: cards, redact: redact)
    }
  }

  /// `find_many(texts, regions=None, region=None, leniency="valid",
  /// cards=False, redact=False)`: each text's `find` record.
  func findMany(_: Object?, _ positional: Arguments, _ count: Int, _ keywords: Object?) -> Object? {
    guard
      let values = arguments(
        "find_many", ["texts", "regions", "region", "leniency", "cards", "redact"], required: 1, positional,
        count, keywords),
      let leniency = leniency(values[3]), let cards = flag(values[4]), let redact = flag(values[5])
    else { return nil }
    return answerBatch(
      values[0], "texts", extras: values[1], common: values[2], "regions", echoesInput: false
    ) { text, region in
      FindRecord(
        text: text.string, region: regionCode(region), leniency: leniency, cards: cards, redact: redact)
    }
  }

  // MARK: as you type

  /// `as_you_type(keys, region)`: the `as-you-type` record of typing `keys`.
  func asYouType(_: Object?, _ positional: Arguments, _ count: Int, _ keywords: Object?) -> Object? {
    guard
      let values = arguments("as_you_type", ["keys", "region"], required: 2, positional, count, keywords),
      let keys = copyText(values[0], "keys"), let region = copyText(values[1], "region")
    else { return nil }
    return answerOne { AsYouTypeRecord(keys: keys, region: RegionCode.named(region) ?? .unknown) }
  }

  // MARK: the module

  /// `version()`: the library's version.
  func version(_: Object?, _: Arguments, _: Int, _: Object?) -> Object? {
    pythonString("\(PayPhoneVersion.current)")
  }

  /// `_setup(PhoneNumber, ParseError, template)`: the package's classes,
  /// which the calls make and raise, and its maker of record templates.
  /// Called again by a reload of the package.
  func setup(_: Object?, _ positional: Arguments, _ count: Int, _ keywords: Object?) -> Object? {
    guard
      let values = arguments(
        "_setup", ["phone_number", "parse_error", "template"], required: 3, positional, count, keywords)
    else { return nil }
    let old = [phoneNumberType, parseErrorType, templateMaker]
    phoneNumberType = retained(values[0])
    parseErrorType = retained(values[1])
    templateMaker = retained(values[2])
    for case let object? in old { payphone_decref(object) }
    return payphone_none()
  }
#endif
