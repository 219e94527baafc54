/// The Luhn (mod 10) check used by card numbers.
///
/// From the rightmost digit, double every second digit, subtract 9 from a
/// doubled value above 9, and add everything up: the number passes when the
/// sum ends in 0.
///
///     Luhn.passes("4242424242424242")  // true
///     Luhn.checkDigit(for: "424242424242424")  // 2
public enum Luhn {
  /// Whether ASCII digits pass the Luhn check. False for an empty string or
  /// any character that is not an ASCII digit.
  ///
  /// - Complexity: O(n), one pass.
  public static func passes(_ digits: String) -> Bool {
    var digits = digits
    return digits.withUTF8 { bytes in
      guard !bytes.isEmpty, bytes.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else { return false }
      return passes(asciiDigits: bytes)
    }
  }

  /// The digit that, appended to `payload`, makes it pass; nil for an empty
  /// payload or one with a non-digit.
  public static func checkDigit(for payload: String) -> Int? {
    var payload = payload
    return payload.withUTF8 { bytes -> Int? in
      guard !bytes.isEmpty, bytes.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else { return nil }
      // With a 0 appended, the payload's digits take the positions they
      // will have; the check digit is what brings the sum to a multiple of 10.
      let sum = weightedSum(asciiDigits: bytes, rightmostDoubled: true)
      return (10 - sum % 10) % 10
    }
  }

  /// Luhn over ASCII digits known to be digits.
  @inline(__always)
  static func passes(asciiDigits digits: UnsafeBufferPointer<UInt8>) -> Bool {
    weightedSum(asciiDigits: digits, rightmostDoubled: false) % 10 == 0
  }

  @inline(__always)
  private static func weightedSum(asciiDigits digits: UnsafeBufferPointer<UInt8>, rightmostDoubled: Bool)
    -> Int
  {
    var sum = 0
    var doubled = rightmostDoubled
    var index = digits.count
    while index > 0 {
      index &-= 1
      let digit = Int(digits[index] &- UInt8(ascii: "0"))
      if doubled {
        let twice = digit &* 2
        sum &+= twice > 9 ? twice &- 9 : twice
      } else {
        sum &+= digit
      }
      doubled.toggle()
    }
    return sum
  }
}
