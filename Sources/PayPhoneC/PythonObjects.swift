// The Python package's direct path (payphone.h, "Python objects"): phone
// answers built straight into the interpreter's objects — tuples, dicts,
// str, int, True/False/None — through the C API functions the package hands
// over by address (ctypes.pythonapi), so Python decodes nothing. The library
// neither links against libpython nor includes its headers: every function
// and object comes through the table, and only functions of Python's stable
// ABI are used. Called through ctypes.PyDLL, so the caller holds the GIL.
internal import PayPhone

/// The interpreter's functions and objects, read from the
/// `payphone_python_api` table (the slots in the order payphone.h lists).
struct PythonAPI {
  typealias Object = UnsafeMutableRawPointer

  /// The number of slots: the functions, None/True/False, the 15 keys.
  static let slotCount = 33

  let string: @convention(c) (UnsafePointer<CChar>?, Int) -> Object?
  let utf8: @convention(c) (Object, UnsafeMutablePointer<Int>?) -> UnsafePointer<CChar>?
  let integer: @convention(c) (Int) -> Object?
  let tupleNew: @convention(c) (Int) -> Object?
  let tupleSetItem: @convention(c) (Object, Int, Object?) -> Int32
  let listNew: @convention(c) (Int) -> Object?
  let listSetItem: @convention(c) (Object, Int, Object?) -> Int32
  let listGetItem: @convention(c) (Object, Int) -> Object?
  let listSize: @convention(c) (Object) -> Int
  let dictNew: @convention(c) () -> Object?
  let dictSetItem: @convention(c) (Object, Object, Object) -> Int32
  let incRef: @convention(c) (Object?) -> Void
  let decRef: @convention(c) (Object?) -> Void
  let saveThread: @convention(c) () -> UnsafeMutableRawPointer?
  let restoreThread: @convention(c) (UnsafeMutableRawPointer?) -> Void
  let none: Object
  let yes: Object
  let no: Object
  /// The record keys, in `RecordKey` order (input ... rfc3966).
  let keys: UnsafePointer<UnsafeRawPointer?>

  /// The table, or nil when it is missing or a slot is empty.
  init?(_ table: UnsafePointer<UnsafeRawPointer?>?) {
    guard let table else { return nil }
    for slot in 0..<Self.slotCount where table[slot] == nil { return nil }
    func slot<T>(_ index: Int, _: T.Type) -> T {
      // Every slot was checked non-null above.
      unsafeBitCast(table[index], to: T.self)
    }
    string = slot(0, type(of: string))
    utf8 = slot(1, type(of: utf8))
    integer = slot(2, type(of: integer))
    tupleNew = slot(3, type(of: tupleNew))
    tupleSetItem = slot(4, type(of: tupleSetItem))
    listNew = slot(5, type(of: listNew))
    listSetItem = slot(6, type(of: listSetItem))
    listGetItem = slot(7, type(of: listGetItem))
    listSize = slot(8, type(of: listSize))
    dictNew = slot(9, type(of: dictNew))
    dictSetItem = slot(10, type(of: dictSetItem))
    incRef = slot(11, type(of: incRef))
    decRef = slot(12, type(of: decRef))
    saveThread = slot(13, type(of: saveThread))
    restoreThread = slot(14, type(of: restoreThread))
    none = UnsafeMutableRawPointer(mutating: slot(15, UnsafeRawPointer.self))
    yes = UnsafeMutableRawPointer(mutating: slot(16, UnsafeRawPointer.self))
    no = UnsafeMutableRawPointer(mutating: slot(17, UnsafeRawPointer.self))
    keys = table + 18
  }

  /// A new reference to `object`.
  func retained(_ object: Object) -> Object {
    incRef(object)
    return object
  }

  func key(_ key: RecordKey) -> Object {
    UnsafeMutableRawPointer(mutating: keys[key.rawValue].unsafelyUnwrapped)
  }

  /// A new str holding `text`.
  func string(_ text: String) -> Object? {
    var text = text
    return text.withUTF8 { utf8 in
      utf8.withMemoryRebound(to: CChar.self) { string($0.baseAddress, $0.count) }
    }
  }

  /// A new str holding `utf8`.
  func string(_ utf8: UnsafeBufferPointer<UInt8>) -> Object? {
    utf8.withMemoryRebound(to: CChar.self) { string($0.baseAddress, $0.count) }
  }

  /// A new str of the RFC 3966 form.
  func rfc3966(_ number: PhoneNumber, _ formats: PythonFormats) -> Object? {
    var object: Object?
    number.withRFC3966(international: formats.international) { object = string($0) }
    return object
  }

