// The Python package's direct path (payphone.h, "Python objects"): phone
// answers built straight into the interpreter's objects — tuples, dicts,
// str, int, True/False/None — through the C API functions the package hands
// over by address (ctypes.pythonapi), so Python decodes nothing. The library
// neither links against libpython nor includes its headers: every function
// and object comes through the table, and only functions of Python's stable
// ABI are used. Called through ctypes.PyDLL, so the caller holds the GIL.
internal import PayPhone
internal import PayPhoneRecords

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

/// The str of the texts of a chunk's rows (`PythonRows.bytes`), made with
/// the GIL held.
struct PythonTexts {
  let python: PythonAPI
  let bytes: UnsafeBufferPointer<UInt8>
  /// Where the interpreter allows: ASCII texts (nearly all) copied into new
  /// str, where `PyUnicode_FromStringAndSize` would decode them first.
  let ascii: PythonASCIIStrings?

  /// A new str of the text at `span`, or a new reference to None for none.
  @inline(__always)
  func string(_ span: PythonSpan) -> PythonAPI.Object? {
    guard span.count >= 0, let base = bytes.baseAddress else {
      return span.count < 0 ? python.retained(python.none) : python.string("")
    }
    let text = UnsafeBufferPointer(start: base + Int(span.start), count: Int(span.count))
    guard span.isASCII, let ascii else { return python.string(text) }
    return ascii.string(text)
  }
}

/// ASCII str made as `PyUnicode_New(count, 127)` and filled in: a compact
/// ASCII str keeps its characters, one byte each, at the same offset from
/// its start (just past its header), which `init` finds the way the C API
/// gives it (`PyUnicode_AsUTF8AndSize` hands out that very buffer for such
/// a str) and checks on two str.
struct PythonASCIIStrings {
  let unicodeNew: PythonFunctionAPI.UnicodeNew
  let offset: Int

  /// Nil when the offset cannot be found (the caller then decodes).
  init?(_ python: PythonAPI, _ unicodeNew: PythonFunctionAPI.UnicodeNew?) {
    guard let unicodeNew else { return nil }
    func offset(count: Int) -> Int? {
      guard let probe = unicodeNew(count, 0x7F) else { return nil }
      defer { python.decRef(probe) }
      var size = 0
      guard let characters = python.utf8(probe, &size), size == count else { return nil }
      let offset = UnsafeRawPointer(characters) - UnsafeRawPointer(probe)
      return (16...256).contains(offset) ? offset : nil
    }
    guard let first = offset(count: 3), offset(count: 24) == first else { return nil }
    self.unicodeNew = unicodeNew
    self.offset = first
  }

  /// A new str of `text` (all ASCII).
  @inline(__always)
  func string(_ text: UnsafeBufferPointer<UInt8>) -> PythonAPI.Object? {
    guard let object = unicodeNew(text.count, 0x7F) else { return nil }
    if let source = text.baseAddress {
      copy(UnsafeRawPointer(source), to: object + offset, count: text.count)
    }
    return object
  }

  /// Copies `count` bytes: up to 16 (nearly every record text) as two
  /// 8-byte or 4-byte moves that may overlap, with no call.
  @inline(__always)
  private func copy(_ source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
    switch count {
    case 8...16:
      let (head, tail) = (
        source.loadUnaligned(as: UInt64.self),
        source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      )
      target.storeBytes(of: head, as: UInt64.self)
      target.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
    case 4..<8:
      let (head, tail) = (
        source.loadUnaligned(as: UInt32.self),
        source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
      )
      target.storeBytes(of: head, as: UInt32.self)
      target.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
    default:
      target.copyMemory(from: source, byteCount: count)
    }
  }
}

/// A number's formats, as the `phone` record has them.
struct PhoneRecordFormats {
  let e164: String
  let international: String
  let national: String
  let rfc3966: String

  init(_ number: PhoneNumber) {
    e164 = number.formatted(.e164)
    international = number.formatted(.international)
    national = number.formatted(.national)
    rfc3966 = number.formatted(.rfc3966)
  }
}

/// A number's answer, worked out without the GIL: the parsed number with
/// its four formats, or the parse error's code and message.
enum PythonAnswer {
  case number(PhoneNumber, PhoneRecordFormats)
  case failure(code: String, status: Int32, message: String)

