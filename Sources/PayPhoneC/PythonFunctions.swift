// The Python package's functions as the interpreter's own builtin functions
// (payphone.h, payphone_python_functions): `payphone.parse(number, region)`
// is one vectorcall into this library, with no ctypes in between (ctypes
// would convert each argument and the answer on every call).
// Made from the same table of stable-ABI functions as the direct path, plus
// the slots from 33 on; the library still neither links against libpython
// nor includes its headers.
internal import PayPhone
internal import PayPhoneRecords

/// The functions of the table's slots 33 and on, which only
/// `payphone_python_functions` needs.
struct PythonFunctionAPI {
  typealias Object = UnsafeMutableRawPointer

  /// The number of slots the table has with these (the last
  /// `optionalCount` may be NULL).
  static let slotCount = 46
  static let optionalCount = 3

  typealias UnicodeNew = @convention(c) (Int, UInt32) -> Object?
  typealias CollectorSwitch = @convention(c) () -> Int32

  let newFunction: @convention(c) (UnsafeMutableRawPointer, Object, Object?) -> Object?
  let typeFromSpec: @convention(c) (UnsafeMutableRawPointer) -> Object?
  let allocate: @convention(c) (Object, Int) -> Object?
  let dictCopy: @convention(c) (Object) -> Object?
  let call: @convention(c) (Object, Object, Object?) -> Object?
  let setError: @convention(c) (Object, Object) -> Void
  let clearError: @convention(c) () -> Void
  let tupleGetItem: @convention(c) (Object, Int) -> Object?
  let tupleSize: @convention(c) (Object) -> Int
  let errorOccurred: @convention(c) () -> Object?
  /// The optional slots: functions outside the stable ABI, or that older
  /// interpreters lack (nil then, and not needed).
  /// `PyUnicode_New` (every CPython 3): see `PythonTexts.unicodeNew`.
  let unicodeNew: UnicodeNew?
  /// `PyGC_Disable` and `PyGC_Enable` (3.10 on): see `pauseCollector()`.
  let collectorOff: CollectorSwitch?
  let collectorOn: CollectorSwitch?

  init?(_ table: UnsafePointer<UnsafeRawPointer?>) {
    let required = PythonAPI.slotCount..<(Self.slotCount - Self.optionalCount)
    for slot in required where table[slot] == nil { return nil }
    func slot<T>(_ index: Int, _: T.Type) -> T {
      // Every required slot was checked non-null above.
      unsafeBitCast(table[index], to: T.self)
    }
    func optional<T>(_ index: Int, _: T.Type) -> T? {
      table[index].map { unsafeBitCast($0, to: T.self) }
    }
    unicodeNew = optional(43, UnicodeNew.self)
    (collectorOff, collectorOn) =
      if let off = optional(44, CollectorSwitch.self), let on = optional(45, CollectorSwitch.self) {
        (off, on)
      } else {
        (nil, nil)
      }
    newFunction = slot(33, type(of: newFunction))
    typeFromSpec = slot(34, type(of: typeFromSpec))
    allocate = slot(35, type(of: allocate))
    dictCopy = slot(36, type(of: dictCopy))
    call = slot(37, type(of: call))
    setError = slot(38, type(of: setError))
    clearError = slot(39, type(of: clearError))
    tupleGetItem = slot(40, type(of: tupleGetItem))
    tupleSize = slot(41, type(of: tupleSize))
    errorOccurred = slot(42, type(of: errorOccurred))
  }
}

extension PythonFunctionAPI {
  /// Pauses the cyclic garbage collector, if it runs: true when it was
  /// running (then `resumeCollector()` must follow). For the making of a
  /// chunk's records, with the GIL held throughout: the records are dicts
  /// of str, int, bool and None, which the collector does not track, yet
  /// each counts as an allocation, and every 700 of them would set off a
  /// collection that walks the other young objects (a list of 20,000
  /// inputs, for one) and finds nothing of theirs. Paused, the count goes
  /// on, and the first allocation after makes the one collection due; no
  /// Python code runs in between (no object is freed, nothing calls back).
  func pauseCollector() -> Bool {
    guard let collectorOff else { return false }
    return collectorOff() != 0
  }