  /// A new str, or a new reference to None.
  func string(_ text: String?) -> Object? {
    guard let text else { return retained(none) }
    return string(text)
  }

  func bool(_ value: Bool) -> Object { retained(value ? yes : no) }

  /// The UTF-8 of a str (valid while the str lives), or nil with a Python
  /// exception set (not a str, or a lone surrogate).
  func utf8Bytes(of object: Object) -> UnsafeBufferPointer<UInt8>? {
    var size = 0
    guard let pointer = utf8(object, &size) else { return nil }
    return UnsafeRawPointer(pointer).withMemoryRebound(to: UInt8.self, capacity: size) {
      UnsafeBufferPointer(start: $0, count: size)
    }
  }

  /// A new tuple of `items` (new references, taken over); nil, releasing
  /// them, when one of them is nil or the tuple cannot be made.
  func tuple(_ items: [Object?]) -> Object? {
    guard items.allSatisfy({ $0 != nil }), let tuple = tupleNew(items.count) else {
      for item in items { decRef(item) }
      return nil
    }
    for (index, item) in items.enumerated() { _ = tupleSetItem(tuple, index, item) }
    return tuple
  }

  /// Sets `dict[key] = value` and releases `value` (a new reference);
  /// false when `value` is nil or the dict refused it.
  func put(_ dict: Object, _ name: RecordKey, _ value: Object?) -> Bool {
    guard let value else { return false }
    defer { decRef(value) }
    return dictSetItem(dict, key(name), value) == 0
  }
}

/// A number's answer, worked out without the GIL: the parsed number with
/// its four formats, or the parse error's code and message.
enum PythonAnswer {
  case number(PhoneNumber, PythonFormats)
  case failure(code: String, status: Int32, message: String)

  init(_ text: String, region: RegionCode?) {
    switch attempt(PhoneNumber.init(_:region:), text, region) {
    case .success(let number):
      self = .number(number, PythonFormats(number))
    case .failure(let error):
      self = .failure(code: error.code.rawValue, status: Status(error.code).rawValue, message: error.message)
    }
  }
}

/// Parses through a function reference, which carries its typed error, so
/// the error's type needs no name here.
private func attempt<Failure: Error>(
  _ make: (String, RegionCode?) throws(Failure) -> PhoneNumber, _ text: String, _ region: RegionCode?
) -> Result<PhoneNumber, Failure> {
  do throws(Failure) {
    return .success(try make(text, region))
  } catch {
    return .failure(error)
  }
}

/// A number's formats, as the `phone` record has them.
struct PythonFormats {
  let e164: String
  let international: String
  let national: String

  init(_ number: PhoneNumber) {
    e164 = number.formatted(.e164)
    international = number.formatted(.international)
    national = number.formatted(.national)
  }
}

/// The str objects of recurring values (regions, types, error codes), made
/// once and shared by the records: for one call of the direct path
/// (released by `release`), or for the builtin functions' lifetime.
final class PythonStrings {
  static let regionCount = 26 * 26 + 1
  static let typeCount = PhoneNumberType.allCases.count
  private static let errorCount = 16
  /// Country codes are 1 to 999.
  private static let countryCodeCount = 1000
  private static let count = regionCount + typeCount + errorCount + countryCodeCount
  private let cells = UnsafeMutablePointer<PythonAPI.Object?>.allocate(capacity: count)

  init() {
    cells.initialize(repeating: nil, count: Self.count)
  }

  /// A new reference to the int of a country code.
  func countryCode(_ code: Int, _ python: PythonAPI) -> PythonAPI.Object? {
    guard code >= 0 && code < Self.countryCodeCount else { return python.integer(code) }
    let slot = Self.count - Self.countryCodeCount + code
    if cells[slot] == nil { cells[slot] = python.integer(code) }
    guard let object = cells[slot] else { return nil }
    return python.retained(object)
  }

  /// Every type, in `allCases` order (made once: `allCases` makes an array).
  private static let types = PhoneNumberType.allCases

  /// The index of `type` in `allCases`.
  static func typeSlot(of type: PhoneNumberType) -> Int? { types.firstIndex(of: type) }

  /// The slot of a two-letter code or `001`, nil for another.
  static func slot(of region: RegionCode) -> Int? {
    let utf8 = region.rawValue.utf8
    if utf8.count == 2, let first = utf8.first, let last = utf8.last,
      (0x41...0x5A).contains(first), (0x41...0x5A).contains(last)
    {
      return Int(first - 0x41) * 26 + Int(last - 0x41)
    }
    return region.rawValue == "001" ? 26 * 26 : nil
  }