  init(_ text: String, region: RegionCode?) {
    switch attempt(PhoneNumber.init(_:region:), text, region) {
    case .success(let number):
      self = .number(number, PhoneRecordFormats(number))
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

/// The str objects of recurring values (regions, types, error codes), made
/// once and shared by the records: for one call of the direct path
/// (released by `release`), or for the builtin functions' lifetime.
final class PythonStrings {
  /// One per region index (`PhoneNumber.regionIndex`).
  static let regionCount = PhoneNumber.regionIndexCount
  /// Every type has a slot below this (`typeSlot(of:)`).
  static let typeCount = 12
  private static let errorCount = 16
  /// Country codes are 1 to 999.
  private static let countryCodeCount = 1000
  private static let count = regionCount + typeCount + errorCount + countryCodeCount
  private let cells = UnsafeMutablePointer<PythonAPI.Object?>.allocate(capacity: count)

  init() {
    precondition(PhoneNumberType.allCases.count == Self.typeCount, "a type without a slot")
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

  /// A slot of its own for each type, below `typeCount`.
  static func typeSlot(of type: PhoneNumberType) -> Int {
    switch type {
    case .fixedLine: 0
    case .mobile: 1
    case .fixedLineOrMobile: 2
    case .tollFree: 3
    case .premiumRate: 4
    case .sharedCost: 5
    case .voip: 6
    case .personalNumber: 7
    case .pager: 8
    case .uan: 9
    case .voicemail: 10
    case .unknown: 11
    }
  }

  /// A new reference to the str of the region of `index` (a
  /// `PhoneNumber.regionIndex`; None for nil).
  func region(index: Int?, _ python: PythonAPI) -> PythonAPI.Object? {
    guard let index, index >= 0 && index < Self.regionCount else { return python.retained(python.none) }
    if cells[index] == nil { cells[index] = python.string(PhoneNumber.region(ofIndex: index).rawValue) }
    guard let object = cells[index] else { return nil }
    return python.retained(object)
  }

  func type(_ type: PhoneNumberType, _ python: PythonAPI) -> PythonAPI.Object? {
    shared(Self.regionCount + Self.typeSlot(of: type), type.rawValue, python)
  }

  func error(_ code: String, status: Int32, _ python: PythonAPI) -> PythonAPI.Object? {
    guard status >= 0 && Int(status) < Self.errorCount else { return python.string(code) }
    return shared(Self.regionCount + Self.typeCount + Int(status), code, python)
  }

  /// A new reference to the str of a row's error code.
  func error(_ code: PythonSpan, status: Int32, _ texts: PythonTexts) -> PythonAPI.Object? {
    let slot = Self.regionCount + Self.typeCount + Int(status)
    guard status >= 0 && Int(status) < Self.errorCount else { return texts.string(code) }
    if cells[slot] == nil { cells[slot] = texts.string(code) }
    guard let object = cells[slot] else { return nil }
    return texts.python.retained(object)
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
        string(formats.national), string(formats.rfc3966),
      ])
    case .failure(let code, _, let message):
      return tuple([string(code), string(message)])
    }
  }

  /// The `phone` record dict of `row`, `input` (borrowed) as its input,
  /// every key put in (the ctypes direct path's way; the builtin functions
  /// copy a template instead).
  func record(_ row: PythonRow, input: Object, texts: PythonTexts, strings: PythonStrings) -> Object? {
    guard let dict = dictNew() else { return nil }
    var done = dictSetItem(dict, key(.input), input) == 0
    switch row {
    case .number(let number):
      done =
        done && put(dict, .ok, bool(true)) && put(dict, .e164, texts.string(number.e164))
        && put(dict, .countryCode, strings.countryCode(number.countryCode, self))
        && put(dict, .nationalNumber, texts.string(number.nationalNumber))
        && put(dict, .numberExtension, texts.string(number.numberExtension))
        && put(dict, .region, strings.region(index: number.regionIndex, self))
        && put(dict, .valid, bool(number.isValid))
        && put(dict, .possible, bool(number.isPossible)) && put(dict, .type, strings.type(number.type, self))
        && put(dict, .international, texts.string(number.international))
        && put(dict, .national, texts.string(number.national))
        && put(dict, .rfc3966, texts.string(number.rfc3966))
    case .failure(let status, let code, let message):
      done =
        done && put(dict, .ok, bool(false)) && put(dict, .error, strings.error(code, status: status, texts))
        && put(dict, .message, texts.string(message))
    }
    guard done else {
      decRef(dict)
      return nil
    }
    return dict
  }
}

/// The region a region argument names: nil for None or "", else the code,
/// or `RegionCode.unknown` (a region without metadata, answered as any
/// unsupported code is) for text that is no region code; `.none` when it is
/// not a str (a Python exception is set).
func regionArgument(_ object: PythonAPI.Object?, _ python: PythonAPI) -> RegionCode?? {
  guard let object, object != python.none else { return .some(nil) }
  guard let utf8 = python.utf8Bytes(of: object) else { return nil }
  return utf8.isEmpty ? .some(nil) : RegionCode(utf8: utf8) ?? .unknown
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
/// builtin functions'), the records are copied from its templates, with
/// the cyclic garbage collector paused while they are made.
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
  // the new dicts set off (where the collector is not paused).
  let records = UnsafeMutablePointer<PythonAPI.Object>.allocate(capacity: max(count, 1))
  defer { records.deallocate() }
  var recordCount = 0
  func failed() -> PythonAPI.Object? {
    for index in 0..<recordCount { python.decRef(records[index]) }
    return nil
  }
  let chunkCapacity = max(1, min(count, pythonChunk))
  let inputs = UnsafeMutableBufferPointer<PythonInput>.allocate(capacity: chunkCapacity)
  defer { inputs.deallocate() }
  // The chunk's regions, when each number has its own.
  var inputRegions: [RegionCode?] = []
  inputRegions.reserveCapacity(regionList == nil ? 0 : chunkCapacity)
  var rows = PythonRows(capacity: chunkCapacity)
  defer { rows.deallocate() }
  var start = 0
  while start < count {
    let end = min(count, start + pythonChunk)
    inputRegions.removeAll(keepingCapacity: true)
    // With the GIL: the inputs' UTF-8 (each str keeps its own alive; the
    // caller's list is its own, unchanged during the call).
    for index in start..<end {
      guard let item = python.listGetItem(numbers, index), let utf8 = python.utf8Bytes(of: item) else {
        return failed()
      }
      inputs[index - start] = PythonInput(object: item, utf8: utf8)
      guard let regionList else { continue }
      guard let region = regionArgument(python.listGetItem(regionList, index), python) else {
        return failed()
      }
      inputRegions.append(region)
    }
    let chunk = UnsafeBufferPointer(rebasing: inputs[..<(end - start)])
    // Without it: the numbers parsed and formatted.
    let thread = python.saveThread()
    rows.removeAll()
    if regionList == nil {
      for input in chunk { rows.append(input.utf8, region: common) }
    } else {
      for index in chunk.indices { rows.append(chunk[index].utf8, region: inputRegions[index]) }
    }
    python.restoreThread(thread)
    // With it again: the dicts.
    let paused = state?.more.pauseCollector() ?? false
    let texts = PythonTexts(python: python, bytes: rows.bytes, ascii: state?.ascii)
    let made =
      if let state {
        state.makeRecords(rows.rows, inputs: chunk, texts: texts, into: records + recordCount)
      } else {
        python.makeRecords(
          rows.rows, inputs: chunk, texts: texts, strings: strings, into: records + recordCount)
      }
    recordCount += made
    if paused { state?.more.resumeCollector() }
    guard made == chunk.count else { return failed() }
    start = end
  }
  guard let result = python.listNew(count) else { return failed() }
  for index in 0..<count { _ = python.listSetItem(result, index, records[index]) }
  return result
}

/// One input of a chunk: its str (borrowed) and the str's UTF-8.
struct PythonInput {
  let object: PythonAPI.Object
  let utf8: UnsafeBufferPointer<UInt8>
}

extension PythonAPI {
  /// Makes the record of each of `rows` (`inputs[i]` the input of
  /// `rows[i]`), every key put in, into `records` on: how many were made
  /// (fewer than `rows.count` when one could not be).
  func makeRecords(
    _ rows: UnsafeBufferPointer<PythonRow>, inputs: UnsafeBufferPointer<PythonInput>, texts: PythonTexts,
    strings: PythonStrings, into records: UnsafeMutablePointer<Object>
  ) -> Int {
    for index in rows.indices {
      guard let record = record(rows[index], input: inputs[index].object, texts: texts, strings: strings)
      else { return index }
      records[index] = record
    }
    return rows.count
  }
}
