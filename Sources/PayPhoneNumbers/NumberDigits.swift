/// Up to 20 ASCII digits held in place, with no allocation: a national
/// number (at most 17 digits, leading zeros kept) or an extension (at most
/// 20). Their `String` is made only when asked for, and formatting copies
/// the bytes straight from here.
struct NumberDigits: Hashable, Sendable, BitwiseCopyable {
  /// The most digits a value holds: an extension's limit.
  static let capacity = 20

  /// The digits in memory order, every byte past ``count`` zero (so equal
  /// digits are equal storage).
  private var storage: (UInt64, UInt64, UInt32) = (0, 0, 0)
  /// How many digits there are.
  private var length: UInt8 = 0

  /// How many digits there are.
  var count: Int { Int(length) }

  /// No digits (a number without an extension has these as its extension).
  init() {}

  /// The ASCII digits `digits`, at most ``capacity``.
  init(_ digits: UnsafeBufferPointer<UInt8>) {
    precondition(digits.count <= Self.capacity, "more digits than NumberDigits holds")
    length = UInt8(digits.count)
    withUnsafeMutableBytes(of: &storage) { $0.copyBytes(from: digits) }
  }

  /// The digits of `text`, which holds only ASCII digits, at most
  /// ``capacity``.
  init(_ text: some StringProtocol) {
    var text = String(text)
    self = text.withUTF8 { NumberDigits($0) }
  }

  var isEmpty: Bool { count == 0 }

  /// Lends `body` the digits' bytes.
  func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    withUnsafeBytes(of: storage) { bytes in
      bytes.withMemoryRebound(to: UInt8.self) { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }
  }

  /// The digits as a string.
  var string: String {
    withUTF8 { digits in
      String(unsafeUninitializedCapacity: digits.count) { target in
        _ = target.initialize(from: digits)
        return digits.count
      }
    }
  }

  static func == (left: NumberDigits, right: NumberDigits) -> Bool {
    left.length == right.length && left.storage.0 == right.storage.0 && left.storage.1 == right.storage.1
      && left.storage.2 == right.storage.2
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(length)
    hasher.combine(storage.0)
    hasher.combine(storage.1)
    hasher.combine(storage.2)
  }
}