  /// Runs the collector again after `pauseCollector()` returned true.
  func resumeCollector() {
    _ = collectorOn?()
  }
}

/// What the builtin functions share: the interpreter's functions, the
/// package's objects (the `PhoneNumber` type, `ParseError`, the general
/// `parse` for arguments the fast one does not take), the two record
/// templates and the str of every region, type and error code made so far.
/// Made once by `payphone_python_functions` and kept for the life of the
/// process (the functions made with it hold its address); read and changed
/// only with the GIL held.
final class PythonFunctionState {
  let python: PythonAPI
  let more: PythonFunctionAPI
  let phoneNumberType: PythonAPI.Object
  let parseError: PythonAPI.Object
  let generalParse: PythonAPI.Object
  /// `{"input": None, "ok": True, "e164": None, ..., "valid": True,
  /// "possible": True, ...}` and `{"input": None, "ok": False, "error":
  /// None, "message": None}`, made by the package (the first shares its
  /// keys with a class, so a copy holds only values): each record is a
  /// copy (its keys laid out once, no growing) with the values that
  /// differ put in.
  let numberTemplate: PythonAPI.Object
  let failureTemplate: PythonAPI.Object
  let strings = PythonStrings()
  /// How ASCII str are made fast, where they can be (`PythonTexts.ascii`).
  let ascii: PythonASCIIStrings?
  /// The templates of each region index (and none) and type (`numberTemplate(_:)`).
  let typedTemplates = UnsafeMutablePointer<NumberTemplate?>.allocate(
    capacity: (PythonStrings.regionCount + 1) * PythonStrings.typeCount)
  /// `PythonStrings.regionCount`, read once into a stored value: the
  /// static is another module's and initialised lazily, so each read of it
  /// checks that it is.
  private let regionCount = PythonStrings.regionCount

  init(
    _ python: PythonAPI, _ more: PythonFunctionAPI, phoneNumberType: PythonAPI.Object,
    parseError: PythonAPI.Object, generalParse: PythonAPI.Object, numberTemplate: PythonAPI.Object,
    failureTemplate: PythonAPI.Object
  ) {
    self.python = python
    self.more = more
    ascii = PythonASCIIStrings(python, more.unicodeNew)
    typedTemplates.initialize(
      repeating: nil, count: (PythonStrings.regionCount + 1) * PythonStrings.typeCount)
    self.numberTemplate = python.retained(numberTemplate)
    self.failureTemplate = python.retained(failureTemplate)
    self.phoneNumberType = python.retained(phoneNumberType)
    self.parseError = python.retained(parseError)
    self.generalParse = python.retained(generalParse)
  }

  /// `parse(number, region=None)`: a `PhoneNumber`, or `ParseError` raised.
  /// Keywords, another count of arguments, a value that is not a str and a
  /// str the interpreter cannot give as UTF-8 (a lone surrogate) go to the
  /// package's general `parse`, which answers them as it always has.
  func parse(_ arguments: UnsafePointer<PythonAPI.Object?>?, _ count: Int, _ names: PythonAPI.Object?)
    -> PythonAPI.Object?
  {
    guard let arguments, names.map({ more.tupleSize($0) == 0 }) ?? true, count == 1 || count == 2,
      let number = arguments[0], let utf8 = python.utf8Bytes(of: number)
    else { return callGeneralParse(arguments, count, names) }
    var region: RegionCode? = nil
    if count == 2, let object = arguments[1] {
      guard let given = regionArgument(object, python) else {
        return callGeneralParse(arguments, count, names)
      }
      region = given
    }
    switch PythonAnswer(String(decoding: utf8, as: UTF8.self), region: region) {
    case .number(let number, let formats):
      return phoneNumber(number, formats)
    case .failure(let code, let status, let message):
      raiseParseError(code: code, status: status, message: message)
      return nil
    }
  }