  /// A new reference to the str of `region` (None for nil).
  func region(_ region: RegionCode?, _ python: PythonAPI) -> PythonAPI.Object? {
    guard let region else { return python.retained(python.none) }
    guard let slot = Self.slot(of: region) else { return python.string(region.rawValue) }
    return shared(slot, region.rawValue, python)
  }

  func type(_ type: PhoneNumberType, _ python: PythonAPI) -> PythonAPI.Object? {
    guard let slot = Self.typeSlot(of: type) else {
      return python.string(type.rawValue)
    }
    return shared(Self.regionCount + slot, type.rawValue, python)
  }

  func error(_ code: String, status: Int32, _ python: PythonAPI) -> PythonAPI.Object? {
    guard status >= 0 && Int(status) < Self.errorCount else { return python.string(code) }
    return shared(Self.regionCount + Self.typeCount + Int(status), code, python)
  }

  private func shared(_ slot: Int, _ text: String, _ python: PythonAPI) -> PythonAPI.Object? {
    if cells[slot] == nil { cells[slot] = python.string(text) }
    guard let object = cells[slot] else { return nil }
    return python.retained(object)
  }

  /// Drops the references this cache holds and its memory.
  func release(_ python: PythonAPI) {
    for slot in 0..<Self.count { python.decRef(cells[slot]) }
    cells.deallocate()
  }
}

extension PythonAPI {
  /// The `PhoneNumber` tuple of payphone.h's payphone_python_parse, or the
  /// (code, message) tuple of a parse error.
  func parseTuple(_ answer: PythonAnswer) -> Object? {
    switch answer {
    case .number(let number, let formats):
      return tuple([
        string(formats.e164), integer(number.countryCode), string(number.nationalNumber),
        string(number.numberExtension), string(number.region?.rawValue), bool(number.isValid),
        bool(number.isPossible), string(number.type.rawValue), string(formats.international),
        string(formats.national), rfc3966(number, formats),
      ])
    case .failure(let code, _, let message):
      return tuple([string(code), string(message)])
    }
  }

  /// The `phone` record dict of `answer`, `input` (borrowed) as its input.
  func record(_ answer: PythonAnswer, input: Object, strings: PythonStrings) -> Object? {
    guard let dict = dictNew() else { return nil }
    var done = dictSetItem(dict, key(.input), input) == 0
    switch answer {
    case .number(let number, let formats):
      done =
        done && put(dict, .ok, bool(true)) && put(dict, .e164, string(formats.e164))
        && put(dict, .countryCode, integer(number.countryCode))
        && put(dict, .nationalNumber, string(number.nationalNumber))
        && put(dict, .numberExtension, string(number.numberExtension))
        && put(dict, .region, strings.region(number.region, self)) && put(dict, .valid, bool(number.isValid))
        && put(dict, .possible, bool(number.isPossible)) && put(dict, .type, strings.type(number.type, self))
        && put(dict, .international, string(formats.international))
        && put(dict, .national, string(formats.national)) && put(dict, .rfc3966, rfc3966(number, formats))
    case .failure(let code, let status, let message):
      done =
        done && put(dict, .ok, bool(false)) && put(dict, .error, strings.error(code, status: status, self))
        && put(dict, .message, string(message))
    }
    guard done else {
      decRef(dict)
      return nil
    }
    return dict
  }
}

/// The region a region argument names: nil for None or "", else the code
/// (upper-cased); `.failure` when it is not a str (a Python exception is set).
func regionArgument(_ object: PythonAPI.Object?, _ python: PythonAPI) -> RegionCode?? {
  guard let object, object != python.none else { return .some(nil) }
  guard let utf8 = python.utf8Bytes(of: object) else { return nil }
  return utf8.isEmpty ? .some(nil) : RegionCode(utf8: utf8)
}

/// `payphone_python_parse`: one number's `PhoneNumber` values as a tuple.
@_cdecl("payphone_python_parse")
public func payphonePythonParse(
  _ table: UnsafePointer<UnsafeRawPointer?>?, _ number: UnsafeMutableRawPointer?,
  _ region: UnsafeMutableRawPointer?
) -> UnsafeMutableRawPointer? {
  guard let python = PythonAPI(table), let number, let utf8 = python.utf8Bytes(of: number),
    let region = regionArgument(region, python)
  else { return nil }
  return python.parseTuple(PythonAnswer(String(decoding: utf8, as: UTF8.self), region: region))
}

