internal import PayPhoneCore
internal import PayPhoneMasks
@_spi(PayPhoneInternal) internal import PayPhoneRecords

// The WebAssembly module's calling convention, shared by every export:
// JavaScript copies each string argument as UTF-8 into memory from
// `pp_alloc` (one block it keeps and reuses) and passes a pointer and a
// byte count; an export writes its answer (JSON, one object per line) into
// the module's one answer buffer and returns 0, or 1 with an error object
// `{"code": ..., "message": ...}`. The answer stays until the next call,
// which writes over it: nothing a call makes outlives the next one, except
// the objects behind handles, which `pp_formatter_free` and `pp_mask_free`
// free. WebAssembly here is single-threaded, so the answer and the handle
// tables are plain globals.

/// The last call's answer, and the buffer the next one writes into.
nonisolated(unsafe) var answer = LineWriter()

/// Memory for JavaScript to write an argument into; freed with `pp_free`.
@_cdecl("pp_alloc")
func allocateArgument(_ byteCount: Int32) -> UnsafeMutableRawPointer {
  UnsafeMutableRawPointer.allocate(byteCount: max(Int(byteCount), 1), alignment: 8)
}

@_cdecl("pp_free")
func freeArgument(_ memory: UnsafeMutableRawPointer?) {
  memory?.deallocate()
}

/// Where the last answer's bytes are: in the writer's own buffer, which
/// stays where it is until the next call writes.
@_cdecl("pp_answer_pointer")
func answerPointer() -> UnsafeRawPointer? { answer.withBytes { UnsafeRawPointer($0.baseAddress) } }

/// How many bytes the last answer has.
@_cdecl("pp_answer_length")
func answerLength() -> Int32 { Int32(answer.byteCount) }

/// A string argument: `count` bytes of UTF-8 at `bytes`.
func text(_ bytes: UnsafePointer<UInt8>?, _ count: Int32) -> String {
  guard let bytes, count > 0 else { return "" }
  return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)
}

/// An edit argument: `text`'s UTF-16 range `start..<end` (either order)
/// replaced by `replacement`; `forward` (not 0) for forward delete.
func textEdit(
  _ textBytes: UnsafePointer<UInt8>?, _ textCount: Int32, _ start: Int32, _ end: Int32,
  _ replacementBytes: UnsafePointer<UInt8>?, _ replacementCount: Int32, _ forward: Int32
) -> TextEdit {
  TextEdit(
    text(textBytes, textCount), replacingUTF16: Int(min(start, end))..<Int(max(start, end)),
    with: text(replacementBytes, replacementCount), direction: forward != 0 ? .forward : .backward)
}

/// Runs one export: clears the last answer, lets `body` write the new one,
/// and hands it out. `body` returns false when what it wrote is an error.
func respond(_ body: (inout LineWriter) -> Bool) -> Int32 {
  answer.removeAll()
  return body(&answer) ? 0 : 1
}

extension LineWriter {
  /// The error object of a refused argument: `{"code": ..., "message": ...}`.
  mutating func error(_ code: String, _ message: String) -> Bool {
    beginObject()
    field("code", code)
    field("message", message)
    endObject()
    return false
  }
}

/// Objects JavaScript holds by handle (a formatter, a mask): slots reused
/// after `remove`.
struct HandleTable<Value> {
  private var slots: [Value?] = []
  private var freeSlots: [Int] = []

  /// A handle for `value`: 1 or more (0 is never a handle).
  mutating func insert(_ value: Value) -> Int32 {
    if let slot = freeSlots.popLast() {
      slots[slot] = value
      return Int32(slot + 1)
    }
    slots.append(value)
    return Int32(slots.count)
  }

  func value(_ handle: Int32) -> Value? {
    let slot = Int(handle) - 1
    guard slot >= 0 && slot < slots.count else { return nil }
    return slots[slot]
  }

  mutating func update(_ handle: Int32, _ value: Value) {
    slots[Int(handle) - 1] = value
  }

  mutating func remove(_ handle: Int32) {
    let slot = Int(handle) - 1
    guard slot >= 0 && slot < slots.count, slots[slot] != nil else { return }
    slots[slot] = nil
    freeSlots.append(slot)
  }
}
