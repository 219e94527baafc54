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
  /// reads), folding digits (`DigitFolder`): the number of
  /// scalars, nil when they do not fit. A buffer of one scalar per byte
  /// always holds them.
  static func fold(
    _ bytes: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<Unicode.Scalar>
  ) -> Int? {
    let block = 16
    var index = 0
    var count = 0
    var folder = DigitFolder()
    while index < bytes.count {
      // Most text is ASCII, a byte a scalar and no digit to fold: a block
      // of it is copied whole.
      if index + block <= bytes.count && count + block <= buffer.count {
        let source = UnsafeBufferPointer(rebasing: bytes[index..<index + block])
        var bits: UInt8 = 0
        for byte in source { bits |= byte }
        if bits < 0x80 {
          let target = UnsafeMutableBufferPointer(rebasing: buffer[count..<count + block])
          for offset in 0..<block { target[offset] = Unicode.Scalar(source[offset]) }
          index += block
          count += block
          continue
        }
      }
      // Otherwise the block (or what is left) a scalar at a time.
      let end = min(index + block, bytes.count)
      while index < end {
        guard count < buffer.count else { return nil }
        buffer[count] = decode(bytes, at: &index, folding: &folder)
        count += 1
      }
    }
    return count
  }

  /// The scalar at `index` of `bytes`, its digit folded, and `index`
  /// moved past it.
  @inline(__always)
  private static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int, folding folder: inout DigitFolder
  ) -> Unicode.Scalar {
    let byte = bytes[index]
    guard byte >= 0x80 else {
      index += 1
      return Unicode.Scalar(byte)
    }
    var parser = Unicode.UTF8.ForwardParser()
    var rest = bytes[index...].makeIterator()
    switch parser.parseScalar(from: &rest) {
    case .valid(let encoded):
      index += encoded.count
      return folder.folded(Unicode.UTF8.decode(encoded))
    case .error(let length):
      index += length
      return "\u{FFFD}"
    case .emptyInput:
      preconditionFailure("bytes remain at \(index)")
    }
  }
}