  /// A `PhoneNumber` (the package's named tuple), made as `tuple.__new__`
  /// makes one.
  private func phoneNumber(_ number: PhoneNumber, _ formats: PhoneRecordFormats) -> PythonAPI.Object? {
    guard let tuple = more.allocate(phoneNumberType, 11) else { return nil }
    var index = 0
    /// Puts `value` (a new reference) at the next index; false for nil.
    func put(_ value: PythonAPI.Object?) -> Bool {
      guard let value else { return false }
      _ = python.tupleSetItem(tuple, index, value)
      index += 1
      return true
    }
    let done =
      put(python.string(formats.e164)) && put(strings.countryCode(number.countryCode, python))
      && put(python.string(number.nationalNumber)) && put(python.string(number.numberExtension))
      && put(strings.region(index: number.regionIndex, python)) && put(python.bool(number.isValid))
      && put(python.bool(number.isPossible)) && put(strings.type(number.type, python))
      && put(python.string(formats.international)) && put(python.string(formats.national))
      && put(python.string(formats.rfc3966))
    guard done else {
      python.decRef(tuple)  // the items not put in are NULL, as a tuple allows
      return nil
    }
    return tuple
  }

  private func raiseParseError(code: String, status: Int32, message: String) {
    guard let arguments = python.tuple([strings.error(code, status: status, python), python.string(message)])
    else { return }
    defer { python.decRef(arguments) }
    guard let error = more.call(parseError, arguments, nil) else { return }
    more.setError(parseError, error)
    python.decRef(error)
  }

  /// The general `parse` called with the arguments as given.
  private func callGeneralParse(
    _ arguments: UnsafePointer<PythonAPI.Object?>?, _ count: Int, _ names: PythonAPI.Object?
  ) -> PythonAPI.Object? {
    more.clearError()
    let nameCount = names.map { more.tupleSize($0) } ?? 0
    var positional: [PythonAPI.Object?] = []
    for index in 0..<count { positional.append(arguments?[index].map { python.retained($0) }) }
    guard let tuple = python.tuple(positional) else { return nil }
    defer { python.decRef(tuple) }
    guard let names, nameCount > 0 else { return more.call(generalParse, tuple, nil) }
    guard let keywords = python.dictNew() else { return nil }
    defer { python.decRef(keywords) }
    for index in 0..<nameCount {
      guard let name = more.tupleGetItem(names, index), let value = arguments?[count + index],
        python.dictSetItem(keywords, name, value) == 0
      else { return nil }
    }
    return more.call(generalParse, tuple, keywords)
  }

  /// The records of `payphone_python_normalize`, each a copy of a template.
  func normalize(_ arguments: UnsafePointer<PythonAPI.Object?>?, _ count: Int) -> PythonAPI.Object? {
    guard let arguments, count == 3, let numbers = arguments[0], let regions = arguments[1],
      let region = arguments[2]
    else { return nil }
    return normalizeRecords(
      python, numbers: numbers, regions: regions, region: region, strings: strings, state: self)
  }

  /// The template a number's record is copied from: the one of its region
  /// and type (those and the country code of the first number with them
  /// put in, made on first use); nil when it cannot be made.
  private func numberTemplate(_ number: PythonNumberRow) -> NumberTemplate? {
    let regionSlot = number.regionIndex < 0 ? regionCount : number.regionIndex
    let slot = regionSlot * PythonStrings.typeCount + PythonStrings.typeSlot(of: number.type)
    if let known = typedTemplates[slot] { return known }
    guard let dict = more.dictCopy(numberTemplate) else { return nil }
    guard python.put(dict, .countryCode, strings.countryCode(number.countryCode, python)),
      python.put(dict, .region, strings.region(index: number.regionIndex, python)),
      python.put(dict, .type, strings.type(number.type, python))
    else {
      python.decRef(dict)
      return nil
    }
    let template = NumberTemplate(dict: dict, countryCode: number.countryCode)
    typedTemplates[slot] = template
    return template
  }

  /// Makes the record of each of `rows` (`inputs[i]` the input of
  /// `rows[i]`) into `records` on: how many were made (fewer than
  /// `rows.count` when one could not be).
  func makeRecords(
    _ rows: UnsafeBufferPointer<PythonRow>, inputs: UnsafeBufferPointer<PythonInput>, texts: PythonTexts,
    into records: UnsafeMutablePointer<PythonAPI.Object>
  ) -> Int {
    for index in rows.indices {
      guard let record = record(rows[index], input: inputs[index].object, texts: texts) else { return index }
      records[index] = record
    }
    return rows.count
  }

