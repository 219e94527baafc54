// The C functions of include/payphone.h. Every function is safe to call from
// any number of threads at once: the library's tables are immutable once
// loaded, each call works on its own buffers, and a formatter handle guards
// its state with a lock. No Swift type crosses the boundary: pointers,
// sizes, integers and UTF-8 bytes only.
internal import PayPhone
internal import PayPhoneCore
@_spi(PayPhoneInternal) internal import PayPhoneRecords

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: helpers

/// The UTF-8 text at `pointer` (`size` bytes; ill-formed UTF-8 repaired with
/// U+FFFD), or "" for a null pointer.
private func text(_ pointer: UnsafePointer<CChar>?, _ size: Int) -> String? {
  guard size >= 0 else { return nil }
  guard let pointer else { return size == 0 ? "" : nil }
  return pointer.withMemoryRebound(to: UInt8.self, capacity: size) {
    String(decoding: UnsafeBufferPointer(start: $0, count: size), as: UTF8.self)
  }
}

/// A region argument: nil for a null pointer or an empty string.
private func region(_ pointer: UnsafePointer<CChar>?) -> RegionCode? {
  RegionCode.named(pointer.map { String(cString: $0) })
}

/// `count` NUL-terminated strings laid end to end in `size` bytes, read
/// one after the other, without a copy of them all.
private struct PackedStrings {
  private let base: UnsafePointer<UInt8>?
  private let size: Int
  private var offset = 0

  /// Nil when the `size` bytes hold fewer than `count` strings: a count
  /// larger than the size (each string has its NUL) is refused before
  /// anything is read or allocated for it.
  init?(_ pointer: UnsafePointer<CChar>?, _ size: Int, count: Int) {
    guard count >= 0, size >= 0 else { return nil }
    guard let pointer else {
      guard count == 0 else { return nil }
      (base, self.size) = (nil, 0)
      return
    }
    guard count <= size else { return nil }
    let bytes = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
    var found = 0
    var next = 0
    while found < count {
      guard next < size, let nul = memchr(bytes + next, 0, size - next) else { return nil }
      next = UnsafeRawPointer(nul) - UnsafeRawPointer(bytes) + 1
      found += 1
    }
    (base, self.size) = (bytes, size)
  }

  /// The next string; call it at most `count` times.
  mutating func next() -> String {
    guard let base, offset < size, let nul = memchr(base + offset, 0, size - offset) else { return "" }
    let length = UnsafeRawPointer(nul) - UnsafeRawPointer(base + offset)
    let text = String(decoding: UnsafeBufferPointer(start: base + offset, count: length), as: UTF8.self)
    offset += length + 1
    return text
  }
}

/// The one record format (`PAYPHONE_FORMAT_JSON`): a JSON object per record.
private let jsonFormat: Int32 = 0

/// `count` records made by `next`, as JSON objects (a line each in a
/// batch; one record without its line break): the bytes, NUL-terminated,
/// for the caller to free (nil when memory ran out, which also stops the
/// batch: the rest is not worth answering), and the last record's status.
private func records<R: StatusRecord>(
  batch: Bool, count: Int, _ next: () -> R
) -> (bytes: (bytes: UnsafeMutablePointer<UInt8>, count: Int)?, status: Status) {
  var writer = LineWriter()
  var status = Status.ok
  for _ in 0..<count {
    if writer.failed { break }
    let record = next()
    record.write(to: &writer)
    status = record.status
  }
  var bytes = writer.releaseBytes()
  if !batch, let written = bytes, written.count > 0 {
    written.bytes[written.count - 1] = 0
    bytes = (written.bytes, written.count - 1)
  }
  return (bytes, status)
}
// MARK: general

