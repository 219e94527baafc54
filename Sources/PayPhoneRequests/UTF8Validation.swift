@_spi(PayPhoneInternal) internal import PayPhoneCore

/// Checks bytes for well-formed UTF-8 without copying them: eight ASCII
/// bytes at a time, and the standard decoder only from the first byte that
/// is not ASCII.
package enum UTF8Validation {
  package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    var index = 0
    let raw = UnsafeRawPointer(base)
    while index + 8 <= bytes.count, !ASCIIWords.hasNonASCII(ASCIIWords.load(raw, at: index)) { index += 8 }
    while index < bytes.count && bytes[index] < 0x80 { index += 1 }
    guard index < bytes.count else { return true }
    var iterator = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
    var decoder = Unicode.UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }
}