  /// A record dict of `row`: a copy of its template with the values put in.
  func record(_ row: PythonRow, input: PythonAPI.Object, texts: PythonTexts) -> PythonAPI.Object? {
    switch row {
    case .number(let number):
      guard let template = numberTemplate(number), let dict = more.dictCopy(template.dict) else { return nil }
      let done =
        python.dictSetItem(dict, python.key(.input), input) == 0
        && python.put(dict, .e164, texts.string(number.e164))
        && (template.countryCode == number.countryCode
          || python.put(dict, .countryCode, strings.countryCode(number.countryCode, python)))
        && python.put(dict, .nationalNumber, texts.string(number.nationalNumber))
        && (number.numberExtension.count < 0
          || python.put(dict, .numberExtension, texts.string(number.numberExtension)))
        && (number.isValid || python.put(dict, .valid, python.bool(false)))
        && (number.isPossible || python.put(dict, .possible, python.bool(false)))
        && python.put(dict, .international, texts.string(number.international))
        && python.put(dict, .national, texts.string(number.national))
        && python.put(dict, .rfc3966, texts.string(number.rfc3966))
      guard done else {
        python.decRef(dict)
        return nil
      }
      return dict
    case .failure(let status, let code, let message):
      guard let dict = more.dictCopy(failureTemplate) else { return nil }
      let done =
        python.dictSetItem(dict, python.key(.input), input) == 0
        && python.put(dict, .error, strings.error(code, status: status, texts))
        && python.put(dict, .message, texts.string(message))
      guard done else {
        python.decRef(dict)
        return nil
      }
      return dict
    }
  }
}

/// A record template: its dict, holding its region, type and the country
/// code `countryCode`.
struct NumberTemplate {
  let dict: PythonAPI.Object
  let countryCode: Int
}

/// The state of the function object `owner` was made with: its address is
/// the one field of the object (payphone_python_functions' "state" type),
/// just after the 16-byte object header.
private func state(of owner: PythonAPI.Object?) -> PythonFunctionState? {
  guard let owner, let address = owner.load(fromByteOffset: 16, as: UnsafeRawPointer?.self) else {
    return nil
  }
  return Unmanaged<PythonFunctionState>.fromOpaque(address).takeUnretainedValue()
}

private let parseEntry:
  @convention(c) (
    PythonAPI.Object?, UnsafePointer<PythonAPI.Object?>?, Int, PythonAPI.Object?
  ) -> PythonAPI.Object? = { owner, arguments, count, names in
    state(of: owner)?.parse(arguments, count, names)
  }

private let normalizeEntry:
  @convention(c) (PythonAPI.Object?, UnsafePointer<PythonAPI.Object?>?, Int) -> PythonAPI.Object? = {
    owner, arguments, count in
    state(of: owner)?.normalize(arguments, count)
  }

/// METH_FASTCALL and METH_KEYWORDS (Python's stable ABI, 3.10 on).
private let fastCall: Int32 = 0x0080
private let keywords: Int32 = 0x0002

/// A copy of `text` as a NUL-terminated C string that is never freed
/// (names and docstrings of functions that live as long as the process).
private func permanentCString(_ text: String) -> UnsafeMutablePointer<CChar> {
  let utf8 = Array(text.utf8)
  let copy = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count + 1)
  for (index, byte) in utf8.enumerated() { copy[index] = CChar(bitPattern: byte) }
  copy[utf8.count] = 0
  return copy
}