/// `payphone_version`: the library's version.
@_cdecl("payphone_version")
public func payphoneVersion() -> UnsafePointer<CChar> {
  UnsafeRawPointer(PayPhoneVersion.current.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// `payphone_status_code`: the snake_case code of a status.
@_cdecl("payphone_status_code")
public func payphoneStatusCode(_ status: Int32) -> UnsafePointer<CChar> {
  let code = Status(rawValue: status)?.code ?? "unknown_status"
  return UnsafeRawPointer(code.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// `payphone_free`: releases a buffer the library allocated (with `malloc`,
/// see `ByteBuffer`).
@_cdecl("payphone_free")
public func payphoneFree(_ pointer: UnsafeMutableRawPointer?) {
  free(pointer)
}

// MARK: phone

/// Copies `answer`'s bytes and a NUL into the caller's buffer when they
/// fit; `written` gets their count (without the NUL) either way, or 0 when
/// memory ran out.
private func deliver(
  _ answer: (bytes: (bytes: UnsafeMutablePointer<UInt8>, count: Int)?, status: Status),
  _ out: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ written: UnsafeMutablePointer<Int>?
) -> Int32 {
  guard let bytes = answer.bytes else {
    written?.pointee = 0
    return Status.outOfMemory.rawValue
  }
  defer { free(bytes.bytes) }
  written?.pointee = bytes.count
  guard let out, capacity > bytes.count else { return Status.bufferTooSmall.rawValue }
  UnsafeMutableRawPointer(out).copyMemory(from: bytes.bytes, byteCount: bytes.count + 1)
  return answer.status.rawValue
}

/// A single call: one input (a sized string) and an optional NUL-terminated
/// second argument, one record into the caller's buffer.
private func answerOne<R: StatusRecord>(
  _ input: UnsafePointer<CChar>?, _ inputSize: Int, _ extra: UnsafePointer<CChar>?, _ format: Int32,
  _ out: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ written: UnsafeMutablePointer<Int>?,
  _ answer: (String, String?) -> R
) -> Int32 {
  guard format == jsonFormat, let text = text(input, inputSize) else {
    return Status.invalidArgument.rawValue
  }
  let extra = extra.map { String(cString: $0) }
  return deliver(records(batch: false, count: 1) { answer(text, extra) }, out, capacity, written)
}

/// A batch call: `count` packed inputs, each with its packed extra (an
/// empty one, or a null `extras`, meaning none), one record each in order,
/// in one allocation for the caller.
private func answerBatch<R: StatusRecord>(
  _ inputs: UnsafePointer<CChar>?, _ inputsSize: Int, _ extras: UnsafePointer<CChar>?, _ extrasSize: Int,
  _ count: Int, _ format: Int32, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ outSize: UnsafeMutablePointer<Int>?, _ answer: (String, String?) -> R
) -> Int32 {
  guard format == jsonFormat, let out, var texts = PackedStrings(inputs, inputsSize, count: count)
  else { return Status.invalidArgument.rawValue }
  var given: PackedStrings?
  if extras != nil {
    guard let strings = PackedStrings(extras, extrasSize, count: count) else {
      return Status.invalidArgument.rawValue
    }
    given = strings
  }
  let answered = records(batch: true, count: count) {
    let extra = given?.next()
    return answer(texts.next(), extra?.isEmpty == false ? extra : nil)
  }
  guard let bytes = answered.bytes else {
    out.pointee = nil
    outSize?.pointee = 0
    return Status.outOfMemory.rawValue
  }
  out.pointee = UnsafeMutableRawPointer(bytes.bytes).assumingMemoryBound(to: CChar.self)
  outSize?.pointee = bytes.count
  return Status.ok.rawValue
}

/// `payphone_phone`: one number's `phone` record into the caller's buffer.
@_cdecl("payphone_phone")
public func payphonePhone(
  _ number: UnsafePointer<CChar>?, _ numberSize: Int, _ regionCode: UnsafePointer<CChar>?, _ format: Int32,
  _ out: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ written: UnsafeMutablePointer<Int>?
) -> Int32 {
  answerOne(number, numberSize, regionCode, format, out, capacity, written, phone)
}

/// `payphone_phone_batch`: many numbers' records in one allocation.
@_cdecl("payphone_phone_batch")
public func payphonePhoneBatch(
  _ numbers: UnsafePointer<CChar>?, _ numbersSize: Int, _ regions: UnsafePointer<CChar>?, _ regionsSize: Int,
  _ count: Int, _ format: Int32, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ outSize: UnsafeMutablePointer<Int>?
) -> Int32 {
  answerBatch(numbers, numbersSize, regions, regionsSize, count, format, out, outSize, phone)
}

/// A phone record; an empty region is none.
private func phone(_ input: String, _ region: String?) -> PhoneRecord {
  PhoneRecord(input: input, region: .named(region))
}

// MARK: card

/// `payphone_card`: one card number's `card` record into the caller's buffer.
@_cdecl("payphone_card")
public func payphoneCard(
  _ number: UnsafePointer<CChar>?, _ numberSize: Int, _ cvc: UnsafePointer<CChar>?, _ format: Int32,
  _ out: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ written: UnsafeMutablePointer<Int>?
) -> Int32 {
  answerOne(number, numberSize, cvc, format, out, capacity, written, CardRecord.init(input:securityCode:))
}

/// `payphone_card_batch`: many card numbers' records in one allocation.
@_cdecl("payphone_card_batch")
public func payphoneCardBatch(
  _ numbers: UnsafePointer<CChar>?, _ numbersSize: Int, _ cvcs: UnsafePointer<CChar>?, _ cvcsSize: Int,
  _ count: Int, _ format: Int32, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ outSize: UnsafeMutablePointer<Int>?
) -> Int32 {
  answerBatch(
    numbers, numbersSize, cvcs, cvcsSize, count, format, out, outSize, CardRecord.init(input:securityCode:))
}

// MARK: as-you-type

/// `payphone_as_you_type`: every step of typing `keys` in a region.
@_cdecl("payphone_as_you_type")
public func payphoneAsYouType(
  _ regionCode: UnsafePointer<CChar>?, _ keys: UnsafePointer<CChar>?, _ keysSize: Int, _ format: Int32,
  _ out: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ written: UnsafeMutablePointer<Int>?
) -> Int32 {
  guard format == jsonFormat, let region = region(regionCode),
    let input = text(keys, keysSize)
  else { return Status.invalidArgument.rawValue }
  let answer = records(batch: false, count: 1) { AsYouTypeRecord(keys: input, region: region) }
  return deliver(answer, out, capacity, written)
}

/// The state behind a `payphone_formatter *`: one formatter, locked so that
/// the handle may be used from several threads.
private final class FormatterHandle: Sendable {
  let formatter: Locked<AsYouTypeFormatter>

  init(region: RegionCode) {
    formatter = Locked(AsYouTypeFormatter(region: region))
  }

  static func from(_ pointer: OpaquePointer?) -> FormatterHandle? {
    guard let pointer else { return nil }
    return Unmanaged<FormatterHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
  }
}

/// Copies `value` and a NUL into the caller's buffer when it fits.
private func deliver(
  _ value: String, _ out: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ written: UnsafeMutablePointer<Int>?
) -> Int32 {
  let bytes = OutputBytes(capacity: value.utf8.count + 1)
  bytes.append(utf8: value)
  return deliver((bytes.release(), .ok), out, capacity, written)
}

/// `payphone_formatter_new`: a formatter for numbers typed in a region.
@_cdecl("payphone_formatter_new")
public func payphoneFormatterNew(_ regionCode: UnsafePointer<CChar>?) -> OpaquePointer? {
  guard let region = region(regionCode) else { return nil }
  return OpaquePointer(Unmanaged.passRetained(FormatterHandle(region: region)).toOpaque())
}

/// `payphone_formatter_free`: releases a formatter.
@_cdecl("payphone_formatter_free")
public func payphoneFormatterFree(_ handle: OpaquePointer?) {
  guard let handle else { return }
  Unmanaged<FormatterHandle>.fromOpaque(UnsafeRawPointer(handle)).release()
}

/// `payphone_formatter_clear`: forgets everything typed.
@_cdecl("payphone_formatter_clear")
public func payphoneFormatterClear(_ handle: OpaquePointer?) {
  FormatterHandle.from(handle)?.formatter.withLock { $0.clear() }
}

/// `payphone_formatter_input_digit`: types one key (a Unicode scalar) and
/// gives the text to show.
@_cdecl("payphone_formatter_input_digit")
public func payphoneFormatterInputDigit(
  _ handle: OpaquePointer?, _ key: UInt32, _ rememberPosition: Int32,
  _ out: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ written: UnsafeMutablePointer<Int>?
) -> Int32 {
  guard let state = FormatterHandle.from(handle), let scalar = Unicode.Scalar(key) else {
    return Status.invalidArgument.rawValue
  }
  let shown = state.formatter.withLock { $0.input(scalar, rememberingPosition: rememberPosition != 0) }
  return deliver(shown, out, capacity, written)
}

/// `payphone_formatter_text`: the text shown now.
@_cdecl("payphone_formatter_text")
public func payphoneFormatterText(
  _ handle: OpaquePointer?, _ out: UnsafeMutablePointer<CChar>?, _ capacity: Int,
  _ written: UnsafeMutablePointer<Int>?
) -> Int32 {
  guard let state = FormatterHandle.from(handle) else { return Status.invalidArgument.rawValue }
  return deliver(state.formatter.withLock { $0.text }, out, capacity, written)
}

/// `payphone_formatter_remembered_position`: where the remembered key is
/// now, in Unicode scalars; -2 for a null handle.
@_cdecl("payphone_formatter_remembered_position")
public func payphoneFormatterRememberedPosition(_ handle: OpaquePointer?) -> Int32 {
  guard let state = FormatterHandle.from(handle) else { return Status.invalidArgument.rawValue }
  return Int32(clamping: state.formatter.withLock { $0.rememberedScalarPosition })
}

// MARK: find

/// `payphone_find`'s flags.
let findCards: UInt32 = 1
let findRedact: UInt32 = 2

/// The leniency named by a C string; `valid` for a null pointer.
func leniency(_ pointer: UnsafePointer<CChar>?) -> PhoneNumberLeniency? {
  guard let name = pointer.map({ String(cString: $0) }) else { return .valid }
  return PhoneNumberLeniency(rawValue: name)
}

/// `payphone_find`: the phone numbers (and with a flag, card numbers) in a
/// text, as `payphone find --jsonl` finds them.
@_cdecl("payphone_find")
public func payphoneFind(
  _ text: UnsafePointer<CChar>?, _ textSize: Int, _ regionCode: UnsafePointer<CChar>?,
  _ leniencyName: UnsafePointer<CChar>?, _ flags: UInt32, _ format: Int32,
  _ out: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ written: UnsafeMutablePointer<Int>?
) -> Int32 {
  guard let leniency = leniency(leniencyName) else { return Status.invalidArgument.rawValue }
  return answerOne(text, textSize, regionCode, format, out, capacity, written) { text, region in
    FindRecord(
      text: text, region: .named(region), leniency: leniency,
      cards: flags & findCards != 0, redact: flags & findRedact != 0)
  }
}

/// `payphone_find_batch`: many texts' find records in one allocation.
@_cdecl("payphone_find_batch")
public func payphoneFindBatch(
  _ texts: UnsafePointer<CChar>?, _ textsSize: Int, _ regions: UnsafePointer<CChar>?, _ regionsSize: Int,
  _ count: Int, _ leniencyName: UnsafePointer<CChar>?, _ flags: UInt32, _ format: Int32,
  _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ outSize: UnsafeMutablePointer<Int>?
) -> Int32 {
  guard let leniency = leniency(leniencyName) else { return Status.invalidArgument.rawValue }
  return answerBatch(texts, textsSize, regions, regionsSize, count, format, out, outSize) { text, region in
    FindRecord(
      text: text, region: .named(region), leniency: leniency, cards: flags & findCards != 0,
      redact: flags & findRedact != 0)
  }
}
