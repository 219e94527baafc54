internal import PayPhoneText

/// A text's Unicode scalars with every decimal digit (any script) folded
/// to its ASCII digit: one scalar each, so offsets stay those of the text.
/// The one decoding of text for the parser and the finder.
package enum FoldedScalars {
  /// The folded scalars of `text`.
  package static func scalars(of text: String) -> [Unicode.Scalar] {
    var text = text
    return text.withUTF8 { bytes in
      [Unicode.Scalar](unsafeUninitializedCapacity: bytes.count) { buffer, count in
        count = fold(bytes, into: buffer) ?? 0
        assert(count <= bytes.count)
      }
    }
  }

  /// Decodes `bytes` into `buffer` with the standard library's UTF-8
  /// decoder (ill-formed bytes read as U+FFFD, as a `String` made of them
  /// reads), folding digits (`DigitProperties.folded`): the number of
  /// scalars, nil when they do not fit. A buffer of one scalar per byte
  /// always holds them.
  static func fold(
    _ bytes: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<Unicode.Scalar>
  ) -> Int? {
    var index = 0
    var count = 0
    while index < bytes.count {
      guard count < buffer.count else { return nil }
      let byte = bytes[index]
      if byte < 0x80 {
        // ASCII: a byte is a scalar, and no digit to fold.
        buffer[count] = Unicode.Scalar(byte)
        index += 1
      } else {
        var parser = Unicode.UTF8.ForwardParser()
        var rest = bytes[index...].makeIterator()
        switch parser.parseScalar(from: &rest) {
        case .valid(let encoded):
          buffer[count] = DigitProperties.folded(Unicode.UTF8.decode(encoded))
          index += encoded.count
        case .error(let length):
          buffer[count] = "\u{FFFD}"
          index += length
        case .emptyInput:
          preconditionFailure("bytes remain at \(index)")
        }
      }
      count += 1
    }
    return count
  }
}