/// A `PyMethodDef` (name, function, flags, docstring), never freed: the
/// function object made from it reads it for as long as it lives.
private func methodDefinition(name: String, function: UnsafeRawPointer, flags: Int32, doc: String)
  -> UnsafeMutableRawPointer
{
  let definition = UnsafeMutableRawPointer.allocate(byteCount: 32, alignment: 8)
  definition.initializeMemory(as: UInt8.self, repeating: 0, count: 32)
  definition.storeBytes(
    of: UnsafeRawPointer(permanentCString(name)), toByteOffset: 0, as: UnsafeRawPointer.self)
  definition.storeBytes(of: function, toByteOffset: 8, as: UnsafeRawPointer.self)
  definition.storeBytes(of: flags, toByteOffset: 16, as: Int32.self)
  definition.storeBytes(
    of: UnsafeRawPointer(permanentCString(doc)), toByteOffset: 24, as: UnsafeRawPointer.self)
  return definition
}

/// The object that carries the state's address: an instance of a type
/// made here (`PyType_FromSpec`: "payphone._FunctionState", the 16-byte
/// header and one pointer).
private func stateObject(_ python: PythonAPI, _ more: PythonFunctionAPI, _ state: PythonFunctionState)
  -> PythonAPI.Object?
{
  // PyType_Spec: name, basicsize (int), itemsize (int), flags (unsigned), slots.
  let spec = UnsafeMutableRawPointer.allocate(byteCount: 32, alignment: 8)
  spec.initializeMemory(as: UInt8.self, repeating: 0, count: 32)
  let slots = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 8)
  slots.initializeMemory(as: UInt8.self, repeating: 0, count: 16)  // { 0, NULL }: no slots
  spec.storeBytes(
    of: UnsafeRawPointer(permanentCString("payphone._FunctionState")), toByteOffset: 0,
    as: UnsafeRawPointer.self)
  spec.storeBytes(of: Int32(24), toByteOffset: 8, as: Int32.self)
  spec.storeBytes(of: UnsafeRawPointer(slots), toByteOffset: 24, as: UnsafeRawPointer.self)
  guard let type = more.typeFromSpec(spec) else { return nil }
  defer { python.decRef(type) }  // the object holds the type, as every instance of a heap type does
  guard let object = more.allocate(type, 0) else { return nil }
  object.storeBytes(
    of: UnsafeRawPointer(Unmanaged.passRetained(state).toOpaque()), toByteOffset: 16,
    as: UnsafeRawPointer.self)
  return object
}

/// `payphone_python_functions`: the tuple (parse, normalize) of builtin
/// functions.
@_cdecl("payphone_python_functions")
public func payphonePythonFunctions(
  _ table: UnsafePointer<UnsafeRawPointer?>?, _ objects: UnsafeMutableRawPointer?
) -> UnsafeMutableRawPointer? {
  guard let table, let python = PythonAPI(table), let more = PythonFunctionAPI(table), let objects,
    more.tupleSize(objects) == 8
  else { return nil }
  func item(_ index: Int) -> PythonAPI.Object? { more.tupleGetItem(objects, index) }
  func text(_ index: Int) -> String? {
    item(index).flatMap { python.utf8Bytes(of: $0) }.map { String(decoding: $0, as: UTF8.self) }
  }
  guard let phoneNumberType = item(0), let parseError = item(1), let generalParse = item(2),
    let module = item(3), let parseDoc = text(4), let headerSize = text(5), headerSize == "16",
    let numberTemplate = item(6), let failureTemplate = item(7)
  else { return nil }
  let state = PythonFunctionState(
    python, more, phoneNumberType: phoneNumberType, parseError: parseError, generalParse: generalParse,
    numberTemplate: numberTemplate, failureTemplate: failureTemplate)
  guard let owner = stateObject(python, more, state)
  else { return nil }
  defer { python.decRef(owner) }
  let parseDefinition = methodDefinition(
    name: "parse", function: unsafeBitCast(parseEntry, to: UnsafeRawPointer.self), flags: fastCall | keywords,
    doc: parseDoc)
  let normalizeDefinition = methodDefinition(
    name: "normalize", function: unsafeBitCast(normalizeEntry, to: UnsafeRawPointer.self), flags: fastCall,
    doc: "normalize($module, numbers, regions, region, /)\n--\n\nThe records of payphone.normalize.")
  return python.tuple([
    more.newFunction(parseDefinition, owner, module), more.newFunction(normalizeDefinition, owner, module),
  ])
}