/// How many numbers `payphone_python_normalize` answers between taking the
/// GIL back (a few milliseconds' work): with another Python thread busy, each
/// return waits for it to let go (up to its switch interval, 5 ms), so the
/// rounds are long enough for that wait to cost little, and short enough
/// for the other threads to run often.
private let pythonChunk = 2048

/// `payphone_python_normalize`: a list of `phone` record dicts.
@_cdecl("payphone_python_normalize")
public func payphonePythonNormalize(
  _ table: UnsafePointer<UnsafeRawPointer?>?, _ numbers: UnsafeMutableRawPointer?,
  _ regions: UnsafeMutableRawPointer?, _ region: UnsafeMutableRawPointer?
) -> UnsafeMutableRawPointer? {
  guard let python = PythonAPI(table), let numbers, let regions, let region else { return nil }
  let strings = PythonStrings()
  defer { strings.release(python) }
  return normalizeRecords(
    python, numbers: numbers, regions: regions, region: region, strings: strings, state: nil)
}

/// The records of `numbers` (a list), with `regions` (a list, or None for
/// `region` for all): read with the GIL, parsed without it, `pythonChunk`
/// numbers at a time, then made into dicts with it. With `state` (the
/// builtin functions'), the records are copied from its templates.
func normalizeRecords(
  _ python: PythonAPI, numbers: PythonAPI.Object, regions: PythonAPI.Object, region: PythonAPI.Object,
  strings: PythonStrings, state: PythonFunctionState?
) -> PythonAPI.Object? {
  let count = python.listSize(numbers)
  let regionList = regions == python.none ? nil : regions
  guard count >= 0, regionList.map({ python.listSize($0) == count }) ?? true,
    let common = regionArgument(region, python)
  else { return nil }
  // The records, put into a list only at the end: a list made first would
  // be in the collector's youngest generation, walked at every collection
  // the new dicts set off.
  var records: [PythonAPI.Object] = []
  records.reserveCapacity(count)
  func failed() -> PythonAPI.Object? {
    for record in records { python.decRef(record) }
    return nil
  }
  var texts: [UnsafeBufferPointer<UInt8>] = []
  var textRegions: [RegionCode?] = []
  // Each chunk's answers, initialized without the GIL and moved out with it.
  let answers = UnsafeMutablePointer<PythonAnswer>.allocate(capacity: min(count, pythonChunk))
  defer { answers.deallocate() }
  texts.reserveCapacity(min(count, pythonChunk))
  textRegions.reserveCapacity(min(count, pythonChunk))
  var lastRegionObject: PythonAPI.Object?
  var lastRegion: RegionCode?
  var start = 0
  while start < count {
    let end = min(count, start + pythonChunk)
    texts.removeAll(keepingCapacity: true)
    textRegions.removeAll(keepingCapacity: true)
    // With the GIL: the inputs' UTF-8 (each str keeps its own alive; the
    // caller's list is its own, unchanged during the call).
    for index in start..<end {
      guard let item = python.listGetItem(numbers, index), let utf8 = python.utf8Bytes(of: item) else {
        return failed()
      }
      texts.append(utf8)
      guard let regionList else {
        textRegions.append(common)
        continue
      }
      let object = python.listGetItem(regionList, index)
      if object != lastRegionObject {
        guard let parsed = regionArgument(object, python) else { return failed() }
        (lastRegionObject, lastRegion) = (object, parsed)
      }
      textRegions.append(lastRegion)
    }
    // Without it: the numbers parsed and formatted.
    let thread = python.saveThread()
    for (offset, (text, textRegion)) in zip(texts, textRegions).enumerated() {
      (answers + offset).initialize(
        to: PythonAnswer(String(decoding: text, as: UTF8.self), region: textRegion))
    }
    python.restoreThread(thread)
    // With it again: the dicts (each answer moved out, not copied).
    for offset in 0..<(end - start) {
      let answer = (answers + offset).move()
      guard let item = python.listGetItem(numbers, start + offset),
        let record = state?.record(answer, input: item)
          ?? (state == nil ? python.record(answer, input: item, strings: strings) : nil)
      else {
        (answers + offset + 1).deinitialize(count: end - start - offset - 1)
        return failed()
      }
      records.append(record)
    }
    start = end
  }
  guard let result = python.listNew(count) else { return failed() }
  for (index, record) in records.enumerated() { _ = python.listSetItem(result, index, record) }
  return result
}
